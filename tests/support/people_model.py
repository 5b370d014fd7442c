"""The pull request the people state machine (tests/integration/test_people_machine.py) drives, as data: the rows
that may block, the people and their permissions, the commands they write, the answers a push makes (as a reader
reads them, how they are written, the judge's roll) and the verdicts, shards and committed files made of them."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

from groundgate import sticky
from groundgate.adjudication import answer_digest
from groundgate.cases import assign, case_weight
from groundgate.memory import Memory
from groundgate.results import Remembered, Results, Shard, Suite, category_stats, ids_digest
from groundgate.rules import Outcome
from tests.support.reports import TRANSITIONS, make_results, make_row

CHECK = "groundgate / verdict"
ROWS = ("r1", "r2")  # the rows that may block (a blocking category)
ELIGIBLE = ("alice", "bob")  # write and admin: they adjudicate
PEOPLE = (*ELIGIBLE, "tina", "rita", "contributor", "helper[bot]")  # triage, read, the author, a bot
ROLES = {
    "alice": "write",
    "bob": "admin",
    "tina": "triage",
    "rita": "read",
    "contributor": "write",
    "helper[bot]": "write",
}
GREEN = ("success", "neutral")
RANK = {"success": 0, "neutral": 1, "failure": 2}
# What a reader cannot see: the same answer with a trailing space, a zero-width space, a word joiner, a Cyrillic а
UNSEEN = (lambda a: a, lambda a: a + " ", lambda a: a.replace(" ", " \u200b"), lambda a: a + "\u2060", lambda a: a.replace("a", "\u0430", 1))  # fmt: skip

Command = tuple[str, tuple[str, ...], str | None]  # verb, rows, the commit it names


@dataclass
class Said:
    """A comment as the model keeps it: its pull request and author, each version (when, its commands), which
    versions a run read while nobody else had edited it, and whether someone else edited it or it was deleted."""

    pr: int
    author: str
    versions: list[tuple[int, list[Command]]] = field(default_factory=list)
    read: set[int] = field(default_factory=set)
    tampered: bool = False
    deleted: bool = False


def line(command: Command, typo: bool = False) -> str:
    verb, rows, pin = command
    reason = "" if verb == "revoke" else (" -- becuase" if typo else " -- because")
    return f"/groundgate {verb}{f' at {pin[:12]}' if pin else ''} {' '.join(rows)}{reason}"


def commit(n: int) -> str:
    """The n-th push's commit: unlike each other from the first character, as real commits are (a command
    names one by its first 12)."""
    return f"{n:02x}" * 20


Roll = str  # what the judge made of a row's answer on one run: "regression", "unstable" (the re-score disagreed), "tie"
Answer = tuple[str, int, Roll]  # the answer as a reader reads it ("A", "B"), how it is written (UNSEEN), the roll
Answers = dict[str, Answer]


def judged(outcome: Outcome) -> dict[str, str]:
    """What a run writes of a re-scored row besides its scores: who re-scored it, and the models that answered."""
    rescored = TRANSITIONS[outcome][4] is not None
    return {"confirmed_by": "same", "after_model": "gpt-4o", "rescore_model": "gpt-4o"} if rescored else {}


ROLLS = {"regression": Outcome.REGRESSION, "unstable": Outcome.UNSTABLE, "tie": Outcome.TIE}


def results_of(answers: Answers, base: dict[str, int], memory: Memory) -> Results:
    """A verdict: each row that may block with its answer (written one of the UNSEEN ways), the base branch's
    baseline answer of its row and the judge's roll, held as the engine holds it (``sticky.holds``), a row to
    read, a tie."""
    rows = []
    for n, (row_id, (variant, written, roll)) in enumerate(answers.items()):
        candidate = UNSEEN[written](f"answer {variant} of {row_id}")
        row = make_row(
            n, ROLLS[roll], id=row_id, candidate=candidate, baseline=f"baseline v{base[row_id]}", **judged(ROLLS[roll])
        )
        digest = answer_digest(row.query, row.context, row.candidate)
        found = sticky.holds(memory, row.query, row.context, row.candidate, row.baseline, row.outcome, row.blocking, digest)  # fmt: skip
        rows.append(row if found is None else replace(row, outcome=Outcome.REGRESSION, held_from=found.head, blocked_as=found.said))  # fmt: skip
    rows.append(make_row(7, Outcome.REVIEW, category="shipping", id="to-read", **judged(Outcome.REVIEW)))
    rows.append(make_row(8, Outcome.TIE, id="same"))
    made = make_results(rows)
    sizes = {c.name: c.cases for c in category_stats(rows)}
    suite = Suite(cases=len(rows), ids_digest=ids_digest(sorted(r.id for r in rows)))
    return made.model_copy(update={"memory": Remembered.of(memory), "category_sizes": sizes, "suite": suite})


def shards_of(whole: Results, count: int = 2) -> list[Results]:
    """The shard results of a run: each shard's rows, as ``--shard K/N`` writes them."""
    parts = []
    weighed = sorted(((r.id, case_weight(r.context or "", r.query)) for r in whole.rows), key=lambda w: (-w[1], w[0]))
    assigned = dict(assign(weighed, count))
    for k in range(1, count + 1):
        rows = [r for r in whole.rows if assigned[r.id] == k]
        counts = {o: sum(1 for r in rows if r.outcome is o) for o in Outcome}
        verdict = "fail" if counts[Outcome.REGRESSION] else "pass"
        parts.append(whole.model_copy(update={"rows": rows, "counts": counts, "verdict": verdict, "shard": Shard(index=k, count=count), "categories": category_stats(rows)}))  # fmt: skip
    return parts


def files_of(answers: Answers) -> dict[str, bytes]:
    """The cases and candidate files as a commit holds them in git, where the workflow commits its candidate: each row
    with the query and context ``results_of`` judges it with, and the answer as it is written."""
    rows = results_of(answers, dict.fromkeys(ROWS, 0), Memory()).rows
    cases = [{"id": r.id, "category": r.category, "query": r.query, "context": r.context} for r in rows]
    answered = [{"id": r.id, "response": r.candidate} for r in rows]
    return {
        "evals/cases.jsonl": "".join(json.dumps(c) + "\n" for c in cases).encode(),
        "c.jsonl": "".join(json.dumps(a) + "\n" for a in answered).encode(),
    }

"""People in the pull request as a sequence of events (hypothesis ``RuleBasedStateMachine``), driven through the
real code paths in-process: the judging run's ``action.present`` and the re-presenting run's
``adjudicate.respond``, with real PyGithub against the fake GitHub derived from GitHub's descriptions.

Events: pushes (answers change, or not; rows regress, or not), reruns of the judging job, re-runs asked for from
the Checks tab, accepts, confirms and revokes by people of every permission level, by the pull request's author
and by a bot, each naming the verdict of the head, of the head before, or none; their own edits; edits by
someone else (the author, a writer) of others' comments and of groundgate's own; deletions.

After each step:
- the check on the head is green (success or neutral) only when every blocking row of the current answers is
  accepted by a writer who is not the author, in an accept that named a verdict whose answer is the current
  one, and that its writer did not revoke since (even if the revoke was deleted), in a comment not deleted
  (``evidence``: a model that is more lenient than the rules, so it can only find the gate too green);
- a judging run's exit code is 1 exactly when its check is red;
- no edit to a comment other than a writer's own command, and no re-run, changes the verdict (its conclusion
  and title).
"""

from __future__ import annotations

import io
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from groundgate import sticky
from groundgate.event import GitHubRun
from groundgate.github import adjudicate
from groundgate.github.action import held, present, where
from groundgate.github.client import client
from groundgate.github.publisher import Publisher
from groundgate.github.workflow import Log
from groundgate.report.context import marker
from groundgate.results import Results
from groundgate.rules import Outcome
from groundgate.settings import Settings
from tests.support.fakes.github import FakeGitHub
from tests.support.reports import make_results, make_row

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

Command = tuple[str, tuple[str, ...], str | None]  # verb, rows, the commit it names


@dataclass
class Said:
    """A comment as the model keeps it: its author, each version (when, its commands), which versions a run
    read while nobody else had edited it, and whether someone else edited it or it was deleted."""

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
Answers = dict[str, tuple[str, Roll]]  # row -> (its answer, the judge's roll)
ROLLS = {"regression": Outcome.REGRESSION, "unstable": Outcome.UNSTABLE, "tie": Outcome.TIE}


def results_of(answers: Answers, held: sticky.Held) -> Results:
    """A verdict: each row that may block with its answer and the judge's roll on it, held as the engine holds
    it (``sticky.holds``: an answer a verdict of the pull request blocked on), a row to read, a tie."""
    rows = []
    for n, (row_id, (variant, roll)) in enumerate(answers.items()):
        row = make_row(n, ROLLS[roll], id=row_id, candidate=f"answer {variant}")
        since = sticky.holds(held, row.id, row.query, row.context, row.candidate, row.outcome, row.blocking)
        rows.append(row if since is None else replace(row, outcome=Outcome.REGRESSION, held_from=since))
    rows.append(make_row(7, Outcome.REVIEW, category="shipping", id="to-read"))
    rows.append(make_row(8, Outcome.TIE, id="same"))
    return make_results(rows)


class People(RuleBasedStateMachine):
    @initialize()
    def start(self) -> None:
        self.gh = FakeGitHub().__enter__()
        self.folder = tempfile.TemporaryDirectory()
        self.gh.permissions.update(ROLES)
        self.publisher = Publisher(client(self.gh.token, self.gh.url, retries=0, pace=(0, 0)), "o/r")
        self.heads: list[tuple[str, Answers]] = []
        self.blocked: set[tuple[str, str]] = set()  # (row, answer) a judging run's verdict blocked on
        self.comments: dict[int, Said] = {}
        self.clock = 0
        self.gh.add_pull(7, commit(1), author="contributor")
        self.push(("A", "regression"), ("A", "regression"))

    def teardown(self) -> None:
        if hasattr(self, "gh"):
            self.gh.__exit__(None, None, None)
            self.folder.cleanup()

    # ---- runs

    def settings(self, run: GitHubRun) -> Settings:
        values: dict[str, Any] = {
            "judge": "figures",
            "check_name": CHECK,
            "github": run,
            "root": Path(self.folder.name),
        }
        if run.event_name == "pull_request":
            values.update(cases="evals/cases.jsonl", baseline="b.jsonl", candidate="c.jsonl")
        return Settings.model_validate(values)

    def judging(self) -> int:
        """A judging run of the head (a push's event, or the same event replayed by a rerun)."""
        head, answers = self.heads[-1]
        before = self.heads[-2][0] if len(self.heads) > 1 else None
        run = GitHubRun(
            repository="o/r", event_name="pull_request", action="synchronize", head_sha=head, pr_number=7,
            pr_author="contributor", before_sha=before, server_url="https://github.example", run_id="1",
        )  # fmt: skip
        self.read_all()
        quiet = Log(io.StringIO())
        found = results_of(answers, held(self.settings(run), self.publisher, where(run, self.publisher, quiet), quiet))
        outcomes = {row.id: row.outcome for row in found.rows}
        for row_id, (variant, roll) in answers.items():  # an answer once blocked on stays blocking; no other is held
            blocked = (row_id, variant) in self.blocked or roll == "regression"
            assert (outcomes[row_id] is Outcome.REGRESSION) == blocked, (row_id, variant, roll, outcomes[row_id])
            if blocked:
                self.blocked.add((row_id, variant))
        code = present(self.settings(run), found, self.publisher, Log(io.StringIO()))
        assert (code == 1) == (self.check()["conclusion"] not in GREEN), code
        return code

    def on_comment(self, cid: int, action: str, before: str | None = None) -> None:
        held = self.gh.comments.get(cid)
        body = held["body"] if held else before
        run = GitHubRun(
            repository="o/r", event_name="issue_comment", action=action, pr_number=7, comment_id=cid,
            comment_author=self.comments[cid].author if cid in self.comments else self.gh.bot,
            comment_body=body, comment_before=before, server_url="https://github.example",
        )  # fmt: skip
        self.read_all()
        assert adjudicate.respond(self.settings(run), self.publisher, Log(io.StringIO())) == 0

    def read_all(self) -> None:
        """What every run reads: each comment nobody but its author edited, as it is now."""
        for said in self.comments.values():
            if not said.deleted and not said.tampered:
                said.read.add(len(said.versions) - 1)

    def check(self) -> dict[str, Any]:
        head = self.heads[-1][0]
        return max((r for r in self.gh.check_runs.values() if r["head_sha"] == head and r["name"] == CHECK), key=lambda r: r["id"])  # fmt: skip

    def verdict(self) -> tuple[str, str]:
        found = self.check()
        return found["conclusion"], found["output"]["title"]

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    # ---- what people and pushes do

    def push(self, first: tuple[str, Roll], second: tuple[str, Roll]) -> None:
        head = commit(len(self.heads) + 1)
        self.heads.append((head, dict(zip(ROWS, (first, second), strict=True))))
        if len(self.heads) > 1:
            self.gh.move_pull(7, head)
        self.tick()
        self.judging()

    @rule(first=st.tuples(st.sampled_from("AB"), st.sampled_from(list(ROLLS))), second=st.tuples(st.sampled_from("AB"), st.sampled_from(list(ROLLS))))  # fmt: skip
    def a_push(self, first: tuple[str, Roll], second: tuple[str, Roll]) -> None:
        self.push(first, second)

    @rule()
    def a_rerun_of_the_judging_job(self) -> None:
        before = self.verdict()
        self.judging()
        assert self.verdict() == before

    @rule(rolls=st.tuples(st.sampled_from(list(ROLLS)), st.sampled_from(list(ROLLS))))
    def a_rerun_that_re_rolls_the_judge(self, rolls: tuple[Roll, Roll]) -> None:
        """The same answers judged again, the judge's dice rolled again (a re-score is always a fresh call, and so is
        a first verdict no cache holds): a row may regress, or turn unstable or tied, without its answer changing."""
        head, answers = self.heads[-1]
        self.heads[-1] = (head, {r: (answers[r][0], roll) for r, roll in zip(ROWS, rolls, strict=True)})
        self.judging()

    @rule()
    def a_rerun_from_the_checks_tab(self) -> None:
        before = self.verdict()
        run = GitHubRun(
            repository="o/r", event_name="check_run", action="rerequested", head_sha=self.heads[-1][0], pr_number=7,
            requested_check=CHECK, server_url="https://github.example",
        )  # fmt: skip
        self.read_all()
        assert adjudicate.respond(self.settings(run), self.publisher, Log(io.StringIO())) == 0
        assert self.verdict() == before

    @rule(
        who=st.sampled_from(PEOPLE),
        verb=st.sampled_from(["accept", "accept", "confirm", "revoke"]),
        rows=st.lists(st.sampled_from(ROWS), min_size=1, max_size=2, unique=True),
        pin=st.sampled_from(["head", "before", "none"]),
    )
    def a_command(self, who: str, verb: str, rows: list[str], pin: str) -> None:
        named = {"head": self.heads[-1][0], "before": self.heads[-2][0] if len(self.heads) > 1 else None}.get(pin)
        command: Command = (verb, tuple(rows), named)
        cid = self.gh.add_comment(7, line(command), who)
        self.comments[cid] = Said(who, [(self.tick(), [command])])
        self.on_comment(cid, "created")

    @rule(who=st.sampled_from(ELIGIBLE), pin=st.sampled_from(["head", "head", "before"]))
    def a_writer_accepts_what_blocks(self, who: str, pin: str) -> None:
        """The command the report offers, pasted (more often than chance would write it)."""
        rows = [r for r, (variant, _) in self.heads[-1][1].items() if (r, variant) in self.blocked] or list(ROWS)
        self.a_command(who, "accept", rows, pin)

    def chosen(self, data: st.DataObject) -> int | None:
        alive = sorted(c for c, s in self.comments.items() if not s.deleted)
        return data.draw(st.sampled_from(alive)) if alive else None

    @rule(data=st.data(), typo=st.booleans(), verb=st.sampled_from(["accept", "confirm", "revoke"]))
    def its_author_edits_a_comment(self, data: st.DataObject, typo: bool, verb: str) -> None:
        cid = self.chosen(data)
        if cid is None:
            return
        said = self.comments[cid]
        _, [(_, rows, pin)] = said.versions[-1]
        command: Command = (verb, rows, pin)
        before = self.gh.comments[cid]["body"]
        self.gh.edit_comment(cid, line(command, typo))
        said.versions.append((self.tick(), [command]))
        self.on_comment(cid, "edited", before)

    @rule(data=st.data(), editor=st.sampled_from(["contributor", "bob"]))
    def someone_else_edits_a_comment(self, data: st.DataObject, editor: str) -> None:
        cid = self.chosen(data)
        if cid is None or self.comments[cid].author == editor:
            return
        before, verdict = self.gh.comments[cid]["body"], self.verdict()
        planted: Command = ("accept", ROWS, self.heads[-1][0])  # everything, for the answers now
        self.gh.edit_comment(cid, line(planted), editor=editor)
        self.comments[cid].tampered = True
        self.on_comment(cid, "edited", before)
        assert self.verdict() == verdict

    @rule()
    def the_author_points_groundgates_comment_at_the_first_verdict(self) -> None:
        mark = marker(CHECK)
        found = [c for c, held in self.gh.comments.items() if held["login"] == self.gh.bot and mark in held["body"]
                 and all(e["editor"] == self.gh.bot for e in held.get("edits", [])[1:])]  # fmt: skip
        if not found:
            return
        verdict = self.verdict()
        body = self.gh.comments[found[0]]["body"]
        self.gh.edit_comment(found[0], body.replace(self.heads[-1][0], self.heads[0][0]), editor="contributor")
        self.judging()
        assert self.verdict() == verdict

    @rule(data=st.data())
    def a_comment_is_deleted(self, data: st.DataObject) -> None:
        cid = self.chosen(data)
        if cid is None:
            return
        before = self.gh.comments[cid]["body"]
        self.gh.delete_comment(cid)
        self.comments[cid].deleted = True
        self.on_comment(cid, "deleted", before)

    # ---- what must hold

    def evidence(self, row: str) -> bool:
        """Whether a writer who is not the author accepted this row's current answer and left it so: the last
        word a run read of theirs on the row is an accept naming a verdict whose answer is the current one, in a
        version of a comment still there (the current one, or any read before someone else edited it)."""
        head_answers = dict(self.heads)
        current = self.heads[-1][1][row][0]
        for who in ELIGIBLE:
            words: list[tuple[int, bool]] = []  # (when, accepts the current answer)
            for said in self.comments.values():
                if said.author != who:
                    continue
                for index in said.read:
                    at, commands = said.versions[index]
                    alive = not said.deleted and (said.tampered or index == len(said.versions) - 1)
                    for verb, rows, pin in commands:
                        if row not in rows:
                            continue
                        if verb == "revoke":
                            words.append((at, False))
                        elif verb == "accept" and pin is not None and alive:
                            words.append((at, head_answers[pin][row][0] == current))
            if words and max(words)[1]:
                return True
        return False

    @invariant()
    def green_only_when_every_blocking_row_is_accepted(self) -> None:
        if not hasattr(self, "gh"):
            return
        conclusion, title = self.verdict()
        blocking = [r for r, (variant, _) in self.heads[-1][1].items() if (r, variant) in self.blocked]
        if conclusion in GREEN:
            missing = [r for r in blocking if not self.evidence(r)]
            assert not missing, (conclusion, title, missing)


TestPeople = People.TestCase
TestPeople.settings = settings(
    max_examples=40,
    stateful_step_count=15,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

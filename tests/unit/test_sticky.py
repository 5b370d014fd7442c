"""Sticky blocks (``groundgate.sticky``): an answer a verdict of the pull request blocked on stays a blocking
regression whatever a later roll of the judge says, and only that answer; the results file and the record keep it."""

from __future__ import annotations

import hashlib
import html
import json
from pathlib import Path
from typing import Any

import pytest

from groundgate import compare, sticky
from groundgate.adjudication import Judged
from groundgate.cases import Case, Inputs, Response
from groundgate.errors import InputError
from groundgate.evidence import Options
from groundgate.judges import Purpose
from groundgate.memory import Blocked, BlockedAs, Memory, reading_key
from groundgate.readback import read_results
from groundgate.record import Record, fit, text
from groundgate.report import render
from groundgate.report.console import render_console
from groundgate.report.context import ReportContext
from groundgate.report.headline import verdict_headline
from groundgate.report.links import Links, run_link
from groundgate.results import Results
from groundgate.rules import Bucket, Outcome
from tests.support.scripted import ScriptedJudge

BLOCKED_AT = "f00dfacef00dfacef00dfacef00dfacef00dface"
CONTEXT = "returns_policy.md: Items can be returned within 30 days of purchase."
INVENTED = "You can return items within 45 days."
# (id, category, baseline, candidate)
ROWS = [
    ("refund", "policy", "Within 30 days.", INVENTED),
    ("refund-2", "policy", "Within 30 days.", "Returns take 30 days."),
    ("shipping", "shipping", "Within 30 days.", INVENTED),
]


def inputs(held: Memory, rows: list[tuple[str, str, str, str]] = ROWS) -> Inputs:
    return Inputs(
        cases=[Case(cid, category, "How long?", CONTEXT, n) for n, (cid, category, _, _) in enumerate(rows, 1)],
        baseline={cid: Response(cid, b, n) for n, (cid, _, b, _) in enumerate(rows, 1)},
        candidate={cid: Response(cid, c, n) for n, (cid, _, _, c) in enumerate(rows, 1)},
        cases_path="cases.jsonl",
        baseline_path="b.jsonl",
        candidate_path="c.jsonl",
        held=held,
    )


def blocked_on(case_id: str, answer: str = INVENTED, baseline: str = "Within 30 days.") -> Memory:
    """What a verdict at BLOCKED_AT blocked on: ``answer`` to the cases' question, against ``baseline``."""
    key = reading_key("How long?", CONTEXT, answer, baseline)
    said = BlockedAs(before=Bucket.GROUNDED, after=Bucket.UNGROUNDED, before_score=5.0, after_score=2.0, rescore_score=2.0, reason="the context says 30 days, not 45")  # fmt: skip
    return Memory(keys={key: Blocked(id=case_id, head=BLOCKED_AT, key=key, said=said)})


def rolled(first: float, rescore: float) -> ScriptedJudge:
    """A judge whose roll on the invented answer is ``first``, then ``rescore``; every other answer 5."""
    return ScriptedJudge(
        lambda r: 5.0 if r.response != INVENTED else rescore if r.purpose is Purpose.RESCORE else first
    )


def run(judge: ScriptedJudge, held: Memory) -> Results:
    return compare.run(inputs(held), judge, Options(frozenset({"policy"})))


def outcomes(results: Results) -> dict[str, tuple[Outcome, str | None]]:
    return {row.id: (row.outcome, row.held_from) for row in results.rows}


@pytest.mark.parametrize(("first", "rescore"), [(2.0, 4.0), (5.0, 5.0), (3.0, 3.0), (4.0, 4.0)])
def test_an_answer_blocked_on_stays_a_blocking_regression_whatever_the_judge_rolls(
    first: float, rescore: float
) -> None:
    results = run(rolled(first, rescore), blocked_on("refund"))
    assert outcomes(results)["refund"] == (Outcome.REGRESSION, BLOCKED_AT)
    assert outcomes(results)["shipping"][1] is None  # not a blocking category: judged as it is
    assert results.exit_code == 1
    [row] = [r for r in results.rows if r.id == "refund"]
    assert row.candidate == INVENTED  # a held row keeps its texts, as every blocking row does
    assert verdict_headline(results).text.startswith("Blocks merge: 1 answer now makes unsupported claims")


def test_without_a_hold_the_same_rolls_do_not_block() -> None:
    """What a rerun could do before: the re-score that disagrees makes the row unstable, a better roll a tie."""
    assert outcomes(run(rolled(2.0, 4.0), Memory()))["refund"] == (Outcome.UNSTABLE, None)
    assert outcomes(run(rolled(5.0, 5.0), Memory()))["refund"] == (Outcome.UNSUPPORTED_FIGURE, None)  # the tripwire's
    assert run(rolled(2.0, 4.0), Memory()).exit_code == run(rolled(5.0, 5.0), Memory()).exit_code == 0


def test_a_changed_answer_another_case_or_a_failed_call_is_not_held() -> None:
    assert outcomes(run(rolled(2.0, 4.0), blocked_on("refund", "You can return items within 60 days.")))["refund"] == (
        Outcome.UNSTABLE,
        None,
    )
    assert outcomes(run(rolled(2.0, 4.0), blocked_on("refund-2")))["refund-2"][1] is None  # not its answer
    failing = ScriptedJudge(lambda r: None if r.response == INVENTED and r.purpose is Purpose.RESCORE else 2.0 if r.response == INVENTED else 5.0)  # fmt: skip
    results = run(failing, blocked_on("refund"))
    assert outcomes(results)["refund"] == (Outcome.ERROR, None)  # a row not judged is never a pass: exit 3
    assert results.exit_code == 3


def test_a_case_renamed_with_the_same_question_context_and_answer_is_still_held() -> None:
    """A hostile review: renaming the blocked case (refund-old to refund) bought a fresh roll, exit 0."""
    results = run(rolled(2.0, 4.0), blocked_on("refund-old"))
    assert outcomes(results)["refund"] == (Outcome.REGRESSION, BLOCKED_AT)
    assert results.exit_code == 1


@pytest.mark.parametrize(
    "edited",
    [
        INVENTED + " ",  # a trailing space
        INVENTED.replace(" ", "\u00a0", 1),  # a no-break space
        INVENTED.replace("You", "Y\u043eu"),  # a Cyrillic о in a word
        INVENTED.replace("items", "ite\u200bms"),  # a zero-width space
    ],
)
def test_an_edit_nobody_can_see_is_still_the_answer_blocked_on(edited: str) -> None:
    """A hostile review: each of these pushes re-rolled the blocked row to a pass."""
    judge = ScriptedJudge(lambda r: 5.0 if r.response != edited else 4.0 if r.purpose is Purpose.RESCORE else 2.0)
    rows = [("refund", "policy", "Within 30 days.", edited)]
    results = compare.run(inputs(blocked_on("refund"), rows), judge, Options(frozenset({"policy"})))
    assert outcomes(results)["refund"] == (Outcome.REGRESSION, BLOCKED_AT)
    assert results.exit_code == 1


def test_a_baseline_the_base_branch_refreshed_releases_the_hold() -> None:
    """A hostile review: after a block, the baseline was refreshed so that the rows' baseline answers are the
    candidate's own; the rows still blocked as "regression ungrounded → ungrounded". The hold belongs to the flip
    it confirmed: against another baseline answer the row is judged as it now stands."""
    judge = ScriptedJudge(lambda r: 2.0 if r.response == INVENTED else 5.0)
    rows = [("refund", "policy", INVENTED, INVENTED)]  # the refreshed baseline: the candidate's own answer
    results = compare.run(inputs(blocked_on("refund"), rows), judge, Options(frozenset({"policy"})))
    assert outcomes(results)["refund"] == (Outcome.STILL_UNGROUNDED, None)
    assert results.exit_code == 0


def test_a_held_row_keeps_the_words_of_the_verdict_that_blocked_on_it() -> None:
    results = run(rolled(5.0, 5.0), blocked_on("refund"))
    [row] = [r for r in results.rows if r.id == "refund"]
    assert row.blocked_as is not None
    assert (row.blocked_as.after_score, row.blocked_as.reason) == (2.0, "the context says 30 days, not 45")
    assert (row.after_score, row.held_from) == (5.0, BLOCKED_AT)  # this run's roll is kept beside it


def test_a_confirmed_regression_is_not_marked_held() -> None:
    assert outcomes(run(rolled(2.0, 2.0), blocked_on("refund")))["refund"] == (Outcome.REGRESSION, None)


def test_the_report_and_the_console_say_why_it_holds(tmp_path: Path) -> None:
    """A hostile review: a held row showed only the new roll ("grounded → grounded · 5 → 5", its reason) under a
    section that said "confirmed by the re-score", the reason it was blocked kept nowhere; the headline and "Decided
    by" were the first run's word for word, the category table counted it by the new roll, the console printed
    "grounded -> ungrounded (5 -> 5, re-score -)", and the commit it was held from was not linked."""
    results = run(rolled(5.0, 5.0), blocked_on("refund"))
    links = Links("https://github.example", "o/r", "e" * 40, "cases.jsonl")
    shown = html.unescape(render(results, "summary", ReportContext(links=links)).replace("\\", ""))
    at = f"[`{BLOCKED_AT[:12]}`](https://github.example/o/r/commit/{BLOCKED_AT})"
    assert shown.startswith(f"## 🚫 groundgate: Blocks merge: 1 answer now makes unsupported claims — policy 1; 1 held from the verdict on {at}")  # fmt: skip
    assert f"and by the verdict on {at} for 1 held row, which this run's roll of the judge does not clear" in shown
    assert "### Held from an earlier verdict (1)" in shown
    assert "### Blocking regressions" not in shown  # nothing confirmed by this run's re-score
    assert f"grounded → ungrounded · 5 → 2, re-score 2; this run 5 → 5 · **held** from {at}" in shown
    assert f"**Why** (the verdict on {at} that blocked on it): the context says 30 days, not 45" in shown
    assert "**This run's roll** (grounded → grounded; it does not clear a held row)" in shown
    assert "| Baseline: grounded, 5 | Candidate: ungrounded, 2 |" in shown
    assert "| policy (blocking) ² | 2 | 1 | 0 | 1 |" in shown  # counted as the flip it was blocked as: worse, blocking
    console = render_console(results, columns=400)
    assert f"HELD [policy] refund: grounded -> ungrounded (5 -> 2, re-score 2 at {BLOCKED_AT[:12]}; this run 5 -> 5): the context says 30 days, not 45" in console  # fmt: skip
    assert f"held: blocked at {BLOCKED_AT[:12]} with this same answer; a rerun's re-score does not clear it" in console
    assert f"1 held from the verdict on {BLOCKED_AT[:12]}" in console.splitlines()[-1]


# --- the results file ------------------------------------------------------------------------------------------


def written(tmp_path: Path, results: Results) -> dict[str, Any]:
    path = tmp_path / "results.json"
    results.write(path)
    found = read_results(path)  # a held row reads back: the audit takes it as the blocking regression it is
    assert [(r.id, r.outcome, r.held_from) for r in found.rows] == [
        (r.id, r.outcome, r.held_from) for r in results.rows
    ]
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def refused(tmp_path: Path, data: dict[str, Any]) -> str:
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InputError) as caught:
        read_results(path)
    return str(caught.value)


def test_a_results_file_keeps_the_hold_and_refuses_one_that_does_not_block(tmp_path: Path) -> None:
    data = written(tmp_path, run(rolled(2.0, 4.0), blocked_on("refund")))
    [refund] = [row for row in data["rows"] if row["id"] == "refund"]
    assert refund["held_from"] == BLOCKED_AT
    refund["outcome"] = "unstable"  # a hold that does not block is not one groundgate makes
    data["counts"]["regression"] -= 1
    data["counts"]["unstable"] += 1
    data["verdict"] = "pass"
    assert "held, but a unstable row" in refused(tmp_path, data)
    refund.update(outcome="regression", held_from="yesterday")
    data["counts"]["regression"] += 1
    data["counts"]["unstable"] -= 1
    data["verdict"] = "fail"
    assert "'yesterday' is not the commit of a verdict" in refused(tmp_path, data)


def test_a_held_rows_check_run_is_a_check_runs_page_or_the_file_is_refused_and_the_report_links_only_that(
    tmp_path: Path,
) -> None:
    """``held_by`` is linked in the report, so a results file (a shard's, say) that puts anything else there is
    refused, and the link is drawn only for a check run's page."""
    data = written(tmp_path, run(rolled(2.0, 4.0), blocked_on("refund")))
    [refund] = [row for row in data["rows"] if row["id"] == "refund"]
    refund["held_by"] = "https://evil.example/x)](javascript:alert(1)"
    assert "is not the check run of a held row" in refused(tmp_path, data)
    assert (
        str(run_link("https://github.example/o/r/runs/41")) == " ([its check run](https://github.example/o/r/runs/41))"
    )
    for bad in ("https://evil.example/x)](javascript:alert(1)", "javascript:alert(1)//runs/1", None):
        assert str(run_link(bad)) == ""


def test_an_unstable_row_without_a_hold_cannot_be_relabelled_a_regression(tmp_path: Path) -> None:
    data = written(tmp_path, run(rolled(2.0, 4.0), Memory()))
    [refund] = [row for row in data["rows"] if row["id"] == "refund"]
    refund["outcome"] = "regression"
    data["counts"]["regression"] += 1
    data["counts"]["unstable"] -= 1
    data["verdict"] = "fail"
    assert "says regression but its buckets, re-score and category make it unstable" in refused(tmp_path, data)


# --- the record: what verdicts blocked on, carried from one to the next -----------------------------------------


def judged(row_id: str, outcome: Outcome, digest: str, held_from: str | None = None) -> Judged:
    return Judged(
        id=row_id, category="policy", outcome=outcome, before=Bucket.GROUNDED, after=Bucket.UNGROUNDED, line=1,
        digest=digest, held_from=held_from,
    )  # fmt: skip


def record(
    head: str, rows: list[Judged], fail_on: Any = "blocking", blocked: list[Blocked] | None = None, memory: Any = 2
) -> Record:
    return Record(
        check="gate", head=head, pr=7, cases_path="cases.jsonl", fail_on=fail_on, cases=len(rows),
        counts={}, rows=rows, blocking=sum(r.outcome is Outcome.REGRESSION for r in rows), blocked=blocked or [],
        memory=memory,
    )  # fmt: skip


def entry(n: int, head: str = "c1", words: bool = False) -> Blocked:
    said = BlockedAs(after_score=2.0, reason=noise(30_000 + n, 300)) if words else None
    return Blocked(id=f"policy-{n:05d}", head=head, key=noise(n, 16), said=said)


def held_keys(kept: Record) -> set[str]:
    return set(sticky.memory_of([kept]).keys)


def test_a_record_from_before_reading_keys_holds_its_own_regressions_by_their_digest() -> None:
    newest = record("c3", [judged("a", Outcome.REGRESSION, "d1", held_from="c1"), judged("b", Outcome.UNSTABLE, "d2")], memory=1)  # fmt: skip
    older = record("c2", [judged("c", Outcome.REGRESSION, "d3")], blocked=[Blocked(id="e", digest="d5", head="c0")], memory=1)  # fmt: skip
    never = record("c4", [judged("d", Outcome.REGRESSION, "d4")], fail_on="never", memory=1)  # nothing blocked there
    found = sticky.memory_of([newest, older, never])
    assert {d: e.head for d, e in found.digests.items()} == {"d1": "c1", "d3": "c2", "d5": "c0"}
    assert found.keys == {}


def test_the_memory_is_the_union_of_every_record_found() -> None:
    """A hostile review: a look-alike record (a check run of groundgate's name from a workflow on the pull
    request's branch, well formed, its SHA-256 recomputed) that blocks on nothing erased what an earlier commit
    blocked on, because the newest record was read alone. Every record adds; none takes away."""
    genuine = record("c1", [], blocked=[entry(1), entry(2)])
    forged = record("c2", [], blocked=[])  # newer, and says nothing was ever blocked on
    assert held_keys(record("x", [], blocked=[])) == set()
    found = sticky.memory_of([forged, genuine])
    assert set(found.keys) == {entry(1).key, entry(2).key}
    assert sticky.memory_of([genuine, forged]).keys == found.keys


def test_a_record_carries_what_earlier_verdicts_blocked_on_but_its_own() -> None:
    earlier = sticky.memory_of([record("c1", [], blocked=[entry(1), entry(2)])])
    own = [entry(2, head="c2"), entry(3, head="c2")]
    assert sticky.carried(earlier, own) == [entry(1)]


def noise(n: int, length: int = 64) -> str:
    """Characters that do not compress (a record is compressed before it is measured)."""
    text_ = "".join(hashlib.sha256(f"{n}-{k}".encode()).hexdigest() for k in range(length // 64 + 1))
    return text_[:length]


def test_a_record_with_two_thousand_blocking_rows_keeps_every_answer_it_blocked_on() -> None:
    """A hostile review: a verdict record with 2,000 blocking rows kept no rows at all and half of the answers
    blocked on (halving, not searching). Every answer now fits in its bare form, the blocking rows as many as fit
    after them (searched), and the words of the verdicts as many as fit after those."""
    rows = [judged(f"policy-{n:05d}", Outcome.REGRESSION, noise(n, 32)) for n in range(2000)]
    blocked = [entry(n, words=True) for n in range(2000)]
    kept = fit(record("c1", rows, blocked=blocked))
    assert len(text(kept)) <= 65_000
    assert held_keys(kept) == {b.key for b in blocked}  # not one answer lost
    assert kept.cut == 0
    assert 0 < len(kept.rows) < 2000  # the rest keep blocking: ``missing``
    assert kept.missing == 2000 - len(kept.rows)
    bigger = fit(record("c1", rows[: len(kept.rows) + 1], blocked=blocked))
    assert len(bigger.rows) == len(kept.rows)  # searched: one more does not fit


def test_a_record_that_cannot_keep_every_answer_keeps_as_many_as_fit_says_how_many_it_cut_and_is_not_whole() -> None:
    blocked = [entry(n) for n in range(2000)]
    kept = fit(record("c1", [], blocked=blocked), limit=20_000)
    assert len(text(kept)) <= 20_000
    found = held_keys(kept)
    assert 0 < len(found) < 2000
    assert found == {b.key for b in blocked[: len(found)]}  # this verdict's own first, then the newest carried
    assert kept.cut == 2000 - len(found)
    one_more = fit(record("c1", [], blocked=blocked[: len(found) + 1]), limit=20_000)
    assert one_more.cut == 1  # searched, not halved
    memory = sticky.memory_of([kept])
    assert memory.lost == (f"the record of the verdict on c1 had no room for {kept.cut:,} of the answers the pull request's verdicts blocked on",)  # fmt: skip


def test_a_record_keeps_the_words_of_the_verdicts_that_blocked_as_room_allows() -> None:
    blocked = [entry(n, words=True) for n in range(400)]
    kept = fit(record("c1", [], blocked=blocked), limit=40_000)
    assert held_keys(kept) == {b.key for b in blocked}
    worded = [b for b in kept.blocked if b.said is not None]
    assert 0 < len(worded) < 400
    assert [b.key for b in worded] == [b.key for b in blocked[: len(worded)]]


def test_a_record_whose_carried_answers_have_long_ids_fits_once_they_are_cut() -> None:
    """A hostile review: the last step measured and returned the carried answers with their ids uncut, so a
    record that fitted only once they were cut went out over the limit."""
    carried = [Blocked(id=noise(n, 600), head=noise(20_000 + n, 40), key=noise(n, 16)) for n in range(80)]
    rows = [judged(f"row-{n}", Outcome.UNSTABLE, noise(n)) for n in range(5)]
    full = record("c2", rows, blocked=carried)
    assert len(text(full)) > 40_000
    kept = fit(full, limit=40_000)
    assert len(text(kept)) <= 40_000
    assert held_keys(kept) == {entry.key for entry in carried}


def test_confirms_and_revokes_go_before_every_answer_and_row_and_accepts_after() -> None:
    from datetime import UTC, datetime

    from groundgate.adjudication import Entry, Verb

    def said(n: int, verb: Verb) -> Entry:
        return Entry(comment=n, key=noise(n, 16), login="alice", verb=verb, row=f"r{n}", at=datetime(2026, 1, 1, tzinfo=UTC), digest=noise(n, 32), reason=noise(50_000 + n, 300))  # fmt: skip

    ledger = [said(n, Verb.REVOKE if n % 3 == 0 else Verb.CONFIRM if n % 3 == 1 else Verb.ACCEPT) for n in range(90)]
    kept = fit(record("c1", [], blocked=[entry(n) for n in range(600)]).model_copy(update={"ledger": ledger}), limit=30_000)  # fmt: skip
    assert {e.comment for e in kept.ledger if e.verb is not Verb.ACCEPT} == {e.comment for e in ledger if e.verb is not Verb.ACCEPT}  # fmt: skip
    assert kept.cut_ledger == 0
    assert len([e for e in kept.ledger if e.verb is Verb.ACCEPT]) < 30  # the accepts gave way: they are re-read


@pytest.mark.timeout(30)
def test_fitting_a_record_ends_even_when_a_single_entry_cannot_fit() -> None:
    rows = [judged(noise(n, 2000), Outcome.REGRESSION, noise(n)) for n in range(60)]
    bare = len(text(record("c2", [])))
    kept = fit(record("c2", rows, blocked=[entry(1)]), limit=bare + 10)  # not even one answer fits beside the record
    assert kept.rows == []
    assert kept.cut == 1
    assert len(text(kept)) <= bare + 10

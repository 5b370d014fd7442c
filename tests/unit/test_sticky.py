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
from groundgate.adjudication import Blocked, Judged, answer_digest
from groundgate.cases import Case, Inputs, Response
from groundgate.errors import InputError
from groundgate.evidence import Options
from groundgate.judges import Purpose
from groundgate.readback import read_results
from groundgate.record import Record, fit, text
from groundgate.report import render
from groundgate.report.console import render_console
from groundgate.report.context import ReportContext
from groundgate.report.headline import verdict_headline
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


def inputs(held: sticky.Held, rows: list[tuple[str, str, str, str]] = ROWS) -> Inputs:
    return Inputs(
        cases=[Case(cid, category, "How long?", CONTEXT, n) for n, (cid, category, _, _) in enumerate(rows, 1)],
        baseline={cid: Response(cid, b, n) for n, (cid, _, b, _) in enumerate(rows, 1)},
        candidate={cid: Response(cid, c, n) for n, (cid, _, _, c) in enumerate(rows, 1)},
        cases_path="cases.jsonl",
        baseline_path="b.jsonl",
        candidate_path="c.jsonl",
        held=held,
    )


def blocked_on(case_id: str, answer: str = INVENTED) -> sticky.Held:
    return {case_id: {answer_digest("How long?", CONTEXT, answer): BLOCKED_AT}}


def rolled(first: float, rescore: float) -> ScriptedJudge:
    """A judge whose roll on the invented answer is ``first``, then ``rescore``; every other answer 5."""
    return ScriptedJudge(
        lambda r: 5.0 if r.response != INVENTED else rescore if r.purpose is Purpose.RESCORE else first
    )


def run(judge: ScriptedJudge, held: sticky.Held) -> Results:
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
    assert outcomes(run(rolled(2.0, 4.0), {}))["refund"] == (Outcome.UNSTABLE, None)
    assert outcomes(run(rolled(5.0, 5.0), {}))["refund"] == (Outcome.UNSUPPORTED_FIGURE, None)  # the tripwire's
    assert run(rolled(2.0, 4.0), {}).exit_code == run(rolled(5.0, 5.0), {}).exit_code == 0


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


def test_a_confirmed_regression_is_not_marked_held() -> None:
    assert outcomes(run(rolled(2.0, 2.0), blocked_on("refund")))["refund"] == (Outcome.REGRESSION, None)


def test_the_report_and_the_console_say_why_it_holds(tmp_path: Path) -> None:
    results = run(rolled(2.0, 4.0), blocked_on("refund"))
    said = f"held: blocked at {BLOCKED_AT[:12]} with this same answer; a rerun's re-score does not clear it"
    shown = html.unescape(render(results, "summary", ReportContext()).replace("\\", "").replace("`", ""))
    assert said in shown
    assert said in render_console(results)


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


def test_an_unstable_row_without_a_hold_cannot_be_relabelled_a_regression(tmp_path: Path) -> None:
    data = written(tmp_path, run(rolled(2.0, 4.0), {}))
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


def record(head: str, rows: list[Judged], fail_on: Any = "blocking", blocked: list[Blocked] | None = None) -> Record:
    return Record(
        check="gate", head=head, pr=7, cases_path="cases.jsonl", fail_on=fail_on, cases=len(rows),
        counts={}, rows=rows, blocking=0, blocked=blocked or [],
    )  # fmt: skip


def test_verdicts_blocked_on_confirmed_regressions_only_and_a_held_row_keeps_its_first_commit() -> None:
    newest = record("c3", [judged("a", Outcome.REGRESSION, "d1", held_from="c1"), judged("b", Outcome.UNSTABLE, "d2")])
    older = record("c2", [judged("c", Outcome.REGRESSION, "d3")], blocked=[Blocked(id="e", digest="d5", head="c0")])
    never = record("c4", [judged("d", Outcome.REGRESSION, "d4")], fail_on="never")  # nothing blocked there
    assert sticky.held_of([newest, older, never]) == {"a": {"d1": "c1"}, "c": {"d3": "c2"}, "e": {"d5": "c0"}}


def test_a_record_carries_what_earlier_verdicts_blocked_on_but_its_own_rows() -> None:
    earlier = record("c2", [judged("a", Outcome.REGRESSION, "d1")], blocked=[Blocked(id="a", digest="d0", head="c1")])
    rows = [judged("a", Outcome.REGRESSION, "d1", held_from="c2")]
    assert sticky.carried([earlier], rows) == [Blocked(id="a", digest="d0", head="c1")]  # the answer a push changed


def noise(n: int, length: int = 64) -> str:
    """Characters that do not compress (a record is compressed before it is measured)."""
    text_ = "".join(hashlib.sha256(f"{n}-{k}".encode()).hexdigest() for k in range(length // 64 + 1))
    return text_[:length]


def test_a_record_too_large_keeps_every_answer_a_rerun_holds_before_its_full_rows() -> None:
    """A hostile review: new blocking rows with long ids crowded the answers earlier verdicts blocked on out of
    the record, so that the next rerun judged them afresh. What a rerun holds an answer by (id, digest, commit)
    now goes before any full row, a cut regression row keeps that compact form, and long ids are cut."""
    rows = [judged(noise(n, 2000), Outcome.REGRESSION, noise(n)) for n in range(60)]
    carried = [Blocked(id=f"old-{n}", digest=noise(10_000 + n), head=noise(20_000 + n, 40)) for n in range(100)]
    kept = fit(record("c2", rows, blocked=carried), limit=40_000)
    assert len(text(kept)) <= 40_000
    assert len(kept.rows) < len(rows)  # the full rows did not all fit: the rest keep blocking (``missing``)
    assert kept.rows == rows[: len(kept.rows)]
    held = {digest for by in sticky.held_of([kept]).values() for digest in by}
    assert held == {row.digest for row in rows} | {entry.digest for entry in carried}  # not one answer lost
    assert sticky.held_of([kept])["old-7"] == {carried[7].digest: carried[7].head}


def test_a_record_that_cannot_carry_every_answer_keeps_the_newest_and_this_verdicts_own() -> None:
    rows = [judged(f"row-{n}", Outcome.REGRESSION, noise(n)) for n in range(40)]
    carried = [Blocked(id=f"old-{n}", digest=noise(10_000 + n), head=noise(20_000 + n, 40)) for n in range(5000)]
    kept = fit(record("c2", rows, blocked=carried), limit=40_000)
    assert len(text(kept)) <= 40_000
    held = {digest for by in sticky.held_of([kept]).values() for digest in by}
    assert {row.digest for row in rows} <= held  # this verdict's own blocking answers, in compact form
    assert 0 < len(held & {entry.digest for entry in carried}) < len(carried)
    assert carried[-1].digest in held  # the newest kept
    assert carried[0].digest not in held


def test_a_record_whose_carried_answers_have_long_ids_fits_once_they_are_cut() -> None:
    """A hostile review: the last step measured and returned the carried answers with their ids uncut, so a
    record that fitted only once they were cut went out over the limit, GitHub refused it, and the next rerun
    held nothing."""
    carried = [Blocked(id=noise(n, 600), digest=noise(10_000 + n), head=noise(20_000 + n, 40)) for n in range(80)]
    rows = [judged(f"row-{n}", Outcome.UNSTABLE, noise(n)) for n in range(5)]
    full = record("c2", rows, blocked=carried)
    assert len(text(full)) > 40_000
    kept = fit(full, limit=40_000)
    assert len(text(kept)) <= 40_000
    held = {digest for by in sticky.held_of([kept]).values() for digest in by}
    assert held == {entry.digest for entry in carried}


@pytest.mark.timeout(30)
def test_fitting_a_record_ends_even_when_a_single_entry_cannot_fit() -> None:
    """Halving a list of one kept the one (``held[1 // 2:]``): a record whose blocking rows alone passed the
    limit looped forever, and the gate hung until the job's timeout."""
    rows = [judged(noise(n, 2000), Outcome.REGRESSION, noise(n)) for n in range(60)]
    lone = [Blocked(id="old", digest=noise(1), head=noise(2, 40))]
    bare = len(text(record("c2", [])))
    kept = fit(record("c2", rows, blocked=lone), limit=bare + 10)  # not even one answer fits beside the record
    assert kept.rows == []
    assert kept.blocked == []
    assert len(text(kept)) <= bare + 10

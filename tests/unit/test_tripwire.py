"""The tripwire beside a lazy judge (one that scores every answer 5): invented figures are rows to read, and
block with ``tripwire: block``; reformatted figures are not; the baseline's own unsupported figures are
backlog. And a results file cannot hide or invent the tripwire's rows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from groundgate import compare
from groundgate.cases import Case, Inputs, Response
from groundgate.errors import InputError, UsageError
from groundgate.evidence import Options
from groundgate.judges import JudgeRequest, Purpose
from groundgate.merge import merge
from groundgate.readback import read_results
from groundgate.report import render
from groundgate.report.console import render_console
from groundgate.report.headline import verdict_headline
from groundgate.results import Results
from groundgate.rules import Outcome, counts_line, gate_exit
from tests.support.scripted import ScriptedJudge

POLICY = "returns_policy.md: Items can be returned within 30 days of purchase. Refunds take 5 business days."
PRICING = "pricing.md: The Premium plan costs $1,200 a year. Students get 10% off."
SHIPPING = "shipping.md: Standard shipping takes 3-5 business days."

# (id, category, context, baseline, candidate)
ROWS = [
    ("invented", "policy", POLICY, "You can return items within 30 days.", "You can return items within 45 days."),
    ("reformatted", "policy", POLICY, "You have 30 days; refunds take 5 business days.", "You have thirty days; refunds take five business days."),
    ("priced", "pricing", PRICING, "Premium is $1,200 a year.", "Premium is 1200 dollars a year, and students get 15% off."),
    ("backlog", "pricing", PRICING, "Premium is $1,500 a year.", "Premium costs $1,500 a year."),
    ("shipping", "shipping", SHIPPING, "It takes 3-5 business days.", "It takes 2 business days."),
]  # fmt: skip


def inputs(rows: list[tuple[str, str, str, str, str]] = ROWS) -> Inputs:
    cases = [Case(cid, category, "q?", context, n) for n, (cid, category, context, _, _) in enumerate(rows, start=1)]
    return Inputs(
        cases=cases,
        baseline={cid: Response(cid, b, n) for n, (cid, _, _, b, _) in enumerate(rows, start=1)},
        candidate={cid: Response(cid, c, n) for n, (cid, _, _, _, c) in enumerate(rows, start=1)},
        cases_path="cases.jsonl",
        baseline_path="b.jsonl",
        candidate_path="c.jsonl",
    )


def lazy() -> ScriptedJudge:
    return ScriptedJudge(lambda request: 5.0)


def run(tripwire: str = "warn", rows: list[tuple[str, str, str, str, str]] = ROWS, **options: Any) -> Results:
    return compare.run(
        inputs(rows),
        lazy(),
        Options(frozenset({"policy", "pricing"}), tripwire=tripwire, **options),  # type: ignore[arg-type]
    )


def outcomes(results: Results) -> dict[str, Outcome]:
    return {row.id: row.outcome for row in results.rows}


def test_a_lazy_judge_misses_invented_figures_and_the_tripwire_lists_them() -> None:
    results = run()
    assert outcomes(results) == {
        "invented": Outcome.UNSUPPORTED_FIGURE,
        "reformatted": Outcome.TIE,  # thirty days, five business days: the same figures
        "priced": Outcome.UNSUPPORTED_FIGURE,  # 1200 dollars is the context's; 15% is not
        "backlog": Outcome.TIE,  # $1,500 was the baseline's own unsupported figure
        "shipping": Outcome.UNSUPPORTED_FIGURE,
    }
    rows = {row.id: row for row in results.rows}
    assert [(f.figure, f.nearest) for f in rows["invented"].new_figures or []] == [
        ("45 days", ["30 days", "5 business days"])
    ]
    assert [f.figure for f in rows["priced"].new_figures or []] == ["15%"]
    assert rows["backlog"].new_figures is None
    assert rows["invented"].context == POLICY  # a row to read keeps its texts
    assert results.verdict == "pass"  # warn: never blocks
    assert results.exit_code == 0
    assert results.counts[Outcome.UNSUPPORTED_FIGURE] == 3
    assert results.tripwire == "warn"
    assert "3 unsupported figures" in counts_line(len(results.rows), results.counts)
    assert verdict_headline(results).text == "Does not block merge: 3 rows to read before shipping"


def test_tripwire_block_fails_the_check_in_blocking_categories_only() -> None:
    results = run("block")
    assert outcomes(results)["invented"] is Outcome.BLOCKING_FIGURE
    assert outcomes(results)["priced"] is Outcome.BLOCKING_FIGURE
    assert outcomes(results)["shipping"] is Outcome.UNSUPPORTED_FIGURE  # not a blocking category
    assert results.verdict == "fail"
    assert results.exit_code == 1
    assert gate_exit(results.verdict, results.counts, "never") == 0
    headline = verdict_headline(results)
    assert headline.text.startswith("Blocks merge: 2 answers newly state figures their context never states")
    assert headline.conclusion == "failure"
    assert "fluency gets no vote" in (results.fluency.reason or "")
    console = render_console(results)
    assert console.rstrip().splitlines()[-1].startswith("Verdict: Blocks merge: 2 answers newly state figures")


def test_rows_the_judge_flagged_keep_its_outcome_and_carry_the_figures() -> None:
    judge = ScriptedJudge(lambda request: 2.0 if "45" in request.response else 5.0)
    results = compare.run(inputs(ROWS[:1]), judge, Options(frozenset({"policy"}), tripwire="block"))
    [row] = results.rows
    assert row.outcome is Outcome.REGRESSION
    assert [f.figure for f in row.new_figures or []] == ["45 days"]
    assert results.counts[Outcome.BLOCKING_FIGURE] == 0


def test_the_tripwire_needs_no_judge_call() -> None:
    judge = lazy()
    compare.run(inputs(), judge, Options(frozenset({"policy"})))
    assert {purpose for purpose in Purpose if judge.asked(purpose)} <= {Purpose.GROUNDEDNESS, Purpose.FLUENCY}


def test_shards_decided_under_another_tripwire_are_not_merged(tmp_path: Path) -> None:
    parts = [
        compare.run(inputs(), lazy(), Options(frozenset({"policy"}), shard=(k, 2), tripwire=mode))  # type: ignore[arg-type]
        for k, mode in ((1, "warn"), (2, "block"))
    ]
    with pytest.raises(UsageError, match="these results come from different runs"):
        merge(parts)


# --- a results file cannot hide or invent the tripwire's rows -----------------------------------


def written(tmp_path: Path, results: Results) -> dict[str, Any]:
    path = tmp_path / "results.json"
    results.write(path)
    data: dict[str, Any] = json.loads(path.read_text())
    assert read_results(path).counts == results.counts  # the file as written reads back
    return data


def refused(tmp_path: Path, data: dict[str, Any]) -> str:
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InputError) as caught:
        read_results(path)
    return str(caught.value)


def row_of(data: dict[str, Any], case_id: str) -> dict[str, Any]:
    return next(row for row in data["rows"] if row["id"] == case_id)


def recount(data: dict[str, Any], old: str, new: str) -> None:
    data["counts"][old] -= 1
    data["counts"][new] += 1


def test_a_tripwire_row_relabelled_tie_is_refused(tmp_path: Path) -> None:
    data = written(tmp_path, run("block"))
    row_of(data, "invented")["outcome"] = "tie"
    recount(data, "blocking_figure", "tie")
    data["verdict"] = "pass"
    assert "says tie but its buckets and new figures make it a blocking category's tripwire row" in refused(
        tmp_path, data
    )


def test_new_figures_dropped_from_a_row_that_keeps_its_texts_are_refused(tmp_path: Path) -> None:
    data = written(tmp_path, run("block"))
    del row_of(data, "invented")["new_figures"]
    assert "its texts give ['45 days'] as the figures the candidate newly states, not []" in refused(tmp_path, data)


def test_a_blocking_tripwire_row_in_a_warn_file_is_refused(tmp_path: Path) -> None:
    data = written(tmp_path, run("block"))
    data["tripwire"] = "warn"
    assert "a tripwire row that blocks, but the file's tripwire is 'warn'" in refused(tmp_path, data)


def test_a_warn_files_rows_cannot_be_read_as_a_block_files(tmp_path: Path) -> None:
    data = written(tmp_path, run("warn"))
    data["tripwire"] = "block"
    assert "a tripwire row in a blocking category that does not block, but the file's tripwire blocks" in refused(
        tmp_path, data
    )


def test_invented_new_figures_without_texts_are_refused(tmp_path: Path) -> None:
    data = written(tmp_path, run())
    row = row_of(data, "reformatted")
    assert "context" not in row  # a tie keeps no texts
    row["new_figures"] = [{"figure": "30 days", "nearest": []}]
    assert "new figures, but without the texts they were found in" in refused(tmp_path, data)


def test_the_report_has_the_tripwire_rows_with_the_figure_and_the_contexts_nearest(tmp_path: Path) -> None:
    report = render(run())
    assert "### Unsupported figures (3)" in report
    assert "the judge may have missed" in report
    assert "45 days" in report
    assert "30 days" in report


def test_the_request_key_of_a_claims_call_is_not_a_groundedness_key() -> None:
    judge = lazy()
    case = Case("r", "policy", "q?", POLICY, 1)
    keys = {judge.key(JudgeRequest(case, "answer", purpose)) for purpose in (Purpose.GROUNDEDNESS, Purpose.CLAIMS)}
    assert len(keys) == 2


def test_a_new_figures_unit_or_sentence_edited_in_a_results_file_is_refused(tmp_path: Path) -> None:
    """The finding now says the figure with its unit and the context's sentence (issue 38): the audit derives
    those again too, so a file cannot say '30 days' was compared where the tripwire found 45 days new."""
    data = written(tmp_path, run("block"))
    [found] = row_of(data, "invented")["new_figures"]
    assert (found["said"], found["sentence"]) == ("within 45 days", "returns_policy.md: Items can be returned within 30 days of purchase.")  # fmt: skip
    found["said"] = "30 days"
    assert "as what its new figures say and were compared with" in refused(tmp_path, data)


def test_the_console_and_the_comment_say_the_figure_with_its_unit_and_the_contexts_sentence() -> None:
    results = run()
    console = " ".join(render_console(results).split())
    assert "FIGURE [policy] invented: newly states within 45 days; the context states 30 days, 5 business days: “returns_policy.md" in console  # fmt: skip
    assert (
        "FIGURE [pricing] priced: newly states 15%; the context states 10%, $1,200: “Students get 10% off.”" in console
    )
    assert "newly states **within 45 days**; the context states 30 days, 5 business days" in render(results)


def test_a_figure_written_otherwise_is_said_with_its_unit_and_as_written() -> None:
    rows = [("fr", "policy", "Vous disposez de 30 jours.", "Vous avez 30 jours.", "Vous avez quarante-cinq jours.")]
    assert (
        render(run(rows=rows)).count(
            "newly states **45 days** \\(“quarante\\-cinq jours”\\); the context states 30 jours"
        )
        == 1
    )
    assert "newly states 45 days (“quarante-cinq jours”); the context states 30 jours" in render_console(run(rows=rows))

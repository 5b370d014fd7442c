"""The pull request that adopts the gate adds its whole suite: the report says so in one line instead of
listing every case id as added and every baseline response as changed."""

from __future__ import annotations

import json
from pathlib import Path

from groundgate.cases import Inputs, load_inputs
from groundgate.report import render
from groundgate.report.console import render_console
from groundgate.report.context import ReportContext
from groundgate.report.links import Links
from groundgate.results import Results
from groundgate.rules import Outcome
from groundgate.yardstick import read_base, yardstick
from tests.support.big_run import big_run
from tests.support.report_checks import parse, text_of
from tests.support.reports import make_results, make_row

LINKS = Links("https://github.com", "o/r", "b" * 40, "evals/cases.jsonl")
LINE = "The suite is new in this pull request: its own cases and baseline decided."
SIZE = 420


def suite(folder: Path, ids: list[str]) -> Inputs:
    """A suite's three files as the adopting pull request adds them."""
    records = {
        "cases": [{"id": cid, "category": "policy", "query": f"{cid}?", "context": f"about {cid}"} for cid in ids],
        "baseline": [{"id": cid, "response": f"the answer to {cid}"} for cid in ids],
        "candidate": [{"id": cid, "response": f"the answer to {cid}"} for cid in ids],
    }
    for name, rows in records.items():
        (folder / f"{name}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return load_inputs(folder / "cases.jsonl", folder / "baseline.jsonl", folder / "candidate.jsonl", "query")


def adopted(folder: Path, results: Results) -> Results:
    """``results`` with the yardstick the action finds when neither file exists at the base commit."""
    inputs = suite(folder, [row.id for row in results.rows])
    return results.model_copy(update={"yardstick": yardstick("base" * 10, read_base(None, None, "query"), inputs)})


def plain(markdown: str) -> str:
    return " ".join(text_of(parse(markdown)).split())


def test_a_new_suite_of_420_cases_is_one_line_not_every_id_twice(tmp_path: Path) -> None:
    rows = [make_row(n, Outcome.TIE) for n in range(SIZE - 3)] + [
        make_row(n, Outcome.MOVED) for n in range(SIZE - 3, SIZE)
    ]
    results = adopted(tmp_path, make_results(rows))
    assert results.yardstick is not None
    assert len(results.yardstick.added) == SIZE  # the results file still lists them, for machines
    for target in ("comment", "check", "summary"):
        text = render(results, target, ReportContext(links=LINKS))
        assert LINE in plain(text), target
        assert "Cases added" not in text
        assert "Baseline responses changed" not in text
        assert "case-00000" not in text, target  # no id listed: a pass with nothing to read names no row
        assert len(text.encode()) < 3_000, (target, len(text.encode()))
    console = render_console(results, colour=False, where="the report", columns=100)
    assert LINE in " ".join(console.split())
    assert "cases added" not in console


def test_a_new_suite_marks_no_row_and_costs_a_line_in_a_full_comment(tmp_path: Path) -> None:
    """At 420 cases with every outcome, the comment of a new suite is the comment of the same run without a
    yardstick, plus the one line; no row says 'case added in this PR'."""
    results = big_run(SIZE)
    new = adopted(tmp_path, results)
    for target in ("comment", "summary"):
        text, without = (render(r, target, ReportContext(links=LINKS)) for r in (new, results))
        assert LINE in plain(text)
        assert "case added in this PR" not in text
        assert len(text.encode()) - len(without.encode()) < 250, target
    console = render_console(new, colour=False, where="the report", columns=100)
    assert "case added in this PR" not in console


def test_only_a_cases_file_missing_at_the_base_is_a_new_suite(tmp_path: Path) -> None:
    """An invalid base file, or a baseline file new beside an existing cases file, keeps the id lists."""
    inputs = suite(tmp_path, ["a", "b"])
    cases = (tmp_path / "cases.jsonl").read_bytes()
    baseline = (tmp_path / "baseline.jsonl").read_bytes()
    assert yardstick("base", read_base(None, baseline, "query"), inputs).new_suite
    assert not yardstick("base", read_base(b"{not json\n", baseline, "query"), inputs).new_suite
    assert not yardstick("base", read_base(cases, None, "query"), inputs).new_suite
    results = make_results([make_row(0, Outcome.TIE, id="a"), make_row(1, Outcome.TIE, id="b")])
    invalid = yardstick("base", read_base(b"{not json\n", baseline, "query"), inputs)
    text = render(results.model_copy(update={"yardstick": invalid}), "comment", ReportContext(links=LINKS))
    assert LINE not in plain(text)
    assert "Cases added" in text

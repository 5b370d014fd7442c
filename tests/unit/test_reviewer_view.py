"""Issue 37, the reviewer's view (round three), read the way a reviewer reads it: the report rendered as
GFM (markdown-it with GitHub's tables), its visible text and its links, the console and the check run."""

from __future__ import annotations

import re
from functools import cache

from groundgate.report import render
from groundgate.report.context import ReportContext
from groundgate.results import Results
from tests.support.big_run import big_run
from tests.support.report_checks import table_cells

WHERE = "[the job summary](https://github.example/o/r/actions/runs/42) and the results file (.groundgate/results.json)"


@cache
def run(cases: int) -> Results:
    return big_run(cases)


def test_every_cut_of_a_table_cell_says_how_much_it_left_out() -> None:
    text = render(run(420), "comment", ReportContext(full_report=WHERE))
    whys = table_cells(text, "Why")
    assert len(whys) >= 20  # the one-line blocking table, and the other sections' lines
    cut = [cell for cell in whys + table_cells(text, "Candidate's answer") if "…" in cell]
    assert cut, "the 420-case comment cuts some reasons"
    for cell in cut:
        assert re.search(r"… \(\+[\d,]+ characters\)$", cell), cell

"""What a reviewer gets from the report, measured on generated runs (``tests/support/big_run.py``):

    python -m bench.report            # the 420-case run at each size, a 12-case pass, the console

For each size: the bytes, the blocking regressions named (of all), the rows of each section a person
must read that are shown, the share of the comment spent repeating a judge's reason within its row,
and the seconds it took to render; for a 12-case pass, the characters outside collapsed blocks; for
the console at 120x40, how many of its last 40 lines are blocking rows. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import re
import time

from groundgate.report import LIMITS, Target, render
from groundgate.report.console import render_console
from groundgate.report.context import ReportContext
from groundgate.report.escape import block
from groundgate.results import Results
from groundgate.rules import Outcome
from tests.support.big_run import big_run
from tests.support.report_checks import outside_details, sections
from tests.support.reports import make_results, make_row

WHERE = "[the job summary](https://github.com/o/r/actions/runs/42) and the results file (.groundgate/results.json)"
ATTENTION = (Outcome.REGRESSION, Outcome.REVIEW, Outcome.UNSTABLE, Outcome.NEW_NON_ANSWER, Outcome.ERROR)


def repeated(text: str, results: Results) -> int:
    """Characters spent on a judge's reason shown again within its own row (a unit: from its heading
    line to the next), as written in the markdown."""
    rows = {row.id: row for row in results.rows if row.outcome in ATTENTION}
    spent = 0
    units = re.split(r"\n(?=\*\*\[?[^\n]*?\]?\*\* · )", text)
    for unit in units:
        match = re.match(r"\*\*\[?(.+?)(?:\]\(|\*\*)", unit)
        row = rows.get(match.group(1).replace("\\", "")) if match else None
        if row is None:
            continue
        for reason in {r for r in (row.before_reason, row.after_reason, row.rescore_reason) if r}:
            shown = str(block(reason))
            spent += max(0, unit.count(shown) - 1) * len(shown)
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=420)
    args = parser.parse_args()
    results = big_run(args.cases)
    blocking = [row.id for row in results.rows if row.outcome is Outcome.REGRESSION]
    print(f"{args.cases} cases, {len(blocking)} blocking regressions")
    print("| size | bytes | blocking named | rows to read shown | reason repeated | render s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    sizes: tuple[Target, ...] = ("comment", "check", "summary")
    for target in sizes:
        started = time.perf_counter()
        text = render(results, target, ReportContext(full_report=WHERE))
        took = time.perf_counter() - started
        shown = sections(text)
        named = sum(
            1
            for cid in blocking
            if re.search(rf"(?<![\w-]){re.escape(cid.replace('-', chr(92) + '-'))}(?![\w-])", text)
        )
        to_read = sum(s.shown for title, s in shown.items() if title in _TITLES)
        total = sum(results.counts[o] for o in ATTENTION)
        share = repeated(text, results) / len(text)
        print(f"| {target} ({LIMITS[target]:,}) | {len(text.encode()):,} | {named} of {len(blocking)} | {to_read} of {total} | {share:.1%} | {took:.2f} |")  # fmt: skip

    passing = make_results([make_row(n, Outcome.TIE, ("policy", "shipping", "account")[n % 3]) for n in range(12)])
    text = render(passing, "comment", ReportContext(full_report=WHERE))
    print(f"a 12-case pass: {len(text):,} characters, {len(outside_details(text)):,} outside collapsed blocks")

    console = render_console(results, where="the job summary and .groundgate/report.md", columns=120).splitlines()
    last = console[-40:]
    rows = sum(1 for line in last if line.startswith("  REGRESSION "))
    print(f"console at 120x40: {len(console)} lines; the last screen holds the verdict and {rows} blocking rows")


_TITLES = (
    "Blocking regressions",
    "Would block, but the category is too small",
    "Could not judge",
    "Regressions to review",
    "Unstable",
    "New non-answers",
)

if __name__ == "__main__":
    main()

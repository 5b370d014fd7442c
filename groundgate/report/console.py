"""The terminal report: the reference script's lines, from a results object."""

from __future__ import annotations

from groundgate.report.render import environment
from groundgate.results import Results
from groundgate.rules import Outcome


def headline(results: Results) -> str:
    counts = results.counts
    if results.verdict == "fail":
        return f"FAIL: {counts[Outcome.REGRESSION]} confirmed regression(s) in blocking categories"
    if results.verdict == "error":
        return f"ERROR: {counts[Outcome.ERROR]} row(s) could not be judged; the gate cannot pass"
    return "PASS: no confirmed regression in a blocking category"


def render_console(results: Results) -> str:
    return environment().get_template("console.txt.j2").render(results=results, headline=headline(results))

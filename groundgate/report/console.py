"""The terminal report: the reference script's lines, from a results object."""

from __future__ import annotations

from groundgate.report.escape import log_safe
from groundgate.report.render import environment
from groundgate.results import Results
from groundgate.rules import console_headline


def render_console(results: Results) -> str:
    headline = console_headline(results.verdict, results.counts)
    return log_safe(environment().get_template("console.txt.j2").render(results=results, headline=headline))

"""Where a report goes: the links to the cases file, the run and commit it reflects, and the hidden marker
that finds its comment again."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from markupsafe import Markup

from groundgate.report.links import Links
from groundgate.report.people import People
from groundgate.rules import (
    FailOn,
)


@dataclass(frozen=True)
class ReportContext:
    check_name: str = "groundgate"
    links: Links | None = None
    full_report: str = "the results file (`--results`)"  # where a reader finds what was left out
    fail_on: FailOn = "blocking"  # the headline says what the job's exit code does to the merge
    commit: str | None = None  # the commit the report reflects (a PR's head), shown with its link
    commit_url: str | None = None
    run_url: str | None = None  # the workflow run that made the report
    run_id: str | None = None
    people: People | None = None  # what people said about the verdict (pull requests)

    def provenance(self) -> Markup:
        """One line naming the commit this report reflects and the run that made it: a comment that
        outlived its commit says so itself. Empty outside a workflow."""
        parts = []
        if self.commit and re.fullmatch(r"[0-9a-fA-F]{7,64}", self.commit):
            short = f"`{self.commit[:12]}`"
            parts.append(
                f"Reflects commit [{short}]({self.commit_url})" if self.commit_url else f"Reflects commit {short}"
            )
        if self.run_url and self.run_id and self.run_id.isdigit():
            parts.append(f"made by [workflow run {self.run_id}]({self.run_url})")
        return Markup(", ".join(parts) + "." if parts else "")  # noqa: S704 - a hex sha, digits and our own URLs


MARKER_PREFIX = "<!-- groundgate-report"
_PLAIN_NAME = re.compile(r"[A-Za-z0-9 .:/-]{1,100}")  # names earlier markers held exactly, with no '_'


def marker(check_name: str) -> str:
    """The hidden marker that identifies this report's comment; user text can never contain '<!--'.

    One marker per exact check name, so two steps never share a comment: a name of plain characters
    is written as itself (the marker earlier versions wrote for it, so their comments are found again;
    none of those names could be written as another one), any other name shortened to plain characters
    plus a hash of its exact text ('gate (a)' and 'gate [a]' both read 'gate _a_', and differ)."""
    if _PLAIN_NAME.fullmatch(check_name):
        return f'{MARKER_PREFIX} check="{check_name}" -->'
    safe = re.sub(r"[^A-Za-z0-9 .:/-]", "_", check_name)[:100]
    digest = hashlib.sha256(check_name.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f'{MARKER_PREFIX} check="{safe}" sha256="{digest}" -->'

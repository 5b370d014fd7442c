"""Where case ids link to: a line of the cases file at a commit."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote


@dataclass(frozen=True)
class Links:
    """Where case ids link to: the cases file at the commit under test."""

    server_url: str
    repository: str
    sha: str
    cases_path: str  # relative to the repository root

    def case(self, line: int, sha: str | None = None) -> str:
        """A line of the cases file at the commit under test, or at ``sha`` (a pull request's base)."""
        path = quote(self.cases_path.lstrip("/"))
        at = quote(sha or self.sha)
        return f"{self.server_url.rstrip('/')}/{quote(self.repository)}/blob/{at}/{path}#L{line}"

    def commit(self, sha: str) -> str | None:
        """A commit's page, for a hex SHA only (a results file is data: anything else is not linked)."""
        if not re.fullmatch(r"[0-9a-f]{7,64}", sha):
            return None
        return f"{self.server_url.rstrip('/')}/{quote(self.repository)}/commit/{sha}"


_NOT_IN_SLUG = re.compile(r"[^\w\- ]", re.UNICODE)


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading of rendered markdown: lower case, punctuation dropped (letters, digits,
    '-' and '_' kept), each space a '-'. How an index links to the report's own sections."""
    return _NOT_IN_SLUG.sub("", heading.strip().lower()).replace(" ", "-")

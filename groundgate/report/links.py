"""Where case ids link to: a line of the cases file at a commit."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import quote

from markupsafe import Markup

from groundgate.results import RUN_URL


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


def commit_link(commit: str, links: Links | None) -> Markup:
    """A commit as the report names it (its first 12 characters, in code), linked to its page when there are links;
    anything not a hex SHA is not ours to name (a results file is data)."""
    if not re.fullmatch(r"[0-9a-f]{7,64}", commit):
        return Markup("`?`")
    url = links.commit(commit) if links is not None else None
    return Markup(f"[`{commit[:12]}`]({url})" if url else f"`{commit[:12]}`")  # noqa: S704 - a hex SHA and our URL


def run_link(url: str | None) -> Markup:
    """`` (its check run)``, linked, for a held row whose record's check run is known; nothing for anything that is not
    a check run's page as GitHub names it (a results file is data)."""
    if url is None or not RUN_URL.fullmatch(url):
        return Markup("")
    return Markup(f" ([its check run]({url}))")  # noqa: S704 - a URL of RUN_URL's characters only


def commits_linked(text: Markup, commits: Iterable[str], links: Links | None) -> Markup:
    """Escaped text in which each of these commits, named by its first 12 characters, is linked to its page."""
    found = str(text)
    for commit in dict.fromkeys(commits):
        if re.fullmatch(r"[0-9a-f]{12,64}", commit):
            # escape.inline puts what reads as a SHA in a code span (GitHub would link it to a commit of its own choice)
            named = rf"(?<![0-9a-f\[])`?{commit[:12]}`?(?![0-9a-f])"
            found = re.sub(named, str(commit_link(commit, links)).replace("\\", "\\\\"), found)
    return Markup(found)  # noqa: S704 - escaped text, hex SHAs and our URLs


_NOT_IN_SLUG = re.compile(r"[^\w\- ]", re.UNICODE)


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading of rendered markdown: lower case, punctuation dropped (letters, digits,
    '-' and '_' kept), each space a '-'. How an index links to the report's own sections."""
    return _NOT_IN_SLUG.sub("", heading.strip().lower()).replace(" ", "-")

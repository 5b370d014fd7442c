"""The verdicts groundgate kept on the repository's recent pull requests, through GraphQL a page at a time: what
people adjudicated there (their ledgers), for the judge's measured precision and ``groundgate labels``."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from groundgate.github.publisher import Publisher, when

# The verdicts groundgate kept on the repository's pull requests, newest first: the last commits of each, and
# on each its newest check run of this name. GitHub's cost: about (prs x (2 + 10 x commits)) / 100 points. A
# commit's check suites (one per app, and one per workflow run) are read 10 at a time: a commit with more whose
# first 10 hold no check run of this name has the rest read through SUITES_QUERY, a page of 100 a point.
VERDICTS_QUERY = """
query($owner: String!, $name: String!, $check: String!, $prs: Int!, $commits: Int!, $after: String) {
  rateLimit { cost remaining resetAt }
  repository(owner: $owner, name: $name) {
    pullRequests(first: $prs, after: $after, orderBy: {field: UPDATED_AT, direction: DESC}) {
      nodes {
        number updatedAt
        commits(last: $commits) {
          nodes { commit { oid checkSuites(first: 10) {
            pageInfo { hasNextPage endCursor }
            nodes {
              checkRuns(first: 1, filterBy: {checkName: $check, checkType: LATEST}) { nodes { name text completedAt } }
            }
          } } }
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
}
"""
SUITES_QUERY = """
query($owner: String!, $name: String!, $oid: GitObjectID!, $check: String!, $after: String) {
  rateLimit { cost remaining resetAt }
  repository(owner: $owner, name: $name) {
    object(oid: $oid) { ... on Commit { checkSuites(first: 100, after: $after) {
      pageInfo { hasNextPage endCursor }
      nodes { checkRuns(first: 1, filterBy: {checkName: $check, checkType: LATEST}) { nodes { name text completedAt } } }
    } } }
  }
}
"""


@dataclass(frozen=True)
class KeptRun:
    """The newest check run of a name on one of a pull request's last commits (from ``verdicts``)."""

    pr: int
    commit: str
    text: str | None
    completed: datetime | None
    updated: datetime | None = None  # when the pull request was last updated (a comment updates it)


def verdicts(
    publisher: Publisher,
    check_name: str,
    prs: int,
    commits: int = 1,
    *,
    all_pages: bool = False,
    since: datetime | None = None,
) -> Iterator[KeptRun]:
    """The newest check run of ``check_name`` on the last ``commits`` commits of the ``prs`` pull requests
    updated last (every pull request with ``all_pages``, newest first, down to those updated ``since``),
    through GraphQL, a page at a time. Rate-limit aware: when GitHub's GraphQL points run low it waits for
    the reset within this run's waiting budget, and otherwise stops with a GitHubRefused saying when the
    points come back."""
    owner, name = publisher.repository.split("/", 1)
    after: str | None = None
    while True:
        variables = {"owner": owner, "name": name, "check": check_name, "prs": prs, "commits": commits, "after": after}  # fmt: skip
        found = publisher.graphql(VERDICTS_QUERY, variables, "read the verdicts kept on the pull requests", "check")
        page = (found.get("repository") or {}).get("pullRequests") or {}
        older = False
        for pull in page.get("nodes") or []:
            updated = when((pull or {}).get("updatedAt"))
            if since is not None and updated is not None and updated < since:
                older = True  # pull requests come newest first: the rest are older still
                break
            for node in reversed(((pull or {}).get("commits") or {}).get("nodes") or []):
                commit = (node or {}).get("commit") or {}
                runs = _runs_of(publisher, commit.get("checkSuites") or {}, check_name, str(commit.get("oid")))
                for run in sorted(runs, key=lambda r: r.get("completedAt") or "", reverse=True):
                    completed = when(run.get("completedAt"))
                    yield KeptRun(int(pull["number"]), str(commit.get("oid")), run.get("text"), completed, updated)
        info = page.get("pageInfo") or {}
        if older or not all_pages or not info.get("hasNextPage") or not info.get("endCursor"):
            return
        after = info["endCursor"]
        publisher.wait_for(found.get("rateLimit") or {})


def _runs_of(publisher: Publisher, suites: dict[str, Any], check_name: str, oid: str) -> list[dict[str, Any]]:
    """The check runs of this name in a commit's check suites, reading on past the first page when it
    holds none (a commit with many check suites: other apps', one per workflow run)."""
    owner, name = publisher.repository.split("/", 1)
    while True:
        runs = [
            run
            for suite in suites.get("nodes") or []
            for run in ((suite or {}).get("checkRuns") or {}).get("nodes") or []
            if run and run.get("name") == check_name
        ]
        info = suites.get("pageInfo") or {}
        if runs or not info.get("hasNextPage") or not info.get("endCursor"):
            return runs
        variables = {"owner": owner, "name": name, "oid": oid, "check": check_name, "after": info["endCursor"]}
        found = publisher.graphql(SUITES_QUERY, variables, f"read the check suites of {oid[:12]}", "check")
        publisher.wait_for(found.get("rateLimit") or {})
        suites = (((found.get("repository") or {}).get("object") or {}).get("checkSuites")) or {}

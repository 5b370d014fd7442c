"""Publishing to GitHub with PyGithub: the PR comment, the check run and its annotations.

The action only ever edits its own comment: one found by the report's hidden marker and
written by the token's own identity, which GraphQL's ``viewerDidAuthor`` tells for every kind of
token (``GET /user`` is refused for the workflow token and for GitHub App installation tokens, and an
App's comments are not ``github-actions[bot]``'s). A rerun updates the commit's check run of the same
name instead of adding another. Anything GitHub refuses is raised as GitHubRefused with the fix, so
the caller can log it once and still let the gate's verdict decide the exit code.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from github import Auth, Github, GithubException, GithubRetry
from github.CheckRun import CheckRun
from github.PullRequest import PullRequest
from github.Repository import Repository
from requests import RequestException
from urllib3.exceptions import HTTPError

from groundgate.errors import GitHubRefused, one_line
from groundgate.report.render import plain, score
from groundgate.results import Results, rows_with
from groundgate.rules import Conclusion, Outcome

ANNOTATIONS_PER_REQUEST = 50
TITLE_LIMIT = 255
MESSAGE_LIMIT = 60_000  # bytes; GitHub's limit is 64 KB
COMMENTS_QUERY = """
query($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      comments(first: 100, after: $after) {
        nodes { databaseId viewerDidAuthor body }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
}
"""
LEVELS: dict[Outcome, str] = {
    Outcome.REGRESSION: "failure",
    Outcome.REVIEW: "warning",
    Outcome.UNSTABLE: "warning",
    Outcome.ERROR: "warning",
    Outcome.NEW_NON_ANSWER: "notice",
}
PERMISSION_FIX = (
    "give the job 'permissions: pull-requests: write, checks: write'; pull requests from forks get a "
    "read-only token, so post from a separate workflow_run workflow (see the README)"
)


MAX_WAIT = 60.0  # seconds a run may spend waiting on GitHub in all: rate limits, Retry-After, backoff


class WaitBudget:
    """Seconds left to wait on GitHub in this run, shared by every retry of every request."""

    def __init__(self, seconds: float = MAX_WAIT) -> None:
        self.seconds = seconds
        self.left = seconds
        self._lock = threading.Lock()

    def spend(self, wait: float) -> bool:
        with self._lock:
            if wait > self.left:
                return False
            self.left -= wait
            return True


class WaitTooLong(Exception):
    """GitHub asked for a wait the run's budget cannot pay: give up on GitHub, keep the verdict."""


class BoundedRetry(GithubRetry):
    """PyGithub's retry (5xx, secondary rate limits, Retry-After), with every wait drawn from one budget:
    a primary rate limit that resets in an hour must not keep a required check asleep for the hour."""

    def __init__(self, *, budget: WaitBudget | None = None, **kwargs: Any) -> None:
        self.budget = budget or WaitBudget()
        kwargs.setdefault("max_rate_limit_wait", self.budget.seconds)
        super().__init__(**kwargs)

    def new(self, **kwargs: Any) -> BoundedRetry:
        kwargs.setdefault("budget", self.budget)
        return super().new(**kwargs)

    def sleep(self, response: Any = None) -> None:
        wait = self.get_retry_after(response) if response is not None and self.respect_retry_after_header else None
        wait = self.get_backoff_time() if wait is None else wait
        if not self.budget.spend(wait):
            raise WaitTooLong(
                f"GitHub asked to wait {wait:g} s, more than the {self.budget.seconds:g} s a run waits on it"
            )
        super().sleep(response)


def client(
    token: str, base_url: str, *, timeout: int = 30, retries: int = 5, seconds_between_writes: float = 1.0
) -> Github:
    """A PyGithub client that retries 5xx and rate limits (GET, POST and PATCH) within one time budget."""
    retry = BoundedRetry(
        total=retries,
        backoff_factor=0.5,
        secondary_rate_wait=60,
        allowed_methods={"GET", "POST", "PATCH", "HEAD", "OPTIONS"},
    )
    return Github(
        auth=Auth.Token(token),
        base_url=base_url.rstrip("/"),
        timeout=timeout,
        retry=retry,
        per_page=100,
        seconds_between_writes=seconds_between_writes,
        lazy=True,  # no request until a value is needed: the workflow token may not read the repository
    )


@contextmanager
def _talking(action: str) -> Iterator[None]:
    """Whatever goes wrong while talking to GitHub becomes one GitHubRefused with the fix: refused,
    unreachable, 5xx past the retries, or a wait longer than the budget. Never a traceback, never exit 1."""
    try:
        yield
    except GitHubRefused:
        raise
    except GithubException as exc:
        raise _refused(action, exc) from None
    except (RequestException, HTTPError, WaitTooLong) as exc:
        raise GitHubRefused(
            f"GitHub could not be reached to {action} ({type(exc).__name__}: {one_line(str(exc))})"
        ) from None


@dataclass(frozen=True)
class Annotation:
    path: str
    line: int
    level: str
    title: str
    message: str

    def as_dict(self) -> dict[str, str | int]:
        return {
            "path": self.path,
            "start_line": self.line,
            "end_line": self.line,
            "annotation_level": self.level,
            "title": self.title,
            "message": self.message,
        }


ANNOTATION_WORDS = {
    Outcome.REGRESSION: "blocking regression",
    Outcome.REVIEW: "regression to review",
    Outcome.UNSTABLE: "unstable",
    Outcome.NEW_NON_ANSWER: "new non-answer",
    Outcome.ERROR: "not judged",
}


def cut_bytes(text: str, limit: int) -> str:
    """Text cut to ``limit`` UTF-8 bytes (GitHub counts bytes), never inside a character."""
    data = text.encode("utf-8")
    if len(data) <= limit:
        return text
    return data[: max(0, limit - len("…".encode()))].decode("utf-8", errors="ignore").rstrip() + "…"


def annotations_for(results: Results, cases_path: str) -> list[Annotation]:
    """One annotation per row a reviewer must read, on its line of the cases file (plain text), in
    the report's words and numbers (`5 → 2`)."""
    found = []
    for row in rows_with(results.rows, LEVELS):  # only the rows a reviewer must read
        level = LEVELS[row.outcome]
        title = cut_bytes(
            plain(f"groundgate {ANNOTATION_WORDS[row.outcome]}: {row.id} [{row.category}]", 10_000), TITLE_LIMIT
        )
        if row.outcome is Outcome.ERROR:
            message = f"Could not judge: {row.error}"
        else:
            scores = f"{score(row.before_score)} → {score(row.after_score)}" + (
                f", re-score {score(row.rescore_score)}" if row.rescore_score is not None else ""
            )
            moved = f"{_word(row.before)} → {_word(row.after)}"
            message = f"{moved} ({scores}). Judge: {row.rescore_reason or row.after_reason or ''}"
        found.append(
            Annotation(cases_path, row.line, level, title, cut_bytes(plain(message, MESSAGE_LIMIT), MESSAGE_LIMIT))
        )
    return found


def _word(bucket: str | None) -> str:
    return "not judged" if bucket is None else bucket.replace("_", "-")


def _refused(action: str, exc: GithubException) -> GitHubRefused:
    message = exc.data.get("message") if isinstance(exc.data, dict) else None
    text = f"GitHub refused to {action} (HTTP {exc.status}: {message or exc})"
    if exc.status in (401, 403, 404):
        text += f"; {PERMISSION_FIX}"
    elif exc.status == 422:
        text += "; the request was too large or invalid"
    return GitHubRefused(text)


@dataclass(frozen=True)
class Pull:
    """A pull request as it is now: its number, its current head (commit, repository, branch), whether it is open."""

    number: int
    head_sha: str
    open: bool
    head_repo: str | None = None  # "owner/name"; None when the head's fork was deleted
    head_ref: str | None = None


class Publisher:
    def __init__(self, github: Github, repository: str) -> None:
        self._github = github
        self._repository = repository
        self._repo: Repository = github.get_repo(repository)

    # ---- the pull requests a workflow_run run may publish for

    def pulls_of_run(self, head_sha: str, listed: Sequence[int] = (), head_label: str | None = None) -> list[Pull]:
        """Every pull request into this repository that may be the one a workflow_run run judged: those
        its payload listed, those GitHub lists for the commit, and the open ones whose head is
        "owner:branch" (a fork's PR is in neither of the first two). Which one it is, the caller decides."""
        with _talking(f"find the pull request of commit {head_sha[:12]}"):
            return self._pulls_of_run(head_sha, listed, head_label)

    def _pulls_of_run(self, head_sha: str, listed: Sequence[int], head_label: str | None) -> list[Pull]:
        found: dict[int, Pull | None] = {}  # None: not a pull request into this repository
        try:
            for number in listed:
                try:
                    found[number] = self._ours(self._repo.get_pull(number))  # the client is lazy: read it here
                except GithubException as exc:
                    if exc.status != 404:  # a payload may list another repository's PR: not ours
                        raise
            more = list(self._repo.get_commit(head_sha).get_pulls())
            if head_label:
                more += self._repo.get_pulls(state="open", head=head_label)
            for pull in more:
                if pull.number not in found:
                    found[pull.number] = self._ours(pull)
        except GithubException as exc:
            raise _refused(f"find the pull request of commit {head_sha[:12]}", exc) from None
        return [pull for pull in found.values() if pull is not None]

    def _ours(self, p: PullRequest) -> Pull | None:
        if (p.base.repo.full_name or "").casefold() != self._repository.casefold():
            return None
        return Pull(p.number, p.head.sha, p.state == "open", p.head.repo.full_name if p.head.repo else None, p.head.ref)

    # ---- the comment

    def _own_comments(self, number: int) -> Iterator[tuple[int, str]]:
        """(id, body) of every comment on the PR that this token's identity wrote, whatever the token."""
        owner, name = self._repository.split("/", 1)
        after: str | None = None
        while True:
            variables: dict[str, Any] = {"owner": owner, "name": name, "number": number, "after": after}
            _, data = self._github.requester.graphql_query(COMMENTS_QUERY, variables)
            comments = ((data.get("data") or {}).get("repository") or {}).get("pullRequest") or {}
            page = comments.get("comments") or {}
            for node in page.get("nodes") or []:
                if node and node.get("viewerDidAuthor") is True and isinstance(node.get("databaseId"), int):
                    yield node["databaseId"], node.get("body") or ""
            info = page.get("pageInfo") or {}
            if not info.get("hasNextPage") or not info.get("endCursor"):
                return
            after = info["endCursor"]

    def file_at(self, path: str, ref: str) -> bytes | None:
        """A file of the repository as it is at ``ref``; None when it does not exist there."""
        with _talking(f"read {path} at {ref[:12]}"):
            return self._file_at(path, ref)

    def _file_at(self, path: str, ref: str) -> bytes | None:
        try:
            content = self._repo.get_contents(path, ref=ref)
        except GithubException as exc:
            if exc.status == 404:
                return None
            raise _refused(f"read {path} at {ref[:12]}", exc) from None
        if isinstance(content, list):  # a folder of that name
            return None
        return content.decoded_content

    def upsert_comment(self, number: int, body: str, marker: str) -> tuple[str, str]:
        """Update this check's own comment in place, or create it; returns (created|updated, url)."""
        with _talking(f"write the comment on #{number}"):
            return self._upsert_comment(number, body, marker)

    def _upsert_comment(self, number: int, body: str, marker: str) -> tuple[str, str]:
        issue = self._repo.get_issue(number)
        try:
            for comment_id, text in self._own_comments(number):
                if marker not in text:
                    continue
                try:
                    comment = issue.get_comment(comment_id)
                    comment.edit(body)
                    return "updated", comment.html_url
                except GithubException as exc:
                    if exc.status != 404:  # deleted between listing and editing: create a new one
                        raise
            created = issue.create_comment(body)
            return "created", created.html_url
        except GithubException as exc:
            raise _refused(f"write the comment on #{number}", exc) from None

    # ---- the check run

    def _existing_check(self, name: str, head_sha: str) -> CheckRun | None:
        """The newest check run of this name on the commit (a rerun's predecessor), if any."""
        try:
            runs = [r for r in self._repo.get_commit(head_sha).get_check_runs(check_name=name) if r.name == name]
        except GithubException as exc:
            if exc.status in (403, 404):
                return None  # cannot list: create a new one, as before
            raise _refused("list the commit's check runs", exc) from None
        return max(runs, key=lambda r: r.id) if runs else None

    def publish_check(
        self,
        *,
        name: str,
        head_sha: str,
        conclusion: Conclusion,
        title: str,
        summary: str,
        annotations: Sequence[Annotation],
    ) -> int:
        """Complete the commit's check run of this name (a rerun updates it) or create one; annotations
        go 50 a request. GitHub appends annotations on update, so only ones not already there are sent."""
        with _talking("publish the check run"):
            return self._publish_check(name, head_sha, conclusion, title, summary, annotations)

    def _publish_check(
        self,
        name: str,
        head_sha: str,
        conclusion: Conclusion,
        title: str,
        summary: str,
        annotations: Sequence[Annotation],
    ) -> int:
        existing = self._existing_check(name, head_sha)
        if existing is not None:
            try:
                there = {
                    (a.path, a.start_line, a.annotation_level, a.title, a.message) for a in existing.get_annotations()
                }
            except GithubException:
                there = set()
            annotations = [a for a in annotations if (a.path, a.line, a.level, a.title, a.message) not in there]
        batches = [
            [a.as_dict() for a in annotations[i : i + ANNOTATIONS_PER_REQUEST]]
            for i in range(0, len(annotations), ANNOTATIONS_PER_REQUEST)
        ] or [[]]
        output: dict[str, object] = {"title": title[:TITLE_LIMIT], "summary": summary, "annotations": batches[0]}
        run: CheckRun | None = None
        if existing is not None:
            try:
                existing.edit(status="completed", conclusion=conclusion, output=output)
                run = existing
            except GithubException as exc:
                if exc.status not in (403, 404):  # another app's, or gone: create our own below
                    raise _refused("update the check run", exc) from None
        if run is None:
            try:
                run = self._repo.create_check_run(
                    name=name,
                    head_sha=head_sha,
                    status="completed",
                    conclusion=conclusion,
                    output=output,  # type: ignore[arg-type]
                )
            except GithubException as exc:
                raise _refused("create the check run", exc) from None
        for sent, batch in enumerate(batches[1:], start=1):
            try:
                run.edit(output={"title": title[:TITLE_LIMIT], "summary": summary, "annotations": batch})
            except GithubException as exc:
                if exc.status != 404:
                    raise _refused("add annotations to the check run", exc) from None
                done = min(len(annotations), sent * ANNOTATIONS_PER_REQUEST)
                raise GitHubRefused(
                    f"the check run {run.id} disappeared before all annotations were sent ({done} of {len(annotations)}); "
                    "the report and the job's status are complete"
                ) from None
        return run.id

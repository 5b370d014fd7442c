"""Publishing to GitHub with PyGithub: the PR comment, the check run and its annotations.

The action only ever edits its own comment: one found by the report's hidden marker and
authored by the token's own identity. Anything GitHub refuses is raised as GitHubRefused with the
fix, so the caller can log it once and still let the gate's verdict decide the exit code.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from github import Auth, Github, GithubException, GithubRetry
from github.Repository import Repository
from requests import RequestException
from urllib3.exceptions import HTTPError

from groundgate.errors import GitHubRefused, one_line
from groundgate.report.render import plain, score
from groundgate.results import Results
from groundgate.rules import Conclusion, Outcome

ANNOTATIONS_PER_REQUEST = 50
TITLE_LIMIT = 255
MESSAGE_LIMIT = 60_000  # bytes; GitHub's limit is 64 KB
WORKFLOW_BOT = "github-actions[bot]"
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
    for row in results.rows:
        level = LEVELS.get(row.outcome)
        if level is None:
            continue
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


class Publisher:
    def __init__(self, github: Github, repository: str) -> None:
        self._github = github
        self._repo: Repository = github.get_repo(repository)
        self._login: str | None = None

    def own_login(self) -> str:
        """The token's identity; the workflow token cannot read /user, and its comments are the bot's."""
        if self._login is None:
            try:
                self._login = self._github.get_user().login
            except GithubException as exc:
                if exc.status not in (401, 403, 404):
                    raise _refused("tell who the token belongs to", exc) from None
                self._login = WORKFLOW_BOT
        return self._login

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
            me = self.own_login()
            for comment in issue.get_comments():
                if comment.user is not None and comment.user.login == me and marker in (comment.body or ""):
                    try:
                        comment.edit(body)
                        return "updated", comment.html_url
                    except GithubException as exc:
                        if exc.status != 404:  # deleted between listing and editing: create a new one
                            raise
            created = issue.create_comment(body)
            return "created", created.html_url
        except GithubException as exc:
            raise _refused(f"write the comment on #{number}", exc) from None

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
        """Create a completed check run; annotations go 50 a request, the rest as updates."""
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
        batches = [
            [a.as_dict() for a in annotations[i : i + ANNOTATIONS_PER_REQUEST]]
            for i in range(0, len(annotations), ANNOTATIONS_PER_REQUEST)
        ] or [[]]
        output: dict[str, object] = {"title": title[:TITLE_LIMIT], "summary": summary, "annotations": batches[0]}
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

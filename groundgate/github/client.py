"""The PyGithub client groundgate talks to GitHub with: retries bounded by one wait budget for the whole run,
the REST API version sent with every call, the token's kind told from its prefix, and a refusal turned into
one line with the permissions fix worded for that kind."""

from __future__ import annotations

import threading
from typing import Any

from github import Auth, Github, GithubException, GithubRetry

from groundgate.errors import GitHubRefused, one_line

ROLES = ("admin", "maintain", "write", "triage", "read")  # a collaborator's roles, most rights first
API_VERSION = "2022-11-28"  # the REST API version groundgate is written against, sent with every call
REASON_LIMIT = 300  # characters of GitHub's own message kept in a warning: never a whole response
# What each write needs, as the workflow's `permissions:` and a GitHub App's or fine-grained token's settings name it.
NEEDS = {
    "comment": ("pull-requests: write", "Pull requests: Read and write"),
    "check": ("checks: write", "Checks: Read and write"),
    "read": ("contents: read", "Contents: Read-only"),
    "pulls": ("pull-requests: read", "Pull requests: Read-only"),
}


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
        left = self.budget.left
        if not self.budget.spend(wait):
            raise WaitTooLong(
                f"GitHub asked to wait {wait:g} s, more than the {self.budget.seconds:g} s a run waits on it"
                if wait > self.budget.seconds
                else f"GitHub asked to wait {wait:g} s, more than the {left:g} s left of the {self.budget.seconds:g} s "
                "a run waits on it in all"
            )
        super().sleep(response)


def client(
    token: str,
    base_url: str,
    *,
    timeout: int = 30,
    retries: int = 5,
    pace: tuple[float, float] = (0.25, 1.0),
    budget: WaitBudget | None = None,
) -> Github:
    """A PyGithub client that retries 5xx and rate limits (GET, POST and PATCH) within one time budget."""
    retry = BoundedRetry(
        total=retries,
        backoff_factor=0.5,
        secondary_rate_wait=60,
        allowed_methods={"GET", "POST", "PATCH", "HEAD", "OPTIONS"},
        budget=budget,
    )
    return Github(
        auth=Auth.Token(token),
        base_url=base_url.rstrip("/"),
        timeout=timeout,
        retry=retry,
        per_page=100,
        seconds_between_requests=pace[0],
        seconds_between_writes=pace[1],
        api_version=API_VERSION,
        lazy=True,  # no request until a value is needed: the workflow token may not read the repository
    )


def token_kind(github: Github) -> str:
    """Which kind of token the client holds, from its documented prefix: the fix for a refusal differs."""
    auth = github.requester.auth
    token = auth.token if isinstance(auth, Auth.Token) else ""
    for prefix, kind in (("ghs_", "installation"), ("github_pat_", "fine-grained"), ("ghp_", "classic"), ("gho_", "oauth")):  # fmt: skip
        if token.startswith(prefix):
            return kind
    return "unknown"


def reason(exc: GithubException) -> str:
    """GitHub's own words for a refusal, short: its ``message`` and the codes of its ``errors``. Never the
    whole response (a GraphQL answer carries every comment body it listed)."""
    data = exc.data if isinstance(exc.data, dict) else {}
    errors = _errors(exc)
    message = data.get("message") or (errors[0].get("message") if errors else None) or exc.message or ""
    codes = sorted({str(e["code"]) for e in errors if e.get("code")})
    text = one_line(str(message))[:REASON_LIMIT] + (f" [{', '.join(codes)}]" if codes else "")
    return text or "no message"


def _errors(exc: GithubException) -> list[dict[str, Any]]:
    """The ``errors`` list of GitHub's answer (GraphQL's, or a 403/422's documented one)."""
    data = exc.data if isinstance(exc.data, dict) else {}
    return [e for e in data.get("errors") or [] if isinstance(e, dict)]


def permission_fix(need: str, kind: str) -> str:
    """How to give this token what ``need`` asks, worded for the token's ``kind`` (``token_kind``)."""
    workflow, setting = NEEDS[need]
    if kind == "installation":  # the workflow token, or a GitHub App's installation token
        return (
            f"give the job 'permissions: {workflow}' (the workflow token), or the GitHub App '{setting}'; a pull "
            "request from a fork gets a read-only workflow token: judge it from a workflow_run workflow (see docs/action.md#pull-requests-from-forks)"
        )
    if need == "check" and kind != "unknown":
        return (
            "personal access tokens (fine-grained or classic) and OAuth tokens cannot create check runs: use the "
            "workflow token or a GitHub App's token for the check run, or set 'check-run: false'"
        )
    if kind == "fine-grained":
        return f"give the fine-grained token '{setting}' on this repository"
    if kind in ("classic", "oauth"):
        return f"give the {kind} token the 'repo' scope ('public_repo' for a public repository)"
    only_apps = "; personal access tokens cannot create check runs" if need == "check" else ""
    return f"give the token '{workflow}' ('{setting}' for a GitHub App or a fine-grained token){only_apps}"


def refused(action: str, exc: GithubException, need: str, kind: str = "unknown") -> GitHubRefused:
    """One line saying what GitHub refused and why, with the permissions fix only when the answer means
    permissions: a 403 that is not a size limit or a rate limit. A 404 may be a token that cannot see the
    repository, so it says so, without sending anyone to change permissions that may be right."""
    text = f"GitHub refused to {action} (HTTP {exc.status}: {reason(exc)})"
    if exc.status == 401:
        text += "; the token was not accepted (expired, revoked or mistyped): check the 'github-token' input"
    elif exc.status == 403 and any(e.get("code") == "too_large" for e in _errors(exc)):
        text += "; the file is larger than GitHub's API serves (100 MB)"
    elif exc.status == 403 and "rate limit" in reason(exc).casefold():
        text += "; GitHub's rate limit for this token is spent"
    elif exc.status == 403:
        text += f"; {permission_fix(need, kind)}"
    elif exc.status == 404:
        text += "; it does not exist, or this token cannot see it"
    elif exc.status == 422:
        text += "; GitHub found the request invalid"
    return GitHubRefused(text)

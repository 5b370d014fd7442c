"""What the runner tells a container action about this run: the repository, the event and the commit and pull
request it is about (read from the event's payload, never from ``GITHUB_SHA`` where that is another commit),
where the step's outputs and summary go, and the OIDC endpoint."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, SecretStr

from groundgate.errors import UsageError

NO_COMMIT = "0" * 40  # the SHA a push that deletes a ref names as its "after"
_SHA = re.compile(r"[0-9a-f]{40}")
PR_EVENTS = ("pull_request", "pull_request_target")


class GitHubRun(BaseModel):
    """What the runner tells a container action about this run."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    repository: str | None = None
    # GITHUB_REPOSITORY_ID (else the payload's repository.id): what a signed record names as its home, since a rename
    # or a transfer keeps it and a fork or a mirror (which share commits) has its own
    repository_id: int | None = None
    event_name: str | None = None
    sha: str | None = None
    pr_number: int | None = None
    pr_author: str | None = None  # who opened the pull request: not an adjudicator of its rows by default
    queued_pr: int | None = None  # merge_group: the pull request the queue's branch is named after (its adjudications)
    head_sha: str | None = None  # the commit the check run and the comment are about
    base_sha: str | None = None  # the pull request's (or merge group's) base: what its own edits are compared with
    before_sha: str | None = (
        None  # a push to a pull request: its head before (GitHub's word), where the last verdict is
    )
    action: str | None = None  # the event's action: synchronize, created, edited, deleted, rerequested, ...
    requested_check: str | None = None  # check_run: the name of the check run the event is about
    from_fork: bool = False
    # workflow_run: the run that triggered this one (its event, and where its PR's head lives)
    triggered_by: str | None = None
    head_repo: str | None = None  # "owner/name" of the triggering run's head (a fork's, for a fork's PR)
    head_branch: str | None = None
    listed_pulls: tuple[int, ...] = ()  # the PRs its payload lists (none for a fork's PR)
    deleted_ref: str | None = None  # the event's commit is forty zeros: a push that deleted this ref
    # issue_comment: the comment that started the run (its commands are re-read through the API; these say
    # whether there is anything to do, and which comment a reply answers)
    comment_id: int | None = None
    comment_author: str | None = None
    comment_body: str | None = None
    comment_before: str | None = None  # an edit's previous text: removing a command is a change too
    server_url: str = "https://github.com"
    api_url: str = "https://api.github.com"
    run_id: str | None = None
    run_attempt: int = 1  # GITHUB_RUN_ATTEMPT: 2 and up on a rerun
    output_path: Path | None = None
    summary_path: Path | None = None
    oidc_url: str | None = None  # ACTIONS_ID_TOKEN_REQUEST_URL: only with 'permissions: id-token: write'
    oidc_token: SecretStr | None = None
    # How groundgate paces itself on GitHub: seconds between requests and between writes (PyGithub's defaults;
    # GitHub asks integrations to space requests that create content by at least one second) and seconds it may
    # wait on GitHub in all (rate limits, Retry-After, backoff). Settings of the runner's environment, not inputs:
    # a local fake GitHub in tests, or a GitHub Enterprise Server with its own limits, sets them.
    request_interval: float = 0.25
    write_interval: float = 1.0
    github_wait: float = 60.0

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> GitHubRun:
        event: dict[str, Any] = {}
        event_path = environ.get("GITHUB_EVENT_PATH")
        if event_path and Path(event_path).is_file():
            try:
                loaded = json.loads(Path(event_path).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                loaded = {}
            event = loaded if isinstance(loaded, dict) else {}
        event_name = environ.get("GITHUB_EVENT_NAME")

        def get(name: str) -> str | None:
            return environ.get(name) or None

        about = _about(event_name, event)
        # GITHUB_SHA is another commit than the one judged in a workflow_run run and in a check_run run (the
        # default branch's head), and a comment's run judges none (it looks the pull request's head up): never
        # fall back to it there
        head_sha = about.get("head_sha") or (
            None if event_name in ("workflow_run", "issue_comment", "check_run") else get("GITHUB_SHA")
        )
        action = event.get("action")
        attempt = get("GITHUB_RUN_ATTEMPT") or "1"
        pace = {name: _seconds(environ, variable, limit) for name, variable, limit in PACE}
        return cls(
            repository=get("GITHUB_REPOSITORY"),
            repository_id=_repository_id(get("GITHUB_REPOSITORY_ID"), event),
            event_name=event_name,
            sha=get("GITHUB_SHA"),
            pr_number=about.get("pr_number"),
            pr_author=about.get("pr_author"),
            queued_pr=about.get("queued_pr"),
            head_sha=None if head_sha == NO_COMMIT else head_sha,
            base_sha=about.get("base_sha"),
            before_sha=about.get("before_sha"),
            action=action if isinstance(action, str) else None,
            requested_check=about.get("requested_check"),
            from_fork=bool(about.get("from_fork")),
            triggered_by=about.get("triggered_by"),
            head_repo=about.get("head_repo"),
            head_branch=about.get("head_branch"),
            listed_pulls=about.get("listed_pulls", ()),
            comment_id=about.get("comment_id"),
            comment_author=about.get("comment_author"),
            comment_body=about.get("comment_body"),
            comment_before=about.get("comment_before"),
            deleted_ref=str(event.get("ref") or get("GITHUB_REF") or "its ref") if head_sha == NO_COMMIT else None,
            server_url=get("GITHUB_SERVER_URL") or "https://github.com",
            api_url=get("GITHUB_API_URL") or "https://api.github.com",
            run_id=get("GITHUB_RUN_ID"),
            run_attempt=int(attempt) if attempt.isdigit() and int(attempt) > 0 else 1,
            output_path=Path(environ["GITHUB_OUTPUT"]) if get("GITHUB_OUTPUT") else None,
            summary_path=Path(environ["GITHUB_STEP_SUMMARY"]) if get("GITHUB_STEP_SUMMARY") else None,
            oidc_url=get("ACTIONS_ID_TOKEN_REQUEST_URL"),
            oidc_token=SecretStr(environ["ACTIONS_ID_TOKEN_REQUEST_TOKEN"])
            if get("ACTIONS_ID_TOKEN_REQUEST_TOKEN")
            else None,
            **{name: value for name, value in pace.items() if value is not None},
        )

    @property
    def via_workflow_run(self) -> bool:
        """A trusted workflow_run run publishing for another run; its PR must be looked up and checked."""
        return self.event_name == "workflow_run"

    @property
    def head_label(self) -> str | None:
        """The triggering run's head as ``GET /pulls?head=`` takes it: "owner:branch"."""
        if not self.head_repo or not self.head_branch:
            return None
        return f"{self.head_repo.split('/', 1)[0]}:{self.head_branch}"

    @property
    def run_url(self) -> str | None:
        """This run's page; on a rerun, this attempt's (the run's own page shows the latest attempt)."""
        if not self.repository or not self.run_id:
            return None
        url = f"{self.server_url}/{self.repository}/actions/runs/{self.run_id}"
        return url + f"/attempts/{self.run_attempt}" if self.run_attempt > 1 else url


PACE = (  # GitHubRun field, environment variable, most seconds it takes
    ("request_interval", "GROUNDGATE_GITHUB_REQUEST_INTERVAL", 60.0),
    ("write_interval", "GROUNDGATE_GITHUB_WRITE_INTERVAL", 60.0),
    ("github_wait", "GROUNDGATE_GITHUB_MAX_WAIT", 3600.0),
)


def _seconds(environ: Mapping[str, str], variable: str, limit: float) -> float | None:
    """A number of seconds from the environment (None when unset); anything else is refused in one line."""
    text = environ.get(variable, "").strip()
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= limit:  # also NaN
        raise UsageError(f"{variable}={text!r}: expected a number of seconds from 0 to {limit:g}")
    return value


def _repository_id(variable: str | None, event: dict[str, Any]) -> int | None:
    """The repository's numeric id, as the runner or the event's payload gives it."""
    found = variable if variable and variable.isdigit() else _dict(event.get("repository")).get("id")
    return int(found) if isinstance(found, int | str) and str(found).isdigit() else None


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _about(event_name: str | None, event: dict[str, Any]) -> dict[str, Any]:
    """The commit and the pull request an event is about, read from its payload.

    pull_request: the PR's head (GITHUB_SHA is a merge commit). merge_group: the queue's head commit and the
    commit the group is built on (its yardstick), no PR. workflow_run: the triggering run's head commit
    (GITHUB_SHA is the default branch's head); its ``pull_requests`` list is empty for forks, so the head's
    repository and branch are kept: they tell the PR apart from others on the same commit. push: ``after`` (GITHUB_SHA is the default branch's
    head when the push deleted its ref, and ``after`` is then forty zeros)."""
    if event_name in PR_EVENTS:
        pr = _dict(event.get("pull_request"))
        head, base = _dict(pr.get("head")), _dict(pr.get("base"))
        number = pr.get("number")
        before = event.get("before")  # synchronize: the head this push moved the pull request from
        return {
            "pr_number": int(number) if isinstance(number, int) else None,
            "pr_author": _dict(pr.get("user")).get("login"),
            "head_sha": head.get("sha"),
            "base_sha": base.get("sha"),
            "before_sha": before
            if isinstance(before, str) and _SHA.fullmatch(before) and before != NO_COMMIT
            else None,
            "from_fork": bool(pr)
            and event_name == "pull_request"
            and _dict(head.get("repo")).get("full_name") != _dict(base.get("repo")).get("full_name"),
        }
    if event_name == "merge_group":  # the queue's branch: gh-readonly-queue/<base>/pr-<number>-<sha>
        group = _dict(event.get("merge_group"))
        queued = re.search(r"/gh-readonly-queue/.+/pr-(\d+)-[0-9a-f]{40}$", str(group.get("head_ref") or ""))
        start = group.get("base_sha")  # where the group starts: its yardstick, as a pull request's base is
        return {
            "head_sha": group.get("head_sha"),
            "queued_pr": int(queued.group(1)) if queued else None,
            "base_sha": start if isinstance(start, str) and re.fullmatch(r"[0-9a-f]{40}", start) else None,
        }
    if event_name == "issue_comment":  # a comment on an issue; on a pull request, its issue has a pull_request link
        issue, comment = _dict(event.get("issue")), _dict(event.get("comment"))
        number, cid = issue.get("number"), comment.get("id")
        return {
            "pr_number": number if isinstance(number, int) and issue.get("pull_request") else None,
            "pr_author": _dict(issue.get("user")).get("login"),
            "comment_id": cid if isinstance(cid, int) else None,
            "comment_author": _dict(comment.get("user")).get("login"),
            "comment_body": comment.get("body") if isinstance(comment.get("body"), str) else None,
            "comment_before": _dict(_dict(event.get("changes")).get("body")).get("from"),
        }
    if event_name == "check_run":  # a re-run asked for from the Checks tab: the commit is check_run.head_sha
        check = _dict(event.get("check_run"))
        listed = [_dict(p).get("number") for p in check.get("pull_requests") or []]
        numbers = [n for n in listed if isinstance(n, int)]
        commit = check.get("head_sha")
        return {
            "head_sha": commit if isinstance(commit, str) and _SHA.fullmatch(commit) else None,
            "pr_number": numbers[0] if len(numbers) == 1 else None,  # a fork's pull request is not listed
            "requested_check": check.get("name") if isinstance(check.get("name"), str) else None,
        }
    if event_name == "workflow_run":
        triggering = _dict(event.get("workflow_run"))
        listed = [_dict(p).get("number") for p in triggering.get("pull_requests") or []]
        head_repo = _dict(triggering.get("head_repository")).get("full_name")
        branch = triggering.get("head_branch")
        home = _dict(triggering.get("repository")).get("full_name")
        # the fork recipe's run after a merge queue's: the queue's branch (in the base repository) names its PR
        queued = (
            re.fullmatch(r"gh-readonly-queue/.+/pr-(\d+)-[0-9a-f]{40}", branch)
            if triggering.get("event") == "merge_group" and isinstance(branch, str) and head_repo == home
            else None
        )
        return {
            "queued_pr": int(queued.group(1)) if queued else None,
            "head_sha": triggering.get("head_sha"),
            "triggered_by": triggering.get("event"),
            "head_repo": head_repo if isinstance(head_repo, str) and "/" in head_repo else None,
            "head_branch": branch if isinstance(branch, str) and branch else None,
            "listed_pulls": tuple(n for n in listed if isinstance(n, int)),
        }
    if event_name == "push":
        after = event.get("after")
        return {"head_sha": after} if isinstance(after, str) and _SHA.fullmatch(after) else {}
    return {}

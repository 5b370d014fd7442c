"""Publishing to GitHub with PyGithub: the PR comment, the check run and its annotations.

The action only ever edits its own comment: one found by the report's hidden marker and
written by the token's own identity, which GraphQL's ``viewerDidAuthor`` tells for every kind of
token (``GET /user`` is refused for the workflow token and for GitHub App installation tokens, and an
App's comments are not ``github-actions[bot]``'s). Comments are named by ``fullDatabaseId`` (a BigInt,
sent as a string): comment ids are int64 and past 2^31, where the 32-bit ``databaseId`` answers null.
Every run creates its own check run, so its annotations are only the current verdict's (GitHub appends
annotations on update and removes none), and completes older ones of the same name on the commit as
superseded. A comment's edit history (``userContentEdits``: who made each edit) comes with it: a comment
someone other than its author edited is told apart (``Comment.tampered``), the token's own included. Anything GitHub refuses is raised as GitHubRefused saying what it was, with the permissions
fix only when the answer means permissions, so the caller can log it once and still let the gate's
verdict decide the exit code.
"""

from __future__ import annotations

import base64
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from github import Github, GithubException
from github.CheckRun import CheckRun
from github.GithubObject import NotSet
from github.PaginatedList import PaginatedList
from github.PullRequest import PullRequest
from github.Repository import Repository
from requests import RequestException
from urllib3.exceptions import HTTPError

from groundgate.errors import GitHubRefused, one_line
from groundgate.github.annotations import TITLE_LIMIT, Annotation, in_order
from groundgate.github.client import REASON_LIMIT, ROLES, WaitBudget, WaitTooLong, refused, token_kind
from groundgate.rules import Conclusion

ANNOTATIONS_PER_REQUEST = 50
# The contents API's object media type: a file's metadata (and its content up to 1 MB) at any size up to 100 MB,
# where the default media type serves files up to 1 MB only (GitHub's description of the operation).
OBJECT_MEDIA_TYPE = "application/vnd.github.object+json"
# GitHub's current media type, named: a blob's JSON with base64 content; and what PyGithub would replace with a
# retired preview on some routes
JSON_MEDIA_TYPE = "application/vnd.github+json"
EDITS_SEEN = 50  # a comment's first and last edits read (GitHub's history has no documented order: both ends)
RATE_RESERVE = 100  # GraphQL points left to others (and to the rest of this run) before waiting for the reset
COMMENTS_QUERY = """
query($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      comments(first: 100, after: $after) {
        nodes {
          fullDatabaseId viewerDidAuthor body createdAt lastEditedAt
          author { __typename login }
          editor { login }
          firstEdits: userContentEdits(first: 50) { totalCount nodes { editor { login } } }
          lastEdits: userContentEdits(last: 50) { nodes { editor { login } } }
        }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
}
"""
SUPERSEDED = "Superseded"


@dataclass(frozen=True)
class Pull:
    """A pull request as it is now: its number, its current head (commit, repository, branch), whether it is open."""

    number: int
    head_sha: str
    open: bool
    head_repo: str | None = None  # "owner/name"; None when the head's fork was deleted
    head_ref: str | None = None
    author: str | None = field(default=None, compare=False)  # who opened it
    base_sha: str | None = field(default=None, compare=False)  # the commit of its base branch it is compared with


@dataclass(frozen=True)
class Comment:
    """A comment on a pull request, as GraphQL tells it: whether this token's identity wrote it, who did
    (a bot or a person; None for a deleted account), who last edited it and when, and who made the edits
    in its history (``editors``, the first and last EDITS_SEEN of ``edits`` in all; None for a deleted account)."""

    id: int
    body: str
    mine: bool
    author: str | None
    bot: bool
    editor: str | None
    created: datetime
    edited: datetime | None
    editors: tuple[str | None, ...] = ()
    edits: int = 0

    @property
    def at(self) -> datetime:
        """When it said what it says now: its last edit, or its creation."""
        return self.edited or self.created

    @property
    def tampered(self) -> str | None:
        """Who other than its author edited it ("a deleted account" when GitHub no longer names them), or
        None when every edit GitHub shows is its author's. Someone with write access can edit another's
        comment: what it says then is not its author's word. GitHub does not document whether ``editor`` is
        the first or the last editor, nor the order of the history, so both ends of the history are read."""
        author = (self.author or "").casefold()
        for login in ([self.editor] if self.edited is not None else []) + list(self.editors):
            if login is None or login.casefold() != author:
                return login or "a deleted account"
        return None

    @property
    def unread_edits(self) -> int:
        """Edits in its history between the first and the last EDITS_SEEN, which were not read."""
        return max(0, self.edits - len(self.editors))


@dataclass(frozen=True)
class CheckRunFound:
    """The newest check run of a name on a commit, with what groundgate keeps in it."""

    id: int
    text: str | None
    summary: str | None
    completed: datetime | None
    url: str


def _utc(at: datetime | None) -> datetime | None:
    """PyGithub's times, naive ones read as UTC."""
    return at.replace(tzinfo=UTC) if at is not None and at.tzinfo is None else at


def when(value: str | None) -> datetime | None:
    """A GitHub timestamp (ISO 8601, "Z" for UTC)."""
    return datetime.fromisoformat(value.replace("Z", "+00:00")) if value else None


class Publisher:
    def __init__(
        self,
        github: Github,
        repository: str,
        budget: WaitBudget | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._github = github
        self._repository = repository
        self._repo: Repository = github.get_repo(repository)
        self._kind = token_kind(github)
        self._budget = budget or WaitBudget()  # for GraphQL's rate limit, which PyGithub's retry does not see
        self._sleep = sleep

    @property
    def repository(self) -> str:
        """The repository's "owner/name"."""
        return self._repository

    @contextmanager
    def _talking(self, action: str, need: str) -> Iterator[None]:
        """Whatever goes wrong while talking to GitHub becomes one GitHubRefused saying what it was: refused,
        unreachable, 5xx past the retries, or a wait longer than the budget. Never a traceback, never exit 1."""
        try:
            yield
        except GitHubRefused:
            raise
        except GithubException as exc:
            raise refused(action, exc, need, self._kind) from None
        except (RequestException, HTTPError, WaitTooLong) as exc:
            raise GitHubRefused(
                f"GitHub could not be reached to {action} ({type(exc).__name__}: {one_line(str(exc))[:REASON_LIMIT]})"
            ) from None

    # ---- the pull requests a workflow_run run may publish for

    def pulls_of_run(self, head_sha: str, listed: Sequence[int] = (), head_label: str | None = None) -> list[Pull]:
        """Every pull request into this repository that may be the one a workflow_run run judged: those
        its payload listed, those GitHub lists for the commit, and the open ones whose head is
        "owner:branch" (a fork's PR is in neither of the first two). Which one it is, the caller decides."""
        with self._talking(f"find the pull request of commit {head_sha[:12]}", "pulls"):
            return self._pulls_of_run(head_sha, listed, head_label)

    def _pulls_of_run(self, head_sha: str, listed: Sequence[int], head_label: str | None) -> list[Pull]:
        found: dict[int, Pull | None] = {}  # None: not a pull request into this repository
        for number in listed:
            try:
                found[number] = self._ours(self._repo.get_pull(number))  # the client is lazy: read it here
            except GithubException as exc:
                if exc.status != 404:  # a payload may list another repository's PR: not ours
                    raise
        more = list(
            PaginatedList(  # Commit.get_pulls() asks for the retired groot-preview media type
                PullRequest,
                self._github.requester,
                f"{self._repo.url}/commits/{quote(head_sha, safe='')}/pulls",
                None,
                headers={"Accept": JSON_MEDIA_TYPE},
            )
        )
        if head_label:
            more += self._repo.get_pulls(state="open", head=head_label)
        for pull in more:
            if pull.number not in found:
                found[pull.number] = self._ours(pull)
        return [pull for pull in found.values() if pull is not None]

    def _ours(self, p: PullRequest) -> Pull | None:
        if (p.base.repo.full_name or "").casefold() != self._repository.casefold():
            return None
        head_repo = p.head.repo.full_name if p.head.repo else None
        author = p.user.login if p.user else None
        return Pull(p.number, p.head.sha, p.state == "open", head_repo, p.head.ref, author, p.base.sha)

    def branch_pulls(self, head_label: str) -> list[Pull]:
        """Every pull request into this repository, open or closed, whose head is ``owner:branch``."""
        with self._talking(f"find the pull requests of {head_label}", "pulls"):
            found = [self._ours(p) for p in self._repo.get_pulls(state="all", head=head_label)]
        return [pull for pull in found if pull is not None]

    def pull(self, number: int) -> Pull:
        """A pull request of this repository as it is now (its head, its author)."""
        with self._talking(f"read pull request #{number}", "pulls"):
            found = self._ours(self._repo.get_pull(number))
        if found is None:
            raise GitHubRefused(f"#{number} is not a pull request into {self._repository}")
        return found

    # ---- the comment

    def _comments(self, number: int) -> Iterator[Comment]:
        """Every comment on the PR, in order. The id is ``fullDatabaseId``, a BigInt GitHub sends as a string:
        ``databaseId`` is a 32-bit Int, null past 2^31. ``viewerDidAuthor`` says which are this token's
        identity's, whatever the token."""
        owner, name = self._repository.split("/", 1)
        after: str | None = None
        while True:
            variables: dict[str, Any] = {"owner": owner, "name": name, "number": number, "after": after}
            _, data = self._github.requester.graphql_query(COMMENTS_QUERY, variables)
            comments = ((data.get("data") or {}).get("repository") or {}).get("pullRequest") or {}
            page = comments.get("comments") or {}
            for node in page.get("nodes") or []:
                full = (node or {}).get("fullDatabaseId")
                if not node or not isinstance(full, str | int) or not str(full).isdigit():
                    continue
                author, editor = node.get("author") or {}, node.get("editor") or {}
                first, last = node.get("firstEdits") or {}, node.get("lastEdits") or {}
                count = first.get("totalCount")
                total = count if isinstance(count, int) else 0
                head, tail = first.get("nodes") or [], last.get("nodes") or []
                seen = [*head, *tail[max(0, len(head) + len(tail) - total) :]]  # the two ends overlap when short
                yield Comment(
                    id=int(full),
                    body=node.get("body") or "",
                    mine=node.get("viewerDidAuthor") is True,
                    author=author.get("login"),
                    bot=author.get("__typename") == "Bot",
                    editor=editor.get("login"),
                    created=when(node.get("createdAt")) or datetime.min.replace(tzinfo=UTC),
                    edited=when(node.get("lastEditedAt")),
                    editors=tuple(((e or {}).get("editor") or {}).get("login") for e in seen),
                    edits=total,
                )
            info = page.get("pageInfo") or {}
            if not info.get("hasNextPage") or not info.get("endCursor"):
                return
            after = info["endCursor"]

    def _own_comments(self, number: int) -> Iterator[tuple[int, str]]:
        """(id, body) of every comment on the PR that this token's identity wrote and nobody else edited: one
        someone else edited says what they made it say, and groundgate leaves it (``own``)."""
        return ((c.id, c.body) for c in self._comments(number) if c.mine and c.tampered is None)

    def comments(self, number: int) -> list[Comment]:
        """Every comment on the PR, with its author, its last editor and its times."""
        with self._talking(f"read the comments of #{number}", "pulls"):
            return list(self._comments(number))

    def permission(self, login: str) -> str:
        """A person's role on this repository (``admin``, ``maintain``, ``write``, ``triage``, ``read``, or a
        custom role's base permission); ``none`` for someone who is not a collaborator."""
        with self._talking(f"read the permission of {login} on {self._repository}", "read"):
            try:
                _, data = self._github.requester.requestJsonAndCheck(
                    "GET", f"/repos/{self._repository}/collaborators/{quote(login, safe='')}/permission"
                )
            except GithubException as exc:
                if exc.status == 404:
                    return "none"
                raise
        role = str(data.get("role_name") or "")
        return role if role in ROLES else str(data.get("permission") or "none")

    def graphql(self, query: str, variables: dict[str, Any], action: str, need: str) -> dict[str, Any]:
        """One GraphQL query's ``data`` (empty when GitHub sent none); anything refused is a GitHubRefused."""
        with self._talking(action, need):
            _, data = self._github.requester.graphql_query(query, variables)
        return dict(data.get("data") or {})

    def latest_check(self, name: str, head_sha: str) -> CheckRunFound | None:
        """The newest check run of this name on the commit (the one GitHub shows and branch protection reads)."""
        return next(iter(self.checks(name, head_sha)), None)

    def checks(self, name: str, head_sha: str, *, gone_ok: bool = False) -> list[CheckRunFound]:
        """Every check run of this name on the commit, newest first (one request a hundred of them). ``gone_ok``:
        a commit GitHub no longer has (a force push dropped it and it was collected) has none, rather than a
        GitHubRefused."""
        with self._talking(f"read the check runs of {head_sha[:12]}", "check"):
            try:
                runs = self._repo.get_commit(head_sha).get_check_runs(check_name=name, filter="all")
                found = [r for r in runs if r.name == name]
            except GithubException as exc:
                if gone_ok and exc.status in (404, 422):
                    return []
                raise
        return [
            CheckRunFound(run.id, run.output.text, run.output.summary, _utc(run.completed_at), run.html_url)
            for run in sorted(found, key=lambda r: r.id, reverse=True)
        ]

    def annotations(self, check_run_id: int) -> list[Annotation]:
        """The annotations of a check run, to carry over to the one that re-presents its verdict."""
        with self._talking(f"read the annotations of check run {check_run_id}", "check"):
            run = self._repo.get_check_run(check_run_id)
            return [
                Annotation(a.path, a.start_line, a.annotation_level, a.title or "", a.message or "")
                for a in run.get_annotations()
            ]

    def wait_for(self, rate: dict[str, Any]) -> None:
        """Wait for GraphQL's points to come back when few are left, within the run's budget."""
        remaining, reset = rate.get("remaining"), when(rate.get("resetAt"))
        if not isinstance(remaining, int) or remaining > RATE_RESERVE + int(rate.get("cost") or 1) or reset is None:
            return
        wait = max(0.0, (reset - datetime.now(UTC)).total_seconds()) + 1
        if not self._budget.spend(wait):
            raise GitHubRefused(
                f"GitHub's GraphQL rate limit for this token is nearly spent ({remaining} points left) until "
                f"{reset:%Y-%m-%d %H:%M} UTC, more than this run waits: run it again then, or with --since"
            )
        self._sleep(wait)

    def file_at(self, path: str, ref: str) -> bytes | None:
        """A file of the repository (``path`` from its root) as it is at ``ref``; None when it does not exist
        there (or is a folder, a submodule). Asked for in the contents API's object media type, which its
        description supports for files of any size up to 100 MB (the default one only up to 1 MB); files of
        1-100 MB come back without their content (``encoding: "none"``) and are read from the Git blobs API,
        which serves them whole."""
        with self._talking(f"read {path} at {ref[:12]}", "read"):
            requester, url = self._repo.requester, self._repo.url
            try:
                _, found = requester.requestJsonAndCheck(
                    "GET",
                    f"{url}/contents/{quote(path)}",
                    parameters={"ref": ref},
                    headers={"Accept": OBJECT_MEDIA_TYPE},
                    follow_302_redirect=True,
                )
            except GithubException as exc:
                if exc.status == 404:
                    return None
                raise
            if not isinstance(found, dict) or found.get("type") != "file":
                return None
            if found.get("encoding") == "base64":
                return base64.b64decode(str(found.get("content") or ""))
            _, blob = requester.requestJsonAndCheck(
                "GET", f"{url}/git/blobs/{found['sha']}", headers={"Accept": JSON_MEDIA_TYPE}
            )
            return base64.b64decode(str(blob.get("content") or ""))

    def last_change(self, path: str, sha: str) -> tuple[str, datetime] | None:
        """The commit reachable from ``sha`` that last changed ``path`` (from the repository root) and its
        committer date, in one request (``per_page=1``); None when no commit did (the file is not there)."""
        with self._talking(f"read the last change of {path} at {sha[:12]}", "read"):
            _, data = self._github.requester.requestJsonAndCheck(
                "GET", f"/repos/{self._repository}/commits", parameters={"path": path, "sha": sha, "per_page": 1}
            )
        newest = data[0] if isinstance(data, list) and data and isinstance(data[0], dict) else None
        changed = when(((newest or {}).get("commit") or {}).get("committer", {}).get("date"))
        if newest is None or changed is None or not isinstance(newest.get("sha"), str):
            return None
        return newest["sha"], changed

    def edit_comment(self, comment_id: int, body: str) -> None:
        """Replace the text of a comment this token's identity wrote."""
        with self._talking(f"edit comment {comment_id}", "comment"):
            self._github.requester.requestJsonAndCheck(
                "PATCH", f"/repos/{self._repository}/issues/comments/{comment_id}", input={"body": body}
            )

    def upsert_comment(self, number: int, body: str, marker: str, known: Comment | None = None) -> tuple[str, str]:
        """Update this check's own comment in place, or create it; returns (created|updated, url). ``known``:
        that comment, already found in this run (``comments``): no second lookup."""
        with self._talking(f"write the comment on #{number}", "comment"):
            issue = self._repo.get_issue(number)
            found = [(known.id, known.body)] if known is not None and known.mine else self._own_comments(number)
            for comment_id, text in found:
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

    def react(self, comment_id: int, content: str = "+1") -> None:
        """A reaction on a comment: groundgate heard it and applied every command in it."""
        with self._talking(f"react to comment {comment_id}", "comment"):
            self._github.requester.requestJsonAndCheck(
                "POST",
                f"/repos/{self._repository}/issues/comments/{comment_id}/reactions",
                input={"content": content},
                headers={"Accept": JSON_MEDIA_TYPE},
            )

    # ---- the check run

    def publish_check(
        self,
        *,
        name: str,
        head_sha: str,
        conclusion: Conclusion,
        title: str,
        summary: str,
        annotations: Sequence[Annotation],
        text: str | Callable[[int | None, datetime | None], str] | None = None,
    ) -> int:
        """Create this run's own check run, completed, its annotations 50 a request; then complete the
        commit's older check runs of this name as superseded. A new one per run because GitHub appends
        annotations on every update and removes none: an older verdict's would stay on a reused run. The
        annotations go failures first (``in_order``): the Checks tab lists them as they were sent. A ``text`` that
        depends on the check run (a signed record names the check run that holds it and when GitHub made it:
        ``record.sealed``) is written by the first update, once GitHub has given the check run its id; the check run
        is made with the record sealed for no check run yet, which counts as unsigned but keeps its blocks, so an
        update GitHub refuses (or a job cancelled between the two) never leaves a blocking verdict without them."""
        annotations = in_order(annotations)
        later = text if callable(text) else None
        text = later(None, None) if later is not None else text
        with self._talking("create the check run", "check"):
            batches = [
                [a.as_dict() for a in annotations[i : i + ANNOTATIONS_PER_REQUEST]]
                for i in range(0, len(annotations), ANNOTATIONS_PER_REQUEST)
            ] or [[]]
            output: dict[str, object] = {"title": title[:TITLE_LIMIT], "summary": summary, "annotations": batches[0]}
            if text is not None:  # the verdict's record (groundgate.record): what a comment's run applies commands to
                output["text"] = text
            run = self._repo.create_check_run(
                name=name,
                head_sha=head_sha,
                status="completed",
                conclusion=conclusion,
                output=output,  # type: ignore[arg-type]
            )
            if later is not None:
                text = later(run.id, _utc(run.completed_at))
                batches = [batches[0], *(batches[1:] or [[]])]
        with self._talking("add annotations to the check run", "check"):
            for sent, batch in enumerate(batches[1:], start=1):
                more: dict[str, object] = {"title": title[:TITLE_LIMIT], "summary": summary, "annotations": batch}
                if text is not None:  # every update: GitHub does not document that an output without it keeps it
                    more["text"] = text
                try:
                    run.edit(output=more)
                except GithubException as exc:
                    if exc.status != 404:
                        raise
                    done = min(len(annotations), sent * ANNOTATIONS_PER_REQUEST)
                    raise GitHubRefused(
                        f"the check run {run.id} disappeared before all annotations were sent ({done} of {len(annotations)}); "
                        "the report and the job's status are complete"
                    ) from None
        with self._talking("complete the older check runs as superseded", "check"):
            self._supersede(name, head_sha, run)
        return run.id

    def _supersede(self, name: str, head_sha: str, current: CheckRun) -> None:
        """Complete every older check run of this name on the commit as superseded by ``current``: neutral,
        titled so, pointing to it. Their annotations stay (GitHub removes none) under that title; the newest
        run is the one GitHub shows and branch protection reads for the name (``filter=latest``)."""
        try:
            older = [
                r
                for r in self._repo.get_commit(head_sha).get_check_runs(check_name=name, filter="all")
                if r.name == name and r.id < current.id and not (r.output.title or "").startswith(SUPERSEDED)
            ]
        except GithubException as exc:
            if exc.status in (403, 404):  # a token that may create check runs but not list them: nothing to do
                return
            raise
        for run in older:
            try:
                run.edit(
                    status="completed",
                    conclusion="neutral",
                    # when its verdict was given: GitHub's filter=latest goes by it, and so do the adjudications
                    completed_at=run.completed_at or NotSet,
                    output={
                        "title": f"{SUPERSEDED} by a newer run of {name}"[:TITLE_LIMIT],
                        "summary": f"A newer run holds the current verdict: check run {current.id} ({current.html_url}). "
                        "The annotations below are from this older run.",
                        # the verdict's record stays: a run that reaches no verdict leaves the adjudications in it
                        **({"text": run.output.text} if run.output.text else {}),
                    },
                )
            except GithubException as exc:
                if exc.status not in (403, 404):  # another app's, or gone: nothing to complete
                    raise

"""An in-memory GitHub on 127.0.0.1 that answers as GitHub's own descriptions say.

Real PyGithub talks to it. Routes are the REST description's operations (``@route("GET /repos/...")``
with the description's own path template): a route the vendored, trimmed ``@octokit/openapi`` copy
does not hold cannot be added (list it in ``tests/support/descriptions/refresh.py`` and refresh).
Answers are built from the description's examples with the fake's state laid over them; every request
and every JSON answer is checked against the description as it passes (``violations``), and a fake
that saw a violation fails the test when its ``with`` block ends. GraphQL is executed by graphql-core
over the vendored ``@octokit/graphql-schema`` copy, so field types are enforced as GitHub enforces them.

What GitHub does that a friendlier fake would hide: ids above 2^31 (comments, check runs, pulls), so
``IssueComment.databaseId`` (a 32-bit Int) answers null with an error while ``fullDatabaseId`` (BigInt,
a string) answers; files of 1-100 MB are served by the contents API only in the raw or the object media type
(asking for one in another is a violation, as the description's prose says), in the object one with
``encoding: "none"`` and empty content (the raw media type and the Git blobs API give them whole), over 100 MB a 403
``too_large``; a request whose Accept names a GitHub media type its operation does not list is a violation
(``check_accept``), and an answer in a custom media type is checked against that type's schema; errors carry the documented bodies (``message``, ``documentation_url``, ``status``);
``filter=latest`` (the default) lists only the most recently completed check run of each name (an older one
completed again by a PATCH is the one it lists, as GitHub filters by ``completed_at``); annotations are appended
on every update. Only GitHub App tokens (``ghs_``: the workflow token, App installation tokens) may write
check runs; a personal access token (``ghp_``, ``github_pat_``) or an OAuth token (``gho_``) gets the
documented 403. The token's identity: ``me`` set is a personal token (``GET /user`` answers with its
login); ``me`` unset is a workflow token or an App installation token (``GET /user`` is 403, comments are
by ``bot``). ``faults`` make the next matching requests fail. ``permissions`` holds each collaborator's role
(``GET .../collaborators/{username}/permission``; anyone else is a 404). GitHub's clock is a counter
here: every comment, edit and check run moves it one second on, so "before" and "after" are exact.
Every edit is kept in the comment's history (GraphQL ``userContentEdits``, newest first, the original text's
author first when a comment is first edited), an edit through the API by the token's identity too. Check runs
live in check suites, one per app and commit (``add_check_suite`` adds other apps' suites before groundgate's,
so its suite can fall past a page). An update of a check run's ``output`` that leaves ``text`` out clears it:
GitHub's description does not say it keeps it. A request naming a retired preview media type (``Accept:
application/vnd.github.*-preview``) is a violation.

To add a route: a method decorated with ``@route("METHOD /description/{template}")`` taking a ``Call``
and returning a ``Reply`` (``self.error(...)`` for the documented error bodies, ``_paged`` for lists).
"""

from __future__ import annotations

import base64
import hashlib
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs

from graphql import GraphQLError, graphql_sync

from tests.support.descriptions.github import (
    API_VERSION,
    accepted,
    check_accept,
    check_request,
    check_response,
    example,
    operation,
    schema,
)
from tests.support.fakes.server import JsonHandler, LocalServer

DOCS = "https://docs.github.com/rest"
MB = 1024 * 1024
RAW_TYPES = ("application/vnd.github.raw+json", "application/vnd.github.raw", "application/vnd.github.v3.raw")
OBJECT_TYPE = (
    "application/vnd.github.object+json"  # the contents API's object media type: a file's metadata whatever its size
)
# Where each kind of id starts: GitHub's are int64 and long past 2^31 (comments, check runs) today.
USER_TOKEN_PREFIXES = ("ghp_", "github_pat_", "gho_")  # personal access tokens and OAuth app tokens
CHECKS_DOCS = "https://docs.github.com/rest/checks/runs#create-a-check-run"
FIRST_IDS = {"comment": 2_500_000_000, "check_run": 35_000_000_000, "pull": 2_100_000_000}
EPOCH = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
ROLES = {"admin": "admin", "maintain": "write", "write": "write", "triage": "read", "read": "read"}  # role -> legacy


@dataclass
class Fault:
    method: str
    path: str  # regex matched against the path
    status: int
    times: int = 1
    message: str = "injected fault"
    headers: dict[str, str] = field(default_factory=dict)
    errors: list[dict[str, Any]] | None = None  # the documented "errors" list of a 403/422 body
    body: Any = None  # the whole reply instead of GitHub's error body: an answer nobody planned for (not checked)
    skip: int = 0  # matching requests answered as usual first


@dataclass
class Request:
    method: str
    path: str
    headers: dict[str, str]
    body: Any
    query: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class Call:
    """One request as a route sees it: the description's path parameters already taken apart."""

    method: str
    path: str
    params: dict[str, str]
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: Any

    @property
    def repo(self) -> str:
        return f"{self.params['owner']}/{self.params['repo']}"

    def arg(self, name: str, default: str | None = None) -> str | None:
        return self.query.get(name, [default])[0]


@dataclass
class Raw:
    """An answer that is not JSON: the raw media type's bytes."""

    data: bytes
    media_type: str


Reply = tuple[int, Any, dict[str, str]]
Route = Callable[["FakeGitHub", Call], Reply]
_ROUTES: dict[str, Route] = {}


def route(name: str) -> Callable[[Route], Route]:
    """Register a route for one operation of the vendored description ("GET /repos/{owner}/{repo}/...")."""
    method, template = name.split(" ", 1)

    def register(handler: Route) -> Route:
        found = operation(method, template.replace("{", "").replace("}", ""))
        held = found[0].template if found else None
        assert held == template, (
            f"{name} is not an operation of the vendored description: add it to OPERATIONS in "
            "tests/support/descriptions/refresh.py and refresh"
        )
        _ROUTES[name] = handler
        return handler

    return register


def blob_sha(data: bytes) -> str:
    """The Git blob id of a file, as GitHub's contents and blobs APIs name it."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


class FakeGitHub(LocalServer):
    def __init__(
        self, token: str = "ghs_test", me: str | None = None, bot: str = "github-actions[bot]", app_id: int = 15368
    ) -> None:
        self.token = token
        self.app_id = app_id  # the app whose token this is: its check runs land in its check suite
        self.me = me  # None: GET /user answers 403, as it does for the workflow token
        self.bot = bot
        self.comments: dict[int, dict[str, Any]] = {}
        self.check_runs: dict[int, dict[str, Any]] = {}
        self.suites: list[dict[str, Any]] = []  # check suites in the order GitHub made them: repo, sha, app id
        self.files: dict[tuple[str, str], bytes] = {}  # (ref, path from the repository root) -> content
        # (ref, path) -> the commits reachable from ref that changed path, newest first: (sha, committer date)
        self.history: dict[tuple[str, str], list[tuple[str, datetime]]] = {}
        self.pulls: dict[int, dict[str, Any]] = {}
        self.gone: set[str] = set()  # commits GitHub no longer has (a force push dropped them, and they were collected)
        self.permissions: dict[str, str] = {}  # login -> role_name: admin, maintain, write, triage, read
        self.graphql_points = 5000  # GraphQL's rateLimit.remaining; each query costs one point
        self.graphql_reset: str | None = None  # rateLimit.resetAt (default: an hour past GitHub's clock)
        self.ticks = 0  # GitHub's clock, in seconds since EPOCH
        self.requests: list[Request] = []
        self.faults: list[Fault] = []
        self.violations: list[str] = []  # where a request or an answer left GitHub's descriptions
        self.inline_limit = 1 * MB  # the contents API's larger files: encoding "none", empty content
        self.api_limit = 100 * MB  # larger files: 403 too_large (a test may lower it to stand for 100 MB)
        self._ids = dict(FIRST_IDS)
        self._lock = threading.Lock()
        fake = self

        class Handler(JsonHandler):
            def _handle(self) -> None:
                url = self.path.split("?", 1)
                path, query = url[0], _query(url[1] if len(url) > 1 else "")
                body = self.read_json()
                headers = self.lower_headers()
                with fake._lock:
                    fake.requests.append(Request(self.command, path, headers, body, query))
                    status, payload, extra = fake._answer(self.command, path, query, headers, body)
                if isinstance(payload, Raw):
                    self.send_response(status)
                    self.send_header("Content-Type", payload.media_type)
                    self.send_header("Content-Length", str(len(payload.data)))
                    self.end_headers()
                    self.wfile.write(payload.data)
                else:
                    self.reply(status, payload, extra)

            do_GET = do_POST = do_PATCH = do_DELETE = _handle  # noqa: N815

        super().__init__(Handler)

    def __exit__(self, *exc: object) -> None:
        super().__exit__(*exc)
        if self.violations and exc[0] is None:
            raise AssertionError("requests or answers left GitHub's descriptions:\n" + "\n".join(self.violations))

    @property
    def url(self) -> str:
        return self.base_url

    # ---- state helpers for tests

    def add_comment(self, issue: int, body: str, login: str) -> int:
        with self._lock:
            return int(self._new_comment("o/r", issue, body, login)["id"])

    def edit_comment(self, cid: int, body: str, editor: str | None = None) -> None:
        """Someone edits a comment in the web UI: its author unless ``editor`` says who else."""
        with self._lock:
            self._edited(self.comments[cid], body, editor or self.comments[cid]["login"])

    def _edited(self, comment: dict[str, Any], body: str, editor: str) -> None:
        """An edit as GitHub keeps it: the new text, its editor and time, and the history (the original text
        enters it, by its author, with the first edit)."""
        history = comment.setdefault("edits", [])
        if not history:
            history.append({"editor": comment["login"], "at": comment["created_at"]})
        comment.update(body=body, edited_at=self._tick(), editor=editor)
        history.append({"editor": editor, "at": comment["edited_at"]})

    def add_check_suite(self, sha: str, app_id: int, names: tuple[str, ...] = ()) -> None:
        """Another app's check suite on a commit (with check runs of these names, completed): before
        groundgate's when added first, as GitHub lists suites in the order it made them."""
        with self._lock:
            self.suites.append({"id": len(self.suites) + 1, "repo": "o/r", "sha": sha, "app": app_id})
            for name in names:
                rid = self._new_id("check_run")
                at = self._tick()
                self.check_runs[rid] = {
                    "id": rid, "repo": "o/r", "name": name, "head_sha": sha, "status": "completed", "app": app_id,
                    "conclusion": "success", "output": {"title": name, "summary": ""}, "annotations": [],
                    "started_at": at, "completed_at": at,
                }  # fmt: skip

    def delete_comment(self, cid: int) -> None:
        with self._lock:
            del self.comments[cid]

    def now(self) -> str:
        return _iso(self.ticks)

    @staticmethod
    def _latest(runs: list[dict[str, Any]]) -> dict[str, Any]:
        """What ``filter=latest`` keeps of one name's check runs: GitHub "filters check runs by their
        ``completed_at`` timestamp", so an older run completed again later is the one it lists."""
        return max(runs, key=lambda r: (r.get("completed_at") or "", r["id"]))

    def _tick(self) -> str:
        self.ticks += 1
        return _iso(self.ticks)

    def add_pull(
        self,
        number: int,
        head_sha: str,
        *,
        head_repo: str = "o/r",
        head_ref: str = "patch-1",
        state: str = "open",
        by_commit: bool = True,
        author: str = "contributor",
    ) -> None:
        """A pull request into o/r, opened by ``author``; ``move_pull`` pushes a new head, the old one stays
        among its commits. ``by_commit=False``: ``GET /commits/{sha}/pulls`` does not list it (only the head
        filter finds it)."""
        with self._lock:
            self.pulls[number] = {
                "id": self._new_id("pull"), "number": number, "head_sha": head_sha, "head_repo": head_repo,
                "head_ref": head_ref, "state": state, "commits": [head_sha], "by_commit": by_commit,
                "author": author, "updated": self._tick(), "repo": "o/r", "force_pushes": [],
            }  # fmt: skip

    def move_pull(self, number: int, new_head: str) -> None:
        with self._lock:
            self.pulls[number]["head_sha"] = new_head
            self.pulls[number]["commits"].append(new_head)
            self.pulls[number]["updated"] = self._tick()

    def force_push(self, number: int, new_head: str, kept: int = 0, *, collected: bool = False) -> None:
        """A force push: the pull request's commits become the first ``kept`` of its commits and ``new_head``; the
        timeline keeps the head it replaced (``beforeCommit``; null once GitHub has ``collected`` it)."""
        with self._lock:
            pull = self.pulls[number]
            before = pull["head_sha"]
            pull["commits"] = [*pull["commits"][:kept], new_head]
            pull["head_sha"] = new_head
            pull["updated"] = self._tick()
            pull["force_pushes"].append((None if collected else before, new_head, pull["updated"]))

    @property
    def identity(self) -> str:
        return self.me or self.bot

    def comments_on(self, issue: int) -> list[dict[str, Any]]:
        return [c for c in self.comments.values() if c["issue"] == issue]

    def writes(self, method: str, pattern: str) -> list[Request]:
        return [r for r in self.requests if r.method == method and re.fullmatch(pattern, r.path)]

    # ---- answering

    def _answer(self, method: str, path: str, query: dict[str, list[str]], headers: dict[str, str], body: Any) -> Reply:
        rest = path != "/graphql"
        if rest:
            self.violations += [f"{method} {path}: {v}" for v in check_request(method, path, query, body)[:10]]
            self.violations += check_accept(method, path, headers.get("accept"))
            if headers.get("x-github-api-version") is None:
                self.violations.append(f"{method} {path}: no X-GitHub-Api-Version header")
            if re.search(r"application/vnd\.github\.[\w-]+-preview", headers.get("accept", "")):
                self.violations.append(f"{method} {path}: a retired preview media type ({headers['accept']})")
        planned = not any(f.body is not None and f.times > 0 and not f.skip and f.method == method and re.fullmatch(f.path, path)
                              for f in self.faults)  # fmt: skip
        reply = self._route(method, path, query, headers, body)
        if rest and planned and not isinstance(reply[1], Raw):
            self.violations += check_response(method, path, reply[0], reply[1], headers.get("accept"))[:10]
        return reply

    def _route(self, method: str, path: str, query: dict[str, list[str]], headers: dict[str, str], body: Any) -> Reply:
        for fault in self.faults:
            if fault.times > 0 and fault.method == method and re.fullmatch(fault.path, path):
                if fault.skip > 0:
                    fault.skip -= 1
                    continue
                fault.times -= 1
                if fault.body is not None:
                    return fault.status, fault.body, fault.headers
                return self.error(fault.status, fault.message, errors=fault.errors, headers=fault.headers)
        if headers.get("authorization") not in (f"token {self.token}", f"Bearer {self.token}"):
            return self.error(401, "Bad credentials")
        version = headers.get("x-github-api-version")
        if version is not None and version != API_VERSION:
            return self.error(400, f"API version {version} is not supported.")
        if method == "POST" and path == "/graphql":
            return self._graphql(body or {})
        writes_checks = method in ("POST", "PATCH") and re.fullmatch(r"/repos/[^/]+/[^/]+/check-runs(/\d+)?", path)
        if writes_checks and self.token.startswith(USER_TOKEN_PREFIXES):
            return self.error(403, "You must authenticate via a GitHub App.", docs=CHECKS_DOCS)
        found = operation(method, path)
        handler = _ROUTES.get(found[0].name) if found else None
        if found is None or handler is None:
            return self.error(404, "Not Found")
        return handler(self, Call(method, path, found[1], query, headers, body))

    def error(
        self,
        status: int,
        message: str,
        *,
        errors: list[dict[str, Any]] | None = None,
        headers: dict[str, str] | None = None,
        docs: str = DOCS,
    ) -> Reply:
        """GitHub's error body: ``message``, ``documentation_url``, ``status`` (a string), maybe ``errors``."""
        payload: dict[str, Any] = {"message": message, "documentation_url": docs, "status": str(status)}
        if errors is not None:
            payload["errors"] = errors
        return status, payload, headers or {}

    def _new_id(self, kind: str) -> int:
        self._ids[kind] += 1
        return self._ids[kind]

    @staticmethod
    def _paged(items: list[Any], call: Call, base: str) -> tuple[list[Any], dict[str, str]]:
        per_page = min(int(call.arg("per_page", "30") or 30), 100)
        page = int(call.arg("page", "1") or 1)
        links = {}
        if page * per_page < len(items):
            links["Link"] = f'<{base}{call.path}?per_page={per_page}&page={page + 1}>; rel="next"'
        return items[(page - 1) * per_page : page * per_page], links

    # ---- JSON as GitHub writes it: the description's example, the fake's state laid over it

    def _user(self, login: str) -> dict[str, Any]:
        user: dict[str, Any] = example("issue-comment")["user"]
        user.update(login=login, type="Bot" if login.endswith("[bot]") else "User", url=f"{self.url}/users/{login}")
        return user

    def _comment_json(self, comment: dict[str, Any]) -> dict[str, Any]:
        repo, cid = comment["repo"], comment["id"]
        found: dict[str, Any] = example("issue-comment")
        found.update(
            id=cid,
            node_id=base64.b64encode(f"IC_{cid}".encode()).decode(),
            body=comment["body"],
            user=self._user(comment["login"]),
            created_at=comment["created_at"],
            updated_at=comment.get("edited_at") or comment["created_at"],
            url=f"{self.url}/repos/{repo}/issues/comments/{cid}",
            html_url=f"https://github.example/{repo}/pull/{comment['issue']}#issuecomment-{cid}",
            issue_url=f"{self.url}/repos/{repo}/issues/{comment['issue']}",
        )
        return found

    def _pull_json(self, pull: dict[str, Any], item: bool = False) -> dict[str, Any]:
        number, owner = pull["number"], pull["head_repo"].split("/")[0]
        found: dict[str, Any] = example("pull-request-simple-items")[0] if item else example("pull-request")
        found.update(
            id=pull["id"], number=number, state=pull["state"], requested_teams=[], user=self._user(pull["author"]),
            url=f"{self.url}/repos/o/r/pulls/{number}", html_url=f"https://github.example/o/r/pull/{number}",
        )  # fmt: skip
        found["head"].update(sha=pull["head_sha"], ref=pull["head_ref"], label=f"{owner}:{pull['head_ref']}")
        found["head"]["repo"].update(full_name=pull["head_repo"], name="r")
        found["head"]["repo"]["owner"]["login"] = owner
        found["base"].update(sha="base", ref="main", label="o:main")
        found["base"]["repo"].update(full_name="o/r", name="r")
        found["base"]["repo"]["owner"]["login"] = "o"
        return found

    def _check_json(self, run: dict[str, Any]) -> dict[str, Any]:
        found: dict[str, Any] = example("check-run")
        url = f"{self.url}/repos/{run['repo']}/check-runs/{run['id']}"
        output = run.get("output") or {}
        found.update(
            id=run["id"], name=run["name"], head_sha=run["head_sha"], status=run.get("status") or "queued",
            conclusion=run.get("conclusion"), url=url, html_url=f"https://github.example/{run['repo']}/runs/{run['id']}",
            started_at=run["started_at"], completed_at=run.get("completed_at"),
            output={"title": output.get("title"), "summary": output.get("summary"), "text": output.get("text"),
                    "annotations_count": len(run["annotations"]), "annotations_url": f"{url}/annotations"},
        )  # fmt: skip
        found["app"]["slug"] = self.bot.removesuffix("[bot]")
        found["app"]["id"] = run.get("app", self.app_id)
        return found

    def _new_comment(self, repo: str, issue: int, body: str, login: str) -> dict[str, Any]:
        cid = self._new_id("comment")
        comment: dict[str, Any] = {
            "id": cid, "repo": repo, "issue": issue, "body": body, "login": login, "created_at": self._tick(),
        }  # fmt: skip
        self.comments[cid] = comment
        return comment

    # ---- GraphQL: executed over GitHub's schema

    def _graphql(self, body: dict[str, Any]) -> Reply:
        fake = self

        def edits(comment: dict[str, Any]) -> Any:
            def connection(info: Any, first: int | None = None, last: int | None = None, **_: Any) -> Any:
                if (first is None) == (last is None) or not 1 <= (first or last or 0) <= 100:
                    raise GraphQLError("You must provide a `first` or `last` value of 1 to 100 to properly paginate the `userContentEdits` connection.")  # fmt: skip
                history = list(reversed(comment.get("edits", [])))  # newest first
                chosen = history[:first] if first is not None else history[-(last or 0) :]
                nodes = [{"editedAt": e["at"], "editor": actor(e["editor"])} for e in chosen]
                return {"nodes": nodes, "totalCount": len(history)}

            return connection

        def comments(
            pull: dict[str, Any], info: Any, first: int | None = None, after: str | None = None, **_: Any
        ) -> Any:
            if first is None:
                raise GraphQLError("You must provide a `first` or `last` value to properly paginate the `comments` connection.")  # fmt: skip
            if not 1 <= first <= 100:
                raise GraphQLError(f"Requesting {first} records on the `comments` connection exceeds the `first` limit of 100 records.")  # fmt: skip
            items = [c for c in fake.comments.values() if c["issue"] == pull["number"] and c["repo"] == pull["repo"]]
            start = int(after or 0)
            more = start + first < len(items)
            nodes = [
                {"databaseId": c["id"], "fullDatabaseId": c["id"], "id": f"IC_{c['id']}", "body": c["body"],
                 "viewerDidAuthor": c["login"] == fake.identity, "author": actor(c["login"]),
                 "editor": actor(c["editor"]) if c.get("editor") else None, "createdAt": c["created_at"],
                 "lastEditedAt": c.get("edited_at"), "userContentEdits": edits(c)}
                for c in items[start : start + first]
            ]  # fmt: skip
            page = {"hasNextPage": more, "endCursor": str(start + first) if more else None}
            return {"nodes": nodes, "pageInfo": page, "totalCount": len(items)}

        def actor(login: str) -> dict[str, Any]:
            kind = "Bot" if login.endswith("[bot]") else "User"
            url = f"https://github.example/{login.removesuffix('[bot]')}"
            return {"__typename": kind, "login": login.removesuffix("[bot]") if kind == "Bot" else login,
                    "url": url, "resourcePath": url, "avatarUrl": url}  # fmt: skip

        def commit(repo: str, sha: str) -> dict[str, Any]:
            def suite(app: int) -> dict[str, Any]:
                def check_runs(info: Any, first: int | None = None, **arguments: Any) -> Any:
                    filter_by = arguments.get("filterBy") or {}
                    wanted = filter_by.get("checkName")
                    runs = sorted((r for r in fake.check_runs.values() if r["repo"] == repo and r["head_sha"] == sha
                                   and r.get("app", fake.app_id) == app and wanted in (None, r["name"])),
                                  key=lambda r: r["id"])  # fmt: skip
                    if filter_by.get("checkType", "LATEST") == "LATEST":
                        runs = [r for r in runs if r is fake._latest([x for x in runs if x["name"] == r["name"]])]
                    nodes = [{"name": r["name"], "text": (r.get("output") or {}).get("text"),
                              "completedAt": r.get("completed_at")} for r in runs[: first or 100]]  # fmt: skip
                    return {"nodes": nodes}

                return {"checkRuns": check_runs}

            def check_suites(info: Any, first: int | None = None, after: str | None = None, **arguments: Any) -> Any:
                if first is None or not 1 <= first <= 100:
                    raise GraphQLError("You must provide a `first` value of 1 to 100 to paginate the `checkSuites` connection.")  # fmt: skip
                app = (arguments.get("filterBy") or {}).get("appId")
                apps = [
                    s["app"] for s in fake.suites if s["repo"] == repo and s["sha"] == sha and app in (None, s["app"])
                ]
                start = int(after or 0)
                more = start + first < len(apps)
                page = {"hasNextPage": more, "endCursor": str(start + first) if more else None}
                return {"nodes": [suite(a) for a in apps[start : start + first]], "pageInfo": page}

            return {"__typename": "Commit", "oid": sha, "checkSuites": check_suites}

        def known(pull: dict[str, Any] | None, number: int) -> dict[str, Any]:
            if pull is None:  # GitHub: the pull request resolves to null, with this error
                raise GraphQLError(f"Could not resolve to a PullRequest with the number of {number}.")
            return pull

        def paged(
            items: list[Any], name: str, first: int | None, after: str | None
        ) -> tuple[list[Any], dict[str, Any]]:
            if first is None or not 1 <= first <= 100:
                raise GraphQLError(f"You must provide a `first` value of 1 to 100 to paginate the `{name}` connection.")  # fmt: skip
            start = int(after or 0)
            more = start + first < len(items)
            return items[start : start + first], {"hasNextPage": more, "endCursor": str(start + first) if more else None}  # fmt: skip

        def pull_commits(
            repo: str, pull: dict[str, Any], first: int | None = None, after: str | None = None, **_: Any
        ) -> Any:
            """A pull request's commits as they are now, oldest first (a force push replaced the older ones)."""
            chunk, page = paged(pull["commits"], "commits", first, after)
            return {"nodes": [{"commit": commit(repo, sha)} for sha in chunk], "pageInfo": page, "totalCount": len(pull["commits"])}  # fmt: skip

        def force_pushes(pull: dict[str, Any], first: int | None = None, after: str | None = None, **kw: Any) -> Any:
            """The pull request's timeline, its force pushes only (the one item type the schema keeps)."""
            if kw.get("itemTypes") != ["HEAD_REF_FORCE_PUSHED_EVENT"]:
                raise GraphQLError("the fake's timeline holds only HEAD_REF_FORCE_PUSHED_EVENT items: ask for those")
            chunk, page = paged(pull.get("force_pushes", []), "timelineItems", first, after)
            nodes = [{"__typename": "HeadRefForcePushedEvent", "createdAt": at,
                      "beforeCommit": commit(pull["repo"], before) if before else None,
                      "afterCommit": commit(pull["repo"], after_)} for before, after_, at in chunk]  # fmt: skip
            return {"nodes": nodes, "pageInfo": page}

        def pull_requests(repo: str, first: int | None = None, after: str | None = None, **_: Any) -> Any:
            if first is None or not 1 <= first <= 100:
                raise GraphQLError("You must provide a `first` value of 1 to 100 to paginate the `pullRequests` connection.")  # fmt: skip
            items = sorted(fake.pulls.values(), key=lambda p: p["updated"], reverse=True)  # orderBy UPDATED_AT DESC
            start = int(after or 0)
            more = start + first < len(items)

            def commits(pull: dict[str, Any], info: Any, last: int | None = None, **__: Any) -> Any:
                shas = pull["commits"][-(last or 100) :]
                return {"nodes": [{"commit": commit(repo, sha)} for sha in shas]}

            nodes = [{"number": p["number"], "updatedAt": p["updated"],
                      "commits": lambda info, p=p, **kw: commits(p, info, **kw)} for p in items[start : start + first]]  # fmt: skip
            return {
                "nodes": nodes,
                "pageInfo": {"hasNextPage": more, "endCursor": str(start + first) if more else None},
            }

        def repository(_: Any, info: Any, owner: str, name: str, **__: Any) -> Any:
            repo = f"{owner}/{name}"

            def pull_request(_: Any, info: Any, number: int) -> Any:
                pull = {"number": number, "repo": repo}
                found = fake.pulls.get(number)
                return {
                    "comments": lambda info, **kw: comments(pull, info, **kw),
                    "commits": lambda info, **kw: pull_commits(repo, known(found, number), **kw),
                    "timelineItems": lambda info, **kw: force_pushes(known(found, number), **kw),
                }

            return {
                "pullRequest": lambda info, **kw: pull_request(None, info, **kw),
                "pullRequests": lambda info, **kw: pull_requests(repo, **kw),
                "object": lambda info, oid=None, **kw: commit(repo, oid) if oid else None,
            }

        self.graphql_points = max(0, self.graphql_points - 1)
        rate = {"cost": 1, "remaining": self.graphql_points, "resetAt": self.graphql_reset or _iso(self.ticks + 3600)}
        root = {"repository": lambda info, **kw: repository(None, info, **kw), "rateLimit": lambda info, **kw: rate}
        result = graphql_sync(schema(), body.get("query", ""), root_value=root, variable_values=body.get("variables"))
        answer: dict[str, Any] = {}
        if result.errors:
            answer["errors"] = [
                {"message": e.message, "path": e.path, "locations": [loc._asdict() for loc in e.locations or []]}
                for e in result.errors
            ]
        if result.data is not None:
            answer["data"] = result.data
        if result.data is None and result.errors:
            self.violations += [f"POST /graphql: {e.message}" for e in result.errors]  # invalid against the schema
        return 200, answer, {}

    # ---- REST routes, one per operation of the description

    @route("GET /user")
    def _get_user(self, call: Call) -> Reply:
        if self.me is None:
            return self.error(403, "Resource not accessible by integration")
        user = example("private-user-response-with-public-profile-information")
        user.update(login=self.me, type="User")
        return 200, user, {}

    @route("GET /repos/{owner}/{repo}/pulls/{pull_number}")
    def _get_pull(self, call: Call) -> Reply:
        pull = self.pulls.get(int(call.params["pull_number"]))
        return (200, self._pull_json(pull), {}) if pull else self.error(404, "Not Found")

    @route("GET /repos/{owner}/{repo}/pulls")
    def _list_pulls(self, call: Call) -> Reply:
        state, head = call.arg("state", "open"), call.arg("head")
        found = [
            self._pull_json(p, item=True)
            for p in self.pulls.values()
            if (state == "all" or p["state"] == state)
            and (head is None or head == f"{p['head_repo'].split('/')[0]}:{p['head_ref']}")
        ]
        chunk, links = self._paged(found, call, self.url)
        return 200, chunk, links

    @route("GET /repos/{owner}/{repo}/commits")
    def _list_commits(self, call: Call) -> Reply:
        """The commits reachable from ``sha`` (default: the default branch) that changed ``path``, newest first."""
        ref, path = call.arg("sha", "main") or "main", call.arg("path")
        found = []
        for sha, at in self.history.get((ref, path or ""), []) if path else []:
            commit = example("commit-items")[0]
            stamp = at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            commit.update(
                sha=sha, url=f"{self.url}/repos/o/r/commits/{sha}", html_url=f"https://github.com/o/r/commit/{sha}"
            )
            commit["commit"]["committer"].update(date=stamp)
            commit["commit"]["author"].update(date=stamp)
            found.append(commit)
        chunk, links = self._paged(found, call, self.url)
        return 200, chunk, links

    @route("GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls")
    def _pulls_of_commit(self, call: Call) -> Reply:
        sha = call.params["commit_sha"]
        found = [self._pull_json(p, item=True) for p in self.pulls.values() if p["by_commit"] and sha in p["commits"]]
        return 200, found, {}

    @route("GET /repos/{owner}/{repo}/commits/{ref}/check-runs")
    def _check_runs_of_commit(self, call: Call) -> Reply:
        repo = call.repo
        if call.params["ref"] in self.gone:
            return self.error(422, f"No commit found for SHA: {call.params['ref']}")
        name = call.arg("check_name")
        runs = [
            r
            for r in self.check_runs.values()
            if r["repo"] == repo and r["head_sha"] == call.params["ref"] and name in (None, r["name"])
        ]
        if call.arg("filter", "latest") == "latest":  # the most recently completed check run of each name only
            runs = [r for r in runs if r is self._latest([x for x in runs if x["name"] == r["name"]])]
        chunk, links = self._paged([self._check_json(r) for r in runs], call, self.url)
        return 200, {"total_count": len(runs), "check_runs": chunk}, links

    @route("GET /repos/{owner}/{repo}/check-runs/{check_run_id}/annotations")
    def _annotations(self, call: Call) -> Reply:
        existing = self.check_runs.get(int(call.params["check_run_id"]))
        if existing is None:
            return self.error(404, "Not Found")
        items = [{"blob_href": "", "raw_details": None, "title": None, "start_column": None, "end_column": None, **a}
                 for a in existing["annotations"]]  # fmt: skip
        chunk, links = self._paged(items, call, self.url)
        return 200, chunk, links

    @route("POST /repos/{owner}/{repo}/check-runs")
    def _create_check_run(self, call: Call) -> Reply:
        body = call.body
        problem = self._check_output(body.get("output"))
        if problem:
            return self.error(422, problem)
        rid = self._new_id("check_run")
        run: dict[str, Any] = {"id": rid, "repo": call.repo, "app": self.app_id, **body}
        if not any(
            s["repo"] == call.repo and s["sha"] == body["head_sha"] and s["app"] == self.app_id for s in self.suites
        ):
            self.suites.append(
                {"id": len(self.suites) + 1, "repo": call.repo, "sha": body["head_sha"], "app": self.app_id}
            )
        run["annotations"] = list((body.get("output") or {}).get("annotations", []))
        run["started_at"] = self._tick()
        if body.get("conclusion"):
            run["status"] = "completed"  # documented: a conclusion sets the status
            run["completed_at"] = run["started_at"]
        self.check_runs[rid] = run
        return 201, self._check_json(run), {}

    @route("PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}")
    def _update_check_run(self, call: Call) -> Reply:
        body = call.body
        existing = self.check_runs.get(int(call.params["check_run_id"]))
        if existing is None:
            return self.error(404, "Not Found")
        problem = self._check_output(body.get("output"))
        if problem:
            return self.error(422, problem)
        existing["annotations"] += (body.get("output") or {}).get("annotations", [])  # appended, never replaced
        existing.update({k: v for k, v in body.items() if k != "output"})
        if body.get("conclusion"):
            existing["status"] = "completed"
            existing["completed_at"] = body.get("completed_at") or self._tick()
        if (
            body.get("output") is not None
        ):  # the description does not say an output without `text` keeps it: it is cleared
            new_output = {k: v for k, v in body["output"].items() if k != "annotations"}
            existing["output"] = {**(existing.get("output") or {}), "text": None, **new_output}
        return 200, self._check_json(existing), {}

    @route("GET /repos/{owner}/{repo}/issues/{issue_number}")
    def _get_issue(self, call: Call) -> Reply:
        repo, number = call.repo, int(call.params["issue_number"])
        found = example("issue")
        found.update(number=number, url=f"{self.url}/repos/{repo}/issues/{number}")
        return 200, found, {}

    @route("GET /repos/{owner}/{repo}/issues/comments/{comment_id}")
    def _get_comment(self, call: Call) -> Reply:
        comment = self.comments.get(int(call.params["comment_id"]))
        return (200, self._comment_json(comment), {}) if comment else self.error(404, "Not Found")

    @route("PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}")
    def _edit_comment(self, call: Call) -> Reply:
        comment = self.comments.get(int(call.params["comment_id"]))
        if comment is None:
            return self.error(404, "Not Found")
        if len(call.body["body"]) > 65536:
            return self._too_long()
        self._edited(comment, call.body["body"], self.identity)
        return 200, self._comment_json(comment), {}

    @route("POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions")
    def _react(self, call: Call) -> Reply:
        comment = self.comments.get(int(call.params["comment_id"]))
        if comment is None:
            return self.error(404, "Not Found")
        content = call.body["content"]
        found = example("reaction")
        found.update(content=content, user=self._user(self.identity), created_at=self._tick())
        mine = [r for r in comment.setdefault("reactions", []) if r == (self.identity, content)]
        if mine:  # documented: the same reaction again answers 200 with the existing one
            return 200, found, {}
        comment["reactions"].append((self.identity, content))
        return 201, found, {}

    @route("GET /repos/{owner}/{repo}/issues/{issue_number}/comments")
    def _list_comments(self, call: Call) -> Reply:
        repo, number = call.repo, int(call.params["issue_number"])
        items = [self._comment_json(c) for c in self.comments.values() if c["issue"] == number and c["repo"] == repo]
        chunk, links = self._paged(items, call, self.url)
        return 200, chunk, links

    @route("POST /repos/{owner}/{repo}/issues/{issue_number}/comments")
    def _create_comment(self, call: Call) -> Reply:
        if len(call.body["body"]) > 65536:
            return self._too_long()
        repo, number = call.repo, int(call.params["issue_number"])
        return 201, self._comment_json(self._new_comment(repo, number, call.body["body"], self.identity)), {}

    def _too_long(self) -> Reply:
        return self.error(
            422,
            "Validation Failed",
            errors=[
                {
                    "resource": "IssueComment",
                    "code": "custom",
                    "field": "body",
                    "message": "body is too long (maximum is 65536 characters)",
                }
            ],
        )

    @route("GET /repos/{owner}/{repo}/collaborators/{username}/permission")
    def _permission(self, call: Call) -> Reply:
        login = call.params["username"]
        role = next((r for name, r in self.permissions.items() if name.casefold() == login.casefold()), None)
        if role is None:
            return self.error(404, "Not Found", docs=f"{DOCS}/collaborators/collaborators#get-repository-permissions-for-a-user")  # fmt: skip
        found = example("repository-collaborator-permission-response-if-user-has-admin-permissions")
        found.update(permission=ROLES.get(role, "read"), role_name=role)
        found["user"].update(login=login, role_name=role)
        return 200, found, {}

    @route("GET /repos/{owner}/{repo}/contents/{path}")
    def _contents(self, call: Call) -> Reply:
        ref, name = call.arg("ref", "main") or "main", call.params["path"]
        data = self.files.get((ref, name))
        if data is None:
            return self.error(404, "Not Found", docs=f"{DOCS}/repos/contents#get-repository-content")
        if len(data) > self.api_limit:
            return self._too_large("contents#get-repository-content")
        asked = accepted(call.headers.get("accept"))
        if any(kind in asked for kind in RAW_TYPES):
            return 200, Raw(data, "application/vnd.github.raw+json"), {}
        if len(data) > self.inline_limit and OBJECT_TYPE not in asked:  # the description's prose, checked
            self.violations.append(
                f"GET {call.path}: a file of 1-100 MB asked for with Accept {call.headers.get('accept')!r}: the "
                "description supports only the raw or object media types for such files"
            )
        sha = blob_sha(data)
        found = example("content-file-response-if-content-is-a-file")
        found.update(
            name=name.rsplit("/", 1)[-1], path=name, size=len(data), sha=sha,
            url=f"{self.url}{call.path}?ref={ref}", git_url=f"{self.url}/repos/o/r/git/blobs/{sha}",
        )  # fmt: skip
        if len(data) > self.inline_limit:  # documented: 1-100 MB come back without their content
            found.update(encoding="none", content="")
        else:
            encoded = base64.b64encode(data).decode()
            found.update(encoding="base64", content="\n".join(encoded[i : i + 60] for i in range(0, len(encoded), 60)))
        return 200, found, {}

    @route("GET /repos/{owner}/{repo}/git/blobs/{file_sha}")
    def _blob(self, call: Call) -> Reply:
        sha = call.params["file_sha"]
        data = next((d for d in self.files.values() if blob_sha(d) == sha), None)
        if data is None:
            return self.error(404, "Not Found", docs=f"{DOCS}/git/blobs#get-a-blob")
        if len(data) > self.api_limit:
            return self._too_large("git/blobs#get-a-blob")
        if any(kind in accepted(call.headers.get("accept")) for kind in RAW_TYPES):
            return 200, Raw(data, "application/vnd.github.raw+json"), {}
        found = example("blob")
        found.update(
            sha=sha, size=len(data), content=base64.b64encode(data).decode(), encoding="base64",
            url=f"{self.url}{call.path}", node_id=base64.b64encode(f"B_{sha}".encode()).decode(),
        )  # fmt: skip
        return 200, found, {}

    def _too_large(self, docs: str) -> Reply:
        return self.error(
            403,
            "This API returns blobs up to 100 MB in size. The requested blob is too large to fetch via the API.",
            errors=[{"resource": "Blob", "field": "data", "code": "too_large"}],
            docs=f"{DOCS}/repos/{docs}",
        )

    @staticmethod
    def _check_output(output: dict[str, Any] | None) -> str | None:
        """What GitHub refuses with a 422: lengths and counts past its limits, annotations without their fields."""
        if not output:
            return None
        if len(output.get("summary", "")) > 65535 or len(output.get("text", "") or "") > 65535:
            return "Invalid request.\n\noutput.summary or output.text is too long (maximum is 65535 characters)"
        annotations = output.get("annotations", [])
        if len(annotations) > 50:
            return "Invalid request.\n\nOnly 50 annotations are allowed per request."
        for a in annotations:
            if len(a.get("title", "")) > 255 or a.get("annotation_level") not in ("notice", "warning", "failure"):
                return "Invalid request.\n\nannotations: a title over 255 characters or an unknown annotation_level"
            if not {"path", "start_line", "end_line", "message"} <= a.keys():
                return "Invalid request.\n\nannotations: path, start_line, end_line and message are required"
        return None


def _query(text: str) -> dict[str, list[str]]:
    return parse_qs(text, keep_blank_values=True)


def _iso(ticks: int) -> str:
    return (EPOCH + timedelta(seconds=ticks)).strftime("%Y-%m-%dT%H:%M:%SZ")

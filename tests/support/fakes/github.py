"""An in-memory GitHub REST server on 127.0.0.1 for the endpoints groundgate uses.

Real PyGithub talks to it. It enforces the platform's limits (comment body, check-run output
and annotation batch sizes) and can be told to fail the next matching requests, so tests see
what the action does when GitHub refuses or stumbles.

The token's identity is modelled as GitHub has it: ``me`` set is a personal token (``GET /user``
answers with its login, its comments are by that login); ``me`` unset is a workflow token or a
GitHub App installation token (``GET /user`` is 403, comments are by ``bot``: ``github-actions[bot]``
or ``<app-slug>[bot]``). ``POST /graphql`` answers the comments query with ``viewerDidAuthor``.
The token's kind is read from its prefix as GitHub formats them: only GitHub App tokens (``ghs_``: the
workflow token and App installation tokens) may write check runs; a personal access token (classic
``ghp_`` or fine-grained ``github_pat_``) or an OAuth app's token (``gho_``) gets the documented 403.
"""

from __future__ import annotations

import base64
import hashlib
import re
import threading
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlparse

from tests.support.fakes.server import JsonHandler, LocalServer

USER_TOKEN_PREFIXES = ("ghp_", "github_pat_", "gho_")  # personal access tokens and OAuth app tokens
CHECKS_DOCS = "https://docs.github.com/rest/checks/runs#create-a-check-run"


@dataclass
class Fault:
    method: str
    path: str  # regex matched against the path
    status: int
    times: int = 1
    message: str = "injected fault"
    headers: dict[str, str] = field(default_factory=dict)
    body: Any = None  # the whole reply instead of {"message": ...}: an answer nobody planned for


@dataclass
class Request:
    method: str
    path: str
    headers: dict[str, str]
    body: Any
    query: str = ""


class FakeGitHub(LocalServer):
    def __init__(self, token: str = "ghs_test", me: str | None = None, bot: str = "github-actions[bot]") -> None:
        self.token = token
        self.me = me  # None: GET /user answers 403, as it does for the workflow token
        self.bot = bot
        self.comments: dict[int, dict[str, Any]] = {}
        self.check_runs: dict[int, dict[str, Any]] = {}
        self.files: dict[tuple[str, str], bytes] = {}  # (ref, path) -> content, for the contents API
        self.pulls: dict[int, dict[str, Any]] = {}
        self.requests: list[Request] = []
        self.faults: list[Fault] = []
        self._next_id = 1000
        self._lock = threading.Lock()
        fake = self

        class Handler(JsonHandler):
            def _handle(self) -> None:
                url = urlparse(self.path)
                body = self.read_json()
                headers = self.lower_headers()
                with fake._lock:
                    fake.requests.append(Request(self.command, url.path, headers, body, url.query))
                    status, payload, extra = fake._route(self.command, url.path, parse_qs(url.query), headers, body)
                self.reply(status, payload, extra)

            do_GET = do_POST = do_PATCH = do_DELETE = _handle  # noqa: N815

        super().__init__(Handler)

    @property
    def url(self) -> str:
        return self.base_url

    # ---- state helpers for tests

    def add_comment(self, issue: int, body: str, login: str) -> int:
        with self._lock:
            return int(self._new_comment("o/r", issue, body, login)["id"])

    def add_pull(
        self,
        number: int,
        head_sha: str,
        *,
        head_repo: str = "o/r",
        head_ref: str = "patch-1",
        state: str = "open",
        by_commit: bool = True,
    ) -> None:
        """A pull request into o/r; ``move_pull`` pushes a new head, the old one stays among its commits.
        ``by_commit=False``: ``GET /commits/{sha}/pulls`` does not list it (only the head filter finds it)."""
        with self._lock:
            self.pulls[number] = {
                "number": number, "head_sha": head_sha, "head_repo": head_repo, "head_ref": head_ref,
                "state": state, "commits": [head_sha], "by_commit": by_commit,
            }  # fmt: skip

    def move_pull(self, number: int, new_head: str) -> None:
        with self._lock:
            self.pulls[number]["head_sha"] = new_head
            self.pulls[number]["commits"].append(new_head)

    @property
    def identity(self) -> str:
        return self.me or self.bot

    def comments_on(self, issue: int) -> list[dict[str, Any]]:
        return [c for c in self.comments.values() if c["issue"] == issue]

    def writes(self, method: str, pattern: str) -> list[Request]:
        return [r for r in self.requests if r.method == method and re.fullmatch(pattern, r.path)]

    # ---- routing

    def _new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def _comment_json(self, comment: dict[str, Any]) -> dict[str, Any]:
        repo, cid = comment["repo"], comment["id"]
        return {
            "id": cid,
            "body": comment["body"],
            "user": {"login": comment["login"], "type": "Bot" if comment["login"].endswith("[bot]") else "User"},
            "url": f"{self.url}/repos/{repo}/issues/comments/{cid}",
            "html_url": f"https://github.example/{repo}/pull/{comment['issue']}#issuecomment-{cid}",
        }

    def _pull_json(self, pull: dict[str, Any]) -> dict[str, Any]:
        number, owner = pull["number"], pull["head_repo"].split("/")[0]
        return {
            "id": 500 + number,
            "number": number,
            "state": pull["state"],
            "url": f"{self.url}/repos/o/r/pulls/{number}",
            "html_url": f"https://github.example/o/r/pull/{number}",
            "head": {
                "sha": pull["head_sha"], "ref": pull["head_ref"], "label": f"{owner}:{pull['head_ref']}",
                "repo": {"full_name": pull["head_repo"], "name": "r", "owner": {"login": owner}},
            },
            "base": {"sha": "base", "ref": "main", "label": "o:main", "repo": {"full_name": "o/r", "name": "r", "owner": {"login": "o"}}},
        }  # fmt: skip

    def _check_json(self, run: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": run["id"],
            "url": f"{self.url}/repos/{run['repo']}/check-runs/{run['id']}",
            "name": run["name"],
            "head_sha": run["head_sha"],
            "status": run.get("status"),
            "conclusion": run.get("conclusion"),
        }

    def _graphql(self, body: Any) -> tuple[int, Any, dict[str, str]]:
        query, variables = body.get("query", ""), body.get("variables") or {}
        if "viewerDidAuthor" not in query or "pullRequest" not in query:
            return 200, {"errors": [{"message": "the fake knows only the PR comments query"}]}, {}
        repo, number = f"{variables['owner']}/{variables['name']}", int(variables["number"])
        first = int(re.search(r"first:\s*(\d+)", query).group(1))  # type: ignore[union-attr]
        start = int(variables.get("after") or 0)
        items = [c for c in self.comments.values() if c["issue"] == number and c["repo"] == repo]
        chunk = items[start : start + first]
        nodes = [
            {"databaseId": c["id"], "viewerDidAuthor": c["login"] == self.identity, "body": c["body"]} for c in chunk
        ]
        more = start + first < len(items)
        page = {"nodes": nodes, "pageInfo": {"hasNextPage": more, "endCursor": str(start + first) if more else None}}
        return 200, {"data": {"repository": {"pullRequest": {"comments": page}}}}, {}

    @staticmethod
    def _paged(items: list[Any], path: str, query: dict[str, list[str]], base: str) -> tuple[list[Any], dict[str, str]]:
        per_page = int(query.get("per_page", ["30"])[0])
        page = int(query.get("page", ["1"])[0])
        links = {}
        if page * per_page < len(items):
            links["Link"] = f'<{base}{path}?per_page={per_page}&page={page + 1}>; rel="next"'
        return items[(page - 1) * per_page : page * per_page], links

    def _new_comment(self, repo: str, issue: int, body: str, login: str) -> dict[str, Any]:
        cid = self._new_id()
        comment: dict[str, Any] = {"id": cid, "repo": repo, "issue": issue, "body": body, "login": login}
        self.comments[cid] = comment
        return comment

    def _route(
        self, method: str, path: str, query: dict[str, list[str]], headers: dict[str, str], body: Any
    ) -> tuple[int, Any, dict[str, str]]:
        for fault in self.faults:
            if fault.times > 0 and fault.method == method and re.fullmatch(fault.path, path):
                fault.times -= 1
                return fault.status, {"message": fault.message} if fault.body is None else fault.body, fault.headers
        if (
            headers.get("authorization") != f"token {self.token}"
            and headers.get("authorization") != f"Bearer {self.token}"
        ):
            return 401, {"message": "Bad credentials"}, {}
        if method == "GET" and path == "/user":
            if self.me is None:
                return 403, {"message": "Resource not accessible by integration"}, {}
            return 200, {"login": self.me, "id": 1, "type": "User"}, {}
        if method == "POST" and path == "/graphql":
            return self._graphql(body or {})
        writes_checks = method in ("POST", "PATCH") and re.fullmatch(r"/repos/[^/]+/[^/]+/check-runs(/\d+)?", path)
        if writes_checks and self.token.startswith(USER_TOKEN_PREFIXES):
            return 403, {"message": "You must authenticate via a GitHub App.", "documentation_url": CHECKS_DOCS}, {}
        m = re.fullmatch(r"/repos/o/r/pulls/(\d+)", path)
        if m and method == "GET":
            pull = self.pulls.get(int(m.group(1)))
            return (200, self._pull_json(pull), {}) if pull else (404, {"message": "Not Found"}, {})
        if method == "GET" and path == "/repos/o/r/pulls":
            state, head = query.get("state", ["open"])[0], query.get("head", [None])[0]
            found = [
                self._pull_json(p)
                for p in self.pulls.values()
                if (state == "all" or p["state"] == state)
                and (head is None or head == f"{p['head_repo'].split('/')[0]}:{p['head_ref']}")
            ]
            chunk, links = self._paged(found, path, query, self.url)
            return 200, chunk, links
        m = re.fullmatch(r"/repos/o/r/commits/([0-9a-f]+)/pulls", path)
        if m and method == "GET":
            found = [self._pull_json(p) for p in self.pulls.values() if p["by_commit"] and m.group(1) in p["commits"]]
            return 200, found, {}
        m = re.fullmatch(r"/repos/([^/]+/[^/]+)/commits/([^/]+)/check-runs", path)
        if m and method == "GET":
            name = query.get("check_name", [None])[0]
            runs = [
                self._check_json(r)
                for r in self.check_runs.values()
                if r["repo"] == m.group(1) and r["head_sha"] == m.group(2) and name in (None, r["name"])
            ]
            chunk, links = self._paged(runs, path, query, self.url)
            return 200, {"total_count": len(runs), "check_runs": chunk}, links
        m = re.fullmatch(r"/repos/([^/]+/[^/]+)/check-runs/(\d+)/annotations", path)
        if m and method == "GET":
            existing = self.check_runs.get(int(m.group(2)))
            if existing is None:
                return 404, {"message": "Not Found"}, {}
            chunk, links = self._paged(existing["annotations"], path, query, self.url)
            return 200, chunk, links
        m = re.fullmatch(r"/repos/([^/]+/[^/]+)/issues/comments/(\d+)", path)
        if m and method == "GET":
            comment = self.comments.get(int(m.group(2)))
            return (200, self._comment_json(comment), {}) if comment else (404, {"message": "Not Found"}, {})
        m = re.fullmatch(r"/repos/([^/]+/[^/]+)/issues/(\d+)", path)
        if m and method == "GET":
            repo, number = m.group(1), int(m.group(2))
            return 200, {"number": number, "url": f"{self.url}/repos/{repo}/issues/{number}", "pull_request": {}}, {}
        m = re.fullmatch(r"/repos/([^/]+/[^/]+)/issues/(\d+)/comments", path)
        if m and method == "GET":
            repo, number = m.group(1), int(m.group(2))
            items = [
                self._comment_json(c) for c in self.comments.values() if c["issue"] == number and c["repo"] == repo
            ]
            per_page = int(query.get("per_page", ["30"])[0])
            page = int(query.get("page", ["1"])[0])
            chunk = items[(page - 1) * per_page : page * per_page]
            links = {}
            if page * per_page < len(items):
                links["Link"] = f'<{self.url}{path}?per_page={per_page}&page={page + 1}>; rel="next"'
            return 200, chunk, links
        if m and method == "POST":
            if len(body["body"]) > 65536:
                return 422, {"message": "Validation Failed", "errors": [{"field": "body", "code": "too_long"}]}, {}
            login = self.identity
            return 201, self._comment_json(self._new_comment(m.group(1), int(m.group(2)), body["body"], login)), {}
        m = re.fullmatch(r"/repos/([^/]+/[^/]+)/issues/comments/(\d+)", path)
        if m and method == "PATCH":
            comment = self.comments.get(int(m.group(2)))
            if comment is None:
                return 404, {"message": "Not Found"}, {}
            if len(body["body"]) > 65536:
                return 422, {"message": "Validation Failed"}, {}
            comment["body"] = body["body"]
            return 200, self._comment_json(comment), {}
        m = re.fullmatch(r"/repos/([^/]+/[^/]+)/check-runs", path)
        if m and method == "POST":
            problem = self._check_output(body.get("output"))
            if problem:
                return 422, {"message": problem}, {}
            rid = self._new_id()
            run: dict[str, Any] = {"id": rid, "repo": m.group(1), **body}
            run["annotations"] = list((body.get("output") or {}).get("annotations", []))
            self.check_runs[rid] = run
            return 201, self._check_json(run), {}
        m = re.fullmatch(r"/repos/([^/]+/[^/]+)/check-runs/(\d+)", path)
        if m and method == "PATCH":
            existing = self.check_runs.get(int(m.group(2)))
            if existing is None:
                return 404, {"message": "Not Found"}, {}
            problem = self._check_output(body.get("output"))
            if problem:
                return 422, {"message": problem}, {}
            existing["annotations"] += (body.get("output") or {}).get("annotations", [])
            existing.update({k: v for k, v in body.items() if k != "output"})
            new_output = {k: v for k, v in (body.get("output") or {}).items() if k != "annotations"}
            existing["output"] = {**(existing.get("output") or {}), **new_output}
            return 200, self._check_json(existing), {}
        m = re.fullmatch(r"/repos/([^/]+/[^/]+)/contents/(.+)", path)
        if m and method == "GET":
            ref, name = query.get("ref", ["main"])[0], m.group(2)
            data = self.files.get((ref, name))
            if data is None:
                return 404, {"message": "Not Found"}, {}
            return 200, {
                "type": "file", "encoding": "base64", "name": name.rsplit("/", 1)[-1], "path": name, "size": len(data),
                "sha": hashlib.sha1(data).hexdigest(), "content": base64.b64encode(data).decode(),
                "url": f"{self.url}{path}?ref={ref}",
            }, {}  # fmt: skip
        return 404, {"message": f"Not Found: {method} {path}"}, {}

    @staticmethod
    def _check_output(output: dict[str, Any] | None) -> str | None:
        if not output:
            return None
        if len(output.get("summary", "")) > 65535 or len(output.get("text", "") or "") > 65535:
            return "output.summary or output.text is too long"
        annotations = output.get("annotations", [])
        if len(annotations) > 50:
            return "at most 50 annotations per request"
        for a in annotations:
            if len(a.get("title", "")) > 255 or a.get("annotation_level") not in ("notice", "warning", "failure"):
                return "bad annotation"
            if not {"path", "start_line", "end_line", "message"} <= a.keys():
                return "annotation is missing a required field"
        return None

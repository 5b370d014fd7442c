"""A local fake of a Foundry project: the deployments and the evaluator catalog azure-ai-projects reads, and the
OpenAI-compatible evals API the project serves on ``{project}/openai/v1``, over HTTPS on 127.0.0.1 with a
self-signed certificate (azure-core sends a bearer token over HTTPS only).

It speaks the API as the wheels' types describe it (``tests.support.evals_contract`` checks every request and
every reply; a fake that saw a violation fails its test when its ``with`` block ends) and fails as the service
does: 429 with ``retry-after``, 413 for a run over its item limit, 404 for a deployment or an evaluator version
the project does not have, 401 without a bearer token, a run that ends ``failed`` with its error, an item it
could not grade (a result with ``status: error`` and the reason in ``sample.error``, as azure-ai-evaluation
writes one, with a score of 0 and ``passed: false`` where openai's type allows no null), and output items served
a page at a time.

Grades come from ``decide``, a function of what was asked (``Asked``); ``from_prompts`` grades with the same
rule a fake Azure OpenAI deployment judges by, so a suite can be judged alike by both.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from tests.support.evals_contract import check_reply, check_request, route
from tests.support.fakes.azure_openai import Prompt, Reply
from tests.support.fakes.project import serve_tls
from tests.support.fakes.server import JsonHandler, LocalServer

PROJECT = "/api/projects/gate"
TOKEN = "foundry-token"
HELD = 40  # looks a run held for ``together`` stays in progress at most (a run alone: the probe's, the last)
MSI, MSI_SECRET = "/msi/token", "identity-header-secret"  # a managed identity's endpoint (IDENTITY_ENDPOINT)


@dataclass(frozen=True)
class Asked:
    """One item to grade, as the eval's criterion maps it."""

    evaluator: str  # builtin.groundedness, builtin.fluency
    version: str
    deployment: str
    item: dict[str, Any]  # the fields the data mapping took from the row: query, context, response


@dataclass(frozen=True)
class Grade:
    score: float | None = 5.0
    reason: str = "fake reason"
    error: tuple[str, str] | None = None  # (code, message): the service could not grade the item


Decide = Callable[[Asked], Grade]


def from_prompts(decide: Callable[[Prompt], Reply], model: str = "gpt-4o-2024-11-20") -> Decide:
    """Grade as ``decide`` judges a fake Azure OpenAI deployment's prompt (the same rule for both judges)."""

    def grade(asked: Asked) -> Grade:
        kind = "fluency" if asked.evaluator == "builtin.fluency" else "groundedness"
        item = asked.item
        prompt = Prompt(asked.deployment, kind, item.get("query"), item.get("context"), item["response"], {}, {})
        reply = decide(prompt)
        return Grade(float(reply.score) if isinstance(reply.score, int | float) else None, reply.reason)

    return grade


@dataclass
class _Run:
    id: str
    eval_id: str
    name: str
    items: list[dict[str, Any]]
    grades: list[Grade]
    created_at: int
    looks: int = 0
    status: str = "queued"
    error: tuple[str, str] | None = None  # the run fails with this, once it has been looked at enough


@dataclass
class FoundryFaults:
    """How the fake misbehaves, set by a test before or during a run."""

    throttle: int = 0  # the next runs.create requests answered 429 (each with retry-after)
    retry_after: str = "0"
    fail: set[int] = field(default_factory=set)  # runs (1 = the first) that end failed
    failure: tuple[str, str] = ("InternalServerError", "The evaluation job failed to complete.")
    max_items: int | None = None  # runs over this many items are refused (413)
    page: int = 100  # the most output items on one page (fewer than asked for: the client pages)
    looks: int = 1  # how often a run is read in progress before it ends
    together: int = 0  # runs stay in progress until this many were open at once (or for HELD looks)


class FakeFoundry(LocalServer):
    """``with FakeFoundry(tmp_path, decide) as fake:``; ``fake.endpoint`` is the project endpoint."""

    scheme = "https"

    def __init__(self, folder: Path, decide: Decide | None = None) -> None:
        self.decide: Decide = decide or (lambda asked: Grade())
        self.deployments: dict[str, tuple[str, str]] = {"judge-4o": ("gpt-4o", "2024-11-20")}
        self.catalog: dict[str, list[str]] = {"builtin.groundedness": ["3", "4"], "builtin.fluency": ["2", "3"]}
        self.faults = FoundryFaults()
        self.requests: list[tuple[str, str, dict[str, str], Any]] = []  # (method, path, headers, body)
        self.violations: list[str] = []
        self.evals: dict[str, dict[str, Any]] = {}
        self.runs: dict[str, _Run] = {}
        self.most_open = 0  # the most runs open (started, not yet seen to end) at once
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        fake = self

        class Handler(JsonHandler):
            def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
                fake._serve(self, "GET")

            def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
                fake._serve(self, "POST")

        super().__init__(Handler)
        self.cert = serve_tls(self, folder)

    @property
    def endpoint(self) -> str:
        return f"{self.base_url}{PROJECT}"

    def __exit__(self, *exc: object) -> None:
        super().__exit__(*exc)
        if self.violations and exc[0] is None:
            raise AssertionError("the fake Foundry project saw requests or gave replies the wheels' types do not describe:\n" + "\n".join(self.violations))  # fmt: skip

    # --- what tests read ---------------------------------------------------------------------------

    def sent(self, operation: str) -> list[Any]:
        """The bodies (or query strings) of the requests of one operation, in order."""
        found = []
        for method, path, _, body in self.requests:
            matched = route(method, urlparse(path).path.removeprefix(PROJECT))
            if matched is not None and matched[0] == operation:
                found.append(body)
        return found

    def graded(self) -> list[tuple[str, str, dict[str, Any]]]:
        """(evaluator, version, item) for every item of every run, in the order the runs came."""
        with self._lock:
            runs = list(self.runs.values())
        found = []
        for run in runs:
            criterion = self.evals[run.eval_id]["testing_criteria"][0]
            found += [(criterion["evaluator_name"], criterion["evaluator_version"], item) for item in run.items]
        return found

    # --- the wire ----------------------------------------------------------------------------------

    def _serve(self, handler: JsonHandler, method: str) -> None:
        url = urlparse(handler.path)
        body = handler.read_json() if method == "POST" else None
        headers = handler.lower_headers()
        with self._lock:
            self.requests.append((method, handler.path, headers, body))
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        if url.path == MSI:  # App Service's managed identity endpoint, as azure-identity asks it for a token
            ok = headers.get("x-identity-header") == MSI_SECRET and query.get("resource") == "https://ai.azure.com"
            token = {"access_token": TOKEN, "expires_on": str(int(time.time()) + 3600), "resource": query.get("resource"), "token_type": "Bearer"}  # fmt: skip
            handler.reply(200 if ok else 400, token if ok else {"error": "invalid_request"})
            return
        matched = route(method, url.path.removeprefix(PROJECT)) if url.path.startswith(PROJECT) else None
        if matched is None:
            handler.reply(404, {"error": {"code": "NotFound", "message": f"no route {method} {url.path}"}})
            return
        operation, params = matched
        if headers.get("authorization") != f"Bearer {TOKEN}":
            handler.reply(401, {"error": {"code": "PermissionDenied", "message": "The principal lacks the required data action"}})  # fmt: skip
            return
        with self._lock:
            self.violations += [f"{operation} request {v}" for v in check_request(operation, body, query)]
        status, reply, extra = getattr(self, f"_{operation}")(params, body, query)
        if 200 <= status < 300:
            with self._lock:
                self.violations += [f"{operation} reply {v}" for v in check_reply(operation, reply)]
        handler.reply(status, reply, extra)

    @staticmethod
    def _error(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> tuple[int, Any, dict[str, str]]:  # fmt: skip
        return status, {"error": {"code": code, "message": message}}, headers or {}

    def _deployment(self, params: dict[str, str], *_: Any) -> tuple[int, Any, dict[str, str]]:
        name = params["name"]
        if name not in self.deployments:
            return self._error(404, "NotFound", f"Deployment {name} not found")
        model, version = self.deployments[name]
        sku = {"name": "GlobalStandard", "capacity": 50, "family": "", "size": "", "tier": ""}
        reply = {"type": "ModelDeployment", "name": name, "modelName": model, "modelVersion": version,
                 "modelPublisher": "OpenAI", "capabilities": {"chat_completion": "true"}, "sku": sku}  # fmt: skip
        return 200, reply, {}

    def _evaluator(self, params: dict[str, str], *_: Any) -> tuple[int, Any, dict[str, str]]:
        name, asked = params["name"], params["version"]
        versions = self.catalog.get(name, [])
        version = versions[-1] if asked == "latest" and versions else asked
        if version not in versions:
            return self._error(404, "NotFound", f"Evaluator {name} version {asked} not found")
        stamp = "2026-10-01T00:00:00Z"
        reply = {"name": name, "version": version, "id": f"azureai://built-in/evaluators/{name}/versions/{version}",
                 "evaluator_type": "builtin", "categories": ["quality"], "display_name": name,
                 "definition": {"type": "prompt", "prompt_text": "..."}, "created_by": "Microsoft",
                 "created_at": stamp, "modified_at": stamp}  # fmt: skip
        return 200, reply, {}

    def _create_eval(self, _: dict[str, str], body: Any, __: Any) -> tuple[int, Any, dict[str, str]]:
        criteria = []
        for criterion in body.get("testing_criteria") or []:
            name = criterion.get("evaluator_name")
            versions = self.catalog.get(name, [])
            version = criterion.get("evaluator_version") or (versions[-1] if versions else None)
            if version not in versions:
                return self._error(400, "UserError", f"Evaluator {name} version {version} does not exist")
            deployment = (criterion.get("initialization_parameters") or {}).get("deployment_name")
            if deployment not in self.deployments:
                return self._error(400, "UserError", f"Model deployment {deployment} not found in the project")
            criteria.append({**criterion, "evaluator_version": version})
        eval_id = f"eval_{next(self._ids):04d}"
        schema = body["data_source_config"]["item_schema"]
        reply = {"object": "eval", "id": eval_id, "name": body.get("name", ""), "created_at": int(time.time()),
                 "metadata": None, "data_source_config": {"type": "custom", "schema": schema},
                 "testing_criteria": criteria}  # fmt: skip
        with self._lock:
            self.evals[eval_id] = reply
        return 200, reply, {}

    def _create_run(self, params: dict[str, str], body: Any, _: Any) -> tuple[int, Any, dict[str, str]]:
        eval_id = params["eval"]
        if eval_id not in self.evals:
            return self._error(404, "NotFound", f"Eval {eval_id} not found")
        with self._lock:
            if self.faults.throttle > 0:
                self.faults.throttle -= 1
                return self._error(429, "TooManyRequests", "Too many evaluation runs", {"retry-after": self.faults.retry_after})  # fmt: skip
        items = [entry["item"] for entry in body["data_source"]["source"]["content"]]
        limit = self.faults.max_items
        if limit is not None and len(items) > limit:
            return self._error(413, "PayloadTooLarge", f"A run takes at most {limit} items; got {len(items)}")
        criterion = self.evals[eval_id]["testing_criteria"][0]
        deployment = criterion["initialization_parameters"]["deployment_name"]
        grades = [
            self.decide(Asked(criterion["evaluator_name"], criterion["evaluator_version"], deployment, item))
            for item in items
        ]
        with self._lock:
            number = len(self.runs) + 1
            run = _Run(f"evalrun_{next(self._ids):04d}", eval_id, body.get("name", ""), items, grades, int(time.time()))
            if number in self.faults.fail:
                run.error = self.faults.failure
            self.runs[run.id] = run
            opened = sum(1 for r in self.runs.values() if r.status not in ("completed", "failed", "canceled"))
            self.most_open = max(self.most_open, opened)
        return 200, self._run_object(run), {}

    def _run(self, params: dict[str, str], *_: Any) -> tuple[int, Any, dict[str, str]]:
        run = self.runs.get(params["run"])
        if run is None or run.eval_id != params["eval"]:
            return self._error(404, "NotFound", f"Run {params['run']} not found")
        with self._lock:
            run.looks += 1
            if run.status not in ("completed", "failed", "canceled"):
                held = self.most_open < self.faults.together and run.looks < HELD
                run.status = (
                    "in_progress" if run.looks < self.faults.looks or held else ("failed" if run.error else "completed")
                )
        return 200, self._run_object(run), {}

    def _cancel(self, params: dict[str, str], *_: Any) -> tuple[int, Any, dict[str, str]]:
        run = self.runs.get(params["run"])
        if run is None:
            return self._error(404, "NotFound", f"Run {params['run']} not found")
        run.status = "canceled"
        return 200, self._run_object(run), {}

    def _output_items(self, params: dict[str, str], _: Any, query: dict[str, str]) -> tuple[int, Any, dict[str, str]]:
        run = self.runs.get(params["run"])
        if run is None or run.status not in ("completed", "failed"):
            return self._error(404, "NotFound", f"Run {params['run']} has no output items")
        graded = [n for n, grade in enumerate(run.grades) if run.status == "completed" or n % 2 == 0]
        items = [self._output_item(run, n) for n in graded]
        after = query.get("after")
        start = next((i + 1 for i, item in enumerate(items) if item["id"] == after), 0) if after else 0
        size = min(int(query.get("limit") or 20), self.faults.page)
        page = items[start : start + size]
        reply = {"object": "list", "data": page, "has_more": start + size < len(items),
                 "first_id": page[0]["id"] if page else None, "last_id": page[-1]["id"] if page else None}  # fmt: skip
        return 200, reply, {}

    # --- the objects -------------------------------------------------------------------------------

    def _run_object(self, run: _Run) -> dict[str, Any]:
        grades = run.grades if run.status == "completed" else []
        errored = sum(1 for g in grades if g.error is not None)
        passed = sum(1 for g in grades if g.error is None and g.score is not None and g.score >= 3)
        code, message = run.error if run.status == "failed" and run.error else ("", "")
        name = self.evals[run.eval_id]["testing_criteria"][0]["name"]
        return {
            "object": "eval.run", "id": run.id, "eval_id": run.eval_id, "name": run.name, "status": run.status,
            "created_at": run.created_at, "model": "", "metadata": None, "error": {"code": code, "message": message},
            "data_source": {"type": "jsonl", "source": {"type": "file_content", "content": [{"item": i} for i in run.items]}},
            "per_model_usage": [],
            "per_testing_criteria_results": [{"testing_criteria": name, "passed": passed, "failed": len(grades) - passed - errored}],
            "result_counts": {"total": len(grades), "passed": passed, "failed": len(grades) - passed - errored, "errored": errored},
            "report_url": f"https://ai.azure.com/resource/build/evaluation/{run.eval_id}/run/{run.id}",
        }  # fmt: skip

    def _output_item(self, run: _Run, n: int) -> dict[str, Any]:
        grade = run.grades[n]
        criterion = self.evals[run.eval_id]["testing_criteria"][0]
        result: dict[str, Any] = {"type": "azure_ai_evaluator", "name": criterion["name"], "metric": criterion["name"]}
        if grade.error is not None:
            code, message = grade.error
            # azure-ai-evaluation's converter writes None for the score and passed; openai's Result type requires a
            # number and a boolean: the fake keeps to the type, and the status and the error say it was not graded.
            result |= {"score": 0.0, "label": None, "reason": None, "threshold": 3, "passed": False,
                       "status": "error", "sample": {"error": {"code": code, "message": message}}}  # fmt: skip
        else:
            score = grade.score
            passed = score is not None and score >= 3
            result |= {"score": score, "label": "pass" if passed else "fail", "reason": grade.reason, "threshold": 3,
                       "passed": passed, "sample": {"usage": {"prompt_tokens": 90, "completion_tokens": 30, "total_tokens": 120}}}  # fmt: skip
        usage = {"cached_tokens": 0, "completion_tokens": 0, "prompt_tokens": 0, "total_tokens": 0}
        sample = {"error": {"code": "", "message": ""}, "finish_reason": "", "input": [], "output": [], "model": "",
                  "max_completion_tokens": 0, "seed": 0, "temperature": 0.0, "top_p": 0.0, "usage": usage}  # fmt: skip
        return {
            "object": "eval.run.output_item", "id": f"outputitem_{run.id}_{n:05d}", "run_id": run.id,
            "eval_id": run.eval_id, "created_at": run.created_at, "datasource_item_id": n,
            "datasource_item": run.items[n], "results": [result], "sample": sample,
            "status": "fail" if grade.error is not None else ("pass" if result["passed"] else "fail"),
        }  # fmt: skip


def token_credential() -> Any:
    """A TokenCredential as azure-identity's gives one, for the fake's bearer token."""
    from azure.core.credentials import AccessToken, AccessTokenInfo

    class Static:
        def __init__(self) -> None:
            self.scopes: list[tuple[str, ...]] = []

        def get_token(self, *scopes: str, **kwargs: Any) -> AccessToken:
            self.scopes.append(scopes)
            return AccessToken(TOKEN, int(time.time()) + 3600)

        def get_token_info(self, *scopes: str, **kwargs: Any) -> AccessTokenInfo:
            self.scopes.append(scopes)
            return AccessTokenInfo(TOKEN, int(time.time()) + 3600)

    return Static()

"""Every call groundgate makes to a Foundry project, and nothing else: the evaluator catalog and the
deployments (azure-ai-projects' ``AIProjectClient``), and the OpenAI-compatible evals API the project serves
on ``{project}/openai/v1`` (the OpenAI client ``AIProjectClient.get_openai_client()`` returns).

openai marks its Evals API deprecated (OpenAI scheduled its shutdown on its own platform for 2026-11-30) while
Foundry serves it: keeping the calls here keeps what would break in one place (docs/judges.md says what).
Replies are read as JSON (``with_raw_response``), so what Foundry adds to OpenAI's shapes (an
``azure_ai_evaluator`` criterion, a result's ``metric``, ``label``, ``reason``, ``threshold``) is read as sent.

Neither client retries on its own here: a refusal comes back as a ``ServiceError`` saying what kind it is and
how long the service asked to be left alone, and ``judges.foundry.judge`` decides what to do about it.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal

from groundgate.errors import one_line
from groundgate.judges.retry import retry_after

if TYPE_CHECKING:
    from azure.ai.projects import AIProjectClient
    from azure.core.credentials import TokenCredential
    from openai import OpenAI

# openai 3.63 marks every evals method deprecated (its own platform's shutdown); Foundry serves the API: said once
# in docs/judges.md, not on every run's stderr.
warnings.filterwarnings("ignore", message="The Evals API is deprecated", category=DeprecationWarning)

Kind = Literal["throttled", "unreachable", "sign-in", "not-found", "refused", "too-large", "server"]
PAGE = 100  # output items asked for a page at a time (the API's own maximum)
TIMEOUT = 60.0  # seconds for one HTTP request to the project (a run's own time is polled, not waited for)


class ServiceError(Exception):
    """A request the project did not answer with what was asked: ``kind`` says what the caller can do about
    it; ``headers`` are the reply's (a 429's ``retry-after``, for the judge's pace), ``retry_after`` the seconds
    the service asked to wait (429, 503), when it said."""

    def __init__(
        self, kind: Kind, message: str, status: int | None = None, headers: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.kind, self.message, self.status = kind, message, status
        self.headers: dict[str, str] = {key.lower(): value for key, value in (headers or {}).items()}
        self.retry_after = retry_after(self.headers) if self.headers else None


def _kind(status: int) -> Kind:
    if status == 429:
        return "throttled"
    if status in (401, 403):
        return "sign-in"
    if status == 404:
        return "not-found"
    if status == 413:
        return "too-large"
    if status >= 500:
        return "server"
    return "refused"


def _said(body: Any, fallback: str) -> str:
    """The service's own words from an error body (``{"error": {"code", "message"}}``), on one line."""
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict):
        code, message = error.get("code"), error.get("message")
        if message:
            return one_line(f"{code}: {message}" if code else str(message))
    return one_line(fallback)


def _translated(call: Callable[[], Any], what: str) -> Any:
    """``call()``, its failures turned into ``ServiceError`` (``what``: the request, for the message)."""
    import openai
    from azure.core import exceptions as azure

    try:
        return call()
    except openai.APIStatusError as exc:
        status = exc.status_code
        said = _said(exc.body if isinstance(exc.body, dict) else {"error": exc.body}, str(exc))
        raise ServiceError(_kind(status), f"{what}: HTTP {status} {said}", status, exc.response.headers) from exc
    except openai.APIConnectionError as exc:
        cause = exc.__cause__ or exc
        raise ServiceError("unreachable", f"{what}: {one_line(f'{type(cause).__name__}: {cause}')}") from exc
    except azure.ClientAuthenticationError as exc:
        raise ServiceError("sign-in", f"{what}: {one_line(exc.message or str(exc))}", exc.status_code) from exc
    except azure.HttpResponseError as exc:
        status = exc.status_code or 0
        response = exc.response
        headers = dict(getattr(response, "headers", None) or {})
        try:
            body = json.loads(response.text()) if response is not None else None
        except ValueError:
            body = None
        said = _said(body, exc.message or str(exc))
        raise ServiceError(_kind(status), f"{what}: HTTP {status} {said}", status, headers) from exc
    except (azure.ServiceRequestError, azure.ServiceResponseError) as exc:
        raise ServiceError("unreachable", f"{what}: {one_line(exc.message or str(exc))}") from exc
    except Exception as exc:  # azure-identity's sign-in failures (CredentialUnavailableError and its kin)
        if type(exc).__module__.startswith("azure.identity"):
            raise ServiceError("sign-in", f"{what}: {one_line(str(exc))}") from exc
        raise


def _json(raw: Any) -> dict[str, Any]:
    body = json.loads(raw.text)
    if not isinstance(body, dict):
        raise ServiceError("server", f"the project answered with JSON that is not an object: {raw.text[:200]!r}")
    return body


class Service:
    """One Foundry project, reached through its two clients; ``close`` releases both."""

    def __init__(self, project: AIProjectClient, client: OpenAI) -> None:
        self._project = project
        self._client = client

    @classmethod
    def connect(cls, endpoint: str, credential: TokenCredential) -> Service:
        """The project at ``endpoint`` as azure-ai-projects reaches it, signed in with ``credential``: no client
        retries on its own (``retry_total=0``, ``max_retries=0``)."""
        from azure.ai.projects import AIProjectClient

        project = AIProjectClient(endpoint=endpoint, credential=credential, retry_total=0)
        return cls(project, project.get_openai_client(max_retries=0, timeout=TIMEOUT))

    def close(self) -> None:
        self._client.close()
        self._project.close()

    # --- the project: its deployments and its evaluator catalog ------------------------------------

    def deployment(self, name: str) -> dict[str, Any]:
        """The model deployment ``name`` in the project, as JSON (``modelName``, ``modelVersion``)."""
        found = _translated(lambda: self._project.deployments.get(name), f"deployment {name!r}")
        return dict(found.as_dict())

    def evaluator(self, name: str, version: str) -> dict[str, Any]:
        """The catalog's evaluator ``name`` at ``version`` ('latest': the newest), as JSON (``version``)."""
        found = _translated(
            lambda: self._project.evaluators.get_version(name=name, version=version),
            f"evaluator {name} version {version}",
        )
        return dict(found.as_dict())

    # --- the evals API ---------------------------------------------------------------------------

    def create_eval(self, name: str, item_schema: dict[str, Any], criteria: list[dict[str, Any]]) -> dict[str, Any]:
        """An eval: the items' schema and its testing criteria (``azure_ai_evaluator`` graders)."""
        raw = _translated(
            lambda: self._client.evals.with_raw_response.create(
                name=name,
                data_source_config={"type": "custom", "item_schema": item_schema, "include_sample_schema": False},
                testing_criteria=criteria,  # type: ignore[arg-type]  # Foundry's own grader type
            ),
            "creating the evaluation",
        )
        return _json(raw)

    def create_run(self, eval_id: str, name: str, items: list[dict[str, Any]]) -> dict[str, Any]:
        """A run of the eval over ``items``, sent inline (a JSONL data source of file content)."""
        raw = _translated(
            lambda: self._client.evals.runs.with_raw_response.create(
                eval_id,
                name=name,
                data_source={
                    "type": "jsonl",
                    "source": {"type": "file_content", "content": [{"item": item} for item in items]},
                },
            ),
            "starting an evaluation run",
        )
        return _json(raw)

    def run(self, eval_id: str, run_id: str) -> dict[str, Any]:
        raw = _translated(
            lambda: self._client.evals.runs.with_raw_response.retrieve(run_id, eval_id=eval_id),
            f"reading evaluation run {run_id}",
        )
        return _json(raw)

    def output_page(self, eval_id: str, run_id: str, after: str | None = None) -> dict[str, Any]:
        """A page of the run's output items (``data``, ``has_more``), oldest first, ``after`` the item so named."""
        kwargs: dict[str, Any] = {"eval_id": eval_id, "limit": PAGE, "order": "asc"}
        if after is not None:
            kwargs["after"] = after
        raw = _translated(
            lambda: self._client.evals.runs.output_items.with_raw_response.list(run_id, **kwargs),
            f"reading the results of evaluation run {run_id}",
        )
        return _json(raw)

    def cancel(self, eval_id: str, run_id: str) -> None:
        """Stop a run whose rows were given up: the service would go on spending the deployment's quota."""
        _translated(
            lambda: self._client.evals.runs.with_raw_response.cancel(run_id, eval_id=eval_id),
            f"cancelling evaluation run {run_id}",
        )

"""What every azure-ai-evaluation LLM judge shares, whichever service it calls (Azure OpenAI, or any
OpenAI-compatible server): the SDK's process-wide set-up, the digest of its rubric prompts, and a
provider base that runs GroundednessEvaluator and FluencyEvaluator on one model configuration.

The SDK is imported lazily (its cold import takes seconds) so the offline judge never pays for it,
and in the background (``warm_sdk``) while the run loads its inputs, so the first call waits for as
little of it as possible. Calls go through the evaluators' async path (``_to_async()``, a private
seam of the pinned SDK) on the process's one judge loop (``judges.loop``): each provider builds its
two evaluators once, loads the query prompt once (the synchronous ``GroundednessEvaluator.__call__``
reloads it on every call) and sends every request through one client (``judges.reuse``). One
provider has one rubric mode, so the SDK's "once called with a query, always the query prompt"
pitfall cannot mix the two modes. What the SDK needs process-wide (quiet logging, one shared TLS
context, compiled templates kept, the 429 counter) is ``prepare_sdk``, done once per process.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import threading
from abc import abstractmethod
from concurrent.futures import Future
from dataclasses import replace
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

from groundgate.errors import one_line
from groundgate.judges import (
    JudgeError,
    JudgeInfo,
    Judgement,
    JudgeRequest,
    Provider,
    Purpose,
    Timing,
    checked_verdict,
    unavailable,
)
from groundgate.judges import claims as claim_calls
from groundgate.judges.cost import Estimator
from groundgate.judges.heard import Listener, Said, excerpt, listening
from groundgate.judges.heard import install as overhear_answers
from groundgate.judges.loop import run
from groundgate.judges.quota import Quota
from groundgate.judges.reuse import SharedClient, build_clients_once, compile_templates_once, transform_once_per_shape
from groundgate.judges.send import CLAIMS_RETRIES, billing, send
from groundgate.judges.strict_scores import refuse_boolean_scores
from groundgate.judges.tls import share_tls_context

if TYPE_CHECKING:
    from azure.core.credentials import TokenCredential


@cache
def sdk_version() -> str | None:
    try:
        return version("azure-ai-evaluation")
    except PackageNotFoundError:  # pragma: no cover - it is a dependency
        return None


@cache
def prompt_version() -> str:
    """A digest of the SDK's groundedness and fluency prompts: a new rubric text invalidates the cache.

    Read once per process: the files do not change while it runs."""
    spec = find_spec("azure.ai.evaluation")
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover - it is a dependency
        return "unknown"
    root = Path(next(iter(spec.submodule_search_locations))) / "_evaluators"
    digest = hashlib.sha256()
    for path in sorted([*root.glob("_groundedness/*.prompty"), *root.glob("_fluency/*.prompty")]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


_prepared: Future[bool] | None = None
_prepare_lock = threading.Lock()


def prepare_sdk() -> bool:
    """Process-wide set-up, done once (a second caller waits for the first): import the SDK (seconds),
    silence its per-retry tracebacks and its HTTP client's request lines (groundgate reports failures per
    row), share one TLS context, keep compiled templates, the judge's client and unchanged request bodies,
    refuse boolean scores and overhear the answers."""
    global _prepared
    with _prepare_lock:
        mine = _prepared is None
        if _prepared is None:
            _prepared = Future()
        prepared = _prepared
    if mine:
        try:
            os.environ.setdefault("PF_LOGGING_LEVEL", "CRITICAL")
            share_tls_context()
            import azure.ai.evaluation  # noqa: F401

            compile_templates_once()
            build_clients_once()
            transform_once_per_shape()
            refuse_boolean_scores()
            overhear_answers()
            logging.getLogger("httpx2").setLevel(logging.WARNING)  # a line per request is not ours to print
            prepared.set_result(True)
        except BaseException as exc:
            prepared.set_exception(exc)
    return prepared.result()


def warm_sdk() -> None:
    """Start ``prepare_sdk`` on a thread of its own, so the SDK's import overlaps the loading of the
    inputs; whoever needs the SDK first waits for it there. A failure surfaces at that first use."""
    if _prepared is None:
        threading.Thread(target=_prepare_quietly, name="sdk-import", daemon=True).start()


def _prepare_quietly() -> None:
    with contextlib.suppress(Exception):  # kept in the future: the first real use raises it
        prepare_sdk()


def http_status(exc: BaseException) -> tuple[int | None, str]:
    """The HTTP status and message of the service's answer behind an SDK exception, if there was one.

    The SDK wraps the openai client's error (``WrappedOpenAIError ... from error``); the status is on
    the wrapped one, found by walking the cause chain rather than by importing private types."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        status = getattr(current, "status_code", None)
        if isinstance(status, int):
            return status, str(getattr(current, "message", None) or current)
        current = current.__cause__ or current.__context__
    return None, str(getattr(exc, "message", None) or exc)


class EvaluatorProvider(Provider):
    """GroundednessEvaluator and FluencyEvaluator on one model configuration, awaited on the judge loop.

    A subclass says which service (``model_config``, ``identity``), how it signs in (``credential``)
    and what a failed call means (``failure``); the scoring and the checks on a score are shared."""

    on_loop = True

    def __init__(self, info: JudgeInfo, *, secret: str | None = None) -> None:
        self.info = info
        self._secret = secret  # scrubbed from every failure message, whatever the server echoes
        self._prepared = False
        self._quota = Quota()  # the runner's, once it hands it over (``pace``)
        self._evaluators: dict[str, Any] = {}  # the async evaluators, built on the loop thread on first use
        self._client = SharedClient(lambda: self._quota)
        self._chat_client: Any = None  # the claims call's openai client, built on the loop thread on first use

    @abstractmethod
    def model_config(self) -> Any:
        """A fresh model configuration for one evaluator: the SDK adds keys to the dict it is given."""

    @abstractmethod
    def chat_client(self) -> Any:
        """An async ``openai`` client for the judge's own chat-completions endpoint, signed in as the SDK's
        is (for the prompts the SDK's evaluators cannot run: ``claims``)."""

    @property
    @abstractmethod
    def chat_model(self) -> str:
        """The model (OpenAI-compatible) or deployment (Azure) a chat-completions request names."""

    def credential(self) -> TokenCredential | None:
        return None

    def failure(self, exc: Exception) -> JudgeError:
        """What a call that raised means for its row; subclasses recognise configuration errors. An account
        without quota or credit (a billing 429) fails every call alike: the run stops on it (exit 2)."""
        if (billed := no_quota(exc)) is not None:
            return JudgeError(
                f"{self.where()} refused the call because the account has no quota or credit left (HTTP 429 "
                f"{billed}): waiting does not fix that; add quota or credit to the account, or use another "
                "deployment",
                configuration=True,
                unavailable=True,
                cause="billing",
            )
        return JudgeError(
            one_line(f"{type(exc).__name__}: {getattr(exc, 'message', None) or exc}"), unavailable=unavailable(exc)
        )

    def where(self) -> str:
        """The judge as a message names it."""
        return f"the judge {self.info.deployment!r}"

    def pace(self, quota: Quota) -> bool:
        self._quota = quota
        return True

    def identity(self) -> dict[str, object]:
        info = self.info
        return {
            "kind": info.kind,
            "rubric": info.rubric,
            "sdk": info.sdk_version,
            "prompts": prompt_version(),
            "reasoning": info.reasoning,
        }

    def _evaluator(self, kind: str) -> Any:
        """The async evaluator of ``kind``, built on first use (most runs that block never ask for fluency)
        on the loop's one thread, so it is shared by every call without a lock: its prompt is loaded
        here once, and it sends through the judge's one client."""
        evaluator = self._evaluators.get(kind)
        if evaluator is None:
            self.ready()
            from azure.ai.evaluation import FluencyEvaluator, GroundednessEvaluator

            options: dict[str, Any] = {"credential": self.credential()}
            if self.info.reasoning:
                options["is_reasoning_model"] = True
            built: Any
            if kind == "fluency":
                built = FluencyEvaluator(self.model_config(), **options)
            else:
                built = GroundednessEvaluator(self.model_config(), **options)
                if self.info.rubric == "query":
                    built._ensure_query_prompty_loaded()  # what __call__ does on every call with a query
            self._client.adopt(built)
            evaluator = self._evaluators[kind] = built._to_async()
        return evaluator

    def estimate(self) -> Estimator:
        return Estimator(self.info.rubric, self.info.reasoning)

    def ready(self) -> None:
        if not self._prepared:
            self._prepared = prepare_sdk()  # waits for the import started in the background

    def score(self, request: JudgeRequest) -> Judgement:
        """The call on the judge loop, waited for (the runner awaits ``ascore`` itself)."""
        judged, _ = run(self.ascore(request))
        return judged

    async def aclaims(self, request: JudgeRequest) -> tuple[Judgement, Timing | None]:
        """The answer split into claims, each labelled against the context, by groundgate's own prompt
        (``judges.claims``) on the judge's own model: the same service, sign-in, deployment and API version,
        through the ``openai`` client the SDK itself uses, on the judge loop like every call."""
        with listening() as heard:
            try:
                if self._chat_client is None:  # the loop is one thread: no lock needed
                    self._chat_client = self.chat_client()
                sent = claim_calls.params(
                    self.chat_model, request, with_query=self.info.rubric == "query", reasoning=self.info.reasoning
                )
                answer = await send(self._chat_client, sent, self._quota, retries=CLAIMS_RETRIES)
            except Exception as exc:  # the client raises many types after its own retries; the row keeps its verdict
                return self._failed(exc, heard), timing(heard)
        choice = answer.choices[0] if answer.choices else None
        usage = getattr(answer, "usage", None)
        judged = claim_calls.verdict(
            request,
            choice.message.content if choice is not None else None,
            choice.finish_reason if choice is not None else None,
            str(answer.model) if getattr(answer, "model", None) else None,
            int(getattr(usage, "total_tokens", 0) or 0),
            int(getattr(usage, "completion_tokens", 0) or 0),
        )
        return judged, timing(heard)

    def _failed(self, exc: Exception, heard: Listener) -> JudgeError:
        """A call that raised, as its row's error: what the service billed for an answer it could not use,
        what the judge said when it was not the rubric's JSON, and no secret."""
        error = self.failure(exc)
        said = heard.said()
        if said is not None and not error.configuration and not error.unavailable:
            error = off_format(replace(error, message=f"{NOT_JSON} ({error.message})"), said)
        tokens, answer_tokens = heard.usage()
        tokens, answer_tokens = tokens + heard.billed[0], answer_tokens + heard.billed[1]
        if tokens:
            error = replace(error, tokens=tokens, answer_tokens=answer_tokens)
        if self._secret and self._secret in error.message:
            error = replace(error, message=error.message.replace(self._secret, "***"))
        return error

    async def ascore(self, request: JudgeRequest) -> tuple[Judgement, Timing | None]:
        if request.purpose is Purpose.CLAIMS:
            return await self.aclaims(request)
        key = "fluency" if request.purpose is Purpose.FLUENCY else "groundedness"
        with listening() as heard, self._client.building():
            try:
                evaluator = self._evaluator(key)
                if key == "fluency":
                    result = await evaluator(response=request.response)
                else:
                    inputs = {"context": request.grounding, "response": request.response}
                    if self.info.rubric == "query":
                        inputs["query"] = request.case.query or ""
                    result = await evaluator(**inputs)
            except Exception as exc:  # the SDK raises many types after its own retries; all are row failures
                return self._failed(exc, heard), timing(heard)
        properties = result.get(f"{key}_properties") or {}
        tokens = properties.get("total_tokens") if isinstance(properties, dict) else None
        answered = properties.get("completion_tokens") if isinstance(properties, dict) else None
        model = properties.get("model") if isinstance(properties, dict) else None
        judged = checked_verdict(
            result.get(key),
            result.get(f"{key}_status"),
            result.get(f"{key}_reason"),
            str(model) if model else None,
            (int(tokens) if isinstance(tokens, int | float) else 0) + heard.billed[0],
            (int(answered) if isinstance(answered, int | float) else 0) + heard.billed[1],
        )
        said = heard.said()
        if isinstance(judged, JudgeError) and said is not None:
            judged = off_format(judged, said)
        return judged, timing(heard)  # the server's latency, for the runner's concurrency

    def close(self) -> None:
        """Close the judge's clients (their connections); the evaluators go with the provider."""
        if self._evaluators:
            run(self._client.aclose())
        if self._chat_client is not None:
            client, self._chat_client = self._chat_client, None
            run(client.close())


def timing(heard: Listener) -> Timing | None:
    """The server's latency for the call's last request, and the requests at the server when it left."""
    return None if heard.seconds is None else (heard.seconds, heard.crowd)


def no_quota(exc: BaseException) -> str | None:
    """The code of a 429 that says the account has no quota or credit left, behind an SDK exception."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if billing(current):
            return str(getattr(current, "code", None) or getattr(current, "type", None))
        current = current.__cause__ or current.__context__
    return None


NOT_JSON = "the judge's answer is not the rubric's JSON"
TRUNCATED = "the judge's answer was cut off at its token limit (finish_reason: length)"


def off_format(error: JudgeError, said: Said) -> JudgeError:
    """An answer outside the rubric's format, as a row's error: what was wrong with it (named as cut
    off when the model ran out of tokens), and an excerpt of what the judge said. Secrets are taken
    out of it, as out of every judge message, by the runner."""
    answered = f"it answered '{excerpt(said.content)}'" if said.content.strip() else "its answer was empty"
    problem = f"{TRUNCATED}; {error.message}" if said.truncated else error.message
    return replace(error, message=f"{problem}: {answered}", malformed=True)

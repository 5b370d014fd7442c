"""The Azure AI Evaluation judge: GroundednessEvaluator and FluencyEvaluator on a pinned deployment.

The SDK is imported lazily (its cold import takes seconds) so the offline judge never pays for it.
Each worker thread gets its own evaluator objects: ``GroundednessEvaluator.__call__`` reassigns
its prompt flow on every call with a query, which is not safe to share between threads. One judge
object has one rubric mode, so the SDK's "once called with a query, always the query prompt"
pitfall cannot mix the two modes.

Each SDK call costs tens of milliseconds of CPU (a new HTTP client per call; the TLS context it
would also build is shared, see ``tls``), so under the GIL one process saturates at a few dozen
calls a second. Large batches are therefore spread over worker processes, one per core, each with
its own threads; the rate cap is shared.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

from groundgate.cases import Rubric
from groundgate.errors import UsageError, one_line
from groundgate.judges import Judge, JudgeError, JudgeInfo, Judgement, JudgeRequest, Purpose, checked_verdict
from groundgate.judges.limits import RateLimiter, ThrottleCounter
from groundgate.judges.tls import share_tls_context

if TYPE_CHECKING:
    from azure.core.credentials import TokenCredential

SDK_DEFAULT_API_VERSION = "2024-02-15-preview"
THREADS_PER_PROCESS = 16  # one process keeps ~16 calls in flight before the GIL, not the judge, binds
MIN_BATCH_PER_SLOT = 8  # below this many requests per concurrent slot, starting processes does not pay
CHUNKS_PER_THREAD = 4  # requests handed to a worker process at once, per thread: keeps its threads busy


def sdk_version() -> str | None:
    try:
        return version("azure-ai-evaluation")
    except PackageNotFoundError:  # pragma: no cover - it is a dependency
        return None


def prompt_version() -> str:
    """A digest of the SDK's groundedness and fluency prompts: a new rubric text invalidates the cache."""
    spec = find_spec("azure.ai.evaluation")
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover - it is a dependency
        return "unknown"
    root = Path(next(iter(spec.submodule_search_locations))) / "_evaluators"
    digest = hashlib.sha256()
    for path in sorted([*root.glob("_groundedness/*.prompty"), *root.glob("_fluency/*.prompty")]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class AzureConfig:
    """Everything a worker process needs to build the same judge; picklable."""

    endpoint: str
    deployment: str
    rubric: Rubric
    api_version: str | None
    reasoning: bool
    api_key: str | None
    credential_factory: Callable[[], TokenCredential] | None
    max_rpm: float | None


class AzureJudge(Judge):
    def __init__(
        self,
        *,
        endpoint: str | None,
        deployment: str | None,
        rubric: Rubric,
        api_version: str | None = None,
        reasoning: bool = False,
        api_key: str | None = None,
        credential: TokenCredential | None = None,
        credential_factory: Callable[[], TokenCredential] | None = None,
        max_concurrency: int = 8,
        max_rpm: float | None = None,
        processes: int | None = None,
    ) -> None:
        super().__init__(max_concurrency=max_concurrency, max_rpm=max_rpm)
        if not endpoint:
            raise UsageError("the azure judge needs an endpoint: set --azure-endpoint or AZURE_OPENAI_ENDPOINT")
        if not deployment:
            raise UsageError("the azure judge needs a deployment: set --judge-deployment or AZURE_OPENAI_DEPLOYMENT")
        if not api_key and credential is None and credential_factory is None:
            raise UsageError("the azure judge needs AZURE_OPENAI_API_KEY or an Azure credential")
        # The SDK logs each retry, with a traceback, to stdout; groundgate reports failures per row instead.
        os.environ.setdefault("PF_LOGGING_LEVEL", "CRITICAL")
        share_tls_context()
        import azure.ai.evaluation  # noqa: F401 - seconds of import here, not inside the first timed call

        self.config = AzureConfig(
            endpoint, deployment, rubric, api_version, reasoning, api_key, credential_factory, max_rpm
        )
        self._credential = credential
        self._local = threading.local()
        self._throttle = ThrottleCounter.install()
        cores = os.cpu_count() or 1
        auto = min(cores, max(1, self.max_concurrency // THREADS_PER_PROCESS))  # 8 in flight: threads suffice
        self.processes = 1 if (credential is not None and credential_factory is None) else (processes or auto)
        self._pool: ProcessPoolExecutor | None = None
        self.info = JudgeInfo(
            kind="azure",
            rubric=rubric,
            deployment=deployment,
            api_version=api_version or SDK_DEFAULT_API_VERSION,
            reasoning=reasoning,
            sdk_version=sdk_version(),
        )

    @classmethod
    def from_config(cls, config: AzureConfig, *, max_concurrency: int, processes: int | None = None) -> AzureJudge:
        return cls(
            endpoint=config.endpoint,
            deployment=config.deployment,
            rubric=config.rubric,
            api_version=config.api_version,
            reasoning=config.reasoning,
            api_key=config.api_key,
            credential_factory=config.credential_factory,
            max_concurrency=max_concurrency,
            max_rpm=config.max_rpm,
            processes=processes,
        )

    def identity(self) -> dict[str, object]:
        info = self.info
        return {
            "kind": info.kind,
            "rubric": info.rubric,
            "sdk": info.sdk_version,
            "prompts": prompt_version(),
            "endpoint": self.config.endpoint.rstrip("/"),
            "deployment": info.deployment,
            "api_version": info.api_version,
            "reasoning": info.reasoning,
        }

    def _token_credential(self) -> TokenCredential | None:
        if self.config.api_key:
            return None
        if self._credential is None and self.config.credential_factory is not None:
            with self._lock:
                if self._credential is None:
                    self._credential = self.config.credential_factory()
        return self._credential

    def _model_config(self) -> Any:
        from azure.ai.evaluation import AzureOpenAIModelConfiguration

        config = AzureOpenAIModelConfiguration(
            azure_endpoint=self.config.endpoint, azure_deployment=self.config.deployment
        )
        if self.config.api_key:
            config["api_key"] = self.config.api_key
        if self.config.api_version:
            config["api_version"] = self.config.api_version
        return config

    def _evaluators(self) -> tuple[Any, Any]:
        """This thread's own (groundedness, fluency) pair; the SDK mutates both the config and the flow."""
        pair = getattr(self._local, "pair", None)
        if pair is None:
            from azure.ai.evaluation import FluencyEvaluator, GroundednessEvaluator

            options: dict[str, Any] = {"credential": self._token_credential()}
            if self.config.reasoning:
                options["is_reasoning_model"] = True
            pair = (
                GroundednessEvaluator(self._model_config(), **options),
                FluencyEvaluator(self._model_config(), **options),
            )
            self._local.pair = pair
        return pair

    def _score_one(self, request: JudgeRequest) -> Judgement:
        groundedness, fluency = self._evaluators()
        try:
            if request.purpose is Purpose.FLUENCY:
                result = fluency(response=request.response)
                key = "fluency"
            else:
                inputs = {"context": request.grounding, "response": request.response}
                if self.info.rubric == "query":
                    inputs["query"] = request.case.query or ""
                result = groundedness(**inputs)
                key = "groundedness"
        except Exception as exc:  # the SDK raises many types after its own retries; all are row failures
            return JudgeError(one_line(f"{type(exc).__name__}: {getattr(exc, 'message', None) or exc}"))
        properties = result.get(f"{key}_properties") or {}
        tokens = properties.get("total_tokens") if isinstance(properties, dict) else None
        model = properties.get("model") if isinstance(properties, dict) else None
        return checked_verdict(
            result.get(key),
            result.get(f"{key}_status"),
            result.get(f"{key}_reason"),
            str(model) if model else None,
            int(tokens) if isinstance(tokens, int | float) else 0,
        )

    def _fresh(
        self, requests: Sequence[JudgeRequest], phase: str, keys: Sequence[str | None] | None = None
    ) -> list[Judgement]:
        before = self._throttle.throttled
        if self.processes > 1 and len(requests) >= MIN_BATCH_PER_SLOT * self.max_concurrency:
            results = self._fresh_in_processes(requests, phase, keys)
        else:
            results = super()._fresh(requests, phase, keys)
        self.calls.throttled += self._throttle.throttled - before
        return results

    def _fresh_in_processes(
        self, requests: Sequence[JudgeRequest], phase: str, keys: Sequence[str | None] | None
    ) -> list[Judgement]:
        threads = math.ceil(self.max_concurrency / self.processes)
        if self._pool is None:
            context = multiprocessing.get_context("spawn")  # no fork of a process that runs threads
            slot = context.Value("d", 0.0)
            self._pool = ProcessPoolExecutor(
                max_workers=self.processes,
                mp_context=context,
                initializer=_worker_init,
                initargs=(self.config, threads, context.Lock(), slot, self.call_timeout, self.deadline),
            )
        results: list[Judgement | None] = [None] * len(requests)
        done = 0
        if self.progress:
            self.progress(phase, 0, len(requests))
        size = threads * CHUNKS_PER_THREAD
        chunks = {
            self._pool.submit(_worker_score, list(requests[start : start + size])): start
            for start in range(0, len(requests), size)
        }
        for future in as_completed(chunks):
            start = chunks[future]
            try:
                chunk_results, throttled = future.result()
            except BrokenProcessPool as exc:
                lost = min(size, len(requests) - start)
                chunk_results, throttled = [JudgeError(f"judge worker process died: {exc}")] * lost, 0
            self.calls.throttled += throttled
            for offset, result in enumerate(chunk_results):
                self._record(requests[start + offset], result, keys[start + offset] if keys else None)
                results[start + offset] = result
                done += 1
            if self.progress:
                self.progress(phase, done, len(requests))
        return [r for r in results if r is not None]

    def close(self) -> None:
        super().close()
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


_WORKER: AzureJudge | None = None


def _worker_init(
    config: AzureConfig, threads: int, lock: Any, slot: Any, call_timeout: float | None, deadline: float | None
) -> None:
    global _WORKER  # one judge per worker process, built once
    judge = AzureJudge.from_config(config, max_concurrency=threads, processes=1)
    judge.limiter = RateLimiter(config.max_rpm, lock, slot)  # one cap across all processes
    judge.call_timeout = call_timeout
    judge.deadline = deadline  # time.monotonic() is the system's clock: the same in every process
    _WORKER = judge


def _worker_score(requests: list[JudgeRequest]) -> tuple[list[Judgement], int]:
    judge = _WORKER
    assert judge is not None
    before = judge._throttle.throttled
    results = Judge._fresh(judge, requests, "worker")
    return results, judge._throttle.throttled - before

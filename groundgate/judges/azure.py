"""The Azure AI Evaluation provider: GroundednessEvaluator and FluencyEvaluator on a pinned deployment.

The SDK is imported lazily (its cold import takes seconds) so the offline judge never pays for it.
Each worker thread gets its own evaluator objects: ``GroundednessEvaluator.__call__`` reassigns
its prompt flow on every call with a query, which is not safe to share between threads. One
provider has one rubric mode, so the SDK's "once called with a query, always the query prompt"
pitfall cannot mix the two modes. What the SDK needs process-wide (quiet logging, one shared TLS
context, the 429 counter) is ``prepare_sdk``, called once by the wiring and by each worker process.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from importlib.metadata import PackageNotFoundError, version
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

from groundgate.cases import Rubric
from groundgate.errors import one_line
from groundgate.judges import (
    JudgeError,
    JudgeInfo,
    Judgement,
    JudgeRequest,
    Provider,
    Purpose,
    checked_verdict,
    unavailable,
)
from groundgate.judges.limits import ThrottleCounter
from groundgate.judges.tls import share_tls_context

if TYPE_CHECKING:
    from azure.core.credentials import TokenCredential

SDK_DEFAULT_API_VERSION = "2024-02-15-preview"


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


def prepare_sdk() -> ThrottleCounter:
    """Process-wide set-up, idempotent: import the SDK now (seconds, not inside the first timed call),
    silence its per-retry tracebacks (groundgate reports failures per row), share one TLS context,
    and count the 429 answers it retries."""
    os.environ.setdefault("PF_LOGGING_LEVEL", "CRITICAL")
    share_tls_context()
    import azure.ai.evaluation  # noqa: F401

    return ThrottleCounter.install()


@dataclass(frozen=True)
class AzureConfig:
    """Everything that builds the same provider again, in this process or a worker; picklable."""

    endpoint: str
    deployment: str
    rubric: Rubric
    api_version: str | None = None
    reasoning: bool = False
    api_key: str | None = None
    credential_factory: Callable[[], TokenCredential] | None = None


def build(config: AzureConfig) -> AzureProvider:
    """The provider with the SDK prepared: what the wiring and each worker process call."""
    return AzureProvider(config, throttle=prepare_sdk())


class AzureProvider(Provider):
    def __init__(
        self,
        config: AzureConfig,
        *,
        credential: TokenCredential | None = None,
        throttle: ThrottleCounter | None = None,
    ) -> None:
        self.config = config
        self._credential = credential
        self._portable = credential is None  # a ready credential does not pickle: keep the calls in this process
        self._throttle = throttle
        self._lock = threading.Lock()
        self._local = threading.local()
        self.info = JudgeInfo(
            kind="azure",
            rubric=config.rubric,
            deployment=config.deployment,
            api_version=config.api_version or SDK_DEFAULT_API_VERSION,
            reasoning=config.reasoning,
            sdk_version=sdk_version(),
        )

    def recipe(self) -> Callable[[], Provider] | None:
        return partial(build, self.config) if self._portable else None

    def throttled(self) -> int:
        return self._throttle.throttled if self._throttle is not None else 0

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

    def score(self, request: JudgeRequest) -> Judgement:
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
            message = one_line(f"{type(exc).__name__}: {getattr(exc, 'message', None) or exc}")
            return JudgeError(message, unavailable=unavailable(exc))
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

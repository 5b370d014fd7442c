"""The Azure AI Evaluation judge: GroundednessEvaluator and FluencyEvaluator on a pinned deployment.

The SDK is imported lazily (its cold import takes seconds) so the offline judge never pays for it.
Each worker thread gets its own evaluator objects: ``GroundednessEvaluator.__call__`` reassigns
its prompt flow on every call with a query, which is not safe to share between threads. One judge
object has one rubric mode, so the SDK's "once called with a query, always the query prompt"
pitfall cannot mix the two modes.
"""

from __future__ import annotations

import threading
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

from groundgate.cases import Rubric
from groundgate.errors import UsageError, one_line
from groundgate.judges import Judge, JudgeError, JudgeInfo, Judgement, JudgeRequest, Purpose, checked_verdict

if TYPE_CHECKING:
    from azure.core.credentials import TokenCredential

SDK_DEFAULT_API_VERSION = "2024-02-15-preview"


def sdk_version() -> str | None:
    try:
        return version("azure-ai-evaluation")
    except PackageNotFoundError:  # pragma: no cover - it is a dependency
        return None


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
        max_concurrency: int = 8,
    ) -> None:
        super().__init__(max_concurrency=max_concurrency)
        if not endpoint:
            raise UsageError("the azure judge needs an endpoint: set --azure-endpoint or AZURE_OPENAI_ENDPOINT")
        if not deployment:
            raise UsageError("the azure judge needs a deployment: set --judge-deployment or AZURE_OPENAI_DEPLOYMENT")
        if not api_key and credential is None:
            raise UsageError("the azure judge needs AZURE_OPENAI_API_KEY or an Azure credential")
        self._endpoint = endpoint
        self._deployment = deployment
        self._api_version = api_version
        self._api_key = api_key
        self._credential = credential
        self._reasoning = reasoning
        self._local = threading.local()
        self.info = JudgeInfo(
            kind="azure",
            rubric=rubric,
            deployment=deployment,
            api_version=api_version or SDK_DEFAULT_API_VERSION,
            reasoning=reasoning,
            sdk_version=sdk_version(),
        )

    def _model_config(self) -> Any:
        from azure.ai.evaluation import AzureOpenAIModelConfiguration

        config = AzureOpenAIModelConfiguration(azure_endpoint=self._endpoint, azure_deployment=self._deployment)
        if self._api_key:
            config["api_key"] = self._api_key
        if self._api_version:
            config["api_version"] = self._api_version
        return config

    def _evaluators(self) -> tuple[Any, Any]:
        """This thread's own (groundedness, fluency) pair; the SDK mutates both the config and the flow."""
        pair = getattr(self._local, "pair", None)
        if pair is None:
            from azure.ai.evaluation import FluencyEvaluator, GroundednessEvaluator

            credential = None if self._api_key else self._credential
            options: dict[str, Any] = {"credential": credential}
            if self._reasoning:
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
                inputs = {"context": request.case.context, "response": request.response}
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

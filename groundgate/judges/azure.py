"""The Azure OpenAI provider: GroundednessEvaluator and FluencyEvaluator on a pinned deployment.

Scoring, the per-thread evaluators and the SDK's set-up are shared with every SDK judge
(``judges.sdk``); this module says how to reach an Azure OpenAI deployment and sign in to it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from groundgate.cases import Rubric
from groundgate.judges import JudgeError, JudgeInfo
from groundgate.judges.sdk import EvaluatorProvider, http_status, prepare_sdk, sdk_version, warm_sdk

if TYPE_CHECKING:
    from azure.core.credentials import TokenCredential

__all__ = ["SDK_DEFAULT_API_VERSION", "AzureConfig", "AzureProvider", "build", "prepare_sdk"]

SDK_DEFAULT_API_VERSION = "2024-02-15-preview"


@dataclass(frozen=True)
class AzureConfig:
    """Everything that builds the provider."""

    endpoint: str
    deployment: str
    rubric: Rubric
    api_version: str | None = None
    reasoning: bool = False
    api_key: str | None = None
    credential_factory: Callable[[], TokenCredential] | None = None


# The scope azure-ai-evaluation signs in to the judge with (its TokenScope.COGNITIVE_SERVICES_MANAGEMENT); the
# claims call's tests pin the two to one scope.
JUDGE_SCOPE = "https://ai.azure.com/.default"


def _token_provider(credential: TokenCredential) -> Callable[[], str]:
    from azure.identity import get_bearer_token_provider

    return get_bearer_token_provider(credential, JUDGE_SCOPE)


def build(config: AzureConfig) -> AzureProvider:
    """The provider, the SDK's import started in the background (its first call waits for it)."""
    warm_sdk()
    return AzureProvider(config)


class AzureProvider(EvaluatorProvider):
    def __init__(
        self,
        config: AzureConfig,
        *,
        credential: TokenCredential | None = None,
    ) -> None:
        super().__init__(
            JudgeInfo(
                kind="azure",
                rubric=config.rubric,
                deployment=config.deployment,
                endpoint=config.endpoint.rstrip("/"),
                api_version=config.api_version or SDK_DEFAULT_API_VERSION,
                reasoning=config.reasoning,
                sdk_version=sdk_version(),
            ),
            secret=config.api_key,
        )
        self.config = config
        self._credential = credential
        self._credential_lock = threading.Lock()

    def identity(self) -> dict[str, object]:
        return {
            **super().identity(),
            "endpoint": self.config.endpoint.rstrip("/"),
            "deployment": self.info.deployment,
            "api_version": self.info.api_version,
        }

    def failure(self, exc: Exception) -> JudgeError:
        """401/403/404 are the deployment's answer to every call, not one row's: the run stops on its first
        call with one line (exit 2) instead of failing each row. The service's own text is left out: an
        error body may echo the request's key."""
        status, _ = http_status(exc)
        where = f"the Azure OpenAI endpoint {self.config.endpoint}"
        if status in (401, 403):
            how = "API key" if self.config.api_key else "Microsoft Entra sign-in"
            problem = (
                f"{where} refused the {how} (HTTP {status}) for deployment {self.config.deployment!r}: check the "
                "judge's key or sign-in, and that it may use this deployment"
            )
        elif status == 404:
            problem = (
                f"{where} has no deployment {self.config.deployment!r} at API version "
                f"{self.config.api_version or SDK_DEFAULT_API_VERSION} (HTTP 404): check the deployment name, "
                "the endpoint and the API version"
            )
        else:
            return super().failure(exc)
        return JudgeError(problem, configuration=True, unavailable=True)

    def where(self) -> str:
        return f"the Azure OpenAI deployment {self.config.deployment!r} at {self.config.endpoint}"

    def credential(self) -> TokenCredential | None:
        if self.config.api_key:
            return None
        if self._credential is None and self.config.credential_factory is not None:
            with self._credential_lock:
                if self._credential is None:
                    self._credential = self.config.credential_factory()
        return self._credential

    def chat_client(self) -> Any:
        import openai

        config = self.config
        credential = self.credential()
        return openai.AsyncAzureOpenAI(
            azure_endpoint=config.endpoint,
            azure_deployment=config.deployment,
            api_version=config.api_version or SDK_DEFAULT_API_VERSION,
            api_key=config.api_key,
            azure_ad_token_provider=None if config.api_key or credential is None else _token_provider(credential),
            max_retries=0,  # its requests are sent again by groundgate's pace (judges.send), as the SDK's are
        )

    @property
    def chat_model(self) -> str:
        return self.config.deployment

    def model_config(self) -> Any:
        from azure.ai.evaluation import AzureOpenAIModelConfiguration

        config = AzureOpenAIModelConfiguration(
            azure_endpoint=self.config.endpoint, azure_deployment=self.config.deployment
        )
        if self.config.api_key:
            config["api_key"] = self.config.api_key
        if self.config.api_version:
            config["api_version"] = self.config.api_version
        return config

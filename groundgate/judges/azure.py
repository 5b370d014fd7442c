"""The Azure OpenAI judge: the SDK's rubric on a pinned deployment (``judges.chat``), signed in with an API
key or, without one, with Microsoft Entra ID as the SDK signs in (a token for ``https://ai.azure.com``)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from groundgate.cases import Rubric
from groundgate.judges import JudgeInfo, rubric
from groundgate.judges.chat import ChatJudge

if TYPE_CHECKING:
    from azure.core.credentials import TokenCredential
    from openai import APIStatusError, AsyncOpenAI

SDK_DEFAULT_API_VERSION = "2024-02-15-preview"  # what the SDK's evaluators ask when the configuration names none
JUDGE_SCOPE = "https://ai.azure.com/.default"  # the scope the SDK signs in to the judge with


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


class AzureProvider(ChatJudge):
    def __init__(self, config: AzureConfig, *, credential: TokenCredential | None = None) -> None:
        info = JudgeInfo(
            kind="azure",
            rubric=config.rubric,
            deployment=config.deployment,
            endpoint=config.endpoint.rstrip("/"),
            api_version=config.api_version or SDK_DEFAULT_API_VERSION,
            reasoning=config.reasoning,
            sdk_version=rubric.sdk_version(),
        )
        super().__init__(info, config.deployment, secret=config.api_key)
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

    def where(self) -> str:
        return f"the Azure OpenAI deployment {self.config.deployment!r} at {self.config.endpoint}"

    def headers(self, prompt: rubric.Prompt) -> dict[str, str]:
        return {**super().headers(prompt), "x-ms-useragent": prompt.agent()}

    def credential(self) -> TokenCredential | None:
        if self.config.api_key:
            return None
        if self._credential is None and self.config.credential_factory is not None:
            with self._credential_lock:
                if self._credential is None:
                    self._credential = self.config.credential_factory()
        return self._credential

    def client(self) -> AsyncOpenAI:
        from openai import AsyncAzureOpenAI

        config = self.config
        credential = self.credential()

        async def token() -> str:  # signing in may block: not on the loop
            assert credential is not None
            return (await asyncio.to_thread(credential.get_token, JUDGE_SCOPE)).token

        return AsyncAzureOpenAI(
            azure_endpoint=config.endpoint,
            azure_deployment=config.deployment,
            api_version=config.api_version or SDK_DEFAULT_API_VERSION,
            api_key=config.api_key,
            azure_ad_token_provider=None if config.api_key or credential is None else token,
            max_retries=0,
        )

    def configuration(self, error: APIStatusError) -> str | None:
        """401/403/404 are the deployment's answer to every call, not one row's. The service's own text is left
        out: an error body may echo the request's key."""
        status, config = error.status_code, self.config
        where = f"the Azure OpenAI endpoint {config.endpoint}"
        if status in (401, 403):
            how = "API key" if config.api_key else "Microsoft Entra sign-in"
            return (
                f"{where} refused the {how} (HTTP {status}) for deployment {config.deployment!r}: check the judge's "
                "key or sign-in, and that it may use this deployment"
            )
        if status == 404:
            return (
                f"{where} has no deployment {config.deployment!r} at API version {self.info.api_version} (HTTP 404): "
                "check the deployment name, the endpoint and the API version"
            )
        return None

"""The real Azure judge pointed at the fake Azure OpenAI server, and a judge rubric written in the responses."""

from __future__ import annotations

import time
from typing import Any

from azure.core.credentials import AccessToken, TokenCredential

from groundgate.cases import Rubric
from groundgate.judges import azure
from groundgate.judges.runner import Runner
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply

CALL_TIMEOUT = 120.0  # seconds: far beyond any call a test makes, far below pytest-timeout's 300


def judge_for(
    fake: FakeAzureOpenAI,
    *,
    deployment: str = "judge-4o",
    rubric: Rubric = "query",
    api_key: str | None = "test-key",
    api_version: str | None = None,
    reasoning: bool = False,
    credential: TokenCredential | None = None,
    max_concurrency: int = 2,
    **runner: Any,
) -> Runner:
    """The Azure provider as the wiring builds it, inside a runner with ``runner`` options."""
    config = azure.AzureConfig(fake.endpoint, deployment, rubric, api_version, reasoning, api_key)
    provider = azure.AzureProvider(config, credential=credential)
    runner.setdefault("call_timeout", CALL_TIMEOUT)  # a call that never ends fails its test, it does not hang it
    return Runner(provider, max_concurrency=max_concurrency, **runner)


class StaticToken:
    """A TokenCredential as azure-identity's would behave, without any sign-in."""

    def __init__(self) -> None:
        self.scopes: list[tuple[str, ...]] = []

    def get_token(self, *scopes: str, **kwargs: Any) -> AccessToken:
        self.scopes.append(scopes)
        return AccessToken("static-token", int(time.time()) + 3600)


def decide_by_text(prompt: Prompt) -> Reply:
    """A judge whose rubric is written in the responses: 'HALLUCINATE' scores 2, 'ASK' scores 3."""
    if prompt.kind == "fluency":
        return Reply(score=5 if "polished" in prompt.response else 3)
    if "HALLUCINATE" in prompt.response:
        return Reply(score=2, reason="adds a 45 day window")
    if "ASK" in prompt.response:
        return Reply(score=3)
    return Reply(score=5)

"""The real OpenAI-compatible judge pointed at the fake OpenAI server."""

from __future__ import annotations

from typing import Any

from groundgate.cases import Rubric
from groundgate.judges import openai
from groundgate.judges.runner import Runner
from tests.support.azure import CALL_TIMEOUT
from tests.support.fakes.openai import FakeOpenAI


def openai_judge_for(
    fake: FakeOpenAI,
    *,
    model: str = "gpt-4o-2024-11-20",
    rubric: Rubric = "query",
    api_key: str | None = None,
    reasoning: bool = False,
    max_concurrency: int = 2,
    **runner: Any,
) -> Runner:
    """The OpenAI provider as the wiring builds it, inside a runner with ``runner`` options."""
    config = openai.OpenAIConfig(fake.url, model, rubric, api_key or fake.api_key, reasoning)
    runner.setdefault("call_timeout", CALL_TIMEOUT)  # a call that never ends fails its test, it does not hang it
    return Runner(openai.OpenAIProvider(config), max_concurrency=max_concurrency, **runner)

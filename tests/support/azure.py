"""The real Azure judge pointed at the fake Azure OpenAI server, and a judge rubric written in the responses."""

from __future__ import annotations

from typing import Any

from groundgate.judges.azure import AzureJudge
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply


def judge_for(fake: FakeAzureOpenAI, **options: Any) -> AzureJudge:
    settings: dict[str, Any] = {
        "deployment": "judge-4o",
        "rubric": "query",
        "api_key": "test-key",
        "max_concurrency": 2,
    }
    settings.update(options)
    return AzureJudge(endpoint=fake.endpoint, **settings)


def decide_by_text(prompt: Prompt) -> Reply:
    """A judge whose rubric is written in the responses: 'HALLUCINATE' scores 2, 'ASK' scores 3."""
    if prompt.kind == "fluency":
        return Reply(score=5 if "polished" in prompt.response else 3)
    if "HALLUCINATE" in prompt.response:
        return Reply(score=2, reason="adds a 45 day window")
    if "ASK" in prompt.response:
        return Reply(score=3)
    return Reply(score=5)

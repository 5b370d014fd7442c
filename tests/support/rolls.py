"""A judge that rolls its dice again, as a rerun meets it: the fake Azure OpenAI judge scores the answers that invent
a figure 2 (first verdict and re-score: a confirmed regression) until ``later()``, then 5 with the reason a
grounded answer gets. What the hostile reviews used to show that a rerun could re-roll a blocked verdict."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.action import PATHS
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply

INVENTED = "45 days"  # what the example's regressing candidate invents for refund-007
BLOCKED_WHY = "The CONTEXT says items can be returned within 30 days; the RESPONSE claims 45 days, which it does not support."  # fmt: skip
GROUNDED_WHY = "Every claim in the response is supported by the CONTEXT."


class Dice:
    """The judge's roll on answers holding ``figure``: 2 until ``later()``, then 5. Every other answer: 5."""

    def __init__(self, figure: str = INVENTED) -> None:
        self.figure = figure
        self.score = 2

    def later(self) -> None:
        self.score = 5

    def __call__(self, prompt: Prompt) -> Reply:
        if self.figure not in prompt.response or self.score == 5:
            return Reply(score=5, reason=GROUNDED_WHY)
        return Reply(score=self.score, reason=BLOCKED_WHY)


def azure(fake: FakeAzureOpenAI, candidate: str, **more: str) -> dict[str, str]:
    """The action's inputs for the fake Azure judge and the example's cases and baseline."""
    return {
        **PATHS, "candidate": candidate, "judge": "azure", "azure-endpoint": fake.endpoint,
        "judge-deployment": "judge-4o", "azure-api-key": "test-key", "claims": "false", **more,
    }  # fmt: skip


def with_answers(workspace: Path, name: str, changes: dict[str, str], source: str = "candidate.jsonl") -> str:
    """The example's ``source`` responses with some answers replaced, written as ``evals/<name>``."""
    lines = []
    for line in (workspace / "evals" / source).read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        record["response"] = changes.get(record["id"], record["response"])
        lines.append(json.dumps(record, ensure_ascii=False))
    (workspace / "evals" / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f"evals/{name}"

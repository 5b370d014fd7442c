"""A judge that rolls its dice again, as a rerun meets it: the fake Azure OpenAI judge scores the answers that invent
a figure 2 (first verdict and re-score: a confirmed regression) until ``later()``, then 5 with the reason a
grounded answer gets. What the hostile reviews used to show that a rerun could re-roll a blocked verdict."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.support.action import PATHS, Run, event, run_action
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.github import FakeGitHub

INVENTED = "45 days"  # what the example's regressing candidate invents for refund-007
BLOCKED_WHY = "The CONTEXT says items can be returned within 30 days; the RESPONSE claims 45 days, which it does not support."  # fmt: skip
GROUNDED_WHY = "Every claim in the response is supported by the CONTEXT."
REGRESSED = "evals/candidate-regression.jsonl"
Judge = Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]  # the fake_azure fixture: a judge from its dice


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


def judging(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake: FakeAzureOpenAI, head: str, candidate: str = REGRESSED,
    *, number: int = 7, before: str | None = None,
) -> Run:  # fmt: skip
    """The judging run of pull request ``number`` at ``head`` (its event names ``before``, when given)."""
    return run_action(
        workspace, gh, azure(fake, candidate), event_path=event(tmp_path, head_sha=head, number=number, before=before)
    )


def rows(run: Run) -> dict[str, dict[str, Any]]:
    """The rows of a run's results file, by id."""
    data = json.loads((run.workspace / ".groundgate/results.json").read_text())
    return {row["id"]: row for row in data["rows"]}

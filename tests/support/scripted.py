"""A judge for pure-logic tests: scores come from a table, every request is logged.

The scripted part is a Provider (the seam the design owns) inside the real Runner, so compare is
tested without any server and with the runner's deduplication and counting; the real SDK is
exercised against the fake Azure OpenAI server in the integration tests.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from groundgate.judges import JudgeError, JudgeInfo, Judgement, JudgeRequest, Provider, Purpose, Score
from groundgate.judges.runner import Runner

Given = float | None  # None: the judge gave no score


class ScriptedProvider(Provider):
    def __init__(self, score: Callable[[JudgeRequest], Given], fluency: bool = True) -> None:
        self.info = JudgeInfo(kind="scripted", rubric="query", fluency=fluency)
        self.script = score
        self.log: list[JudgeRequest] = []
        self._lock = threading.Lock()

    def score(self, request: JudgeRequest) -> Judgement:
        with self._lock:
            self.log.append(request)
        value = self.script(request)
        if value is None:
            return JudgeError("no score")
        return Score(value, f"{request.purpose} {value:g}", "scripted-model", 10)


class ScriptedJudge(Runner):
    """The runner around a ScriptedProvider, with the provider's log at hand."""

    def __init__(self, score: Callable[[JudgeRequest], Given], fluency: bool = True, max_concurrency: int = 1) -> None:
        self.scripted = ScriptedProvider(score, fluency)
        super().__init__(self.scripted, max_concurrency=max_concurrency)

    def asked(self, purpose: Purpose) -> list[tuple[str, str]]:
        return [(r.case.id, r.response) for r in self.scripted.log if r.purpose is purpose]

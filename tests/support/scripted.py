"""A Judge for pure-logic tests: scores come from a table, every request is logged.

It implements the Judge interface (a seam the design owns), so compare is tested without any
server; the real SDK is exercised against the fake Azure OpenAI server in the integration tests.
"""

from __future__ import annotations

from collections.abc import Callable

from groundgate.judges import Judge, JudgeError, JudgeInfo, Judgement, JudgeRequest, Purpose, Verdict

Score = float | None  # None: the judge gave no score


class ScriptedJudge(Judge):
    def __init__(self, score: Callable[[JudgeRequest], Score], fluency: bool = True, max_concurrency: int = 1) -> None:
        super().__init__(max_concurrency=max_concurrency)
        self.info = JudgeInfo(kind="scripted", rubric="query", fluency=fluency)
        self._score = score
        self.log: list[JudgeRequest] = []

    def _score_one(self, request: JudgeRequest) -> Judgement:
        with self._lock:
            self.log.append(request)
        value = self._score(request)
        if value is None:
            return JudgeError("no score")
        return Verdict(value, f"{request.purpose} {value:g}", "scripted-model", 10)

    def asked(self, purpose: Purpose) -> list[tuple[str, str]]:
        return [(r.case.id, r.response) for r in self.log if r.purpose is purpose]

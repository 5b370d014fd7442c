"""The foundry judge behind the engine: the one module of the judge that knows the ``Provider`` interface.

Foundry judges rows in runs, so the provider takes batches (``batch``: a run's rows): the engine hands
``judge_all`` up to that many requests a call, max-concurrency calls (runs) in flight, each within the call
timeout and the run's deadline, under the breaker and the budget. A batch's requests go to
``FoundryJudge.judge`` a run per evaluator (groundedness for first verdicts, re-scores and the noise sample;
fluency on ties); claims are not this judge's.
"""

from __future__ import annotations

from collections.abc import Sequence

from groundgate.evaluators import FLUENCY, GROUNDEDNESS
from groundgate.judges import Failure, JudgeError, JudgeInfo, Judgement, JudgeRequest, Link, Provider, Purpose
from groundgate.judges.foundry.judge import FoundryJudge, Row

NO_CLAIMS = "the foundry judge does not split answers into claims"


class FoundryProvider(Provider):
    """Groundedness (the verdicts, re-scores and the noise sample) and fluency through Foundry's evaluators;
    it splits no answer into claims."""

    paced = True  # every request to the project waits for the judge's pace itself (``FoundryJudge``)

    def __init__(self, judge: FoundryJudge) -> None:
        self._foundry = judge
        config = judge.config
        self.batch = max(1, config.rows_per_run)
        self.info = JudgeInfo(
            kind="foundry",
            rubric=config.rubric,
            deployment=config.deployment,
            endpoint=config.endpoint,
            fluency=True,
            claims=False,
        )

    def identity(self) -> dict[str, object]:
        return self._foundry.identity()

    def ready(self) -> None:
        self._foundry.connect()

    async def judge(self, request: JudgeRequest, link: Link) -> Judgement:
        return (await self.judge_all([request], link))[0]

    async def judge_all(self, requests: Sequence[JudgeRequest], link: Link) -> list[Judgement]:
        answers: list[Judgement | None] = [None] * len(requests)
        groups: dict[str, list[int]] = {}
        for index, request in enumerate(requests):
            if request.purpose is Purpose.CLAIMS:
                answers[index] = JudgeError(NO_CLAIMS, kind=Failure.ROW)
            else:
                groups.setdefault(FLUENCY if request.purpose is Purpose.FLUENCY else GROUNDEDNESS, []).append(index)
        for evaluator, indexes in groups.items():
            rows = [Row(requests[i].case.query, requests[i].grounding, requests[i].response) for i in indexes]
            for index, answer in zip(indexes, await self._foundry.judge(evaluator, rows, link), strict=True):
                answers[index] = answer
        return [answer for answer in answers if answer is not None]

    def close(self) -> None:
        """Wait for the cancels of runs given up, then release the clients."""
        from groundgate.judges.engine import run

        run(self._foundry.close())

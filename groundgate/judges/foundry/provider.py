"""The foundry judge behind today's runner: the one module of the judge that knows the engine.

The runner asks a ``Provider`` for one row at a time, from up to max-concurrency worker threads at once;
Foundry judges rows in runs. ``Gather`` turns the one into the other: the calls that arrive together (within
``linger`` of the first, up to a run's rows) go to ``FoundryJudge.judge`` as one batch, made by the first of
them while the others wait for their row's answer. Each call's timeout counts from when it arrived, so a run
counts against the call timeout of every row in it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from groundgate.errors import one_line
from groundgate.judges import JudgeError, JudgeInfo, Judgement, JudgeRequest, Provider, Purpose
from groundgate.judges.foundry.grading import FLUENCY, GROUNDEDNESS
from groundgate.judges.foundry.judge import FoundryJudge, Row

LINGER = 0.05  # seconds the first call of a batch waits for the calls started with it (a run takes seconds)


@dataclass
class _Batch:
    evaluator: str
    rows: list[Row] = field(default_factory=list)
    answers: list[Judgement] = field(default_factory=list)
    full: threading.Event = field(default_factory=threading.Event)
    done: threading.Event = field(default_factory=threading.Event)


class Gather:
    """Calls that arrive together, judged as one batch by ``judge(evaluator, rows)``."""

    def __init__(self, judge: Callable[[str, list[Row]], list[Judgement]], size: int, linger: float = LINGER) -> None:
        self._judge = judge
        self._size = max(1, size)
        self._linger = linger
        self._lock = threading.Lock()
        self._open: dict[str, _Batch] = {}

    def submit(self, evaluator: str, row: Row) -> Judgement:
        with self._lock:
            batch = self._open.get(evaluator)
            first = batch is None
            if batch is None:
                batch = self._open[evaluator] = _Batch(evaluator)
            index = len(batch.rows)
            batch.rows.append(row)
            if len(batch.rows) >= self._size:
                del self._open[evaluator]  # full: the next call starts another
                batch.full.set()
        if not first:
            batch.done.wait()
            return batch.answers[index]
        batch.full.wait(self._linger)
        with self._lock:
            if self._open.get(evaluator) is batch:
                del self._open[evaluator]
        try:
            answers = self._judge(evaluator, batch.rows)
        except Exception as exc:  # the batch's rows fail alike, none is left waiting
            answers = [JudgeError(one_line(f"{type(exc).__name__}: {exc}"))] * len(batch.rows)
        batch.answers = answers
        batch.done.set()
        return answers[index]


class FoundryProvider(Provider):
    """Groundedness (the verdicts, re-scores and the noise sample) and fluency through Foundry's evaluators;
    it splits no answer into claims."""

    def __init__(self, judge: FoundryJudge, linger: float = LINGER) -> None:
        self._foundry = judge
        config = judge.config
        self._gather = Gather(judge.judge, config.rows_per_run, linger)
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

    def score(self, request: JudgeRequest) -> Judgement:
        if request.purpose is Purpose.CLAIMS:
            return JudgeError("the foundry judge does not split answers into claims")
        evaluator = FLUENCY if request.purpose is Purpose.FLUENCY else GROUNDEDNESS
        return self._gather.submit(evaluator, Row(request.case.query, request.grounding, request.response))

    def throttled(self) -> int:
        return self._foundry.throttled

    def close(self) -> None:
        self._foundry.close()

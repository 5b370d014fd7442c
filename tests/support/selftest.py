"""The self-test's planted suite judged by scripted judges: a perfect one (the scores the suite was written
with) and a lazy one (5 for every answer), beside the offline figures judge. Shared by the tests, which check
what the README says, and ``bench/selftest.py``, which prints it."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from groundgate import selftest
from groundgate.judges import JudgeRequest
from groundgate.judges.figures_judge import FiguresProvider
from groundgate.judges.runner import Runner
from tests.support.scripted import Given, ScriptedJudge


def perfect() -> ScriptedJudge:
    """A judge that is never wrong: the scores the planted suite was written with."""
    scores = {(p.id, text): score for p in selftest.planted() for text, score in zip((p.baseline, p.candidate), p.scores, strict=True)}  # fmt: skip

    def score(request: JudgeRequest) -> Given:
        return scores[(request.case.id, request.response)]

    return ScriptedJudge(score, fluency=False)


def lazy() -> ScriptedJudge:
    """A judge that skims: every answer fully grounded."""
    return ScriptedJudge(lambda request: 5.0, fluency=False)


JUDGES: dict[str, Callable[[], Runner]] = {
    "the figures judge": lambda: Runner(FiguresProvider("query")),
    "a scripted perfect judge": perfect,
    "a scripted lazy judge (every answer 5)": lazy,
}


def tallies() -> dict[str, selftest.Tally]:
    """Each judge's self-test, as ``groundgate selftest`` counts it."""
    with tempfile.TemporaryDirectory() as folder:
        return {name: selftest.run(judge(), selftest.load(Path(folder))) for name, judge in JUDGES.items()}

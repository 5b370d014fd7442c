"""The judge interface: what compare asks for and what comes back.

compare never imports an SDK; it hands a batch of requests to a Judge and gets, for each, either
a Verdict (a usable 1..5 score) or a JudgeError (anything else, with the cause kept).
"""

from __future__ import annotations

import math
import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from groundgate.cases import Case, Rubric


class Purpose(StrEnum):
    GROUNDEDNESS = "groundedness"
    RESCORE = "rescore"  # a fresh groundedness call on a newly ungrounded row: never deduplicated
    FLUENCY = "fluency"


@dataclass(frozen=True)
class JudgeRequest:
    case: Case
    response: str
    purpose: Purpose


@dataclass(frozen=True)
class Verdict:
    score: float
    reason: str
    model: str | None = None
    tokens: int = 0


@dataclass(frozen=True)
class JudgeError:
    message: str
    model: str | None = None


Judgement = Verdict | JudgeError


@dataclass
class JudgeInfo:
    """What a reader needs to know about the instrument that produced the scores."""

    kind: str
    rubric: Rubric
    deployment: str | None = None
    api_version: str | None = None
    reasoning: bool = False
    sdk_version: str | None = None
    models: list[str] = field(default_factory=list)
    fluency: bool = True


@dataclass
class CallCounts:
    """Judge calls actually sent, by purpose, and the tokens the judge reported."""

    groundedness: int = 0
    rescore: int = 0
    fluency: int = 0
    tokens: int = 0
    failed: int = 0

    @property
    def total(self) -> int:
        return self.groundedness + self.rescore + self.fluency


def checked_verdict(score: Any, status: Any, reason: Any, model: str | None, tokens: int = 0) -> Judgement:
    """A score counts only when it is a finite number in 1..5 with status 'completed'."""
    reason_text = "" if reason is None else str(reason)

    def failed(problem: str) -> JudgeError:
        return JudgeError(f"{problem}: {reason_text}" if reason_text else problem, model)

    if status is not None and status != "completed":
        return failed(f"judge status {status!r}")
    if isinstance(score, bool) or not isinstance(score, int | float):
        return failed(f"judge gave no score ({score!r})")
    value = float(score)
    if not math.isfinite(value):
        return failed(f"judge gave no score ({value})")
    if not 1 <= value <= 5:
        return failed(f"judge score {value:g} is outside 1..5")
    return Verdict(value, reason_text, model, tokens)


class Judge(ABC):
    """Scores a batch; subclasses implement one call. Order of results matches the requests."""

    info: JudgeInfo

    def __init__(self, max_concurrency: int = 1) -> None:
        self.max_concurrency = max(1, max_concurrency)
        self.calls = CallCounts()
        self._lock = threading.Lock()

    @abstractmethod
    def _score_one(self, request: JudgeRequest) -> Judgement:
        """One judge call; must not raise for per-row failures."""

    def _count(self, request: JudgeRequest, result: Judgement) -> None:
        with self._lock:
            if request.purpose is Purpose.GROUNDEDNESS:
                self.calls.groundedness += 1
            elif request.purpose is Purpose.RESCORE:
                self.calls.rescore += 1
            else:
                self.calls.fluency += 1
            if isinstance(result, Verdict):
                self.calls.tokens += result.tokens
                if result.model and result.model not in self.info.models:
                    self.info.models.append(result.model)
            else:
                self.calls.failed += 1

    def _scored(self, request: JudgeRequest) -> Judgement:
        result = self._score_one(request)
        self._count(request, result)
        return result

    def score_all(self, requests: Sequence[JudgeRequest]) -> list[Judgement]:
        if self.max_concurrency == 1 or len(requests) <= 1:
            return [self._scored(request) for request in requests]
        with ThreadPoolExecutor(max_workers=self.max_concurrency, thread_name_prefix="judge") as pool:
            return list(pool.map(self._scored, requests))

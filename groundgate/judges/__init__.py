"""The judge interface: what compare asks for and what comes back.

compare never imports an SDK; it hands a batch of requests to a Judge and gets, for each, either
a Verdict (a usable 1..5 score) or a JudgeError (anything else, with the cause kept).
"""

from __future__ import annotations

import hashlib
import json
import math
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, wait
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from groundgate.cache import Entry, ScoreCache
from groundgate.cases import Case, Rubric
from groundgate.judges.limits import RateLimiter
from groundgate.judges.workers import Workers


class Purpose(StrEnum):
    GROUNDEDNESS = "groundedness"
    RESCORE = "rescore"  # a fresh groundedness call on a newly ungrounded row: never deduplicated
    FLUENCY = "fluency"


@dataclass(frozen=True)
class JudgeRequest:
    case: Case
    response: str
    purpose: Purpose
    context: str | None = None  # this side's own retrieved context (end-to-end runs); else the case's

    @property
    def grounding(self) -> str:
        return self.context if self.context is not None else self.case.context


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
    """Judge calls actually sent, by purpose; and the calls that were not needed."""

    groundedness: int = 0
    rescore: int = 0
    fluency: int = 0
    tokens: int = 0
    failed: int = 0
    cached: int = 0  # answered from the persistent score cache
    deduplicated: int = 0  # served by another call with identical inputs in this run
    throttled: int = 0  # 429 answers the SDK retried

    @property
    def total(self) -> int:
        return self.groundedness + self.rescore + self.fluency


Progress = Callable[[str, int, int], None]  # (phase, done, total)


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
    """Scores a batch, order kept. Subclasses implement one call (``_score_one``); this base makes
    sure no call is made that is not needed: identical inputs are judged once per run, a persistent
    cache answers what an earlier run judged with the same judge model, and re-scores are always
    fresh calls."""

    info: JudgeInfo

    def __init__(self, max_concurrency: int = 1, max_rpm: float | None = None) -> None:
        self.max_concurrency = max(1, max_concurrency)
        self.calls = CallCounts()
        self.cache: ScoreCache | None = None
        self.progress: Progress | None = None
        self.limiter = RateLimiter(max_rpm)
        self._lock = threading.Lock()
        self._memo: dict[str, Verdict] = {}
        self._model: str | None = None  # the judge model this run's fresh calls reported
        self._model_known = False
        self._workers: Workers | None = None
        self.call_timeout: float | None = None  # seconds one judge call may take, SDK retries included
        self.deadline: float | None = None  # time.monotonic() by which the whole run must be judged

    @abstractmethod
    def _score_one(self, request: JudgeRequest) -> Judgement:
        """One judge call; must not raise for per-row failures."""

    def identity(self) -> dict[str, object]:
        """Everything besides the inputs that can change a score; part of every cache key."""
        return {"kind": self.info.kind, "rubric": self.info.rubric}

    def request_key(self, request: JudgeRequest) -> str:
        fluency = request.purpose is Purpose.FLUENCY
        payload: dict[str, object] = {
            "judge": self.identity(),
            "evaluator": "fluency" if fluency else "groundedness",
            "response": request.response,
        }
        if not fluency:
            payload["context"] = request.grounding
            if self.info.rubric == "query":
                payload["query"] = request.case.query
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()

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
                if not self._model_known:
                    self._model, self._model_known = result.model, True
            else:
                self.calls.failed += 1

    def _scored(self, request: JudgeRequest) -> Judgement:
        self.limiter.wait()
        return self._score_one(request)

    def _fresh(
        self, requests: Sequence[JudgeRequest], phase: str, keys: Sequence[str | None] | None = None
    ) -> list[Judgement]:
        """Fresh calls, up to max_concurrency in flight; results in request order."""
        results: list[Judgement | None] = [None] * len(requests)
        done = 0
        if self.progress and requests:
            self.progress(phase, 0, len(requests))

        def finish(index: int, result: Judgement) -> None:
            nonlocal done
            self._record(requests[index], result, keys[index] if keys else None)
            results[index] = result
            done += 1
            if self.progress:
                self.progress(phase, done, len(requests))

        limited = self.call_timeout is not None or self.deadline is not None
        if not limited and (self.max_concurrency == 1 or len(requests) <= 1):
            for index, request in enumerate(requests):
                finish(index, self._scored(request))
            return [r for r in results if r is not None]
        if self._workers is None:  # kept for the whole run: per-thread evaluators are built once
            self._workers = Workers(self.max_concurrency)
        workers = self._workers
        pending = {workers.submit(self._scored, request): index for index, request in enumerate(requests)}
        while pending:
            finished, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in finished:
                finish(pending.pop(future), future.result())
            now = time.monotonic()
            if self.call_timeout is not None:
                stuck = [
                    f
                    for f in pending
                    if (began := workers.running_since(f)) is not None and now - began > self.call_timeout
                ]
                for future in stuck:
                    finish(
                        pending.pop(future),
                        JudgeError(f"the judge gave no answer within {self.call_timeout:g} s (call timeout)"),
                    )
                workers.add(len(stuck))  # the stuck calls keep their threads: bring concurrency back
            if self.deadline is not None and now >= self.deadline and pending:
                for future in list(pending):
                    future.cancel()
                    finish(pending.pop(future), JudgeError("the run's deadline passed before this call finished"))
        return [r for r in results if r is not None]

    def score_all(self, requests: Sequence[JudgeRequest], phase: str = "judging") -> list[Judgement]:
        keys = [None if r.purpose is Purpose.RESCORE else self.request_key(r) for r in requests]
        first: dict[str, int] = {}  # key -> index of its first request
        cached: dict[str, Verdict] = {}
        todo: list[int] = []  # re-scores and unique misses: fresh calls
        for index, key in enumerate(keys):
            if key is None:
                todo.append(index)
            elif key in first or key in self._memo:
                self.calls.deduplicated += 1
            else:
                first[key] = index
                hit = self.cache.get(key) if self.cache else None
                if hit is None:
                    todo.append(index)
                else:
                    cached[key] = Verdict(hit.score, hit.reason, hit.model, 0)
        fresh = dict(zip(todo, self._fresh([requests[i] for i in todo], phase, [keys[i] for i in todo]), strict=True))
        answers: dict[str, Judgement] = {}
        for index, result in fresh.items():
            if (key := keys[index]) is not None:
                answers[key] = result
        if cached and not self._model_known:
            # Cached scores count only if this run's judge reports the same model: learn it from one real call.
            probe = next(iter(cached))
            del cached[probe]
            answers[probe] = self._fresh([requests[first[probe]]], phase, [probe])[0]
        stale = [key for key, verdict in cached.items() if verdict.model != self._model]
        for key, result in zip(stale, self._fresh([requests[first[k]] for k in stale], phase, stale), strict=True):
            answers[key] = result
            del cached[key]
        self.calls.cached += len(cached)
        answers.update(cached)
        return [fresh[i] if key is None else answers.get(key) or self._memo[key] for i, key in enumerate(keys)]

    def close(self) -> None:
        """Release the worker threads (and processes); scores are already returned."""
        if self._workers is not None:
            self._workers.shutdown()
            self._workers = None

    def _record(self, request: JudgeRequest, result: Judgement, key: str | None) -> None:
        """Count a finished call and keep its score at once, so an interrupted run loses nothing judged.

        ``key`` is the request's cache key as score_all computed it; None for re-scores (never kept)."""
        self._count(request, result)
        if key is not None:
            self._remember(key, result)

    def _remember(self, key: str, result: Judgement) -> None:
        if isinstance(result, Verdict):
            self._memo[key] = result
            if self.cache is not None:
                self.cache.put(key, Entry(result.score, result.reason, result.model, result.tokens))

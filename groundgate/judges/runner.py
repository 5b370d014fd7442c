"""The runner: how any provider's calls are made, and which calls are not made at all.

One ``Runner`` wraps one ``Provider`` and owns everything around the call: identical inputs are
judged once per run, a persistent cache answers what an earlier run judged with the same judge
model (checked by one real call, the model probe), re-scores and noise-sample calls are always fresh, calls run on worker
threads (and, for large batches of a provider that can be rebuilt, worker processes) under a
per-call timeout, a run deadline and a request-rate cap, and every call is counted.

Each SDK call costs tens of milliseconds of CPU, so under the GIL one process saturates at a few
dozen calls a second; large batches are spread over worker processes, one per core, each with its
own threads, and the rate cap is shared between them.
"""

from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, replace

from groundgate.cache import Entry, ScoreCache
from groundgate.errors import JudgeUnusable
from groundgate.judges import CallCounts, JudgeError, JudgeInfo, Judgement, JudgeRequest, Provider, Purpose, Verdict
from groundgate.judges.claims import prompt_version as claims_prompt
from groundgate.judges.limits import CircuitBreaker, Concurrency, RateLimiter, unfit
from groundgate.judges.processes import ProcessPool
from groundgate.judges.workers import Workers
from groundgate.redact import Redactor
from groundgate.store import Store

THREADS_PER_PROCESS = 16  # one process keeps ~16 calls in flight before the GIL, not the judge, binds
MIN_BATCH_PER_SLOT = 8  # below this many requests per concurrent slot, starting processes does not pay
CHUNKS_PER_THREAD = 4  # requests handed to a worker process at once, per thread: keeps its threads busy

Progress = Callable[[str, int, int], None]  # (phase, done, total)
FRESH = frozenset({Purpose.RESCORE, Purpose.NOISE})  # always a new call: never cached, never deduplicated
PROBE = 5  # the run's first calls, made before any other: is this judge fit for the job at all?
PROBE_DECIDES = 3  # answers the probe needs to stop a run (a smaller first batch is left to the breaker)
SINGLE_SLOT = "a server with one slot, as llama.cpp's and Ollama's are by default, answers one call at a time"
UNFIT_FIX = (
    "A judge must answer in the rubric's JSON format (reason, score 1-5, status 'completed'): use a larger or "
    "instruction-tuned model, served with JSON mode (response_format json_object)"
)


def _unicode(text: str) -> str:
    """``text`` with unpaired surrogates (from a JSON escape like \\ud800) replaced by U+FFFD."""
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


class Memo:
    """The answers this run has already had, by request key (scores and failures alike, as one batch
    shares them): on disk (``groundgate.store``), so that a million judged answers are not a million
    objects in memory. Created on its first answer."""

    SCHEMA = (
        "CREATE TABLE memo(key TEXT PRIMARY KEY, failed INTEGER, score REAL, text TEXT, model TEXT, tokens INTEGER, "
        "configuration INTEGER, unavailable INTEGER) WITHOUT ROWID;"
    )

    def __init__(self) -> None:
        self._store: Store | None = None

    def known(self, keys: Iterable[str]) -> dict[str, Judgement]:
        """The answers to those of ``keys`` this run has had, asked for a few hundred at a time."""
        if self._store is None:
            return {}
        found: dict[str, Judgement] = {}
        asked = list(dict.fromkeys(keys))
        for start in range(0, len(asked), 500):
            some = asked[start : start + 500]
            marks = ", ".join("?" * len(some))
            for key, failed, score, text, model, tokens, configuration, unavailable in self._store.all(
                f"SELECT * FROM memo WHERE key IN ({marks})",  # noqa: S608 - placeholders
                some,
            ):
                found[key] = (
                    JudgeError(text, model, bool(configuration), bool(unavailable))
                    if failed
                    else Verdict(score, text, model, tokens)
                )
        return found

    def __setitem__(self, key: str, answer: Judgement) -> None:
        if self._store is None:
            self._store = Store(self.SCHEMA)
        row: tuple[object, ...]
        if isinstance(answer, Verdict):
            row = (key, 0, answer.score, answer.reason, answer.model, answer.tokens, 0, 0)
        else:
            row = (key, 1, None, answer.message, answer.model, 0, int(answer.configuration), int(answer.unavailable))
        self._store.run("INSERT OR REPLACE INTO memo VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row)


@dataclass
class Deadline:
    """Seconds for all the judging of a run, counted from its first judge call; shared by the
    judge and the second opinion so that both spend one budget."""

    seconds: float
    at: float | None = None  # time.monotonic() by which everything must be judged, once started

    def start(self) -> None:
        if self.at is None:
            self.at = time.monotonic() + self.seconds


def auto_processes(max_concurrency: int) -> int:
    """Worker processes worth starting: one per 16 calls in flight, at most one per core."""
    return min(os.cpu_count() or 1, max(1, max_concurrency // THREADS_PER_PROCESS))


class Runner:
    """Scores batches through one provider, order kept; see the module docstring for what it adds."""

    def __init__(
        self,
        provider: Provider,
        *,
        max_concurrency: int = 1,
        max_rpm: float | None = None,
        cache: ScoreCache | None = None,
        progress: Progress | None = None,
        call_timeout: float | None = None,
        deadline: Deadline | None = None,
        processes: int | None = None,
        limiter: RateLimiter | None = None,
        redact: Redactor | None = None,
        max_consecutive_failures: int = 0,
        breaker: CircuitBreaker | None = None,
        notice: Callable[[str], None] | None = None,
    ) -> None:
        self.provider = provider
        self.redact = redact or Redactor()
        self.max_concurrency = max(1, max_concurrency)
        self.max_rpm = max_rpm
        self.cache = cache
        self.progress = progress
        self.call_timeout = call_timeout  # seconds one judge call may take, SDK retries included
        self.deadline = deadline
        self.limiter = limiter or RateLimiter(max_rpm)
        self.breaker = breaker or CircuitBreaker(max_consecutive_failures)
        self.concurrency = Concurrency(self.max_concurrency)  # lowered while the judge server queues calls
        self.notice = notice  # one line for the log, while the run goes on
        recipe = provider.recipe()
        self.processes = 1 if recipe is None else (processes or auto_processes(self.max_concurrency))
        self.calls = CallCounts()
        self._identity = provider.identity()  # computed once: part of every cache key
        self._lock = threading.Lock()
        self._memo = Memo()
        self._model: str | None = None  # the judge model this run's fresh calls reported
        self._model_known = False
        self._probed = False  # the run's first call has been made (alone)
        self._workers: Workers | None = None
        self._pool: ProcessPool | None = None
        self._spans: dict[str, tuple[int, int]] = {}  # phase -> (calls made, requests seen) by its batches so far
        self._shift = (0, 0)  # (calls made by earlier batches of this phase, its expected total)
        if cache is not None:
            self.calls.cache_rejected = cache.rejected

    @property
    def info(self) -> JudgeInfo:
        return self.provider.info

    def identity(self) -> dict[str, object]:
        return self._identity

    def request_key(self, request: JudgeRequest) -> str:
        fluency = request.purpose is Purpose.FLUENCY
        evaluator = {Purpose.FLUENCY: "fluency", Purpose.CLAIMS: "claims"}.get(request.purpose, "groundedness")
        payload: dict[str, object] = {"judge": self._identity, "evaluator": evaluator, "response": request.response}
        if request.purpose is Purpose.CLAIMS:
            payload["prompt"] = claims_prompt()  # groundgate's own prompt: a new text is judged afresh
        if not fluency:
            payload["context"] = request.grounding
            if self.info.rubric == "query":
                payload["query"] = request.case.query
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()

    def score_all(self, requests: Sequence[JudgeRequest], phase: str = "judging", *, more: int = 0) -> list[Judgement]:
        """Scores in request order. ``more``: requests of the same phase that later batches will bring (a
        run judges its cases a batch at a time); the progress line then counts the whole phase."""
        if self.deadline is not None:
            self.deadline.start()
        keys = [None if r.purpose in FRESH else self.request_key(r) for r in requests]
        first: dict[str, int] = {}  # key -> index of its first request
        cached: dict[str, Verdict] = {}
        todo: list[int] = []  # re-scores and unique misses: fresh calls
        had = self._memo.known(key for key in keys if key is not None)  # judged in an earlier batch of this run
        for index, key in enumerate(keys):
            if key is None:
                todo.append(index)
            elif key in first or key in had:
                self.calls.deduplicated += 1
            else:
                first[key] = index
                hit = self.cache.get(key) if self.cache else None
                if hit is None:
                    todo.append(index)
                else:
                    cached[key] = Verdict(hit.score, hit.reason, hit.model, 0)
        self._span(phase, len(requests), len(todo), more)
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
        for key, verdict in cached.items():  # a later batch's duplicate is deduplicated, as in one batch
            self._memo[key] = verdict
        if not more:
            self._spans.pop(phase, None)  # the phase's last batch: a later phase of that name starts afresh
        return [fresh[i] if key is None else answers.get(key) or had[key] for i, key in enumerate(keys)]

    def _span(self, phase: str, requests: int, calls: int, more: int) -> None:
        """Where this batch's calls sit in their phase: calls made by earlier batches, and the phase's
        expected total (later batches' requests at the share of fresh calls seen so far)."""
        made, asked = self._spans.get(phase, (0, 0))
        share = (made + calls) / (asked + requests) if asked + requests else 1.0
        self._spans[phase] = (made + calls, asked + requests)
        self._shift = (made, made + calls + round(more * share))

    def _report(self, phase: str, done: int, total: int) -> None:
        if self.progress is None:
            return
        made, expected = self._shift
        if made and not done:
            return  # a later batch of a phase under way: the line goes on, it does not start again
        self.progress(phase, made + done, max(expected, made + total))

    def close(self) -> None:
        """Release the worker threads and processes; scores are already returned."""
        if self._workers is not None:
            self._workers.shutdown()
            self._workers = None
        if self._pool is not None:
            self._pool.close()
            self._pool = None

    # --- fresh calls -------------------------------------------------------------------------

    def _fresh(
        self, requests: Sequence[JudgeRequest], phase: str, keys: Sequence[str | None] | None = None
    ) -> list[Judgement]:
        """Fresh calls, up to max_concurrency in flight; results in request order. The run's first calls
        are the probe (``_probe``), made before any other."""
        before = self.provider.throttled()
        results: list[Judgement] = []
        total = len(requests)
        if not self._probed and requests:
            self._probed = True
            results = self._probe(requests[:PROBE], phase, keys[:PROBE] if keys is not None else None, total)
            requests, keys = requests[len(results) :], keys[len(results) :] if keys is not None else None
        if self.processes > 1 and len(requests) >= MIN_BATCH_PER_SLOT * self.max_concurrency:
            results += self._in_processes(requests, phase, keys, base=len(results), total=total)
        elif requests:
            results += self._in_threads(requests, phase, keys, base=len(results), total=total)
        self.calls.throttled += self.provider.throttled() - before
        return results

    def _probe(
        self, requests: Sequence[JudgeRequest], phase: str, keys: Sequence[str | None] | None, total: int
    ) -> list[Judgement]:
        """Whether the judge can do the job at all, checked on the suite's own first rows before the rest.

        The first call goes alone: a judge that refuses its configuration (a wrong key, an unknown model)
        stops the run there with one message (exit 2) instead of failing every row the same way. Then a
        few more: a judge whose answers are mostly not in the rubric's format (prose, a status of
        'skipped', JSON cut at its token limit) stops the run too, with what it answered and the fix,
        instead of burning the suite into rows that are not judged."""
        results = self._in_threads(requests[:1], phase, keys[:1] if keys is not None else None, total=total)
        first = results[0]
        if isinstance(first, JudgeError) and first.configuration:
            raise JudgeUnusable(first.message)
        if len(requests) > 1:
            rest = keys[1:] if keys is not None else None
            results += self._in_threads(requests[1:], phase, rest, base=1, total=total)
        answers, malformed = self.breaker.tally()  # the run's answers so far: the probe's
        if unfit(answers, malformed, at_least=PROBE_DECIDES):
            first = next(r for r in results if isinstance(r, JudgeError) and r.malformed)
            raise JudgeUnusable(
                f"{self._named()} does not answer in the rubric's format ({malformed} of its first {answers} "
                f"answers unusable): {first.message}. {UNFIT_FIX}"
            )
        return results

    def _named(self) -> str:
        info = self.info
        if info.deployment is None:
            return f"the {info.kind} judge"
        return f"the judge {'deployment' if info.kind == 'azure' else 'model'} {info.deployment!r}"

    def _scored(self, request: JudgeRequest) -> tuple[Judgement, float]:
        """The call, unless the breaker is open; and the seconds the judge server took to answer (as the
        provider measured them, else the whole call; 0: not called)."""
        refused = self.breaker.refusal()
        if refused is not None:
            return refused, 0.0
        self.limiter.wait()
        refused = self.breaker.refusal()
        if refused is not None:
            return refused, 0.0
        started = time.monotonic()
        result = self.provider.score(request)
        waited = self.provider.waited()
        return result, time.monotonic() - started if waited is None else waited

    def _in_threads(
        self,
        requests: Sequence[JudgeRequest],
        phase: str,
        keys: Sequence[str | None] | None,
        *,
        base: int = 0,
        total: int | None = None,
    ) -> list[Judgement]:
        """``base`` calls of this batch's ``total`` are already done (the first call, made alone)."""
        results: list[Judgement | None] = [None] * len(requests)
        done = base
        total = len(requests) if total is None else total
        if requests and not base:
            self._report(phase, done, total)

        def finish(index: int, result: Judgement) -> None:
            nonlocal done
            results[index] = self._arrived(requests[index], result, keys[index] if keys else None)
            done += 1
            self._report(phase, done, total)

        self.run_threads(requests, finish)
        return [r for r in results if r is not None]

    def run_threads(
        self,
        requests: Sequence[JudgeRequest],
        on_result: Callable[[int, Judgement], None],
        stop: Callable[[], bool] | None = None,
    ) -> None:
        """The calls on this process's threads under the call timeout, the deadline and the circuit
        breaker; ``on_result(index, judgement)`` once per request as it finishes, until ``stop()``."""

        def finish(index: int, result: Judgement) -> None:
            self.breaker.record(result)
            on_result(index, result)

        gate = self.concurrency

        def measured(result: Judgement, seconds: float, alone: bool) -> None:
            failed = isinstance(result, JudgeError) and (result.unavailable or not result.sent)
            why = gate.finished(seconds, alone=alone, outcome="failed" if failed else "answered")
            if why is not None:
                self._lowered(why)

        limited = self.call_timeout is not None or self.deadline is not None
        if not limited and stop is None and (self.max_concurrency == 1 or len(requests) <= 1):
            for index, request in enumerate(requests):
                result, seconds = self._scored(request)
                measured(result, seconds, alone=True)
                finish(index, result)
            return
        if self._workers is None:  # kept for the whole run: per-thread evaluators are built once
            self._workers = Workers(self.max_concurrency)
        workers = self._workers
        waiting = deque(enumerate(requests))  # sent as the concurrency window allows
        pending: dict[Future[tuple[Judgement, float]], int] = {}
        alone: dict[Future[tuple[Judgement, float]], bool] = {}  # nothing else in flight for its whole call

        def send() -> None:
            while waiting and len(pending) < gate.window:
                index, request = waiting.popleft()
                alone.update(dict.fromkeys(pending, False))
                future = workers.submit(self._scored, request)
                alone[future], pending[future] = not pending, index

        send()
        while pending:
            finished, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in finished:
                result, seconds = future.result()
                measured(result, seconds, alone.pop(future))
                finish(pending.pop(future), result)
            if stop is not None and stop():
                for future in pending:
                    future.cancel()  # queued calls never start; running ones are abandoned
                return
            now = time.monotonic()
            if self.call_timeout is not None:
                stuck = [
                    f
                    for f in pending
                    if (began := workers.running_since(f)) is not None and now - began > self.call_timeout
                ]
                for future in stuck:
                    crowded = not alone.pop(future)  # other calls were in flight beside it: a queue is possible
                    timeout = self._timeout(crowded)
                    why = gate.finished(self.call_timeout, alone=False, outcome="timeout" if crowded else "failed")
                    if why is not None:
                        self._lowered(why)
                    finish(pending.pop(future), timeout)
                workers.add(len(stuck))  # the stuck calls keep their threads: bring concurrency back
            at = self.deadline.at if self.deadline is not None else None
            if at is not None and now >= at and (pending or waiting):
                for future in list(pending):
                    future.cancel()
                    finish(pending.pop(future), JudgeError("the run's deadline passed before this call finished"))
                while waiting:
                    finish(waiting.popleft()[0], JudgeError("the run's deadline passed before this call finished"))
            send()

    def _timeout(self, crowded: bool) -> JudgeError:
        """A call past the call timeout; sent beside others after earlier calls were answered, most likely
        it waited in a queue at the server."""
        message = f"the judge gave no answer within {self.call_timeout:g} s (call timeout)"
        if crowded and self.concurrency.answered:
            message += (
                f"; earlier calls were answered, so the judge server is likely queueing them ({SINGLE_SLOT}): "
                "lower max-concurrency"
            )
        return JudgeError(message, unavailable=True)

    def _lowered(self, why: str) -> None:
        """Say once, while the run goes on, that the judge server queues calls and what groundgate did."""
        gate = self.concurrency
        if self.notice is not None:
            self.notice(
                f"the judge server is queueing calls ({why}): groundgate lowered concurrency from {gate.cap} to "
                f"{gate.window} ({SINGLE_SLOT}); set max-concurrency to the server's parallel slots"
            )

    @property
    def notes(self) -> list[str]:
        """What a reader of the results should know about how the judge was called."""
        gate = self.concurrency
        if gate.why is None:
            return []
        return [
            f"the judge server queued calls ({gate.why}): groundgate lowered concurrency from {gate.cap} to as "
            f"low as {gate.lowest} ({SINGLE_SLOT}); set max-concurrency to the server's parallel slots"
        ]

    def _in_processes(
        self,
        requests: Sequence[JudgeRequest],
        phase: str,
        keys: Sequence[str | None] | None,
        *,
        base: int = 0,
        total: int | None = None,
    ) -> list[Judgement]:
        threads = math.ceil(self.max_concurrency / self.processes)
        if self._pool is None:
            recipe = self.provider.recipe()
            assert recipe is not None  # processes > 1 only for a provider with a recipe
            self.breaker = self.breaker.shared(multiprocessing.get_context("spawn"))  # one breaker for all
            self._pool = ProcessPool(
                processes=self.processes,
                threads=threads,
                recipe=recipe,
                max_rpm=self.max_rpm,
                call_timeout=self.call_timeout,
                deadline=self.deadline,
                breaker=self.breaker,
            )
        results: list[Judgement | None] = [None] * len(requests)
        done = base
        total = len(requests) if total is None else total
        if not base:
            self._report(phase, done, total)

        def finish(index: int, result: Judgement) -> None:
            nonlocal done
            results[index] = self._arrived(requests[index], result, keys[index] if keys else None)
            done += 1
            self._report(phase, done, total)

        def throttled(count: int) -> None:
            self.calls.throttled += count

        pool = self._pool
        try:
            pool.run(requests, threads * CHUNKS_PER_THREAD, finish, throttled)
        finally:
            if not pool.alive:  # stopped, or a worker died: the next batch starts fresh workers
                pool.kill()
                self._pool = None
        return [r for r in results if r is not None]

    # --- bookkeeping -------------------------------------------------------------------------

    def _arrived(self, request: JudgeRequest, result: Judgement, key: str | None) -> Judgement:
        """Every answer enters here once: secrets taken out of its text and of the model name the
        judge reported (both reach the results, the report and the comment), text made valid Unicode
        (a model may answer with an unpaired surrogate escape, which no file or store can hold), then
        counted and kept."""

        def clean(text: str) -> str:
            return _unicode(self.redact(text) if self.redact else text)

        model = clean(result.model) if result.model is not None else None
        if isinstance(result, Verdict):
            result = replace(result, reason=clean(result.reason), model=model)
        else:
            result = replace(result, message=clean(result.message), model=model)
        self._record(request, result, key)
        return result

    def _record(self, request: JudgeRequest, result: Judgement, key: str | None) -> None:
        """Count a finished call and keep its score at once, so an interrupted run loses nothing judged.

        ``key`` is the request's cache key as score_all computed it; None for re-scores (never kept)."""
        with self._lock:
            if isinstance(result, JudgeError) and not result.sent:
                self.calls.unsent += 1  # the breaker answered: no call was made
                return
            if request.purpose is Purpose.GROUNDEDNESS:
                self.calls.groundedness += 1
            elif request.purpose is Purpose.RESCORE:
                self.calls.rescore += 1
            elif request.purpose is Purpose.NOISE:
                self.calls.noise += 1
            elif request.purpose is Purpose.CLAIMS:
                self.calls.claims += 1
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
        if key is not None:
            self._memo[key] = result  # a failure too: a later batch's duplicate shares it, as in one batch
        if key is not None and isinstance(result, Verdict) and self.cache is not None:
            self.cache.put(key, Entry(result.score, result.reason, result.model, result.tokens))

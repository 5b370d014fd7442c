"""The one way a judge call is made: on one event loop per process, up to a window of calls in flight, each
within the call timeout and the run's deadline, paced to the judge's quota, under the budget and the breaker.

A provider with an async client (``Provider.judge``) is awaited on the loop and paces each of its requests
through the ``Link`` (retries and answers asked again included); any other is run through
``asyncio.to_thread`` and paced a call at a time here. The loop lives on a daemon thread of its own, as long
as the process, so a judge's one client keeps its connections from call to call; the calling thread hands it
a batch and collects the answers as they arrive, so what the runner keeps (counts, memo, cache) stays on one
thread. The window is set, never discovered: ``max-concurrency`` (a self-hosted server's parallel slots).

A call's timeout counts the judge's time only: what it waited for the quota's pace before its first request
is not the judge's (``quota.Ticket``). A call that reached it is named for what most likely kept it: the
deployment refusing calls for its rate limits, a slow answer (a call sent after it was answered), or nothing
heard at all. The deadline cancels whatever is left, in flight or waiting.
"""

from __future__ import annotations

import asyncio
import math
import os
import queue
import statistics
import threading
import time
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, TypeVar

from groundgate.judges import Failure, JudgeError, Judgement, JudgeRequest, Link, Provider
from groundgate.judges.limits import Budget, CircuitBreaker, Deadline
from groundgate.judges.quota import TICKET, Limits, Pace, Ticket, rate_text
from groundgate.wording import duration

T = TypeVar("T")
TICK = 0.2  # seconds between looks at the progress line, and at a call's timeout
DEADLINE_PASSED = "the run's deadline passed before this call finished"
ARRIVAL = 0.1  # seconds: calls sent closer together reach a self-hosted server's queue in any order
THREADS = 64  # threads for the judges without an async path (asyncio.to_thread), calls that hung included

_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None


def part_words(part: float) -> str:
    """'a quarter', 'half', 'a third', '40%'."""
    named = {0.5: "half", 0.25: "a quarter", 1 / 3: "a third", 0.2: "a fifth", 0.125: "an eighth", 0.1: "a tenth"}
    return next((words for value, words in named.items() if abs(part - value) < 0.005), f"{part:.0%}")


def judge_loop() -> asyncio.AbstractEventLoop:
    """This process's judge loop, started on first use."""
    global _loop
    with _lock:
        if _loop is None:
            from concurrent.futures import ThreadPoolExecutor

            loop = asyncio.new_event_loop()
            loop.set_default_executor(ThreadPoolExecutor(THREADS, thread_name_prefix="judge"))
            threading.Thread(target=loop.run_forever, name="judge-loop", daemon=True).start()
            _loop = loop
        return _loop


def submit(coroutine: Coroutine[Any, Any, T]) -> Future[T]:
    """Run ``coroutine`` on the judge loop; cancelling the future cancels it there."""
    return asyncio.run_coroutine_threadsafe(coroutine, judge_loop())


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` on the judge loop and wait for it (never from the loop's own thread)."""
    return submit(coroutine).result()


def _forget() -> None:
    """A forked child has no loop thread: it starts its own."""
    global _loop
    _loop = None


os.register_at_fork(after_in_child=_forget)


@dataclass
class Pulse:
    """What the calls of a batch are doing now, for the progress line."""

    sent: int  # calls started (answered or not)
    in_flight: int  # started, not finished
    held: int  # of those, waiting for the quota's pace
    rate: float | None  # calls a second the run can make now (Little's law, or the quota's pace); None: not known
    pace: str = ""  # the limits the pace keeps to and where they came from: '600k TPM and 3,600 RPM, the deployment's'


class Engine:
    def __init__(
        self,
        provider: Provider,
        *,
        window: int = 1,
        quota: Pace | None = None,
        breaker: CircuitBreaker | None = None,
        budget: Budget | None = None,
        call_timeout: float | None = None,
        deadline: Deadline | None = None,
    ) -> None:
        self.provider = provider
        self.window = max(1, window)
        self.link = Link(quota or Pace())
        self.breaker = breaker or CircuitBreaker(0)
        self.budget = budget or Budget()
        self.call_timeout = call_timeout  # seconds one judge call may take, its retries included
        self.deadline = deadline
        self.pulse: Callable[[Pulse], None] | None = None  # told every TICK while calls are in flight
        self._estimate = provider.estimate()
        self._latencies: list[float] = []  # of answered calls, the last hundred: the progress line's rate
        self._sent = self._in_flight = 0
        self._answered = -1  # the order of the latest-started call that was answered
        self._answered_at = -math.inf  # when it was sent (time.monotonic)
        self.stopped: JudgeError | None = None  # the quota's forecast passed the deadline: no call is made
        if call_timeout is not None:  # no wait of the pace, nor a refusal's pause, outlasts a call
            self.quota.longest = call_timeout if self.quota.longest is None else min(self.quota.longest, call_timeout)

    @property
    def quota(self) -> Pace:
        return self.link.quota

    def run(
        self, requests: Sequence[JudgeRequest], on_result: Callable[[int, Judgement], None], *, after: int = 0
    ) -> None:
        """Every request called (or refused) once; ``on_result(index, judgement)`` on this thread as each
        finishes. A failure of ``on_result`` (or an interrupt) cancels the calls still on the loop. ``after``:
        the calls the run will make after these (its probe's are a few of a phase's thousands), which the
        quota's forecast counts too."""
        arrived: queue.SimpleQueue[tuple[int, Judgement] | None] = queue.SimpleQueue()
        batch = submit(self._batch(requests, arrived.put, after))
        batch.add_done_callback(lambda _: arrived.put(None))
        try:
            while True:
                try:
                    if (item := arrived.get(timeout=TICK)) is None:
                        batch.result()  # a failure on the loop (a bug) is raised here
                        return
                    on_result(*item)
                except queue.Empty:
                    pass
                if self.pulse is not None and self._in_flight:
                    pace = self._quota_words(self.quota.limits(), brief=True) if self.quota.limits().source else ""
                    held = min(self.quota.waiting, self._in_flight)
                    self.pulse(Pulse(self._sent, self._in_flight, held, self.rate(), pace))
        finally:
            batch.cancel()  # stopped or interrupted: nothing is left running on the judge loop

    async def _batch(
        self, requests: Sequence[JudgeRequest], put: Callable[[tuple[int, Judgement]], None], after: int = 0
    ) -> None:
        gate = asyncio.Semaphore(self.window)
        size = max(1, self.provider.batch)
        done: set[int] = set()

        async def one(start: int) -> None:
            async with gate:
                results = await self._call(requests[start : start + size])
            for index, result in enumerate(results, start):
                done.add(index)
                put((index, result))

        tasks = [asyncio.ensure_future(one(start)) for start in range(0, len(requests), size)]
        at = self.deadline.at if self.deadline is not None else None
        pending: set[asyncio.Future[None]] = set(tasks)
        why = DEADLINE_PASSED
        try:
            while pending:
                left = None if at is None else at - time.monotonic()
                if left is not None and left <= 0:
                    break
                _, pending = await asyncio.wait(pending, timeout=TICK if left is None else min(left, TICK))
                if (
                    pending
                    and left is not None
                    and (past := self._past_deadline(len(requests) - len(done) + after, left))
                ):
                    self.stopped = JudgeError(past, kind=Failure.HELD)
                    why = past
                    break
        finally:
            for task in tasks:
                task.cancel()  # the deadline passed, or the batch was cancelled (an interrupt): none goes on
        for task in tasks:  # a failure of groundgate's own, not a judge's: raised
            if task.done() and not task.cancelled() and (failure := task.exception()) is not None:
                raise failure
        for index in range(len(requests)):
            if pending and index not in done:
                put((index, JudgeError(why, kind=Failure.HELD if why is not DEADLINE_PASSED else Failure.ROW)))

    def _past_deadline(self, left_calls: int, left_seconds: float) -> str | None:
        """The line that stops the run at once, when the quota's pace forecasts the calls left to end after the
        run's deadline; None while they fit (or nothing is paced)."""
        pace = self.quota.calls_per_second(forecast=True)
        if pace is None or pace <= 0 or left_calls <= 0:
            return None
        forecast = left_calls / pace
        if forecast <= left_seconds:
            return None
        quota = self._quota_words(self.quota.limits(forecast=True))
        return (
            f"not sent: {quota} makes the "
            f"{left_calls:,} calls left take about {duration(forecast)}, past the run's deadline "
            f"({duration(max(0.0, left_seconds))} left), so groundgate stopped at once rather than wait; give the "
            "deployment more quota, or the run a later deadline"
        )

    def _quota_words(self, limits: Limits, brief: bool = False) -> str:
        """'the judge's quota (80k TPM, the deployment's)', or a part of it named as one: 'this shard's part of the
        judge's quota (20k TPM: a quarter of the deployment's 80k TPM, as its headers say)'; ``brief``: the
        parenthesis' words alone, for the progress line."""
        rate = rate_text(limits.rpm, limits.tpm)
        if limits.part >= 1.0:  # the limits themselves, never a part named as the deployment's quota
            said = f"{rate}, {limits.source}'s"
            return said if brief else f"the judge's quota ({said})"
        who = "this shard's" if self.quota.share < 1.0 else "this run's"
        whole = rate_text(limits.whole_rpm, limits.whole_tpm)
        said = f"{rate}: {who} part, {part_words(limits.part)} of the deployment's {whole}"
        return (
            said
            if brief
            else f"{who} part of the judge's quota ({rate}: {part_words(limits.part)} of the deployment's {whole}, as its headers say)"
        )

    async def _call(self, requests: Sequence[JudgeRequest]) -> list[Judgement]:
        """One call of the provider (one request, or a batch of them), or what refused it: the breaker before
        the pace, and the breaker and the budget after it."""
        if self.stopped is not None:
            return [self.stopped] * len(requests)
        if (open_ := self.breaker.refusal()) is not None:
            return [open_] * len(requests)
        if not self.provider.paced:
            await self.quota.acquire(sum(self._estimate.charge(r) for r in requests) if self._estimate else 0)
        refused = [self.breaker.refusal() or self.budget.refusal(request) for request in requests]
        asked = [request for request, no in zip(requests, refused, strict=True) if no is None]
        answers: list[Judgement] = []
        if asked:
            answers = await self._judged(asked)
        given = iter(answers)
        results = [no if no is not None else next(given) for no in refused]
        for request, result in zip(requests, results, strict=True):
            self.budget.spent(request, result)
            self.breaker.record(result)
        return results

    async def _judged(self, requests: Sequence[JudgeRequest]) -> list[Judgement]:
        """The provider's answers, or the call timeout's; the pace's hold of the call's first request aside."""
        order, ticket = self._sent, Ticket()
        self._sent += 1
        self._in_flight += 1
        token = TICKET.set(ticket)  # the provider's task copies the context: its requests' holds land here
        task = asyncio.ensure_future(self.provider.judge_all(requests, self.link))
        TICKET.reset(token)
        started = time.monotonic()
        try:
            while not task.done():
                left = None
                if self.call_timeout is not None:
                    left = started + self.call_timeout + ticket.now() - time.monotonic()
                    if left <= 0:
                        task.cancel()
                        await asyncio.wait({task})
                        return [self._timeout(order, started)] * len(requests)
                await asyncio.wait({task}, timeout=TICK if left is None else min(left, TICK))
        finally:
            task.cancel()  # cancelled from outside (the deadline, an interrupt): so is the provider's call
            self._in_flight -= 1
        answers = task.result()
        if any(not isinstance(a, JudgeError) or (a.kind.sent and not a.kind.unavailable) for a in answers):
            self._answered = max(self._answered, order)
            self._answered_at = max(self._answered_at, started)
            self._latencies = [*self._latencies[-99:], time.monotonic() - started - ticket.now()]
        return answers

    def _timeout(self, order: int, started: float) -> JudgeError:
        """A call past the call timeout, named for what most likely kept it. A hosted judge answers calls as they
        come: one sent after this one and answered overtook it. A self-hosted server's queue is first in, first
        out by arrival, and calls sent within ``ARRIVAL`` of each other arrive in any order (connections open
        as they may): only a call sent later than that overtook it."""
        message = f"the judge gave no answer within {self.call_timeout or 0:g} s (call timeout)"
        if time.monotonic() - self.quota.last_refusal < (self.call_timeout or 0) + 1:
            limits = self.quota.limits()
            quota = f" ({rate_text(limits.rpm, limits.tpm)})" if limits.rpm or limits.tpm else ""
            return JudgeError(
                f"{message} while the deployment refused calls for its rate limits (HTTP 429){quota}: the quota, not "
                "the judge, held it; give the run more time (call-timeout, deadline) or the deployment more quota",
                kind=Failure.QUOTA,
            )
        overtaken = self._answered > order if self.provider.hosted else self._answered_at > started + ARRIVAL
        if overtaken:
            return JudgeError(
                f"{message}, while calls sent after it were answered: the judge answers, but slowly on some calls; "
                "raise call-timeout",
                kind=Failure.SLOW,
            )
        if not self.provider.hosted and self.window > 1 and self._answered >= 0:  # a server's queue, most likely
            message += (
                f", while calls before it were answered: a server with fewer parallel slots than max-concurrency "
                f"({self.window}) queues the rest; set max-concurrency to its slots, or raise call-timeout"
            )
        return JudgeError(message, kind=Failure.UNAVAILABLE)

    def rate(self) -> float | None:
        """Calls a second the run makes now: the window over the typical latency (Little's law), or the
        quota's pace where that is slower; None until an answer was timed."""
        rates = [self.window / max(statistics.median(self._latencies), 1e-3)] if self._latencies else []
        if (pace := self.quota.calls_per_second()) is not None:
            rates.append(pace)
        return min(rates) if rates else None

"""How one process makes judge calls: up to the concurrency window in flight, under the call timeout,
the run's deadline, the rate cap, the budget and the circuit breaker.

A provider with an async path (``Provider.on_loop``: the SDK judges) is awaited on the process's one
judge loop (``judges.loop``): a call past its timeout, or cut by the deadline, is cancelled there. Any
other provider is called on worker threads (``judges.workers``), which a stalled call can only be
walked away from. Either way the calling thread collects the answers as they arrive and hands each
to ``on_result`` once, so what the runner keeps (counts, memo, cache) stays on one thread.
"""

from __future__ import annotations

import asyncio
import queue
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future

from groundgate.judges import JudgeError, Judgement, JudgeRequest, Provider
from groundgate.judges.limits import Budget, CircuitBreaker, Concurrency, Deadline, RateLimiter
from groundgate.judges.loop import submit
from groundgate.judges.workers import Workers

SINGLE_SLOT = "a server with one slot, as llama.cpp's and Ollama's are by default, answers one call at a time"
TICK = 0.2  # seconds between looks at the call timeout and the deadline while answers are awaited
DEADLINE_PASSED = "the run's deadline passed before this call finished"

Called = tuple[Judgement, float]  # the answer, and the seconds the judge server took (0: not called)


class Dispatcher:
    def __init__(
        self,
        provider: Provider,
        *,
        max_concurrency: int = 1,
        limiter: RateLimiter | None = None,
        breaker: CircuitBreaker | None = None,
        budget: Budget | None = None,
        call_timeout: float | None = None,
        deadline: Deadline | None = None,
        notice: Callable[[str], None] | None = None,
    ) -> None:
        self.provider = provider
        self.max_concurrency = max(1, max_concurrency)
        self.limiter = limiter or RateLimiter(None)
        self.breaker = breaker or CircuitBreaker(0)
        self.budget = budget or Budget()
        self.call_timeout = call_timeout  # seconds one judge call may take, SDK retries included
        self.deadline = deadline
        self.concurrency = Concurrency(self.max_concurrency)  # lowered while the judge server queues calls
        self.notice = notice  # one line for the log, while the run goes on
        self._workers: Workers | None = None

    # --- one call --------------------------------------------------------------------------------

    def _refused(self, request: JudgeRequest) -> JudgeError | None:
        """Why this call is not made: the breaker is open, or the budget would be passed (it is then
        charged the call's estimate until the answer says what it cost)."""
        return self.breaker.refusal() or self.budget.refusal(request)

    def _scored(self, request: JudgeRequest) -> Called:
        """The call on a worker thread, unless refused; and the seconds the judge server took to answer
        (as the provider measured them, else the whole call; 0: not called)."""
        if (refused := self.breaker.refusal()) is not None:
            return refused, 0.0
        self.limiter.wait()
        if (refused := self._refused(request)) is not None:
            return refused, 0.0
        self.provider.ready()
        started = time.monotonic()
        result = self.provider.score(request)
        waited = self.provider.waited()
        self.budget.spent(request, result)
        return result, time.monotonic() - started if waited is None else waited

    async def _awaited(self, request: JudgeRequest, began: dict[int, float], index: int) -> Called:
        """The same on the judge loop; ``began[index]``: when the call itself started (for its timeout)."""
        if (refused := self.breaker.refusal()) is not None:
            return refused, 0.0
        if delay := self.limiter.reserve():
            await asyncio.sleep(delay)
        if (refused := self._refused(request)) is not None:
            return refused, 0.0
        self.provider.ready()
        began[index] = started = time.monotonic()
        result, waited = await self.provider.ascore(request)
        self.budget.spent(request, result)
        return result, time.monotonic() - started if waited is None else waited

    # --- a batch ---------------------------------------------------------------------------------

    def run(
        self,
        requests: Sequence[JudgeRequest],
        on_result: Callable[[int, Judgement], None],
        stop: Callable[[], bool] | None = None,
    ) -> None:
        """Every request called (or refused) once; ``on_result(index, judgement)`` on this thread as each
        finishes, until ``stop()``."""

        def finish(index: int, result: Judgement) -> None:
            self.breaker.record(result)
            on_result(index, result)

        gate = self.concurrency
        on_loop = self.provider.on_loop
        limited = self.call_timeout is not None or self.deadline is not None
        if not on_loop and not limited and stop is None and (self.max_concurrency == 1 or len(requests) <= 1):
            for index, request in enumerate(requests):
                result, seconds = self._scored(request)
                self._measured(result, seconds, alone=True)
                finish(index, result)
            return

        began: dict[int, float] = {}  # judge-loop calls: when each started
        workers = None
        if not on_loop:
            if self._workers is None:  # kept for the whole run: a provider's threads set up once
                self._workers = Workers(self.max_concurrency)
            workers = self._workers

        def start(index: int, request: JudgeRequest) -> Future[Called]:
            if workers is None:
                return submit(self._awaited(request, began, index))
            return workers.submit(self._scored, request)

        def since(future: Future[Called]) -> float | None:
            return began.get(pending[future]) if workers is None else workers.running_since(future)

        arrived: queue.SimpleQueue[Future[Called]] = queue.SimpleQueue()  # finished futures, in order
        waiting = deque(enumerate(requests))  # sent as the concurrency window allows
        pending: dict[Future[Called], int] = {}
        alone: Future[Called] | None = None  # the one call in flight with nothing beside it so far, if any
        looked = time.monotonic()

        def send() -> None:
            nonlocal alone
            while waiting and len(pending) < gate.window:
                index, request = waiting.popleft()
                future = start(index, request)
                alone = None if pending else future
                pending[future] = index
                future.add_done_callback(arrived.put)

        def done(future: Future[Called]) -> bool:
            """Whether the call was alone for its whole life (and so forget it)."""
            nonlocal alone
            was, alone = future is alone, None if future is alone else alone
            return was

        send()
        try:
            while pending:
                try:
                    finished = [arrived.get(timeout=TICK)]
                except queue.Empty:
                    finished = []
                while not arrived.empty():
                    finished.append(arrived.get_nowait())
                for future in finished:
                    if future not in pending or future.cancelled():
                        continue  # already ended as a timeout or by the deadline
                    index = pending.pop(future)
                    result, seconds = future.result()
                    self._measured(result, seconds, done(future))
                    finish(index, result)
                if stop is not None and stop():
                    return  # queued calls never start; running ones are cancelled (loop) or abandoned
                now = time.monotonic()
                if self.call_timeout is not None and now - looked >= TICK:
                    looked = now
                    stuck = [f for f in pending if (b := since(f)) is not None and now - b > self.call_timeout]
                    for future in stuck:
                        crowded = not done(future)  # other calls were in flight beside it: a queue is possible
                        future.cancel()
                        why = gate.finished(self.call_timeout, alone=False, outcome="timeout" if crowded else "failed")
                        if why is not None:
                            self._lowered(why)
                        finish(pending.pop(future), self._timeout(crowded))
                    if workers is not None:
                        workers.add(len(stuck))  # the stuck calls keep their threads: bring concurrency back
                at = self.deadline.at if self.deadline is not None else None
                if at is not None and now >= at and (pending or waiting):
                    for future in list(pending):
                        future.cancel()
                        finish(pending.pop(future), JudgeError(DEADLINE_PASSED))
                    while waiting:
                        finish(waiting.popleft()[0], JudgeError(DEADLINE_PASSED))
                send()
        finally:
            for future in pending:
                future.cancel()  # stopped or interrupted: nothing is left running on the judge loop

    def _measured(self, result: Judgement, seconds: float, alone: bool) -> None:
        failed = isinstance(result, JudgeError) and (result.unavailable or not result.sent)
        why = self.concurrency.finished(seconds, alone=alone, outcome="failed" if failed else "answered")
        if why is not None:
            self._lowered(why)

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

    def close(self) -> None:
        if self._workers is not None:
            self._workers.shutdown()
            self._workers = None

"""How one process makes judge calls: up to the concurrency window in flight, under the call timeout,
the run's deadline, the quota's pace, the budget and the circuit breaker.

A provider with an async path (``Provider.on_loop``: the SDK judges) is awaited on the process's one
judge loop (``judges.loop``): a call past its timeout, or cut by the deadline, is cancelled there. Any
other provider is called on worker threads (``judges.workers``), which a stalled call can only be
walked away from. Either way the calling thread collects the answers as they arrive and hands each
to ``on_result`` once, so what the runner keeps (counts, memo, cache) stays on one thread.

A call's timeout counts the judge's time only: what the call waited for the quota's pace is not the
judge's (``quota.Ticket``). A call that reached its timeout is named for what kept it: the deployment's
quota refusing calls, the server's queue (the calls sent before it were answered and none after it; it
is sent again when the window has shrunk), a slow answer (later calls overtook it: the judge answers,
slowly), or nothing heard at all.

A call abandoned in a server's queue may still be served: llama-cpp-python's server serves a queued request
whose client left (llama.cpp's own drops it within a second), so a call sent again can wait behind the
abandoned ones and time out once more. It is sent again while the window it went out under was wider than
one (each such timeout halves the window further) and once more at one call in flight, when only the
abandoned calls can be ahead of it; never more often than the window can halve, and twice more. A call that
times out after that ends as a timeout, named as above.
"""

from __future__ import annotations

import queue
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from functools import partial

from groundgate.judges import JudgeError, Judgement, JudgeRequest, Provider, Timing
from groundgate.judges.concurrency import Concurrency, Token
from groundgate.judges.limits import Budget, CircuitBreaker, Deadline
from groundgate.judges.loop import submit
from groundgate.judges.quota import TICKET, Quota, Ticket, rate_text
from groundgate.judges.workers import Workers

SINGLE_SLOT = "a server with one slot, as llama.cpp's and Ollama's are by default, answers one call at a time"
TICK = 0.2  # seconds between looks at the call timeout, the deadline and the progress line
DEADLINE_PASSED = "the run's deadline passed before this call finished"
OVERTAKE = 0.1  # seconds: calls sent together reach the server in any order; only a later one answered first overtook
MATERIAL = 0.10  # share of the judging time the server's few slots must have cost before the report says so
MATERIAL_SECONDS = 30.0

Called = tuple[Judgement, Timing | None]  # the answer, and the server's latency and crowd (None: not measured)


@dataclass
class Pulse:
    """What the calls of a batch are doing now, for the progress line."""

    sent: int  # calls started (answered or not)
    in_flight: int  # started, not finished
    held: int  # of those, waiting for the quota's pace
    rate: float | None  # calls a second the run can make now (Little's law, or the quota's pace); None: not known
    pace: str = ""  # the limits the pace keeps to and where they came from: '600k TPM and 3,600 RPM, the deployment's'


@dataclass
class _Call:
    index: int
    token: Token
    order: int  # in the order calls were started
    ticket: Ticket = field(default_factory=Ticket)
    began: float | None = None  # when the call itself started (after the breaker and the budget)
    window: int = 1  # the concurrency window it was sent under


class Dispatcher:
    def __init__(
        self,
        provider: Provider,
        *,
        max_concurrency: int = 1,
        quota: Quota | None = None,
        breaker: CircuitBreaker | None = None,
        budget: Budget | None = None,
        call_timeout: float | None = None,
        deadline: Deadline | None = None,
        notice: Callable[[str], None] | None = None,
    ) -> None:
        self.provider = provider
        self.max_concurrency = max(1, max_concurrency)
        self.quota = quota or Quota()
        self.paces_itself = provider.pace(self.quota)  # each HTTP request paced, or else each call here
        self.breaker = breaker or CircuitBreaker(0)
        self.budget = budget or Budget()
        self.call_timeout = call_timeout  # seconds one judge call may take, SDK retries included
        self.deadline = deadline
        self.concurrency = Concurrency(self.max_concurrency, slow_start=provider.slow_start)
        self.notice = notice  # one line for the log, while the run goes on
        self.pulse: Callable[[Pulse], None] | None = None  # told every TICK while calls are in flight
        self._estimate = provider.estimate()
        self._workers: Workers | None = None
        self._latencies: list[float] = []  # of answered calls, the last hundred: the progress line's rate
        self._first: float | None = None  # when the run's first call started
        self._lowered_at: float | None = None
        self._lowered_calls = 0  # calls started under a window lowered by evidence
        self._ended = 0.0

    # --- one call --------------------------------------------------------------------------------

    def _refused(self, request: JudgeRequest) -> JudgeError | None:
        """Why this call is not made: the breaker is open, or the budget would be passed (it is then
        charged the call's estimate until the answer says what it cost)."""
        return self.breaker.refusal() or self.budget.refusal(request)

    def _cost(self, request: JudgeRequest) -> int:
        return self._estimate(request) if self._estimate is not None and not self.paces_itself else 0

    def _scored(self, request: JudgeRequest, call: _Call | None = None) -> Called:
        """The call on a worker thread, unless refused (the server's latency is not measured there); ``call``
        keeps when it started."""
        if (refused := self.breaker.refusal()) is not None:
            return refused, None
        if not self.paces_itself:
            self.quota.wait(self._cost(request))
        if (refused := self._refused(request)) is not None:
            return refused, None
        self.provider.ready()
        if call is not None:
            call.began = time.monotonic()
        result = self.provider.score(request)
        self.budget.spent(request, result)
        return result, None

    async def _awaited(self, request: JudgeRequest, call: _Call) -> Called:
        """The same on the judge loop; the call's ``ticket`` keeps the time its requests wait for the pace."""
        TICKET.set(call.ticket)
        if (refused := self.breaker.refusal()) is not None:
            return refused, None
        if not self.paces_itself:
            await self.quota.acquire(self._cost(request))
        if (refused := self._refused(request)) is not None:
            return refused, None
        self.provider.ready()
        call.began = time.monotonic()
        result, timing = await self.provider.ascore(request)
        self.budget.spent(request, result)
        return result, timing

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
            self._ended = time.monotonic()
            on_result(index, result)

        gate = self.concurrency
        on_loop = self.provider.on_loop
        limited = self.call_timeout is not None or self.deadline is not None
        if not on_loop and not limited and stop is None and (self.max_concurrency == 1 or len(requests) <= 1):
            for index, request in enumerate(requests):
                result, _ = self._scored(request)
                finish(index, result)
            return

        workers = None
        if not on_loop:
            if self._workers is None:  # kept for the whole run: a provider's threads set up once
                self._workers = Workers(self.max_concurrency)
            workers = self._workers

        arrived: queue.SimpleQueue[Future[Called]] = queue.SimpleQueue()  # finished futures, in order
        waiting = deque(enumerate(requests))  # sent as the concurrency window allows
        pending: dict[Future[Called], _Call] = {}
        alone: set[int] = set()  # calls sent again at a window of one after a timeout behind the server's queue
        again: dict[int, int] = {}  # times each call was sent again: as often as the window can halve, and twice more
        most = gate.cap.bit_length() + 1
        sent = 0
        latest_answered = -1.0  # when the latest-started call that was answered started
        latest_order = -1  # the order of the latest-started call that was answered
        looked = time.monotonic()

        def start(index: int, request: JudgeRequest) -> None:
            nonlocal sent
            call = _Call(index, gate.begin(), sent, window=gate.window)
            sent += 1
            if self._first is None:
                self._first = time.monotonic()
            if gate.lowered:
                self._lowered_calls += 1
            future = (
                submit(self._awaited(request, call))
                if workers is None
                else workers.submit(partial(self._scored, call=call), request)
            )
            pending[future] = call
            future.add_done_callback(arrived.put)

        def since(future: Future[Called]) -> float | None:
            """When the call started, as its timeout counts: the time it waited for the pace left out."""
            call = pending[future]
            began = call.began if workers is None else workers.running_since(future)
            return None if began is None else began + call.ticket.now()

        def send() -> None:
            while waiting and len(pending) < gate.window:
                start(*waiting.popleft())

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
                    call = pending.pop(future)
                    result, timing = future.result()
                    answered = not isinstance(result, JudgeError) or not (result.unavailable or not result.sent)
                    if answered:
                        latest_answered = max(latest_answered, call.began if call.began is not None else -1.0)
                        latest_order = max(latest_order, call.order)
                        if timing is not None:
                            self._latencies = [*self._latencies[-99:], timing[0]]
                    seconds, crowd = timing if timing is not None else (None, 0)
                    why = gate.finished(call.token, seconds, crowd, outcome="answered" if answered else "failed")
                    self._lowered(why)
                    finish(call.index, result)
                if stop is not None and stop():
                    return  # queued calls never start; running ones are cancelled (loop) or abandoned
                now = time.monotonic()
                if self.call_timeout is not None and now - looked >= TICK:
                    looked = now
                    stuck = [(f, b) for f in pending if (b := since(f)) is not None and now - b > self.call_timeout]
                    for future, began in stuck:
                        call = pending.pop(future)
                        future.cancel()
                        started = call.began if call.began is not None else began
                        overtaken = latest_answered > started + OVERTAKE
                        # A queue: calls before it were answered, none sent after it was, and some wait behind it
                        # (or the server has shown it queues calls already).
                        behind = any(other.order > call.order for other in pending.values())
                        queued = gate.answered and not overtaken and (behind or gate.lowered)
                        self._lowered(gate.timed_out(overtaken=not queued))
                        if queued and (call.window > 1 or call.index not in alone) and again.get(call.index, 0) < most:
                            if call.window == 1:
                                alone.add(call.index)
                            again[call.index] = again.get(call.index, 0) + 1
                            waiting.appendleft((call.index, requests[call.index]))  # once the window has shrunk
                            continue
                        # Named slow when any call sent after it was answered, in the same burst too (a hosted judge).
                        finish(call.index, self._timeout(overtaken or latest_order > call.order, queued))
                    if workers is not None:
                        workers.add(len(stuck))  # the stuck calls keep their threads: bring concurrency back
                at = self.deadline.at if self.deadline is not None else None
                if at is not None and now >= at and (pending or waiting):
                    for future in list(pending):
                        future.cancel()
                        finish(pending.pop(future).index, JudgeError(DEADLINE_PASSED))
                    while waiting:
                        finish(waiting.popleft()[0], JudgeError(DEADLINE_PASSED))
                send()
                if self.pulse is not None:
                    held, limits = self.quota.waiting, self.quota.limits()
                    pace = f"{rate_text(limits.rpm, limits.tpm)}, {limits.source}'s" if limits.source else ""
                    self.pulse(Pulse(sent, len(pending), min(held, len(pending)), self.rate(), pace))
        finally:
            for future in pending:
                future.cancel()  # stopped or interrupted: nothing is left running on the judge loop

    def rate(self) -> float | None:
        """Calls a second the run makes now: the window over the typical latency (Little's law), or the
        quota's pace where that is slower; None until an answer was timed."""
        rates = []
        if self._latencies:
            typical = sorted(self._latencies)[len(self._latencies) // 2]
            rates.append(self.concurrency.window / max(typical, 1e-3))
        pace = self.quota.calls_per_second()
        if pace is not None:
            rates.append(pace)
        return min(rates) if rates else None

    def _timeout(self, overtaken: bool, queued: bool) -> JudgeError:
        """A call past the call timeout, named for what most likely kept it."""
        timeout = self.call_timeout or 0.0
        message = f"the judge gave no answer within {timeout:g} s (call timeout)"
        if time.monotonic() - self.quota.last_refusal < timeout + 1:
            limits = self.quota.limits()
            quota = f" ({rate_text(limits.rpm, limits.tpm)})" if limits.rpm or limits.tpm else ""
            return JudgeError(
                f"{message} while the deployment refused calls for its rate limits (HTTP 429){quota}: the quota, not "
                "the judge, held it; give the run more time (call-timeout, deadline) or the deployment more quota",
                unavailable=True,
                cause="quota",
            )
        if overtaken:
            return JudgeError(
                f"{message}, while calls sent after it were answered: the judge answers, but slowly on some calls; "
                "raise call-timeout",
                cause="slow",
            )
        if queued:
            return JudgeError(
                f"{message} each time it was sent, waiting behind the calls before it: the judge server is queueing calls "
                f"({SINGLE_SLOT}); lower max-concurrency to its parallel slots, or raise call-timeout",
                unavailable=True,
                cause="queue",
            )
        return JudgeError(message, unavailable=True)

    def _lowered(self, why: str | None) -> None:
        """Say once, while the run goes on, that the judge server queues calls and what groundgate did."""
        if why is None:
            return
        gate = self.concurrency
        if self._lowered_at is None:
            self._lowered_at = time.monotonic()
        if self.notice is not None:
            self.notice(
                f"the judge server queues calls ({why}): groundgate sends {gate.window} at a time instead of "
                f"{gate.cap}; set max-concurrency to the server's parallel slots"
            )

    @property
    def notes(self) -> list[str]:
        """What a reader of the results should know about how the judge was called: the server's few slots,
        only when they made the run materially longer than ``max-concurrency`` parallel slots would have."""
        gate = self.concurrency
        if gate.why is None or self._lowered_at is None or self._first is None or not self._latencies:
            return []
        judging = max(self._ended - self._first, 1e-9)
        typical = sorted(self._latencies)[len(self._latencies) // 2]
        cost = self._lowered_calls * typical * (1 / max(gate.lowest, 1) - 1 / gate.cap)
        if cost < max(MATERIAL * judging, MATERIAL_SECONDS):
            return []
        return [
            f"the judge server answered about {gate.lowest} call(s) at a time ({gate.why}), so groundgate sent "
            f"{gate.lowest} at a time instead of {gate.cap}: about {cost / 60:.0f} min of the run's "
            f"{judging / 60:.0f} min judging went to that; give the server more parallel slots (llama.cpp "
            "--parallel, Ollama OLLAMA_NUM_PARALLEL) and set max-concurrency to them"
        ]

    def close(self) -> None:
        if self._workers is not None:
            self._workers.shutdown()
            self._workers = None

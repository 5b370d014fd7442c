"""Client-side limits around judge calls: a request-rate cap shared by the run's calls, a
count of the throttling (HTTP 429) answers the SDK retried on its own, the circuit breaker (a judge
that is down, or whose answers are mostly outside the rubric's format), the concurrency window
that falls while the judge server queues calls, the run's deadline and its budget of calls and tokens."""

from __future__ import annotations

import logging
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from groundgate.judges import JudgeError, Judgement, JudgeRequest, Purpose, Verdict


class RateLimiter:
    """Spaces call starts at least 60/rpm seconds apart, whichever thread or loop makes them."""

    def __init__(
        self,
        rpm: float | None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.interval = 60.0 / rpm if rpm else 0.0
        self._lock = threading.Lock()
        self._slot = 0.0  # when the next call may start
        self._clock = clock
        self._sleep = sleep

    def reserve(self) -> float:
        """Take the next start slot; the seconds to wait for it."""
        if not self.interval:
            return 0.0
        with self._lock:
            now = self._clock()
            start = max(now, self._slot)
            self._slot = start + self.interval
        return start - now

    def wait(self) -> None:
        if (delay := self.reserve()) > 0:
            self._sleep(delay)


@dataclass
class Deadline:
    """Seconds for all the judging of a run, counted from its first judge call; shared by the
    judge and the second opinion so that both spend one budget."""

    seconds: float
    at: float | None = None  # time.monotonic() by which everything must be judged, once started

    def start(self) -> None:
        if self.at is None:
            self.at = time.monotonic() + self.seconds


class ThrottleCounter(logging.Handler):
    """Counts 429 answers from the SDK's HTTP client log ('HTTP Request: METHOD URL "HTTP/1.1 429 ..."').

    The SDK retries them itself, honouring Retry-After; groundgate only counts, never retries again.
    A test pins this to the SDK's HTTP client: it fails if the log line stops carrying the status.
    """

    LOGGER = "httpx2"

    def __init__(self) -> None:
        super().__init__(level=logging.INFO)
        self.throttled = 0
        self._count_lock = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 4 and args[3] == 429:
            with self._count_lock:
                self.throttled += 1

    @classmethod
    def install(cls) -> ThrottleCounter:
        logger = logging.getLogger(cls.LOGGER)
        for handler in logger.handlers:
            if isinstance(handler, cls):
                return handler
        handler = cls()
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False  # request lines are ours to count, not to print
        return handler


UNFIT_AFTER = 10  # answers a judge gives before the share of them outside the rubric's format can stop a run
# The breaker's words for a judge that answers, but not in the rubric's format (the report tells it from an outage)
UNFIT_STOP = "were not in the rubric's format, so groundgate stopped calling it"
UNFIT_FIX = (
    "A judge must answer in the rubric's JSON format (reason, score 1-5, status 'completed'): use a larger or "
    "instruction-tuned model, served with JSON mode (response_format json_object)"
)


def unfit(answers: int, malformed: int, at_least: int = UNFIT_AFTER) -> bool:
    """Whether a judge cannot do the job: of at least ``at_least`` answers, more than half were not in
    the rubric's format. (Such rows are errors, so the run could not pass anyway: stopping saves the rest.)"""
    return answers >= at_least and 2 * malformed > answers


class CircuitBreaker:
    """Stops calling a judge that is down, or that cannot do the job.

    Down: after ``limit`` consecutive calls that failed for want of the service
    (``JudgeError.unavailable``: 5xx, 429 the SDK gave up on, connection errors, call timeouts), it
    opens for the rest of the run: every later call is answered at once with an error naming the
    cause, so an outage costs seconds, not rows x timeout. A usable answer (or a judge's odd answer,
    which proves it is reachable) resets the count before it opens. ``limit`` 0: never.

    Cannot do the job: once more than half of the judge's answers (at least ``UNFIT_AFTER`` of them)
    were not in the rubric's format (``JudgeError.malformed``), it opens the same way, whatever ``limit``."""

    CAUSE_BYTES = 1000  # of the last failure's text, kept to name the cause

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._lock = threading.Lock()
        self._count = 0  # consecutive failures for want of the service
        self._cause = b""
        self._answers = 0  # answers the judge gave (not failures)
        self._malformed = 0  # of which outside the format

    def tally(self) -> tuple[int, int]:
        """The answers the judge gave so far (failures for want of the service aside), and how many of them
        were not in the rubric's format."""
        with self._lock:
            return self._answers, self._malformed

    def vouch(self, answers: int) -> None:
        """Count usable answers the judge gave before this run (the score cache's, checked by a real call):
        a few malformed answers among many usable ones are rows to fix, not a judge that cannot do the job."""
        with self._lock:
            self._answers += answers

    def _down(self) -> bool:
        return bool(self.limit) and self._count >= self.limit

    def _unfit(self) -> bool:
        return unfit(self._answers, self._malformed)

    def refusal(self) -> JudgeError | None:
        """The error to answer instead of calling, once the breaker is open; None while closed."""
        with self._lock:
            down, unusable = self._down(), self._unfit()
            if not down and not unusable:
                return None
            cause = self._cause.decode("utf-8", errors="replace")
            answers, malformed = self._answers, self._malformed
        if down:
            why = (
                f"the judge failed {self.limit} calls in a row, so groundgate stopped calling it "
                f"(circuit breaker, max-consecutive-failures); the last failure: {cause}"
            )
        else:  # the judge is reachable and answers: not an outage, a model that does not do the job
            why = (
                f"{malformed} of the judge's {answers} answers {UNFIT_STOP} (the judge model cannot do this job); "
                f"the last: {cause}"
            )
            return JudgeError(f"not sent: {why}", sent=False, malformed=True)
        return JudgeError(f"not sent: {why}", sent=False)

    def record(self, result: Judgement) -> None:
        if isinstance(result, JudgeError) and not result.sent:
            return
        with self._lock:
            if self._down() or self._unfit():
                return  # open for the rest of the run
            if isinstance(result, JudgeError) and result.unavailable:
                if self.limit:
                    self._count += 1
                    self._cause = result.message.encode("utf-8")[: self.CAUSE_BYTES - 1]
                return
            self._count = 0
            self._answers += 1
            if isinstance(result, JudgeError) and result.malformed:
                self._malformed += 1
                self._cause = result.message.encode("utf-8")[: self.CAUSE_BYTES - 1]


class Concurrency:
    """How many judge calls may be in flight: the user's cap (max-concurrency), lowered while the judge
    server queues them (AIMD, as TCP does).

    A server with one slot (llama.cpp's and Ollama's default) answers one call at a time: every call sent
    beside it only waits in its queue, latency grows with the calls in flight, and the last ones reach
    the call timeout while the server is healthy. Two signs of that halve the window: a call timeout
    after earlier calls were answered, and answers that take ``QUEUEING`` times as long as calls made
    alone (median against median). After a change, the next one waits for a window of calls to finish.
    A window of answers no slower than ``EASY`` times alone adds one call back, up to the cap. Latency
    alone cannot tell a queue from answers that are simply longer: the ratio is generous, and the window
    grows back where a server was only slow."""

    QUEUEING = 3.0
    EASY = 2.0
    KEPT = 32  # latencies of calls made alone kept for the baseline

    def __init__(self, cap: int) -> None:
        self.cap = max(1, cap)
        self.window = self.cap
        self.lowest = self.cap
        self.why: str | None = None  # why it was first lowered
        self._lock = threading.Lock()
        self._alone: list[float] = []
        self._recent: list[float] = []  # answers since the last change
        self._settle = 0  # calls to finish before the next change
        self._answered = False

    @property
    def answered(self) -> bool:
        """Whether any call got an answer: a timeout after that is a queue, not a judge that is down."""
        return self._answered

    def finished(self, seconds: float, *, alone: bool, outcome: str) -> str | None:
        """Record one finished call (``outcome``: 'answered', 'timeout', or 'failed' for an error that
        says nothing of the queue); returns why, the first time the window is lowered."""
        with self._lock:
            self._settle -= 1
            if outcome == "timeout":
                if self._answered:
                    return self._lower("a call reached the call timeout after earlier calls were answered")
                return None
            if outcome != "answered":
                return None
            self._answered = True
            if alone:
                self._alone = [*self._alone[-(self.KEPT - 1) :], seconds]
            self._recent.append(seconds)
            if not self._alone or len(self._recent) < self.window or self._settle > 0:
                return None
            baseline, now = statistics.median(self._alone), statistics.median(self._recent[-self.window :])
            if self.window > 1 and now > self.QUEUEING * baseline:
                return self._lower(
                    f"answers took {now / baseline:.1f} times as long with {self.window} calls in flight as alone"
                )
            if self.window < self.cap and now <= self.EASY * baseline:
                self._change(self.window + 1)
            return None

    def _lower(self, why: str) -> str | None:
        if self.window == 1 or self._settle > 0:
            return None
        self._change(max(1, self.window // 2))
        self.lowest = min(self.lowest, self.window)
        first = self.why is None
        self.why = self.why or why
        return why if first else None

    def _change(self, window: int) -> None:
        self._settle = self.window  # the calls sent under the old window finish first
        self.window = window
        self._recent = []


Estimate = Callable[[JudgeRequest], int]  # tokens a call is expected to cost (``judges.cost``)
CALLS, TOKENS = 1, 2  # what the budget ran out of
# Calls no verdict needs: fluency only breaks ties between equally grounded answers and is said beside the
# verdict, the noise sample measures the judge, claims explain a row. A budget leaves them out, never the verdict.
EXTRAS = frozenset({Purpose.FLUENCY, Purpose.NOISE, Purpose.CLAIMS})
LEFT_OUT = {Purpose.FLUENCY: "fluency call", Purpose.NOISE: "noise-sample re-score", Purpose.CLAIMS: "claims call"}


class Budget:
    """The run's cap on judge calls and tokens (``max-calls``, ``max-tokens``), shared by the judge and
    the second opinion.

    A call is made only if it fits: the calls made so far plus this one within ``max_calls``; the tokens
    the judge reported, plus the estimate of the calls still in flight and of this one, within
    ``max_tokens``. The first call the verdict needs (a first verdict, a re-score) that does not fit is refused,
    and so is every later one: the run stops calling and ends without a verdict (``reached``). A call no verdict
    needs (``EXTRAS``: fluency on ties, the noise sample, claims) only spends what is left: one that does not fit
    is refused alone, counted in ``left_out`` so the run can say so. Without either cap it refuses nothing."""

    def __init__(
        self,
        max_calls: int | None = None,
        max_tokens: int | None = None,
        estimate: Estimate | None = None,
        names: tuple[str, str] = ("--max-calls", "--max-tokens"),
    ) -> None:
        self.max_calls, self.max_tokens, self.names = max_calls, max_tokens, names
        self.estimate = estimate if estimate is not None and max_tokens is not None else None
        self._lock = threading.Lock()
        self._calls = 0
        self._tokens = 0  # reported, plus estimates in flight
        self._reached = 0
        self.left_out: dict[Purpose, int] = {}  # calls no verdict needs that did not fit, by purpose

    @property
    def capped(self) -> bool:
        return self.max_calls is not None or self.max_tokens is not None

    @property
    def reached(self) -> int:
        """0 while every call fitted; else what ran out (``CALLS`` or ``TOKENS``)."""
        return self._reached

    def refusal(self, request: JudgeRequest) -> JudgeError | None:
        """None, and the call is charged; or the error to answer instead of calling. A call no verdict needs
        (``EXTRAS``) is made only from what the verdict's calls left: one that does not fit is refused without
        ending the run."""
        if not self.capped:
            return None
        cost = self.estimate(request) if self.estimate is not None else 0
        with self._lock:
            if not self._reached:
                ran_out = 0
                if self.max_calls is not None and self._calls + 1 > self.max_calls:
                    ran_out = CALLS
                elif self.max_tokens is not None and self._tokens + cost > self.max_tokens:
                    ran_out = TOKENS
                else:
                    self._calls += 1
                    self._tokens += cost
                    return None
                if request.purpose in EXTRAS:
                    self.left_out[request.purpose] = self.left_out.get(request.purpose, 0) + 1
                else:
                    self._reached = ran_out
            else:
                ran_out = self._reached
        what = f"{self.max_calls:,} judge calls" if ran_out == CALLS else f"{self.max_tokens:,} tokens"
        flag = self.names[0] if ran_out == CALLS else self.names[1]
        return JudgeError(f"not sent: the run reached its budget of {what} ({flag})", sent=False, budget=True)

    def said(self) -> str | None:
        """What the budget left out, in one sentence for the results' warnings; None when nothing."""
        if not self.left_out:
            return None
        parts = [f"{n:,} {what}{'' if n == 1 else 's'}" for p, what in LEFT_OUT.items() if (n := self.left_out.get(p))]
        caps = [
            f"{flag} {cap:,}" for flag, cap in zip(self.names, (self.max_calls, self.max_tokens), strict=True) if cap
        ]
        return (
            f"the run's budget ({' and '.join(caps)}) left out {' and '.join(parts)}: none of them decides the "
            "verdict (fluency only breaks ties, the noise sample measures the judge, claims explain a row); raise "
            "the budget to have them"
        )

    def spent(self, request: JudgeRequest, result: Judgement) -> None:
        """The answer's own count replaces the call's estimate (a failure keeps the estimate)."""
        if self.estimate is None or not isinstance(result, Verdict) or not result.tokens:
            return
        cost = self.estimate(request)
        with self._lock:
            self._tokens += result.tokens - cost

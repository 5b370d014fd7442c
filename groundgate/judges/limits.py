"""Client-side limits around judge calls: the circuit breaker (a judge that is down, or whose answers are
mostly outside the rubric's format), the run's deadline and its budget of calls and tokens. (The quota's
pace is ``judges.quota``; the window of calls in flight, ``judges.engine``.)"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from groundgate.judges import Failure, JudgeError, Judgement, JudgeRequest, Purpose


@dataclass
class Deadline:
    """Seconds for all the judging of a run, counted from its first judge call; shared by the
    judge and the second opinion so that both spend one budget."""

    seconds: float
    at: float | None = None  # time.monotonic() by which everything must be judged, once started

    def start(self) -> None:
        if self.at is None:
            self.at = time.monotonic() + self.seconds


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
    (``Failure.unavailable``: 5xx, 429s given up on, connection errors, call timeouts), it
    opens for the rest of the run: every later call is answered at once with an error naming the
    cause, so an outage costs seconds, not rows x timeout. A usable answer (or a judge's odd answer,
    which proves it is reachable) resets the count before it opens. ``limit`` 0: never.

    Cannot do the job: once more than half of the judge's answers (at least ``UNFIT_AFTER`` of them)
    were not in the rubric's format (``Failure.MALFORMED``), it opens the same way, whatever ``limit``."""

    CAUSE_BYTES = 1000  # of the last failure's text, kept to name the cause

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._lock = threading.Lock()
        self._count = 0  # consecutive failures for want of the service
        self._cause = b""
        self._kind = Failure.UNAVAILABLE  # the last failure's kind: what the refusals say of it
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
            answers, malformed, kind = self._answers, self._malformed, self._kind
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
            return JudgeError(f"not sent: {why}", kind=Failure.UNFIT)
        return JudgeError(f"not sent: {why}", kind=Failure.HELD if kind is Failure.QUOTA else Failure.UNSENT)

    def record(self, result: Judgement) -> None:
        kind = result.kind if isinstance(result, JudgeError) else None
        if kind is not None and not kind.sent:
            return
        with self._lock:
            if self._down() or self._unfit():
                return  # open for the rest of the run
            if kind is not None and kind.unavailable:
                if self.limit:
                    self._count += 1
                    self._cause = result.message.encode("utf-8")[: self.CAUSE_BYTES - 1]  # type: ignore[union-attr]
                    self._kind = kind
                return
            self._count = 0
            self._answers += 1
            if isinstance(result, JudgeError) and kind is Failure.MALFORMED:
                self._malformed += 1
                self._cause = result.message.encode("utf-8")[: self.CAUSE_BYTES - 1]


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
        return JudgeError(f"not sent: the run reached its budget of {what} ({flag})", kind=Failure.BUDGET)

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
        """What the service billed replaces the call's estimate: an answer's own count, a usable one or not
        (cut at its token limit, not the rubric's JSON). A call without a billed answer (a timeout, a
        connection that dropped) keeps its estimate: the service may have billed it all the same."""
        if self.estimate is None or not result.tokens:
            return
        cost = self.estimate(request)
        with self._lock:
            self._tokens += result.tokens - cost

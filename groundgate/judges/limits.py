"""Client-side limits around judge calls: a request-rate cap shared by threads and processes,
and a count of the throttling (HTTP 429) answers the SDK retried on its own."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from groundgate.judges import JudgeError, Judgement


class _Lock(Protocol):
    def __enter__(self) -> Any: ...
    def __exit__(self, exc_type: Any, exc: Any, tb: Any, /) -> Any: ...


class _Value(Protocol):
    value: float


class _LocalValue:
    def __init__(self) -> None:
        self.value = 0.0


class RateLimiter:
    """Spaces call starts at least 60/rpm seconds apart. Built on a lock and a shared value so the
    same limiter works across worker processes (multiprocessing's Lock and Value)."""

    def __init__(
        self,
        rpm: float | None,
        lock: _Lock | None = None,
        slot: _Value | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.interval = 60.0 / rpm if rpm else 0.0
        self._lock: _Lock = lock if lock is not None else threading.Lock()
        self._slot: _Value = slot if slot is not None else _LocalValue()
        self._clock = clock
        self._sleep = sleep

    def wait(self) -> None:
        if not self.interval:
            return
        with self._lock:
            now = self._clock()
            start = max(now, self._slot.value)
            self._slot.value = start + self.interval
        if start > now:
            self._sleep(start - now)


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


class _LocalCount:
    def __init__(self, value: int = 0) -> None:
        self.value = value


class _LocalText:
    def __init__(self, value: bytes = b"") -> None:
        self.value = value


class CircuitBreaker:
    """Stops calling a judge that is down. After ``limit`` consecutive calls that failed for want of
    the service (``JudgeError.unavailable``: 5xx, 429 the SDK gave up on, connection errors, call
    timeouts), it opens for the rest of the run: every later call is answered at once with an error
    naming the cause, so an outage costs seconds, not rows x timeout. A usable answer (or a judge's
    odd answer, which proves it is reachable) resets the count before it opens. ``limit`` 0: never.

    Built on a lock and shared values so worker processes share one breaker with the main process."""

    CAUSE_BYTES = 400

    def __init__(self, limit: int, lock: _Lock | None = None, count: Any = None, cause: Any = None) -> None:
        self.limit = limit
        self._lock: _Lock = lock if lock is not None else threading.Lock()
        self._count = count if count is not None else _LocalCount()
        self._cause = cause if cause is not None else _LocalText()

    def shared(self, context: Any) -> CircuitBreaker:
        """The same breaker, state carried over, in values a spawned worker process can inherit."""
        count = context.Value("i", self._count.value, lock=False)
        cause = context.Array("c", self.CAUSE_BYTES, lock=False)
        cause.value = self._cause.value
        return CircuitBreaker(self.limit, context.Lock(), count, cause)

    def parts(self) -> tuple[int, Any, Any, Any]:
        return self.limit, self._lock, self._count, self._cause

    def refusal(self) -> JudgeError | None:
        """The error to answer instead of calling, once the breaker is open; None while closed."""
        if not self.limit:
            return None
        with self._lock:
            if self._count.value < self.limit:
                return None
            cause = bytes(self._cause.value).decode("utf-8", errors="replace")
        return JudgeError(
            f"not sent: the judge failed {self.limit} calls in a row, so groundgate stopped calling it "
            f"(circuit breaker, max-consecutive-failures); the last failure: {cause}",
            sent=False,
        )

    def record(self, result: Judgement) -> None:
        if not self.limit or (isinstance(result, JudgeError) and not result.sent):
            return
        with self._lock:
            if self._count.value >= self.limit:
                return  # open for the rest of the run
            if isinstance(result, JudgeError) and result.unavailable:
                self._count.value += 1
                self._cause.value = result.message.encode("utf-8")[: self.CAUSE_BYTES - 1]
            else:
                self._count.value = 0

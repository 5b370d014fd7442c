"""Client-side limits around judge calls: a request-rate cap shared by threads and processes,
and a count of the throttling (HTTP 429) answers the SDK retried on its own."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol


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

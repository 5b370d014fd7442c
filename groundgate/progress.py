"""Progress while judging: a plain line every few seconds (an Actions log is not a terminal)."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import suppress
from typing import TextIO


def _duration(span: float) -> str:
    seconds = round(span)
    if seconds < 60:
        return f"{seconds}s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes}m {seconds:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h {minutes:02d}m"


class ProgressLine:
    def __init__(self, stream: TextIO, every: float = 5.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.every = every
        self.clock = clock
        self._phase: str | None = None
        self._started = 0.0
        self._last = 0.0

    def __call__(self, phase: str, done: int, total: int) -> None:
        now = self.clock()
        if phase != self._phase or done == 0:
            self._phase, self._started, self._last = phase, now, now
        if done == 0 or (done < total and now - self._last < self.every):
            return
        if done == total and now - self._started < self.every and self._last == self._started:
            return  # a phase that ended before its first report needs none
        self._last = now
        elapsed = now - self._started
        rate = done / elapsed if elapsed > 0 else 0.0
        left = f", about {_duration((total - done) / rate)} left" if rate and done < total else ""
        with suppress(OSError, ValueError):  # a stderr that cannot take it loses the line, not the run
            self.stream.write(f"{phase}: {done}/{total} judge calls, {rate:.1f} calls/s{left}\n")
            self.stream.flush()

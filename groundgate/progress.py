"""Progress while judging: a plain line every few seconds (an Actions log is not a terminal).

A sign of life comes within the first second of a phase whatever the judge's latency (the calls sent, and
whether they wait on the quota's pace or on the judge), then a line every few seconds. The time left is
the calls left at the rate the run can keep now (calls in flight over the typical latency, or the quota's
pace where that is slower: ``judges.engine.Engine.rate``), not the answers counted so far, which
arrive in bursts as wide as the window; and each estimate is weighed with the last one, carried forward,
so that it does not swing from one line to the next.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import suppress
from typing import Protocol, TextIO

from groundgate.wording import duration

FIRST = 1.0  # seconds into a phase for its first line, when no call has finished yet


class Pulse(Protocol):
    """What the calls in flight are doing (``judges.engine.Pulse``)."""

    sent: int
    in_flight: int
    held: int
    rate: float | None
    pace: str


class ProgressLine:
    def __init__(self, stream: TextIO, every: float = 5.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.every = every
        self.clock = clock
        self._phase: str | None = None
        self._started = 0.0
        self._last = 0.0
        self._printed = False
        self._left: float | None = None  # the last estimate of the time left, when it was printed
        self._rate: float | None = None  # the last rate the calls in flight reported

    def __call__(self, phase: str, done: int, total: int) -> None:
        """A call of ``phase`` finished (or the phase begins, ``done`` 0)."""
        self._heard(phase, done, total, None)

    def beat(self, phase: str, done: int, total: int, pulse: Pulse) -> None:
        """What the calls in flight are doing, every fraction of a second while they are."""
        self._heard(phase, done, total, pulse)

    def _heard(self, phase: str, done: int, total: int, pulse: Pulse | None) -> None:
        now = self.clock()
        if phase != self._phase or (done == 0 and pulse is None):
            self._phase, self._started, self._last, self._printed, self._left = phase, now, now, False, None
            self._rate = None
        if pulse is not None:  # no answer needed: say what the calls are doing
            self._rate = pulse.rate or self._rate
            due = now - self._last >= self.every if self._printed else now - self._started >= FIRST
            if due and done < total:
                self._say(phase, done, total, now, pulse)
            return
        if done == 0 or (done < total and now - self._last < self.every):
            return
        if done == total and now - self._started < self.every and not self._printed:
            return  # a phase that ended before its first report needs none
        self._say(phase, done, total, now, None)

    def _say(self, phase: str, done: int, total: int, now: float, pulse: Pulse | None) -> None:
        elapsed = now - self._started
        parts = [f"{phase}: {done:,}/{total:,} judge calls"]
        if pulse is not None and pulse.in_flight:
            waiting = pulse.in_flight - pulse.held
            quota = f" ({pulse.pace})" if pulse.pace else ""
            what = [
                f"{waiting} waiting on the judge" if waiting else "",
                f"{pulse.held} on the quota{quota}" if pulse.held else "",
            ]
            parts.append(f"{pulse.in_flight} in flight ({', '.join(w for w in what if w)})")
        rate = self._rate or (done / elapsed if elapsed > 0 and done else None)
        if rate:
            parts.append(f"{rate:.1f} calls/s")
            left = (total - done) / rate
            if self._left is not None:  # weighed with the last estimate, carried forward to now
                left = 0.5 * left + 0.5 * max(0.0, self._left - (now - self._last))
            self._left = left
            if done < total:
                parts.append(f"about {duration(left)} left")
        else:
            parts.append(f"{duration(elapsed)} since the first call")
        self._last, self._printed = now, True
        with suppress(OSError, ValueError):  # a stderr that cannot take it loses the line, not the run
            self.stream.write(", ".join(parts) + "\n")
            self.stream.flush()

"""How many judge calls may be in flight: the user's cap (max-concurrency), or fewer where the judge
server has shown it queues them. Pure: latencies are handed in, no clock, no server.

A server with a few slots (llama.cpp's and Ollama's default is one) answers that many calls at a time;
every call sent beside them waits in its queue, so latency grows with the calls in flight while throughput
does not. A hosted service answers each call in its own time whatever else is in flight. Latency alone
cannot tell a queue from answers that are simply slow or a runner that is loaded, so the window is lowered
only on evidence gathered for the purpose:

- **Slow start** (servers whose slots are unknown: OpenAI-compatible ones other than OpenAI's own): the
  window starts at one call and doubles up to the cap. Before each doubling, the latencies of calls sent
  with as many at the server as the window allows are compared with those sent at the window before, in
  the order they were sent (the first to finish are a window's quickest): the server may queue when
  answers take at least ``RATIO`` times as long and the exact rank test says chance cannot explain it
  (one-sided p below ``RANKS``, whatever the distribution of latencies). That is then confirmed on fresh
  calls, at the window before and at this one again, one after the other, so that neither a chance run of
  quick answers nor a slow spell of a loaded runner can do it alone (``bench/concurrency.py`` models a
  hosted service, log-normal latencies with a median of 1.2 s and p99 of 8 s, independent of load: it
  lowered no window in 20,000 runs). The window is then set to the slots the latencies imply (calls in
  flight x latency alone / latency with them: Little's law), and kept.
- **A call timeout behind a queue**: a call that reached the call timeout while no call sent after it had
  been answered (a queue answers in order; a hosted service lets later calls overtake a slow one) and
  after earlier calls were answered halves the window, once per window of calls. (The dispatcher sends
  such a call again once the window shrank.)

Latencies are the server's (measured at the HTTP layer, ``judges.heard``): a judge that cannot measure them
(the figures judge, which has no server) never changes its window.
"""

from __future__ import annotations

import statistics
import threading

from groundgate.stats import rank_tail

RATIO = 1.4  # answers at least this much slower with more calls in flight, for a queue
GROW = 1.25  # a window's latencies within this of the window before: no sign of a queue, grow
SUSPECT = 1e-2  # the one-sided p-value of the exact rank test (Mann-Whitney) at which a window looks slower...
RANKS = 2e-4  # ...and the one at which fresh calls confirm it is (below which slower is not chance)
LOOKS = (4, 8, 16, 32)  # answers at a window when it is compared with the one before (few looks: few chances)
ENOUGH = 16  # answers after which a window not clearly slower than the one before grows
FRESH = 8  # fresh answers at each of two windows to confirm a queue (8 and 8: the rank test can speak)


def slower(low: list[float], high: list[float]) -> tuple[float, float]:
    """How much slower ``high`` answers are than ``low`` ones (the ratio of their medians), and the exact
    one-sided p-value of the rank test that they are."""
    ratio = statistics.median(high) / max(statistics.median(low), 1e-9)
    return ratio, rank_tail(low, high)


Token = tuple[int, int]  # the window a call was sent under, and its place among the calls sent under it
SKIPPED = -1.0  # a call that says nothing of the server's latency at its window (failed, or sent between windows)


class Concurrency:
    """The window of calls in flight; see the module docstring. Calls are compared in the order they were
    sent, never as they finish: the first answers of a window are its fastest calls, which would make any
    window look quicker than the next."""

    def __init__(self, cap: int, slow_start: bool = False) -> None:
        self.cap = max(1, cap)
        self.window = 1 if slow_start else self.cap
        self.lowest = self.cap  # the lowest the window was set after evidence of a queue
        self.why: str | None = None  # why it was first lowered
        self.settled = not slow_start or self.cap == 1  # the window no longer grows
        self._lock = threading.Lock()
        self._sent: dict[int, int] = {}  # window -> calls sent under it
        self._levels: dict[int, dict[int, float]] = {}  # window -> {place: latency or SKIPPED}
        self._previous = 0  # the window before this one, while growing
        self._done: dict[int, set[int]] = {}  # window -> the looks already taken at it
        # a slower window to confirm: [it, the first fresh call under the window before, the first fresh under it]
        self._suspect: list[int] | None = None
        self._settle = 0  # calls to finish before the next timeout may lower the window again
        self._answered = False

    @property
    def answered(self) -> bool:
        """Whether any call got an answer: a timeout after that is not a judge that is down."""
        return self._answered

    @property
    def lowered(self) -> bool:
        return self.why is not None

    def begin(self) -> Token:
        """A call is sent now: its token, for ``finished``."""
        with self._lock:
            place = self._sent.get(self.window, 0)
            self._sent[self.window] = place + 1
            return self.window, place

    def finished(self, token: Token, seconds: float | None, crowd: int = 0, *, outcome: str = "answered") -> str | None:
        """Record one finished call: the server's latency (None: not measured) and the calls at the server
        when its request left (``crowd``, itself included; 0: not known). ``outcome``: 'answered', or
        'failed' for an error that says nothing of a queue. Returns why, the first time the window is lowered."""
        with self._lock:
            self._settle -= 1
            answered = outcome == "answered"
            self._answered = self._answered or answered
            if self.settled:
                return None
            window, place = token
            usable = answered and seconds is not None and crowd == window
            self._levels.setdefault(window, {})[place] = seconds if usable and seconds is not None else SKIPPED
            return self._look()

    def _known(self, window: int, start: int = 0) -> list[float]:
        """The latencies of the calls sent under ``window`` (from its ``start``-th) up to the first one still
        in flight, in the order they were sent."""
        level = self._levels.get(window, {})
        found = []
        for place in range(start, self._sent.get(window, 0)):
            seconds = level.get(place)
            if seconds is None:
                break
            if seconds != SKIPPED:
                found.append(seconds)
        return found

    def _look(self) -> str | None:
        """Grow the window, hold it, or set it to the slots the latencies show."""
        if self._suspect is not None:
            return self._confirm()
        here = self._known(self.window)
        looked = [size for size in LOOKS if size <= len(here)]
        if not looked or looked[-1] in self._done.get(self.window, ()):
            return None
        self._done.setdefault(self.window, set()).add(looked[-1])
        here = here[: looked[-1]]
        below = self._known(self._previous) if self._previous else []
        if len(below) < LOOKS[0]:
            self._grow()
            return None
        ratio, p = slower(below, here)
        if ratio >= RATIO and p < SUSPECT:
            # Confirm on fresh calls, the window before and then this one again, sent one after the other: a
            # chance run of quick answers, or a slow spell of the runner's, does not repeat itself on cue; a
            # queue does.
            self._suspect = [self.window, self._sent.get(self._previous, 0), -1]
            self.window = self._previous
            return None
        if ratio < GROW or (len(here) >= ENOUGH and ratio < RATIO) or len(here) == LOOKS[-1]:
            self._grow()
        return None

    def _confirm(self) -> str | None:
        """A window looked slower than the one before: fresh calls at the one before, then at it again."""
        assert self._suspect is not None
        higher, low_start, high_start = self._suspect
        lower = self._previous
        fresh_low = self._known(lower, low_start)
        if high_start < 0:  # still at the window before
            if len(fresh_low) >= FRESH:
                self._suspect[2] = self._sent.get(higher, 0)
                self.window = higher
            return None
        fresh_high = self._known(higher, high_start)
        if len(fresh_high) < FRESH:
            return None
        self._suspect = None
        fresh_low = fresh_low[:FRESH]
        fresh_high = fresh_high[:FRESH]
        ratio, p = slower(fresh_low, fresh_high)
        if ratio < RATIO or p >= RANKS:  # not confirmed: the first look was chance; grow past it
            self._grow()
            return None
        first = min(self._levels)
        alone = statistics.median(self._known(first) or fresh_low) / first
        slots = max(1, min(higher - 1, round(higher * alone / statistics.median(fresh_high))))
        why = (
            f"answers took {ratio:.1f} times as long with {higher} calls in flight as with {lower}, twice "
            f"(the second time over {len(fresh_high)} and {len(fresh_low)} fresh calls): the judge server answers "
            f"about {slots} at a time"
        )
        return self._set(slots, why)

    def _grow(self) -> None:
        """Double the window; at the cap, the cap's own latencies were the last to compare: settled."""
        if self.window == self.cap:
            self.settled = True
            return
        self._previous, self.window = self.window, min(self.cap, self.window * 2)

    def _set(self, window: int, why: str) -> str | None:
        self.window = window
        self.settled = True
        self.lowest = min(self.lowest, window)
        self._settle = window
        first = self.why is None
        self.why = self.why or why
        return why if first else None

    def timed_out(self, *, overtaken: bool) -> str | None:
        """A call reached the call timeout. Behind a queue (not ``overtaken`` by a later call's answer, after
        earlier calls were answered) it halves the window, once per window of calls; returns why, the first
        time the window is lowered."""
        with self._lock:
            self._settle -= 1
            if overtaken or not self._answered or self.window == 1 or self._settle > 0:
                return None
            return self._set(
                max(1, self.window // 2),
                "a call reached the call timeout while the calls before it were answered and none sent after it",
            )

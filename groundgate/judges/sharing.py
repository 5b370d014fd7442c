"""What other callers take of a deployment's minute, read from its tokens-left counter as this run's answers heard it.

Azure's ``x-ratelimit-remaining-tokens`` counts every caller of a deployment: an answer says what was left once
its own request was charged, at its admission. Answers come back in any order (a judge takes 2 to 40 seconds),
so they are read in the order their requests started, which is the order the deployment admitted them (a trip
apart): between two answers of one counter the count fell by this run's requests started between them (answered
or not yet) and by what others took. A stretch of one counter, from the most left before its first request's
charge to the least left, less this run's own charges in it, is what others took over the seconds it spans.
A rise or a fall larger than a counter can move between two starts (a sixth of the minute's tokens in each 10
seconds, as Azure checks them, and the request's own charge) starts another stretch: the counter filled again
for a new minute, or another deployment's counter behind the same gateway, never other callers.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field

PERIOD = 10.0  # the longest period Azure documents its limits are checked over, in seconds
MINUTE = 60.0
KEPT = 2 * MINUTE + PERIOD  # seconds of starts kept: a stretch of the last minute and its slow answers
LATELY = 2 * PERIOD  # seconds of starts over which a caller that joined just now is seen
JOINED = 0.1  # of the deployment's limits: how much more others took lately before it is their rate now
REFRESH = 1.0  # seconds at least between two readings of the counts (each reads every count of two minutes)
SHARED_AFTER = 20.0  # seconds of starts answered before what other callers took is counted
ALONE = 0.15  # of the deployment's limits: others taking less than this are no one (a shard re-run alone)
SHARED_FLOOR = 0.1  # the least part of the deployment's limits a run keeps to (its shards together: each 1/N of it)


@dataclass
class _Sent:
    start: float
    charge: int
    answered: bool = False


@dataclass(frozen=True)
class _Count:
    start: float  # when its request started
    left: float  # what the answer said was left once its request was charged
    charge: int  # its request's charge, as the service counted it


@dataclass
class _Stretch:
    """Answers of one counter within one minute of starts."""

    counts: list[_Count] = field(default_factory=list)
    high: float = -math.inf  # what was left before the charge of its first-admitted request
    low: float = math.inf  # the least it said was left

    @property
    def first(self) -> float:
        return self.counts[0].start

    @property
    def last(self) -> float:
        return self.counts[-1].start

    def add(self, count: _Count) -> None:
        self.counts.append(count)
        self.high, self.low = max(self.high, count.left + count.charge), min(self.low, count.left)


class Others:
    """This run's requests and the counts their answers heard; see the module docstring."""

    def __init__(self) -> None:
        self._sent: list[_Sent] = []  # by start
        self._counts: list[_Count] = []  # by start
        self._heard_at = -math.inf  # when the newest answer came
        self._whole = math.inf  # the deployment's tokens a minute, as the newest answer's headers told
        self._built_at = -math.inf  # when the reading below was last made
        self._dirty = False  # answers heard since
        self._reading: tuple[float, float, float] | None = None  # others' rate, the level's, lately's (nan: none)

    def booked(self, start: float, charge: int) -> None:
        """A request of this run starts at ``start``, charged ``charge``."""
        bisect.insort(self._sent, _Sent(start, charge), key=lambda s: s.start)
        if self._sent[0].start < start - KEPT:  # a judge whose answers never say what is left keeps no more
            self._sent = self._sent[bisect.bisect_left(self._sent, start - KEPT, key=lambda s: s.start) :]

    def withdrawn(self, charge: int) -> None:
        """A request charged ``charge`` was refused: the deployment never took it (the latest such one)."""
        for index in range(len(self._sent) - 1, -1, -1):
            sent = self._sent[index]
            if not sent.answered and sent.charge == charge:
                del self._sent[index]
                return

    def heard(self, left: float, charge: int, start: float | None, now: float, whole: float) -> None:
        """An answer to the request started at ``start`` said ``left`` tokens were left once it was charged
        ``charge``; ``whole`` is the deployment's tokens a minute as far as its headers tell. ``start`` None (a
        caller that does not say when): the oldest request not answered yet, answers taken to come in order."""
        self._heard_at, self._whole, self._dirty = now, whole, True
        if start is None:
            waiting = next((s for s in self._sent if not s.answered), None)
            start = waiting.start if waiting is not None else now
        index = bisect.bisect_left(self._sent, start, key=lambda s: s.start)
        while index < len(self._sent) and self._sent[index].start == start and self._sent[index].answered:
            index += 1
        if index < len(self._sent) and self._sent[index].start == start:
            self._sent[index].charge, self._sent[index].answered = charge, True
        else:  # started without the pace's booking
            self._sent.insert(index, _Sent(start, charge, True))
        bisect.insort(self._counts, _Count(start, left, charge), key=lambda c: c.start)
        since = now - KEPT
        self._sent = self._sent[bisect.bisect_left(self._sent, since, key=lambda s: s.start) :]
        self._counts = self._counts[bisect.bisect_left(self._counts, since, key=lambda c: c.start) :]

    def _own(self, start: float, end: float, answered: bool) -> int:
        """This run's charges of requests started after ``start`` up to ``end`` (``answered``: those answered too)."""
        low = bisect.bisect_right(self._sent, start, key=lambda s: s.start)
        high = bisect.bisect_right(self._sent, end, key=lambda s: s.start)
        return sum(s.charge for s in self._sent[low:high] if answered or not s.answered)

    def _took(self, stretch: _Stretch) -> float:
        """What others took in a stretch: its fall less this run's charges heard on it and those of its requests
        started within it and not answered yet (in flight, or lost after the deployment took them)."""
        own = sum(c.charge for c in stretch.counts) + self._own(stretch.first, stretch.last, answered=False)
        return max(0.0, stretch.high - stretch.low - own)

    def _lately(self, stretch: _Stretch) -> float:
        """What others took a minute over the last LATELY seconds of a stretch (a caller that joined just now shows
        here first: over the whole stretch its rate is blurred by the seconds before it came)."""
        since = stretch.last - LATELY
        lately = _Stretch()
        for count in stretch.counts:
            if count.start >= since:
                lately.add(count)
        if len(lately.counts) < 2 or lately.last - lately.first < PERIOD / 3:
            return 0.0
        return self._took(lately) * MINUTE / (lately.last - lately.first)

    def part(self, share: float, whole: float | None, now: float) -> tuple[float, bool]:
        """The part of the deployment's limits this run keeps to, and whether the headers measured it: ``share``
        (1/N for one of N shards side by side) until the answers' starts span SHARED_AFTER seconds; then what the
        others take a minute leaves: the larger of their rate over the seconds this minute's stretches span (the
        last minute's where this one's is short; two minutes' stretches summed are not one minute's) and what the
        newest count says is used that this run's own charges of the minute before it do not explain (a counter
        over a sliding minute never fills again at once, so its stretches show no fall), or over the last LATELY
        seconds where that is much more (a caller that joined just now): lower than the share down to SHARED_FLOOR
        of it where they take more than the rest (N shards together keep no more than one run: each 1/N of it), and the whole where they take less than ALONE (a shard re-run alone).
        No margin is added: this run's own charges are known by when each started, in flight or answered, so what
        is left is what the others leave (a margin over it is refused, beside a caller that never backs off)."""
        if whole is None or now - self._heard_at >= MINUTE:
            return share, False
        if self._dirty and now - self._built_at >= REFRESH:  # at most once a REFRESH: a fast run answers often
            self._reading, self._built_at, self._dirty = self._read(), now, False
        if self._reading is None:
            return share, False
        others, used, lately = self._reading
        if now - self._heard_at < PERIOD and not math.isnan(used):  # the newest count is fresh
            others = max(others, used)
            if lately > others + JOINED * whole:  # a caller that joined just now
                others = lately
        left = 1.0 - others / whole
        if left >= 1.0 - ALONE:  # nobody else takes the deployment's quota (a shard re-run alone)
            return 1.0, True
        return min(share, max(SHARED_FLOOR * share, left)), True

    def _read(self) -> tuple[float, float, float] | None:
        """From the counts heard: the others' rate over this minute's stretches; what the newest count says is
        used beyond this run's charges of the minute before it; and their rate over the last LATELY seconds (nan
        both where two counters answer side by side: a gateway's). None: the starts span less than SHARED_AFTER."""
        stretches = [(s, self._took(s)) for s in _stretches(self._counts, self._whole)]
        if not stretches:
            return None
        newest = max(s.last for s, _ in stretches)
        heard = [(s, took) for s, took in stretches if newest - s.last < MINUTE]
        if newest - min(s.first for s, _ in heard) < SHARED_AFTER:
            return None
        recent = [(s, t) for s, t in heard if newest - s.first < MINUTE and s.last - s.first >= PERIOD] or heard
        spanned = sum(s.last - s.first for s, _ in recent)
        others = sum(took for _, took in recent) * MINUTE / max(spanned, PERIOD)
        live = [s for s, _ in heard if newest - s.last < PERIOD]
        if _interleaved(live):  # two counters: the newest count is one of them
            return others, math.nan, math.nan
        stretch = max(live, key=lambda s: s.last)
        count = stretch.counts[-1]
        used = self._whole - count.left - self._own(count.start - MINUTE, count.start, answered=True)
        return others, used, self._lately(stretch)


def _stretches(counts: list[_Count], whole: float) -> list[_Stretch]:
    """The counts (by start) as stretches of one counter each: a count follows the stretch whose last count it is
    nearest, within what a counter moves between two starts (a fall by what was admitted between, a rise by a
    request admitted before the one started before it, or as a sliding minute's charges run out); farther from
    every stretch of the minute, it starts another (the counter filled again, or another counter)."""
    stretches: list[_Stretch] = []
    for count in counts:

        def moved(stretch: _Stretch, count: _Count = count) -> float:
            return abs(stretch.counts[-1].left - count.left)

        def reach(stretch: _Stretch, count: _Count = count) -> float:
            return whole / 6 * max(1.0, (count.start - stretch.last) / PERIOD) + count.charge

        near = [s for s in stretches if count.start - s.first < MINUTE and moved(s) <= reach(s)]  # a minute at most
        if near:
            chosen = min(near, key=moved)
        else:
            stretches.append(chosen := _Stretch())
        chosen.add(count)
    return stretches


def _interleaved(stretches: list[_Stretch]) -> bool:
    """Whether two of the stretches ran side by side (two counters, as a gateway over two deployments has), not one
    after the other (one counter's minute, then the next)."""
    return any(
        min(a.last, b.last) - max(a.first, b.first) > PERIOD / 2
        for i, a in enumerate(stretches)
        for b in stretches[i + 1 :]
    )

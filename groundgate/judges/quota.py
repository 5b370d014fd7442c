"""The judge's quota: one pace for requests and tokens per minute, shared by every call of a judge.

A hosted deployment (Azure OpenAI, OpenAI) limits tokens per minute (TPM) and requests per minute (RPM;
Azure sets 6 per 1,000 TPM). Azure charges each request when it arrives with its prompt's tokens plus its
``max_tokens``, whatever the answer later uses, and checks the limits over short periods (1 or 10 seconds),
so a burst is refused (HTTP 429) while the minute is far from spent. So the pace is set here, before each
request leaves: every request is charged as the service charges it and the next one may start only when
the charges so far fit the rate (a generic cell rate algorithm: start times spaced by each request's share
of the minute), and with a margin of the largest charge per 10 seconds, so that no period Azure checks is
overrun. The limits come from the settings (``max-rpm``, ``max-tpm``, for a quota shared with other jobs)
and from the deployment's own answers (``x-ratelimit-limit-*`` where sent, else what
``x-ratelimit-remaining-*`` leaves on top of the answer's own charge, each on its own scale: the requests
over 10 seconds, the tokens over the minute); the smaller one holds. A 429 pauses
every start until its ``retry-after-ms`` (``retry-after``) has passed and slows the pace, which recovers
slowly while no refusal comes; a refused request is tried again before any new one. Without any known
limit nothing is paced until a refusal, which sets the pace below what was being sent; a step of that rate
is won back after a minute without a refusal.

Every request waits in ``acquire`` (in order, retries first) on the engine's loop; what each answer said
comes in through ``answered`` and ``refused``, its headers as the service sent them. The clock is handed in,
so the pace is tested without waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass

from groundgate.judges.retry import retry_after
from groundgate.judges.sharing import PERIOD, Others
from groundgate.wording import duration

REQUESTS_WINDOW = 10.0  # seconds Azure's x-ratelimit-remaining-requests counts (its tokens count the minute)
MARGIN = 0.97  # of each limit used: the service's clock and ours differ by a request's trip
SLOWER = 0.8  # the pace after a refusal, as a share of the pace before it
RECOVERY = 60.0  # seconds without a refusal for the pace to win back what one refusal took
FLOOR = 0.25  # the slowest the pace falls to, as a share of the limits
DEFAULT_PAUSE = 1.0  # seconds a refusal without retry-after holds the starts
SEEN = 4  # requests started within a period before a refusal can say at what rate they were too many
OPENING_LOOK = 0.1  # seconds between looks for the first answer while the opening requests are out
OPENING_HOLD = 10.0  # seconds after which the opening lets one more opening's worth start while no answer came
CONTRADICTS = 2.0  # answered in a minute, as a multiple of what the headers claim, before they are not believed


def bound(calls: int, tokens: int, rpm: float | None, tpm: float | None) -> float | None:
    """The fewest seconds a quota of ``rpm`` requests and ``tpm`` tokens a minute allows ``calls`` calls
    charged ``tokens`` in all (prompts plus ``max_tokens``); None when neither limit is known."""
    spans = [60.0 * need / limit for need, limit in ((calls, rpm), (tokens, tpm)) if limit]
    return max(spans) if spans else None


def rate_text(rpm: float | None, tpm: float | None) -> str:
    """'150k TPM', '600 RPM', '150k TPM and 900 RPM'."""

    def amount(value: float) -> str:
        if value >= 10_000:
            return f"{value / 1000:,.0f}k"
        return f"{value:,.0f}"

    parts = [f"{amount(value)} {unit}" for value, unit in ((tpm, "TPM"), (rpm, "RPM")) if value]
    return " and ".join(parts)


def said(calls: int, tokens: int, rpm: float | None, tpm: float | None) -> str | None:
    """How long the quota makes a run, in words ('about 12 min at 150k TPM'); None: no quota known."""
    seconds = bound(calls, tokens, rpm, tpm)
    if seconds is None:
        return None
    binding = (None, tpm) if tpm and 60.0 * tokens / tpm >= seconds - 1e-9 else (rpm, None)
    return f"about {duration(seconds)} at {rate_text(*binding)}"


@dataclass(frozen=True)
class Limits:
    """The limits the pace keeps to, and where each came from."""

    rpm: float | None
    tpm: float | None
    source: str  # "settings", "the deployment", "refusals" (none known: set below what was refused), or ""
    part: float = 1.0  # of the deployment's limits this run keeps to (a shard's share, or what others leave)
    whole_rpm: float | None = None  # the deployment's own, where ``part`` is less than the whole
    whole_tpm: float | None = None


class Ticket:
    """One call's time held back by the pace, so that its call timeout counts only the judge's time."""

    __slots__ = ("held", "since")

    def __init__(self) -> None:
        self.held = 0.0
        self.since: float | None = None

    def now(self, clock: Callable[[], float] = time.monotonic) -> float:
        return self.held + (clock() - self.since if self.since is not None else 0.0)


TICKET: ContextVar[Ticket | None] = ContextVar("groundgate_ticket", default=None)


class _Waiter:
    __slots__ = ("retry",)

    def __init__(self, retry: bool) -> None:
        self.retry = retry


class Pace:
    """The pace of one judge's requests; see the module docstring."""

    def __init__(
        self,
        rpm: float | None = None,
        tpm: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        share: float = 1.0,
    ) -> None:
        self.rpm, self.tpm = rpm, tpm  # the settings
        self._clock = clock
        self._lock = threading.Lock()
        self._heard_rpm: float | None = None  # what the deployment's answers say
        self._heard_tpm: float | None = None
        self._refused_tpm: float | None = None  # no limit known: set below the rate that was refused
        self._last = -math.inf  # when the last request started
        self._paused = -math.inf  # no start before this: a refusal's retry-after
        self._pace = 1.0  # share of the limits in use, lowered by refusals
        self._paced_at = clock()
        self._slowed_at = -math.inf
        self._largest = 0  # the largest charge so far: the margin within each period
        self._ratio = 1.0  # the service's prompt tokens per estimated one, from its answers' usage
        self._recent: deque[tuple[float, int]] = deque()  # (start, charge) of the last minute's requests
        self._refusal_times: deque[tuple[float, object]] = deque()  # the last PERIOD's refusals, and of what
        self._inferred_at = -math.inf
        self._pauses: deque[tuple[float, float]] = deque()  # (from, until) of the last minute's pauses
        self._answers: deque[float] = deque()  # when the last PERIOD's answered requests were answered
        self.last_refusal = -math.inf
        self.waiting = 0  # requests held back by the pace right now
        self.held = 0.0  # seconds during which at least one request was held back
        self._held_since: float | None = None
        self._waiters: list[_Waiter] = []
        self._changed: asyncio.Event | None = None
        self.longest: float | None = None  # the longest one wait may take (the call timeout): set by the engine
        self._took: deque[tuple[float, int]] = deque()  # (when, charge) of the last minute's answered requests
        self._doubted: dict[str, str] = {}  # "requests"/"tokens" -> why the deployment's headers are not believed
        self._claimed: set[str] = set()  # "requests"/"tokens" stated by an x-ratelimit-limit-* header
        self.share = share  # of the deployment's limits this run keeps to: 1/N for one of N shards side by side
        self.slot: tuple[int, int] | None = None  # shard K (from 0) of N side by side: where its starts fall (_wait)
        self._phased = False
        self.opening: int | None = None  # requests that may start before the deployment's first answer (None: any)
        self._started = 0  # requests started so far
        self._first = math.inf  # when the first started
        self._others = Others()  # what other callers take of the deployment, from its tokens-left counter

    # --- what the limits are -----------------------------------------------------------------

    def limits(self, forecast: bool = False) -> Limits:
        """The limits in force: the smaller of the settings' and the deployment's, each where known (``forecast``:
        as ``calls_per_second`` counts them)."""
        with self._lock:
            return self._limits(whole=forecast)

    def _limits(self, whole: bool = False) -> Limits:
        part, measured = self._part()
        if whole and not measured:  # a shard's assumed share, not yet measured against the deployment's headers
            part = max(part, 1.0)
        heard_rpm = self._heard_rpm * part if self._heard_rpm is not None else None
        heard_tpm = self._heard_tpm * part if self._heard_tpm is not None else None
        rpm = _smaller(self.rpm, heard_rpm)
        tpm = _smaller(self.tpm, heard_tpm)
        if tpm is None and self._refused_tpm is not None:
            return Limits(rpm, self._inferred(self._clock()), "refusals")
        heard = (heard_rpm is not None and rpm == heard_rpm) or (heard_tpm is not None and tpm == heard_tpm)
        source = "the deployment" if heard else "settings" if rpm or tpm else ""
        if heard and part < 1.0:
            return Limits(rpm, tpm, source, part, self._heard_rpm, self._heard_tpm)
        return Limits(rpm, tpm, source)

    @property
    def paced(self) -> bool:
        return bool(self.limits().source)

    def charge(self, estimate: int, allowance: int) -> int:
        """What the service charges a request at its arrival: its prompt's tokens (``estimate``, corrected by
        what the service counted so far) plus the answer tokens it reserves (``allowance``: ``max_tokens``)."""
        return round(estimate * self._ratio) + allowance

    def calls_per_second(self, forecast: bool = False) -> float | None:
        """The calls a second the pace allows now, at the last minute's average charge; None: not paced.
        ``forecast``: a shard's share not yet measured against the deployment's headers counts as the whole (a
        shard re-run alone is not held to 1/N, and a forecast stops a run only on what the headers show)."""
        with self._lock:
            limits = self._limits(whole=forecast)
            if not limits.source:
                return None
            pace = self._current_pace(self._clock()) * MARGIN
            rates = [limits.rpm / 60 * pace] if limits.rpm else []
            if limits.tpm and self._recent:
                average = sum(charge for _, charge in self._recent) / len(self._recent)
                rates.append(limits.tpm / 60 * pace / max(average, 1.0))
            return min(rates) if rates else None

    # --- what the deployment said ---------------------------------------------------------------

    def _heard(self, headers: Mapping[str, str], charge: int = 0) -> None:
        """An answer's rate-limit headers: the limits where the service states them (OpenAI's
        ``x-ratelimit-limit-*``, per minute; nonsense such as -1 is no statement), else what remains plus this
        request's own charge: at least that much is the limit. Azure's two ``x-ratelimit-remaining-*`` headers
        are on two scales: the tokens count the minute, the requests the current 10 seconds (a 300 RPM
        deployment answers 50 at first: RPM / 6), so what remains of the requests is six times that a minute."""
        lower = {key.lower(): value for key, value in headers.items()}

        def number(key: str) -> float | None:
            try:
                value = float(lower[key])
            except (KeyError, ValueError):
                return None
            return value if math.isfinite(value) and value > 0 else None

        tpm = None if "tokens" in self._doubted else number("x-ratelimit-limit-tokens")
        rpm = None if "requests" in self._doubted else number("x-ratelimit-limit-requests")
        for kind, value in (("tokens", tpm), ("requests", rpm)):
            if value is not None:
                self._claimed.add(kind)
        remaining_tokens, remaining_requests = (
            number("x-ratelimit-remaining-tokens"),
            number("x-ratelimit-remaining-requests"),
        )
        if tpm is None and remaining_tokens is not None and "tokens" not in self._doubted:
            tpm = max(self._heard_tpm or 0.0, remaining_tokens + charge)
        if rpm is None and remaining_requests is not None and "requests" not in self._doubted:
            rpm = max(self._heard_rpm or 0.0, (remaining_requests + 1) * 60.0 / REQUESTS_WINDOW)
        self._heard_tpm = tpm or self._heard_tpm
        self._heard_rpm = rpm or self._heard_rpm

    def answered(
        self,
        headers: Mapping[str, str],
        *,
        charge: int,
        estimate: int = 0,
        allowance: int = 0,
        counted: int = 0,
        started: float | None = None,
    ) -> None:
        """A request charged ``charge`` that the deployment took and answered: its rate-limit ``headers``, and the
        service's count of its prompt (``counted``, 0: none) against groundgate's ``estimate``, which later charges
        follow (with the refusals, the answers also say whether refusals tell a rate). ``started``: when its request
        started, as ``acquire`` said, the order the deployment admitted it in (None: the oldest not answered yet)."""
        with self._lock:
            now = self._clock()
            self._answers.append(now)
            _drop_before(self._answers, now - PERIOD)
            if counted > 0 and estimate > 0:
                self._ratio = 0.8 * self._ratio + 0.2 * (counted / estimate)
                charge = counted + allowance
            self._heard(headers, charge)
            self._share(headers, charge, now, started)
            self._took.append((now, charge))
            _drop_before_pairs(self._took, now - 60.0)
            self._contradicted()

    def _contradicted(self) -> None:
        """A limit a header claims (``x-ratelimit-limit-*``) is believed only until the deployment's own answers
        contradict it: more than CONTRADICTS times the requests (or tokens) it claims a minute, answered within one
        minute. Such a header (one request and one token a minute, while every call is answered at once) is not the
        deployment's quota; believed, it forecasts hundreds of hours. The other limit those headers claim goes with
        it (the same statement, shown wrong), never a bound what is left gives: that is true whatever they claim. What ``x-ratelimit-remaining-*`` leaves on top of an answer's charge is a lower
        bound, never a claimed limit, and a run answered more than it within a minute only shows the limit is at
        least that much: the bound rises to it (a busy deployment's true headers are not disbelieved). Refusals
        still set the pace."""
        # Within a minute, and within PERIOD at the minute's rate: a limit is checked over periods of 10 seconds at
        # a sixth of it (Azure), so what was answered within one such period, six times, is answered at that rate.
        recent = [charge for at, charge in self._took if at >= self._clock() - PERIOD]
        per_minute = 60.0 / PERIOD if len(recent) > 1 else 1.0  # one answer tells no rate
        took = (
            max(len(self._took), int(len(recent) * per_minute)),
            max(sum(charge for _, charge in self._took), int(sum(recent) * per_minute)),
        )
        for kind, answered in (("requests", took[0]), ("tokens", took[1])):
            claimed = self._heard_rpm if kind == "requests" else self._heard_tpm
            if claimed is None or kind in self._doubted:
                continue
            if kind not in self._claimed:
                whole = len(self._took) if kind == "requests" else sum(charge for _, charge in self._took)
                if whole > claimed:  # answered within the minute: the limit is at least that
                    self._raise(kind, float(whole))
                continue
            if answered <= CONTRADICTS * claimed:
                continue
            said = (
                f"the deployment's headers claimed {claimed:,.0f} {kind} a minute while it answered {answered:,} "
                f"{kind} within one minute, so groundgate stopped believing the limits they claim"
            )
            for stated in {kind} | self._claimed:  # what the same headers claim, never a bound what is left gives
                self._doubted[stated] = said
                self._raise(stated, None)

    def _raise(self, kind: str, value: float | None) -> None:
        if kind == "requests":
            self._heard_rpm = value
        else:
            self._heard_tpm = value

    def _share(self, headers: Mapping[str, str], charge: int, now: float, started: float | None) -> None:
        """What the deployment's tokens-left counter said once this request was charged (``sharing.Others``)."""
        lower = {key.lower(): value for key, value in headers.items()}
        try:
            left = float(lower["x-ratelimit-remaining-tokens"])
        except (KeyError, ValueError):
            return
        if math.isfinite(left) and "tokens" not in self._doubted:
            self._others.heard(left, charge, started, now, self._heard_tpm or math.inf)

    def _part(self) -> tuple[float, bool]:
        """The part of the deployment's limits this run keeps to, and whether the deployment's headers measured it
        (``sharing.Others.part``); refusals still slow the pace below it."""
        return self._others.part(self.share, self._heard_tpm, self._clock())

    def doubts(self) -> list[str]:
        """Why the deployment's rate-limit headers were not believed, a sentence each."""
        with self._lock:
            return sorted(set(self._doubted.values()))

    def refused(self, headers: Mapping[str, str], charge: int | None = None, request: object = None) -> None:
        """A 429 for the rate limits to a request charged ``charge``: no start until its ``retry-after-ms``
        (``retry-after``) has passed, and a slower pace. ``request``: which request it was (one request refused
        again and again, while the others are answered, is that request's trouble, not a rate; None: unknown,
        each counted apart)."""
        wait = retry_after(headers)
        with self._lock:
            self._heard(headers)
            now = self._clock()
            if charge is not None:  # not admitted: the last minute's starts are what the deployment took
                self._others.withdrawn(charge)
                for index in range(len(self._recent) - 1, -1, -1):
                    if self._recent[index][1] == charge:
                        del self._recent[index]
                        break
            self.last_refusal = now
            pause = DEFAULT_PAUSE if wait is None else wait
            if (
                self.longest is not None
            ):  # no wait past the call timeout (a refusal asking for 2 h is one to give up on)
                pause = min(pause, self.longest)
            until = now + pause
            if until > self._paused:
                self._pauses.append((max(now, self._paused), until))
                while self._pauses and self._pauses[0][1] < now - 60.0:
                    self._pauses.popleft()
            self._paused = max(self._paused, until)
            if now - self._slowed_at >= PERIOD / 2:  # the refusals of one burst slow the pace once
                self._slowed_at = now
                self._pace = max(FLOOR, self._current_pace(now) * SLOWER)
                self._paced_at = now
            # No token limit known: the rate at which the deployment took tokens over the last minute (over a
            # PERIOD at least, the longest it checks), refusal after refusal. Only where that rate is evidence of a
            # limit: requests answered (not merely sent) in the last PERIOD, and more than one request refused (one
            # request refused again and again while others are answered is its own trouble), over the time requests
            # could start (a run that mostly waited out pauses took little, whatever the limit); once a burst, and never
            # below SLOWER of the last such rate, so that refusals in a row cannot talk the pace down to nothing.
            self._refusal_times.append((now, object() if request is None else request))
            while self._refusal_times and self._refusal_times[0][0] < now - PERIOD:
                self._refusal_times.popleft()
            _drop_before(self._answers, now - PERIOD)
            several = len({id(who) for _, who in self._refusal_times}) > 1
            credible = several and len(self._answers) >= SEEN and bool(self._recent)  # starts left to measure
            due = self._refused_tpm is None or now - self._inferred_at >= PERIOD / 2  # once a burst, as the pace
            if (self._limits().tpm is None or self._refused_tpm is not None) and credible and due:
                self._inferred_at = now
                span = max(PERIOD, now - self._recent[0][0])
                sending = max(1.0, span - self._paused_within(now - span, now))  # our own pauses took no tokens
                rate = sum(charge for _, charge in self._recent) / sending * 60
                last = self._refused_tpm
                self._refused_tpm = rate if last is None else max(rate, last * SLOWER)
        self._wake()

    def _inferred(self, now: float) -> float | None:
        """The rate refusals set, and one step (what one refusal takes) back after RECOVERY seconds without a
        refusal: a deployment shared with a job that has finished gives its room back, and only a refusal can
        tell how much. One step at most: growing on while the run sends below it would test nothing, and a rate
        grown far past the limit takes many refusals to come down (a hostile review)."""
        if self._refused_tpm is None:
            return None
        quiet = now - self.last_refusal - RECOVERY
        if quiet <= 0:
            return self._refused_tpm
        return self._refused_tpm * (1 + min(1.0, quiet / RECOVERY) * (1 / SLOWER - 1))

    def _paused_within(self, start: float, end: float) -> float:
        """Seconds between ``start`` and ``end`` during which refusals held every start back."""
        return sum(max(0.0, min(b, end) - max(a, start)) for a, b in self._pauses)

    # --- the pace -------------------------------------------------------------------------------

    def _current_pace(self, now: float) -> float:
        regained = (now - self._paced_at) / RECOVERY * (1 - SLOWER)
        return min(1.0, self._pace + regained)

    def _interval(self, tokens: int, now: float) -> float:
        """Seconds of the quota one request charged ``tokens`` takes at the current pace."""
        limits = self._limits()
        pace = self._current_pace(now) * MARGIN
        spans = []
        if limits.rpm:
            spans.append(60.0 / (limits.rpm * pace))
        if limits.tpm:
            # Within any PERIOD the charges may exceed the pace by the first request's: keep the largest in hand.
            # Requests a PERIOD apart never share one, so that spacing is always enough. Each shard keeps its own:
            # shards started together stay in step, their overshoots meet (docs/performance.md).
            per_second = limits.tpm / 60.0
            spare = 1.0 - max(self._largest, tokens) * self._overlap(limits.part) / (per_second * PERIOD)
            apart = max(PERIOD, tokens / (per_second * pace))
            spans.append(min(tokens / (per_second * pace * spare), apart) if spare > 0.05 else apart)
        longest = max(spans, default=0.0)
        return longest if self.longest is None else min(longest, self.longest)  # no wait past the call timeout

    def _overlap(self, part: float) -> float:
        """Of the largest charge, what one of N shards keeps in hand per PERIOD: the whole where the shards' starts
        may meet (each may overshoot its part by one request within a period, and in step all N do at once);
        sqrt(N)/N of it where shards take their slots apart (``slot``), their overshoots then as independent, after
        the first PERIOD (shards started together send their openings at once)."""
        # Only while the part is the plain share (others measured, the slots no longer tell how many meet), and
        # after the first PERIOD (shards started together send their openings in step).
        apart = self.slot is not None and part == self.share < 1.0 and self._clock() - self._first >= PERIOD
        return math.sqrt(1 / self.slot[1]) if apart and self.slot is not None else 1.0

    def _wait(self, tokens: int, now: float) -> float:
        """Seconds until a request charged ``tokens`` may start: its own share of the quota after the last
        start (so that a large request waits for its room, rather than the ones after it), and no pause. Before
        the deployment's first answer, no more than ``opening`` requests start (N shards side by side would send
        N windows at once into limits none of them knows yet)."""
        # After each OPENING_HOLD without an answer, one more opening's worth (the first answers may all be
        # failures, or slow: the rest of the window at once would be a burst no limit paced).
        opening = (
            self.opening is not None
            and self._started > 0
            and self._started >= self.opening * (1 + int(max(0.0, now - self._first) // OPENING_HOLD))
        )
        if opening and not self._took and not self._answers and not self._limits().source:
            return OPENING_LOOK
        interval = self._interval(tokens, now)
        # Shard K of N starts K/N of a request's room after the others: after its opening and after a pause.
        offset = interval * self.slot[0] / self.slot[1] if self.slot is not None else 0.0
        if self.slot is not None and not self._phased and self._last > -math.inf and self._limits().source:
            self._phased = True
            self._last += offset
        return max(self._last + interval, self._paused + offset) - now

    def _book(self, tokens: int, now: float) -> None:
        if not self._started:
            self._first = now
        self._started += 1
        self._largest = max(self._largest, tokens)
        self._last = now
        self._recent.append((now, tokens))
        self._others.booked(now, tokens)
        while self._recent and self._recent[0][0] < now - 60.0:
            self._recent.popleft()

    def reserve(self, tokens: int = 0) -> float:
        """The pace's arithmetic alone: book the start a request charged ``tokens`` gets if it asks now (no
        other waiting), and return the seconds until it (``acquire`` waits them on the loop)."""
        with self._lock:
            now = self._clock()
            start = now + max(0.0, self._wait(tokens, now))
            self._book(tokens, start)
            return start - now

    def _hold(self, change: int) -> None:
        with self._lock:
            now = self._clock()
            if self.waiting and self._held_since is not None:
                self.held += now - self._held_since
            self.waiting += change
            self._held_since = now if self.waiting else None

    def held_now(self) -> float:
        """Seconds at least one request was held back, the current hold included."""
        with self._lock:
            extra = self._clock() - self._held_since if self.waiting and self._held_since is not None else 0.0
            return self.held + extra

    def _wake(self) -> None:
        if self._changed is not None:
            changed, self._changed = self._changed, asyncio.Event()
            changed.set()

    async def acquire(self, tokens: int, retry: bool = False) -> float:
        """Wait on the judge loop until a request charged ``tokens`` may start, then charge it, and say when it
        started (its answer tells ``answered``). Requests start in the order they asked, a retry of a refused one
        before any new one."""
        if self._changed is None:
            self._changed = asyncio.Event()
        with self._lock:
            now = self._clock()
            if not self._waiters and self._wait(tokens, now) <= 0:
                self._book(tokens, now)
                return now
        waiter = _Waiter(retry)
        place = len(self._waiters) if not retry else sum(1 for w in self._waiters if w.retry)
        self._waiters.insert(place, waiter)
        ticket = TICKET.get() if not retry else None  # a refused request's wait is the service's: its timeout counts it
        if ticket is not None:
            ticket.since = self._clock()
        self._hold(+1)
        try:
            while True:
                changed = self._changed
                delay = None
                if self._waiters[0] is waiter:
                    with self._lock:
                        now = self._clock()
                        delay = self._wait(tokens, now)
                        if delay <= 0:
                            self._book(tokens, now)
                            return now
                with contextlib.suppress(TimeoutError):  # the head's turn came, or it looks again
                    await asyncio.wait_for(changed.wait(), delay)
        finally:
            self._waiters.remove(waiter)
            self._hold(-1)
            if ticket is not None and ticket.since is not None:
                ticket.held += self._clock() - ticket.since
                ticket.since = None
            self._wake()


def _drop_before_pairs(times: deque[tuple[float, int]], since: float) -> None:
    while times and times[0][0] < since:
        times.popleft()


def _drop_before(times: deque[float], since: float) -> None:
    """Forget the times in ``times`` (oldest first) before ``since``."""
    while times and times[0] < since:
        times.popleft()


def _smaller(a: float | None, b: float | None) -> float | None:
    return b if a is None else a if b is None else min(a, b)

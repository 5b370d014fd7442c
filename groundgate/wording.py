"""Words said the same way everywhere: a span of time, and a list cut short ("a, b and 3 more")."""

from __future__ import annotations

from collections.abc import Sequence


def duration(seconds: float) -> str:
    """A span as a person reads it: '40 s', '3 min 05 s', '2 h 05 min'."""
    whole = max(0, round(seconds))
    if whole < 60:
        return f"{whole} s"
    minutes, rest = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes} min {rest:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def listed(items: Sequence[str], shown: int, count: int | None = None, sep: str = ", ") -> str:
    """The first ``shown`` of ``items`` and how many more there are (of ``count`` in all, when only the
    first are at hand): 'a, b and 3 more'."""
    count = len(items) if count is None else count
    more = count - min(shown, len(items))
    return sep.join(items[:shown]) + (f" and {more:,} more" if more > 0 else "")

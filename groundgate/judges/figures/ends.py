"""A range's ends, read as the limits they are, and an amount said again after 'this' with its period.

'groupes de 6 à 10 participants' states at least 6 and at most 10 ('au maximum 6 participants' restates neither),
and the ends of a range the answer writes quote the range whole ('within 3–5 business days')."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import pairwise

from groundgate.judges.figures.figure import Figure

_THIS = re.compile(r"(?:(?<![^\W\d_])(?:this|these|that|dieser|diese|dieses|ce|cet|cette|ces|este|esta|estes|estas|esse|essa|questo|questa|questi|deze|dit|die)\s+|この|その|该|这|此|이\s?)$", re.IGNORECASE)  # fmt: skip
_RANGED = frozenset({"money", "duration", "measure", "count", "percent"})


def range_end(said: Sequence[Figure], at: int) -> bool:
    """Whether ``said[at]`` is an end of a range the answer states (its ends quote the range whole)."""
    claim = said[at]
    return any(0 <= i < len(said) and said[i].text == claim.text and said[i] is not claim for i in (at - 1, at + 1))


def with_ends(stated: Sequence[Figure], qualify: Callable[[Figure], Figure], text: str) -> Callable[[Figure], Figure]:
    """``qualify``, and a range's ends said as its limits when nothing else bounds them ('groupes de 6 à 10
    participants': at least 6, at most 10; 'au maximum 6 participants' is no restatement of it), and an amount
    said again without its period, after 'this', as said with it when it is said with one period only
    ('月額基本料：880円 … この880円分は'; not 'Activation fee: $30. Monthly fee: $30.': two fees)."""
    ends: dict[int, str] = {}
    for low, high in pairwise(stated):
        if low.text == high.text and low.kind == high.kind and low.kind in _RANGED and low.end <= high.start and low.value < high.value:  # fmt: skip
            ends[id(low)], ends[id(high)] = "min", "max"
    amounts: dict[tuple[object, str], list[Figure]] = {}
    for figure in stated:
        if figure.kind == "money":
            amounts.setdefault((figure.value, figure.unit), []).append(figure)
    periods: dict[int, str] = {}
    for said in (said for said in amounts.values() if len(said) > 1):
        named = {period for figure in said if (period := qualify(figure).period)}
        if len(named) == 1:
            bare = [f for f in said if _THIS.search(text, max(0, f.start - 12), f.start)]
            periods |= {id(figure): next(iter(named)) for figure in bare}
    if not ends and not periods:
        return qualify

    def read(figure: Figure) -> Figure:
        said = qualify(figure)
        side, period = ends.get(id(figure)), periods.get(id(figure))
        if side and not said.bound:
            said = said.with_qualifiers(replace(said.said_with, bound=side))
        if period and not said.period:
            said = said.with_qualifiers(replace(said.said_with, period=period))
        return said

    return read

"""Whether a text states a figure: the rule, pure. A source states a claim's figure when it states the same value
in the same unit once both are normalised (a week is 7 days, 1.200,90 € is €1,200.90, 18h is 18:00), never
because the same digits appear in another role or unit.

Each figure offers keys (what it states) and needs keys (any one of which states it): ``same(claim, source)``
is whether they share one, and ``Stated`` holds the union of many sources' keys, so that whether a context
states a claim is a few set lookups, however many figures either text holds."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from decimal import Decimal

from groundgate.judges.figures.figure import Figure
from groundgate.judges.figures.lexicon import UNITS

Key = tuple[object, ...]
_DAYISH = frozenset({"day", "business day"})  # a business day is a day of the same count, never converted


def _written(figure: Figure) -> set[Decimal]:
    """The numbers a figure writes: what a bare number in an answer ('30', '90 with a receipt') may restate."""
    kind = figure.kind
    if kind == "date":
        return {Decimal(part) for day in figure.days for part in day if part is not None}
    if kind == "time":
        found: set[Decimal] = set()
        for minutes in figure.readings:
            hours, rest = divmod(minutes % 1440, 60)
            found |= {Decimal(hours), Decimal((hours - 1) % 12 + 1)}
            if rest:
                found.add(Decimal(rest))
        return found
    if kind == "weekday":
        return set()
    if kind == "name":
        return {figure.value} if figure.value >= 0 else set()
    return {figure.value} if figure.written is None else {figure.value, figure.written}


def _quantity(figure: Figure) -> set[Key]:
    unit = figure.unit
    dimension, size = UNITS[unit]
    keys: set[Key] = {("q", dimension, (figure.value * size).normalize())}
    if unit in _DAYISH:
        keys.add(("days", figure.value))
    if dimension.startswith("temp"):
        keys.add(("q", "temp", figure.value))
    return keys


def offers(source: Figure) -> frozenset[Key]:
    """What a source states (both readings of an ambiguous value)."""
    if source.other is not None:
        return _offers(source) | _offers(replace(source, value=source.other, other=None))
    return _offers(source)


def needs(claim: Figure) -> frozenset[Key]:
    """What states a claim: any one of these keys (for either reading of an ambiguous value)."""
    if claim.other is not None:
        return _needs(claim) | _needs(replace(claim, value=claim.other, other=None))
    return _needs(claim)


def _offers(source: Figure) -> frozenset[Key]:
    keys: set[Key] = {("n", n) for n in _written(source)}
    kind, value = source.kind, source.value
    if kind in ("number", "count"):
        keys.add(("plain", value))
        if kind == "number" and not source.bare:
            keys.add(("bare", value))  # written in digits without a unit: backs the same value in any unit
    elif kind in ("duration", "measure", "percent", "times"):
        keys |= _quantity(source)
        if source.unit == "°":  # degrees of no scale: either scale's
            keys |= {("q", "temp-C", value), ("q", "temp-F", value)}
    elif kind == "money":
        keys |= {("money", currency, value) for currency in source.unit.split("/")}
    elif kind == "time":
        keys |= {("t", minutes % 1440) for minutes in source.readings}
    elif kind == "date":
        for year, month, day in source.days:
            keys |= {("month", month), ("md", month, day)}
            if day is not None:
                keys.add(("ord", Decimal(day)))
            if year is None:
                keys |= {("md?", month, day), ("m?", month)}
            else:
                keys |= {("ymd", year, month, day), ("ym", year, month), ("year", year)}
    elif kind == "weekday":
        keys.add(("wd", int(value)))
    elif kind == "ordinal":
        keys.add(("ord", value))
    elif kind == "name":
        keys.add(("name", source.unit, source.name))
        if source.unit == "year":
            keys.add(("year", int(value)))
    return frozenset(keys)


def _needs(claim: Figure) -> frozenset[Key]:
    kind, value = claim.kind, claim.value
    if kind == "number":
        return frozenset({("n", value)})
    if kind == "count":  # '2021 kettles' may be the kettles of 2021: a year-like count is also the year
        year_like = value == value.to_integral_value() and 1900 <= value <= 2099
        return frozenset({("plain", value), *((("year", int(value)),) if year_like else ())})
    if kind in ("duration", "measure", "percent", "times", "money"):
        keys: set[Key] = {("bare", value)} | ({("bare", claim.written)} if claim.written is not None else set())
        if kind == "money":
            keys |= {("money", currency, value) for currency in claim.unit.split("/")}
        else:
            keys |= {key for key in _quantity(claim) if key[1] != "temp" or claim.unit == "°"}
        return frozenset(keys)
    if kind == "time":
        keys = {("t", minutes % 1440) for minutes in claim.readings}
        if all(minutes % 60 == 0 for minutes in claim.readings):  # '5pm' restates the 5 of 'open 9 to 5'
            keys |= {("plain", n) for n in _written(claim)}
        return frozenset(keys)
    if kind == "date":
        keys = set()
        for year, month, day in claim.days:
            if year is None:
                keys.add(("month", month) if day is None else ("md", month, day))
            elif day is None:
                keys |= {("ym", year, month), ("m?", month)}
            else:
                keys |= {("ymd", year, month, day), ("md?", month, day)}
        return frozenset(keys)
    if kind == "weekday":
        return frozenset({("wd", int(value))})
    if kind == "ordinal":
        return frozenset({("ord", value), ("plain", value)})
    keys = {("name", claim.unit, claim.name)}  # a name; a bare number of the same value may be it ('1,900')
    if value >= 0:
        keys.add(("bare", value))
    if claim.unit == "year":
        keys.add(("year", int(value)))
    return frozenset(keys)


def same(claim: Figure, source: Figure) -> bool:
    """Whether ``source`` states the figure ``claim`` states."""
    return not needs(claim).isdisjoint(offers(source))


class Stated:
    """The figures some texts state, as the union of their keys: ``states(claim)`` is
    ``any(same(claim, source) for source in sources)``, in a few lookups."""

    def __init__(self, sources: Iterable[Figure] = ()) -> None:
        self.keys: set[Key] = set()
        for source in sources:
            self.add(source)

    def add(self, source: Figure) -> None:
        self.keys |= offers(source)

    def states(self, claim: Figure) -> bool:
        return not needs(claim).isdisjoint(self.keys)


def claimed(found: Iterable[Figure]) -> list[Figure]:
    """The figures among ``found`` that are claims, each once: a figure that states what a kept one states, and
    is stated by it (``same`` both ways), is the same claim again; written-out words without a unit are a
    source's words, never a claim. Linear in the figures: a kept figure is looked up by the keys it offers."""
    kept: list[Figure] = []
    wanted: list[frozenset[Key]] = []
    offering: dict[Key, list[int]] = {}
    for figure in found:
        if figure.bare:
            continue
        wants, gives = needs(figure), offers(figure)
        if any(not wanted[index].isdisjoint(gives) for key in wants for index in offering.get(key, ())):
            continue
        for key in gives:
            offering.setdefault(key, []).append(len(kept))
        kept.append(figure)
        wanted.append(wants)
    return kept

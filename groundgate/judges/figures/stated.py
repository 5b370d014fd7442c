"""The figures some texts state, indexed by the keys each offers (compare.py's rule), so that whether a context
backs a claim is a few lookups however many figures either text holds; and the claims an answer makes, each
once (a figure said again with the same qualifiers is the same claim)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from decimal import Decimal

from groundgate.judges.figures.compare import (
    HEDGES,
    LIMITS,
    Key,
    agree,
    comparable,
    hedge_holds,
    needs,
    offers,
    qualified,
)
from groundgate.judges.figures.figure import Figure

_DIGIT_RUN = re.compile(r"\d+")


class Stated:
    """The figures some texts state, indexed by their keys: ``backing(claim)`` is the sources that back it,
    ``states(claim)`` whether any does, in a few lookups (a hedged claim weighs the quantities of its kind).
    ``qualify``: what a source is said with, read when a claim needs it (a context's figures mostly never are)."""

    def __init__(self, sources: Iterable[Figure] = (), qualify: Callable[[Figure], Figure] | None = None) -> None:
        self.keys: set[Key] = set()  # every key any source offers: most claims are answered here
        self.offered: list[tuple[Figure, frozenset[Key]]] = []
        self.quantities: list[Figure] = []
        self.times: list[Figure] = []
        self.qualify = qualify or (lambda figure: figure)
        for source in sources:
            self.add(source)

    def add(self, source: Figure) -> None:
        parts = _DIGIT_RUN.findall(source.text) if source.kind == "percent" and "%" not in source.text else []
        if len(parts) == 2 and min(map(int, parts)) >= 10:  # '57명 중 53명' is a share and two counts: a hedge may
            counts = [replace(source, kind="count", value=Decimal(part), unit="", other=None) for part in sorted(parts, key=int)]  # be of either ('nearly 60')  # fmt: skip
            if counts[1].value not in (10, 100, 1000):  # ('100명 중 37명' is a share of a hundred: no '약 100명')
                self.quantities.extend(counts)
            self.add(counts[0])  # and the part said as it is ('53명이 합격'); the whole said of the part is no share's
        keys = offers(source)
        self.keys |= keys
        self.offered.append((source, keys))
        if source.kind == "time":
            self.times.append(source)
        elif source.kind in _SIZED:
            self.quantities.append(source)

    def matching(self, claim: Figure, read: bool = True) -> list[Figure]:
        """The sources of the claim's value and unit, whatever their qualifiers (in order; ``read``: with their
        qualifiers read)."""
        wanted = needs(claim)
        if wanted.isdisjoint(self.keys):
            return []
        found = [source for source, keys in self.offered if not keys.isdisjoint(wanted)]
        return [self.qualify(source) for source in found] if read else found

    def backing(self, claim: Figure) -> list[Figure]:
        """The sources that back the claim: its value and unit, and every qualifier it states agreeing."""
        return list(self._backers(claim))

    def backer(self, claim: Figure, paired: bool = False) -> Figure | None:
        """The first source that backs the claim, or None (the rest are not read). ``paired``: the claim is a
        time its text converts from another beside it ('10:00 (09:00 GMT)'), so any conversion backs it."""
        return next(self._backers(claim, paired), None)

    def _backers(self, claim: Figure, paired: bool = False) -> Iterator[Figure]:
        if claim.bound in ("about", "nearly") and claim.kind not in _SIZED:  # 'vers 22 h 30': the time it is near,
            plain = claim.with_qualifiers(replace(claim.said_with, bound=""))  # said as no limit ('after 7 pm')
            yield from (source for source in self._backers(plain, paired) if self.qualify(source).bound not in LIMITS)
            return
        if claim.bound in HEDGES:
            exact = {id(s) for s in self.matching(claim, read=False)}
            for source in self.quantities:
                if id(source) in exact or comparable(claim, source):
                    read = self.qualify(source)
                    if hedge_holds(claim, read, id(source) in exact):
                        yield read
            return
        if claim.kind == "time" and claim.zone_name:
            times = [self.qualify(source) for source in self.times]
            zones = {source.zone for source in times if source.zone is not None}
            zone = next(iter(zones)) if len(zones) == 1 else None
            named = (
                next((s for s in times if s.zone is not None and s.zone == zone), None) if zone is not None else None
            )
            if named is not None and not any(s.zone_name and s.zone is None for s in times):
                # the context's one zone is its unzoned times' too ('all times are KST'): a claim in another disagrees
                said = named.said_with
                times = [s if s.zone_name else s.with_qualifiers(replace(s.said_with, zone=said.zone, zone_name=said.zone_name)) for s in times]  # fmt: skip
            literal = [source for source in times if source.readings & claim.readings]
            backers = [source for source in times if agree(claim, source, zone)]
            if literal and not paired and not any(source in backers for source in literal):
                # its clock time is the context's in another zone ('9am GMT' for '09:00 BST', another event's
                # time converted): not a conversion, unless the backer is the same span's other end ('00:00~09:00
                # UTC' for '09:00~18:00 KST')
                backers = [b for b in backers if any(abs(b.start - s.end) <= _SPAN or abs(s.start - b.end) <= _SPAN for s in literal)]  # fmt: skip
            yield from backers
            return
        matching = self.matching(claim, read=False)
        if claim.kind == "count" and counted(
            claim.unit
        ):  # '3곳' (places) is no '3세' (years of age) nor '3명' (people)
            matching = [s for s in matching if _counted_alike(claim, s)]
        if not qualified(claim):  # nothing said with it: nothing to disagree with (sources stay unread)
            yield from matching
            return
        yield from (read for source in matching if agree(claim, read := self.qualify(source)))

    def states(self, claim: Figure) -> bool:
        return self.backer(claim) is not None


# The CJK counters by what they count: a count said with one counts no other kind of thing.
_COUNTER_CLASS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("명", "名", "位", "人", "인", "名様"), frozenset({"people"})),
    **dict.fromkeys(("세", "岁", "歳", "周岁", "週歳"), frozenset({"age"})),
    **dict.fromkeys(("곳", "家", "店", "軒", "处", "か所", "ヶ所", "箇所"), frozenset({"place"})),
    **dict.fromkeys(("박", "泊", "晚"), frozenset({"night"})),
    **dict.fromkeys(("대", "台"), frozenset({"machine"})),
    **dict.fromkeys(("권", "冊", "本", "册"), frozenset({"volume"})),
    **dict.fromkeys(("병",), frozenset({"bottle"})),
    **dict.fromkeys(("잔", "杯"), frozenset({"glass"})),
    **dict.fromkeys(("室",), frozenset({"room"})),
    **dict.fromkeys(("间", "間"), frozenset({"room", "place"})),  # '2间房' rooms, '3间门店' shops: either, never people
}


def counted(unit: str) -> bool:
    """Whether a count's unit is a CJK counter of a known kind ('곳', '名', '间')."""
    return unit in _COUNTER_CLASS


def _counted_alike(a: Figure, b: Figure) -> bool:
    """Whether two figures count the same kind of thing, as far as their CJK counters tell."""
    if a.kind != "count" or b.kind != "count":
        return True
    mine, theirs = _COUNTER_CLASS.get(a.unit), _COUNTER_CLASS.get(b.unit)
    return mine is None or theirs is None or bool(mine & theirs)


_SPAN = 12  # characters between a span's two ends, at most ('09:00 bis 18:00 Uhr')
_SIZED = frozenset({"duration", "measure", "percent", "times", "money", "number", "count"})


def claimed(found: Iterable[Figure], again: dict[int, list[Figure]] | None = None) -> list[Figure]:
    """The figures among ``found`` that are claims, each once: a figure that states what a kept one states, and
    is stated by it (``same`` both ways), is the same claim again; written-out words without a unit are a
    source's words, never a claim. Linear in the figures: a kept figure is looked up by the keys it offers.
    ``again``: filled with each kept claim's repetitions (by the claim's id), which may be said of another thing."""
    kept: list[Figure] = []
    wanted: list[frozenset[Key]] = []
    offering: dict[Key, list[int]] = {}
    for figure in found:
        if figure.bare:
            continue
        wants, gives = needs(figure), offers(figure)
        repeated = next(
            (
                i
                for key in wants
                for i in offering.get(key, ())
                if not wanted[i].isdisjoint(gives)
                and agree(figure, kept[i])
                and agree(kept[i], figure)
                and _counted_alike(figure, kept[i])
            ),
            None,
        )  # the same value said with other qualifiers ('€10 a month', '€10 a week') is another claim
        if repeated is not None:
            if again is not None:
                again.setdefault(id(kept[repeated]), []).append(figure)
            continue
        for key in gives:
            offering.setdefault(key, []).append(len(kept))
        kept.append(figure)
        wanted.append(wants)
    return kept

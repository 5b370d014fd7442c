"""Whether a text states a figure: the rule, pure. A source backs a claim's figure when it states the same value
in the same unit once both are normalised (a week is 7 days, 1.200,90 € is €1,200.90, 18h is 18:00), never
because the same digits appear in another role or unit, and when every qualifier the claim states agrees with
the source's: its bound and hedge ('about 60' is true of 57, 'at least' is not 'at most'), its direction, its
period and what it is per, its time zone, its kind of day. A qualifier the source does not state is not
contradicted by it.

Each figure offers keys (what it states) and needs keys (any one of which may state it): ``same(claim,
source)`` is whether they share one and agree, and ``Stated`` indexes many sources by their keys, so that
whether a context backs a claim is a few lookups, however many figures either text holds."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from functools import cache

from groundgate.judges.figures import cldr
from groundgate.judges.figures.figure import Figure
from groundgate.judges.figures.lexicon import UNIT_WORDS
from groundgate.judges.figures.qualifier_words import JOURNEY_SENSES as JOURNEY
from groundgate.judges.figures.qualifier_words import LOCAL_WORDS, PER_THINGS, PERIODS
from groundgate.judges.figures.quantity import dimension

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
    name, size = dimension(unit)
    keys: set[Key] = {("q", name, (figure.value * size).normalize())}
    if unit in _DAYISH:
        keys.add(("days", figure.value))
    if name.startswith("temp"):
        keys.add(("q", "temp", figure.value))
    if name == "times" and figure.value > 1:  # 'trois fois le salaire' is '300 % du salaire', 'double' is 200%
        keys.add(("q", "percent", (figure.value * 100).normalize()))
    return keys


def offers(source: Figure) -> frozenset[Key]:
    """What a source states (both readings of an ambiguous value, or of a unit's word)."""
    keys = _offers(source)
    if source.other is not None:
        keys |= _offers(replace(source, value=source.other, other=None))
    if (also := _also(source)) is not None:
        keys |= {key for key in _offers(also) if key[0] not in _LOOSE_KEYS}
    return keys


def needs(claim: Figure) -> frozenset[Key]:
    """What states a claim: any one of these keys (for either reading of an ambiguous value, or of a unit's word)."""
    keys = _needs(claim)
    if claim.other is not None:
        keys |= _needs(replace(claim, value=claim.other, other=None))
    if (also := _also(claim)) is not None:
        keys |= {key for key in _needs(also) if key[0] not in _LOOSE_KEYS}
    return keys


# The keys a figure's other reading does not bring: its bare digits ('8 uur' read as 8:00 is no '8 facturen').
_LOOSE_KEYS = frozenset({"plain", "bare", "n"})


# Words of two units ('110 pounds' of money or of weight; 'キロ', '킬로' of kilometres or kilograms; 'Po' a
# French inch or petabyte), and hours that may be a clock's or a span's ('16h' in
# French or Portuguese, '8 uur' in Dutch): (kind, unit, the figure as written) to the other reading.
_TWO_WAYS: tuple[tuple[str, str, re.Pattern[str], Callable[[Figure], Figure]], ...] = (
    ("money", "GBP", re.compile(r"\bpounds?\b", re.IGNORECASE), lambda f: replace(f, kind="measure", unit="lb")),
    ("measure", "kg", re.compile(r"キロ|킬로"), lambda f: replace(f, unit="km")),
    ("measure", "km", re.compile(r"キロ|킬로"), lambda f: replace(f, unit="kg")),
    ("measure", "in", re.compile(r"\d\s?Po(?!\w)"), lambda f: replace(f, unit="PB")),
    ("time", "", re.compile(r"^\d{1,2}\s?uur$"), lambda f: replace(f, kind="duration", unit="hour", value=Decimal(min(f.readings) // 60), readings=frozenset())),
    ("duration", "hour", re.compile(r"^\d{1,2}\s?uur$"), lambda f: replace(f, kind="time", unit="", value=f.value * 60, readings=frozenset({int(f.value) * 60 % 1440}))),
    ("duration", "hour", re.compile(r"^\d{1,2}\s?h$"), lambda f: replace(f, kind="time", unit="", value=f.value * 60, readings=frozenset({int(f.value) * 60}))),
)  # fmt: skip


def _also(figure: Figure) -> Figure | None:
    """The figure read as the other thing its words may name, or None."""
    if figure.kind not in ("money", "measure", "time", "duration"):
        return None
    for kind, unit, written, other in _TWO_WAYS:
        if figure.kind == kind and figure.unit == unit and written.search(figure.text):
            return replace(other(figure), other=None)
    return None


def _offers(source: Figure) -> frozenset[Key]:
    keys: set[Key] = {("n", n) for n in _written(source)}
    kind, value = source.kind, source.value
    if kind in ("number", "count"):
        keys.add(("plain", value))
        if kind == "count" and _year_like(value):  # 'In 2023 reisden …': a year-like count may be the year
            keys.add(("year", int(value)))
        if kind == "number" and not source.bare and not source.unit:
            keys.add(("bare", value))  # digits without a unit, said of nothing named: the same value in any unit
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
    elif kind == "ordinal":  # 'le 5e jour ouvré' is only a business day's: no 5th day read plainly is it
        keys.add(("ord", value, "business day") if source.unit == "business day" else ("ord", value))
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
        counted: set[Key] = {("plain", value), *((("year", int(value)),) if _year_like(value) else ())}
        if value != value.to_integral_value() or claim.loose:  # '5.5 range', 'trece puedes': no count of things
            counted.add(("n", value))
        return frozenset(counted)
    if kind in ("duration", "measure", "percent", "times", "money"):
        keys: set[Key] = {("bare", value)} | ({("bare", claim.written)} if claim.written is not None else set())
        if kind == "money":
            keys |= {("money", currency, value) for currency in claim.unit.split("/")}
        else:
            keys |= {key for key in _quantity(claim) if key[1] != "temp" or claim.unit == "°"}
            keys.discard(("days", value))  # a business day is no calendar day, nor a day (read plainly) one
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
        if claim.unit == "business day":
            return frozenset({("ord", value, "business day")})
        return frozenset({("ord", value), ("plain", value)})
    keys = {("name", claim.unit, claim.name)}  # a name; a bare number of the same value may be it ('1,900')
    if value >= 0:
        keys.add(("bare", value))
    if claim.unit == "year":
        keys.add(("year", int(value)))
    return frozenset(keys)


def _year_like(value: Decimal) -> bool:
    return value == value.to_integral_value() and 1900 <= value <= 2099


def same(claim: Figure, source: Figure) -> bool:
    """Whether ``source`` backs the figure ``claim`` states: the same value and unit, every qualifier agreeing."""
    if claim.bound in HEDGES:
        return hedged(claim, source)
    if claim.kind == "time" and claim.zone_name and source.kind == "time":
        return agree(claim, source)
    return not needs(claim).isdisjoint(offers(source)) and agree(claim, source)


HEDGES = frozenset({"about", "nearly", "over", "just_over", "under"})
EACH = frozenset({"each"})  # 'per piece', 'per stuk': per whatever the figure is of
_MEASURED = frozenset({"kwh", "m3", "km", "l", "kg", "lb", "pint", "gal"})  # per a measure (rates.unit_thing's names)
_SIDES = {"min": 1, "over": 1, "just_over": 1, "max": -1, "under": -1, "nearly": -1}
_UP, _DOWN = frozenset({"min", "over", "just_over"}), frozenset({"max", "under", "nearly"})
ABOUT = Decimal("0.1")  # 'about 60' is true of 54 to 66
NEARLY = Decimal("0.9")  # 'nearly 60' of 54 up to 60
NEARLY_COARSE = Decimal("0.8")  # ... and of a few hours, days, weeks ('nearly two weeks' of 12 days)
JUST_OVER = Decimal("1.25")  # 'just over 60' of 61 up to 75 ('3시간 남짓' is no 4 h 30)


def agree(
    claim: Figure, source: Figure, default_zone: int | None = None, sides: bool = True, periods: bool = True
) -> bool:
    """Whether every qualifier the claim states agrees with the source's (one the source leaves unsaid does
    not disagree; a time without a zone is in the context's one zone, when it states one). ``sides``: weigh
    the bounds too; ``periods``: and the periods."""
    if sides and (opposed(claim.bound, source.bound) or _inclusive(claim, source)):
        return False
    for said, other in (
        (claim.change, source.change),
        (claim.balance, source.balance),
        (claim.added, source.added),
        (claim.result, source.result),
    ):
        if said and other and said != other:
            return False
    if periods and claim.period and source.period and claim.period != source.period:
        return False
    way, their_way = claim.per & JOURNEY, source.per & JOURNEY  # one way or there and back: its own axis
    if way and their_way and way != their_way:
        return False
    if periods and bool(way) != bool(their_way) and (claim.period if their_way else source.period) not in ("", "once"):
        return (
            False  # '60 € por día' is no '60 € por trayecto': a fare per way has no period, a daily charge no journey
        )
    if (claim.per & EACH and source.per & _MEASURED) or (source.per & EACH and claim.per & _MEASURED):
        return False  # '3,50 € la unidad' is no '3,50 € el kilo': a piece is not a measure
    mine = {thing for thing in claim.per - JOURNEY - EACH if read_thing(thing)}  # a noun not known is not read in full
    mine |= {claim.period} if claim.period not in ("", "once") and periods else set()  # time included
    theirs = set(source.per - JOURNEY - EACH) | (
        {source.period} if source.period not in ("", "once") and periods else set()
    )
    if not (mine | theirs) & _PERIODS:  # a flat fee is one in total: '€ 1.500 in totaal' of 'voor de hele looptijd'
        for side, facing in ((mine, theirs), (theirs, mine)):  # (never with a period: '£600 a year for the whole
            if side == {"whole"} and "whole" not in facing:  # family' is no total; a whole is the group's whole)
                side ^= {"whole", "total"}
    for side, facing in ((mine, theirs), (theirs, mine)):  # a price for some people: that of their group ('€120
        if "group" in facing:  # for 6 people' of '€120 per group'), never of a couple, an hour, a head; a total is
            side -= {thing for thing in side if _PEOPLE.fullmatch(thing)}  # no price of one ticket, night or head
        elif side is theirs and (things := facing - _PERIODS) and not (things & _HEADS or any(_PEOPLE.fullmatch(t) for t in things)):  # fmt: skip
            side -= {thing for thing in side if _PEOPLE.fullmatch(thing)}  # a cake for 4–6 people is 3,800円 a cake
    if theirs == {"group"} and mine <= {"total", "whole"}:  # a group's price is the group's total: '£120 per
        theirs = set()  # group' said '£120 in total'
    if mine and theirs and not (mine <= theirs or theirs <= mine):
        return False
    if claim.kind == "time" and claim.zone_name:
        if source.zone_name and (claim.zone is None or source.zone is None):  # 'local time', a zone of no offset
            alike = claim.zone_name == source.zone_name or {claim.zone_name, source.zone_name} <= LOCAL_WORDS
            return alike and bool(claim.readings & source.readings)  # 'plaatselijke tijd' is 'lokale tijd'
        zone = source.zone if source.zone is not None else default_zone
        if zone is not None and claim.zone is not None:
            shifts = {0}  # in summer time a place's offset is an hour more: against UTC, either may be meant
            named, stated = claim.zone_name.lower(), source.zone_name.lower()
            if {named, stated} & _UNIVERSAL:
                shifts |= {-60} if summer(claim.zone_name) else {60} if summer(source.zone_name) else set()
            elif summer(claim.zone_name) and cldr.summer_name(stated):  # 'UK time' against 'BST': it is summer
                shifts.add(-60)
            elif summer(source.zone_name) and cldr.summer_name(named):
                shifts.add(60)
            return any((a - claim.zone - b + zone + shift) % 1440 == 0 for a in claim.readings for b in source.readings for shift in shifts)  # fmt: skip
        return bool(claim.readings & source.readings)
    return True


_HEADS = frozenset({"person", "seat"})
_PERIODS = frozenset(PERIODS) - {"once"}  # the periods a rate is per
_PEOPLE = re.compile(r"\d+ person")  # rates.per_people's key


@cache
def read_thing(thing: str) -> bool:
    """Whether what a claim is said to be per is a thing the tables know ('person', 'seat', 'kwh', a unit): a
    noun they do not ('per car', 'per Anhänger') may name what the context names otherwise ('per vehicle'),
    so it disagrees with nothing; the context's own unknown noun still disagrees with a known one."""
    return (
        thing in ("total",)
        or thing in PER_THINGS
        or thing in _CJK_SENSES
        or any(thing in table for table in UNIT_WORDS.values())
        or thing in _UNIT_NAMES  # a unit's own name, as what a price is per is written ('t', 'gal')
        or _COUNT_OF_UNIT.fullmatch(thing) is not None  # '100 kg': a count of a unit, read as written
    )


_UNIT_NAMES = frozenset(unit.lower() for table in UNIT_WORDS.values() for unit in table.values())
_COUNT_OF_UNIT = re.compile(r"\d+(?:\.\d+)? \S+")


_CJK_SENSES = frozenset({"booking", "item", "box", "room", "transaction"})


# Zones named by an abbreviation of one offset, or in a country without summer time: no hour either way.
_FIXED = frozenset({"utc", "gmt", "wet", "west", "bst", "cet", "cest", "mez", "mesz", "eet", "eest", "msk", "ist", "sgt", "hkt", "jst", "kst", "aest", "brt", "est", "edt", "cst", "mst", "pst", "pdt"})  # fmt: skip


_UNIVERSAL = frozenset({"utc", "gmt"})


def summer(zone_name: str) -> bool:
    """Whether a zone named by its place ('heure de Paris', 'UK time', 'ET') may be in summer time on the
    day meant: its offset is then an hour more than the table's, and a time converted either way is the same
    figure (the date that would tell is seldom beside it) against universal time ('20 h UTC (22 h heure de
    Paris)'); against another zone's name it is not ('9:00 CET' is no '9:00 UK time': a writer who names CET
    means its offset, and two zones named by place change together). Asian zones and Brasília keep one offset."""
    name = zone_name.lower()
    offset = cldr.zones().get(name)
    fixed = name in _FIXED or name in cldr.fixed_zones()
    return bool(zone_name) and not fixed and offset is not None and -600 <= offset <= 180


def qualified(figure: Figure) -> bool:
    """Whether anything is said with the figure (a bound, a direction, a period, a zone, …)."""
    return bool(
        figure.bound
        or figure.change
        or figure.balance
        or figure.added
        or figure.result
        or figure.period
        or figure.per
        or figure.calendar
    ) or (figure.zone is not None)


def _inclusive(claim: Figure, source: Figure) -> bool:
    """Whether two limits of a count, an age or a length of time differ only in holding their own value
    ('65歳以下' and '65歳未満', 'tot en met 6 jaar' and 'onder de 6 jaar'): at most is no 'under', at least no
    'over', as the value itself is one case. Of a measure or an amount ('not above 40 °C', 'below 40 °C') the
    two are said either way, and agree."""
    discrete = claim.kind in _DISCRETE and source.kind in _DISCRETE
    return discrete and {claim.bound, source.bound} in ({"max", "under"}, {"min", "over"}, {"min", "just_over"})


_DISCRETE = frozenset({"duration", "count", "number", "ordinal"})


def opposed(mine: str, theirs: str) -> bool:
    """Whether two bounds or hedges point opposite ways ('at least' and 'at most', 'over' and 'nearly')."""
    return (mine in _UP and theirs in _DOWN) or (mine in _DOWN and theirs in _UP)


def size(figure: Figure) -> tuple[object, Decimal] | None:
    """A quantity's dimension and magnitude (money: its currencies), for a hedge to weigh; None for others."""
    if figure.kind in ("duration", "measure", "percent", "times"):
        name, unit = dimension(figure.unit)
        return name, figure.value * unit
    if figure.kind == "money":
        return figure.unit, figure.value
    if figure.kind in ("number", "count"):
        return "n", figure.value
    return None


def hedged(claim: Figure, source: Figure) -> bool:
    """Whether a hedged claim ('about 60', 'nearly a third', 'over 500', 'under 2 hours') is true of the source:
    of the same value and unit, when their sides do not oppose ('over 40' and 'not above 40'); of another value,
    when the source states an exact figure (a limit restated is restated exactly) and the hedge is true of it."""
    exact = not needs(claim).isdisjoint(offers(source))
    return (exact or comparable(claim, source)) and hedge_holds(claim, source, exact)


def comparable(claim: Figure, source: Figure, loose: bool = False) -> bool:
    """Whether the source is a quantity of the claim's kind whose value a hedge could be true of (``loose``:
    of its kind, whatever its value; a number without a unit is of no kind then)."""
    mine, theirs = size(claim), size(source)
    if mine is None or theirs is None:
        return False
    if {mine[0], theirs[0]} == {"month", "time"}:  # a hedge is near: 'un peu moins de trois mois' for 87 days
        mine, theirs = _in_seconds(mine), _in_seconds(theirs)
    a, b = mine[0], theirs[0]
    if not (a == b or (b == "n" and not source.unit and not loose) or (isinstance(a, str) and isinstance(b, str) and not a.startswith(("unit:", "pint:")) and set(a.split("/")) & set(b.split("/")))):  # fmt: skip
        return False
    coarse = claim.kind == "duration" and claim.value <= 3  # '将近两周' of 12 days, 'almost an hour' of 50 minutes
    return loose or _weighs(claim.bound, mine[1], theirs[1], NEARLY_COARSE if coarse else NEARLY)


_MONTH = Decimal("2629746")  # seconds in a month of the Gregorian year's average: for hedges only


def _in_seconds(size: tuple[object, Decimal]) -> tuple[object, Decimal]:
    return ("time", size[1] * _MONTH) if size[0] == "month" else size


def _weighs(bound: str, v: Decimal, c: Decimal, nearly: Decimal) -> bool:
    if bound == "about":
        return abs(c - v) <= ABOUT * abs(v)
    if bound == "nearly":
        return v * nearly <= c <= v
    if bound == "over":
        return v < c <= 2 * v
    if bound == "just_over":
        return v < c <= v * JUST_OVER
    return v / 2 <= c < v  # under


def hedge_holds(claim: Figure, source: Figure, exact: bool) -> bool:
    """The hedge's word on a source already found to be of its value (``exact``) or near it."""
    if not agree(claim, source, sides=False):
        return False
    if exact:  # 'plus de 70 %' is not said by 'près de 70 %'; 'under 6' is no 'up to and including 6'
        about = claim.bound in ("over", "just_over", "under") and source.bound == "about"
        wider = claim.bound == "just_over" and source.bound in ("over", "min")  # 'more than 20%', '20% to 40%'
        return not (opposed(claim.bound, source.bound) or _inclusive(claim, source) or about or wider)
    if source.bound in ("max", "min") and claim.bound in ("about", "nearly"):  # 'just under $8,000' of a $7,900 cap
        return not opposed(claim.bound, source.bound) and _near_limit(claim, source)  # a limit itself: exactly
    return source.bound not in LIMITS


LIMITS = frozenset({"min", "max", "over", "just_over", "under"})
_CAP_NEAR = Decimal("0.025")  # a hedge of a limit is near it: 'just under $8,000' of $7,900, not 'about $8,500'


def _near_limit(claim: Figure, source: Figure) -> bool:
    mine, theirs = size(claim), size(source)
    return mine is not None and theirs is not None and abs(mine[1] - theirs[1]) <= _CAP_NEAR * abs(mine[1])

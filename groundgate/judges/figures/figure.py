"""One figure: a value with its unit and the role it plays where it stands, as one text states it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from groundgate.judges.figures.lexicon import SAID
from groundgate.judges.figures.quantity import dimension

# number: a bare number (no unit: '90 with a receipt'); count: a number of things ('3 items'); duration,
# measure (weight, length, volume, data, power, temperature), percent, times ('twice'), money; time (of
# day), date, weekday, ordinal ('the 15th'); name: a number that names rather than counts (a street number,
# a section, a room, a version, a phone number, a year), its role in ``unit``.
Kind = Literal[
    "number", "count", "duration", "measure", "percent", "times", "money", "time", "date", "weekday", "ordinal", "name"
]
Day = tuple[int | None, int, int | None]  # (year, month, day) of one reading of a date; None: not stated
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December")  # fmt: skip
SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CNY": "¥", "KRW": "₩"}


@dataclass(frozen=True, slots=True)
class Qualifiers:
    """What a figure is said with; each is '' or 0 when the text is silent about it."""

    bound: str = ""  # min, max (a limit: 'at least', 'up to'); about, nearly, over, under (a hedge)
    change: int = 0  # +1 a rise, -1 a fall
    balance: int = 0  # +1 a credit to the reader, -1 a debit from them
    period: str = ""  # what a rate is per in time: hour, day, night, week, month, quarter, year
    per: frozenset[str] = frozenset()  # what else it is per: person, seat, way, return, stay, booking, a noun
    zone: int | None = None  # a time's zone, as its offset from UTC in minutes
    zone_name: str = ""
    calendar: bool = False  # calendar days, said so
    clause: tuple[int, int] = (0, 0)  # the clause it stands in (what it is said of), in the text
    added: int = 0  # +1 a charge added to a price (a surcharge), -1 one taken off it (a discount)
    result: int = 0  # +1 a gain, -1 a loss


NOTHING = Qualifiers()


_PER_COUNT_OF = re.compile(r"([^/\s]+)/(\d+(?:[.,]\d+)?)\s?([^/\s]+)")  # 'mg/5 ml'


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure as a text states it. ``text`` is what the text writes (a range's end is quoted as the whole
    range), ``start``/``end`` where; ``value`` the number meant (a time: minutes after midnight; a weekday:
    0 for Monday; a date: its day); ``unit`` the unit ('day', 'kg', '°C', '%'), the currencies ('EUR',
    'JPY/CNY' for '¥'), a count's noun or a name's role; ``readings`` a time's (6 o'clock: 6:00 or 18:00),
    ``days`` a date's (03/04/2024: 3 April or March 4); ``name`` a name's value as written ('0800 123 456',
    '2.5'). ``bare``: written in words without a unit ('one of our stores'): a source's words, never a claim.
    ``other``: the value read the other way, when a lone separator before three digits may group or mark
    decimals ('1.200': 1200 in German, 1.2 in English), so a misjudged language costs no false alarm."""

    text: str
    kind: Kind
    value: Decimal
    unit: str = ""
    days: frozenset[Day] = frozenset()
    readings: frozenset[int] = frozenset()
    name: str = ""
    bare: bool = False
    start: int = 0
    end: int = 0
    other: Decimal | None = None  # the value's other reading ('1,000': a thousand, or one)
    written: Decimal | None = None  # the number as written, when the value is not it ('99 cents' is 0.99)
    loose: bool = False  # a count written in words whose noun may be a verb ('las otras trece puedes'): any 13
    said_with: Qualifiers = NOTHING  # what it is said with (``qualifiers``): each is part of the figure

    def with_qualifiers(self, qualifiers: Qualifiers) -> Figure:
        """The same figure, with what it is said with (positionally: ``dataclasses.replace`` costs five times as much)."""
        return Figure(
            self.text, self.kind, self.value, self.unit, self.days, self.readings, self.name, self.bare, self.start,
            self.end, self.other, self.written, self.loose, qualifiers,
        )  # fmt: skip

    def parts(self) -> list[Figure]:
        """A concentration's two measures, each a figure the text states ('250 mg/5 mL': 250 mg, and 5 mL), so an
        answer may say them apart ('each 5 mL contains 250 mg'); none for any other figure ('25 mg/kg')."""
        split = _PER_COUNT_OF.fullmatch(self.unit) if self.kind == "measure" else None
        if split is None:
            return []
        top, count, bottom = split.groups()
        return [
            Figure(self.text, "measure", self.value, top, start=self.start, end=self.end),
            Figure(self.text, "measure", Decimal(count.replace(",", ".")), bottom, start=self.start, end=self.end),
        ]

    @property
    def bound(self) -> str:
        return self.said_with.bound

    @property
    def change(self) -> int:
        return self.said_with.change

    @property
    def balance(self) -> int:
        return self.said_with.balance

    @property
    def added(self) -> int:
        return self.said_with.added

    @property
    def result(self) -> int:
        return self.said_with.result

    @property
    def period(self) -> str:
        return self.said_with.period

    @property
    def per(self) -> frozenset[str]:
        return self.said_with.per

    @property
    def zone(self) -> int | None:
        return self.said_with.zone

    @property
    def zone_name(self) -> str:
        return self.said_with.zone_name

    @property
    def calendar(self) -> bool:
        return self.said_with.calendar

    @property
    def clause(self) -> tuple[int, int]:
        return self.said_with.clause

    @property
    def number(self) -> str:
        """The figure as the figures judge's reasons name it: its number ('45', '1200'), a date in ISO form."""
        if self.kind == "date":
            year, month, day = min(self.days, key=lambda d: (d[0] or 0, d[1], d[2] or 0))
            return "-".join(part for part in (f"{year:04d}" if year else "", f"{month:02d}", f"{day:02d}" if day else "") if part)  # fmt: skip
        if self.kind == "time":
            return _clock(min(self.readings))
        if self.kind == "weekday":
            return WEEKDAYS[int(self.value)]
        if self.kind == "name":
            return self.name
        return plain(self.value)

    @property
    def said(self) -> str:
        """The figure with its unit and what it is said with, as the report says it whatever language it was
        written in ('45 days', '€1,200.90 a month', 'at least 3 nights', '09:00 CET', 'a 1.8% fall')."""
        said = self.bare_said
        bound = {"min": "at least ", "max": "within " if self.kind == "duration" else "up to ", "about": "about ", "nearly": "nearly ", "over": "over ", "just_over": "just over ", "under": "under "}.get(self.bound, "")  # fmt: skip
        wholes = {"whole": " for the whole", "total": " in total"}
        tail = "".join(wholes.get(thing, _per_said(thing)) for thing in sorted(self.per))
        tail += f" a{'n' if self.period == 'hour' else ''} {self.period}" if self.period else ""
        tail += " (calendar days)" if self.calendar else ""
        tail += f" {self.zone_name.upper() if len(self.zone_name) <= 4 else self.zone_name}" if self.zone_name else ""
        tail = tail.replace(" uk ", " UK ").replace(" UK TIME", " UK time")
        tail += {1: " up", -1: " down"}.get(self.change, "") + {1: " (a credit)", -1: " (a debit)"}.get(
            self.balance, ""
        )
        tail += {1: " (a surcharge)", -1: " (a discount)"}.get(self.added, "")
        tail += {1: " (a gain)", -1: " (a loss)"}.get(self.result, "")
        return bound + said + tail

    @property
    def bare_said(self) -> str:
        """The figure with its unit alone ('45 days', '€1,200.90', '18:00', '20 lb', 'room 14')."""
        kind, value, unit = self.kind, self.value, self.unit
        if kind == "date":
            return _date_said(self.days)
        if kind == "time":
            return " or ".join(_clock(r) for r in sorted(self.readings))
        if kind == "weekday":
            return WEEKDAYS[int(value)]
        if kind == "ordinal":
            return _ordinal(value) + (f" {unit}" if unit else "")
        if kind == "name":
            return f"{'street number' if unit == 'street' else unit} {self.name}"
        if kind == "money":
            currency = unit.split("/")[0]
            amount = grouped(value)
            return f"{SYMBOLS[currency]}{amount}" if currency in SYMBOLS else f"{amount} {currency}"
        if kind == "percent":
            return f"{grouped(value)}%"
        if kind in ("duration", "times"):
            word = SAID[unit]
            return f"{grouped(value)} {word}{'' if value == 1 else 's'}"
        if kind == "measure":
            return f"{grouped(value)} {unit}" if unit != "°" else f"{grouped(value)} degrees"
        if kind == "count" and unit:
            return f"{grouped(value)} {unit}"
        return grouped(value)

    def magnitude(self) -> Decimal:
        """The figure in its dimension's base unit (days in seconds, years in months), to rank nearness."""
        if self.kind in ("duration", "measure", "times", "percent"):
            return self.value * dimension(self.unit)[1]
        return self.value


def plain(value: Decimal) -> str:
    return format(value.normalize(), "f")


def grouped(value: Decimal) -> str:
    """'1,200.9' for 1200.90: thousands grouped, no trailing zeros (two decimals kept for cents)."""
    text = plain(value)
    whole, _, fraction = text.partition(".")
    sign = "-" if whole.startswith("-") else ""
    whole = f"{int(whole.lstrip('-') or 0):,}"
    if len(fraction) == 1 and value.as_tuple().exponent == -2:  # 1,200.90: cents keep their two digits
        fraction += "0"
    return sign + whole + (f".{fraction}" if fraction else "")


def _clock(minutes: int) -> str:
    hours, minutes = divmod(minutes % 1440, 60)
    return f"{hours:02d}:{minutes:02d}"


def _ordinal(value: Decimal) -> str:
    n = int(value)
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _date_said(days: frozenset[Day]) -> str:
    said = []
    for year, month, day in sorted(days, key=lambda d: (d[0] or 0, d[1], d[2] or 0)):
        parts = [str(day)] if day else []
        parts.append(MONTHS[month - 1])
        if year:
            parts.append(str(year))
        said.append(" ".join(parts))
    return " or ".join(said)


def _per_said(thing: str) -> str:
    """' per seat', or a price for a count of people: ' for 2 people' (rates.per_people's key, '2 person')."""
    count, _, rest = thing.partition(" ")
    return f" for {count} people" if rest == "person" and count.isdigit() else f" per {thing}"

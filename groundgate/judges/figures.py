"""Figures in text, and the tripwire built on them: a deterministic check, not an LLM.

One extraction serves two users (the offline judge is ``judges.figures_judge``). The ``figures`` judge scores an answer ungrounded when it states a
figure its context never states (for suites where "grounded" means "every figure in the answer appears
in the source"); the tripwire (``tripwire``) runs beside any judge and lists the figures a candidate
newly states that neither its context nor its baseline did. It cannot see unsupported claims made in
words, so it is a cheap second opinion and the bundled example's judge, never a substitute for the rubric.

A figure is a number as the text means it: an amount of money ('$1,200', '1200 dollars'), a percentage
('15%', 'fifteen per cent'), a duration ('30 days', 'thirty days', 'a 30-day window', '2 years' = '24
months'), a date ('2024-03-01', '1 March 2024', 'March 1st, 2024'), a time of day ('18:00', '6pm') or a
plain number. Two figures are the same when they mean the same, however they are written, so restating
the context in other words never trips it. Written-out numbers count as a claim only with a unit ('thirty
days'); bare ('one of our stores') they are a source's words, never a claim. Numbers that name rather than
count are not figures: glued to letters ('A1', 'x86'), after '#' (an order), list markers at a line's start,
'step 3', and anything inside a URL or an e-mail address.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Literal

from groundgate.lookalike import visible

NEAREST = 3  # the context's figures shown beside one the candidate newly states
LISTED = 20  # figures a row lists of those its candidate newly states (one is enough to make it a row to read)

Kind = Literal["number", "money", "percent", "duration", "date", "time"]
Day = tuple[int | None, int, int | None]  # (year, month, day) of one reading of a date; None: not stated


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure as the text states it: ``text`` as written, ``value`` the number written (for a date,
    its day; for a time, minutes after midnight), ``unit`` its currency (money) or unit (duration)."""

    text: str
    kind: Kind
    value: Decimal
    unit: str = ""
    days: frozenset[Day] = frozenset()  # a date's readings: 03/04/2024 is 3 April or March 4
    bare: bool = False  # a written-out number without a unit: a source's words, never a claim

    @property
    def number(self) -> str:
        """The figure as the figures judge's reasons name it: its number ('45', '1200'), a date in ISO form."""
        if self.kind == "date":
            year, month, day = min(self.days, key=lambda d: (d[0] or 0, d[1], d[2] or 0))
            return "-".join(part for part in (f"{year:04d}" if year else "", f"{month:02d}", f"{day:02d}" if day else "") if part)  # fmt: skip
        if self.kind == "time":
            hours, minutes = divmod(int(self.value), 60)
            return f"{hours}:{minutes:02d}"
        return _plain(self.value)

    def _key(self) -> tuple[object, ...]:
        """What the figure means: equal keys are the same figure, whatever the wording."""
        if self.kind == "duration":
            family, size = _DURATIONS[self.unit]
            return ("duration", family, self.value * size)
        if self.kind == "date":
            return ("date", self.days)
        return (self.kind, self.unit, self.value)


def _plain(value: Decimal) -> str:
    return format(value.normalize(), "f")


# --- words -------------------------------------------------------------------------------------

_ONES = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
_WORDS = {word: n for n, word in enumerate(_ONES)} | _TENS | _SCALES
_WORD = "|".join(sorted(_WORDS, key=len, reverse=True))
_AFTER_SCALE = "|".join(f"(?<={scale})" for scale in _SCALES)  # 'one hundred and twenty', never 'one and two'
_SPELLED = rf"(?:{_WORD})(?:(?:[\s-]+|(?:{_AFTER_SCALE})\s+and\s+)(?:{_WORD}))*"

# unit -> (family, size in the family's base): weeks convert to days, years to months; business days do not
_DURATIONS: dict[str, tuple[str, int]] = {
    "second": ("time", 1),
    "minute": ("time", 60),
    "hour": ("time", 3_600),
    "day": ("time", 86_400),
    "week": ("time", 604_800),
    "business day": ("business", 1),
    "month": ("calendar", 1),
    "quarter": ("calendar", 3),
    "year": ("calendar", 12),
}
_UNIT_WORDS = {
    "second": "second", "seconds": "second", "sec": "second", "secs": "second",
    "minute": "minute", "minutes": "minute", "min": "minute", "mins": "minute",
    "hour": "hour", "hours": "hour", "hr": "hour", "hrs": "hour", "h": "hour",
    "day": "day", "days": "day", "week": "week", "weeks": "week", "wk": "week", "wks": "week",
    "month": "month", "months": "month", "quarter": "quarter", "quarters": "quarter",
    "year": "year", "years": "year", "yr": "year", "yrs": "year",
}  # fmt: skip
_CURRENCY_SIGNS = {
    "$": "USD",
    "us$": "USD",
    "€": "EUR",
    "£": "GBP",
    "¥": "JPY",
    "usd": "USD",
    "eur": "EUR",
    "gbp": "GBP",
}
_CURRENCY_WORDS = {
    "dollar": "USD", "dollars": "USD", "usd": "USD", "euro": "EUR", "euros": "EUR", "eur": "EUR",
    "pound": "GBP", "pounds": "GBP", "gbp": "GBP", "cent": "USD/100", "cents": "USD/100",
}  # fmt: skip
_MONTHS = {
    name: index
    for index, names in enumerate(
        (
            ("January", "Jan"), ("February", "Feb"), ("March", "Mar"), ("April", "Apr"), ("May",), ("June", "Jun"),
            ("July", "Jul"), ("August", "Aug"), ("September", "Sep", "Sept"), ("October", "Oct"),
            ("November", "Nov"), ("December", "Dec"),
        ),
        start=1,
    )
    for name in names
}  # fmt: skip
# Month names as prose writes them in a date (capitalised: 'you may return' is not a date), 'Jan.' too.
_MONTH = "|".join(sorted((m for name in _MONTHS for m in (name, name.upper())), key=len, reverse=True))
_MONTH_OF = {name.upper(): index for name, index in _MONTHS.items()}

# --- patterns, tried in this order; a later one never reads inside an earlier one's match ---------

# Links and addresses name things, they do not count them; nor does '24/7'.
_HIDDEN = re.compile(r"\b(?:https?://|www\.)\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b24/7\b")
_HIDDEN_MARKS = ("://", "www.", "@", "24/7")  # a text without any of them has nothing to hide: skip the scan
_ORDINAL = r"(?:st|nd|rd|th)?"
_DATES = re.compile(
    rf"""(?<![\w.,/-])(?:
        (?P<iso_y>\d{{4}})(?P<iso_sep>[-/.])(?P<iso_m>\d{{1,2}})(?P=iso_sep)(?P<iso_d>\d{{1,2}})
      | (?P<num_a>\d{{1,2}})(?P<num_sep>[/.-])(?P<num_b>\d{{1,2}})(?P=num_sep)(?P<num_y>\d{{4}})
      | (?P<dm_d>\d{{1,2}}){_ORDINAL}(?:\s+of)?\s+(?P<dm_m>{_MONTH})(?:\.(?=\s*\d))?(?:,?\s+(?P<dm_y>\d{{4}}))?
      | (?P<md_m>{_MONTH})\.?\s+(?:the\s+)?(?P<md_d>\d{{1,2}}){_ORDINAL}(?![\d:])(?:,?\s+(?P<md_y>\d{{4}}))?
      | (?P<my_m>{_MONTH})\.?,?\s+(?P<my_y>\d{{4}})
    )(?![\w/-]|[.,]\d)""",
    re.VERBOSE,
)
_TIMES = re.compile(
    r"""(?<![\w.:/-])(?:
        (?P<h12>\d{1,2})(?::(?P<m12>\d{2}))?\s?(?P<half>[ap])(?:\.m\.|m)(?![a-z])
      | (?P<h24>\d{1,2}):(?P<m24>\d{2})(?![\d:])
    )""",
    re.VERBOSE | re.IGNORECASE,
)
_DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
# One end of an amount; '@' in a group's name becomes the end's prefix ('a_', 'b_').
_QUANTITY = rf"(?:(?P<@digits>{_DIGITS})(?P<@ord>st|nd|rd|th)?|(?P<@words>{_SPELLED}))"
_SIGN = r"(?P<@sign>US\$|\$|€|£|¥|\b(?:USD|EUR|GBP)\s?)?"
_SCALE = r"(?:\s?(?P<@scale>thousand|million|billion)\b|(?P<@short>k|m|bn)\b)?"
_UNIT = (
    r"(?:\s*-?\s*(?P<@qual>business|working|calendar)?\s*-?\s*(?P<@unit>"
    + "|".join(sorted([*_UNIT_WORDS, *_CURRENCY_WORDS], key=len, reverse=True))
    + r"|percent|per\s?cent|pct)\b|(?P<@pct>\s?%))?"
)


def _side(prefix: str) -> str:
    return (_SIGN + _QUANTITY + _SCALE + _UNIT).replace("(?P<@", f"(?P<{prefix}")


_AMOUNTS = re.compile(
    rf"(?<![\w#.,/$€£¥])(?<![^\W\d_]-)(?<!\bstep ){_side('a_')}(?:\s?(?:-|–|—|to)\s?{_side('b_')})?(?![\w])",
    re.IGNORECASE,
)
_LIST_MARK = re.compile(r"^\s*\d+[.)]\s", re.M)


def figures(text: str) -> list[Figure]:
    """Every figure in the text, in order (see the module docstring for what counts as one), read as a reader
    sees it: characters that draw nothing dropped ('4\u200b5 days' is 45 days), compatibility forms folded
    (fullwidth '４５ ｄａｙｓ')."""
    if not text.isascii():
        text = visible(text)
    found: list[tuple[int, Figure]] = []
    hidden = _mask(text, _HIDDEN.finditer(text)) if any(mark in text for mark in _HIDDEN_MARKS) else text
    hidden = _mask(hidden, _LIST_MARK.finditer(hidden))
    dates = list(_DATES.finditer(hidden))
    found += ((m.start(), figure) for m in dates if (figure := _date(m)) is not None)
    hidden = _mask(hidden, dates)
    times = list(_TIMES.finditer(hidden))
    found += ((m.start(), figure) for m in times if (figure := _time(m)) is not None)
    hidden = _mask(hidden, times)
    for match in _AMOUNTS.finditer(hidden):
        found += ((match.start(), figure) for figure in _amounts(match))
    return [figure for _, figure in sorted(found, key=lambda pair: pair[0])]


def _mask(text: str, matches: Iterable[re.Match[str]]) -> str:
    """The text with the matched spans blanked, offsets kept."""
    parts: list[str] = []
    last = 0
    for match in matches:
        parts += (text[last : match.start()], " " * (match.end() - match.start()))
        last = match.end()
    return "".join((*parts, text[last:])) if parts else text


def _date(match: re.Match[str]) -> Figure | None:
    g = match.groupdict()
    readings: set[Day] = set()
    if g["iso_y"]:
        readings.add((int(g["iso_y"]), int(g["iso_m"]), int(g["iso_d"])))
    elif g["num_y"]:  # 03/04/2024: 3 April or March 4, as the writer's locale has it
        a, b, year = int(g["num_a"]), int(g["num_b"]), int(g["num_y"])
        readings |= {(year, b, a), (year, a, b)}
    elif g["dm_m"]:
        readings.add((_year(g["dm_y"]), _MONTH_OF[g["dm_m"].upper()], int(g["dm_d"])))
    elif g["md_m"]:
        readings.add((_year(g["md_y"]), _MONTH_OF[g["md_m"].upper()], int(g["md_d"])))
    else:
        readings.add((int(g["my_y"]), _MONTH_OF[g["my_m"].upper()], None))
    valid = frozenset(r for r in readings if 1 <= r[1] <= 12 and (r[2] is None or 1 <= r[2] <= 31))
    if not valid:
        return None
    day = next(iter(valid))[2]
    return Figure(match.group(0), "date", Decimal(day or 0), days=valid)


def _year(text: str | None) -> int | None:
    return int(text) if text else None


def _time(match: re.Match[str]) -> Figure | None:
    g = match.groupdict()
    if g["h12"]:
        hour, minute = int(g["h12"]), int(g["m12"] or 0)
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if g["half"].lower() == "p" else 0)
    else:
        hour, minute = int(g["h24"]), int(g["m24"])
        if hour > 24:
            return None
    if minute > 59:
        return None
    return Figure(match.group(0), "time", Decimal(hour * 60 + minute))


def _amounts(match: re.Match[str]) -> Iterator[Figure]:
    """One figure, or two for a range ('3-5 business days', '$10 to $20'): the range's unit and currency
    belong to both ends, and each end is quoted as the whole range."""
    g = match.groupdict()
    ends = [side for side in ("a_", "b_") if g[f"{side}digits"] or g[f"{side}words"]]
    sign = next((g[f"{s}sign"] for s in ends if g[f"{s}sign"]), None)
    unit = next((g[f"{s}unit"] or g[f"{s}pct"] for s in reversed(ends) if g[f"{s}unit"] or g[f"{s}pct"]), None)
    qualifier = next((g[f"{s}qual"] for s in reversed(ends) if g[f"{s}unit"]), None)
    for side in ends:
        found = _amount(g, side, sign, unit, qualifier)
        if found is not None:
            kind, value, currency_or_unit, bare = found
            yield Figure(match.group(0).strip(), kind, value, currency_or_unit, bare=bare)


def _amount(
    g: dict[str, str | None], side: str, sign: str | None, unit: str | None, qualifier: str | None
) -> tuple[Kind, Decimal, str, bool] | None:
    digits, words = g[f"{side}digits"], g[f"{side}words"]
    value = _number(digits.replace(",", "")) if digits else _spelled(words or "")
    if value is None:
        return None
    if g[f"{side}scale"]:
        value *= _SCALES[str(g[f"{side}scale"]).lower()]
    short = (g[f"{side}short"] or "").lower()
    if short and not sign:
        return None  # '5m', '4k' without a currency: not an amount groundgate can read
    value *= {"k": 1_000, "m": 1_000_000, "bn": 1_000_000_000}.get(short, 1)
    word = (unit or "").lower().replace(" ", "")
    if sign:
        currency = _CURRENCY_SIGNS[sign.strip().lower()]
        return "money", value, currency, False
    if word in ("%", "percent", "pct"):
        return "percent", value, "", False
    if word in _CURRENCY_WORDS:
        currency = _CURRENCY_WORDS[word]
        if currency == "USD/100":
            return "money", value / 100, "USD", False
        return "money", value, currency, False
    if word in _UNIT_WORDS:
        name = _UNIT_WORDS[word]
        if name == "day" and qualifier and qualifier.lower() in ("business", "working"):
            name = "business day"
        if name == "hour" and word == "h" and digits is None:
            return None
        return "duration", value, name, False
    return "number", value, "", words is not None


def _number(text: str) -> Decimal | None:
    try:
        return Decimal(text)
    except InvalidOperation:  # pragma: no cover - the pattern only matches decimals
        return None


def _spelled(text: str) -> Decimal | None:
    """'twenty-one' 21, 'one hundred and twenty' 120, 'two thousand five hundred' 2500."""
    total = current = 0
    for word in re.split(r"[\s-]+", text.lower()):
        if word == "and":
            continue
        n = _WORDS[word]
        if n >= 1_000:
            total += max(current, 1) * n
            current = 0
        elif n == 100:
            current = max(current, 1) * 100
        else:
            current += n
    return Decimal(total + current)


# --- comparing figures ---------------------------------------------------------------------------


def _numbers(figure: Figure) -> set[Decimal]:
    """The plain numbers a figure states: what a bare number in an answer may be restating."""
    if figure.kind == "date":
        return {Decimal(part) for day in figure.days for part in day if part is not None}
    if figure.kind == "time":
        hours, minutes = divmod(int(figure.value), 60)
        return {Decimal(hours), Decimal((hours - 1) % 12 + 1), *([Decimal(minutes)] if minutes else [])}
    return {figure.value}


def same(claim: Figure, source: Figure) -> bool:
    """Whether ``source`` states the figure ``claim`` states. A plain number on either side stands for the
    same number in any unit ('30' and '30 days'), unless the source's is a bare written-out word; a
    business day is a day of the same count; a date without a year or day is any date of that month."""
    if claim.kind == "number":
        return claim.value in _numbers(source)
    if source.kind == "number":  # a bare written-out number ('two late payments') backs only a plain number
        return claim.kind != "date" and not source.bare and source.value in _numbers(claim)
    if claim.kind != source.kind:
        return False
    if claim.kind == "date":
        return any(_same_day(c, s) for c in claim.days for s in source.days)
    if claim._key() == source._key():
        return True
    return (
        claim.kind == "duration"
        and claim.value == source.value
        and {claim.unit, source.unit} <= {"day", "business day"}
    )


def _same_day(claim: Day, source: Day) -> bool:
    (cy, cm, cd), (sy, sm, sd) = claim, source
    return cm == sm and (cy is None or sy is None or cy == sy) and (cd is None or cd == sd)


_DAYS = frozenset({"day", "business day"})  # a business day is a day of the same count, never converted


class Stated:
    """The figures some texts state, indexed so that whether they state a claim's figure (``same`` against
    each of them) is a few set lookups: an answer of a million figures is read in linear time, never a
    million figures against a million (``tests/unit/test_figures.py`` holds it to ``same``, pair by pair)."""

    def __init__(self, sources: Iterable[Figure] = ()) -> None:
        self.numbers: set[Decimal] = set()  # every number a source states: what a plain number may restate
        self.plain: set[Decimal] = set()  # plain numbers, not bare words: what backs a number in any unit
        self.keys: set[tuple[object, ...]] = set()  # what each source other than a number or a date means
        self.day_counts: set[Decimal] = set()  # counts of days and business days
        self.dates: set[Day] = set()  # each reading of each date, and what a partial date matches it by
        self.months: set[int] = set()
        self.month_years: set[tuple[int, int | None]] = set()
        self.month_days: set[tuple[int, int | None]] = set()
        for source in sources:
            self.add(source)

    def add(self, source: Figure) -> None:
        self.numbers |= _numbers(source)
        if source.kind == "number":
            if not source.bare:
                self.plain.add(source.value)
        elif source.kind == "date":
            for year, month, day in source.days:
                self.dates.add((year, month, day))
                self.months.add(month)
                self.month_years.add((month, year))
                self.month_days.add((month, day))
        else:
            self.keys.add(source._key())
            if source.kind == "duration" and source.unit in _DAYS:
                self.day_counts.add(source.value)

    def states(self, claim: Figure) -> bool:
        """Whether some source states the figure ``claim`` states: ``any(same(claim, s) for s in sources)``."""
        if claim.kind == "number":
            return claim.value in self.numbers
        if claim.kind == "date":
            return any(self._dated(day) for day in claim.days)
        if not self.plain.isdisjoint(_numbers(claim)) or claim._key() in self.keys:
            return True
        return claim.kind == "duration" and claim.unit in _DAYS and claim.value in self.day_counts

    def _dated(self, claim: Day) -> bool:
        """``_same_day(claim, s)`` for some reading ``s`` of the sources' dates."""
        year, month, day = claim
        if year is None:
            return month in self.months if day is None else (month, day) in self.month_days
        if day is None:
            return (month, year) in self.month_years or (month, None) in self.month_years
        return (year, month, day) in self.dates or (None, month, day) in self.dates


def claims(text: str) -> list[Figure]:
    """The figures a text claims, each once (a figure that means what an earlier one means, both ways: ``same``
    in both directions); a bare written-out number ('one of our stores') is not one. Linear in the figures,
    by lookups: for the kinds ``figures`` reads, meaning the same both ways comes down to these cases."""
    seen: list[Figure] = []
    plain: set[Decimal] = set()  # the numbers kept
    restated: set[Decimal] = set()  # the numbers kept figures other than numbers and dates state
    keys: set[tuple[object, ...]] = set()  # what kept figures other than numbers and dates mean
    day_counts: set[Decimal] = set()
    single: dict[tuple[int, int | None], set[int | None]] = {}  # dates of one reading: (month, day) -> years
    double: set[Day] = set()  # the readings of dates read two ways (03/04/2024), each with its year and day
    double_md: set[tuple[int, int | None]] = set()
    for figure in figures(text):
        if figure.bare:
            continue
        if figure.kind == "number":
            again = figure.value in plain or figure.value in restated
        elif figure.kind == "date":
            again = figure._key() in keys or _dated_again(figure, single, double, double_md)
        else:
            numbers = _numbers(figure)
            again = (
                not plain.isdisjoint(numbers)
                or figure._key() in keys
                or (figure.kind == "duration" and figure.unit in _DAYS and figure.value in day_counts)
            )
        if again:
            continue
        seen.append(figure)
        if figure.kind == "number":
            plain.add(figure.value)
            continue
        keys.add(figure._key())
        if figure.kind == "date":
            if len(figure.days) == 1:
                [(year, month, day)] = figure.days
                single.setdefault((month, day), set()).add(year)
            else:
                double.update(figure.days)
                double_md.update((month, day) for _, month, day in figure.days)
            continue
        restated |= _numbers(figure)
        if figure.kind == "duration" and figure.unit in _DAYS:
            day_counts.add(figure.value)
    return seen


def _dated_again(
    figure: Figure,
    single: dict[tuple[int, int | None], set[int | None]],
    double: set[Day],
    double_md: set[tuple[int, int | None]],
) -> bool:
    """Whether a date means what a kept date means, both ways. A date of one reading and another: the same
    month and day (or both without a day), years that agree or one unstated; a date read two ways (its
    year and days always stated) and another: the other's reading is one of its own (two such dates agree
    only when their readings do: their keys are equal, checked before)."""
    for year, month, day in figure.days:
        years = single.get((month, day))
        if years is not None and (year is None or year in years or None in years):
            return True
    if len(figure.days) == 1:
        [(year, month, day)] = figure.days
        if day is not None and ((year, month, day) in double or (year is None and (month, day) in double_md)):
            return True
    return False


def nearest(claim: Figure, sources: Sequence[Figure], count: int = NEAREST) -> list[str]:
    """The sources' figures closest to ``claim`` as written there (bare written-out words are not figures to
    show): of its kind first, then by distance."""

    def distance(source: Figure) -> tuple[int, float]:
        if source.kind == "date" or claim.kind == "date":
            return (0 if source.kind == claim.kind else 1, 0.0)
        a, b = float(claim.value), float(source.value)
        if claim.kind == "duration" and source.kind == "duration":
            a, b = float(claim._key()[2]), float(source._key()[2])  # type: ignore[arg-type]
        return (0 if source.kind == claim.kind else 1, abs(a - b) / max(abs(a), abs(b), 1.0))

    ranked = sorted((source for source in sources if not source.bare), key=distance)
    return list(dict.fromkeys(source.text for source in ranked))[:count]


# --- the tripwire --------------------------------------------------------------------------------


@dataclass(frozen=True)
class NewFigure:
    """A figure the candidate newly states that its context never states, with the context's nearest."""

    figure: Figure
    nearest: list[str]


@dataclass(frozen=True)
class Finding:
    """What the tripwire sees on one row: figures the candidate newly states unsupported, and those it
    repeats from a baseline that already stated them unsupported (backlog, not new)."""

    new: list[NewFigure]
    backlog: list[Figure]


def tripwire(context: str, query: str | None, baseline: str, candidate: str) -> Finding:
    """The candidate's figures against the context (and the query: a figure the user stated is theirs),
    then against the baseline: only what neither states is new."""
    claimed = claims(candidate)
    if not claimed:
        return Finding([], [])
    stated = figures(context)
    sources = Stated(stated + (figures(query) if query else []))
    unsupported = [c for c in claimed if not sources.states(c)]
    if not unsupported:
        return Finding([], [])
    old = Stated(b for b in claims(baseline) if not sources.states(b))
    backlog: list[Figure] = []
    new: list[NewFigure] = []
    for claim in unsupported:
        if old.states(claim):
            backlog.append(claim)
        elif len(new) < LISTED:
            new.append(NewFigure(claim, nearest(claim, stated)))
    return Finding(new, backlog)

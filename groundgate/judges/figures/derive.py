"""Figures an answer derives from its context's by one simple step: a rate over another period (£9 a month is
£108 a year), the sum or the difference of two figures of one kind (10 + 5 days of leave; from 3% to 5% is
2 percentage points), a count of a price (3 nights at €100), a percentage of an amount (10% off €50 is €5
off, or €45), or a multiple the answer names ('twice the £20 fee'). Such a figure is listed apart, with what
it is derived from, not as an invention."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal
from functools import cache
from itertools import combinations

from groundgate.judges.figures import qualifier_words
from groundgate.judges.figures.compare import agree, size
from groundgate.judges.figures.figure import Figure

# How many of one period make the next: a month is a twelfth of a year (never 30 days: not exact).
STEPS = {
    ("month", "year"): 12, ("week", "year"): 52, ("quarter", "year"): 4, ("day", "week"): 7, ("night", "week"): 7,
    ("hour", "day"): 24, ("day", "year"): 365, ("month", "quarter"): 3,
}  # fmt: skip
_MEASURE_OF = {"kwh": "kwh", "m³": "m3", "km": "km", "l": "l", "kg": "kg"}  # a measure's unit, as a price is per it
_CAP = 40  # figures of one kind weighed pairwise, at most (a context's few; a hostile one's first few)


def _close(value: Decimal, target: Decimal) -> bool:
    size = abs(target)  # a cent's rounding at one or more; none on '2 µg' (2E-6 g), only the relative part
    return abs(value - target) <= max(_CENT if size >= 1 else _NONE, size * _RELATIVE)


_CENT, _NONE, _RELATIVE = Decimal("0.005"), Decimal(0), Decimal("0.002")


def derived(
    claim: Figure,
    sources: Sequence[Figure],
    near: str = "",
    qualify: Callable[[Figure], Figure] = lambda f: f,
    given: Sequence[Figure] = (),
    clause: str = "",
) -> str | None:
    """How ``claim`` follows from ``sources`` by one step, in words ('£9 a month × 12'), or None. ``near``: the
    claim's own words (a multiple the answer names, 'twice', is read there); ``given``: the answer's other
    figures (a count of days it states prices a rate per day: 'over three days, €126'); ``clause``: the claim's
    clause, where a multiple may be named a figure away ('往復では1米ドルあたり50銭'). Values are weighed
    first; a source's qualifiers are read only for the few whose value fits (a context's are mostly never read)."""
    mine = size(claim)
    if mine is None or claim.kind in ("number",):
        return None
    if claim.kind == "percent" and claim.unit != "pp" and (share := _share(claim, sources, given, qualify)):
        return share
    if claim.unit == "pp":  # percentage points: the difference of two percentages
        raw = [s for s in sources if s.kind == "percent"][:_CAP]
        mine = ("percent", claim.value)
    else:
        raw = [s for s in sources if not s.bare and _kin(mine[0], s)][:_CAP]
    v = mine[1]
    values = [(s, size(s)[1]) for s in raw]  # type: ignore[index]
    for source, c in values:  # a rate over another period (one of the two says its period)
        for (shorter, longer), factor in STEPS.items():
            up, down = _close(c * factor, v), _close(c / factor, v)
            if not (up or down):
                continue
            read = qualify(source)
            if not (claim.period or read.period) or claim.period == read.period:
                continue
            if up and read.period in (shorter, "") and claim.period in (longer, ""):
                return f"{read.said} × {factor}"
            if down and read.period in (longer, "") and claim.period in (shorter, ""):
                return f"{read.said} ÷ {factor}"
    is_cued = cued(near)
    # A sum, a difference or a product: where the answer says it computes ('in total', 'cheaper'), or restates
    # the figures it computes from.
    if is_cued or claim.unit == "pp" or len(values) < 2:
        pairs = values
    else:
        pairs = [(s, c) for s, c in values if s.text in near or _restated(s, near)]
        pairs = pairs if len(pairs) >= 2 else []
    if claim.kind == "money" and counts_something(given):
        pairs = []  # '2 adults and 2 children pay $65 altogether': amounts bought more than once are no sum of two
    for (a, x), (b, y) in combinations(pairs, 2):  # a sum or a difference of two (never of a range's two ends)
        if a.text == b.text and claim.unit != "pp" and not (is_cued and _close(abs(x - y), v)):
            continue  # a range's two ends sum to nothing; their difference is a change the answer says it computes
        total, apart = _close(x + y, v), _close(abs(x - y), v) and bool(v)
        if not (total or apart):
            continue
        a, b = qualify(a), qualify(b)
        if not all(agree(claim, s, sides=False, periods=False) and not (claim.period and s.period and claim.period != s.period) for s in (a, b)):  # fmt: skip
            continue
        if total:
            return f"{a.said} + {b.said}"
        big, small = (a, b) if x > y else (b, a)
        unit = " (percentage points)" if claim.kind == "percent" else ""
        return f"{big.said} − {small.said}{unit}"
    if claim.kind in ("money", "measure") and (
        is_cued or pairs
    ):  # a count of a price or quantity ('10 packs' of 100 GB)
        counts = [s for s in sources if s.kind in ("number", "count", "duration") and 1 < s.value <= 100 and s.value == int(s.value)]  # fmt: skip
        for count in counts[:_CAP]:
            for source, c in values:
                if count is not source and _close(c * count.value, v):
                    read = qualify(source)
                    if claim.period and claim.period == read.period:
                        continue  # '£3,180 per week' of 12 weeks at '£265 per week': a total is no price a week
                    return f"{count.text} × {read.said}"
    if claim.kind == "money":  # a count of days the answer states, of a price per day ('over three days, €126')
        for count in given[:_CAP]:
            if count.kind != "duration" or not 1 < count.value <= 100 or count.value != int(count.value):
                continue
            for source, c in values:
                if _close(c * count.value, v) and (read := qualify(source)).period == count.unit:
                    return f"{count.text} × {read.said}"
    if claim.kind == "money" and (how := _priced(claim, values, sources, given, qualify)):
        return how
    if claim.kind == "money":
        for percent in [s for s in sources if s.kind == "percent"][:_CAP]:
            rate = percent.value / 100
            for source, c in values:
                for result, how in ((c * rate, "of"), (c * (1 - rate), "off"), (c * (1 + rate), "on")):
                    if _close(result, v):
                        return f"{percent.said} {how} {qualify(source).said}"
    lowered = f"{near} {clause}".lower()
    for lang_words in qualifier_words.MULTIPLES.values():
        for word, times in lang_words.items():
            if word in lowered:
                for source, c in values:
                    if _close(c * Decimal(times), v):
                        return f"{word} {qualify(source).said}"
    return None


def _share(
    claim: Figure, sources: Sequence[Figure], given: Sequence[Figure], qualify: Callable[[Figure], Figure]
) -> str | None:
    """A share the answer says of two counts the context states and the answer names beside it ('about three
    quarters of the children (182 of 240)'), or of two counts of one noun ('420 box … 312 box'), weighed as
    its hedge says; or a share 'at least' one the context states above it ('九成以上' of 92%)."""
    v = claim.value
    told = {f.value for f in given}
    if claim.bound in ("min", "over", "just_over"):
        for source in sources:
            if source.kind == "percent" and v <= source.value <= v * _OVER_SHARE and not qualify(source).bound:
                return f"{source.text}, {claim.text}"
    if not claim.bound:
        return None  # an exact share is the context's own or an invention; a hedged one may be of two counts
    counts = [s for s in sources if s.kind in ("count", "number") and not s.bare and s.value >= 10][:_SHARES]
    for a in counts:
        for b in counts:
            if a is b or a.value >= b.value or a.value < 10:
                continue
            if not ({a.value, b.value} <= told or (a.unit and a.unit == b.unit)):
                continue  # two counts the answer neither names nor says of one thing: a coincidence
            share = a.value / b.value * 100
            if _holds(claim.bound, v, share):
                return f"{a.text} ÷ {b.text}"
    return None


def _holds(bound: str, v: Decimal, share: Decimal) -> bool:
    if bound == "about":
        return abs(share - v) <= v * Decimal("0.05")
    if bound == "nearly":
        return v * Decimal("0.9") <= share <= v
    if bound in ("over", "just_over", "min"):
        return v <= share <= v * _OVER_SHARE
    if bound in ("under", "max"):
        return v / _OVER_SHARE <= share <= v
    return abs(share - v) <= Decimal("0.5")


_SHARES = 12  # counts a share is weighed between, at most (pairwise)
_OVER_SHARE = Decimal("1.1")  # 'over 90%', '九成以上': of 90% to 99%


def _priced(
    claim: Figure,
    values: Sequence[tuple[Figure, Decimal]],
    sources: Sequence[Figure],
    given: Sequence[Figure],
    qualify: Callable[[Figure], Figure],
) -> str | None:
    """A measure the answer states at a price per its unit ('1,200 kWh at 15p per kWh' is £180), or a price
    over a count the answer states ('€ 2.601 in 10 termijnen' is € 260,10 each)."""
    told = {f.value for f in given if f.kind in ("count", "number", "measure", "duration")}
    counts = [f for f in given if f.kind in ("count", "number") and 1 < f.value <= 100 and f.value == int(f.value)]
    for source, c in values:
        read = qualify(source)
        if not claim.per & read.per:
            for measure in [s for s in sources if s.kind == "measure" and _MEASURE_OF.get(s.unit.lower()) in read.per]:
                if measure.value != 1 and measure.value in told and _close(c * measure.value, claim.value):
                    return f"{measure.text} × {read.said}"
        for count in counts:
            if _close(c / count.value, claim.value) and not (claim.period and claim.period == read.period):
                return f"{read.said} ÷ {count.text}"
    return None


@cache
def _cue_pattern() -> re.Pattern[str]:
    words = sorted(qualifier_words.CUES.split("|"), key=len, reverse=True)
    return re.compile(
        r"(?<![^\W\d_])(?:"
        + "|".join(re.escape(w) for w in words)
        + r")(?![^\W\d_])|"
        + "|".join(re.escape(w) for w in words if (not w.isascii() and not w[0].isalpha()) or ord(w[0]) > 0x3000),
        re.IGNORECASE,
    )


def counts_something(figures: Sequence[Figure]) -> bool:
    """Whether some of the figures count two or more of something (a year is no count): amounts said beside them
    may be bought more than once, so they make no sum of two."""
    return any(f.kind in ("count", "number") and f.value >= 2 and not 1900 <= f.value <= 2099 for f in figures)


def cued(near: str) -> bool:
    """Whether the answer's words by the figure say it adds, subtracts or multiplies ('in total', '2 points')."""
    return bool(near) and _cue_pattern().search(near) is not None


def _restated(source: Figure, near: str) -> bool:
    """Whether the answer's words by the claim write the source's number ('de 412 € a 389 €')."""
    number = source.number
    return len(number) > 1 and number in near.replace(",", ".").replace(" ", "")


def _kin(dimension: object, source: Figure) -> bool:
    theirs = size(source)
    if theirs is None:
        return False
    if theirs[0] == dimension:
        return True
    return isinstance(dimension, str) and isinstance(theirs[0], str) and bool(set(dimension.split("/")) & set(theirs[0].split("/")))  # fmt: skip


# A person's own age, said right before it ('tu hijo de 9 años', 'votre fils de 9 ans', 'Kinder (8 und 12 Jahre)'):
# the reader's fact, a case of the context's age band, never a figure the context must state.
_PERSON = re.compile(
    r"(?<![^\W\d_])(?:son|daughter|child|children|kids?|boy|girl|fils|fille|enfants?|sohn|tochter|kinder|hij[oa]s?|"
    r"niñ[oa]s?|filh[oa]s?|crianças?|figli[oa]?|bambin[oi]|zoon|dochter|kinderen)\s*(?:\(|,)?\s*"
    r"(?:(?:de|of|aged|von|van|di|da|do|im alter von|age)\s+)?$",
    re.IGNORECASE,
)
_LASTING = re.compile(r"\s*(?:lang|long|durant|durante|lungo|during|de duración|de durée)(?![^\W\d_])", re.IGNORECASE)
# ... and a band of ages: said with a word of age or of the young ('Pack júnior (hasta 12 años)', 'jeunes (7-17 ans)').
_AGE_BAND = re.compile(
    r"(?<![^\W\d_])(?:âge|age|aged|ages|edad|età|alter|leeftijd|idade|júnior|junior|jeunes?|jugend\w*|jongeren|"
    r"giovani|jóvenes|jovens|child\w*|kid\w*|enfants?|kinder\w*|niñ[oa]s|crianças|bambini|ragazzi|mini|teen\w*|"
    r"adolescent\w*|under|moins de|unter|menores|minori|menos de|onder|years old|ans|años|anni|jahre|jaar|anos)(?![^\W\d_])",
    re.IGNORECASE,
)


def aged(
    claim: Figure, sources: Sequence[Figure], around: tuple[str, str], qualify: Callable[[Figure], Figure], context: str
) -> str | None:
    """'in the band '7-17 ans'', when the claim is a person's age named right before it (``around``: the answer's
    words before and after it) that falls in an age band the context states (a range, or a limit: 'hasta 12 años'); else None."""
    before, after = around
    if claim.kind != "duration" or claim.unit != "year" or claim.bound or _PERSON.search(before[-40:]) is None:
        return None
    if not re.fullmatch(r"\d+\s*\w+", claim.text):
        return None  # '8 bis 14 Jahre': a band of its own, not one person's age
    if _LASTING.match(after):
        return None  # 'voor kinderen 8 jaar lang': how long, not how old
    spans: dict[tuple[str, int], list[Figure]] = {}  # a range's ends quote it whole, each where it stands
    for source in sources:
        if source.kind == "duration" and source.unit == "year" and _AGE_BAND.search(context, max(0, source.start - 24), source.start):  # fmt: skip
            key = next((k for k in spans if k[0] == source.text and 0 <= source.start - k[1] <= len(source.text)), None)
            spans.setdefault(key or (source.text, source.start), []).append(source)
    for ends in spans.values():
        values = sorted(source.value for source in ends)
        if len(values) >= 2 and values[0] <= claim.value <= values[-1]:
            return f"in the band of ages {ends[0].text}"
        read = qualify(ends[0])
        below = read.bound in ("max", "under") and claim.value <= values[0]
        if len(values) == 1 and (below or (read.bound == "min" and claim.value >= values[0])):
            return f"in the band of ages {'up to' if below else 'from'} {ends[0].text}"
    return None

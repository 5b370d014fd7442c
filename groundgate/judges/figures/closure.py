"""The answer's own arithmetic, said without its signs: a figure that is the sum of amounts the answer states
('38,50 € … 44,90 € … 83,40 € en total'), their difference ('260 € au lieu de 280 €, soit 20 €'), a count the
answer states of an amount ('pour les 4 livraisons, 31,60 €'), a share of one ('R$ 1.260 … 12 aulas … R$ 105 cada'),
or a count of a sum ('(24,50 € + 18,00 €) for 50 guests'). The amounts are the answer's own, each backed by the
context or derived before it; only a multiple or a share may take an amount the context states and the answer
does not, and only one the context says per the counted thing. Such a figure is listed as derived, with its
working; a count it computes with is not listed when the context or the question states it."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from itertools import combinations
from typing import TypeVar, cast

from groundgate.judges.figures import phrases
from groundgate.judges.figures.compare import size
from groundgate.judges.figures.derive import counts_something, cued
from groundgate.judges.figures.figure import Figure
from groundgate.judges.figures.per_nouns import same_noun
from groundgate.judges.figures.qualifier_words import JOURNEY_SENSES
from groundgate.judges.figures.rates import CJK_THINGS, things

_CENT = Decimal("0.005")
_OPERANDS = 8  # the answer's amounts weighed at most (its subsets of up to three are few)
_COUNTS = 6  # the counts weighed at most
_MULTIPLES = 12  # the context's amounts a count may multiply, at most


def _close(value: Decimal, target: Decimal) -> bool:
    """Equal to the cent an answer rounds to: '6,01 €' is no 4 × 1,50 €."""
    return abs(value - target) <= _CENT


def counts(figures: Sequence[Figure]) -> list[Figure]:
    """The answer's counts a sum may be multiplied or shared by: a whole number from 2 to 1,000 of something it
    names ('4 livraisons', '12 meses', '50 Gäste'), never a bare number ('× 2' is the answer's own sign, read
    by ``worked``)."""
    found = [f for f in figures if f.kind in ("count", "duration") and 2 <= f.value <= 1000 and f.value == int(f.value)]
    return found[:_COUNTS]


def worked_out(
    claim: Figure, operands: Sequence[Figure], counted: Sequence[Figure], row: Row
) -> tuple[str, list[Figure]] | None:
    """How ``claim`` is the answer's own arithmetic on ``operands`` (the answer's amounts of its kind, backed or
    derived) and ``counted`` (the answer's counts in its sentence), or, for a multiple or a share only, on an
    amount the context says per the counted thing: (the working, the counts it used), or None. A sum or a
    difference is read only where the row's words say it adds (``row.adds``) and count nothing ('2 adults and 2
    children pay $65' is no sum of two prices), a difference where they say what is saved (``row.saves``); the
    amounts summed are of one period, the claim's; a count multiplies the amount beside it, never a price per
    another thing ('120 € per camera' is no 240 € for 2 persone)."""
    mine = size(claim)
    if mine is None or claim.kind not in ("money", "measure") or not claim.value:
        return None
    kind, v = mine
    if any((s := size(f)) is not None and s[0] == kind and _close(s[1], v) for f in row.stated):
        return None  # a value the context states, said otherwise: unsupported as it stands, never derived
    own = [(f, s[1]) for f in operands if f is not claim and (s := size(f)) is not None and s[0] == kind and _timed(f, claim)][:_OPERANDS]  # fmt: skip
    for width in (2, 3) if row.adds and not row.counts else ():
        for group in combinations(own, width):
            if len({f.period for f, _ in group}) == 1 and _close(sum((x for _, x in group), Decimal(0)), v):
                return " + ".join(f.text for f, _ in group), []
    for (a, x), (b, y) in combinations(own, 2) if row.saves and not row.counts else ():
        if a.period == b.period and _close(abs(x - y), v):
            big, small = (a, b) if x > y else (b, a)
            return f"{big.text} − {small.text}", []
    for count in counted:
        n = count.value
        # a count counts the amount the answer says beside it ('2 adults at €20 each'), never another
        nearest = min(own, key=lambda o: min(abs(o[0].start - count.end), abs(count.start - o[0].end)), default=None)
        if nearest is not None and _clash(nearest[0], count, row):
            continue
        for width in (1, 2, 3):
            for group in combinations(own, width):
                if nearest is None or nearest not in group or len({f.period for f, _ in group}) > 1:
                    continue
                if _close(sum((x for _, x in group), Decimal(0)) * n, v):
                    said = " + ".join(f.text for f, _ in group)
                    return (f"({said}) × {count.text}" if width > 1 else f"{said} × {count.text}"), [count]
        theirs = [] if own else [(f, s[1]) for f in row.stated if (s := size(f)) is not None and s[0] == kind and _per_it(f, count, row)][:_MULTIPLES]  # fmt: skip
        for source, x in [*([nearest] if nearest is not None else []), *theirs]:
            if _close(x / n, v):
                return f"{source.text} ÷ {count.text}", [count]
            if _close(x * n, v):
                return f"{source.text} × {count.text}", [count]
            for other, y in own if row.adds else ():
                if other is source:
                    continue
                if _close(x * n + y, v):
                    return f"{source.text} × {count.text} + {other.text}", [count]
                if row.saves and _close(x * n - y, v) and x * n > y:
                    return f"{source.text} × {count.text} − {other.text}", [count]
    return None


@dataclass(frozen=True)
class Row:
    """What the arithmetic of one claim may read of its row: the context's figures (``qualify`` reads what one
    is per), the context's text, and the words of the claim's sentence and of the question."""

    stated: Sequence[Figure]
    qualify: Callable[[Figure], Figure]
    context: str
    question: str = ""
    adds: bool = False  # its words say it adds ('en total', 'insgesamt')
    saves: bool = False  # ... or what is saved or left ('économie', 'cheaper')
    counts: bool = False  # its sentence or the question counts something: no plain sum of prices then


S = TypeVar("S", bound=str)


def reasoned(
    verdicts: list[tuple[Figure, S, str]],
    said: Sequence[Figure],
    sentence: Callable[[Figure], tuple[int, int]],
    answer: str,
    row: Row,
    asked: Sequence[Figure] = (),
) -> list[tuple[Figure, S, str]]:
    """The verdicts with each unsupported amount that is the answer's own arithmetic listed as derived, and the
    counts it (or an amount derived otherwise) computes with taken off the list when the context states them of
    the same thing or the question does ('für 50 Gäste' asked and answered), or they span the period derived ('432 € al año (36 € al mes durante 12 meses)'); a count of the answer's own stays
    listed. In the answer's order, so a figure derived first may be an operand of the next ('280 € … soit 20 €
    d'économie')."""
    status: dict[int, str] = {id(claim): verdict for claim, verdict, _ in verdicts}
    if not any(s == "unsupported" for _, s, _ in verdicts):
        return verdicts
    asks_many = counts_something(asked)
    working: dict[int, str] = {}
    used: set[int] = set()
    for claim in said:
        if status.get(id(claim)) not in ("unsupported", "derived") or claim.kind not in ("money", "measure"):
            continue
        operands = [f for f in said if status.get(id(f)) not in ("unsupported", "unread") and f.kind == claim.kind]
        start, end = sentence(claim)
        beside = [f for f in said if start <= f.start < end and f is not claim]
        many = asks_many or counts_something(beside)
        words = answer[start:end]
        found = worked_out(claim, operands, counts(beside), replace(row, adds=cued(words), saves=_SAVING.search(words) is not None, counts=many))  # fmt: skip
        if found is not None and all(_known(c, claim, row, asked) or status.get(id(c)) == "unsupported" for c in found[1]):  # fmt: skip
            # a count the working rests on is the row's, or is listed itself ('over four days'): never one
            # taken for another's number ('2 nights' of '2 adults' asked), which would leave nothing listed
            if status[id(claim)] == "unsupported":  # one derived already keeps its working: only its counts are read
                working[id(claim)], status[id(claim)] = found[0], "derived"
            used |= {id(count) for count in found[1] if _known(count, claim, row, asked)}
    if not working and not used:
        return verdicts
    kept: list[tuple[Figure, S, str]] = []
    for claim, verdict, basis in verdicts:
        if id(claim) in working:
            kept.append((claim, cast(S, "derived"), working[id(claim)]))
        elif not (id(claim) in used and verdict in ("unsupported", "unread")):
            kept.append((claim, verdict, basis))
    return kept


# Words that say an amount is taken off another: what is saved, what is left, how much cheaper (at a word's
# start; never 'at least': 'al menos', 'almeno', 'au moins', 'pelo menos').
_SAVING = re.compile(
    r"(?<![^\W\d_])(?<!al )(?<!lo )(?<!ao )(?<!pelo )(?<!au )(?:save|saving|cheaper|less\b|difference|remaining|left over|économ|moins|"
    r"différence|restant|spar|erspar|günstiger|weniger|differenz|unterschied|übrig|ahorr|menos|barat|diferencia|"
    r"diferença|econom|restante|risparmi|meno\b|in meno|differenza|bespa|goedkoper|minder|verschil|resterend)|"
    r"省|差|剩|お得|残り|절약|차이|싸|저렴|남은",
    re.IGNORECASE,
)


def _timed(operand: Figure, claim: Figure) -> bool:
    """Whether an amount is of the claim's period, or either says none ('£10 a month' and '£60 a year' make no
    '£70 a month')."""
    return not (operand.period and claim.period and operand.period != claim.period)


def _sense(noun: str) -> str:
    """What a counted noun is, as the tables name what a price is per ('persone': 'person'), or the noun."""
    lowered = noun.lower()
    sense = things()[0]
    return sense.get(lowered) or sense.get(lowered.removesuffix("s")) or sense.get(lowered.removesuffix("es")) or CJK_THINGS.get(lowered) or lowered  # fmt: skip


def _bases(amount: Figure, row: Row) -> set[str]:
    """What an amount is per, by the answer or by the context figures of its value: things, not periods."""
    found = set(amount.per)
    found |= {p for f in row.stated if f.value == amount.value and f.unit == amount.unit for p in row.qualify(f).per}
    return {p for p in found if p not in JOURNEY_SENSES and p not in ("each", "total", "whole")}


def _clash(amount: Figure, count: Figure, row: Row) -> bool:
    """Whether an amount is said per a thing other than the one counted ('120 € … per camera' counted by '2
    persone'): a count of people is no count of rooms, and a noun the tables do not know is none of either."""
    counted = _sense(count.unit)
    return any(base != counted and not same_noun(base, count.unit.lower()) for base in _bases(amount, row))


def _per_it(amount: Figure, count: Figure, row: Row) -> bool:
    """Whether the context says its amount per the counted thing: by what it reads it per, or by the counted
    noun said right after it ('28 € la séance' of '10 séances')."""
    if _bases(amount, row):
        return not _clash(amount, count, row)
    noun = _WRITTEN_NUMBER.sub("", count.text).strip().lower() or count.unit.lower()
    stem = noun[: max(3, len(noun) - 2)]
    return bool(stem) and stem in row.context[amount.end : amount.end + 40].lower()


_WRITTEN_NUMBER = re.compile(r"^[\d\s.,]+")  # '12 meses': the noun as written, past its number


def _alike(one: Figure, other: Figure) -> bool:
    """Whether two counts count one thing: one noun inflected ('Freikilometer', 'Freikilometern'), or two the
    tables take for one ('6 personnes' asked, '6 couverts' answered)."""
    a, b = one.unit.lower(), other.unit.lower()
    return same_noun(a, b) or (_sense(a) != a and _sense(a) == _sense(b))


# A count that spans the period of what it derives: the months of a year, the days of a week.
_SPANS = {("month", 12): "year", ("week", 52): "year", ("day", 365): "year", ("quarter", 4): "year", ("day", 7): "week", ("hour", 24): "day", ("month", 3): "quarter"}  # fmt: skip


def _known(count: Figure, claim: Figure, row: Row, asked: Sequence[Figure]) -> bool:
    """Whether a count the answer computes with is the question's or the context's count of the same thing ('50
    Gäste' asked), or the span of the period the question asks for, said after the figure as its working ('432 €
    al año (36 € al mes durante 12 meses)'): never the answer's own ('over four days', 'the minimum term is 12
    months, so …'), nor a number said of something else ('2 adults' asked, '2 nights' answered; 'up to 4
    guests')."""
    if any(f.value == count.value and f.kind == count.kind and _alike(f, count) for f in (*row.stated, *asked)):
        return True
    spanned = _SPANS.get((count.unit, int(count.value)))
    asked_for = any(name == spanned for name, _, _ in phrases.anywhere(row.question, "period"))
    return bool(spanned) and spanned == claim.period and asked_for and count.start > claim.end  # its working, after it

"""The answer's own arithmetic, said without its signs: a figure that is the sum of amounts the answer states
('38,50 € … 44,90 € … 83,40 € en total'), their difference ('260 € au lieu de 280 €, soit 20 €'), a count the
answer states of an amount ('pour les 4 livraisons, 31,60 €'), a share of one ('R$ 1.260 … 12 aulas … R$ 105 cada'),
or a count of a sum ('(24,50 € + 18,00 €) for 50 guests'). The amounts are the answer's own, each backed by the
context or derived before it; only a multiple or a share may take an amount the context states and the answer
does not, and only by a count the answer states in the same sentence. Such a figure is listed as derived, and a
count the answer computes it with is not listed: both are the answer's reasoning, shown for a reader to check."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal
from itertools import combinations
from typing import TypeVar, cast

from groundgate.judges.figures.compare import size
from groundgate.judges.figures.derive import cued
from groundgate.judges.figures.figure import Figure

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
    claim: Figure,
    operands: Sequence[Figure],
    counted: Sequence[Figure],
    stated: Sequence[Figure],
    cued: bool,
    cued_with_counts: bool,
    taken: bool = False,
) -> tuple[str, list[Figure]] | None:
    """How ``claim`` is the answer's own arithmetic on ``operands`` (the answer's amounts of its kind, backed or
    derived), ``counted`` (the answer's counts in its sentence) and, for a multiple or a share only, ``stated``
    (the context's amounts): (the working, the counts it used), or None. A sum or a difference is read only where
    ``cued``: the answer's words say it adds or subtracts ('en total', 'économie'), and its sentence counts
    nothing ('2 adults and 2 children pay $65' is no sum of two prices); a multiple with an amount added or taken
    off only where its words say so (``cued_with_counts``); a difference only where they say what is saved or
    left (``taken``: 'économie', 'cheaper', '省'); each amount of the claim's period."""
    mine = size(claim)
    if mine is None or claim.kind not in ("money", "measure") or not claim.value:
        return None
    kind, v = mine
    if any((s := size(f)) is not None and s[0] == kind and _close(s[1], v) for f in stated):
        return None  # a value the context states, said otherwise: unsupported as it stands, never derived
    own = [(f, s[1]) for f in operands if f is not claim and (s := size(f)) is not None and s[0] == kind and _timed(f, claim)][:_OPERANDS]  # fmt: skip
    theirs = [(f, s[1]) for f in stated if (s := size(f)) is not None and s[0] == kind][:_MULTIPLES]
    for width in (2, 3) if cued else ():
        for group in combinations(own, width):
            if _close(sum((x for _, x in group), Decimal(0)), v):
                return " + ".join(f.text for f, _ in group), []
    for (a, x), (b, y) in combinations(own, 2) if cued and taken else ():
        if _close(abs(x - y), v):
            big, small = (a, b) if x > y else (b, a)
            return f"{big.text} − {small.text}", []
    restated = {x for _, x in own}
    theirs = [(f, x) for f, x in theirs if x not in restated]  # the context's amounts the answer does not state
    for count in counted:
        n = count.value
        # a count counts the amount the answer says beside it ('2 adults at €20 each'), never another
        nearest = min(own, key=lambda o: min(abs(o[0].start - count.end), abs(count.start - o[0].end)), default=None)
        for width in (1, 2, 3):
            for group in combinations(own, width):
                if nearest is None or nearest not in group:
                    continue
                total = sum((x for _, x in group), Decimal(0))
                if _close(total * n, v):
                    said = " + ".join(f.text for f, _ in group)
                    return (f"({said}) × {count.text}" if width > 1 else f"{said} × {count.text}"), [count]
        for source, x in [*([nearest] if nearest is not None else []), *theirs]:
            if _close(x / n, v):
                return f"{source.text} ÷ {count.text}", [count]
            if _close(x * n, v):
                return f"{source.text} × {count.text}", [count]
            for other, y in own if cued_with_counts else ():
                if other is source:
                    continue
                if _close(x * n + y, v):
                    return f"{source.text} × {count.text} + {other.text}", [count]
                if taken and _close(x * n - y, v) and x * n > y:
                    return f"{source.text} × {count.text} − {other.text}", [count]
    return None


S = TypeVar("S", bound=str)


def reasoned(
    verdicts: list[tuple[Figure, S, str]],
    said: Sequence[Figure],
    stated: Sequence[Figure],
    sentence: Callable[[Figure], tuple[int, int]],
    answer: str,
    asked: Sequence[Figure] = (),
) -> list[tuple[Figure, S, str]]:
    """The verdicts with each unsupported amount that is the answer's own arithmetic listed as derived, and the
    counts it (or an amount derived otherwise) computes with taken off the list when the context or the question
    states them ('pendant 4 semaines' asked, '4 livraisons' answered) or they span the period derived ('432 € al
    año (36 € al mes durante 12 meses)'); a count of the answer's own stays listed. In the answer's order, so a figure derived first may be an operand
    of the next ('280 € … soit 20 € d'économie')."""
    status: dict[int, str] = {id(claim): verdict for claim, verdict, _ in verdicts}
    if not any(s == "unsupported" for _, s, _ in verdicts):
        return verdicts
    working: dict[int, str] = {}
    used: set[int] = set()
    for claim in said:
        if status.get(id(claim)) not in ("unsupported", "derived") or claim.kind not in ("money", "measure"):
            continue
        operands = [f for f in said if status.get(id(f)) not in ("unsupported", "unread") and f.kind == claim.kind]
        start, end = sentence(claim)
        beside = [f for f in said if start <= f.start < end and f is not claim]
        many = any(f.kind in ("count", "number") and f.value >= 2 and not 1900 <= f.value <= 2099 for f in beside)
        said_to, taken = cued(answer[start:end]), _SAVING.search(answer, start, end) is not None
        found = worked_out(claim, operands, counts(beside), stated, said_to and not many, said_to, taken)
        if found is not None:
            if status[id(claim)] == "unsupported":  # one derived already keeps its working: only its counts are read
                working[id(claim)], status[id(claim)] = found[0], "derived"
            used |= {id(count) for count in found[1] if _known(count, stated, asked)}
    if not working and not used:
        return verdicts
    kept: list[tuple[Figure, S, str]] = []
    for claim, verdict, basis in verdicts:
        if id(claim) in working:
            kept.append((claim, cast(S, "derived"), working[id(claim)]))
        elif not (id(claim) in used and verdict in ("unsupported", "unread")):
            kept.append((claim, verdict, basis))
    return kept


# Words that say an amount is taken off another: what is saved, what is left, how much cheaper.
_SAVING = re.compile(
    r"save|saving|cheaper|less|difference|remaining|left|économ|moins|différence|restant|spar|günstiger|weniger|"
    r"differenz|unterschied|übrig|ahorr|menos|barat|diferencia|diferença|econom|restante|risparmi|meno|differenza|"
    r"economic|bespa|goedkoper|minder|verschil|resterend|省|差|剩|お得|残り|절약|차이|싸|저렴|남은",
    re.IGNORECASE,
)


def _timed(operand: Figure, claim: Figure) -> bool:
    """Whether an amount is of the claim's period, or either says none ('£10 a month' and '£60 a year' make no
    '£70 a month')."""
    return not (operand.period and claim.period and operand.period != claim.period)


_SPANS: set[tuple[str, Decimal]] = {(unit, Decimal(n)) for unit, n in (("month", 12), ("week", 52), ("day", 7), ("day", 365), ("hour", 24), ("quarter", 4), ("month", 3))}  # fmt: skip


def _known(count: Figure, stated: Sequence[Figure], asked: Sequence[Figure]) -> bool:
    """Whether a count the answer computes with is the context's or the question's number ('4 semaines' for
    '4 livraisons'), or the months of a year, the days of a week: never the answer's own ('over four days')."""
    return any(f.value == count.value for f in (*stated, *asked)) or (count.unit, count.value) in _SPANS

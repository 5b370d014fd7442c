"""An answer's own working: the figures it computes in plain sight ('12 × £265 = £3,180', '£3,180 (12 ×
£265)', '550,000원 + 420,000원 = 970,000원'), and a total it says it adds up from the amounts it has just named
('상수도 14,400원, 하수도 11,200원, 물이용부담금 3,060원을 합쳐 총 28,660원'). A result its operands give is
derived from them, not an invention (its operands are weighed as any figure); a count written as an operand
('12 ×') is no claim of its own. Only arithmetic that holds is read so: a result its operands do not give is
weighed as any other figure, and an operand of such a sum is a claim again."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from groundgate.judges.figures.figure import Figure

# The whole gap between two figures, when it is an operator ('×', 'x', '+', '-', '/', '÷'); a space before a
# minus keeps '10-20' a range (a range's ends never give a third figure here unless the arithmetic holds).
_OPERATOR = re.compile(r"\s*([×xX*·+\-−/÷])\s*")
_EQUALS = re.compile(r"\s*(?:=|≈|＝)\s*")
_OPEN = re.compile(r"[(（]\s*$")
_CLOSE = re.compile(r"\s*[)）]")
_TIMES_SIGNS = ("x", "X", "×", "*")
# Words that say a figure is the total of the amounts before it, in the languages read.
_TOTAL = re.compile(
    r"(?<![^\W\d_])(?:in total|a total of|total of|altogether|together|comes to|adds up to|au total|en tout|soit|"
    r"insgesamt|zusammen|gesamt|en total|en conjunto|no total|ao todo|in totale|complessivamente|in totaal|samen|"
    r"totaal)(?![^\W\d_])|合计|共计|一共|总共|合計|合わせて|あわせて|합쳐|합계|총",
    re.IGNORECASE,
)
_SUMMED = frozenset({"money", "measure", "duration", "count"})
_MOST = 6  # amounts a total is summed from, at most
_SENTENCE_END = re.compile(r"[.!?;。！？；](?:\s|$)|\n")


@dataclass
class Working:
    """What the answer computes: ``results`` maps a result's id to how it follows; ``operands`` are the ids of
    counts written as operands ('12 ×'), no claims of their own."""

    results: dict[int, str] = field(default_factory=dict)
    operands: set[int] = field(default_factory=set)


def worked(text: str, figures: Sequence[Figure]) -> Working:
    """The answer's working, read from its figures in order and the text between them."""
    found = Working()
    if not any(sign in text for sign in "×xX*+-−/÷=") and _TOTAL.search(text) is None:
        return found
    index = 0
    while index < len(figures):
        chain, operators = [index], []
        while chain[-1] + 1 < len(figures):
            operator = _operator(text, figures[chain[-1]], figures[chain[-1] + 1])
            if operator is None:
                break
            operators.append(operator)
            chain.append(chain[-1] + 1)
        if len(chain) > 1:
            _result(text, figures, chain, operators, found)
        index = chain[-1] + 1
    _totals(text, figures, found)
    return found


def _operator(text: str, a: Figure, b: Figure) -> str | None:
    gap = text[a.end : b.start]
    if a.kind == "times" and a.text.rstrip()[-1:] in _TIMES_SIGNS and not gap.strip():
        return "×"  # '12 x' read as 'twelve times': the sign is its own
    match = _OPERATOR.fullmatch(gap)
    if match is None:
        return None
    sign = match.group(1)
    return "×" if sign in "×xX*·" else "÷" if sign in "/÷" else "−" if sign in "-−" else "+"


def _result(text: str, figures: Sequence[Figure], chain: list[int], operators: list[str], found: Working) -> None:
    value = _evaluate([figures[i].value for i in chain], operators)
    if value is None:
        return
    first, last = figures[chain[0]], figures[chain[-1]]
    result = None
    if chain[-1] + 1 < len(figures) and _EQUALS.fullmatch(text, last.end, figures[chain[-1] + 1].start):
        result = chain[-1] + 1  # '5 × 9,90 € = 49,50 €'
    elif chain[0] > 0 and _OPEN.search(text, figures[chain[0] - 1].end, first.start) and _CLOSE.match(text, last.end):
        result = chain[0] - 1  # '£3,180 (12 × £265)'
    if result is None or figures[result].kind not in _SUMMED | {"number", "percent"}:
        return
    if not _close(value, figures[result].value):
        return
    said = " ".join(
        part
        for i, operator in zip(chain, [*operators, ""], strict=True)
        for part in (figures[i].text, operator)
        if part
    )
    found.results[id(figures[result])] = said
    found.operands |= {id(figures[i]) for i in chain if figures[i].kind in ("times", "number")}


def _evaluate(values: list[Decimal], operators: list[str]) -> Decimal | None:
    """The chain's value, products and quotients before sums and differences."""
    terms: list[Decimal] = [values[0]]
    signs: list[str] = []
    for operator, value in zip(operators, values[1:], strict=True):
        if operator == "×":
            terms[-1] *= value
        elif operator == "÷":
            if value == 0:
                return None
            terms[-1] /= value
        else:
            signs.append(operator)
            terms.append(value)
    total = terms[0]
    for sign, term in zip(signs, terms[1:], strict=True):
        total = total + term if sign == "+" else total - term
    return total


def _totals(text: str, figures: Sequence[Figure], found: Working) -> None:
    """A total the answer says it adds up ('in total', '합쳐 총'): the sum of the amounts of its unit it names
    just before it in its sentence."""
    for index, figure in enumerate(figures):
        if figure.kind not in _SUMMED or id(figure) in found.results or index < 2:
            continue
        start = max(0, figure.start - 24)
        before = text[start : figure.start]
        if _TOTAL.search(before) is None:
            continue
        sentence = max((m.end() for m in _SENTENCE_END.finditer(text, 0, figure.start)), default=0)
        same = [f for f in figures[max(0, index - _MOST) : index] if f.start >= sentence and f.kind == figure.kind and f.unit == figure.unit]  # fmt: skip
        for count in range(len(same), 1, -1):
            parts = same[-count:]
            if _close(sum((f.value for f in parts), Decimal(0)), figure.value):
                found.results[id(figure)] = " + ".join(f.text for f in parts)
                break


def _close(value: Decimal, target: Decimal) -> bool:
    size = abs(target)  # a cent's rounding, or a thousandth of the figure
    return abs(value - target) <= max(Decimal("0.005"), size * Decimal("0.001"))

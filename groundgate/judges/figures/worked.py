"""An answer's own working: the figures it computes in plain sight ('12 × £265 = £3,180', '£3,180 (12 ×
£265)', '(£120 + £3) × 3 = £369', '8 × 500 mg = 4 g'), and a total it says it adds up from the amounts it has
just named ('상수도 14,400원, 하수도 11,200원, 물이용부담금 3,060원을 합쳐 총 28,660원'). A result its operands
give, in its own unit, is derived from them, not an invention; its operands are weighed as any figure (a count
written as an operand, '12 ×', is skipped only where the context states that number). Only working that holds
is read so: units must fit (no '2 × €420 = $840'), a product over a count is no price per the same period,
summed amounts share their period, and a total over amounts bought several times is no sum of them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from groundgate.judges.figures.compare import size
from groundgate.judges.figures.figure import Figure

_GAP = re.compile(r"[\s()（）+\-−–×xX*·/÷=＝≈]*")  # what may stand between a working's figures
_SIGNS = frozenset("+-−×xX*·/÷")
_TIMES_SIGNS = ("x", "X", "×", "*")
# Words that say a figure is the total of the amounts before it, in the languages read.
_TOTAL = re.compile(
    r"(?<![^\W\d_])(?:in total|a total of|altogether|comes to|come to|adds up to|add up to|au total|en tout|"
    r"insgesamt|en total|no total|ao todo|in totale|in totaal|in het totaal)(?![^\W\d_])|合计|共计|一共|总共|合計|합쳐|합계|총",
    re.IGNORECASE,
)
_SUMMED = frozenset({"money", "measure", "duration"})
_OPERATORS = frozenset({"×", "÷", "+", "−"})
_MOST = 6  # amounts a total is summed from, at most
_REACH = 400  # characters before a total its sentence is looked for in
_SENTENCE_END = re.compile(r"[.!?;。！？；](?:\s|$)|\n")
Quantity = tuple[object, Decimal]  # (dimension, magnitude); 'n' is a pure number


@dataclass(frozen=True)
class Derivation:
    """How a result follows ('12 x × £265'), the amounts it is computed from, and whether it counts them
    (a whole number of two or more: a total over 12 weeks is no price a week)."""

    basis: str
    amounts: tuple[Figure, ...] = ()
    counted: bool = False
    numbers: tuple[Figure, ...] = ()  # the pure numbers it computes with ('12 ×')


@dataclass
class Working:
    """What the answer computes: ``results`` maps a result's id to how it follows; ``operands`` are the ids of
    pure numbers the answer computes with ('12 ×', '× 1.5'), to be skipped where the context states them."""

    results: dict[int, Derivation] = field(default_factory=dict)
    operands: set[int] = field(default_factory=set)


def worked(text: str, figures: Sequence[Figure]) -> Working:
    """The answer's working, read from its figures in order and the text between them."""
    found = Working()
    if not any(sign in text for sign in "×xX*+-−/÷=＝") and _TOTAL.search(text) is None:
        return found
    index = 0
    while index < len(figures):
        last = index
        while last + 1 < len(figures) and _joins(text, figures[last], figures[last + 1]):
            last += 1
        if last > index:
            _read_run(text, figures, index, last, found)
        index = last + 1
    _totals(text, figures, found)
    return found


def _joins(text: str, a: Figure, b: Figure) -> bool:
    """Whether two figures stand in one working: only signs and brackets between them, at least one sign."""
    gap = text[a.end : b.start]
    if not _GAP.fullmatch(gap):
        return False
    if a.kind == "times" and a.text.rstrip()[-1:] in _TIMES_SIGNS:
        return True  # '12 x' read as 'twelve times': the sign is its own
    return any(c in _SIGNS or c in "=＝" for c in gap)


def _read_run(text: str, figures: Sequence[Figure], first: int, last: int, found: Working) -> None:
    tokens: list[object] = []
    for at in range(first, last + 1):
        figure = figures[at]
        tokens.append(figure)
        if at < last:
            symbols = _symbols(text[figure.end : figures[at + 1].start])
            if figure.kind == "times" and figure.text.rstrip()[-1:] in _TIMES_SIGNS and not _OPERATORS & set(symbols):
                symbols.insert(0, "×")  # '12 x £265': the sign read with the count
            tokens += symbols
    if "=" in tokens:  # 'a × b = c'
        at = tokens.index("=")
        left, right = tokens[:at], [t for t in tokens[at + 1 :] if t not in ("(", ")")]
        if len(right) == 1 and isinstance(right[0], Figure):
            _conclude(left, right[0], found)
        return
    if len(tokens) > 3 and isinstance(tokens[0], Figure) and tokens[1] == "(" and tokens[-1] == ")":
        _conclude(tokens[2:-1], tokens[0], found)  # '£3,180 (12 × £265)'
    elif first > 0 and isinstance(tokens[-1], Figure):  # a result right before a bracketed working
        before = figures[first - 1]
        gap = text[before.end : figures[first].start]
        if (
            len(gap) <= 40
            and gap.rstrip()[-1:] in ("(", "（")
            and text[figures[last].end : figures[last].end + 2].strip()[:1] in (")", "）")
        ):
            _conclude(tokens, before, found)


def _symbols(gap: str) -> list[str]:
    """The brackets, signs and equals of a gap, each as the evaluator reads it ('×' for 'x', '−' for '-')."""
    return [_SYMBOL[c] for c in gap if c in _SYMBOL]


_SYMBOL = {c: symbol for chars, symbol in (("(（", "("), (")）", ")"), ("=＝≈", "="), ("×xX*·", "×"), ("/÷", "÷"), ("-−–", "−"), ("+", "+")) for c in chars}  # fmt: skip


def _conclude(expression: list[object], result: Figure, found: Working) -> None:
    opened, closed = expression.count("("), expression.count(")")  # a bracket opened before the run ('3 nights: (£120')
    expression = ["("] * (closed - opened) + expression + [")"] * (opened - closed)
    value = _Evaluator(expression).run()
    mine = _quantity(result)
    if value is None or mine is None or value[0] != mine[0] or not _close(value[1], mine[1]):
        return
    operands = [t for t in expression if isinstance(t, Figure)]
    counted = any(o.kind in ("times", "number", "count") and o.value >= 2 and o.value == int(o.value) for o in operands)  # fmt: skip
    amounts = [o for o in operands if o.kind in _SUMMED]
    periods = {o.said_with.period for o in amounts} | ({result.said_with.period} if result.said_with.period else set())
    if counted and result.said_with.period and result.said_with.period in {o.said_with.period for o in amounts}:
        return  # '£3,180 per week (12 × £265)': a product over a count is no price per the same period
    if not counted and len(periods - {""}) > 1:
        return  # a monthly and a yearly amount summed
    basis = " ".join(o.text if isinstance(o, Figure) else str(o) for o in expression)
    numbers = tuple(o for o in operands if o.kind in ("times", "number"))
    found.results[id(result)] = Derivation(basis, tuple(amounts), counted, numbers)
    found.operands |= {id(o) for o in numbers}


def _quantity(figure: Figure) -> Quantity | None:
    """A figure as a quantity to compute with: money in its currency, measures in their dimension's base, a
    percentage as a fraction (of what it multiplies, or as a ratio's result), counts and numbers as numbers."""
    if figure.kind == "percent":
        return "n", figure.value / 100
    if figure.kind == "times":
        return "n", figure.value
    return size(figure)


class _Evaluator:
    """Products and quotients before sums and differences, brackets first; each value with its dimension."""

    def __init__(self, tokens: list[object]) -> None:
        self.tokens, self.at = tokens, 0

    def run(self) -> Quantity | None:
        try:
            value = self._sum()
        except (ValueError, InvalidOperation, ZeroDivisionError):
            return None
        return value if self.at == len(self.tokens) else None

    def _peek(self) -> object:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def _sum(self) -> Quantity:
        total = self._product()
        while self._peek() in ("+", "−"):
            sign = self._peek()
            self.at += 1
            other = self._product()
            if other[0] != total[0]:
                raise ValueError("a sum of two dimensions")
            total = (total[0], total[1] + other[1] if sign == "+" else total[1] - other[1])
        return total

    def _product(self) -> Quantity:
        value = self._factor()
        while self._peek() in ("×", "÷"):
            sign = self._peek()
            self.at += 1
            other = self._factor()
            if sign == "×":
                if value[0] != "n" and other[0] != "n":
                    raise ValueError("a product of two dimensions")
                value = (other[0] if value[0] == "n" else value[0], value[1] * other[1])
            elif other[0] == "n":
                value = (value[0], value[1] / other[1])
            elif other[0] == value[0]:
                value = ("n", value[1] / other[1])  # a ratio: '£20 / £80 = 25%'
            else:
                raise ValueError("a quotient of two dimensions")
        return value

    def _factor(self) -> Quantity:
        item = self._peek()
        self.at += 1
        if item == "(":
            value = self._sum()
            if self._peek() != ")":
                raise ValueError("an unclosed bracket")
            self.at += 1
            return value
        found = _quantity(item) if isinstance(item, Figure) else None
        if found is not None:
            return found
        raise ValueError("not a quantity")


def _totals(text: str, figures: Sequence[Figure], found: Working) -> None:
    """A total the answer says it adds up ('in total', '합쳐 총'): the sum of every amount of its unit it names
    before it in its sentence, none of them bought more than once and all of one period."""
    for index, figure in enumerate(figures):
        if figure.kind not in _SUMMED or id(figure) in found.results or index < 2:
            continue
        if (
            _TOTAL.search(text, max(0, figure.start - 24), figure.start) is None
            and _TOTAL.match(text, figure.end) is None
        ):
            continue
        low = max(0, figure.start - _REACH)  # a sentence's start, looked for within reach: linear in the answer
        sentence = max((m.end() for m in _SENTENCE_END.finditer(text, low, figure.start)), default=low)
        before = [f for f in figures[max(0, index - _MOST * 2) : index] if f.start >= sentence]
        parts = [f for f in before if f.kind == figure.kind and f.unit == figure.unit]
        if len(parts) < 2 or any(
            f.kind in ("count", "number", "times") and f.value >= 2 and not _year(f) for f in before
        ):
            continue  # '2 adults at €20 and 1 child at €10': amounts bought more than once are no plain sum
        if len({f.said_with.period for f in parts} | {figure.said_with.period}) > 1:
            continue
        if _close(sum((f.value for f in parts), Decimal(0)), figure.value):
            found.results[id(figure)] = Derivation(" + ".join(f.text for f in parts), tuple(parts))


def _year(figure: Figure) -> bool:
    return figure.value == figure.value.to_integral_value() and 1900 <= figure.value <= 2099


def _close(value: Decimal, target: Decimal) -> bool:
    size = abs(target)  # a cent's rounding, or a thousandth of the figure
    return abs(value - target) <= max(Decimal("0.005"), size * Decimal("0.001"))

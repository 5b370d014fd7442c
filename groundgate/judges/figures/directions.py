"""Which way a figure goes, read from the words beside it: a change (up or down), a balance (a credit to the
reader or a debit from them), what a charge is (added to a price or taken off it) and a result (a gain or a loss).
Each is the nearest word of its axis on either side ('a 1.8% fall', 'a devolver', 'un supplemento di 5 €')."""

from __future__ import annotations

import re

from groundgate.judges.figures import lexicon, phrases
from groundgate.judges.figures import qualifier_words as words

# Words of what a figure is, not of where it goes: the names on the charge's and the result's axes only.
_KINDS = frozenset(name for name, axes in words.AXES.items() if {axis for axis, _ in axes} <= {"added", "result"})
# What a figure is instead of: the words after it are ruled out ('Rabatt statt Zuschlag', 'au lieu de').
_INSTEAD = re.compile(
    r"(?<![^\W\d_])(?:statt|anstatt|instead of|rather than|au lieu de|au lieu d['’]|en lugar de|en vez de|invece di|"
    r"anziché|em vez de|ao invés de|in plaats van)(?![^\W\d_])",
    re.IGNORECASE,
)


def direction(before: str, after: str, lang: str) -> tuple[int, int]:
    """The nearest word of each axis on either side: a change (up or down), a balance (credit or debit)."""
    found = directions(before, after, lang)
    return found.get("change", 0), found.get("balance", 0)


def directions(before: str, after: str, lang: str) -> dict[str, int]:
    """The nearest word of each axis on either side, by axis: a change, a balance, a charge added or taken off,
    a result (gain or loss)."""
    found: dict[str, tuple[int, int]] = {}
    if lang in lexicon.CJK:
        pattern = phrases.pattern("direction", lang)
        earlier = [(str(m.lastgroup), m.start(), m.end()) for m in pattern.finditer(before)]
        after_all = [(str(m.lastgroup), m.start(), m.end()) for m in pattern.finditer(after)]
    else:
        earlier, after_all = phrases.anywhere(before, "direction"), phrases.anywhere(after, "direction")
        if earlier and (instead := max((m.start() for m in _INSTEAD.finditer(before)), default=-1)) >= 0:
            earlier = [word for word in earlier if word[1] < instead]  # 'Rabatt statt Zuschlag: 10 %'
    later = after_all[:1]
    if later and later[0][0] in _KINDS:  # what the figure is, then where it goes: '€ 20 toeslag terug'
        later = after_all[:2]
    if {"credit", "debit"} <= {name for name, _, _ in after_all}:  # '3,95 € del envío de la devolución descontados'
        later = [(name, at, end) for name, at, end in later if name not in ("credit", "debit")]  # either side: none
    earlier = [found_ for found_ in earlier if found_[0] in words.AXES]
    later = [found_ for found_ in later if found_[0] in words.AXES]
    for name, _, end in earlier:
        for axis, sign in words.AXES[name]:
            found[axis] = (len(before) - end, sign)  # the last one before is the nearest
    for name, start, _ in later:
        for axis, sign in words.AXES[name]:
            if axis not in found or start < found[axis][0]:
                found[axis] = (start, sign)
    return {axis: sign for axis, (_, sign) in found.items()}

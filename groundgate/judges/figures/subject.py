"""What a figure is said of: the words of its clause nearest to it (up to the figures beside it, the words
between two figures split where a comma or a conjunction parts them). A claim whose figure the context
states only of something else ('up to £500' for personal belongings, said of cancellation cover) is said of
something else: its words are those of another clause of the context, one that states another figure of the
same kind, and not those of the clause that states this one."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from functools import cache

from groundgate.judges.figures import lexicon
from groundgate.judges.figures.compare import size
from groundgate.judges.figures.figure import Figure
from groundgate.judges.figures.qualifiers import clauses

_WORD = re.compile(r"[^\W\d_]{3,}")
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7a3]{2,}")
_PART = re.compile(r",|;|:|\(|\)|\s(?:and|but|or|while|whereas|et|mais|ou|und|aber|oder|y|pero|o|e|mas|ma|en|maar|of)\s", re.IGNORECASE)  # fmt: skip
STEM = 5  # letters a word is compared by ('refund', 'refunds', 'refunded')
QUOTE = 90  # characters of the other clause quoted, at most


@cache
def _ignored() -> frozenset[str]:
    """Words that say nothing of what a figure is about: function words, units, and words of figures."""
    found = {w[:STEM] for words in lexicon.STOPWORDS.values() for w in words}
    for table in lexicon.UNIT_WORDS.values():
        found |= {w[:STEM] for w in table if w.isalpha()}
    found |= {w[:STEM] for w in ["about", "around", "over", "under", "more", "less", "than", "least", "most", "only", "just", "also", "then", "this", "that", "these", "those", "there", "their", "they", "them", "you", "your", "our", "ours", "will", "would", "should", "could", "must", "may", "might", "each", "every", "per", "plus", "minus", "within", "after", "before", "until", "from", "into", "onto", "upon", "which", "what", "when", "where", "whose", "who", "whom", "been", "being", "does", "done", "make", "made", "like", "such", "very", "much", "many", "some", "other", "another", "same", "both", "either", "neither", "here"]}  # fmt: skip
    return frozenset(found)


def words_of(text: str) -> set[str]:
    """The words of a piece of text, each by its first letters; CJK text by its pairs of characters."""
    ignored = _ignored()
    found = {w[:STEM] for w in (m.lower() for m in _WORD.findall(text)) if w[:STEM] not in ignored}
    for run in _CJK_RUN.findall(text):
        found |= {run[i : i + 2] for i in range(len(run) - 1)}
    return found


def near(text: str, figures: Sequence[Figure], index: int, clause: tuple[int, int] | None = None) -> str:
    """The words nearest to ``figures[index]`` in its clause (``clause``, when the caller knows it), without
    the figure itself."""
    figure = figures[index]
    start, end = around(text, figures, index, [clause] if clause else None)
    return text[start : figure.start] + " " + text[figure.end : end]


def around(
    text: str, figures: Sequence[Figure], index: int, spans: list[tuple[int, int]] | None = None
) -> tuple[int, int]:
    """Where the words nearest to ``figures[index]`` in its clause stand: from the part before it to the part
    after it, each cut where a comma or conjunction stands between it and the figure beside it."""
    figure = figures[index]
    start, end = _clause(text, figure, spans)
    if index > 0 and figures[index - 1].end > start and figures[index - 1].end <= figure.start:
        between = text[figures[index - 1].end : figure.start]
        parts = list(_PART.finditer(between))
        start = figures[index - 1].end + (parts[-1].end() if parts else len(between) // 2)
    if index + 1 < len(figures) and figure.end <= figures[index + 1].start < end:
        between = text[figure.end : figures[index + 1].start]
        parts = list(_PART.finditer(between))
        end = figure.end + (parts[0].start() if parts else len(between) // 2)
    return start, end


def _clause(text: str, figure: Figure, spans: list[tuple[int, int]] | None) -> tuple[int, int]:
    if figure.clause != (0, 0) and figure.clause[1] <= len(text):
        return figure.clause
    if spans is not None and len(spans) == 1 and spans[0] != (0, 0):
        return spans[0]
    for start, end in spans if spans is not None else clauses(text):
        if start <= figure.start < end:
            return start, end
    return 0, len(text)


class Clauses:
    """A text's clauses, split once, and the one a position stands in (an answer of many figures is split once,
    not once a figure)."""

    def __init__(self, text: str) -> None:
        self.spans = clauses(text)
        self.starts = [start for start, _ in self.spans]

    def of(self, figure: Figure) -> tuple[int, int]:
        return self.spans[max(0, bisect_right(self.starts, figure.start) - 1)]


def elsewhere(
    claim_words: set[str],
    backers: Sequence[Figure],
    context: str,
    stated: Sequence[Figure],
    clause_of: Callable[[Figure], tuple[int, int]] = lambda figure: figure.clause,
) -> Figure | None:
    """The backer whose clause is about something else, when the claim's words are those of another clause of
    the context (one that states another figure of the same kind) and not those of any backer's; else None."""
    if len(claim_words) < ELSEWHERE or not backers:
        return None
    starts = [f.start for f in stated]
    best_backer = max(_overlap(claim_words, context, stated, _index(stated, starts, b), clause_of(b)) for b in backers)
    if best_backer:
        return None  # the claim shares words with what the context states it of: its subject, as far as words tell
    kinds = {dimension[0] for b in backers if (dimension := size(b)) is not None}
    backing = {(b.start, b.end) for b in backers}
    clauses_of = {clause_of(b) for b in backers}
    best_other = 0
    for index, other in enumerate(stated):
        if (other.start, other.end) in backing or other.bare or other.kind not in _SIZED:
            continue
        dimension = size(other)
        if dimension is None or dimension[0] not in kinds:
            continue
        clause = clause_of(other)
        if clause not in clauses_of:
            best_other = max(best_other, _overlap(claim_words, context, stated, index, clause))
    enough = ELSEWHERE * 2 if any(not word.isascii() and len(word) == 2 for word in claim_words) else ELSEWHERE
    return backers[0] if best_other >= enough else None


ELSEWHERE = 2  # words a claim must share with another clause (and none with its backer's) to be said of that; CJK pairs count half
_SIZED = frozenset({"duration", "measure", "percent", "times", "money", "number", "count"})


def _overlap(claim_words: set[str], context: str, stated: Sequence[Figure], index: int, clause: tuple[int, int]) -> int:
    """How many of the claim's words the words nearest to ``stated[index]`` hold (by their first letters)."""
    start, end = around(context, stated, index, [clause])
    text = (context[start : stated[index].start] + " " + context[stated[index].end : end]).lower()
    return sum(1 for word in claim_words if word in text)


def _index(stated: Sequence[Figure], starts: list[int], figure: Figure) -> int:
    at = bisect_left(starts, figure.start)
    while at < len(stated) and (stated[at].start, stated[at].end) != (figure.start, figure.end):
        at += 1
    return at if at < len(stated) else 0


def quoted(context: str, figure: Figure, stated: Sequence[Figure], clause: tuple[int, int] | None = None) -> str:
    """What the context states ``figure`` of, to quote: its clause, trimmed around it."""
    start, end = clause if clause and clause != (0, 0) else _clause(context, figure, None)
    text = " ".join(context[start:end].split()).strip(" ,;:.")
    if len(text) <= QUOTE:
        return text
    at = max(0, min(text.find(figure.text) - QUOTE // 3, len(text) - QUOTE))
    return ("…" if at else "") + text[at : at + QUOTE].strip() + ("…" if at + QUOTE < len(text) else "")

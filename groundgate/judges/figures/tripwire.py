"""The tripwire: the figures a candidate newly states that its context never states (nor the user's query, nor
the baseline, whose own unsupported figures are backlog), each with the context's nearest figures and the
sentence that holds the nearest, so a reader sees what it was compared with."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from groundgate.judges.figures.compare import Stated, claimed
from groundgate.judges.figures.extract import figures
from groundgate.judges.figures.figure import Figure
from groundgate.judges.figures.rewrite import language
from groundgate.lookalike import visible

NEAREST = 3  # the context's figures shown beside one the candidate newly states
LISTED = 20  # figures a row lists of those its candidate newly states (one is enough to make it a row to read)
SENTENCE = 300  # characters of the context's sentence quoted at most
_BOUNDARY = re.compile(r"[.!?;](?=\s)|[。！？；\n]")


@dataclass(frozen=True)
class NewFigure:
    """A figure the candidate newly states that its context never states, with the context's nearest figures
    (as the context writes them) and the sentence holding the nearest ('' when the context states none)."""

    figure: Figure
    nearest: list[str]
    sentence: str = ""


@dataclass(frozen=True)
class Finding:
    """What the tripwire sees on one row: figures the candidate newly states unsupported, and those it
    repeats from a baseline that already stated them unsupported (backlog, not new)."""

    new: list[NewFigure]
    backlog: list[Figure]


def claims(text: str, lang: str | None = None) -> list[Figure]:
    """The figures a text claims, each once; written-out words without a unit ('one of our stores') are not."""
    return claimed(figures(text, lang))


def row_language(*texts: str | None) -> str:
    """One language for a row's texts: the one its context and answers are written in together."""
    return language(" ".join(text[:2000] for text in texts if text))


def tripwire(context: str, query: str | None, baseline: str, candidate: str) -> Finding:
    """The candidate's figures against the context (and the query: a figure the user stated is theirs),
    then against the baseline: only what neither states is new."""
    lang = row_language(context, candidate)
    said = claims(candidate, lang)
    if not said:
        return Finding([], [])
    stated = figures(context, lang)
    sources = Stated(stated + (figures(query, lang) if query else []))
    unsupported = [c for c in said if not sources.states(c)]
    if not unsupported:
        return Finding([], [])
    old = Stated(b for b in claims(baseline, lang) if not sources.states(b))
    shown = visible(context) if not context.isascii() else context
    backlog: list[Figure] = []
    new: list[NewFigure] = []
    for claim in unsupported:
        if old.states(claim):
            backlog.append(claim)
        elif len(new) < LISTED:
            ranked = nearest(claim, stated)
            new.append(NewFigure(claim, [f.text for f in ranked], sentence(shown, ranked[0]) if ranked else ""))
    return Finding(new, backlog)


def nearest(claim: Figure, sources: Sequence[Figure], count: int = NEAREST) -> list[Figure]:
    """The sources' figures closest to ``claim``, each as written once: of its kind first, then by distance
    (bare written-out words are not figures to show)."""

    def distance(source: Figure) -> tuple[int, float]:
        kind = 0 if source.kind == claim.kind else 1
        if source.kind in ("date", "weekday", "name") or claim.kind in ("date", "weekday", "name"):
            return (kind, 0.0)
        a, b = float(claim.magnitude()), float(source.magnitude())
        return (kind, abs(a - b) / max(abs(a), abs(b), 1.0))

    ranked = sorted((source for source in sources if not source.bare), key=distance)
    return list({source.text: source for source in reversed(ranked)}.values())[::-1][:count]


def sentence(text: str, figure: Figure) -> str:
    """The sentence of ``text`` that holds ``figure``, trimmed to a quotable length."""
    start = end = None
    for boundary in _BOUNDARY.finditer(text):
        if boundary.end() <= figure.start:
            start = boundary.end()
        elif boundary.start() >= figure.end:
            end = boundary.end()
            break
    quoted = " ".join(text[start or 0 : end or len(text)].split())
    if len(quoted) <= SENTENCE:
        return quoted
    middle = quoted.find(figure.text)
    left = max(0, min(middle - SENTENCE // 2, len(quoted) - SENTENCE)) if middle >= 0 else 0
    return (
        ("…" if left else "") + quoted[left : left + SENTENCE].strip() + ("…" if left + SENTENCE < len(quoted) else "")
    )

"""What an answer's figure is said to be per when its tables do not know the noun ('39 € por rueda'): not read in
full, unless the context itself tells that noun apart from what it says the figure is per. A context that prices
one thing 'por vehículo' and another 'por rueda' names two bases; the answer that moves a figure from one to the
other has changed what it is per, whatever either noun means."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from groundgate.judges.figures.compare import EACH, read_thing
from groundgate.judges.figures.figure import Figure
from groundgate.judges.figures.qualifier_words import JOURNEY_SENSES as JOURNEY


def unknown_per(claim: Figure, backer: Figure) -> str:
    """What the claim is said to be per that its tables do not know and its backer does not say ('pro Datei'
    against 'je Posten'): not weighed, so the figure was not read in full ('' when it was)."""
    return next((thing for thing in sorted(claim.per) if thing not in backer.per and not read_thing(thing) and not cjk(thing)), "")  # fmt: skip


def cjk(noun: str) -> bool:
    """A CJK noun a figure is said per ('每项', '/套'): read as written, so a context's disagrees with a known one;
    an answer's is not weighed (its words are not split: '每次收' is no noun), and not listed as unread."""
    return any("\u3040" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7af" for c in noun)


def told_apart(noun: str, backer: Figure, stated: Sequence[Figure], qualify: Callable[[Figure], Figure]) -> str:
    """What the backer is per when the context says some other figure is per ``noun`` (the answer's unknown noun)
    and the backer is per something else: the context's own two bases, so the answer's figure is per the other
    one ('' when the context does not tell them apart, or states the same value per that noun too). Read only for
    such a claim: a context's figures are qualified once asked."""
    own = sorted(backer.per - JOURNEY - EACH)
    if not own or any(same_noun(noun, thing) for thing in own):
        return ""
    told = ""
    for figure in stated:
        if figure.start == backer.start and figure.end == backer.end:
            continue
        if any(same_noun(noun, thing) for thing in qualify(figure).per):
            if figure.value == backer.value and figure.unit == backer.unit:
                return ""  # '5 € par carton … 5 € par sac': the same price per the answer's noun too
            told = own[0]
    return told


def same_noun(a: str, b: str) -> bool:
    """Whether two nouns are one word inflected ('Freikilometer', 'Freikilometern'; 'visita', 'visite')."""
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    return len(short) >= 5 and long.startswith(short[:-1]) and len(long) - len(short) <= 2

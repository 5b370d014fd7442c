"""Figures in text, and the tripwire built on them: a deterministic check, not an LLM.

A figure is a value with its unit and the role it plays where it stands: 30 days, €1,200.90, 15%, 18:00,
20 kg, 3 items, the 1st, Saturday, 1 March 2025, and numbers that name rather than count (45 Main Street,
section 60, room 12, version 2.5, a phone number, the year 2021). One extraction (``extract``, beneath it
``rewrite``, ``times`` and ``units``) serves two users: the offline ``figures`` judge
(``judges.figures_judge``) and the tripwire (``tripwire``), which runs beside any judge and lists the
figures a candidate newly states that neither its context nor its baseline did. The rule that says whether
a text states a figure (``compare``) is pure: the same value in the same unit once both are normalised,
never the same digits in another role. docs/tripwire.md says which languages, units and conversions it
understands, and what it does with the rest.
"""

from groundgate.judges.figures.compare import same
from groundgate.judges.figures.extract import figures
from groundgate.judges.figures.figure import Figure
from groundgate.judges.figures.languages import language
from groundgate.judges.figures.stated import Stated
from groundgate.judges.figures.tripwire import (
    LISTED,
    NEAREST,
    Finding,
    NewFigure,
    claims,
    nearest,
    row_language,
    tripwire,
)


def clear_caches() -> None:
    """Forget what was read (the language of a sample, the words beside a figure): to measure a cold pass."""
    from groundgate.judges.figures import languages, phrases, qualifiers

    for cached in (qualifiers._said, phrases.tokens_of, languages._latin, languages._lingua):
        cached.cache_clear()


__all__ = [
    "LISTED",
    "NEAREST",
    "Figure",
    "Finding",
    "NewFigure",
    "Stated",
    "claims",
    "clear_caches",
    "figures",
    "language",
    "nearest",
    "row_language",
    "same",
    "tripwire",
]  # fmt: skip

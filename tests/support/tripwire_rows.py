"""What the tripwire lists on one row, as the figure tests compare it: the figures a reader is asked to read
(``flagged``), or every figure listed with its status (``listed``)."""

from __future__ import annotations

from groundgate.judges.figures import tripwire


def flagged(context: str, candidate: str) -> list[str]:
    """The candidate's figures listed for a person to read (unsupported, or said of something else)."""
    return [new.figure.text for new in tripwire(context, None, "", candidate).flagged]


def listed(context: str, candidate: str) -> list[tuple[str, str]]:
    """Every figure listed, derived and unread ones too, with its status."""
    return [(new.status, new.figure.text) for new in tripwire(context, None, "", candidate).new]


def listed_asked(context: str, query: str, candidate: str) -> list[tuple[str, str]]:
    """Every figure listed, with its status, on a row whose query states figures of the user's own."""
    return [(new.status, new.figure.text) for new in tripwire(context, query, "", candidate).new]


def flagged_asked(context: str, query: str | None, candidate: str) -> list[str]:
    """The candidate's figures listed for a person to read, on a row whose query may state figures of its own."""
    return [new.figure.text for new in tripwire(context, query or "", "", candidate).flagged]

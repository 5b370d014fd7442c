"""One Jinja environment for every rendered output, loading templates from package files; every
filter is registered here, once."""

from __future__ import annotations

import re
from functools import cache

from jinja2 import Environment, PackageLoader, StrictUndefined

from groundgate.report.escape import block, html_text, inline

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


# What a terminal obeys rather than prints: C0 and C1 controls (ESC starts ANSI and OSC sequences; C1 0x9b and 0x9d
# start them alone), DEL, line breaks, and the marks that reorder what follows (bidirectional controls).
_OBEYED = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def escaped(text: str) -> str:
    """Text kept whole on one terminal line, with each character a terminal would obey written as its escape
    (ESC as '\\x1b', U+202E as '\\u202e'): shown, never obeyed; nothing else changes."""
    return _OBEYED.sub(lambda found: found.group().encode("unicode_escape").decode("ascii"), text)


def obeyed(text: str) -> bool:
    """Whether ``text`` holds a character a terminal would obey rather than print (``escaped`` shows it)."""
    return _OBEYED.search(text) is not None


def plain(text: object, limit: int = 160) -> str:
    """User text for a terminal line: no control characters or escape sequences, one line, shortened."""
    flat = " ".join(_CONTROL.sub(" ", "" if text is None else str(text)).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def aside(text: object) -> str:
    """An optional note at the end of a console line: ' [note]', or nothing."""
    return f" [{plain(text, 200)}]" if text else ""


def score(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:g}"


def signed(value: float | None) -> str:
    return "-" if value is None else f"{value:+.2f}"


@cache
def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("groundgate.report", "templates"),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,  # noqa: S701 - each output escapes for its own medium (markdown, terminal) by filters
    )
    env.filters.update(
        plain=plain, score=score, signed=signed, aside=aside, inline=inline, block=block, html_text=html_text
    )
    return env

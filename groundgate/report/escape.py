"""Escaping user text for GitHub-flavoured markdown, HTML and the runner's log: the one place it is done.

User content (ids, categories, queries, contexts, responses, judge reasons) must never become
markup, a link, a mention, a table cell break or a copy of the report's hidden marker. Every
markdown special is backslash-escaped, HTML metacharacters become entities (so "<!--" and
"</details>" cannot appear in the raw body), and mentions and bare URLs get a zero-width space
so GitHub neither pings nor links them.
"""

from __future__ import annotations

import html
import re

from markupsafe import Markup

ZWSP = "\u200b"
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~=^$:])")
_MENTION = re.compile(r"@(?=[A-Za-z0-9])")
_LINKISH = re.compile(r"(?i)(?<=www)\.|(?<=:)//")


# The runner reads its output line by line (CR, LF or CRLF end a line) and runs a workflow command when
# a line, leading whitespace trimmed, starts with "::", or (the legacy form) contains "##[" anywhere.
_COMMAND_AT_LINE_START = re.compile(r"(\A|[\r\n])(\s*):(?=:)")


def log_safe(text: str) -> str:
    """Text for the log that cannot form a workflow command in either form: a zero-width space splits
    every "##[" and every "::" that starts a line. The one function for every line groundgate prints
    that may hold user text (console report, warnings, errors, ``report`` and ``merge`` output)."""
    text = text.replace("##[", "##" + ZWSP + "[")
    return _COMMAND_AT_LINE_START.sub(lambda m: m.group(1) + m.group(2) + ":" + ZWSP, text)


def shorten(text: str, limit: int | None) -> str:
    if limit is None or len(text) <= limit:
        return text
    return text[: max(0, limit - 1)].rstrip() + "…"


def _neutralise(text: str) -> str:
    text = _CONTROL.sub(" ", text)
    text = _MENTION.sub("@" + ZWSP, text)
    return _LINKISH.sub(lambda m: ZWSP + m.group(0), text)  # "www.", "://": no bare-URL autolink


def _escape(text: str) -> str:
    text = _MD_SPECIAL.sub(r"\\\1", _neutralise(text))
    return html.escape(text, quote=True)  # < > & " ' become entities: no HTML, no "<!--"


def html_text(value: object, limit: int | None = None) -> Markup:
    """One line of user text inside raw HTML (a <summary>), where markdown escapes would show."""
    text = "" if value is None else str(value)
    return Markup(html.escape(_neutralise(shorten(" ".join(text.split()), limit)), quote=True))  # noqa: S704


def inline(value: object, limit: int | None = None) -> Markup:
    """One line of user text: for table cells, summaries and list items."""
    text = "" if value is None else str(value)
    return Markup(_escape(shorten(" ".join(text.split()), limit)))  # noqa: S704 - escaped above


def block(value: object, limit: int | None = None) -> Markup:
    """Multi-line user text as one paragraph with <br> line breaks: no block structure can start."""
    text = "" if value is None else str(value)
    lines = [" ".join(line.split()) for line in shorten(text.strip(), limit).splitlines()]
    return Markup("<br>".join(_escape(line) for line in lines if line))  # noqa: S704 - escaped above

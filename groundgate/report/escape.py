"""Escaping user text for GitHub-flavoured markdown, HTML and the runner's log: the one place it is done.

User content (ids, categories, queries, contexts, responses, judge reasons) must never become
markup, a link, a mention, a cross-reference, a table cell break or a copy of the report's hidden
marker. Every markdown special is backslash-escaped and HTML metacharacters become entities (so
"<!--" and "</details>" cannot appear in the raw body). What GitHub would turn into a link or a
notification after parsing (a URL, ``www.``, ``@name``, ``#123``, ``owner/repo#7``, a commit SHA) is
put in a code span instead: GitHub links none of these inside code, and the text stays exactly as
written, so a URL copied from the report still works.
"""

from __future__ import annotations

import html
import re

from markupsafe import Markup

ZWSP = "\u200b"
_CONTROL = re.compile(
    r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200b\u200c\u200e\u200f\u2060\ufeff]"
)
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~=^$:<>&\"'])")
_ENTITIES = {"<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#x27;"}
# Inert tokens: no backtick, '|', '<', '>', quote or whitespace inside, so a code span holds them
# whole and a table cell is not split.
_URL = r"(?:[A-Za-z][A-Za-z0-9+.-]{1,20}://|www\.|mailto:)[^\s`|<>\"']+"
_EMAIL = r"[A-Za-z0-9_.+-]+@[A-Za-z0-9-]+\.[A-Za-z0-9.-]*[A-Za-z0-9]"
_MENTION = r"(?<![A-Za-z0-9`])@[A-Za-z0-9][A-Za-z0-9_/.-]*"
_REF = r"(?:[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9_.-]+)?(?:#|GH-)[0-9]+\b"
_SHA = r"\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b"
_INERT = re.compile(rf"{_URL}|{_EMAIL}|{_MENTION}|{_REF}|{_SHA}")


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


def _clean(text: str) -> str:
    """No control, bidi or invisible characters: they hide what a reviewer reads and break copies."""
    return _CONTROL.sub(" ", text)


def _escape_plain(text: str) -> str:
    escaped = _MD_SPECIAL.sub(r"\\\1", text)
    # An escaped HTML metacharacter is still HTML to the renderer: make those entities instead.
    return re.sub(r"\\([<>&\"'])", lambda m: _ENTITIES[m.group(1)], escaped)


def _escape(text: str) -> str:
    """Markdown for one line of user text (no newlines in it): inert tokens in code spans.

    Each search starts afresh after the last code span: what follows a code span starts a new word
    for GitHub, so "@a@b" needs both mentions fenced, though in the raw text "@b" follows a letter."""
    out: list[str] = []
    rest = text
    while (match := _INERT.search(rest)) is not None:
        token = match.group(0).rstrip(".,;:!?)]}")  # sentence punctuation after a URL is not part of it
        if match.start() == 0 and out and out[-1].endswith("`"):
            out[-1] = out[-1][:-1] + token + "`"  # adjacent tokens share one span: "``" would not close it
        else:
            out.append(_escape_plain(rest[: match.start()]))
            out.append(f"`{token}`")
        if len(token) < len(match.group(0)):
            out.append(_escape_plain(match.group(0)[len(token) :]))
        rest = rest[match.end() :]
    out.append(_escape_plain(rest))
    return "".join(out)


def _flat(value: object) -> str:
    return " ".join(_clean("" if value is None else str(value)).split())


def html_text(value: object, limit: int | None = None) -> Markup:
    """One line of text inside raw HTML (a <summary>), where markdown escapes would show."""
    return Markup(html.escape(shorten(_flat(value), limit), quote=True))  # noqa: S704 - escaped here


def inline(value: object, limit: int | None = None) -> Markup:
    """One line of user text: for table cells, headings and list items."""
    return Markup(_escape(shorten(_flat(value), limit)))  # noqa: S704 - escaped above


def more(text: str, limit: int | None) -> str:
    """What a cut leaves out, said where it happens: ' … (+1,234 characters)'."""
    if limit is None or len(text) <= limit:
        return ""
    return f" … _(+{len(text) - limit:,} characters)_"


def block(value: object, limit: int | None = None) -> Markup:
    """Multi-line user text as one paragraph with <br> line breaks: no block structure can start.
    A cut says how many characters it left out."""
    text = _clean("" if value is None else str(value)).strip()
    kept = text if limit is None or len(text) <= limit else text[:limit].rstrip()
    lines = [" ".join(line.split()) for line in kept.splitlines()]
    return Markup("<br>".join(_escape(line) for line in lines if line) + more(text, limit))  # noqa: S704


def marked(words: list[str], changed: list[bool], mark: str) -> Markup:
    """Words of user text with the changed runs wrapped in ``mark`` (``**`` or ``~~``), escaped."""
    out: list[str] = []
    i = 0
    while i < len(words):
        j = i
        while j < len(words) and changed[j] == changed[i]:
            j += 1
        run = _escape(" ".join(words[i:j]))
        out.append(f"{mark}{run}{mark}" if changed[i] else run)
        i = j
    return Markup(" ".join(out))  # noqa: S704 - every run escaped above

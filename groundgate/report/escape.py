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
_ENTITIES = {"<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#x27;"}
# Every markdown special backslash-escaped; an escaped HTML metacharacter is still HTML to the
# renderer, so those become entities instead. One table: one pass over the text.
_PLAIN = str.maketrans({c: _ENTITIES.get(c, "\\" + c) for c in "\\`*_{}[]()#+-.!|~=^$:<>&\"'"})


# Inert tokens: no backtick, '|', '<', '>', quote or whitespace inside, so a code span holds them
# whole and a table cell is not split. Every pattern does bounded work at each place it is tried (a
# start that can only match at the beginning of a run of its characters, a bounded repeat, a
# possessive one where giving back could never help), so escaping is linear in the text: a 3 MB
# answer of mentions or one 500,000-character word costs what any other 3 MB costs.
# ``fresh``: the pattern as it applies right after a code span, where GitHub starts a new word (no
# look at the character before).
def _inert(fresh: bool) -> re.Pattern[str]:
    def after(lookbehind: str) -> str:
        return "" if fresh else lookbehind

    url = r"(?:[A-Za-z][A-Za-z0-9+.-]{1,20}+://|www\.|mailto:)[^\s`|<>\"']+"
    email = after(r"(?<![A-Za-z0-9_.+-])") + r"[A-Za-z0-9_.+-]+@[A-Za-z0-9-]+\.[A-Za-z0-9.-]*[A-Za-z0-9]"
    mention = after(r"(?<![A-Za-z0-9])") + r"@[A-Za-z0-9][A-Za-z0-9_/.-]*"
    # owner (GitHub allows 39 characters) / repository (100) #number
    ref = (
        "(?:" + after(r"(?<![A-Za-z0-9])") + r"[A-Za-z0-9][A-Za-z0-9_.-]{0,38}+/[A-Za-z0-9_.-]{1,100})?"
        r"(?:#|GH-)[0-9]+\b"
    )
    sha = after(r"\b") + r"(?=[0-9a-f]{0,39}[0-9])(?=[0-9a-f]{0,39}[a-f])[0-9a-f]{7,40}\b"
    return re.compile(f"{url}|{email}|{mention}|{ref}|{sha}")


_INERT = _inert(fresh=False)
_INERT_FRESH = _inert(fresh=True)


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
    return text.translate(_PLAIN)


def _escape(text: str) -> str:
    """Markdown for one line of user text (no newlines in it): inert tokens in code spans.

    Each search starts afresh after the last code span: what follows a code span starts a new word
    for GitHub, so "@a@b" needs both mentions fenced, though in the raw text "@b" follows a letter.
    One pass over the text: searches start where the last ended, and adjacent tokens join the span
    before them without copying it."""
    out: list[str] = []
    pos, fresh, in_span = 0, False, False  # in_span: the output ends with a code span's closing backtick
    while True:
        match = _INERT_FRESH.match(text, pos) if fresh else None
        if match is None:
            match = _INERT.search(text, pos + 1 if fresh else pos)
        if match is None:
            break
        whole = match.group(0)
        token = whole.rstrip(".,;:!?)]}")  # sentence punctuation after a URL is not part of it
        if match.start() == pos and in_span:
            out[-1] = token  # adjacent tokens share one span: "``" would not close it
        else:
            out += [_escape_plain(text[pos : match.start()]), "`", token]
        out.append("`")
        in_span = len(token) == len(whole)
        if not in_span:
            out.append(_escape_plain(whole[len(token) :]))
        pos, fresh = match.end(), True
    out.append(_escape_plain(text[pos:]))
    return "".join(out)


def _flat(value: object) -> str:
    return " ".join(_clean("" if value is None else str(value)).split())


def html_text(value: object, limit: int | None = None) -> Markup:
    """One line of text inside raw HTML (a <summary>), where markdown escapes would show."""
    return Markup(html.escape(shorten(_flat(value), limit), quote=True))  # noqa: S704 - escaped here


def inline(value: object, limit: int | None = None) -> Markup:
    """One line of user text: for table cells, headings and list items."""
    return Markup(_escape(shorten(_flat(value), limit)))  # noqa: S704 - escaped above


def inline_cut(value: object, limit: int | None = None) -> Markup:
    """One line of user text cut at ``limit``, the cut saying how many characters it left out (a table
    cell's answer or reason: never a bare '…')."""
    text = _flat(value)
    if limit is None or len(text) <= limit:
        return Markup(_escape(text))  # noqa: S704 - escaped here
    kept = cut(text, limit)
    return Markup(_escape(kept) + f" … _(+{len(text) - len(kept):,} characters)_")  # noqa: S704 - escaped, ours


def cut(text: str, limit: int) -> str:
    """The first ``limit`` characters of a text, ended at a word's end when one is in their last quarter: a
    reader stumbles on 'the CONTEXT s …'."""
    kept = text[:limit]
    space = max(kept.rfind(" "), kept.rfind("\n"))
    return (kept[:space] if space >= limit * 3 // 4 and not text[limit : limit + 1].isspace() else kept).rstrip()


def more(text: str, kept: str) -> str:
    """What a cut leaves out, said where it happens: ' … (+1,234 characters)'."""
    return f" … _(+{len(text) - len(kept):,} characters)_" if len(kept) < len(text) else ""


def block(value: object, limit: int | None = None) -> Markup:
    """Multi-line user text as one paragraph with <br> line breaks: no block structure can start.
    A cut says how many characters it left out."""
    text = _clean("" if value is None else str(value)).strip()
    kept = text if limit is None or len(text) <= limit else cut(text, limit)
    lines = [" ".join(line.split()) for line in kept.splitlines()]
    return Markup("<br>".join(_escape(line) for line in lines if line) + more(text, kept))  # noqa: S704


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

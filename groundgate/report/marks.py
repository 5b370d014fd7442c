"""Places in a report that people's decisions fill, so a re-presenting run (which has the verdict's record,
not its rows' texts) can bring a report a judging run posted up to date without rendering it again.

Two kinds, both hidden HTML comments only groundgate writes (user text never holds ``<!--``: ``report.escape``):

- blocks, on lines of their own around markdown (the counts line, the command to paste at the end), replaced
  whole: ``<!-- groundgate-NAME -->`` … ``<!-- /groundgate-NAME -->``;
- holders, inside a line (a section's count in its title, a row's mark after its case), their content
  replaced: ``<!-- gg:KIND:KEY -->content<!-- /gg -->``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable

from markupsafe import Markup

_HOLDER = re.compile(r"<!-- gg:(\w+):([\w:.-]+) -->(.*?)<!-- /gg -->", re.S)


def begin(name: str) -> str:
    return f"<!-- groundgate-{name} -->"


def end(name: str) -> str:
    return f"<!-- /groundgate-{name} -->"


def block(name: str, content: str) -> Markup:
    """Markdown between the two lines that let a later run replace it."""
    return Markup(f"{begin(name)}\n{content.strip()}\n{end(name)}")  # noqa: S704 - ours; content is rendered markdown


def replace_block(body: str, name: str, content: str) -> str:
    """The body with that block's content replaced; unchanged when it has no such block."""
    start, stop = body.find(begin(name)), body.find(end(name))
    if not 0 <= start < stop:
        return body
    return body[:start] + str(block(name, content)) + body[stop + len(end(name)) :]


def row_key(row_id: str) -> str:
    """A case id as a holder names it: hashed, so no id can end the comment around it."""
    return hashlib.sha256(row_id.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def holder(kind: str, key: str, content: str) -> Markup:
    return Markup(f"<!-- gg:{kind}:{key} -->{content}<!-- /gg -->")  # noqa: S704 - ours; content is escaped markdown


def fill(body: str, kind: str, content: Callable[[str], str | None]) -> str:
    """The body with every holder of this kind refilled: ``content(key)`` (None leaves it as it is)."""

    def again(found: re.Match[str]) -> str:
        if found[1] != kind:
            return found[0]
        new = content(found[2])
        return found[0] if new is None else str(holder(kind, found[2], new))

    return _HOLDER.sub(again, body)

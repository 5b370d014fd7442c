"""JSONL read as a reviewer reads it: one record a line, UTF-8, every key once, valid Unicode throughout.

Every refusal names the file, the line and, where there is one, the field (``InputError``): a record
either loads or stops the run, nothing is silently dropped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from groundgate.errors import InputError

MAX_LINE = 16 << 20  # bytes of one input line: a record longer than this is refused, never read whole


def read_jsonl(path: Path, root: Path = Path(), digest: Any = None) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (line number, object) for each non-blank line; UTF-8 only, a leading BOM tolerated.

    The file is ``root / path``; errors name ``path`` as the user wrote it. Read one line at a time (a
    million cases are never all in memory as bytes); ``digest``, a hashlib object, is fed every byte
    read, so the file's hash is of exactly what was loaded."""
    try:
        with (root / path).open("rb") as stream:
            for number, raw in enumerate(iter(lambda: stream.readline(MAX_LINE + 1), b""), start=1):
                if len(raw) > MAX_LINE and not raw.endswith(b"\n"):  # the rest of the line is never read
                    raise InputError(path, number, None, f"a line longer than {MAX_LINE >> 20} MB: not a JSONL record")
                if digest is not None:
                    digest.update(raw)
                if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
                    raw = raw[3:]
                obj = _parse(path, number, raw)
                if obj is not None:
                    yield number, obj
    except FileNotFoundError:
        raise InputError(path, None, None, "file not found") from None
    except OSError as exc:
        raise InputError(path, None, None, f"cannot read: {exc.strerror or exc}") from None


def _parse(path: Path, number: int, raw: bytes) -> dict[str, Any] | None:
    """One line's object; None for a blank line."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(path, number, None, f"not UTF-8 (byte {exc.start + 1})") from None
    if not text.strip():
        return None
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(path, number, None, f"invalid JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise InputError(path, number, None, "invalid JSON: nested too deeply") from None
    except ValueError:  # Python refuses integers of more than 4,300 digits
        raise InputError(path, number, None, "invalid JSON: a number with too many digits") from None
    if not isinstance(obj, dict):
        raise InputError(path, number, None, f"expected a JSON object, got {type(obj).__name__}")
    if len(_KEY_END.findall(text)) > len(obj):  # more keys written than kept: nested objects, or a key twice
        try:
            json.loads(text, object_pairs_hook=_each_key_once)
        except _KeyTwice as exc:
            raise InputError(
                path,
                number,
                exc.key,
                f"the key {exc.key!r} appears twice: a reader sees one value, json.loads keeps the last",
            ) from None
    try:
        where = unpaired_surrogate(obj)
    except RecursionError:
        raise InputError(path, number, None, "invalid JSON: nested too deeply") from None
    if where is not None:
        raise InputError(path, number, where, SURROGATE)
    return obj


# Where a key ends: every key of a JSON text is a string followed by a colon, so a line with no more of these
# than its object has keys holds no key twice (a colon in a string only adds to the count).
_KEY_END = re.compile(r'"[ \t\r\n]*:')


class _KeyTwice(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _each_key_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each given once: one that says two things leaves the reader to pick one
    (a reviewer reads the first 'category' of a long line, json.loads keeps the last)."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise _KeyTwice(key)
        found[key] = value
    return found


SURROGATE = "holds an unpaired UTF-16 surrogate escape (like \\ud800): not valid Unicode"


def unpaired_surrogate(value: Any, where: str | None = None) -> str | None:
    """The field holding a lone surrogate (valid JSON, but no UTF-8 can carry it), if any."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return where or "key"
        return None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        name = f"{where}.{key}" if where else str(key)
        if isinstance(key, str) and unpaired_surrogate(key, name) is not None:
            return name
        found = unpaired_surrogate(item, name)
        if found is not None:
            return found
    return None

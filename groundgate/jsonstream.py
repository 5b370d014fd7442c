"""A JSON object read a value at a time, and one of its arrays an element at a time.

A results file of a million rows is half a gigabyte of JSON and several gigabytes once ``json.loads``
has made it Python objects. ``load`` gives each element of one top-level array to a callback as it is
read and keeps the rest of the object (a few small values) as ``json.loads`` would; the values
themselves are parsed by the standard library's decoder, so numbers, strings and escapes mean exactly
what they mean to ``json.loads``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

CHUNK = 1 << 20  # characters read at once; a value longer than the buffer doubles it
MAX_VALUE = 256 << 20  # characters of one value (a row): inputs hold lines of at most 16 MB, a row a few texts
_SPACE = " \t\n\r"
_NUMBER = "0123456789.eE+-"


@dataclass(frozen=True)
class Streamed:
    """What ``load`` leaves in place of the array it streamed: how many elements went to the callback."""

    count: int


class _Cursor:
    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.buffer = ""
        self.pos = 0
        self.eof = False
        self.decoder = json.JSONDecoder()
        # Where the buffer starts in the file, for messages that point where json.loads would.
        self.offset = 0  # characters before the buffer
        self.lines = 0  # line breaks before the buffer
        self.line_start = 0  # where the line the buffer starts on begins

    def _more(self) -> bool:
        if self.eof:
            return False
        data = self.stream.read(max(CHUNK, len(self.buffer) - self.pos))  # doubling: a long value costs O(n)
        if not data:
            self.eof = True
            return False
        if (breaks := self.buffer.count("\n", 0, self.pos)) > 0:
            self.lines += breaks
            self.line_start = self.offset + self.buffer.rfind("\n", 0, self.pos) + 1
        self.offset += self.pos
        self.buffer = self.buffer[self.pos :] + data
        self.pos = 0
        return True

    def where(self, pos: int | None = None) -> str:
        """A place in the file, as json.loads names it: line, column and character."""
        pos = self.pos if pos is None else pos
        at = self.offset + pos
        newline = self.buffer.rfind("\n", 0, pos)
        line = self.lines + self.buffer.count("\n", 0, pos) + 1
        column = pos - newline if newline >= 0 else at - self.line_start + 1
        return f"line {line} column {column} (char {at})"

    def fail(self, message: str, pos: int | None = None) -> ValueError:
        return ValueError(f"{message}: {self.where(pos)}")

    def peek(self) -> str:
        """The next character that is not white space, or '' at the end."""
        while True:
            while self.pos < len(self.buffer) and self.buffer[self.pos] in _SPACE:
                self.pos += 1
            if self.pos < len(self.buffer):
                return self.buffer[self.pos]
            if not self._more():
                return ""

    def take(self, char: str) -> None:
        found = self.peek()
        if found != char:
            raise self.fail(f"expected {char!r}, found {found[:1]!r}" if found else f"expected {char!r} at the end")
        self.pos += 1

    def value(self) -> Any:
        self.peek()
        while True:
            try:
                found, end = self.decoder.raw_decode(self.buffer, self.pos)
            except json.JSONDecodeError as exc:
                if len(self.buffer) - self.pos > MAX_VALUE:  # /dev/zero, or a file that is no results file
                    raise self.fail(f"no JSON value within {MAX_VALUE >> 20} MB") from None
                if self._more():
                    continue
                raise self.fail(exc.msg, exc.pos) from None
            number = isinstance(found, int | float) and not isinstance(found, bool)
            if (end == len(self.buffer) or (number and self.buffer[end] in _NUMBER)) and self._more():
                continue  # a number may go on in the next chunk ("0" of "0.5")
            self.pos = end
            return found


def load(stream: TextIO, key: str, element: Callable[[Any], None]) -> Any:
    """The document, as ``json.loads`` would give it, except that each element of the top-level object's
    array under ``key`` goes to ``element`` as it is read (a ``Streamed`` count is left in its place).
    A key given twice is refused: a file that says two things leaves the reader to pick one."""
    cursor = _Cursor(stream)
    if cursor.peek() != "{":
        document = cursor.value()
    else:
        cursor.take("{")
        document = {}
        while cursor.peek() != "}":
            if document:
                cursor.take(",")
            cursor.peek()
            at = cursor.where()
            name = cursor.value()
            if not isinstance(name, str):
                raise ValueError(f"expected a key, found {json.dumps(name)[:40]}: {at}")
            if name in document:
                raise ValueError(f"the key {name!r} appears twice: {at}")
            cursor.take(":")
            if name == key and cursor.peek() == "[":
                document[name] = Streamed(_array(cursor, element))
            else:
                document[name] = cursor.value()
        cursor.take("}")
    if cursor.peek():
        raise cursor.fail("extra data after the JSON document")
    return document


def _array(cursor: _Cursor, element: Callable[[Any], None]) -> int:
    cursor.take("[")
    count = 0
    while cursor.peek() != "]":
        if count:
            cursor.take(",")
        element(cursor.value())
        count += 1
    cursor.take("]")
    return count

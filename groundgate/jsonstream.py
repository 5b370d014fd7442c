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

    def _more(self) -> bool:
        if self.eof:
            return False
        data = self.stream.read(max(CHUNK, len(self.buffer) - self.pos))  # doubling: a long value costs O(n)
        if not data:
            self.eof = True
            return False
        self.buffer = self.buffer[self.pos :] + data
        self.pos = 0
        return True

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
            raise ValueError(f"expected {char!r}, found {found[:1]!r}" if found else f"expected {char!r} at the end")
        self.pos += 1

    def value(self) -> Any:
        self.peek()
        while True:
            try:
                found, end = self.decoder.raw_decode(self.buffer, self.pos)
            except json.JSONDecodeError:
                if self._more():
                    continue
                raise
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
            name = cursor.value()
            if not isinstance(name, str):
                raise ValueError(f"expected a key, found {json.dumps(name)[:40]}")
            if name in document:
                raise ValueError(f"the key {name!r} appears twice")
            cursor.take(":")
            if name == key and cursor.peek() == "[":
                document[name] = Streamed(_array(cursor, element))
            else:
                document[name] = cursor.value()
        cursor.take("}")
    if cursor.peek():
        raise ValueError("extra data after the JSON document")
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

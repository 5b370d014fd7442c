"""Texts kept on disk instead of in memory.

A million cases with 2 KB contexts are gigabytes of str objects, and each text is read a few times
(a judge call, a cache key, a shown row) and never again. The loader writes every longer text once to
a private, already-unlinked temporary file and keeps a number in its place; reading it back is one
``pread``. The spool is written only while the inputs load and read from any thread afterwards; what
is judged is what was loaded, whatever happens to the input files meanwhile.
"""

from __future__ import annotations

import os
import tempfile
import threading

from groundgate.errors import GroundgateError

Stored = str | int  # the text itself (short ones), or where the spool holds it

_LENGTH_BITS = 40  # a handle is offset << 40 | length: texts up to a terabyte


class SpoolError(GroundgateError):
    """The temporary file for the inputs' texts cannot be written (a full or read-only TMPDIR): a
    setting to change, like bad usage."""


class Spool:
    MIN_LENGTH = 64  # shorter texts stay in memory: their handle would cost about as much

    def __init__(self) -> None:
        try:
            self._file = tempfile.TemporaryFile(prefix="groundgate-texts-")  # noqa: SIM115 (open while the run lasts)
        except OSError as exc:
            raise SpoolError(
                f"cannot create a temporary file for the inputs' texts in {tempfile.gettempdir()}: "
                f"{exc.strerror or exc} (set TMPDIR to a writable folder)"
            ) from None
        self._end = 0
        self._unflushed = False
        self._lock = threading.Lock()

    def put(self, text: str) -> Stored:
        if len(text) < self.MIN_LENGTH:
            return text
        data = text.encode("utf-8")
        try:
            self._file.write(data)
        except OSError as exc:
            raise SpoolError(
                f"cannot write the inputs' texts to a temporary file in {tempfile.gettempdir()}: "
                f"{exc.strerror or exc} (set TMPDIR to a folder with room for about the input files' size)"
            ) from None
        handle = self._end << _LENGTH_BITS | len(data)
        self._end += len(data)
        self._unflushed = True
        return handle

    def get(self, stored: Stored) -> str:
        if isinstance(stored, str):
            return stored
        offset, length = stored >> _LENGTH_BITS, stored & ((1 << _LENGTH_BITS) - 1)
        if self._unflushed:
            with self._lock:
                if self._unflushed:
                    self._file.flush()
                    self._unflushed = False
        chunks = []
        while length:
            chunk = os.pread(self._file.fileno(), length, offset)
            if not chunk:
                raise SpoolError("the temporary file holding the inputs' texts was cut short")
            chunks.append(chunk)
            offset += len(chunk)
            length -= len(chunk)
        return b"".join(chunks).decode("utf-8")


def get(spool: Spool | None, stored: Stored | None) -> str | None:
    """``stored`` as text, wherever it is kept."""
    if stored is None or isinstance(stored, str):
        return stored
    assert spool is not None  # a handle comes only from a spool
    return spool.get(stored)

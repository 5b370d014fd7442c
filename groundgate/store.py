"""A run's working set on disk: the loaded inputs, the rows as they are decided, the deduplicated scores.

A million cases are gigabytes as Python objects, and most of them are read a few times (a judge call,
a cache key, a line in the results file) and never again. Each run keeps them in a private SQLite
database, already unlinked, in the temporary folder: memory stays about flat in the number of cases
(SQLite's page cache, plus one batch of cases at a time), and what is judged is what was loaded,
whatever happens to the input files meanwhile. SQLite is in Python's standard library; it gives the
unique ids, the joins and the ordered, windowed reads this needs without hand-written indexes.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from groundgate.errors import GroundgateError

PAGE_CACHE_KB = 16 * 1024  # per database: what SQLite keeps of it in memory


class StoreError(GroundgateError):
    """The temporary folder cannot hold the run's working set (a full, missing or read-only TMPDIR): a
    setting to change, like bad usage."""


def _fail(exc: BaseException, doing: str) -> StoreError:
    return StoreError(
        f"cannot {doing} the run's temporary file for the inputs' texts and rows in {tempfile.gettempdir()}: "
        f"{getattr(exc, 'strerror', None) or exc} (set TMPDIR to a writable folder with room for about "
        "twice the input files' size)"
    )


class Store:
    """One private database file: created in TMPDIR, unlinked at once (it lives as long as the connection),
    written and read under one lock so that judge threads may read it too."""

    def __init__(self, schema: str) -> None:
        try:
            handle, path = tempfile.mkstemp(prefix="groundgate-run-", suffix=".sqlite")
        except OSError as exc:
            raise _fail(exc, "create") from None
        os.close(handle)
        try:
            self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            # Private and disposable: no journal, no fsync; a crash loses nothing that a rerun would not redo.
            self._db.executescript(
                f"PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA temp_store=FILE; "
                f"PRAGMA cache_size=-{PAGE_CACHE_KB}; PRAGMA locking_mode=EXCLUSIVE; BEGIN; {schema}"
            )
        except sqlite3.Error as exc:
            raise _fail(exc, "create") from None
        finally:
            with contextlib.suppress(OSError):
                os.unlink(path)  # open already: nobody else can find it, and it goes when the run ends
        self.lock = threading.RLock()

    def function(self, name: str, arguments: int, python: Callable[..., Any]) -> None:
        """``python`` callable from SQL as ``name``: one function for what Python and SQL must compute alike."""
        with self.lock:
            self._db.create_function(name, arguments, python, deterministic=True)

    def run(self, sql: str, args: Sequence[Any] = ()) -> sqlite3.Cursor:
        try:
            with self.lock:
                return self._db.execute(sql, args)
        except sqlite3.IntegrityError:
            raise
        except sqlite3.Error as exc:
            raise _fail(exc, "write to") from None

    def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            with self.lock:
                self._db.executemany(sql, rows)
        except sqlite3.Error as exc:
            raise _fail(exc, "write to") from None

    def all(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        try:
            with self.lock:
                return self._db.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            raise _fail(exc, "read") from None

    def one(self, sql: str, args: Sequence[Any] = ()) -> Any:
        found = self.all(sql, args)
        return found[0] if found else None

    def windows(
        self,
        select: str,
        key: str,
        where: str = "",
        args: Sequence[Any] = (),
        size: int = 2000,
        descending: bool = False,
    ) -> Iterator[list[Any]]:
        """The rows of ``select`` (whose first column is ``key``) in order of ``key``, ``size`` at a time,
        optionally ``where`` a condition holds (``args`` are its parameters). Each window is one complete
        query, so the caller may write to the store between windows. The first window has no lower bound:
        any bound would compare by the column's affinity ('' or a number is not below every text). ``key``
        must be unique among the rows selected, or rows sharing a key at a window's edge are skipped."""
        last: Any = None
        while True:
            after = "<" if descending else ">"
            conditions = [c for c in (where, "" if last is None else f"{key} {after} ?") if c]
            order = f"{key} DESC" if descending else key
            sql = f"{select}{' WHERE ' + ' AND '.join(conditions) if conditions else ''} ORDER BY {order} LIMIT ?"
            window = self.all(sql, (*args, *(() if last is None else (last,)), size))
            if not window:
                return
            yield window
            last = window[-1][0]
            if len(window) < size:
                return

    def shrink(self) -> None:
        """Give back the memory of the page cache (a store read once and kept only for its counts)."""
        self.run("PRAGMA shrink_memory")

    def close(self) -> None:
        with self.lock:
            self._db.close()

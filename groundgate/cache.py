"""A persistent score cache: judge verdicts keyed by everything known before the call that can change them.

The key is a hash of public facts, so anyone who can commit a file could write an entry for any
answer; every entry therefore carries an HMAC-SHA256 over its key and its contents, keyed by a
secret the pull request's author does not have (a dedicated cache secret, or the judge's own API key
when it is not a placeholder). An entry that does not verify is rejected and counted, never used: a
forged or edited entry can cost a judge call, never change a score. Without such a secret the
entries are signed with a key anyone can compute, so the file itself must be trusted: the wiring
distrusts one that git tracks (a pull request can commit it), and the figures judge, which scores
for free, trusts no file at all.

The file is never written over unless it is a groundgate cache (or is empty, or was written by an
older groundgate, whose entries cannot be authenticated): anything else is left untouched and the
run goes on without a cache. Writes merge this run's entries with what is on disk under an
exclusive lock on a sibling ``.lock`` file, then replace the file atomically (``files``: no link
followed, flushed to disk before the rename); SIGINT and SIGTERM wait until a save is done, so a
cancelled run keeps every score it paid for. A save that fails (a full disk, a lock that cannot be
opened) is a warning: the run's verdict does not depend on it.
"""

from __future__ import annotations

import fcntl
import hashlib
import hmac
import json
import math
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from groundgate.errors import CannotWrite
from groundgate.files import (
    leftovers,
    link_on_path,
    open_lock,
    read_text,
    refusing,
    remove_leftovers,
    uninterrupted,
    write_text,
)

FORMAT = "groundgate-score-cache"
VERSION = 2  # 2: every entry is authenticated (version 1 entries were not)


def derive_secret(material: str, purpose: str) -> bytes:
    """A key for the cache's HMACs from a secret the run already holds; never the secret itself."""
    return hmac.new(material.encode(), f"groundgate score cache: {purpose}".encode(), hashlib.sha256).digest()


PUBLIC = derive_secret("", "entries no secret authenticates")  # anyone can compute it: trust is the file's


@dataclass(frozen=True)
class CachedScore:
    score: float
    reason: str
    model: str | None
    tokens: int = 0


def _entry(raw: Any) -> CachedScore | None:
    if not isinstance(raw, dict):
        return None
    score, reason, model, tokens = raw.get("score"), raw.get("reason"), raw.get("model"), raw.get("tokens", 0)
    if isinstance(score, bool) or not isinstance(score, int | float) or not math.isfinite(score) or not 1 <= score <= 5:
        return None
    if not isinstance(reason, str) or not (model is None or isinstance(model, str)):
        return None
    if isinstance(tokens, bool) or not isinstance(tokens, int):
        return None
    return CachedScore(float(score), reason, model, tokens)


def _mac(secret: bytes, key: str, entry: CachedScore) -> str:
    message = json.dumps([FORMAT, VERSION, key, entry.score, entry.reason, entry.model, entry.tokens])
    return hmac.new(secret, message.encode(), hashlib.sha256).hexdigest()


class ScoreCache:
    """Entries signed and verified with ``secret``. ``distrust``: why the entries on disk are not to be
    used at all (the run is told once, with their count); ``write``: whether the file may be replaced."""

    def __init__(self, path: Path, secret: bytes, *, distrust: str | None = None, write: bool = True) -> None:
        self.path = path
        self.notes: list[str] = []  # what the run should be told about this file, once each
        self.rejected = 0  # entries on disk that failed authentication (or were malformed): never used
        self.unsaved: str | None = None  # why this run's new scores could not be saved, if they could not
        self.writable = write
        self._secret = secret
        self._entries: dict[str, CachedScore] = {}
        self._new: dict[str, CachedScore] = {}
        self._lock = threading.Lock()
        self._lock_path = self.path.with_name(self.path.name + ".lock")
        if (link := link_on_path(self.path) or link_on_path(self._lock_path)) is not None:  # checked again on open
            self.writable = False
            self.notes.append(f"score cache {path}: {refusing(link)}; no cache this run")
        elif distrust is None:
            self._entries = self._load()
        else:
            raw, note = self._raw()
            if raw:
                self.notes.append(f"{distrust} ({len(raw)} entries not used)")
            elif note:
                self.notes.append(note)

    @property
    def problem(self) -> str | None:
        """All the notes as one line, or None."""
        return "; ".join(self.notes) or None

    def _raw(self) -> tuple[dict[str, Any] | None, str | None]:
        """The file's entries as stored, or why they cannot be used (and whether it may be written)."""
        try:
            text = read_text(self.path)
        except FileNotFoundError:
            return {}, None
        except CannotWrite as exc:  # a symbolic link on its path, or not a regular file
            self.writable = False
            return None, f"score cache: {exc}; left untouched, no cache this run"
        except (OSError, UnicodeDecodeError) as exc:
            self.writable = False
            return (
                None,
                f"score cache {self.path} is unreadable ({type(exc).__name__}); left untouched, no cache this run",
            )
        if not text.strip():
            return {}, None
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            data = None
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("entries"), dict):
            self.writable = False
            return None, (
                f"{self.path} is not a groundgate score cache; left untouched, no cache this run "
                "(name another file, or delete it if it is a damaged cache)"
            )
        version = data.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version < VERSION:
            return {}, (
                f"score cache {self.path} was written by an older groundgate (version {version}); its entries are "
                "not authenticated, so none is used and the file is replaced"
            )
        if version != VERSION:
            self.writable = False
            return None, (
                f"score cache {self.path} has version {version!r}, not {VERSION}; left untouched, no cache this run"
            )
        return data["entries"], None

    def _verified(self, raw: dict[str, Any]) -> tuple[dict[str, CachedScore], int]:
        good: dict[str, CachedScore] = {}
        for key, value in raw.items():
            entry = _entry(value)
            mac = value.get("mac") if isinstance(value, dict) else None
            if entry is not None and isinstance(mac, str) and hmac.compare_digest(mac, _mac(self._secret, key, entry)):
                good[key] = entry
        return good, len(raw) - len(good)

    def _load(self) -> dict[str, CachedScore]:
        raw, note = self._raw()
        if note:
            self.notes.append(note)
        if self.writable and leftovers(self.path):
            self._remove_leftovers()
        if not raw:
            return {}
        good, self.rejected = self._verified(raw)
        if self.rejected:
            self.notes.append(
                f"score cache {self.path}: {self.rejected} entries failed authentication (forged, edited, malformed "
                "or signed with another secret); ignored, those answers are judged afresh"
            )
        return good

    def _remove_leftovers(self) -> None:
        """Temporary files of a save that was killed (SIGKILL, a lost machine): removed by the next run,
        under the lock, so no save in progress loses its own."""
        try:
            with self._exclusive():
                remove_leftovers(self.path)
        except CannotWrite as exc:
            self.notes.append(f"score cache: {exc}")

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: str) -> CachedScore | None:
        with self._lock:
            return self._entries.get(key)

    def put(self, key: str, entry: CachedScore) -> None:
        with self._lock:
            self._entries[key] = entry
            self._new[key] = entry

    @contextmanager
    def _exclusive(self) -> Iterator[None]:
        """One writer at a time across processes: a lock on a sibling file, never replaced itself, opened
        through no link (a committed link there would make the action create or chmod what it points at)."""
        descriptor = open_lock(self._lock_path)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(descriptor, fcntl.LOCK_UN)
        finally:
            os.close(descriptor)

    def save(self) -> None:
        """Merge this run's entries into the file on disk and replace it atomically, under the lock, with
        SIGINT and SIGTERM held until it is done. A failure is kept in ``unsaved``, never raised."""
        with self._lock:
            if not self._new or not self.writable:
                return
            try:
                with uninterrupted(), self._exclusive():
                    on_disk, _ = self._raw()
                    if on_disk is None:  # became something else since the run began: still not ours to overwrite
                        return
                    # Keep what other writers stored (their secret may differ); drop what could never verify.
                    kept = {k: v for k, v in on_disk.items() if _entry(v) is not None and isinstance(v.get("mac"), str)}
                    for key, entry in self._new.items():
                        kept[key] = {
                            "score": entry.score,
                            "reason": entry.reason,
                            "model": entry.model,
                            "tokens": entry.tokens,
                            "mac": _mac(self._secret, key, entry),
                        }
                    payload = {"format": FORMAT, "version": VERSION, "entries": kept}
                    write_text(
                        self.path, json.dumps(payload, separators=(",", ":"))
                    )  # atomic, 0644: actions/cache reads it
            except CannotWrite as exc:
                self.unsaved = (
                    f"score cache not saved, so its {len(self._new)} new scores will be paid for again next time: {exc}"
                )
                return
            self._new = {}

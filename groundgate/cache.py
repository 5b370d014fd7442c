"""A persistent score cache: judge verdicts keyed by everything known before the call that can change them.

The key is a hash of public facts, so anyone who can commit a file could write an entry for any
answer; every entry therefore carries an HMAC-SHA256 over its key and its contents, keyed by a
secret the pull request's author does not have (the judge's API key, or a dedicated cache secret).
An entry that does not verify is rejected and counted, never used: a forged or edited entry can
cost a judge call, never change a score. Without a secret the cache is neither read nor written.

The file is never written over unless it is a groundgate cache (or is empty, or was written by an
older groundgate, whose entries cannot be authenticated): anything else is left untouched and the
run goes on without a cache. Writes merge this run's entries with what is on disk under an
exclusive lock on a sibling ``.lock`` file, then replace the file atomically, so runs sharing one
cache lose nothing.
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

from groundgate.files import make_dirs, write_text

FORMAT = "groundgate-score-cache"
VERSION = 2  # 2: every entry is authenticated (version 1 entries were not)
UNAUTHENTICATED = (
    "needs a secret to authenticate its entries (the judge's API key, or a cache secret: input 'cache-secret', "
    "or GROUNDGATE_CACHE_SECRET for the CLI); without one it is neither read nor written"
)


def derive_secret(material: str, purpose: str) -> bytes:
    """A key for the cache's HMACs from a secret the run already holds; never the secret itself."""
    return hmac.new(material.encode(), f"groundgate score cache: {purpose}".encode(), hashlib.sha256).digest()


@dataclass(frozen=True)
class Entry:
    score: float
    reason: str
    model: str | None
    tokens: int = 0


def _entry(raw: Any) -> Entry | None:
    if not isinstance(raw, dict):
        return None
    score, reason, model, tokens = raw.get("score"), raw.get("reason"), raw.get("model"), raw.get("tokens", 0)
    if isinstance(score, bool) or not isinstance(score, int | float) or not math.isfinite(score) or not 1 <= score <= 5:
        return None
    if not isinstance(reason, str) or not (model is None or isinstance(model, str)):
        return None
    if isinstance(tokens, bool) or not isinstance(tokens, int):
        return None
    return Entry(float(score), reason, model, tokens)


def _mac(secret: bytes, key: str, entry: Entry) -> str:
    message = json.dumps([FORMAT, VERSION, key, entry.score, entry.reason, entry.model, entry.tokens])
    return hmac.new(secret, message.encode(), hashlib.sha256).hexdigest()


class ScoreCache:
    """``secret`` authenticates entries; None disables the cache (and ``notes`` says so once)."""

    def __init__(self, path: Path, secret: bytes | None) -> None:
        self.path = path
        self.notes: list[str] = []  # what the run should be told about this file, once each
        self.rejected = 0  # entries on disk that failed authentication (or were malformed): never used
        self.writable = secret is not None
        self._secret = secret
        self._entries: dict[str, Entry] = {}
        self._new: dict[str, Entry] = {}
        self._lock = threading.Lock()
        if secret is None:
            self.notes.append(f"score cache {path} {UNAUTHENTICATED}")
        else:
            self._entries = self._load()

    @property
    def problem(self) -> str | None:
        """All the notes as one line, or None."""
        return "; ".join(self.notes) or None

    def _raw(self) -> tuple[dict[str, Any] | None, str | None]:
        """The file's entries as stored, or why they cannot be used (and whether it may be written)."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}, None
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

    def _verified(self, raw: dict[str, Any]) -> tuple[dict[str, Entry], int]:
        assert self._secret is not None
        good: dict[str, Entry] = {}
        for key, value in raw.items():
            entry = _entry(value)
            mac = value.get("mac") if isinstance(value, dict) else None
            if entry is not None and isinstance(mac, str) and hmac.compare_digest(mac, _mac(self._secret, key, entry)):
                good[key] = entry
        return good, len(raw) - len(good)

    def _load(self) -> dict[str, Entry]:
        raw, note = self._raw()
        if note:
            self.notes.append(note)
        if not raw:
            return {}
        good, self.rejected = self._verified(raw)
        if self.rejected:
            self.notes.append(
                f"score cache {self.path}: {self.rejected} entries failed authentication (forged, edited, malformed "
                "or signed with another secret); ignored, those answers are judged afresh"
            )
        return good

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: str) -> Entry | None:
        with self._lock:
            return self._entries.get(key)

    def put(self, key: str, entry: Entry) -> None:
        with self._lock:
            self._entries[key] = entry
            self._new[key] = entry

    @contextmanager
    def _exclusive(self) -> Iterator[None]:
        """One writer at a time across processes: a lock on a sibling file, never replaced itself."""
        lock_path = self.path.with_name(self.path.name + ".lock")
        descriptor = os.open(lock_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            os.fchmod(descriptor, 0o644)  # left beside the cache: actions/cache (another user) must read it too
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(descriptor, fcntl.LOCK_UN)
        finally:
            os.close(descriptor)

    def save(self) -> None:
        """Merge this run's entries into the file on disk and replace it atomically, under the lock."""
        with self._lock:
            if not self._new or not self.writable or self._secret is None:
                return
            make_dirs(self.path.parent)  # 0755: later steps (actions/cache) read the folder too
            with self._exclusive():
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
            self._new = {}

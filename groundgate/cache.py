"""A persistent score cache: judge verdicts keyed by everything known before the call that can change them.

A versioned JSON file. A corrupt, truncated or foreign file is reported and ignored, never
trusted; writes go to a temporary file that replaces the cache atomically, merged with what is
on disk at that moment so two runs writing one cache lose nothing but their race. The worst a
bad cache can cause is a miss.
"""

from __future__ import annotations

import json
import math
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from groundgate.files import write_text

FORMAT = "groundgate-score-cache"
VERSION = 1


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
    if not isinstance(reason, str) or not (model is None or isinstance(model, str)) or not isinstance(tokens, int):
        return None
    return Entry(float(score), reason, model, tokens)


class ScoreCache:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: str | None = None  # why the file on disk was ignored, for one warning
        self._entries: dict[str, Entry] = {}
        self._new: dict[str, Entry] = {}
        self._lock = threading.Lock()
        self._entries = self._read()

    def _read(self) -> dict[str, Entry]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
            self.problem = f"score cache {self.path} is unreadable ({type(exc).__name__}); ignored, starting empty"
            return {}
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            self.problem = f"{self.path} is not a groundgate score cache; ignored, starting empty"
            return {}
        if data.get("version") != VERSION:
            self.problem = f"score cache {self.path} has version {data.get('version')!r}, not {VERSION}; ignored"
            return {}
        entries = data.get("entries")
        if not isinstance(entries, dict):
            self.problem = f"score cache {self.path} has no entries; ignored"
            return {}
        good = {}
        for key, raw in entries.items():
            entry = _entry(raw)
            if isinstance(key, str) and entry is not None:
                good[key] = entry
        if len(good) < len(entries):
            self.problem = f"score cache {self.path}: {len(entries) - len(good)} malformed entries ignored"
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

    def save(self) -> None:
        """Merge this run's entries into the file on disk and replace it atomically."""
        with self._lock:
            if not self._new:
                return
            merged = {**self._read_quietly(), **self._new}
            payload = {
                "format": FORMAT,
                "version": VERSION,
                "entries": {
                    k: {"score": e.score, "reason": e.reason, "model": e.model, "tokens": e.tokens}
                    for k, e in merged.items()
                },
            }
            write_text(self.path, json.dumps(payload, separators=(",", ":")))  # 0644: actions/cache must read it
            self._new = {}

    def _read_quietly(self) -> dict[str, Entry]:
        problem = self.problem
        entries = self._read()
        self.problem = problem
        return entries

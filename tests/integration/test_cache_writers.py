"""Runs sharing one score cache, as real concurrent processes: nothing any of them saved is lost."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from groundgate.cache import ScoreCache, derive_secret
from tests.support.paths import ROOT

WRITER = """
import sys
from pathlib import Path
from groundgate.cache import CachedScore, ScoreCache, derive_secret

path, name, count, every = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
cache = ScoreCache(path, derive_secret("shared", "entries"))
for n in range(count):
    cache.put(f"{name}-{n}", CachedScore(float(n % 5 + 1), f"{name} {n}", "m"))
    if (n + 1) % every == 0:
        cache.save()  # a run saves as it goes; every save merges with what the others wrote
cache.save()
"""


@pytest.mark.parametrize("trial", range(3))
def test_four_processes_writing_one_cache_lose_nothing(tmp_path: Path, trial: int) -> None:
    path = tmp_path / "scores.json"
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), f"w{k}", "300", "10"], cwd=ROOT) for k in range(4)
    ]
    assert [w.wait(timeout=120) for w in writers] == [0, 0, 0, 0]
    cache = ScoreCache(path, derive_secret("shared", "entries"))
    assert cache.rejected == 0
    assert len(cache) == 4 * 300
    assert all(cache.get(f"w{k}-{n}") is not None for k in range(4) for n in range(300))
    assert len(json.loads(path.read_text())["entries"]) == 1200
    assert not list(tmp_path.glob("*.tmp"))

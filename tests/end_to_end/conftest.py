"""Fixtures of the action's end-to-end tests: a fake GitHub, and a workspace holding the bundled example."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.fakes.github import FakeGitHub
from tests.support.paths import EXAMPLES


@pytest.fixture
def gh() -> Iterator[FakeGitHub]:
    with FakeGitHub() as server:
        yield server


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "workspace"
    (ws / "evals").mkdir(parents=True)
    for name in ("cases.jsonl", "baseline.jsonl", "candidate.jsonl", "candidate-regression.jsonl"):
        shutil.copy(EXAMPLES / name, ws / "evals" / name)
    return ws

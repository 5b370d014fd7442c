"""Fixtures of the action's end-to-end tests: a fake GitHub, and a workspace holding the bundled example."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.action import HEAD_SHA
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


@pytest.fixture
def pr(gh: FakeGitHub) -> FakeGitHub:
    """Pull request #7 at HEAD_SHA by @contributor, and who may adjudicate on it."""
    gh.add_pull(7, HEAD_SHA, author="contributor")
    gh.permissions.update(alice="write", bob="maintain", rita="read", contributor="write")
    gh.permissions["helper[bot]"] = "write"
    return gh

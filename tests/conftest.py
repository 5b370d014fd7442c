from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from tests.support.fakes.azure_openai import Decide, FakeAzureOpenAI
from tests.support.fakes.openai import FakeOpenAI
from tests.support.inputs import WriteJsonl

# Time is measured in bench/, never asserted in a test: hypothesis's per-example deadline would fail an example
# that loads a cache on a busy machine (a fresh clone's first call builds the zone names' pattern).
settings.register_profile("groundgate", deadline=None)
settings.load_profile("groundgate")


@pytest.fixture
def write_jsonl(tmp_path: Path) -> WriteJsonl:
    def write(name: str, rows: list[dict[str, Any]]) -> Path:
        path = tmp_path / name
        path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
        return path

    return write


@pytest.fixture
def fake_azure() -> Iterator[Callable[[Decide], FakeAzureOpenAI]]:
    """Start fake Azure OpenAI servers on 127.0.0.1; each test states its judge's rubric."""
    servers: list[FakeAzureOpenAI] = []

    def start(decide: Decide) -> FakeAzureOpenAI:
        server = FakeAzureOpenAI(decide).__enter__()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.__exit__(None, None, None)


@pytest.fixture
def fake_openai() -> Iterator[Callable[..., FakeOpenAI]]:
    """Start fake OpenAI-compatible servers on 127.0.0.1: ``fake_openai(decide, api_key=..., models=..., refuses=...)``."""
    servers: list[FakeOpenAI] = []

    def start(decide: Decide, **options: Any) -> FakeOpenAI:
        server = FakeOpenAI(decide, **options).__enter__()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.__exit__(None, None, None)

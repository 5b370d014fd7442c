"""Inputs built in memory, for tests that need no files."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from groundgate.cases import Case, Inputs, Response

WriteJsonl = Callable[[str, list[dict[str, Any]]], Path]  # the write_jsonl fixture: name, rows -> path


def make_inputs(rows: list[tuple[str, str, str, str]]) -> Inputs:
    """rows: (id, category, baseline response, candidate response)."""
    cases = [Case(i, cat, "q?", "ctx", n) for n, (i, cat, _, _) in enumerate(rows, start=1)]
    return Inputs(
        cases=cases,
        baseline={i: Response(i, b, n) for n, (i, _, b, _) in enumerate(rows, start=1)},
        candidate={i: Response(i, c, n) for n, (i, _, _, c) in enumerate(rows, start=1)},
        cases_path="cases.jsonl",
        baseline_path="b.jsonl",
        candidate_path="c.jsonl",
    )

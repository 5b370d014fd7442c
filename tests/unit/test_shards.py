"""Shards balanced by the plan's estimated tokens (issue 45.3): every case in exactly one shard, the same
assignment from the case ids and texts alone in every shard process (a run's store) and in the merge (cases in
memory), and the suite's tokens shared as evenly as the cases allow. The hash of the id put 43, 45, 68 and 44
of 200 cases in four shards, and the slowest shard decides a matrix's time."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from groundgate.cases import Case, case_weight, load_inputs, shard, shards_of
from tests.support.suites import nul_suite


def suite(sizes: list[int]) -> list[Case]:
    return [Case(f"case-{n:03d}", "policy", "How long?", "word " * size, n + 1) for n, size in enumerate(sizes)]


@given(sizes=st.lists(st.integers(1, 4_000), min_size=1, max_size=120), count=st.integers(1, 8), seed=st.integers())
def test_every_case_lands_in_one_shard_the_same_in_any_order_and_the_loads_are_even(
    sizes: list[int], count: int, seed: int
) -> None:
    cases = suite(sizes)
    of = shards_of(cases, count)
    shuffled = cases[:]
    random.Random(seed).shuffle(shuffled)
    assert shards_of(shuffled, count) == of  # from the ids and texts alone, not the order they came in
    assert set(of) == {case.id for case in cases}
    assert set(of.values()) <= set(range(1, count + 1))
    loads = [sum(case_weight(c.context, c.query) for c in cases if of[c.id] == k) for k in range(1, count + 1)]
    heaviest = max(case_weight(c.context, c.query) for c in cases)
    assert max(loads) - min(loads) <= heaviest


def test_a_runs_store_and_the_merge_assign_alike_and_the_shards_weigh_about_the_same(tmp_path: Path) -> None:
    """200 cases whose contexts differ tenfold, four shards: each holds about a quarter of the suite's tokens."""
    sizes = [random.Random(n).choice((60, 120, 600)) for n in range(200)]
    cases = suite(sizes)
    (tmp_path / "cases.jsonl").write_text(
        "".join(
            json.dumps({"id": c.id, "category": c.category, "query": c.query, "context": c.context}) + "\n"
            for c in cases
        )
    )
    for side in ("b", "c"):
        (tmp_path / f"{side}.jsonl").write_text(
            "".join(json.dumps({"id": c.id, "response": "ok"}) + "\n" for c in cases)
        )
    inputs = load_inputs(tmp_path / "cases.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl", "query")
    of = shards_of(cases, 4)
    total = sum(case_weight(c.context, c.query) for c in cases)
    for index in range(1, 5):
        part = shard(inputs, index, 4)
        ids = [c.id for c in part.cases]
        assert ids == [c.id for c in cases if of[c.id] == index]  # the store's assignment is the merge's
        assert len(part.cases) == len(ids)
        assert [triple[0].id for triple in part] == ids
        weight = sum(case_weight(c.context, c.query) for c in part.cases)
        assert abs(weight - total / 4) <= max(case_weight(c.context, c.query) for c in cases)


def test_a_context_holding_a_nul_character_weighs_alike_in_the_store_and_the_merge(tmp_path: Path) -> None:
    """Text extracted from a PDF may hold a NUL character: the store weighed it with SQLite's length(), which stops
    there, the merge with Python's len, the assignments differed and the merge refused correct shard results."""
    rows = nul_suite(tmp_path)
    inputs = load_inputs(tmp_path / "cases.jsonl", tmp_path / "baseline.jsonl", tmp_path / "candidate.jsonl", "query")
    of = shards_of([Case(r["id"], r["category"], r["query"], r["context"], n + 1) for n, r in enumerate(rows)], 2)
    for index in (1, 2):
        assert sorted(c.id for c in shard(inputs, index, 2).cases) == sorted(i for i, k in of.items() if k == index)

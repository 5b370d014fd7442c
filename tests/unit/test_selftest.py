"""The self-test: a planted suite whose answers are known. It must be what it says (a perfect judge gives every
case its planted outcome), catch what it must whatever the judge, fail when it misses, and the README must
show what it prints."""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

import pytest

from groundgate import compare, selftest
from groundgate.evidence import Options
from groundgate.settings import DEFAULT_BLOCKING
from tests.support.paths import ROOT
from tests.support.scripted import ScriptedJudge
from tests.support.selftest import lazy, perfect, tallies


def test_the_planted_suite_is_large_and_covers_every_type() -> None:
    suite = selftest.planted()
    assert len(suite) >= 60
    assert len({p.id for p in suite}) == len(suite)
    counts = Counter(p.type for p in suite)
    assert set(counts) == set(selftest.TYPES)
    assert min(counts.values()) >= 3
    problems = [p for p in suite if selftest.TYPES[p.type].flag and p.type != "new_non_answer"]
    assert all(p.category in DEFAULT_BLOCKING for p in problems)  # planted regressions are blocking ones


def test_a_perfect_judge_gives_every_case_its_planted_outcome() -> None:
    with tempfile.TemporaryDirectory() as folder:
        results = compare.run(selftest.load(Path(folder)), perfect(), Options(DEFAULT_BLOCKING))
    expected = {p.id: p.expected for p in selftest.planted()}
    assert {row.id: row.outcome.value for row in results.rows} == expected


@pytest.fixture(scope="module")
def found() -> dict[str, selftest.Tally]:
    return tallies()


def test_every_judge_passes_and_flags_no_clean_answer(found: dict[str, selftest.Tally]) -> None:
    for name, tally in found.items():
        assert selftest.exit_code(tally) == 0, name
        assert all(line.together == 0 for line in tally.lines.values() if not line.kind.flag), name


def test_beside_a_lazy_judge_the_tripwire_alone_catches_every_figure(found: dict[str, selftest.Tally]) -> None:
    lines = found["a scripted lazy judge (every answer 5)"].lines
    for kind in ("invented_figure", "contradicted_figure"):
        assert (lines[kind].judge, lines[kind].tripwire, lines[kind].together) == (
            0,
            lines[kind].cases,
            lines[kind].cases,
        )
    assert lines["unsupported_words"].together == 0  # what no string check can see
    assert lines["talks_to_judge"].together == lines["talks_to_judge"].cases  # listed whatever the judge says


def test_a_gate_that_misses_a_planted_figure_fails_the_self_test() -> None:
    with tempfile.TemporaryDirectory() as folder:
        results = compare.run(selftest.load(Path(folder)), lazy(), Options(DEFAULT_BLOCKING))
    rows = list(results.rows)
    for row in rows:
        if row.id == "con-return-window":
            row.new_figures = None  # a tripwire that did not see the 45 days
    tally = selftest.tally(results.model_copy(update={"rows": rows}), selftest.planted())
    assert tally.missed == ["con-return-window"]
    assert selftest.exit_code(tally) == 1
    assert "FAILED: the gate missed 1 planted regression it must catch: con-return-window" in selftest.render(tally)


def test_a_judge_that_judges_nothing_cannot_pass_the_self_test() -> None:
    with tempfile.TemporaryDirectory() as folder:
        tally = selftest.run(ScriptedJudge(lambda request: None), selftest.load(Path(folder)))
    assert tally.errors == len(selftest.planted())
    assert selftest.exit_code(tally) == 3
    assert "NOT JUDGED" in selftest.render(tally)


def test_the_docs_show_what_the_self_test_prints(found: dict[str, selftest.Tally]) -> None:
    readme = (ROOT / "docs/method.md").read_text()  # the self-test's tables moved there from the README
    for name, tally in found.items():
        assert f"{name}:\n\n{selftest.table(tally)}\n" in readme, name

"""The bridge's pure part: tabulating bucket pairs, and its report read as a reviewer would."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate.bridge import Bridge, Failure, JudgeSide, crosses, render_bridge, tabulate
from groundgate.report.noise import percent
from groundgate.rules import BUCKET_ORDER, Bucket

buckets = st.sampled_from(BUCKET_ORDER)


@given(st.lists(st.tuples(buckets, buckets), max_size=60))
def test_tabulate_accounts_for_every_pair(pairs: list[tuple[Bucket, Bucket]]) -> None:
    figures = tabulate(pairs)
    assert figures.rows == len(pairs)
    assert sum(sum(row.values()) for row in figures.matrix.values()) == len(pairs)
    assert all(set(row) == set(BUCKET_ORDER) for row in figures.matrix.values())
    assert figures.same_bucket == sum(a is b for a, b in pairs)
    assert sum(figures.matrix[a][b] for a, b in {(a, b) for a, b in pairs} if crosses(a, b)) == sum(
        crosses(a, b) for a, b in pairs
    )
    assert (figures.kappa is None) == (not pairs)


def test_crossing_is_one_side_ungrounded_and_the_other_not() -> None:
    assert crosses(Bucket.GROUNDED, Bucket.UNGROUNDED)
    assert crosses(Bucket.UNGROUNDED, Bucket.NON_ANSWER)
    assert not crosses(Bucket.UNGROUNDED, Bucket.UNGROUNDED)
    assert not crosses(Bucket.GROUNDED, Bucket.NON_ANSWER)


def side(name: str) -> JudgeSide:
    return JudgeSide(name=name, kind="azure", deployment=name, models=[], calls=1, tokens=0)


def test_a_bridge_where_no_row_was_scored_says_so_and_lists_the_failures() -> None:
    result = Bridge(
        rubric="query",
        cases="cases.jsonl",
        responses="baseline.jsonl",
        current=side("the Azure deployment a"),
        new=side("the Azure deployment b"),
        bridge=tabulate([]),
        changed=[],
        errors=[
            Failure(id="r1", judge="current", message="timed out"),
            Failure(id="r2", judge="new", message="judge gave no score"),
            Failure(id="r1", judge="new", message="judge gave no score"),
        ],
        empty=0,
        warnings=[],
    )
    text = render_bridge(result)
    assert result.exit_code == 3
    assert "No response was scored by both judges: 2 rows could not be scored, listed below." in text
    assert "### Not scored (2)\n\n- r1: current judge: timed out; new judge: judge gave no score\n" in text
    assert "- r2: new judge: judge gave no score\n" in text
    assert "cross the ungrounded line" not in text


def bridged(pairs: list[tuple[Bucket, Bucket]], errors: list[Failure] | None = None) -> Bridge:
    return Bridge(
        rubric="query", cases="cases.jsonl", responses="baseline.jsonl", current=side("the Azure deployment a"),
        new=side("the Azure deployment b"), bridge=tabulate(pairs), changed=[], errors=errors or [], empty=0,
        warnings=[],
    )  # fmt: skip


def test_a_baseline_all_in_one_bucket_does_not_read_as_chance_agreement() -> None:
    """199 of 200 agree, but the current judge put all in 'grounded': kappa is 0 and must not be read."""
    g, p = Bucket.GROUNDED, Bucket.PARTIAL
    result = bridged([(g, g)] * 199 + [(g, p)])
    text = render_bridge(result)
    assert result.bridge.kappa == 0
    assert result.one_bucket == "current"
    assert "**199 (99.5%) in the same bucket**" in text  # not rounded up to 100% while a row changed
    assert "says nothing here: the current judge put every response in one bucket" in text
    assert "no better than chance" not in text
    assert bridged([(g, g)] * 3).one_bucket is None  # all agree: kappa 1, read as usual
    assert "almost perfect" in render_bridge(bridged([(g, g)] * 3))
    spread = bridged([(g, g), (p, p), (g, p)])
    assert spread.one_bucket is None
    assert "3 responses scored by both judges" in render_bridge(spread)
    assert "1 response scored by both judges (1 more could not be scored" in render_bridge(
        bridged([(g, g)], [Failure(id="x", judge="new", message="m"), Failure(id="x", judge="current", message="m")])
    )


@pytest.mark.parametrize(
    ("value", "shown"),
    [(0, "0%"), (0.0004, "<0.1%"), (0.0013, "0.1%"), (0.25, "25%"), (0.995, "99.5%"), (0.9999, "99.9%"), (1, "100%")],
)
def test_percent_never_reads_as_none_or_all_unless_it_is(value: float, shown: str) -> None:
    assert percent(value) == shown

"""The bridge's pure part: tabulating bucket pairs, and its report read as a reviewer would."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from groundgate.bridge import Bridge, Failure, JudgeSide, crosses, render_bridge, tabulate
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
        errors=[Failure(id="r1", judge="new", message="judge gave no score")],
        empty=0,
        warnings=[],
    )
    text = render_bridge(result)
    assert result.exit_code == 3
    assert "No response was scored by both judges: 1 judge failure(s), listed below." in text
    assert "- r1, new judge: judge gave no score" in text
    assert "cross the ungrounded line" not in text

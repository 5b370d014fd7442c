"""The method's rules, as a table: every bucket transition, and the edges of bucketing."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate.rules import (
    ATTENTION,
    Bucket,
    FailOn,
    Outcome,
    bucket_of,
    classify,
    gate_exit,
    headline,
    needs_rescore,
    verdict_of,
)

U, N, P, G = Bucket.UNGROUNDED, Bucket.NON_ANSWER, Bucket.PARTIAL, Bucket.GROUNDED


@pytest.mark.parametrize(
    ("score", "bucket"),
    [(1, U), (2, U), (3, N), (4, P), (5, G), (0, U), (-3, U), (99, G), (1.6, U), (2.4, U), (3.5, P), (4.5, P)],
)
def test_bucket_of_rounds_and_clamps(score: float, bucket: Bucket) -> None:
    assert bucket_of(score) is bucket


def test_nan_has_no_bucket() -> None:
    with pytest.raises(ValueError, match="NaN"):
        bucket_of(math.nan)


# (before, after, rescore, blocking) -> outcome; all 16 pairs, newly-ungrounded ones with both re-scores.
TABLE = [
    (G, U, U, True, Outcome.REGRESSION),
    (G, U, U, False, Outcome.REVIEW),
    (G, U, G, True, Outcome.UNSTABLE),
    (P, U, U, True, Outcome.REGRESSION),
    (P, U, N, True, Outcome.UNSTABLE),
    (N, U, U, True, Outcome.REGRESSION),
    (N, U, U, False, Outcome.REVIEW),
    (N, U, P, False, Outcome.UNSTABLE),
    (U, U, None, True, Outcome.STILL_UNGROUNDED),
    (U, U, None, False, Outcome.STILL_UNGROUNDED),
    (G, N, None, True, Outcome.NEW_NON_ANSWER),
    (P, N, None, False, Outcome.NEW_NON_ANSWER),
    (N, N, None, True, Outcome.UNCHANGED),
    (U, N, None, True, Outcome.MOVED),
    (U, P, None, True, Outcome.MOVED),
    (U, G, None, True, Outcome.MOVED),
    (N, P, None, True, Outcome.MOVED),
    (N, G, None, True, Outcome.MOVED),
    (P, G, None, True, Outcome.MOVED),
    (G, P, None, True, Outcome.MOVED),
    (P, P, None, True, Outcome.TIE),
    (G, G, None, False, Outcome.TIE),
]


@pytest.mark.parametrize(("before", "after", "rescore", "blocking", "outcome"), TABLE)
def test_every_transition(
    before: Bucket, after: Bucket, rescore: Bucket | None, blocking: bool, outcome: Outcome
) -> None:
    assert classify(before, after, rescore, blocking) is outcome


def test_table_covers_all_sixteen_pairs() -> None:
    assert {(b, a) for b, a, *_ in TABLE} == {(b, a) for b in Bucket for a in Bucket}


def test_newly_ungrounded_without_rescore_is_a_bug() -> None:
    with pytest.raises(ValueError, match="re-score"):
        classify(G, U, None, True)


@given(st.sampled_from(list(Bucket)), st.sampled_from(list(Bucket)))
def test_rescore_needed_exactly_for_new_ungrounded(before: Bucket, after: Bucket) -> None:
    assert needs_rescore(before, after) == (after is U and before is not U)


@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e6, max_value=1e6))
def test_bucket_is_monotonic(score: float) -> None:
    order = list(Bucket)
    assert order.index(bucket_of(score)) <= order.index(bucket_of(score + 1))


@pytest.mark.parametrize("fail_on", ["blocking", "any-regression", "never"])
def test_an_unjudged_row_never_passes_under_any_fail_on(fail_on: FailOn) -> None:
    both = Counter({Outcome.REGRESSION: 1, Outcome.ERROR: 1})
    assert gate_exit(verdict_of(both), both, fail_on) == (3 if fail_on == "never" else 1)
    only_errors = Counter({Outcome.ERROR: 1, Outcome.TIE: 5})
    assert gate_exit(verdict_of(only_errors), only_errors, fail_on) == 3
    clean = Counter({Outcome.TIE: 5, Outcome.REVIEW: 1})
    assert gate_exit(verdict_of(clean), clean, fail_on) == (1 if fail_on == "any-regression" else 0)


@given(
    counts=st.fixed_dictionaries({o: st.integers(0, 3) for o in Outcome}),
    fail_on=st.sampled_from(["blocking", "any-regression", "never"]),
)
def test_the_check_run_never_disagrees_with_the_step(counts: dict[Outcome, int], fail_on: FailOn) -> None:
    verdict = verdict_of(counts)
    code = gate_exit(verdict, counts, fail_on)
    top = headline(counts, code, fail_on)
    conclusion, title = top.conclusion, top.text
    assert (conclusion == "failure") == (code != 0)
    if conclusion == "success":
        assert not any(counts[o] for o in (Outcome.REGRESSION, Outcome.REVIEW, *ATTENTION, Outcome.ERROR))
    if code == 0 and counts[Outcome.REGRESSION]:  # fail-on: never let them through: the title says so
        assert conclusion == "neutral"
        assert "fail-on: never" in title
    assert len(title) <= 255

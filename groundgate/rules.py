"""Scores to buckets, and bucket pairs to outcomes: the method's rules, pure and SDK-free."""

from __future__ import annotations

import math
from enum import StrEnum


class Bucket(StrEnum):
    UNGROUNDED = "ungrounded"  # 1-2: the hallucination signal
    NON_ANSWER = "non_answer"  # 3: nothing to ground (clarifying question, filler)
    PARTIAL = "partial"  # 4: correct but incomplete
    GROUNDED = "grounded"  # 5: fully grounded


BUCKET_ORDER = (Bucket.UNGROUNDED, Bucket.NON_ANSWER, Bucket.PARTIAL, Bucket.GROUNDED)
ANSWERED = frozenset({Bucket.PARTIAL, Bucket.GROUNDED})


class Outcome(StrEnum):
    REGRESSION = "regression"  # confirmed newly ungrounded, blocking category
    REVIEW = "review"  # confirmed newly ungrounded, other category
    UNSTABLE = "unstable"  # newly ungrounded, but the re-score disagreed
    NEW_NON_ANSWER = "new_non_answer"
    STILL_UNGROUNDED = "still_ungrounded"  # backlog: ungrounded on both sides, never blocks
    MOVED = "moved"
    TIE = "tie"  # same partial/grounded bucket: the only rows fluency may compare
    UNCHANGED = "unchanged"  # non-answer on both sides
    ERROR = "error"  # the judge gave no usable score on some side


def bucket_of(score: float) -> Bucket:
    """Round (Python's round, as the method's reference script does) and clamp to 1..5.

    A NaN is a judge failure, never a bucket: callers must have turned it into an error already.
    """
    if math.isnan(score):
        raise ValueError("a NaN score has no bucket")
    level = min(5, max(1, round(score)))
    if level <= 2:
        return Bucket.UNGROUNDED
    return BUCKET_ORDER[level - 2]


def needs_rescore(before: Bucket, after: Bucket) -> bool:
    """Only rows that newly fell to ungrounded are re-scored."""
    return after is Bucket.UNGROUNDED and before is not Bucket.UNGROUNDED


def classify(
    before: Bucket,
    after: Bucket,
    rescore: Bucket | None,
    blocking: bool,
    *,
    baseline_rescore: Bucket | None = None,
    can_block: bool = True,
) -> Outcome:
    """One outcome per row, in the method's order. ``rescore`` is required exactly when needed.

    ``baseline_rescore``: the baseline side judged again; ungrounded means the baseline was never
    really grounded, so the row is backlog, not a regression. ``can_block`` is False where a flip
    may only block with an independent confirmation that it did not get (a small category)."""
    if needs_rescore(before, after):
        if rescore is None:
            raise ValueError("a newly ungrounded row needs its re-score")
        if baseline_rescore is Bucket.UNGROUNDED:
            return Outcome.STILL_UNGROUNDED
        if rescore is Bucket.UNGROUNDED:
            return Outcome.REGRESSION if blocking and can_block else Outcome.REVIEW
        return Outcome.UNSTABLE
    if after is Bucket.NON_ANSWER and before in ANSWERED:
        return Outcome.NEW_NON_ANSWER
    if after is Bucket.UNGROUNDED:
        return Outcome.STILL_UNGROUNDED
    if after is not before:
        return Outcome.MOVED
    if after in ANSWERED:
        return Outcome.TIE
    return Outcome.UNCHANGED

"""The method's rules, pure and SDK-free: scores to buckets, bucket pairs to outcomes, outcomes to the
verdict and the exit code, and the verdict in words."""

from __future__ import annotations

import math
from collections.abc import Mapping
from enum import StrEnum
from typing import Literal


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


def rank(bucket: Bucket) -> int:
    """A bucket's place on the scale, worst first: what 'moved up' and 'moved down' compare."""
    return BUCKET_ORDER.index(bucket)


def worse(before: Bucket, after: Bucket) -> bool:
    return rank(after) < rank(before)


# --- the verdict ------------------------------------------------------------------------------

GateVerdict = Literal["pass", "fail", "error"]
FailOn = Literal["blocking", "any-regression", "never"]
ATTENTION = (Outcome.REVIEW, Outcome.UNSTABLE, Outcome.NEW_NON_ANSWER)  # rows a person must read


def verdict_of(counts: Mapping[Outcome, int]) -> GateVerdict:
    """A blocking regression fails; otherwise any unjudged row means the gate could not measure."""
    if counts.get(Outcome.REGRESSION):
        return "fail"
    if counts.get(Outcome.ERROR):
        return "error"
    return "pass"


def gate_exit(verdict: GateVerdict, counts: Mapping[Outcome, int], fail_on: FailOn = "blocking") -> int:
    """Exit code: 1 when the gate blocks (fail wins over error), 3 when rows were not judged."""
    if verdict == "fail" and fail_on != "never":
        return 1
    if fail_on == "any-regression" and counts.get(Outcome.REVIEW):
        return 1
    return 3 if verdict == "error" else 0


# --- the verdict in words: one place for every medium (console, report, check run) ------------


def console_headline(verdict: GateVerdict, counts: Mapping[Outcome, int]) -> str:
    if verdict == "fail":
        return f"FAIL: {counts[Outcome.REGRESSION]} confirmed regression(s) in blocking categories"
    if verdict == "error":
        return f"ERROR: {counts[Outcome.ERROR]} row(s) could not be judged; the gate cannot pass"
    return "PASS: no confirmed regression in a blocking category"


def report_headline(verdict: GateVerdict, counts: Mapping[Outcome, int]) -> tuple[str, str]:
    """(icon, headline) for the markdown report."""
    if verdict == "fail":
        return "🚫", f"Blocked: {counts[Outcome.REGRESSION]} confirmed regression(s) in a blocking category"
    if verdict == "error":
        return "❓", f"Could not judge: {counts[Outcome.ERROR]} row(s) got no usable score"
    attention = sum(counts[o] for o in ATTENTION)
    if attention:
        return "⚠️", f"Needs review: {attention} row(s) to read before shipping"
    return "✅", "Passed: no row newly fell to ungrounded"


Conclusion = Literal["success", "neutral", "failure"]


def check_title(verdict: GateVerdict, counts: Mapping[Outcome, int], exit_code: int) -> tuple[Conclusion, str]:
    """(conclusion, title) for the check run. The conclusion follows the step's exit code alone, so the
    check run and the job can never disagree: non-zero is a failure; zero is a success, or neutral when
    there are rows to read (regressions a ``fail-on: never`` step let through among them, named in the title)."""
    regressions, review = counts.get(Outcome.REGRESSION, 0), counts.get(Outcome.REVIEW, 0)
    if exit_code != 0:
        if verdict == "error":
            return "failure", f"Could not judge {counts.get(Outcome.ERROR, 0)} row(s)"
        if regressions:
            return "failure", f"{regressions} blocking groundedness regression(s)"
        return "failure", f"{review} groundedness regression(s) (fail-on: any-regression)"
    if regressions:
        also = f" and {review} to review" if review else ""
        return (
            "neutral",
            f"{regressions} blocking groundedness regression(s){also}, not failing the job (fail-on: never)",
        )
    attention = sum(counts.get(o, 0) for o in ATTENTION)
    if attention:
        return "neutral", f"{attention} row(s) to review, none blocking"
    return "success", "No row newly fell to ungrounded"

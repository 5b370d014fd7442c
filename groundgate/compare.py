"""The comparison: judge both sides, bucket, re-score new flips, classify, and consult fluency on ties.

Every decision is made by the pure rules in ``buckets``; this module only decides which rows need
which judge call, asks the judges for exactly those, in batches, and assembles one Row per case.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from dataclasses import dataclass, field

from groundgate import __version__
from groundgate.cases import Case, Inputs
from groundgate.cases import shard as shard_inputs
from groundgate.errors import JudgeMismatch
from groundgate.judges import Judge, JudgeError, Judgement, JudgeRequest, Purpose, Verdict
from groundgate.results import (
    Calls,
    CategoryStats,
    Fluency,
    GateVerdict,
    InputPaths,
    JudgeMeta,
    Results,
    Row,
    Shard,
)
from groundgate.rules import BUCKET_ORDER, Bucket, Outcome, bucket_of, classify, needs_rescore
from groundgate.stats import sign_test

EMPTY_RESPONSE = "empty response"
DRIFT_NOTE = "context drift: the two sides were judged against different retrieved contexts; look at retrieval first"


@dataclass(frozen=True)
class Options:
    """How the comparison treats flips. ``second_opinion`` names who re-scores newly ungrounded rows:
    'same' (the judge again), 'none' (the first verdict stands), or an independent judge's label."""

    blocking: frozenset[str]
    second_opinion: str = "same"
    rescore_baseline: bool = False
    min_cases_to_block: int = 0
    shard: tuple[int, int] | None = None
    category_sizes: dict[str, int] = field(default_factory=dict)  # of the whole suite, when sharded


@dataclass(frozen=True)
class Side:
    """One side's groundedness: a bucket with its score, or the judge's failure."""

    bucket: Bucket | None
    score: float | None
    reason: str | None
    error: str | None = None
    model: str | None = None

    @classmethod
    def of(cls, judgement: Judgement) -> Side:
        if isinstance(judgement, JudgeError):
            return cls(None, None, None, judgement.message, judgement.model)
        return cls(bucket_of(judgement.score), judgement.score, judgement.reason, None, judgement.model)


def _is_empty(text: str) -> bool:
    return not text.strip()


def _request(case: Case, inputs: Inputs, side: str, purpose: Purpose) -> JudgeRequest:
    response = (inputs.baseline if side == "before" else inputs.candidate)[case.id]
    return JudgeRequest(case, response.response, purpose, response.context)


def _judge_sides(judge: Judge, cases: list[Case], inputs: Inputs) -> dict[tuple[str, str], Side]:
    """Score every non-empty response once; empty ones are non-answers without a judge call."""
    sides: dict[tuple[str, str], Side] = {}
    keys: list[tuple[str, str]] = []
    requests: list[JudgeRequest] = []
    for case in cases:
        for side in ("before", "after"):
            request = _request(case, inputs, side, Purpose.GROUNDEDNESS)
            if _is_empty(request.response):
                sides[(case.id, side)] = Side(Bucket.NON_ANSWER, None, EMPTY_RESPONSE)
            else:
                keys.append((case.id, side))
                requests.append(request)
    for key, judgement in zip(keys, judge.score_all(requests, "groundedness"), strict=True):
        sides[key] = Side.of(judgement)
    return sides


def _fluency(judge: Judge, ties: list[Row], inputs: Inputs, by_id: dict[str, Case]) -> Fluency:
    requests = [
        JudgeRequest(by_id[row.id], text, Purpose.FLUENCY)
        for row in ties
        for text in (inputs.baseline[row.id].response, inputs.candidate[row.id].response)
    ]
    judgements = judge.score_all(requests, "fluency")
    deltas: list[float] = []
    skipped = 0
    for index, row in enumerate(ties):
        before, after = judgements[2 * index], judgements[2 * index + 1]
        row.before_fluency = before.score if isinstance(before, Verdict) else None
        row.after_fluency = after.score if isinstance(after, Verdict) else None
        if row.before_fluency is None or row.after_fluency is None:
            skipped += 1
        else:
            deltas.append(row.after_fluency - row.before_fluency)
    mean = sum(deltas) / len(deltas) if deltas else None
    reason = None if deltas else "the fluency judge gave no score on any tied row"
    return Fluency(consulted=True, reason=reason, mean_delta=mean, rows=len(deltas), skipped=skipped)


def verdict_of(counts: Counter[Outcome]) -> GateVerdict:
    """A blocking regression fails; otherwise any unjudged row means the gate could not measure."""
    if counts[Outcome.REGRESSION]:
        return "fail"
    if counts[Outcome.ERROR]:
        return "error"
    return "pass"


def category_stats(rows: list[Row]) -> list[CategoryStats]:
    """Per category: rows that moved to a worse or a better bucket, and the exact sign test on them."""
    order = {bucket: n for n, bucket in enumerate(BUCKET_ORDER)}
    tally: dict[str, list[int]] = {}
    for row in rows:
        counts = tally.setdefault(row.category, [0, 0, 0])
        counts[0] += 1
        if row.before is not None and row.after is not None and row.before is not row.after:
            counts[1 if order[row.after] < order[row.before] else 2] += 1
    return [
        CategoryStats(name=name, cases=n, worse=worse, better=better, p_value=sign_test(worse, better))
        for name, (n, worse, better) in sorted(tally.items())
    ]


def fingerprint(inputs: Inputs, judge: Judge, options: Options) -> str:
    """What makes two results parts of one run: the same input files, judge and rules."""
    identity = {
        "inputs": inputs.digests,
        "judge": judge.identity(),
        "blocking": sorted(options.blocking),
        "second_opinion": options.second_opinion,
        "rescore_baseline": options.rescore_baseline,
        "min_cases_to_block": options.min_cases_to_block,
    }
    return hashlib.sha256(json.dumps(identity, sort_keys=True, default=str).encode()).hexdigest()[:32]


def _check_models(sides: dict[tuple[str, str], Side]) -> None:
    """Baseline and candidate must be scored by the same judge model, or the comparison is apples and oranges."""
    before = {s.model for (_, side), s in sides.items() if side == "before" and s.model and s.error is None}
    after = {s.model for (_, side), s in sides.items() if side == "after" and s.model and s.error is None}
    if before and after and before != after:
        raise JudgeMismatch(
            f"baseline scores come from judge model(s) {', '.join(sorted(before))} but candidate scores from "
            f"{', '.join(sorted(after))}: refusing to compare; pin the judge deployment's model version and run again"
        )


def run(
    inputs: Inputs,
    judge: Judge,
    blocking_categories: frozenset[str] | Options,
    shard: tuple[int, int] | None = None,
    *,
    second: Judge | str | None = "same",
) -> Results:
    """Compare. ``second`` re-scores newly ungrounded rows: 'same' (this judge), None (no re-score:
    the first verdict stands) or another, independent judge."""
    options = (
        blocking_categories if isinstance(blocking_categories, Options) else Options(blocking_categories, shard=shard)
    )
    started = time.monotonic()
    sizes = options.category_sizes or dict(Counter(case.category for case in inputs.cases))
    if options.shard is not None:
        inputs = shard_inputs(inputs, *options.shard)
    cases = inputs.cases
    by_id = {case.id: case for case in cases}
    sides = _judge_sides(judge, cases, inputs)
    _check_models(sides)

    def newly_ungrounded(case: Case) -> bool:
        before, after = sides[(case.id, "before")].bucket, sides[(case.id, "after")].bucket
        return before is not None and after is not None and needs_rescore(before, after)

    flipped = [case for case in cases if newly_ungrounded(case)]
    rescorer = judge if second == "same" else second
    independent = isinstance(rescorer, Judge) and rescorer is not judge
    if rescorer is None or isinstance(rescorer, str):
        rescores = {case.id: sides[(case.id, "after")] for case in flipped}  # the first verdict stands
    else:
        # A fresh call on purpose: with the same judge it absorbs residual non-determinism, nothing more.
        rescored = rescorer.score_all([_request(c, inputs, "after", Purpose.RESCORE) for c in flipped], "re-scores")
        rescores = {case.id: Side.of(j) for case, j in zip(flipped, rescored, strict=True)}
    baseline_rescores: dict[str, Side] = {}
    if options.rescore_baseline and flipped:
        checker = rescorer if isinstance(rescorer, Judge) else judge
        again = checker.score_all(
            [_request(c, inputs, "before", Purpose.RESCORE) for c in flipped], "baseline re-scores"
        )
        baseline_rescores = {case.id: Side.of(j) for case, j in zip(flipped, again, strict=True)}

    confirmed_by = "none" if rescorer is None else options.second_opinion
    rows = [
        _row(
            case,
            sides,
            rescores.get(case.id),
            baseline_rescores.get(case.id),
            options,
            sizes,
            independent,
            inputs,
            confirmed_by,
        )
        for case in cases
    ]
    counts: Counter[Outcome] = Counter(row.outcome for row in rows)

    ties = [row for row in rows if row.outcome is Outcome.TIE]
    if counts[Outcome.REGRESSION]:
        fluency = Fluency(consulted=False, reason="groundedness blocked the change, so fluency gets no vote")
    elif not ties:
        fluency = Fluency(consulted=False, reason="no rows sat in the same partial or grounded bucket on both sides")
    elif not judge.info.fluency:
        fluency = Fluency(consulted=False, reason=f"the {judge.info.kind} judge does not measure fluency")
    else:
        fluency = _fluency(judge, ties, inputs, by_id)

    info = judge.info
    calls = judge.calls
    extra = [rescorer.calls] if isinstance(rescorer, Judge) and rescorer is not judge else []
    end_to_end = any(r.context is not None for side in (inputs.baseline, inputs.candidate) for r in side.values())
    return Results(
        tool_version=__version__,
        verdict=verdict_of(counts),
        counts={outcome: counts[outcome] for outcome in Outcome},
        blocking_categories=sorted(options.blocking),
        rows=rows,
        fluency=fluency,
        judge=JudgeMeta(
            kind=info.kind,
            rubric=info.rubric,
            deployment=info.deployment,
            api_version=info.api_version,
            reasoning=info.reasoning,
            sdk_version=info.sdk_version,
            model=", ".join(info.models) or None,
            models=list(info.models),
            second_opinion=confirmed_by,
        ),
        calls=Calls(
            groundedness=calls.groundedness,
            rescore=calls.rescore + sum(c.rescore for c in extra),
            fluency=calls.fluency,
            total=calls.total + sum(c.total for c in extra),
            failed=calls.failed + sum(c.failed for c in extra),
            tokens=calls.tokens + sum(c.tokens for c in extra),
            cached=calls.cached,
            deduplicated=calls.deduplicated,
            throttled=calls.throttled + sum(c.throttled for c in extra),
        ),
        inputs=InputPaths(cases=inputs.cases_path, baseline=inputs.baseline_path, candidate=inputs.candidate_path),
        warnings=list(inputs.warnings),
        wall_seconds=round(time.monotonic() - started, 3),
        shard=Shard(index=options.shard[0], count=options.shard[1]) if options.shard else None,
        fingerprint=fingerprint(inputs, judge, options),
        mode="end-to-end" if end_to_end else "frozen",
        categories=category_stats(rows),
        category_sizes=sizes,
    )


def _row(
    case: Case,
    sides: dict[tuple[str, str], Side],
    rescore: Side | None,
    baseline_rescore: Side | None,
    options: Options,
    sizes: dict[str, int],
    independent: bool,
    inputs: Inputs,
    confirmed_by: str,
) -> Row:
    before, after = sides[(case.id, "before")], sides[(case.id, "after")]
    blocking = case.category in options.blocking
    baseline, candidate = inputs.baseline[case.id], inputs.candidate[case.id]
    drift = (baseline.context or case.context) != (candidate.context or case.context)
    notes = []
    failures = [
        (who, side.error)
        for who, side in (
            ("baseline", before),
            ("candidate", after),
            ("re-score", rescore),
            ("baseline re-score", baseline_rescore),
        )
        if side is not None and side.error is not None
    ]
    if failures:
        outcome = Outcome.ERROR
        error: str | None = f"{failures[0][0]}: {failures[0][1]}"
    else:
        assert before.bucket is not None
        assert after.bucket is not None
        error = None
        small = blocking and sizes.get(case.category, 0) < options.min_cases_to_block
        outcome = classify(
            before.bucket,
            after.bucket,
            rescore.bucket if rescore else None,
            blocking,
            baseline_rescore=baseline_rescore.bucket if baseline_rescore else None,
            can_block=independent or not small,
        )
        if small and not independent and outcome is Outcome.REVIEW:
            notes.append(
                f"{case.category} has {sizes.get(case.category, 0)} cases, fewer than {options.min_cases_to_block}: "
                "a flip blocks there only when an independent second opinion confirms it"
            )
        if outcome is Outcome.STILL_UNGROUNDED and baseline_rescore is not None:
            notes.append(
                "the baseline's re-score is ungrounded too: the flip came from judge noise on the baseline side"
            )
    if drift and outcome in (Outcome.REGRESSION, Outcome.REVIEW, Outcome.UNSTABLE):
        notes.append(DRIFT_NOTE)
    return Row(
        id=case.id,
        category=case.category,
        line=case.line,
        blocking=blocking,
        outcome=outcome,
        before=before.bucket,
        after=after.bucket,
        before_score=before.score,
        after_score=after.score,
        rescore_score=rescore.score if rescore else None,
        before_reason=before.reason,
        after_reason=after.reason,
        rescore_reason=rescore.reason if rescore else None,
        confirmed_by=confirmed_by if rescore else None,
        baseline_rescore_score=baseline_rescore.score if baseline_rescore else None,
        baseline_rescore_reason=baseline_rescore.reason if baseline_rescore else None,
        before_model=before.model,
        after_model=after.model,
        drift=drift,
        note="; ".join(notes) or None,
        error=error,
        query=case.query,
        context=case.context,
        baseline=baseline.response,
        candidate=candidate.response,
        baseline_context=baseline.context,
        candidate_context=candidate.context,
    )

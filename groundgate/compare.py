"""The comparison: judge both sides, bucket, re-score new flips, classify, and consult fluency on ties.

Every decision is made by the pure rules in ``buckets``; this module only decides which rows need
which judge call, asks the judge for exactly those, in batches, and assembles one Row per case.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from dataclasses import dataclass

from groundgate import __version__
from groundgate.buckets import Bucket, Outcome, bucket_of, classify, needs_rescore
from groundgate.cases import Case, Inputs
from groundgate.cases import shard as shard_inputs
from groundgate.judges import Judge, JudgeError, Judgement, JudgeRequest, Purpose, Verdict
from groundgate.results import Calls, Fluency, GateVerdict, InputPaths, JudgeMeta, Results, Row, Shard

EMPTY_RESPONSE = "empty response"


@dataclass(frozen=True)
class Side:
    """One side's groundedness: a bucket with its score, or the judge's failure."""

    bucket: Bucket | None
    score: float | None
    reason: str | None
    error: str | None = None

    @classmethod
    def of(cls, judgement: Judgement) -> Side:
        if isinstance(judgement, JudgeError):
            return cls(None, None, None, judgement.message)
        return cls(bucket_of(judgement.score), judgement.score, judgement.reason)


def _is_empty(text: str) -> bool:
    return not text.strip()


def _judge_sides(judge: Judge, cases: list[Case], inputs: Inputs) -> dict[tuple[str, str], Side]:
    """Score every non-empty response once; empty ones are non-answers without a judge call."""
    sides: dict[tuple[str, str], Side] = {}
    keys: list[tuple[str, str]] = []
    requests: list[JudgeRequest] = []
    for case in cases:
        for side, responses in (("before", inputs.baseline), ("after", inputs.candidate)):
            text = responses[case.id].response
            if _is_empty(text):
                sides[(case.id, side)] = Side(Bucket.NON_ANSWER, None, EMPTY_RESPONSE)
            else:
                keys.append((case.id, side))
                requests.append(JudgeRequest(case, text, Purpose.GROUNDEDNESS))
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


def fingerprint(inputs: Inputs, judge: Judge, blocking_categories: frozenset[str]) -> str:
    """What makes two results parts of one run: the same input files, judge and blocking categories."""
    identity = {"inputs": inputs.digests, "judge": judge.identity(), "blocking": sorted(blocking_categories)}
    return hashlib.sha256(json.dumps(identity, sort_keys=True, default=str).encode()).hexdigest()[:32]


def run(
    inputs: Inputs, judge: Judge, blocking_categories: frozenset[str], shard: tuple[int, int] | None = None
) -> Results:
    started = time.monotonic()
    cases = inputs.cases
    by_id = {case.id: case for case in cases}
    if shard is not None:
        inputs = shard_inputs(inputs, *shard)
        cases = inputs.cases
    sides = _judge_sides(judge, cases, inputs)

    def newly_ungrounded(case: Case) -> bool:
        before, after = sides[(case.id, "before")].bucket, sides[(case.id, "after")].bucket
        return before is not None and after is not None and needs_rescore(before, after)

    flipped = [case for case in cases if newly_ungrounded(case)]
    # A fresh call on purpose: absorbs residual non-determinism, but it is the same judge.
    rescored = judge.score_all(
        [JudgeRequest(case, inputs.candidate[case.id].response, Purpose.RESCORE) for case in flipped], "re-scores"
    )
    rescores = {case.id: Side.of(j) for case, j in zip(flipped, rescored, strict=True)}

    rows = [_row(case, sides, rescores.get(case.id), blocking_categories, inputs) for case in cases]
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
    return Results(
        tool_version=__version__,
        verdict=verdict_of(counts),
        counts={outcome: counts[outcome] for outcome in Outcome},
        blocking_categories=sorted(blocking_categories),
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
        ),
        calls=Calls(
            groundedness=calls.groundedness,
            rescore=calls.rescore,
            fluency=calls.fluency,
            total=calls.total,
            failed=calls.failed,
            tokens=calls.tokens,
            cached=calls.cached,
            deduplicated=calls.deduplicated,
            throttled=calls.throttled,
        ),
        inputs=InputPaths(cases=inputs.cases_path, baseline=inputs.baseline_path, candidate=inputs.candidate_path),
        warnings=list(inputs.warnings),
        wall_seconds=round(time.monotonic() - started, 3),
        shard=Shard(index=shard[0], count=shard[1]) if shard else None,
        fingerprint=fingerprint(inputs, judge, blocking_categories),
    )


def _row(
    case: Case, sides: dict[tuple[str, str], Side], rescore: Side | None, blocking: frozenset[str], inputs: Inputs
) -> Row:
    before, after = sides[(case.id, "before")], sides[(case.id, "after")]
    error = before.error or after.error or (rescore.error if rescore else None)
    if error is not None:
        which = "baseline" if before.error else "candidate" if after.error else "re-score"
        outcome = Outcome.ERROR
        error = f"{which}: {error}"
    else:
        assert before.bucket is not None
        assert after.bucket is not None
        outcome = classify(before.bucket, after.bucket, rescore.bucket if rescore else None, case.category in blocking)
    return Row(
        id=case.id,
        category=case.category,
        line=case.line,
        blocking=case.category in blocking,
        outcome=outcome,
        before=before.bucket,
        after=after.bucket,
        before_score=before.score,
        after_score=after.score,
        rescore_score=rescore.score if rescore else None,
        before_reason=before.reason,
        after_reason=after.reason,
        rescore_reason=rescore.reason if rescore else None,
        error=error,
        query=case.query,
        context=case.context,
        baseline=inputs.baseline[case.id].response,
        candidate=inputs.candidate[case.id].response,
    )

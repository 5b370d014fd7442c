"""The comparison: judge both sides, bucket, re-score new flips, classify, and consult fluency on ties.

Every decision is made by the pure rules in ``rules``; this module only decides which rows need
which judge call, asks the judges for exactly those, in batches, and assembles one Row per case.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace

from groundgate import __version__
from groundgate.cases import Case, Inputs, Response, Triple, category_sizes, sorted_ids
from groundgate.cases import shard as shard_inputs
from groundgate.errors import JudgeMismatch
from groundgate.evidence import Evidence, Options, Side, row_of, same_model
from groundgate.judges import Judge, JudgeRequest, Purpose, Score, quota
from groundgate.judges import claims as claim_calls
from groundgate.noise import ELIGIBLE, choose, figures, per_shard
from groundgate.results import (
    Claim,
    Cost,
    Fluency,
    InputPaths,
    Noise,
    NoiseSample,
    Plan,
    Results,
    Row,
    Shard,
    StoredRows,
    Suite,
    category_stats,
    ids_digest,
    outcome_counts,
)
from groundgate.rules import BLOCKING, Bucket, Outcome, needs_rescore, unweighed_fluency, verdict_of
from groundgate.wording import listed

EMPTY_RESPONSE = "empty response"


# Rows whose answer is split into claims, in the order the report reads them (blocking first), and at most how many:
# a run whose candidate broke everything would otherwise pay a second call for rows no report shows.
CLAIMED = (Outcome.REGRESSION, Outcome.BLOCKING_FIGURE, Outcome.REVIEW, Outcome.UNSTABLE, Outcome.UNSUPPORTED_FIGURE)
CLAIMS_AT_MOST = 100


def where(judge: Judge) -> str:
    """Where a judge is, as a reader would look for it: its endpoint or server, else its kind."""
    info = judge.info
    return info.endpoint or info.base_url or info.kind


def _is_empty(text: str) -> bool:
    return not text.strip()


@dataclass(frozen=True, slots=True)
class Sides:
    """The two first verdicts of each case of a batch, in the batch's order."""

    before: list[Side]
    after: list[Side]


def _judge_sides(judge: Judge, batch: list[Triple], more: int) -> Sides:
    """Score every non-empty response once; empty ones are non-answers without a judge call. ``more``:
    responses still to judge in later batches (for the progress line)."""
    sides: list[list[Side | None]] = [[None] * len(batch), [None] * len(batch)]
    keys: list[tuple[int, int]] = []
    requests: list[JudgeRequest] = []
    for index, (case, *answers) in enumerate(batch):
        for side, answer in enumerate(answers):
            if _is_empty(answer.response):
                sides[side][index] = Side(Bucket.NON_ANSWER, None, EMPTY_RESPONSE)
            else:
                keys.append((side, index))
                requests.append(JudgeRequest.of(case, answer, Purpose.GROUNDEDNESS))
    at = where(judge)
    for (side, index), judgement in zip(keys, judge.score_all(requests, "groundedness", more=more), strict=True):
        sides[side][index] = Side.of(judgement, at)
    before, after = ([s for s in column if s is not None] for column in sides)
    return Sides(before, after)


def _tied(rows: StoredRows, inputs: Inputs) -> Iterator[list[tuple[int, Row, Triple]]]:
    """The tied rows with their inputs, a batch at a time: rows are stored in the inputs' order."""
    ties = (item for window in rows.of({Outcome.TIE}) for item in window)
    upcoming = next(ties, None)
    pos = 0
    for batch in inputs.batches():
        found = []
        for triple in batch:
            if upcoming is not None and upcoming[0] == pos:
                assert upcoming[1].id == triple[0].id  # rows are stored in the inputs' order, one per case
                found.append((pos, upcoming[1], triple))
                upcoming = next(ties, None)
            pos += 1
        if found:
            yield found


def _fluency(judge: Judge, rows: StoredRows, inputs: Inputs, ties: int) -> Fluency:
    total = 0.0
    scored = skipped = seen = 0
    for found in _tied(rows, inputs):
        requests = [
            JudgeRequest(case, answer.response, Purpose.FLUENCY)
            for _, _, (case, *answers) in found
            for answer in answers
        ]
        seen += len(found)
        judgements = judge.score_all(requests, "fluency", more=2 * (ties - seen))
        for index, (_, row, _) in enumerate(found):
            before, after = judgements[2 * index], judgements[2 * index + 1]
            row.before_fluency = before.score if isinstance(before, Score) else None
            row.after_fluency = after.score if isinstance(after, Score) else None
            if row.before_fluency is None or row.after_fluency is None:
                skipped += 1
            else:
                total += row.after_fluency - row.before_fluency
                scored += 1
        rows.replace([pos for pos, _, _ in found], [row for _, row, _ in found])
    mean = total / scored if scored else None
    reason = None
    if not scored:
        short = judge.left_out(Purpose.FLUENCY)
        reason = (
            "the run's budget left no judge calls for it"
            if short
            else "the fluency judge gave no score on any tied row"
        )
    return Fluency(consulted=True, reason=reason, mean_delta=mean, rows=scored, skipped=skipped)


def _noise(judge: Judge, rows: StoredRows, inputs: Inputs, options: Options, seed: str) -> Noise:
    """Re-score the candidate's answer on a seeded sample of rows whose bucket did not change: fresh
    calls by the run's own judge (the instrument being measured), never cached, never deduplicated."""
    eligible = (
        row.id
        for window in rows.of(ELIGIBLE)
        for _, row in window
        if row.after_score is not None  # an empty answer is a non-answer without a score: no judge call
    )
    size = per_shard(options.noise_sample, options.shard[1] if options.shard else 1)
    chosen = set(choose(eligible, size, seed))
    picked = [row for window in rows.of(ELIGIBLE) for _, row in window if row.id in chosen]  # in the suite's order
    answers = {case.id: (case, after.recorded()) for case, _, after in inputs if case.id in chosen}
    again = judge.score_all([JudgeRequest.of(*answers[row.id], Purpose.NOISE) for row in picked], "noise sample")
    samples = []
    for row, judgement in zip(picked, again, strict=True):
        assert row.after is not None  # a tie or an unchanged row has both buckets
        second = Side.of(judgement)
        samples.append(
            NoiseSample(
                id=row.id, bucket=row.after, score=row.after_score, rescore=second.bucket, rescore_score=second.score
            )
        )
    return figures(samples, rows, confirmed=options.rescorer.label != "none")


def fingerprint(inputs: Inputs, judge: Judge, options: Options) -> str:
    """What makes two results parts of one run: the same input files, judge and rules."""
    identity = {
        "inputs": inputs.digests,
        "judge": judge.identity(),
        "blocking": sorted(options.blocking),
        "second_opinion": options.rescorer.label,
        "rescore_baseline": options.rescore_baseline,
        "min_cases_to_block": options.min_cases_to_block,
        "noise_sample": options.noise_sample,  # shards sampling differently would merge into a skewed sample
        "end_to_end": options.end_to_end,
        "tripwire": options.tripwire,
    }
    return hashlib.sha256(json.dumps(identity, sort_keys=True, default=str).encode()).hexdigest()[:32]


def noise_seed(inputs: Inputs, judge: Judge, options: Options) -> str:
    """The noise sample's seed: what is judged (the records' content, in any order and however the JSON
    is spaced), by which judge, under which rules. Not the files' bytes: respacing a file must not let an
    author draw another sample. Not the sample's size: a smaller sample is the start of the same draw."""
    total = 0
    for case, before, after in inputs:
        record = (
            case.id,
            case.category,
            case.query,
            case.context,
            before.response,
            before.context,
            after.response,
            after.context,
        )
        total += int.from_bytes(hashlib.sha256(json.dumps(record).encode()).digest(), "big")
    identity = {
        "content": f"{total % (1 << 256):064x}",
        "judge": judge.identity(),
        "rules": fingerprint(replace(inputs, digests={}), judge, replace(options, noise_sample=0)),
    }
    return hashlib.sha256(json.dumps(identity, sort_keys=True, default=str).encode()).hexdigest()[:32]


def _check_models(sides: Sides, batch: list[Triple]) -> None:
    """Each row's baseline and candidate must be scored by the same judge model, or that row compares
    apples and oranges. Checked per row: equal sets of models on the two sides can still pair A with B.
    Checked a batch at a time, right after its first verdicts: a mismatch stops the run before more calls."""
    mixed = [
        (case.id, before.model, after.model)
        for (case, _, _), before, after in zip(batch, sides.before, sides.after, strict=True)
        if before.model and after.model and before.error is None and after.error is None and before.model != after.model
    ]
    if mixed:
        befores = sorted({str(b) for _, b, _ in mixed})
        afters = sorted({str(a) for _, _, a in mixed})
        rows = listed([repr(cid) for cid, _, _ in mixed], 10)
        raise JudgeMismatch(
            f"baseline scores come from judge model(s) {', '.join(befores)} but candidate scores from "
            f"{', '.join(afters)} on row(s) {rows}: refusing to compare; pin the judge deployment's model version "
            "and run again"
        )


def _own_context(case: Case, answer: Response) -> bool:
    return answer.context is not None and answer.context != case.context


def _judge_live(judge: Judge, batch: list[Triple]) -> dict[int, tuple[Side, Side]]:
    """End-to-end runs: the rows where a side carries its own retrieved context, each side judged against
    its own (a side without one is the request already made for the verdict: deduplicated, not sent again)."""
    own = [index for index, (case, *answers) in enumerate(batch) if any(_own_context(case, a) for a in answers)]
    if not own:
        return {}
    subset = [batch[index] for index in own]
    sides = _judge_sides(judge, subset, 0)
    _check_models(sides, subset)
    return dict(zip(own, zip(sides.before, sides.after, strict=True), strict=True))


def _batch_rows(
    judge: Judge, batch: list[Triple], options: Options, sizes: dict[str, int], more: int
) -> tuple[list[Row], list[str]]:
    """One batch's rows: its first verdicts, the re-scores of its new flips (``options.rescorer``), classified;
    and the warnings of second opinions that reported the first judge's own model. Every verdict is against
    the case's recorded context, whatever context a response record carries (``Response.recorded``)."""
    recorded = [(case, baseline.recorded(), candidate.recorded()) for case, baseline, candidate in batch]
    sides = _judge_sides(judge, recorded, more)
    _check_models(sides, recorded)
    flipped = [
        index
        for index, (before, after) in enumerate(zip(sides.before, sides.after, strict=True))
        if before.bucket is not None and after.bucket is not None and needs_rescore(before.bucket, after.bucket)
    ]
    rescorer = options.rescorer.pick(judge)
    rescores: dict[int, Side] = {}
    if rescorer is None:
        rescores = {index: sides.after[index] for index in flipped}  # the first verdict stands
    elif flipped:
        # A fresh call on purpose: with the same judge it absorbs residual non-determinism, nothing more.
        requests = [JudgeRequest.of(recorded[i][0], recorded[i][2], Purpose.RESCORE) for i in flipped]
        judged = rescorer.score_all(requests, "re-scores")
        rescores = {index: Side.of(j, where(rescorer)) for index, j in zip(flipped, judged, strict=True)}
    baseline_rescores: dict[int, Side] = {}
    if options.rescore_baseline and flipped:
        requests = [JudgeRequest.of(recorded[i][0], recorded[i][1], Purpose.RESCORE) for i in flipped]
        again = (rescorer or judge).score_all(requests, "baseline re-scores")
        at = where(rescorer or judge)
        baseline_rescores = {index: Side.of(j, at) for index, j in zip(flipped, again, strict=True)}
    live = _judge_live(judge, batch) if options.end_to_end else {}
    echoes = [echo for i in flipped if (echo := same_model(options.rescorer, sides.after[i], rescores.get(i)))]
    return [
        row_of(
            Evidence(
                case,
                baseline,
                candidate,
                before,
                after,
                rescores.get(index),
                baseline_rescores.get(index),
                live.get(index),
            ),
            options,
            sizes.get(case.category, 0),
        )
        for index, ((case, baseline, candidate), before, after) in enumerate(
            zip(batch, sides.before, sides.after, strict=True)
        )
    ], echoes


def plan(inputs: Inputs, judge: Judge, options: Options) -> Plan:
    """The calls this run will make, and their tokens, before the first one: each row's first verdicts
    (an answer the cache holds, or the same as the row's other answer, costs no call; the same answer in
    two rows is counted twice; when the cache holds them all, one call checks its scores are this judge
    model's), the noise sample, and at most a re-score of each changed answer and the fluency of each row's
    two answers. Tokens from the judge's estimate (``judges.cost``), if it has one; and how long the judge's
    quota makes the run, where its limits are known before the first call (``max-tpm``, ``max-rpm``): each
    call charged as the service charges it, prompt plus ``max_tokens``."""
    if options.shard is not None:
        inputs = shard_inputs(inputs, *options.shard)
    estimate = judge.estimate()
    charge = getattr(estimate, "charge", None)
    rescores = 1 + options.rescore_baseline if options.rescorer.label != "none" else 0
    calls = extra = tokens = extra_tokens = rows = charged = rescore = rescore_tokens = 0
    hit: JudgeRequest | None = None  # a first verdict the cache holds

    def cost(request: JudgeRequest) -> int:
        return estimate(request) if estimate is not None else 0

    for batch in inputs.batches():
        for case, *answers in batch:
            rows += 1
            keys: list[str] = []
            for answer in answers:
                if _is_empty(answer.response):
                    continue
                request = JudgeRequest.of(case, answer, Purpose.GROUNDEDNESS)
                key = judge.key(request)
                if key not in keys and not judge.cached(key):
                    calls, tokens = calls + 1, tokens + cost(request)
                    charged += charge(request) if charge is not None else 0
                elif hit is None and key not in keys:
                    hit = request
                keys.append(key)
            if len(keys) == 2 and keys[0] != keys[1]:  # a changed answer may flip
                request = JudgeRequest.of(case, answers[1], Purpose.RESCORE)
                rescore, rescore_tokens = rescore + rescores, rescore_tokens + rescores * cost(request)
            if len(keys) == 2 and judge.info.fluency:
                for answer in answers[: 1 if keys[0] == keys[1] else 2]:
                    request = JudgeRequest(case, answer.response, Purpose.FLUENCY)
                    extra, extra_tokens = extra + 1, extra_tokens + cost(request)
    if hit is not None and not calls:  # every first verdict cached: one real call checks they are this model's
        calls, tokens = 1, cost(hit)  # (``Judge.score_all``); a run with any fresh call learns it from that one
        charged = charge(hit) if charge is not None else 0
    noise = min(rows, per_shard(options.noise_sample, options.shard[1] if options.shard else 1))
    if noise:
        tokens += round(noise * tokens / calls) if calls else 0
        charged += round(noise * charged / calls) if calls else 0
        calls += noise
    counted = estimate is not None
    limits = judge.limits()
    return Plan(
        calls=calls,
        calls_at_most=calls + rescore + extra,
        verdict_calls=calls + rescore,
        tokens=tokens if counted else None,
        tokens_at_most=tokens + rescore_tokens + extra_tokens if counted else None,
        verdict_tokens=tokens + rescore_tokens if counted else None,
        quota_seconds=quota.bound(calls, charged, limits.rpm, limits.tpm if charge is not None else None),
        quota=quota.said(calls, charged, limits.rpm, limits.tpm if charge is not None else None),
    )


def run(inputs: Inputs, judge: Judge, options: Options, planned: Plan | None = None) -> Results:
    """Compare: judge both sides, re-score new flips (``options.rescorer``), classify, fluency on ties.

    A batch of cases at a time (``cases.BATCH``): its rows go to disk as they are decided
    (``results.StoredRows``), so memory does not grow with the number of unremarkable rows."""
    started = time.monotonic()
    if inputs.held:  # a pull request's blocked answers, read by the action (``sticky``)
        options = replace(options, held=inputs.held)
    sizes = category_sizes(inputs.cases)  # of the whole suite, before sharding
    suite = Suite(cases=sum(sizes.values()), ids_digest=ids_digest(sorted_ids(inputs.cases), presorted=True))
    if options.shard is not None:
        inputs = shard_inputs(inputs, *options.shard)
    rows = StoredRows()
    echoes: dict[str, None] = {}
    left = len(inputs.cases)
    for batch in inputs.batches():
        left -= len(batch)
        made, echoed = _batch_rows(judge, batch, options, sizes, more=2 * left)
        rows.extend(made)
        echoes.update(dict.fromkeys(echoed))
    counts = outcome_counts(rows)
    # The noise sample before fluency: it is part of the plan's minimum, fluency only spends what is left of a budget
    noise = (
        _noise(judge, rows, inputs, options, noise_seed(inputs, judge, options)) if options.noise_sample > 0 else None
    )
    if any(counts[o] for o in BLOCKING):
        fluency = Fluency(consulted=False, reason=unweighed_fluency(counts))
    elif not counts[Outcome.TIE]:
        fluency = Fluency(consulted=False, reason="no rows sat in the same partial or grounded bucket on both sides")
    elif not judge.info.fluency:
        fluency = Fluency(consulted=False, reason=f"the {judge.info.kind} judge does not measure fluency")
    elif not options.fluency:
        fluency = Fluency(consulted=False, reason="not asked for")
    else:
        fluency = _fluency(judge, rows, inputs, counts[Outcome.TIE])
    identity = fingerprint(inputs, judge, options)
    if options.claims and judge.info.claims:
        _claims(judge, rows)  # last: a failed claims call must not touch any call the verdict needs

    info = judge.info
    calls = judge.calls + options.rescorer.judge.calls if options.rescorer.judge is not None else judge.calls
    return Results(
        tool_version=__version__,
        verdict=verdict_of(counts),
        counts={outcome: counts[outcome] for outcome in Outcome},
        blocking_categories=sorted(options.blocking),
        rows=rows,
        fluency=fluency,
        judge=info.model_copy(
            update={
                "model": ", ".join(info.models) or None,
                "models": list(info.models),
                "second_opinion": options.rescorer.label,
                "second_opinion_basis": options.rescorer.basis,
            }
        ),
        calls=calls.model_copy(),
        inputs=InputPaths(cases=inputs.cases_path, baseline=inputs.baseline_path, candidate=inputs.candidate_path),
        warnings=[
            *inputs.warnings,
            *echoes,
            *judge.warnings(),
        ],
        wall_seconds=round(time.monotonic() - started, 3),
        shard=Shard(index=options.shard[0], count=options.shard[1]) if options.shard else None,
        fingerprint=identity,
        mode="end-to-end" if options.end_to_end else "frozen",
        categories=category_stats(rows),
        category_sizes=sizes,
        suite=suite,
        yardstick=inputs.yardstick,
        baseline_age=inputs.baseline_age,
        noise=noise,
        model_under_test=options.model_under_test,
        min_cases_to_block=options.min_cases_to_block,
        rescore_baseline=options.rescore_baseline,
        tripwire=options.tripwire,
        plan=planned,
        cost=Cost.of(options.prices, calls.tokens, calls.answer_tokens) if options.prices else None,
    )


def _claims(judge: Judge, rows: StoredRows) -> None:
    """The answers of the rows a person must read, split into claims by the judge model and labelled against
    the recorded context (``judges.claims``): shown under each row. A call that fails leaves its row without
    claims; nothing here changes an outcome."""
    readable = (item for o in CLAIMED for window in rows.of({o}) for item in window if item[1].candidate.strip())
    picked = list(itertools.islice(readable, CLAIMS_AT_MOST))
    if not picked:
        return
    requests = [
        JudgeRequest(Case(row.id, row.category, row.query, row.context, row.line), row.candidate, Purpose.CLAIMS)
        for _, row in picked
    ]
    done = []
    for (pos, row), judgement in zip(picked, judge.score_all(requests, "claims"), strict=True):
        if isinstance(judgement, Score) and (found := claim_calls.decode(judgement.reason)) is not None:
            row.claims = [Claim(claim, label, span) for label, claim, span in found]
            done.append((pos, row))
    if done:
        rows.replace([pos for pos, _ in done], [row for _, row in done])

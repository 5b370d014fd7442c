"""Combine the results of the shards of one run (``--shard K/N``) into one verdict and report.

Refuses results of different runs (another input file, judge or blocking list), a shard given
twice, a missing shard, and rows that are not exactly the suite's cases once each (a row dropped
from a shard's file, one counted twice, one that belongs to another shard): a merged verdict must
cover every case exactly once, or a missing regression could pass.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from groundgate.audit import sizes_problem
from groundgate.cases import Case, listed_ids, shards_of
from groundgate.errors import UsageError
from groundgate.noise import figures
from groundgate.results import (
    Calls,
    Fluency,
    Noise,
    Results,
    Row,
    StoredRows,
    category_stats,
    ids_digest,
    outcome_counts,
)
from groundgate.rules import BLOCKING, Outcome, unweighed_fluency, verdict_of


def _fluency(parts: Sequence[Results], counts: Counter[Outcome]) -> Fluency:
    if any(counts[o] for o in BLOCKING):
        return Fluency(consulted=False, reason=unweighed_fluency(counts))
    consulted = [p.fluency for p in parts if p.fluency.consulted]
    skipped = sum(p.fluency.skipped for p in parts)
    scored = [f for f in consulted if f.mean_delta is not None and f.rows]
    if scored:
        rows = sum(f.rows for f in scored)
        mean = sum((f.mean_delta or 0.0) * f.rows for f in scored) / rows
        return Fluency(consulted=True, mean_delta=mean, rows=rows, skipped=skipped)
    if consulted:
        return Fluency(consulted=True, reason="the fluency judge gave no score on any tied row", skipped=skipped)
    return Fluency(consulted=False, reason=parts[0].fluency.reason, skipped=skipped)


def _noise(parts: Sequence[Results], rows: Sequence[Row]) -> Noise | None:
    """The shards' noise samples pooled; the figures are recomputed over the merged rows."""
    measured = [p.noise for p in parts if p.noise is not None]
    if not measured:
        return None
    samples = sorted((s for noise in measured for s in noise.samples), key=lambda s: s.id)
    return figures(samples, rows, confirmed=parts[0].judge.second_opinion != "none")


def _check_coverage(parts: Sequence[Results], rows: StoredRows, cases: Sequence[Case] | None) -> None:
    """Every case of the suite exactly once, each in its own shard; ``cases`` (the cases file, when at hand) names
    what is missing and which shard each case belongs to (``cases.assign``: by their texts), else the suite's
    digest proves every case is there once."""
    doubled, count = rows.doubled()
    if doubled:
        raise UsageError(
            f"these cases appear in more than one shard result: {listed_ids(doubled, count)}; merge each shard once"
        )
    of = shards_of(cases, parts[0].shard.count) if cases is not None and parts[0].shard is not None else None
    for part in parts:
        assert part.shard is not None
        if of is None:
            break
        ids = part.rows.ids() if isinstance(part.rows, StoredRows) else (row.id for row in part.rows)
        strays = [cid for cid in ids if of.get(cid, part.shard.index) != part.shard.index]
        if strays:
            raise UsageError(
                f"shard {part.shard.index} of {part.shard.count} holds rows of other shards: {listed_ids(strays)}"
            )
    suite = parts[0].suite
    if cases is not None:
        case_ids = [case.id for case in cases]
        missing = [cid for cid in case_ids if not rows.has_id(cid)]
        known = set(case_ids)
        unknown = [cid for cid in rows.sorted_ids() if cid not in known]
        if missing or unknown:
            what = f"no row for {len(missing)} case(s): {listed_ids(missing)}" if missing else ""
            extra = f"rows for ids that are not cases: {listed_ids(unknown)}" if unknown else ""
            raise UsageError(f"the shard results do not cover the suite: {'; '.join(filter(None, (what, extra)))}")
    if suite is None or any(p.suite != suite for p in parts):
        raise UsageError("these shard results do not say which suite they belong to; run the shards again")
    if len(rows) != suite.cases or ids_digest(rows.sorted_ids(), presorted=True) != suite.ids_digest:
        raise UsageError(
            f"the shard results hold {len(rows)} row(s) but the suite has {suite.cases} case(s), or other ones: "
            "a merged verdict must cover every case exactly once (give the cases file to name the missing ones)"
        )


def _rules(part: Results) -> tuple[object, ...]:
    """What a shard's rows were decided under: shards of one run share it (the fingerprint says so too, but
    a file's fingerprint is only its word; these are what ``audit`` checked its rows against)."""
    return (
        tuple(sorted(part.blocking_categories)),
        part.judge.second_opinion,
        part.min_cases_to_block,
        part.rescore_baseline,
        part.mode,
        part.tripwire,
        tuple(sorted(part.category_sizes.items())),
    )


def merge(parts: Sequence[Results], cases: Sequence[Case] | None = None) -> Results:
    if not parts:
        raise UsageError("merge needs the results of at least one shard")
    first = parts[0]
    if any(p.shard is None for p in parts):
        raise UsageError("merge takes results written with --shard K/N; one of them covers the whole run already")
    count = first.shard.count if first.shard else 0
    if any(p.fingerprint != first.fingerprint or (p.shard and p.shard.count != count) for p in parts):
        raise UsageError(
            "these results come from different runs (input files, judge, rules or noise sample size differ)"
        )
    if len({_rules(p) for p in parts}) > 1:
        raise UsageError(
            "these shard results were decided under different rules (blocking categories, second opinion, "
            "min-cases-to-block, rescore-baseline, mode, tripwire or the suite's categories differ): shards of one run agree"
        )
    indices = Counter(p.shard.index for p in parts if p.shard)
    twice = sorted(i for i, n in indices.items() if n > 1)
    missing = sorted(set(range(1, count + 1)) - set(indices))
    if twice:
        raise UsageError(f"shard(s) {', '.join(map(str, twice))} of {count} given more than once")
    if missing:
        raise UsageError(
            f"shard(s) {', '.join(map(str, missing))} of {count} missing: a merged verdict must cover every case"
        )

    rows = StoredRows()  # on disk, as each part's: a merge of a million rows holds counters, not rows
    for part in parts:
        rows.extend(part.rows)
        if isinstance(part.rows, StoredRows):
            part.rows.store.shrink()  # read once: its page cache goes back, or 64 shards hold 64 caches
    rows.sort_by_line()
    _check_coverage(parts, rows, cases)
    counts = outcome_counts(rows)
    if (problem := sizes_problem(first.model_copy(update={"rows": rows, "shard": None}))) is not None:
        raise UsageError(f"the shard results do not add up to their suite: {problem[1]}")
    calls = Calls(**{name: sum(getattr(p.calls, name) for p in parts) for name in Calls.model_fields})
    models = list(dict.fromkeys(m for p in parts for m in p.judge.models))
    judge = first.judge.model_copy(update={"models": models, "model": ", ".join(models) or None})
    return first.model_copy(
        update={
            "verdict": verdict_of(counts),
            "counts": {outcome: counts[outcome] for outcome in Outcome},
            "rows": rows,
            "fluency": _fluency(parts, counts),
            "judge": judge,
            "calls": calls,
            "warnings": list(dict.fromkeys(w for p in parts for w in p.warnings)),
            "wall_seconds": max(p.wall_seconds for p in parts),
            "categories": category_stats(rows),
            "noise": _noise(parts, rows),
            "shard": None,
        }
    )

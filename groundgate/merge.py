"""Combine the results of the shards of one run (``--shard K/N``) into one verdict and report.

Refuses results of different runs (another input file, judge or blocking list), a shard given
twice, and a missing shard: a merged verdict must cover every case exactly once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from groundgate.errors import UsageError
from groundgate.results import Calls, Fluency, Results, category_stats
from groundgate.rules import Outcome, verdict_of


def _fluency(parts: Sequence[Results], counts: Counter[Outcome]) -> Fluency:
    if counts[Outcome.REGRESSION]:
        return Fluency(consulted=False, reason="groundedness blocked the change, so fluency gets no vote")
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


def merge(parts: Sequence[Results]) -> Results:
    if not parts:
        raise UsageError("merge needs the results of at least one shard")
    first = parts[0]
    if any(p.shard is None for p in parts):
        raise UsageError("merge takes results written with --shard K/N; one of them covers the whole run already")
    count = first.shard.count if first.shard else 0
    if any(p.fingerprint != first.fingerprint or (p.shard and p.shard.count != count) for p in parts):
        raise UsageError("these results come from different runs (input files, judge, or blocking categories differ)")
    indices = Counter(p.shard.index for p in parts if p.shard)
    twice = sorted(i for i, n in indices.items() if n > 1)
    missing = sorted(set(range(1, count + 1)) - set(indices))
    if twice:
        raise UsageError(f"shard(s) {', '.join(map(str, twice))} of {count} given more than once")
    if missing:
        raise UsageError(
            f"shard(s) {', '.join(map(str, missing))} of {count} missing: a merged verdict must cover every case"
        )

    rows = sorted((row for p in parts for row in p.rows), key=lambda row: row.line)
    counts: Counter[Outcome] = Counter(row.outcome for row in rows)
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
            "shard": None,
        }
    )

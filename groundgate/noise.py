"""The judge's noise floor, measured in the run itself: pure choice of the sample and pure figures.

A gate on flips trusts the judge to give the same bucket to the same answer. Re-scoring a few rows
whose bucket did not change between the sides measures how often it does not, in this run, with this
judge; the rate with its exact interval turns "8 flips" into "8 flips, of which about 0.4 may be the
judge changing its mind".
"""

from __future__ import annotations

import hashlib
import heapq
import math
from collections.abc import Iterable, Sequence

from pydantic import BaseModel, ConfigDict, Field, model_validator

from groundgate.rules import Bucket, Judged, Outcome, needs_rescore, tally
from groundgate.stats import clopper_pearson


class NoiseSample(BaseModel):
    """One unchanged row re-scored for the noise floor: its first verdict and the second one."""

    model_config = ConfigDict(extra="forbid")

    id: str
    bucket: Bucket  # the candidate's first verdict
    score: float | None  # None: an empty answer, a non-answer without a judge call
    rescore: Bucket | None  # None: the re-score failed, and the row is not in `sampled`
    rescore_score: float | None


class Noise(BaseModel):
    """The judge's noise measured in this run: rows whose bucket did not change, re-scored once more.
    A re-score in another bucket than the first verdict is a noise flip: the instrument's error bar.
    Part of the results file (``results.Results.noise``)."""

    model_config = ConfigDict(extra="forbid")

    sampled: int  # re-scores that came back with a score
    flipped: int  # of those, how many landed in another bucket
    failed: int = 0  # re-scores that came back without a score: not in `sampled`
    rate: float | None  # flipped / sampled
    interval: tuple[float, float] | None  # exact 95% (Clopper-Pearson) interval of the rate
    flips: int  # rows this run re-scored as newly ungrounded
    expected_false_flips: float | None  # rate x flips: how many of them the noise alone may explain
    exposed: int  # blocking-category rows that could have flipped (not ungrounded, not failed, on the baseline side)
    false_blocking_flip: float | None  # chance that noise alone gives one of them a confirmed flip
    samples: list[NoiseSample] = Field(default_factory=list)

    @model_validator(mode="after")
    def _counted(self) -> Noise:
        """The counts are the samples' (an edited results file cannot claim a quieter judge than it sampled)."""
        scored = [s for s in self.samples if s.rescore is not None]
        flipped = sum(1 for s in scored if s.rescore is not s.bucket)
        if (self.sampled, self.flipped, self.failed) != (len(scored), flipped, len(self.samples) - len(scored)):
            raise ValueError("the noise figures do not match its samples")
        if self.rate != (flipped / len(scored) if scored else None):
            raise ValueError("the noise rate does not match its samples")
        return self

    @property
    def high(self) -> bool:
        """A confirmed blocking flip is then more likely noise than not."""
        return self.false_blocking_flip is not None and self.false_blocking_flip > 0.5


ELIGIBLE = frozenset({Outcome.TIE, Outcome.UNCHANGED})  # rows whose bucket did not change between the sides


def choose(ids: Iterable[str], size: int, seed: str) -> list[str]:
    """A seeded sample of ``size`` ids (all of them when fewer): the same inputs choose the same rows
    on every rerun, in any order, and no author can pick which rows are sampled without changing what
    is judged (the seed is the judged content, the judge and the rules: ``compare.noise_seed``)."""
    if size <= 0:
        return []

    def rank(cid: str) -> bytes:
        return hashlib.sha256(f"{seed}\0{cid}".encode()).digest()

    return heapq.nsmallest(size, ids, key=rank)  # sorted(ids, key=rank)[:size], holding only `size` ids


def per_shard(size: int, shards: int) -> int:
    """Each of N shards samples its share, so the merged sample is about the size asked for."""
    return math.ceil(size / shards) if size > 0 else 0


def flips_of(rows: Sequence[Judged]) -> int:
    """Rows that newly fell to ungrounded on their first verdicts: the flips the noise may explain."""
    return sum(
        n for (_, _, _, b, a), n in tally(rows).items() if b is not None and a is not None and needs_rescore(b, a)
    )


def exposed_of(rows: Sequence[Judged]) -> int:
    """Blocking rows that could have flipped: judged, and not ungrounded on the baseline side already."""
    return sum(
        n
        for (_, blocking, outcome, before, _), n in tally(rows).items()
        if blocking and outcome is not Outcome.ERROR and before is not Bucket.UNGROUNDED
    )


def false_flip_chance(rate: float, exposed: int, confirmed: bool) -> float:
    """The chance that noise alone gives at least one of ``exposed`` rows a flip that passes the
    re-score: two independent wrong verdicts (rate squared) when flips are re-scored, one otherwise.
    Counting any bucket change as a wrong verdict overstates the chance of one into ungrounded, and
    assuming independence understates it for a judge that repeats itself: a reading aid, not the gate."""
    per_row = rate * rate if confirmed else rate
    return 1.0 - (1.0 - per_row) ** exposed


def figures(samples: Sequence[NoiseSample], rows: Sequence[Judged], confirmed: bool) -> Noise:
    """The noise object from the re-scored sample and the rows it speaks for (one shard's, or all merged)."""
    flips, exposed = flips_of(rows), exposed_of(rows)
    scored = [s for s in samples if s.rescore is not None]
    flipped = sum(1 for s in scored if s.rescore is not s.bucket)
    n = len(scored)
    rate = flipped / n if n else None
    return Noise(
        sampled=n,
        flipped=flipped,
        failed=len(samples) - n,
        rate=rate,
        interval=clopper_pearson(flipped, n) if n else None,
        flips=flips,
        expected_false_flips=rate * flips if rate is not None else None,
        exposed=exposed,
        false_blocking_flip=false_flip_chance(rate, exposed, confirmed) if rate is not None else None,
        samples=list(samples),
    )


def mismatch(noise: Noise, rows: Sequence[Judged], noise_calls: int, confirmed: bool) -> str | None:
    """What is wrong with a results file's noise figures, or None: each sample must be a row whose bucket
    did not change, once, with that row's first verdict, every re-score a call the run counted, and
    every figure the one its samples and rows give. A crafted file cannot claim a quieter judge."""
    wanted = {sample.id for sample in noise.samples}
    by_id = {row.id: row for row in rows if row.id in wanted}
    seen: set[str] = set()
    for sample in noise.samples:
        row = by_id.get(sample.id)
        if row is None:
            return f"the noise sample names {sample.id!r}, which is not a row"
        if sample.id in seen:
            return f"the noise sample names {sample.id!r} twice"
        seen.add(sample.id)
        if row.outcome not in ELIGIBLE:
            return f"the noise sample holds {sample.id!r}, a {row.outcome.value} row: only unchanged rows are sampled"
        if (sample.bucket, sample.score) != (row.after, row.after_score):
            return f"the noise sample's first verdict on {sample.id!r} is not the row's"
    if noise.sampled > noise_calls:
        return f"the noise sample has {noise.sampled} re-scores but the run counted {noise_calls} noise calls"
    again = figures(noise.samples, rows, confirmed)
    for name in ("flips", "exposed"):
        if getattr(noise, name) != getattr(again, name):
            return f"the noise figure {name!r} does not match the rows"
    for name in ("expected_false_flips", "false_blocking_flip"):
        stored, right = getattr(noise, name), getattr(again, name)
        if (stored is None) != (right is None) or (right is not None and not math.isclose(stored, right, abs_tol=1e-9)):
            return f"the noise figure {name!r} does not match its samples and rows"
    if (noise.interval is None) != (again.interval is None) or (
        noise.interval is not None
        and again.interval is not None
        and not all(math.isclose(a, b, abs_tol=1e-9) for a, b in zip(noise.interval, again.interval, strict=True))
    ):
        return "the noise interval does not match its samples"
    return None

"""The quota's pace as the judge's client meets a deployment (``support.clients``: starts booked as ``acquire``
books them, at most ``--max-concurrency`` in flight, a trip each way, answers after the judge's latency): the
probes of a hostile review (hostile51) of reading other callers by when each request started."""

from __future__ import annotations

import random
from collections.abc import Callable

from groundgate.judges.quota import Pace
from tests.support.clients import Other, Run, simulate
from tests.support.fakes.quota import AzureQuota
from tests.support.paces import body

WHOLE = 600_000


def test_shards_whose_client_says_no_start_keep_to_their_share() -> None:
    """Four shards side by side whose client calls ``answered`` without ``started`` (answers 2-40 s): each booked
    start stayed in flight and the answer was booked again at its arrival, so this run's charges counted twice as
    its own, the others came out near none and each shard paced to the whole deployment (3.0% refused after the
    opening). Now an answer that does not say when its request started is the oldest one not answered yet."""
    rng = random.Random(7)
    now = [0.0]
    deployment = AzureQuota(WHOLE, clock=lambda: now[0])
    runs = []
    for k in range(4):
        pace = Pace(clock=lambda: now[0], share=0.25)
        pace.opening = 4
        runs.append(Run(pace, [body(rng.randint(600, 1800), 800) for _ in range(400)], latency=lambda: rng.uniform(2.0, 40.0),
                        rng=random.Random(k), concurrency=200, pass_started=False))  # fmt: skip
    simulate(deployment, runs, now)
    late = [at for at in deployment.tally.refusals if at > 20.0]
    assert len(late) <= 0.02 * deployment.tally.requests, (len(late), deployment.tally.requests)


def test_starts_of_a_judge_whose_answers_say_nothing_left_are_not_kept_forever() -> None:
    """A judge whose answers carry no x-ratelimit-remaining-tokens (a self-hosted server, a gateway that strips
    it), or a provider the engine paces (acquire, never answered): every start was booked, and only an answer with
    the header forgot old ones (100,000 starts kept 100,000)."""
    now = [0.0]
    pace = Pace(clock=lambda: now[0], rpm=600)
    for _ in range(100_000):
        now[0] += pace.reserve(1000)  # ten a second, for 2.8 hours
    assert len(pace._others._sent) < 10_000, len(pace._others._sent)


def test_a_caller_that_joins_is_refused_only_until_the_run_sees_it() -> None:
    """A run alone (1,500 requests), then another caller takes 60% of the deployment from second 60 and never backs
    off. The run sees it within seconds: with answers at once every refusal of the other caller's falls in its
    first 10 s, which is 4% of its requests if it stays a minute and 1% if it stays four; with the judge's answers
    2-40 s and a trip of 0.1-2 s the run sees it later, and after its first 10 s at most 1% of its requests are
    refused. Seeing a caller before it comes is not possible: a deployment shared with production is what
    `max-tpm` is for (docs/performance.md)."""
    for latency, trip, stays in (((0.5, 0.5), (0.0, 0.0), 60.0), ((0.5, 0.5), (0.0, 0.0), 240.0), ((2.0, 40.0), (0.1, 2.0), 240.0)):  # fmt: skip
        other = joined(latency, trip, stays)
        after = [at for at in other.refusals if at > 70.0]
        if latency == (0.5, 0.5):
            assert not after, after[:10]
            assert len(other.refusals) <= (0.05 if stays == 60.0 else 0.015) * other.sent, (len(other.refusals), other.sent)  # fmt: skip
        assert len(after) <= 0.01 * other.sent, (len(after), other.sent)


def joined(latency: tuple[float, float], trip: tuple[float, float], stays: float) -> Other:
    """A run alone of 1,500 requests at --max-concurrency 200, and a caller taking 60% of the deployment from
    second 60 for ``stays`` seconds: that caller, with what the deployment refused it."""
    rng = random.Random(7)
    now = [0.0]
    deployment = AzureQuota(WHOLE, clock=lambda: now[0])
    pace = Pace(clock=lambda: now[0], tpm=WHOLE, share=1.0)
    other = Other(0.6, 60.0, 60.0 + stays)
    run = Run(pace, [body(rng.randint(600, 1800), 800) for _ in range(1500)], trip=lambda: rng.uniform(*trip),
              latency=lambda: rng.uniform(*latency), rng=rng, concurrency=200)  # fmt: skip
    simulate(deployment, [run], now, others=[other])
    return other


def test_shards_started_apart_with_slow_answers_open_without_a_storm() -> None:
    """Four shards (slots 0-3 of 4) started at 0, 20, 45 and 90 s, their judges answering in 0.5-2, 2-20, 10-40 and
    20-60 s, a trip of 0.1-2 s, --max-concurrency 200: the opening held the rest of a shard's window back for 10 s at most, then let it
    all go before any answer had said a limit (540 of 2,140 requests refused in the openings, hostile51). Now each
    10 s without an answer lets one more opening's worth start."""
    rng = random.Random(7)
    now = [0.0]
    deployment = AzureQuota(WHOLE, clock=lambda: now[0])
    runs = []
    for k, (start, latency) in enumerate(zip((0, 20, 45, 90), ((0.5, 2), (2, 20), (10, 40), (20, 60)), strict=True)):
        pace = Pace(clock=lambda: now[0], share=0.25)
        pace.opening, pace.slot = 4, (k, 4)
        runs.append(Run(pace, [body(rng.randint(600, 1800), 800) for _ in range(400)], start_at=start, trip=lambda: rng.uniform(0.1, 2.0),
                        latency=uniform(rng, *latency), rng=random.Random(k), concurrency=200))  # fmt: skip
    simulate(deployment, runs, now)
    tally = deployment.tally
    assert tally.refused <= 0.01 * tally.requests, (tally.refused, tally.requests, tally.refusals[:10])


def uniform(rng: random.Random, low: float, high: float) -> Callable[[], float]:
    return lambda: rng.uniform(low, high)


def shards(n: int, charge_words: int, other: Other) -> list[Run]:
    """``n`` shards (slots 0 to n-1) of 600k TPM, as runner.py sets them for --shard K/N at --max-concurrency 16,
    answers 0.5-2 s, a trip of 0.1-0.5 s, beside ``other``."""
    rng = random.Random(7)
    now = [0.0]
    deployment = AzureQuota(WHOLE, clock=lambda: now[0])
    runs = []
    for k in range(n):
        pace = Pace(clock=lambda: now[0], share=1 / n)
        pace.opening, pace.slot = max(1, round(16 / n)), (k, n)
        runs.append(Run(pace, [body(charge_words, 800) for _ in range(1200 // n)], trip=uniform(rng, 0.1, 0.5),
                        latency=uniform(rng, 0.5, 2.0), rng=random.Random(k), concurrency=16))  # fmt: skip
    simulate(deployment, runs, now, others=[other])
    return runs


def test_a_caller_joining_eight_shards_is_seen_by_them() -> None:
    """Eight shards (charges about 4,800) and a caller taking 60% for a minute from second 60 (hostile52): each
    shard fell to the floor of a tenth (eight tenths beside the caller's 60%) while keeping the margin of shards in
    their slots (sqrt(N)/N of a charge, N read from the part: as if ten shards), and 83 of the caller's 711
    requests were refused after its first 10 s. Now the slots' margin holds only while the part is the plain share,
    and the floor is a tenth of the deployment for all shards together."""
    other = Other(0.6, 60.0, 120.0)
    shards(8, 4000, other)
    after = [at for at in other.refusals if at > 70.0]
    assert len(after) <= 0.03 * other.sent, (len(after), other.refused, other.sent)


def test_sixteen_shards_give_way_to_a_caller_that_joins() -> None:
    """Sixteen shards: each one's share (1/16) was below the floor of a tenth, so no part ever fell, and beside a
    caller taking 60% the shards kept the whole deployment between them (hostile52)."""
    other = Other(0.6, 60.0, 120.0)
    runs = shards(16, 1200, other)
    during = [min(part for at, part in run.parts if 75.0 <= at <= 120.0) for run in runs]
    assert sum(during) <= 0.5, (round(sum(during), 3), sorted({round(d, 3) for d in during}))

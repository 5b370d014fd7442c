"""What a run will spend, said before anything is spent: ``groundgate compare --dry-run``.

The run's plan (``compare.plan``) split three ways: **low**, the calls every run makes whatever the judge
answers (first verdicts not in the cache nor repeated in their row, the noise sample); **expected**, what a
run that passes makes (low, and fluency on the rows that tie, consulted only when nothing blocks); **high**,
every call the answers could need (expected, a re-score of every changed answer, the claims of as many rows
to read as the run splits). Tokens are the judge's estimate (``judges.cost``); the cost is said only at the
prices given, and "unknown" otherwise; the time is the floor the judge's quota puts under the run, which the
judge's latency can only raise. Nothing here calls a judge.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, replace

from groundgate import compare
from groundgate.cases import Inputs
from groundgate.cases import shard as shard_inputs
from groundgate.compare import CLAIMS_AT_MOST
from groundgate.evidence import Options, Rescorer
from groundgate.judges import Judge, JudgeRequest, Purpose
from groundgate.judges import quota as pace
from groundgate.judges.cost import ANSWER_TOKENS, RUBRIC_ALLOWANCE, text_tokens
from groundgate.results import Plan
from groundgate.wording import duration


@dataclass(frozen=True)
class Spend:
    """Judge calls and their tokens; ``tokens`` None: this judge's tokens are not counted (it calls no model)."""

    calls: int
    tokens: int | None = None
    answer_tokens: int | None = None  # of ``tokens``, the answers': priced apart from the prompts

    def __add__(self, other: Spend) -> Spend:
        def add(a: int | None, b: int | None) -> int | None:
            return None if a is None or b is None else a + b

        return Spend(
            self.calls + other.calls, add(self.tokens, other.tokens), add(self.answer_tokens, other.answer_tokens)
        )


@dataclass(frozen=True)
class Quota:
    """The judge's quota, as the run paces itself to it: requests a minute (``--max-rpm``) and, when given,
    tokens a minute."""

    rpm: float | None = None
    tpm: float | None = None


@dataclass(frozen=True)
class Forecast:
    low: Spend
    expected: Spend
    high: Spend
    claims: int  # of ``high``'s calls, the claims calls
    quota: Quota
    prices: tuple[float, float] | None  # per million prompt and answer tokens
    reasoning: bool = False  # a reasoning model's answers spend tokens no estimate sees
    service: str | None = None  # a judge whose service counts its own tokens (foundry): None, one that calls no model


def _answers(calls: int, tokens: int | None) -> int | None:
    return None if tokens is None else calls * ANSWER_TOKENS


def _spend(calls: int, tokens: int | None) -> Spend:
    return Spend(calls, tokens, _answers(calls, tokens))


def claims_bound(inputs: Inputs, judge: Judge, options: Options) -> Spend:
    """At most one claims call for each row whose two answers differ (a row only becomes one to read when its
    answer changed), and no more than the run splits; its tokens are those of the longest such answers."""
    if not (options.claims and judge.info.claims):
        return Spend(0, 0 if judge.estimate() is not None else None, 0)
    if options.shard is not None:
        inputs = shard_inputs(inputs, *options.shard)
    estimate = judge.estimate()
    sizes: list[tuple[int, int]] = []  # (tokens, answer tokens) of each possible claims call
    for batch in inputs.batches():
        for case, before, after in batch:
            if not after.response.strip():
                continue
            first = judge.key(JudgeRequest.of(case, before, Purpose.GROUNDEDNESS))
            if first == judge.key(JudgeRequest.of(case, after, Purpose.GROUNDEDNESS)):
                continue
            request = JudgeRequest(case, after.response, Purpose.CLAIMS)
            cost = estimate(request) if estimate is not None else 0
            sizes.append((cost, text_tokens(after.response, after.response) + ANSWER_TOKENS))
    picked = heapq.nlargest(CLAIMS_AT_MOST, sizes)
    if estimate is None:
        return Spend(len(picked))
    return Spend(len(picked), sum(t for t, _ in picked), sum(a for _, a in picked))


def forecast(
    inputs: Inputs, judge: Judge, options: Options, planned: Plan, quota: Quota, reasoning: bool = False
) -> Forecast:
    """``planned`` is the run's own plan (``app.budgeted``); the plan again without re-scores separates the
    fluency calls from them."""
    without = compare.plan(inputs, judge, replace(options, rescorer=Rescorer("none")))
    low = _spend(planned.calls, planned.tokens)
    fluency_tokens = None
    if without.tokens_at_most is not None and without.tokens is not None:
        fluency_tokens = without.tokens_at_most - without.tokens
    expected = low + _spend(without.calls_at_most - without.calls, fluency_tokens) if options.fluency else low
    claims = claims_bound(inputs, judge, options)
    high = _spend(planned.calls_at_most, planned.tokens_at_most) + claims
    service = "Foundry's evaluation runs" if judge.info.kind == "foundry" else None
    return Forecast(low, expected, high, claims.calls, quota, options.prices, reasoning, service)


def cost(spend: Spend, prices: tuple[float, float]) -> float:
    prompt = (spend.tokens or 0) - (spend.answer_tokens or 0)
    return (prompt * prices[0] + (spend.answer_tokens or 0) * prices[1]) / 1e6


def quota_seconds(spend: Spend, quota: Quota) -> float | None:
    """The least time the quota lets ``spend`` take: its calls at ``rpm`` and its tokens at ``tpm``, whichever
    is slower; None without a quota. (The rate cap spaces call starts 60/rpm seconds apart.) Tokens as the
    service charges them at a call's arrival: its prompt plus the answer tokens it reserves (``max_tokens``),
    not the answer it gets."""
    if spend.tokens is None:  # tokens not counted: the requests alone
        return pace.bound(spend.calls, 0, quota.rpm, None)
    charged = spend.tokens - (spend.answer_tokens or 0) + spend.calls * RUBRIC_ALLOWANCE
    return pace.bound(spend.calls, charged, quota.rpm, quota.tpm)


def money(amount: float) -> str:
    """Two decimals, or two significant digits below 0.01: a cost that is not zero never reads as 0.00."""
    if amount == 0 or amount >= 0.01:
        return f"{amount:,.2f}"
    return f"{amount:.2g}"


def _tokens(n: int) -> str:
    return f"{n / 1e6:.1f}M" if n >= 100_000 else f"{n:,}"


def said(found: Forecast, concurrency: int, rpm_flag: str = "--max-rpm", tpm_flag: str = "--max-tpm") -> str:
    """The forecast as the console prints it, a few lines."""
    low, expected, high = found.low, found.expected, found.high
    lines = [f"calls: {low.calls:,} low · {expected.calls:,} expected · {high.calls:,} high"]
    if found.service is not None:
        lines.append(f"tokens: not estimated: {found.service} call the model and count them (the run reports them)")
        lines.append("cost: as the service bills its evaluation runs")
    elif low.tokens is None or expected.tokens is None or high.tokens is None:
        lines.append("tokens: none counted: this judge calls no model")
        lines.append("cost: nothing: this judge calls no model")
    else:
        more = " (a reasoning model's reasoning tokens are not in it: the high figure may be passed)"
        lines.append(
            f"tokens: {_tokens(low.tokens)} low · {_tokens(expected.tokens)} expected · {_tokens(high.tokens)} high "
            f"(estimate){more if found.reasoning else ''}"
        )
        if found.prices is None:
            lines.append("cost: unknown: give the judge's prices with --price-per-million-tokens IN,OUT")
        else:
            p = found.prices
            figures = " · ".join(f"{money(cost(s, p))} {what}" for s, what in ((low, "low"), (expected, "expected"), (high, "high")))  # fmt: skip
            lines.append(f"cost: {figures} (at {p[0]:g} per million prompt tokens, {p[1]:g} per million answer tokens)")
    bound = quota_seconds(expected, found.quota)
    if found.service is not None:
        lines.append(f"time: {found.service} take seconds to minutes each, paced by the service's own limits")
    elif low.tokens is None:
        lines.append("time: this judge calls no model, so no quota paces it")
    elif bound is None:
        lines.append(
            f"time: no quota set ({rpm_flag}, {tpm_flag}): the judge's latency decides it, about the expected calls × a call's "
            f"seconds / {concurrency} in flight (groundgate doctor times one call)"
        )
    else:
        named = [f"{rpm_flag} {found.quota.rpm:g}"] if found.quota.rpm else []
        named += [f"{tpm_flag} {found.quota.tpm:g}"] if found.quota.tpm else []
        span = [quota_seconds(s, found.quota) or 0.0 for s in (low, high)]
        lines.append(
            f"time: at least {duration(bound)} for the expected calls at {' and '.join(named)} "
            f"({duration(span[0])} low, {duration(span[1])} high); the judge's latency can only add to it"
        )
    lines.append(
        "low: the calls every run makes (first verdicts not in the cache nor repeated in their row, the noise "
        "sample); expected: and fluency on the ties, which a run that passes consults; high: and a re-score of "
        f"every changed answer and {found.claims:,} claims call{'' if found.claims == 1 else 's'} for rows to read"
    )
    return "\n".join(lines) + "\n"

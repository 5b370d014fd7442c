"""A generated run of realistic size for report tests and the README's screenshot: every outcome,
long retrieved contexts, judge reasons as long as a real judge writes them, and a little hostile
text (links, mentions, references, SHAs, markup) where users would put it."""

from __future__ import annotations

import random

from groundgate.noise import figures
from groundgate.results import Calls, InputPaths, NoiseSample, Results, Row, category_stats
from groundgate.rules import Bucket, Outcome
from tests.support.reports import make_results

BLOCKING = ("policy", "pricing", "safety")
OTHER = ("shipping", "account", "billing", "catalog", "support")
# outcome: how many rows of it in a 420-case run
MIX: dict[Outcome, int] = {
    Outcome.REGRESSION: 40,
    Outcome.REVIEW: 12,
    Outcome.UNSTABLE: 19,
    Outcome.NEW_NON_ANSWER: 42,
    Outcome.ERROR: 4,
    Outcome.MOVED: 60,
    Outcome.STILL_UNGROUNDED: 30,
    Outcome.UNCHANGED: 8,
}
POLICY = (
    "returns_policy.md (section {n}): Items can be returned within {days} days of purchase with proof of purchase. "
    "Refunds are issued to the original payment method within 5 business days of the return being received. "
    "Opened software, gift cards and personalised items cannot be returned. Items bought during a sale follow "
    "the same window. Store credit is offered when no proof of purchase is available, at the lowest price the "
    "item sold for in the last 90 days. See https://help.example.com/returns?ref=faq&lang=en for the full terms."
)
REASONS = {
    "ungrounded": (
        "The response claims that items can be returned within {bad} days, but the CONTEXT states a window of "
        "{days} days of purchase with proof of purchase. The {bad}-day figure is not supported anywhere in the "
        "CONTEXT and contradicts it directly; a customer relying on this answer would miss the real deadline. "
        "The rest of the response (refunds within 5 business days) is supported, but the central claim is "
        "fabricated, so the response is ungrounded."
    ),
    "grounded": (
        "The response accurately restates the {days}-day return window and the proof-of-purchase requirement "
        "from the CONTEXT without adding unsupported details. It is complete and fully grounded."
    ),
    "non_answer": (
        "The response asks the user to clarify which order they mean instead of answering. There is nothing "
        "in it to ground against the CONTEXT."
    ),
    "partial": (
        "The response gives the {days}-day window from the CONTEXT but leaves out the proof-of-purchase "
        "requirement and the refund timing, so it is correct but incomplete."
    ),
}
TRANSITIONS: dict[Outcome, list[tuple[Bucket, Bucket]]] = {
    Outcome.REGRESSION: [(Bucket.GROUNDED, Bucket.UNGROUNDED), (Bucket.PARTIAL, Bucket.UNGROUNDED)],
    Outcome.REVIEW: [(Bucket.GROUNDED, Bucket.UNGROUNDED), (Bucket.NON_ANSWER, Bucket.UNGROUNDED)],
    Outcome.UNSTABLE: [(Bucket.GROUNDED, Bucket.UNGROUNDED), (Bucket.PARTIAL, Bucket.UNGROUNDED)],
    Outcome.NEW_NON_ANSWER: [(Bucket.GROUNDED, Bucket.NON_ANSWER), (Bucket.PARTIAL, Bucket.NON_ANSWER)],
    Outcome.MOVED: [
        (Bucket.PARTIAL, Bucket.GROUNDED),
        (Bucket.GROUNDED, Bucket.PARTIAL),
        (Bucket.UNGROUNDED, Bucket.GROUNDED),
        (Bucket.NON_ANSWER, Bucket.PARTIAL),
    ],
    Outcome.STILL_UNGROUNDED: [(Bucket.UNGROUNDED, Bucket.UNGROUNDED)],
    Outcome.UNCHANGED: [(Bucket.NON_ANSWER, Bucket.NON_ANSWER)],
    Outcome.TIE: [(Bucket.GROUNDED, Bucket.GROUNDED), (Bucket.PARTIAL, Bucket.PARTIAL)],
}
SCORE = {Bucket.UNGROUNDED: 2.0, Bucket.NON_ANSWER: 3.0, Bucket.PARTIAL: 4.0, Bucket.GROUNDED: 5.0}
ANSWER = {
    Bucket.GROUNDED: "You can return an item within {days} days of purchase, as long as you have proof of purchase. "
    "Refunds go back to your original payment method within 5 business days.",
    Bucket.PARTIAL: "You can return an item within {days} days of purchase.",
    Bucket.NON_ANSWER: "Could you tell me which order you mean? I can help once I know more.",
    Bucket.UNGROUNDED: "You have {bad} days to return any item, even without a receipt, and refunds arrive within "
    "5 business days.",
}
HOSTILE = (
    "<!-- x --> </details> | pipe `tick` [link](https://evil.example) @everyone www.example.org "
    "Contact @support-team or see issue #123 (fixed in acme/shop#7, commit 3f9c2ab)."
)


def big_run(cases: int = 420, seed: int = 13) -> Results:
    """``cases`` rows (at least 300), the outcome mix of MIX scaled to that size, ties filling the rest."""
    rng = random.Random(seed)
    scale = cases / 420
    plan: list[Outcome] = []
    for outcome, n in MIX.items():
        plan += [outcome] * max(1, round(n * scale))
    plan += [Outcome.TIE] * (cases - len(plan))
    rng.shuffle(plan)
    rows = [_row(n, outcome, rng) for n, outcome in enumerate(plan)]
    ties = [row for row in rows if row.outcome is Outcome.TIE][:20]  # the noise sample: one of 20 changes bucket
    samples = [
        NoiseSample(
            id=row.id, bucket=row.after, score=row.after_score, rescore=row.after, rescore_score=row.after_score
        )
        for row in ties
        if row.after is not None
    ]
    other = Bucket.PARTIAL if samples[7].bucket is Bucket.GROUNDED else Bucket.GROUNDED
    samples[7] = samples[7].model_copy(
        update={"rescore": other, "rescore_score": 4.0 if other is Bucket.PARTIAL else 5.0}
    )
    calls = Calls(groundedness=2 * cases, rescore=71, noise=20, total=2 * cases + 91, cached=cases, tokens=1_234_567)
    return make_results(rows).model_copy(
        update={
            "calls": calls,
            "noise": figures(samples, rows, confirmed=True),
            "model_under_test": "gpt-4o-mini-2024-07-18",
            "inputs": InputPaths(
                cases="evals/cases.jsonl", baseline="evals/baseline.jsonl", candidate="evals/candidate.jsonl"
            ),
            "categories": category_stats(rows),
            "wall_seconds": 312.4,
        }
    )


def _row(n: int, outcome: Outcome, rng: random.Random) -> Row:
    blocking_outcome = outcome in (Outcome.REGRESSION,)
    if blocking_outcome:
        category = rng.choice(BLOCKING)
    elif outcome is Outcome.REVIEW:
        category = rng.choice(OTHER)
    else:
        category = rng.choice(BLOCKING + OTHER)
    days, bad = 30, rng.choice((45, 60, 90, 14))
    context = " ".join(POLICY.format(n=k, days=days) for k in range(rng.randint(3, 8)))
    values: dict[str, object] = {
        "id": f"{category}-{n:04d}",
        "category": category,
        "line": n + 1,
        "blocking": category in BLOCKING,
        "outcome": outcome,
        "query": f"How long do I have to return item {n} if I bought it on sale and lost the receipt?",
        "context": context,
    }
    if outcome is Outcome.ERROR:
        before = Bucket.GROUNDED
        values.update(
            before=before, after=None, before_score=5.0, after_score=None,
            error="candidate: the judge call failed after 10 retries (HTTP 429 Too Many Requests)",
            baseline=ANSWER[before].format(days=days, bad=bad), candidate=ANSWER[Bucket.UNGROUNDED].format(days=days, bad=bad),
            before_reason=REASONS[before.value].format(days=days, bad=bad),
        )  # fmt: skip
        return Row(**values)  # type: ignore[arg-type]
    before, after = rng.choice(TRANSITIONS[outcome])
    values.update(
        before=before, after=after, before_score=SCORE[before], after_score=SCORE[after],
        baseline=ANSWER[before].format(days=days, bad=bad), candidate=ANSWER[after].format(days=days, bad=bad),
        before_reason=REASONS[before.value].format(days=days, bad=bad),
        after_reason=REASONS[after.value].format(days=days, bad=bad),
    )  # fmt: skip
    if outcome in (Outcome.REGRESSION, Outcome.REVIEW, Outcome.UNSTABLE):
        again = Bucket.UNGROUNDED if outcome is not Outcome.UNSTABLE else before
        values["rescore_score"] = SCORE[again]
        # Half the re-scores repeat the first reason word for word, as a temperature-0 judge does.
        values["rescore_reason"] = (
            values["after_reason"] if n % 2 else REASONS[again.value].format(days=days, bad=bad) + " (second look)"
        )
    if n % 37 == 0:
        values["candidate"] = f"{values['candidate']} {HOSTILE}"
        values["query"] = f"{values['query']} {HOSTILE}"
    return Row(**values)  # type: ignore[arg-type]

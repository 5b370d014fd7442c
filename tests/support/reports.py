"""Results built directly, for report tests: no judging needed to exercise the presentation."""

from __future__ import annotations

from collections import Counter

from groundgate.results import Calls, Fluency, InputPaths, JudgeInfo, Results, Row, UnsupportedFigure
from groundgate.rules import Bucket, Outcome, verdict_of

TRANSITIONS: dict[Outcome, tuple[Bucket, Bucket, float, float, float | None]] = {
    Outcome.REGRESSION: (Bucket.GROUNDED, Bucket.UNGROUNDED, 5, 2, 2),
    Outcome.REVIEW: (Bucket.PARTIAL, Bucket.UNGROUNDED, 4, 1, 2),
    Outcome.UNSTABLE: (Bucket.GROUNDED, Bucket.UNGROUNDED, 5, 2, 4),
    Outcome.NEW_NON_ANSWER: (Bucket.GROUNDED, Bucket.NON_ANSWER, 5, 3, None),
    Outcome.STILL_UNGROUNDED: (Bucket.UNGROUNDED, Bucket.UNGROUNDED, 2, 2, None),
    Outcome.MOVED: (Bucket.PARTIAL, Bucket.GROUNDED, 4, 5, None),
    Outcome.TIE: (Bucket.GROUNDED, Bucket.GROUNDED, 5, 5, None),
    Outcome.UNCHANGED: (Bucket.NON_ANSWER, Bucket.NON_ANSWER, 3, 3, None),
    Outcome.UNSUPPORTED_FIGURE: (Bucket.GROUNDED, Bucket.GROUNDED, 5, 5, None),  # the tripwire's: the judge saw a tie
    Outcome.BLOCKING_FIGURE: (Bucket.GROUNDED, Bucket.GROUNDED, 5, 5, None),
}


def make_row(n: int, outcome: Outcome, category: str = "policy", text: str = "", **fields: object) -> Row:
    blocking = category in {"policy", "pricing", "safety"}
    if outcome is Outcome.ERROR:
        values: dict[str, object] = {
            "before": Bucket.GROUNDED,
            "after": None,
            "before_score": 5.0,
            "after_score": None,
            "error": "candidate: judge gave no score",
        }
    else:
        before, after, b, a, r = TRANSITIONS[outcome]
        values = {"before": before, "after": after, "before_score": b, "after_score": a, "rescore_score": r}
        if r is not None:
            values["rescore_reason"] = f"re-score reason {n}"
        if outcome in (Outcome.UNSUPPORTED_FIGURE, Outcome.BLOCKING_FIGURE):
            values["new_figures"] = [UnsupportedFigure(f"{n} days", ["30 days"])]
    values.update(
        id=f"case-{n:05d}", category=category, line=n + 1, blocking=blocking, outcome=outcome,
        before_reason=f"baseline reason {n}", after_reason=f"candidate reason {n}", query=f"query {n}?",
        context=f"context {n}. {text}", baseline=f"baseline answer {n}. {text}", candidate=f"candidate answer {n}. {text}",
    )  # fmt: skip
    values.update(fields)
    return Row(**values)  # type: ignore[arg-type]


def make_results(rows: list[Row]) -> Results:
    counts = Counter(row.outcome for row in rows)
    return Results(
        tool_version="0.1.0",
        verdict=verdict_of(counts),
        counts={o: counts[o] for o in Outcome},
        blocking_categories=["policy", "pricing", "safety"],
        rows=rows,
        fluency=Fluency(consulted=False, reason="groundedness blocked the change, so fluency gets no vote"),
        judge=JudgeInfo(
            kind="azure",
            rubric="query",
            deployment="judge-4o",
            api_version="2024-10-21",
            sdk_version="1.18.10",
            model="gpt-4o-2024-11-20",
        ),
        calls=Calls(groundedness=2 * len(rows), total=2 * len(rows)),
        inputs=InputPaths(cases="evals/cases.jsonl", baseline="b.jsonl", candidate="c.jsonl"),
    )

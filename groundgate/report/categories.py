"""The figures under the rows: the per-category table and the bucket-to-bucket matrix."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from groundgate.results import Results, category_stats, tally
from groundgate.rules import (
    BUCKET_ORDER,
    Bucket,
    Outcome,
)

SMALL_SAMPLE = 50  # the method's rule of thumb for a category whose single flip may block on its own


# --- the figures under the rows --------------------------------------------------------------


@dataclass
class CategoryLine:
    name: str
    cases: int
    worse: int
    better: int
    regressions: int
    small: int  # confirmed regressions that did not block: the category is too small (--min-cases-to-block)
    blocking: bool
    p_value: float | None


def category_lines(results: Results) -> list[CategoryLine]:
    """The per-category figures of the results (``category_stats``) with each one's regressions and
    whether it blocks, blocking categories and the most regressions first."""
    blocking: dict[str, bool] = {}
    regressions: Counter[str] = Counter()
    small: Counter[str] = Counter()
    for (category, blocks, outcome, _, _), n in tally(results.rows).items():
        blocking.setdefault(category, blocks)
        regressions[category] += n if outcome is Outcome.REGRESSION else 0
        small[category] += n if outcome is Outcome.REVIEW and blocks else 0
    lines = [
        CategoryLine(
            c.name, c.cases, c.worse, c.better, regressions[c.name], small[c.name], blocking[c.name], c.p_value
        )
        for c in category_stats(results.rows)
    ]
    return sorted(lines, key=lambda c: (not c.blocking, -c.regressions - c.small, -c.worse, c.name))


def p_text(p: float | None) -> str:
    """A p-value a reader can take in at a glance: two significant figures, never '8.96e-06'."""
    if p is None:
        return "–"
    if p < 0.001:
        return "< 0.001"
    return f"{p:.2g}" if p < 0.995 else "1"


def bucket_matrix(results: Results) -> list[list[int]]:
    cells: Counter[tuple[Bucket, Bucket]] = Counter()
    for (_, _, _, before, after), n in tally(results.rows).items():
        if before and after:
            cells[(before, after)] += n
    return [[cells[(b, a)] for a in BUCKET_ORDER] for b in BUCKET_ORDER]

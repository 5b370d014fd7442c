"""The figures under the rows: the per-category table and the bucket-to-bucket matrix."""

from __future__ import annotations

import math
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
    """A p-value in one format: three decimals ('0.049', '0.240', '1.000'), '< 0.001' below, never '8.96e-06'.
    Rounded down, so a value below 0.05 never reads as '0.050' beside a footnote that draws the line there."""
    if p is None:
        return "–"
    if p < 0.001:
        return "< 0.001"
    return f"{math.floor(min(p, 1.0) * 1000) / 1000:.3f}"


def bucket_matrix(results: Results) -> list[list[int]]:
    cells: Counter[tuple[Bucket, Bucket]] = Counter()
    for (_, _, _, before, after), n in tally(results.rows).items():
        if before and after:
            cells[(before, after)] += n
    return [[cells[(b, a)] for a in BUCKET_ORDER] for b in BUCKET_ORDER]

"""Small, exact statistics for reading a gate's results: pure functions, no dependencies.

The paired sign test says whether a category's flips lean one way more than chance would; it is
reported as a figure with its meaning, never used as a gate on averages. Agreement figures
(precision, recall, Cohen's kappa) say how far the judge's ungrounded verdict can be trusted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb, exp, lgamma, log


def sign_test(worse: int, better: int) -> float | None:
    """Exact two-sided sign test (McNemar's exact test on the discordant pairs); None without flips."""
    n = worse + better
    if n == 0:
        return None
    k = min(worse, better)
    tail: float = sum(comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def _binomial_cdf(k: int, n: int, p: float) -> float:
    """P(X <= k) for X ~ Binomial(n, p), summed in log space so large n does not overflow."""
    if p <= 0.0:
        return 1.0
    if p >= 1.0:
        return 1.0 if k >= n else 0.0
    log_p, log_q = log(p), log(1.0 - p)
    head = lgamma(n + 1)
    return min(
        1.0, sum(exp(head - lgamma(i + 1) - lgamma(n - i + 1) + i * log_p + (n - i) * log_q) for i in range(k + 1))
    )


def clopper_pearson(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """The exact (Clopper-Pearson) interval for a proportion k/n: conservative, so a small sample
    shows how little it knows (0 of 20 is 0-17%, not 0-0%). Found by bisection on the binomial
    tails, to 1e-9; no dependency for one formula."""
    if n <= 0 or not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n and n > 0, got k={k}, n={n}")
    alpha = (1.0 - level) / 2

    def solve(target: float, lower: bool) -> float:
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2
            # lower bound: P(X >= k | p) = alpha; upper bound: P(X <= k | p) = alpha. Both tails move monotonically in p.
            value = 1.0 - _binomial_cdf(k - 1, n, mid) if lower else _binomial_cdf(k, n, mid)
            if (value < target) == lower:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    low = 0.0 if k == 0 else solve(alpha, lower=True)
    high = 1.0 if k == n else solve(alpha, lower=False)
    return low, high


@dataclass(frozen=True)
class Agreement:
    """Judge vs people on 'ungrounded': the judge's verdict is the prediction, people are the truth."""

    both_ungrounded: int  # true positives
    judge_only: int  # false positives: the judge flagged a row people found grounded
    people_only: int  # false negatives: the judge missed a row people found ungrounded
    both_grounded: int  # true negatives

    @property
    def total(self) -> int:
        return self.both_ungrounded + self.judge_only + self.people_only + self.both_grounded

    @property
    def precision(self) -> float | None:
        flagged = self.both_ungrounded + self.judge_only
        return self.both_ungrounded / flagged if flagged else None

    @property
    def recall(self) -> float | None:
        actual = self.both_ungrounded + self.people_only
        return self.both_ungrounded / actual if actual else None

    @property
    def kappa(self) -> float | None:
        """Cohen's kappa: agreement beyond what the two raters' base rates give by chance."""
        return cohen_kappa([[self.both_ungrounded, self.judge_only], [self.people_only, self.both_grounded]])


def cohen_kappa(matrix: Sequence[Sequence[int]]) -> float | None:
    """Cohen's kappa of a square confusion matrix (rows: one rater's categories, columns: the other's,
    in the same order): the share of agreement beyond what the two raters' own base rates give by
    chance. 1 is perfect, 0 is chance, below 0 worse than chance; None without ratings. When both
    raters put every item in one and the same category, chance explains everything and kappa is
    undefined; it is reported as 1.0 then, as perfect agreement is what was seen."""
    size = len(matrix)
    if any(len(row) != size for row in matrix):
        raise ValueError("a confusion matrix must be square")
    n = sum(sum(row) for row in matrix)
    if n == 0:
        return None
    observed = sum(matrix[i][i] for i in range(size)) / n
    rows = [sum(row) / n for row in matrix]
    columns = [sum(matrix[i][j] for i in range(size)) / n for j in range(size)]
    expected = sum(r * c for r, c in zip(rows, columns, strict=True))
    if expected >= 1 - 1e-12:
        return 1.0 if observed == 1 else None
    return (observed - expected) / (1 - expected)

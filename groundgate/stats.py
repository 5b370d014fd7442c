"""Small, exact statistics for reading a gate's results: pure functions, no dependencies.

The paired sign test says whether a category's flips lean one way more than chance would; it is
reported as a figure with its meaning, never used as a gate on averages. Agreement figures
(precision, recall, Cohen's kappa) say how far the judge's ungrounded verdict can be trusted.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb


def sign_test(worse: int, better: int) -> float | None:
    """Exact two-sided sign test (McNemar's exact test on the discordant pairs); None without flips."""
    n = worse + better
    if n == 0:
        return None
    k = min(worse, better)
    tail: float = sum(comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


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
        n = self.total
        if n == 0:
            return None
        observed = (self.both_ungrounded + self.both_grounded) / n
        judge_yes = (self.both_ungrounded + self.judge_only) / n
        people_yes = (self.both_ungrounded + self.people_only) / n
        expected = judge_yes * people_yes + (1 - judge_yes) * (1 - people_yes)
        if expected == 1:
            return 1.0 if observed == 1 else None
        return (observed - expected) / (1 - expected)

"""The noise floor in words: the sentence under the verdict, the footer line and the warning.

Numbers only (counts, rates, an interval), so the same words serve the markdown report, the
console and the check run; they carry no user text.
"""

from __future__ import annotations

import math

from groundgate.results import Noise
from groundgate.rules import plural


def percent(value: float) -> str:
    """Whole percents, but never rounded to 0% or 100% unless it is exactly that: near the ends one
    decimal, rounded towards the middle, so 199 of 200 reads 99.5% and 1 in 10,000 reads 0.1%."""
    shown = value * 100
    if shown <= 0 or shown >= 100 or 1 <= shown <= 99:
        return f"{shown:.0f}%"
    if shown < 1:
        return f"{max(math.floor(shown * 10) / 10, 0.1):.1f}%" if shown >= 0.1 else "<0.1%"
    return f"{min(math.floor(shown * 10) / 10, 99.9):.1f}%"


def _measured(noise: Noise) -> str:
    assert noise.rate is not None
    assert noise.interval is not None
    low, high = noise.interval
    return f"{percent(noise.rate)}, 95% CI {percent(low)}–{percent(high)}"


def sentence(noise: Noise) -> str:
    """What the sample says about this run's flips, for a reviewer who never heard of a noise floor."""
    unscored = f" ({plural(noise.failed, 'failed re-score')} not counted)" if noise.failed else ""
    if not noise.sampled:
        what = "no row was eligible" if not noise.failed else "no re-score came back with a score"
        return f"The judge's noise was not measured: {what}{unscored}."
    changed = (
        f"The judge changed its mind on {noise.flipped} of {plural(noise.sampled, 'unchanged answer')} it scored again"
        if noise.flipped
        else f"The judge gave the same bucket again to all {plural(noise.sampled, 'unchanged answer')} it scored again"
    )
    if not noise.flips:
        tail = "this run has no flips for it to explain"
    elif not noise.flipped:
        assert noise.interval is not None
        tail = (
            f"no measured noise explains this run's {plural(noise.flips, 'flip')}, though {noise.sampled} "
            f"re-scores only show the rate is below {percent(noise.interval[1])}"
        )
    else:
        tail = f"{_about(noise.expected_false_flips or 0.0)} of this run's {plural(noise.flips, 'flip')} may be judge noise"
        if noise.high:  # the per-flip figure alone would understate it: the warning below counts every exposed row
            tail += (
                f", each taken alone; but across {plural(noise.exposed, 'blocking answer')} noise alone is more "
                "likely than not to make one such flip (see the warning)"
            )
    return f"{changed} ({_measured(noise)}){unscored}: {tail}."


def _about(expected: float) -> str:
    """An expected count as a reader says it: 'about 6', 'about 3.6', 'fewer than 0.1' (never 'about 6.0')."""
    shown = round(expected, 1)
    if shown < 0.1:
        return "fewer than 0.1"
    return f"about {shown:.0f}" if shown == int(shown) else f"about {shown:.1f}"


def footer(noise: Noise | None) -> str:
    """The one place a report states the noise figures (the warning, when it shows, points here)."""
    if noise is None:
        return "Judge noise: not measured (noise-sample 0)."
    return sentence(noise)


def warning(noise: Noise | None, second_opinion: str = "same") -> str | None:
    """When one confirmed blocking flip is more likely the judge than the change. ``second_opinion``: who
    re-scored flips (the run's label); the chance assumes a re-score as noisy as the judge measured here,
    which is what a re-score by the same judge is, and a guess for any other second opinion."""
    if noise is None or not noise.high:
        return None
    assert noise.false_blocking_flip is not None
    chance = (
        f"noise alone would give one of this run's {plural(noise.exposed, 'blocking answer')} a confirmed flip with "
        f"a chance of {percent(noise.false_blocking_flip)}"
    )
    if second_opinion == "none":
        return (
            f"The judge is noisy for a gate: at the rate measured in this run (below), {chance}, since nothing "
            "re-scores flips; a single blocking regression is more likely the judge than the change. Confirm "
            "blocking flips with an independent second opinion or a person, or pin a steadier judge."
        )
    if second_opinion == "same":
        return (
            f"The judge is noisy for a gate: at the rate measured in this run (below), {chance}, the re-score by the "
            "same judge included; a single blocking regression is more likely the judge than the change. Confirm "
            "blocking flips with an independent second opinion or a person, or pin a steadier judge."
        )
    return (
        f"The judge is noisy for a gate: at the rate measured in this run (below), {chance} if the second opinion "
        "were as noisy as the judge (its own noise was not measured). Have a person confirm blocking flips, or pin "
        "a steadier judge."
    )

"""The offline figures judge: a string check, deterministic, with its limits stated."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate.judges.figures import figures, judge_figures

CONTEXT = "Items can be returned within 30 days. Premium costs $1,200.00 a year, 15% off for students, from 2024-03-05."


@pytest.mark.parametrize(
    ("response", "score", "reason"),
    [
        ("You have 30 days to return items.", 5, "every figure appears"),
        ("Premium is $1200 a year.", 5, "1200"),
        ("You have 45 days.", 2, "45"),
        ("Students get 20% off.", 2, "20"),
        ("It started on 2024-03-06.", 2, "6"),
        ("Could you say which item you mean?", 3, "no claim"),
        ("I'm not sure about that.", 3, "no claim"),
        ("Returns are easy with proof of purchase.", 5, "no figures"),
        ("Can I have 45 days? Yes.", 2, "45"),
    ],
)
def test_figures_verdicts(response: str, score: float, reason: str) -> None:
    verdict = judge_figures(CONTEXT, response)
    assert verdict.score == score
    assert reason in verdict.reason


def test_normalisation() -> None:
    assert figures("$1,200.50 and 1200.5 and 007 and 3.0") == ["1200.5", "1200.5", "7", "3"]


@given(st.lists(st.integers(min_value=0, max_value=10**9), max_size=8), st.text(max_size=40))
def test_restating_the_contexts_figures_is_never_ungrounded(numbers: list[int], filler: str) -> None:
    context = "Facts: " + ", ".join(f"{n:,}" for n in numbers)
    response = " ".join(str(n) for n in numbers) + " " + "".join(ch for ch in filler if not ch.isdigit())
    assert judge_figures(context, response).score != 2


@given(st.integers(min_value=0, max_value=10**6))
def test_a_new_figure_is_always_ungrounded(n: int) -> None:
    assert judge_figures(f"The limit is {n}.", f"The limit is {n + 1}.").score == 2

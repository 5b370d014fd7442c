"""Hedges of counts (issue 46, round fourteen, from round 22 written blind): Korean '60명 가까운' is nearly 60. A
floor rounded down ('more than 8,000' of '8,200 or more') was read as a true 'more than' and taken back after
hostile82: a floor is as often a rule ('$55 or more', 'al menos 21 años') as a count, and a rule restated lower is
another rule. The ratio idioms ('10人に1人') stay shares."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

RESTATED = [
    ("지난해 수강생은 57명이었고, 첫 상담은 무료입니다.", "지난해 수강생은 60명 가까이 되었습니다."),
    ("지난해 수강생은 57명이었고, 첫 상담은 무료입니다.", "지난해 60명 가까운 수강생이 있었습니다."),
    ("受講生10人に1人が合格しました。", "受講生の10%が合格しました。"),
]

INVENTED = [
    (
        "We have completed at least 8,000 installations.",
        "We have done more than 8,000 installations.",
        "8,000 installations",
    ),
    (
        "We have completed at least 8,200 installations.",
        "We have done more than 9,000 installations.",
        "9,000 installations",
    ),
    ("The bag may weigh at most 20 kg.", "The bag must weigh under 25 kg.", "25 kg"),
    ("Guests must be at least 18 years old.", "Guests must be over 16.", "16"),
    ("Free shipping on orders of $55 or more.", "Shipping is free on orders over $50.", "$50"),
    ("지난해 수강생은 57명이었고, 첫 상담은 무료입니다.", "지난해 70명 가까운 수강생이 있었습니다.", "70명"),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_a_true_hedge_of_a_count_is_not_listed(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_a_hedge_the_count_does_not_bear_is_listed(context: str, answer: str, figure: str) -> None:
    assert flagged(context, answer) == [figure]

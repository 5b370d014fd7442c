"""Hedges of counts, read further (issue 46, round fourteen, from round 22 written blind): 'more than 8,000' of
'8,200 or more' is a floor rounded down to a round number near it, a true 'more than' (never the floor itself,
nor a ceiling: 'under 25 kg' of 'at most 20 kg' is another limit); Korean '60명 가까운' is nearly 60; and '57명 중
53명' counts people, so its counts are there to restate ('50명 넘게'), while '10명 중 1명', '5人に2人' stay the
ratio idioms they are."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

RESTATED = [
    ("저희 치과는 임플란트 시술 8,200건 이상을 진행했습니다.", "개원 이후 임플란트 시술만 8천 건 넘게 하셨습니다."),
    (
        "We have completed at least 8,200 installations since 2015.",
        "We have done more than 8,000 installations since 2015.",
    ),
    ("Nous avons réalisé au moins 8 200 installations.", "Nous avons réalisé plus de 8 000 installations."),
    (
        "지난해 수강생 57명 중 53명이 내신 등급이 올랐습니다.",
        "지난해 60명 가까운 수강생 가운데 50명 넘게 내신 등급이 올랐습니다.",
    ),
    ("去年は受講生57名中53名が合格しました。", "去年は53名が合格しました。"),
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
    ("지난해 수강생 57명 중 53명이 내신 등급이 올랐습니다.", "지난해 수강생 57명 중 43명이 올랐습니다.", "43명"),
    ("지난해 수강생 57명 중 53명이 내신 등급이 올랐습니다.", "지난해 70명 가까운 수강생이 있었습니다.", "70명"),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_a_true_hedge_of_a_count_is_not_listed(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_a_hedge_the_count_does_not_bear_is_listed(context: str, answer: str, figure: str) -> None:
    assert flagged(context, answer) == [figure]

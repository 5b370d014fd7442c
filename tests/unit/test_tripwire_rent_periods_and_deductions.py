"""Periods, directions and half hours read further (issue 46, round fourteen, from round 22 written blind): a
Chinese price's period said by the noun before it ('月租 380 元', '日租 60 元', '年租'; never a billing mode: '年付用户
每月15元'); Korean '공제' is a deduction, and a CJK figure's own verb is the first after it ('20%를 수수료로 공제한
후 환불해 드립니다' is a deduction, the refund is of the rest); 'une demi-heure', 'eine halbe Stunde' are half an
hour though their article is read as a number first."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

RESTATED = [
    ("迷你仓租赁价格\n3 立方米：月租 380 元\n6 立方米：月租 680 元", "3 立方米的迷你仓每月 380 元。"),
    ("电动车日租 60 元，押金 500 元。", "电动车每天 60 元，押金 500 元。"),
    ("年付用户每月仅需15元。", "年付用户每月15元。"),
    (
        "이용 당일 취소 시에는 결제 금액의 20%를 수수료로 공제한 후 환불해 드립니다.",
        "당일 취소하시면 결제 금액의 20%가 수수료로 공제됩니다.",
    ),
    ("Révision complète : 1 h 15. Réglage freins : 30 min.", "Le réglage des freins prend une demi-heure."),
    ("Bremsen einstellen: 30 Minuten.", "Das Einstellen der Bremsen dauert eine halbe Stunde."),
]

INVENTED = [
    ("迷你仓租赁价格\n3 立方米：月租 380 元\n6 立方米：月租 680 元", "3 立方米的迷你仓每年 380 元。", "380 元"),
    ("电动车日租 60 元，押金 500 元。", "电动车每月 60 元，押金 500 元。", "60 元"),
    (
        "이용 당일 취소 시에는 결제 금액의 20%를 수수료로 공제한 후 환불해 드립니다.",
        "이용 당일에 취소하시면 결제 금액의 20%를 환불해 드립니다.",
        "20%",
    ),
    ("Réglage freins : 45 min.", "Le réglage des freins prend une demi-heure.", "une demi-heure"),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_a_figure_restated_with_what_it_is_said_with_is_not_listed(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_a_figure_said_with_another_period_way_or_length_is_listed(context: str, answer: str, figure: str) -> None:
    assert flagged(context, answer) == [figure]

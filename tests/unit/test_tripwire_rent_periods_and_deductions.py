"""Periods and half hours read further (issue 46, round fourteen, from round 22 written blind): a Chinese
price's period said by the noun before it ('月租 380 元', '日租 60 元', '年租'; never a billing mode: '年付用户每月15
元'); 'une demi-heure', 'eine halbe Stunde' are half an hour though their article is read as a number first. (A
Korean '공제' read as a deduction, and a CJK figure's first verb after it as its own, were taken back after
hostile83: '세액공제' is a credit, '5 元手续费将从退款中扣除' a fee taken from a refund.)"""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

RESTATED = [
    ("Révision complète : 1 h 15. Réglage freins : 30 min.", "Le réglage des freins prend une demi-heure."),
    ("Bremsen einstellen: 30 Minuten.", "Das Einstellen der Bremsen dauert eine halbe Stunde."),
]

INVENTED = [
    ("Réglage freins : 45 min.", "Le réglage des freins prend une demi-heure.", "une demi-heure"),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_a_figure_restated_with_what_it_is_said_with_is_not_listed(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_a_figure_said_with_another_period_way_or_length_is_listed(context: str, answer: str, figure: str) -> None:
    assert flagged(context, answer) == [figure]

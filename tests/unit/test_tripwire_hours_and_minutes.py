"""A span said in hours and minutes where it may be read otherwise (issue 46, round thirteen): 'séances de
1 h 30' is an hour and a half as well as half past one, and the last end of a range is one span with the
minutes after it ('1時間〜1時間30分' ends at 90 minutes, not at an hour and a bare 30 minutes). Each restatement
here was flagged at e9e1122; the inventions guard the other way."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

RESTATED = [
    ("Formation : 4 séances en piscine de 1 h 30 et 4 plongées.", "Vous ferez 4 séances d'une heure et demie."),
    ("Formation : 4 séances en piscine de 1 h 30 et 4 plongées.", "Chaque séance en piscine dure 90 minutes."),
    ("As aulas de natação têm 1h30 e custam 40 €.", "Cada aula dura uma hora e meia e custa 40 €."),
    ("Les séances durent 90 minutes.", "Les séances durent 1h30."),
    ("成分献血の所要時間は約1時間〜1時間30分です。", "だいたい1時間から1時間半かかります。"),
    ("소요 시간은 1시간~1시간 30분입니다.", "1시간에서 1시간 반 정도 걸립니다."),
    ("成分献血需要1小时至1小时30分钟。", "大约需要1到1.5个小时。"),
]

INVENTED = [
    (
        "Formation : 4 séances en piscine de 1 h 30 et 4 plongées.",
        "Vous ferez 4 séances de deux heures.",
        "deux heures",
    ),
    ("Les séances durent 90 minutes.", "Les séances durent 1h45.", "1h45"),
    ("Rendez-vous à 1h30 du matin.", "Rendez-vous à 1h45 du matin.", "1h45"),
    ("成分献血の所要時間は約1時間〜1時間30分です。", "だいたい1時間から2時間かかります。", "2時間"),
    ("소요 시간은 1시간~1시간 30분입니다.", "1시간에서 2시간 정도 걸립니다.", "2시간"),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_a_span_in_hours_and_minutes_restated_is_not_flagged(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_another_span_is_flagged(context: str, answer: str, figure: str) -> None:
    assert any(figure in text for text in flagged(context, answer))

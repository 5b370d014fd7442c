"""A CJK time zone named before the part of the day (issue 46, round fourteen, from round 22 written blind):
'美东时间上午9:00', 'イギリス時間の午前9時', '한국 시간 오전 9시' are that zone's times, '上午', '午前', '오전' between."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

RESTATED = [
    ("每周一上午9:00（北京时间）开放下周号源。", "号源每周一北京时间上午9:00开放。"),
    ("毎週月曜日の午前9時（日本時間）に予約を受け付けます。", "予約の受付は毎週月曜日、日本時間の午前9時からです。"),
    ("매주 월요일 오전 9시(한국 시간)에 예약이 열립니다.", "예약은 매주 월요일 한국 시간 오전 9시에 열립니다."),
]

INVENTED = [
    ("每周一上午9:00（北京时间）开放下周号源。", "号源每周一美东时间上午9:00开放。", "9:00"),
    ("每周一下午3:00（北京时间）开放下周号源。", "号源每周一美东时间下午3:00开放。", "3:00"),
    (
        "毎週月曜日の午前9時（日本時間）に予約を受け付けます。",
        "予約の受付は毎週月曜日、イギリス時間の午前9時からです。",
        "午前9時",
    ),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_a_time_restated_in_its_zone_is_not_listed(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_a_time_said_in_another_zone_is_listed(context: str, answer: str, figure: str) -> None:
    assert flagged(context, answer) == [figure]

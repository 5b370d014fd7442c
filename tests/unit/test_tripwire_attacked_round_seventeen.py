"""What the review of round 17's readings (hostile64, on 462ed47) found: 'for both' of things read as for two
people ('für beide Ausstellungen'); 'N out of M' scores and CJK walking times ('徒歩5分の2LDK', '10분의 2층') read
as shares; '度' near any '电' (电视, 电梯) read as kWh; a count of days after a date read as a date ('6月18日，7日无
理由退货'); '200 m. de la playa' read as ending a sentence; a local time placed at a stopover ('with a stopover in
Dubai'); '3千多名'; a CJK fraction after a comma as the answer is shown; French grouped thousands ('dont 1 200
couvertes'). Left failing (named in docs/tripwire.md): 'per entrambi i musei'; a plain local time against one the
context places; swaps across Korean '되고', '지만' and of list siblings that name the shared head ('ohne Sauna');
'sale a' (Spanish 'le sale a pagar' says otherwise)."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

CLEAN = [
    ("Eintritt: 25 € für beide Ausstellungen.", "Der Eintritt kostet 25 € pro Person."),  # 'for both' + a thing
    ("Das Kombiticket kostet 25 € für beide Tage.", "Das Kombiticket kostet 25 € pro Person."),  # 'for both' + a thing
    (
        "The combined ticket is £35 for both attractions.",
        "The combined ticket costs £35 per person.",
    ),  # 'for both' + a thing
    (
        "Tickets cost £20 for both adults and children.",
        "Tickets cost £20 per person, whether adult or child.",
    ),  # 'for both adults and children' read as a pair of people
    ("La entrada cuesta 12 € para ambos museos.", "La entrada cuesta 12 € por persona."),  # 'for both' + a thing
    ("O bilhete custa 12 € para ambos os museus.", "O bilhete custa 12 € por pessoa."),  # 'for both' + a thing
    (
        "The hotel scores 9 out of 10 on Booking.com.",
        "Guests rate it 9/10 on Booking.com.",
    ),  # 'N out of M' rewritten to a share
    ("The hotel is rated 4 out of 5 stars.", "It has a 4-star rating."),  # 'N out of M' rewritten to a share
    (
        "Only 2 out of 10 rooms have a balcony.",
        "2 of the 10 rooms have a balcony.",
    ),  # 'N out of M' rewritten to a share
    ("Only 2 out of 10 rooms have a balcony.", "Only 2 rooms have a balcony."),  # 'N out of M' rewritten to a share
    (
        "You must attend at least 4 out of 5 sessions.",
        "You must attend at least 4 of the 5 sessions.",
    ),  # 'N out of M' rewritten to a share
    (
        "駅から徒歩5分の2LDKマンションです。家賃は月8万円です。",
        "駅から徒歩5分で、家賃は月8万円です。",
    ),  # 'N分の M' after a walking time is 'N minutes' + 'M-LDK/floors'
    (
        "駅から徒歩15分の3LDK、家賃は月12万円。",
        "最寄り駅から徒歩15分です。",
    ),  # 'N分の M' after a walking time is 'N minutes' + 'M-LDK/floors'
    (
        "駅から徒歩10分の3階建てアパート。",
        "駅から徒歩10分のアパートです。",
    ),  # 'N分の M' after a walking time is 'N minutes' + 'M-LDK/floors'
    ("버스로 10분의 2층 건물입니다.", "버스로 10분 걸립니다."),  # '10분의 2층'
    (
        "地铁站步行5分钟，10分之3的房间有阳台。",
        "30%的房间有阳台。",
    ),  # the new CJK fraction '10分之3' is not read as 30% when the text also has
    (
        "客房配备空调、电视和电热水壶，空调默认温度为24度。",
        "空调默认温度为24℃。",
    ),  # '度' of a temperature read as kWh because '电'
    (
        "客房配备电视，夏季空调温度请设置在26度以上。",
        "夏季空调温度请设置在26℃以上。",
    ),  # '度' of a temperature read as kWh because '电'
    ("房间有电梯直达，泳池水温保持在28度。", "泳池水温为28℃。"),  # '度' of a temperature read as kWh because '电'
    (
        "活动时间为6月1日-6月18日，7日无理由退货。",
        "本店支持7日无理由退货。",
    ),  # a duration of days after a date and a comma is rewritten as a day of t
    (
        "申込受付：4月1日、14日以内にお支払いください。",
        "お支払いは14日以内にお願いします。",
    ),  # a duration of days after a date and a comma is rewritten as a day of t
    (
        "반품 안내: 주문일 5월 1일, 7일 이내 반품 가능.",
        "반품은 7일 이내에 가능합니다.",
    ),  # a duration of days after a date and a comma is rewritten as a day of t
    (
        "Apartamento A, a 200 m. de la playa: 90 € por noche. Apartamento B, a 1 km de la playa: 70 € por noche.",
        "El apartamento A, a 200 metros de la playa, cuesta 90 € por noche.",
    ),  # 'a 200 m. de la playa'
    (
        "Apartamento A, a 200 m. da praia: 90 € por noite. Apartamento B, a 1 km da praia: 70 € por noite.",
        "O apartamento A fica a 200 metros da praia e custa 90 € por noite.",
    ),  # 'a 200 m. de la playa'
    (
        "With a stopover in Dubai, the flight arrives at 06:40 local time.",
        "The flight arrives at 06:40 local time.",
    ),  # a local time's place read as the stopover named earlier in the sentenc
    (
        "Met een overstap in Londen landt de vlucht om 18.05 uur plaatselijke tijd.",
        "De vlucht landt om 18.05 uur lokale tijd.",
    ),  # a local time's place read as the stopover named earlier in the sentenc
    (
        "Con scalo a Madrid, il volo arriva alle 21:15 ora locale.",
        "Il volo arriva alle 21:15 ora locale.",
    ),  # a local time's place read as the stopover named earlier in the sentenc
    (
        "Après une escale à Dubaï, le vol arrive à 6 h 40, heure locale.",
        "Le vol arrive à 6 h 40 heure locale.",
    ),  # a local time's place read as the stopover named earlier in the sentenc
    ("这次活动吸引了3千多名游客。", "这次活动吸引了3000多名游客。"),  # '3千多名'
    (
        "Il y a 3 500 places, dont 1 200 couvertes.",
        "Sur les 3 500 places, 1 200 sont couvertes.",
    ),  # grouped '1 200' split and the '1' listed
    ("La franchise est de 1 500 par sinistre.", "La franchise est de 1500 par sinistre."),  # grouped '1 500'
]

LISTED = [  # the same readings, a figure changed (written for this module, not by the review)
    (
        "Das Kombiticket kostet 25 € pro Person für beide Ausstellungen.",
        "Das Kombiticket kostet 30 € pro Person.",
        "30 €",
    ),
    ("地铁站步行5分钟，10分之3的房间有阳台。", "一半的房间有阳台。", "一半"),
    ("电费每度0.56元。夏季空调温度建议设置为26度。", "夏季空调温度建议设为28度。", "28度"),
    ("Il y a 3 500 places, dont 1 200 couvertes.", "Sur les 3 500 places, 1 500 sont couvertes.", "1 500"),
]


@pytest.mark.parametrize(("context", "candidate"), CLEAN)
def test_an_honest_answer_lists_nothing(context: str, candidate: str) -> None:
    assert flagged(context, candidate) == []


@pytest.mark.parametrize(("context", "candidate", "figure"), LISTED)
def test_the_changed_figure_is_listed(context: str, candidate: str, figure: str) -> None:
    assert any(figure in said or said in figure for said in flagged(context, candidate))

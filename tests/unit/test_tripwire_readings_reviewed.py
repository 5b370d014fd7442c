"""The probes of round fifteen's second review (hostile86) of the context's readings: a bound past a comma, a
limit in a label, a price after a label's number, a share said as counts, a laid-out card's cells, a price for the
whole group or room, a portion, units named in words and CJK signs. Each is a regression the review found and
this round mended, or a case the change did not reach before and reaches now: the figure named is listed (a probe
may list others beside it), or (None) nothing is.

Left, and known: a hedge of a share's whole said of its part ('57명 중 53명 합격' as '합격자는 60명 가까이')."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged_asked, listed_asked

PROBES = [
    pytest.param(
        "이번 설문에서 응답자 57명 중 53명이 만족한다고 답했습니다.",
        None,
        "57명이 만족한다고 답했습니다.",
        "57명",
        id="share-ko-swap2-inv",
    ),
    pytest.param(
        "今年度の試験では受験者40人中30人が合格しました。",
        None,
        "今年度の合格者は40人でした。",
        "40人",
        id="share-ja-swap-inv",
    ),
    pytest.param(
        "응시자 57명 중 53명이 합격했습니다.",
        None,
        "60명 가까운 응시자 중 50명 넘게 합격했습니다.",
        None,
        id="share-ko-hedge-ok",
    ),
    pytest.param(
        "About 1 in 20 parcels is delayed during peak season.",
        None,
        "During peak season around 20 parcels are delayed.",
        "20 parcels",
        id="share-en-inv-one-in",
    ),
    pytest.param(
        "물탱크 상한: 500리터", None, "물탱크는 최소 500리터 이상 채워야 합니다.", "500리터", id="sanghan-ko-label-inv"
    ),
    pytest.param(
        "참가자 100명 중 8명이 중도 포기했습니다.",
        None,
        "중도 포기한 참가자는 100명입니다.",
        "100명",
        id="share-ko-ratio-inv",
    ),
    pytest.param("在接受调查的40人中30人表示满意。", None, "共有40人表示满意。", "40人", id="share-zh-ratio-inv"),
    pytest.param(
        "In our survey, 3 in 10 customers said they would switch provider.",
        None,
        "In our survey, 10 customers said they would switch provider.",
        "10 customers",
        id="share-en-ratio-inv",
    ),
    pytest.param(
        "Dans notre enquête, 2 sur 3 clients se disent satisfaits.",
        None,
        "Dans notre enquête, 3 clients se disent satisfaits.",
        "3 clients",
        id="share-fr-ratio-inv",
    ),
    pytest.param(
        "E-Bike-Verleih: 35 € pro Fahrrad und Tag.",
        None,
        "Der E-Bike-Verleih kostet 35 € pro Tag für die ganze Gruppe.",
        "35 €",
        id="group-de-fahrrad-inv",
    ),
    pytest.param(
        "Alquiler de tablas de surf: 20 € por tabla y hora.",
        None,
        "El alquiler cuesta 20 € por hora para todo el grupo.",
        "20 €",
        id="group-es-tabla-inv",
    ),
    pytest.param(
        "Ombrellone e due lettini: 30 € al giorno per ombrellone.",
        None,
        "Ombrellone e lettini costano 30 € al giorno per tutto il gruppo.",
        "30 €",
        id="group-it-ombrellone-inv",
    ),
    pytest.param(
        "Airport transfer: €60 per vehicle (maximum 3 passengers).",
        None,
        "The airport transfer is €60 for 6 people.",
        "€60",
        id="people-en-vehicle2-inv",
    ),
    pytest.param(
        "Merino hiking socks: £18 per pair.",
        None,
        "The merino hiking socks are £18 for two people.",
        "£18",
        id="couple-it-socks-pair-inv",
    ),
    pytest.param(
        "Transfert aéroport : 55 € par véhicule (3 passagers maximum). Un groupe de 6 personnes réserve deux véhicules.",
        None,
        "Le transfert coûte 55 € pour 6 personnes.",
        "55 €",
        id="people-fr-voiture-inv",
    ),
    pytest.param(
        "Private dining: £45 per table of four, minimum spend applies.",
        None,
        "Private dining costs £45 for the whole group.",
        "£45",
        id="group-en-table-inv",
    ),
    pytest.param(
        "주차장 이용료: 1대당 월 5만 원",
        None,
        "주차장 이용료는 1인당 월 5만 원입니다.",
        "5만 원",
        id="cjk-ko-person-month-inv",
    ),
    pytest.param(
        "Battiscopa in legno: 12 € al metro lineare.",
        None,
        "Il battiscopa in legno costa 12 € al metro quadro.",
        "12 €",
        id="sqm-it-lineare-inv",
    ),
    pytest.param(
        "Office space: £25 per square foot per year.",
        None,
        "Office space is £25 per square metre per year.",
        "£25",
        id="sqm-en-sqft-inv",
    ),
    pytest.param(
        "Kaltmiete: 14,50 € pro Quadratmeter.", None, "Die Kaltmiete beträgt 14,50 €/m².", None, id="sqm-de-qm-ok"
    ),
    pytest.param(
        "Membership · Annual · £200", None, "Membership is £200 a month.", "£200", id="cell-en-dot-annual-inv"
    ),
    pytest.param("会员 | 年费 | 365元", None, "会员费每月365元。", "365元", id="cell-zh-pipe-year-inv"),
    pytest.param("フリーパス7：12,800円（税込）", None, "フリーパス7は12,800円です。", None, id="time-ja-pass-ok"),
    pytest.param(
        "Opening hours: 9:00–17:30,365 days a year.",
        None,
        "The site is open from 9:00 to 17:30 every day of the year.",
        None,
        id="time-en-open365-ok",
    ),
    pytest.param(
        "Atelier cuisine : 8 participants minimum, 15 au plus.",
        None,
        "L'atelier accueille au moins 15 participants.",
        "15 participants",
        id="comma-fr-advertised-inv",
    ),
    pytest.param("烤全羊：2,880元/只（约10-12人份）", None, "烤全羊每人2,880元。", "2,880元", id="portion-zh-inv"),
    pytest.param("家庭房：680元/间（最多入住4人）", None, "家庭房每人680元。", "680元", id="bracket-zh-room-cap-inv"),
    pytest.param(
        "貸切タクシー 25,000円/台（最大4名様まで）",
        None,
        "貸切タクシーは1名様25,000円です。",
        "25,000円",
        id="bracket-ja-car-inv",
    ),
    pytest.param(
        "공항 픽업 5만 원/대 (최대 4인 탑승)", None, "공항 픽업은 1인 5만 원입니다.", "5만 원", id="bracket-ko-car-inv"
    ),
]


@pytest.mark.parametrize(("context", "question", "answer", "figure"), PROBES)
def test_the_reviews_probes(context: str, question: str | None, answer: str, figure: str | None) -> None:
    flagged = flagged_asked(context, question, answer)
    assert (figure in flagged) if figure else flagged == []


def test_a_spoken_evening_time_after_soit_is_a_time() -> None:
    """'soit neuf heures et demie du soir' restates 21 h 30: a clock time, never nine and a half hours."""
    context = "Départ du téléphérique à 21 h 30 en juillet et août."
    assert listed_asked(context, "", "Il part à 21h30, soit neuf heures et demie du soir.") == []
    assert listed_asked(context, "", "Il part à 21h30, soit huit heures et demie du soir.") == [
        ("unsupported", "huit heures et demie du soir")
    ]

"""The hostile review of round 14 (hostile58) attacked its readings: a change's direction by its ends, a CJK
myriad's remainder, Dutch 'uur', German and Dutch compounds of hours, 'one in N' before a span, a lone CJK day,
a local time's place, an answer's local time, 'M' as millions, monthly-payment nouns. Each probe failed on the
commit reviewed (b9d2b1d); those left failing are named in docs/tripwire.md. Five probes of a Dutch clock
time against a span of the same hours ('om 8 uur' and 'duurt 8 uur') are not kept: the next review (hostile59)
showed that reading 'N uur' one way only flags twelve honest answers, and 'N uur' is read both ways by design."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

CLEAN = [
    ("Around 1 in 5 homes in the UK has a smart meter.", "Around 20% of UK homes have a smart meter."),  # en 'homes' ends in 'mes': share not read
    ("Uno de cada 4 ciudadanos usa el transporte público a diario.", "El 25% de los ciudadanos usa el transporte público a diario."),  # es 'ciudadanos' ends in 'anos': share not read
    ("인턴 월급 200만 3개월 후 정규직 전환", "인턴 월급은 200만 원이며 3개월 후 정규직으로 전환됩니다."),  # ko myriad remainder swallowed '3개월'
    ("One in 3 programmes is available with subtitles.", "About 33% of programmes have subtitles."),  # en 'programmes' ends in mes
    ("Uma em cada 4 americanos viaja ao exterior todo ano.", "25% dos americanos viajam ao exterior todo ano."),  # pt 'americanos'
    ("Una de cada 3 pymes ya factura electrónicamente.", "Un tercio de las pymes ya factura electrónicamente."),  # es 'pymes'
    ("One in 10 crimes is reported online.", "10% of crimes are reported online."),  # en 'crimes'
    ("월급 250만 3개월 수습 후 정규직 전환", "월급은 250만 원이고 수습 기간은 3개월입니다."),  # ko myriad swallows 3개월
    ("초봉 3천만 1년 후 재계약", "초봉은 3천만 원이며 1년 후 재계약합니다."),  # ko myriad
    ("会員数は12万 2024年末時点", "2024年末時点の会員数は12万人です。"),  # ja
    ("보증금 1000만 2년 계약", "보증금은 1000만 원이고 계약 기간은 2년입니다."),  # ko deposit 10M, 2 year contract
    ("人口は12万 2020年の国勢調査による", "2020年の国勢調査によると人口は12万です。"),  # ja myriad eats year
    ("올해 방문객은 35만 5개국에서 왔습니다.", "올해 방문객은 35만 명이고 5개국에서 왔습니다."),  # ko
    ("전세 보증금 2억 3년 계약 가능", "전세 보증금은 2억 원, 계약은 3년까지 가능합니다."),  # ko 2억 3년 -> 200000003
    ("年収600万 5年目以降は昇給あり", "年収は600万円で、5年目以降は昇給があります。"),  # ja
    ("年薪30万 2年合同", "年薪30万，合同期2年。"),  # zh
]  # fmt: skip

LISTED = [
    ("Met het Basis-abonnement kunt u 10 facturen per maand versturen.", "Met het Basis-abonnement krijgt u 10 uur support per maand.", "10 uur"),  # nl 'facturen' ends in -uren: read as hours
    ("2025年4月10日より、パートタイムの勤務は1日6時間までとなります。", "2025年4月1日より、パートタイムの勤務は1日6時間までとなります。", "4月1日"),  # ja '1日6時間' (per day) read as a lone day April 1
    ("日本からのツアー参加者は、現地時間の午前9時にホテルロビーへお集まりください。", "ツアー参加者は日本時間の午前9時にホテルロビーへ集合です。", "午前9時"),  # ja local time given Japan's zone because '日本' is in the sentence
    ("The match kicks off at 20:00 CET (14:00 in New York).", "The match kicks off at 14:00 local time.", "14:00"),  # answer's local time read as CET; 14:00 is New York's
    ("Die Garantie deckt bis zu 2 Reparaturen. Eine Arbeitsstunde kostet 80 €.", "Die Garantie deckt bis zu 2 Stunden Arbeitszeit.", "2 Stunden"),  # de 'Reparaturen' read as hours
    ("Het pakket omvat 12 figuren van hout.", "Het in elkaar zetten kost ongeveer 12 uur.", "12 uur"),  # nl 'figuren'
    ("2024年3月5日から、受付時間は1日9時から17時までとなります。", "2024年3月1日から受付が始まります。", "3月1日"),  # ja '1日9時' = each day 9:00 read as 3/1
    ("自2024年5月10日起，客服热线服务时间调整为1日8点至20点。", "自2024年5月1日起，客服热线服务时间调整为每天8点至20点。", "5月1日"),  # zh '1日8点' per day read as 5/1
    ("Le bâtiment mesure 12 M de haut.", "Le bâtiment a coûté 12 millions.", "12 millions"),  # fr M metres read as millions
]  # fmt: skip


@pytest.mark.parametrize(("context", "answer"), CLEAN)
def test_an_honest_answer_the_review_wrote_is_not_flagged(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), LISTED)
def test_an_invention_the_review_wrote_is_flagged(context: str, answer: str, figure: str) -> None:
    assert any(figure in shown or shown in figure for shown in flagged(context, answer))

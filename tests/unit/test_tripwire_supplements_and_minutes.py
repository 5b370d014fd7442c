"""Charges and rates by the minute read further (issue 46, round fourteen, from round 23 once measured): French
'supplément' is a charge to the reader added to a price (a surcharge and a debit), so a 'remise' restated as one is
listed; a rate by the minute ('por minuto', 'al minuto', '0,29 €/min')
is a period of its own, never a rate per trip or per hour, and never the next fee's ('25p a minute plus £1 to
unlock'). (Korean '원이 추가됩니다' as a surcharge and '분당' as per minute were taken back after hostile84:
'쿠폰이 추가됩니다' adds a coupon, and 분당 is Bundang.)"""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

RESTATED = [
    (
        "Si vous choisissez le retrait en entrepôt, une remise de 30 € est déduite de votre commande.",
        "En retirant votre commande en entrepôt, vous bénéficiez d'une remise de 30 €.",
    ),
    ("La livraison le samedi entraîne un supplément de 15 €.", "Le samedi, la livraison coûte 15 € de supplément."),
    ("- Noleggio a minuto: 0,29 €/min\n- Pacchetto 3 ore: 24 €", "Il noleggio costa 29 centesimi al minuto."),
    (
        "Desbloqueio: R$ 5,00 por viagem. Minuto rodado: R$ 0,50 por minuto.",
        "Cada minuto custa R$ 0,50 e o desbloqueio R$ 5,00 por viagem.",
    ),
    ("Calls cost €0.20 per minute.", "Calls are €0.20 a minute."),
]

INVENTED = [
    (
        "Si vous choisissez le retrait en entrepôt, une remise de 30 € est déduite de votre commande.",
        "Si vous optez pour le retrait en entrepôt, un supplément de 30 € s'ajoute à votre commande.",
        "30 €",
    ),
    ("Desbloqueio: R$ 5,00 por viagem. Minuto rodado: R$ 0,50.", "O desbloqueio custa R$ 5,00 por minuto.", "R$ 5,00"),
    ("- Noleggio a minuto: 0,29 €/min\n- Pacchetto 3 ore: 24 €", "Il noleggio costa 0,29 € all'ora.", "0,29 €"),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_a_charge_or_a_rate_by_the_minute_restated_is_not_listed(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_a_discount_said_as_a_surcharge_or_a_rate_of_another_period_is_listed(
    context: str, answer: str, figure: str
) -> None:
    assert flagged(context, answer) == [figure]


# hostile84's probes of b54bc76, each wrong there: Bundang, a per-minute rate's period given to the next fee, a
# supplement reduced, a coupon added.
ATTACKED = [
    ("Scooters cost 25p a minute plus £1 to unlock.", "Unlocking costs £1 per ride, then 25p a minute.", None),
    ("분당점 회원권: 월 99,000원", "분당점 회원권은 매월 99,000원입니다.", None),
    ("성남시 분당구 센터 연회비 120,000원", "연회비는 1년에 120,000원입니다.", None),
    (
        "Pour les moins de 12 ans, le supplément est réduit de 50 %.",
        "Les moins de 12 ans ont une réduction de 50 % sur le supplément.",
        None,
    ),
    ("첫 구매 고객에게는 3,000원 쿠폰이 추가됩니다.", "첫 구매 시 3,000원 할인 쿠폰을 드립니다.", None),
    (
        "Der Roller kostet 0,19 € pro Minute plus 1 € zum Entsperren.",
        "Das Entsperren kostet 1 € pro Fahrt, danach 0,19 € pro Minute.",
        None,
    ),
    ("분당 본점 연회비: 50,000원", "본점 연회비는 1년에 50,000원입니다.", None),
    ("분당점 주간 이용권 40,000원", "분당점 주간 이용권은 일주일에 40,000원입니다.", None),
    ("분당 호텔 디럭스룸 1박 150,000원", "분당 호텔 디럭스룸은 1박에 150,000원입니다.", None),
]


@pytest.mark.parametrize(("context", "answer", "figure"), ATTACKED)
def test_the_reviews_probes_of_supplements_and_minutes(context: str, answer: str, figure: str | None) -> None:
    listed = flagged(context, answer)
    assert figure in listed if figure else listed == []

"""Charges and rates by the minute read further (issue 46, round fourteen, from round 23 once measured): French
'supplément' is a charge to the reader added to a price (a surcharge and a debit), so a 'remise' restated as one is
listed; Korean '10,000원이 추가됩니다' is a surcharge; a rate by the minute ('por minuto', 'al minuto', '0,29 €/min')
is a period of its own, never a rate per trip or per hour."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

RESTATED = [
    (
        "Si vous choisissez le retrait en entrepôt, une remise de 30 € est déduite de votre commande.",
        "En retirant votre commande en entrepôt, vous bénéficiez d'une remise de 30 €.",
    ),
    ("La livraison le samedi entraîne un supplément de 15 €.", "Le samedi, la livraison coûte 15 € de supplément."),
    ("주말 및 공휴일에는 펌·염색 시술에 10,000원이 추가됩니다.", "주말에는 펌·염색에 10,000원의 추가 요금이 붙습니다."),
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
    (
        "주말 및 공휴일에는 펌·염색 시술에 10,000원이 추가됩니다.",
        "네, 주말에는 펌·염색 시술 요금이 10,000원 할인됩니다.",
        "10,000원",
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

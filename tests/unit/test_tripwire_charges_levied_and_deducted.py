"""Which way money goes, read further (issue 46, round fourteen, from round 22 written blind): an addition
('um acréscimo de 15 %') is a rise and a charge added, as a reduction is a fall and a charge taken off; a charge
levied on top ('10%가 추가로 부과됩니다') is a debit and a charge added; what is deducted from a deposit is taken
from the reader ('(90 €) sont déduits du dépôt'), the words after a figure's bracket its own; 'versare' is the
reader paying; and a word between two amounts belongs to the nearer ('con spese di 2.180 € lei dovrebbe
versare altri 320 €': the 320 €)."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

RESTATED = [
    (
        "Mudanças ao sábado têm um acréscimo de 15 % sobre o orçamento; às terças aplicamos um desconto de 10 %.",
        "Ao sábado há um acréscimo de 15 % sobre o orçamento.",
    ),
    (
        "Mudanças ao sábado têm um acréscimo de 15 % sobre o orçamento; às terças aplicamos um desconto de 10 %.",
        "Às terças tem um desconto de 10 %.",
    ),
    (
        "6개월 선납 시 월 보관료의 10%가 할인됩니다. 연체 시 월 보관료의 5%가 연체료로 부과됩니다.",
        "6개월을 선납하시면 월 보관료의 10%를 할인받으실 수 있습니다.",
    ),
    ("주말에는 기본요금의 20%가 추가로 부과됩니다.", "주말 이용 시 기본요금에 20%가 추가 부과됩니다."),
    (
        "Les frais de ménage de fin de séjour (90 €) sont déduits du dépôt de garantie de 750 €.",
        "Les 90 € de ménage sont retenus sur votre dépôt de garantie.",
    ),
    (
        "Le dépôt de garantie (750 €) est restitué sous 30 jours.",
        "Vos 750 € de dépôt vous sont remboursés sous 30 jours.",
    ),
    (
        "Con spese effettive di 2.180 €, restituiamo 320 €.",
        "Se le spese effettive sono di 2.180 €, le restituiamo 320 €.",
    ),
    ("Wir erstatten 320 € zurück und behalten 90 € ein.", "Sie bekommen 320 € zurück; 90 € behalten wir ein."),
]

INVENTED = [
    (
        "Mudanças ao sábado têm um acréscimo de 15 % sobre o orçamento; às terças aplicamos um desconto de 10 %.",
        "Aos sábados beneficia de um desconto de 15 % sobre o orçamento.",
        ["15 %"],
    ),
    (
        "Às terças aplicamos um desconto de 10 % sobre o orçamento.",
        "Às terças há um acréscimo de 10 % sobre o orçamento.",
        ["10 %"],
    ),
    ("6개월 선납 시 월 보관료의 10%가 할인됩니다.", "6개월을 선납하시면 월 보관료에 10%가 추가로 부과됩니다.", ["10%"]),
    (
        "Les frais de ménage de fin de séjour (90 €) sont déduits du dépôt de garantie.",
        "Les frais de ménage, 90 €, vous sont remboursés avec le dépôt.",
        ["90 €"],
    ),
    (
        "Con spese effettive di 2.180 €, restituiamo 320 €.",
        "Con spese effettive di 2.180 € lei dovrebbe versare altri 320 €.",
        ["320 €"],
    ),
    (
        "Wir erstatten 320 € zurück und behalten 90 € ein.",
        "Wir behalten 320 € ein und erstatten 90 € zurück.",
        ["320 €", "90 €"],
    ),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_money_restated_going_the_same_way_is_not_listed(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figures"), INVENTED)
def test_money_said_to_go_the_other_way_is_listed(context: str, answer: str, figures: list[str]) -> None:
    assert flagged(context, answer) == figures


# hostile80's probes of 8cfc82d, each wrong on that commit: a debit's stem read past a phrase that starts with it,
# a word of direction kept by the amount it follows, Italian words not read in Spanish or Portuguese.
ATTACKED = [
    (
        "Sur votre caution de 750 €, 90 € sont retenus pour le ménage de fin de séjour.",
        "Sur votre caution de 750 €, 90 € vous sont remboursés pour le ménage.",
        "90 €",
    ),
    (
        "En cas d'annulation moins de 7 jours avant l'arrivée, 150 € sont retenus.",
        "En cas d'annulation moins de 7 jours avant l'arrivée, 150 € vous sont remboursés.",
        "150 €",
    ),
    (
        "Des frais de dossier de 35 € sont retenus à titre de frais de gestion.",
        "Les frais de dossier de 35 € vous sont remboursés.",
        "35 €",
    ),
    (
        "La caparra di 300 € che verserà alla prenotazione le sarà restituita alla partenza.",
        "La caparra di 300 € viene trattenuta alla partenza.",
        "300 €",
    ),
    (
        "O reembolso de 15 % versa apenas sobre a tarifa base.",
        "Tem direito a um reembolso de 15 % sobre a tarifa base.",
        None,
    ),
    (
        "La devolución del 10 % versa sobre el importe neto de la compra.",
        "Le devolvemos el 10 % del importe neto de la compra.",
        None,
    ),
    (
        "A caução de 750 € ser-lhe-á integralmente devolvida menos 90 € de limpeza.",
        "A caução de 750 € fica integralmente retida.",
        "750 €",
    ),
    (
        "Es werden 660 € auf Ihr Konto erstattet statt der vollen 750 €.",
        "Es werden 660 € von Ihrem Konto abgebucht.",
        "660 €",
    ),
    ("660 € vous seront restitués sur les 750 € versés.", "660 € seront retenus sur les 750 € versés.", "660 €"),
    ("$660 of your deposit will be refunded from the $750 you paid.", "$660 of your deposit will be withheld.", "$660"),
    (
        "Der Zinssatz wird um 0,25 % für alle Bestandskunden gesenkt auf 3,5 %.",
        "Der Zinssatz wird um 0,25 % für Bestandskunden erhöht.",
        "0,25 %",
    ),
]


@pytest.mark.parametrize(("context", "answer", "figure"), ATTACKED)
def test_the_reviews_probes_of_the_direction_reading(context: str, answer: str, figure: str | None) -> None:
    listed = flagged(context, answer)
    assert figure in listed if figure else listed == []

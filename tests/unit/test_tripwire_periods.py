"""A period and what a price is per, written the ways each language writes them (issue 46, round four): a noun
between an amount and its period ('€ 45 abonnementskosten per maand'), a 'per' word only whole (the 'a' of
'aansluitkosten' is no 'a month'), 'p.p.' and 'pp' for per person, 'al trimestre', '/季'. Each both ways: the
same period restates, another is an invention."""

from __future__ import annotations

import pytest

from groundgate.judges.figures import tripwire


def listed(context: str, candidate: str) -> list[tuple[str, str]]:
    return [(new.status, new.figure.text) for new in tripwire(context, None, "", candidate).new]


@pytest.mark.parametrize(
    ("context", "restated", "changed", "figure"),
    [
        ("Het abonnement kost € 45 per jaar per gebruiker.", "Je betaalt € 45 abonnementskosten per jaar per gebruiker.", "Je betaalt € 45 abonnementskosten per maand per gebruiker.", "€ 45"),
        ("De installatie kost eenmalig € 60.", "Je betaalt eenmalig € 60 installatiekosten.", "Je betaalt € 60 installatiekosten per jaar.", "€ 60"),
        ("Het diner kost € 38 p.p. inclusief drankjes.", "Het diner kost € 38 per persoon.", "Het diner kost € 38 per reservering.", "€ 38"),
        ("The tasting menu is £65 pp, wine extra.", "The tasting menu costs £65 per person.", "The tasting menu costs £65 per booking.", "£65"),
        ("La cuota del club es de 45 € al trimestre.", "Pagas 45 € por trimestre.", "Pagas 45 € al mes.", "45 €"),
        ("云存储套餐：30元/季，100元/年。", "云存储每季30元。", "云存储每月30元。", "30元"),
    ],
)  # fmt: skip
def test_a_period_written_the_language_s_way_is_read(context: str, restated: str, changed: str, figure: str) -> None:
    assert listed(context, restated) == []
    assert listed(context, changed) == [("unsupported", figure)]

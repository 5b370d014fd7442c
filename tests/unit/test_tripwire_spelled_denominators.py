"""A compound unit spelled out (issue 46, round thirteen): 'gramos por metro cuadrado' is g/m², 'miligramos de
ácido hialurónico por mililitro' is mg/ml (a few words of what is measured between), '7 GB cada hora' is GB/h.
Each restatement here was flagged at e9e1122; another unit or value is still listed."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

RESTATED = [
    ("Lona de 510 g/m² a 12 €/m².", "La lona es de 510 gramos por metro cuadrado."),
    ("Papel de 200 g/m².", "O papel tem 200 gramas por metro quadrado."),
    ("Carta da 250 g/m².", "La carta pesa 250 grammi per metro quadrato."),
    ("Utilizamos un gel de 20 mg/ml.", "El gel lleva 20 miligramos de ácido hialurónico por mililitro."),
    ("Ultra HD 4K: 7 GB/hora.", "En 4K el consumo sube a unos 7 GB cada hora."),
    ("Zuckergehalt: 1,8 g/L.", "Der Wein hat 1,8 Gramm Restzucker pro Liter."),
]

INVENTED = [
    ("Lona de 510 g/m² a 12 €/m².", "La lona es de 510 gramos por metro cúbico.", "510 gramos"),
    ("Utilizamos un gel de 20 mg/ml.", "El gel lleva 20 miligramos de ácido hialurónico por litro.", "20 miligramos"),
    ("Ultra HD 4K: 7 GB/hora.", "En 4K el consumo sube a unos 7 GB cada minuto.", "7 GB"),
    ("Papel de 200 g/m².", "O papel tem 300 gramas por metro quadrado.", "300 gramas"),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_a_compound_unit_spelled_out_is_not_flagged(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_another_compound_unit_spelled_out_is_flagged(context: str, answer: str, figure: str) -> None:
    assert any(figure in text for text in flagged(context, answer))

"""Compact and spoken forms read further (issue 46, round fourteen, from round 22 written blind): half a
million in words ('einer halben Million Euro', 'meio milhão', 'een half miljoen') is 500,000; a German length
adjective ('eine 60-minütige Stunde', 'ein 3-tägiger Kurs') is that many minutes or days, never the noun after
it; a CJK range per a volume said before it ('水1リットルあたり0.4〜1.0ミリグラム') is mg/L."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

RESTATED = [
    ("Kaufpreis: 500.000 €.", "Bei einem Kaufpreis von einer halben Million Euro."),
    ("Purchase price: $500,000.", "The purchase price is half a million dollars."),
    ("Prix d'achat : 500 000 €.", "Le prix d'achat est d'un demi-million d'euros."),
    ("Precio de compra: 500.000 €.", "El precio de compra es de medio millón de euros."),
    ("Preço de compra: 500.000 €.", "O preço de compra é de meio milhão de euros."),
    ("Prezzo di acquisto: 500.000 €.", "Il prezzo di acquisto è di mezzo milione di euro."),
    ("Koopprijs: € 500.000.", "De koopprijs is een half miljoen euro."),
    (
        "Im Gruppenunterricht zahlen Sie 15 € pro Person und Stunde à 60 Minuten.",
        "Sie zahlen 15 € für eine 60-minütige Stunde.",
    ),
    ("Der Kurs dauert 3 Tage.", "Es ist ein 3-tägiger Kurs."),
    ("・遊離残留塩素濃度：0.4〜1.0 mg/L", "遊離残留塩素濃度は、水1リットルあたり0.4〜1.0ミリグラムです。"),
]

INVENTED = [
    ("Kaufpreis: 600.000 €.", "Bei einem Kaufpreis von einer halben Million Euro.", "einer halben Million Euro"),
    ("Purchase price: $1,000,000.", "The purchase price is half a million dollars.", "half a million dollars"),
    (
        "Im Gruppenunterricht zahlen Sie 15 € pro Person und Stunde à 60 Minuten.",
        "Sie zahlen 15 € für eine 45-minütige Stunde.",
        "45-minütige",
    ),
    (
        "・遊離残留塩素濃度：0.4〜1.0 mg/L",
        "遊離残留塩素濃度は、水1リットルあたり0.4〜2.0ミリグラムです。",
        "1リットルあたり0.4〜2.0ミリグラム",
    ),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_a_compact_or_spoken_form_restated_is_not_listed(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_a_compact_or_spoken_form_of_another_value_is_listed(context: str, answer: str, figure: str) -> None:
    assert flagged(context, answer) == [figure]

"""The answer's own arithmetic, said without its signs (issue 46, round fourteen, from round 22 written blind,
whose derived figures were listed as inventions 20 times in 24): a sum of amounts the answer states where its
words say it adds ('83,40 € en total'), a difference where they say what is saved ('soit 20 € d'économie'), a count
the answer states of the amount beside it ('31,60 € pour les 4 livraisons'), or of a sum ('für 50 Gäste … 2.125,00
€'), each amount backed or derived before it, is listed as derived, and the count it computes with is not listed.
A total the arithmetic does not give, amounts of two periods added, a count of another amount, stay listed."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.tripwire_rows import flagged, listed_asked

DERIVED = [
    (
        "Les cours de piano coûtent 28 € la séance. Le forfait trimestriel comprend 10 séances pour 260 €.",
        "Combien j'économise avec le forfait ?",
        "Avec le forfait, vous payez 260 € au lieu de 280 € pour 10 séances, soit 20 € d'économie.",
    ),
    (
        "Livraison : 4,90 € par livraison dans un rayon de 5 km, 7,90 € au-delà.",
        "J'habite à 8 km ; combien pour 4 livraisons ?",
        "Chaque livraison vous coûtera 7,90 €, soit 31,60 € pour les 4 livraisons.",
    ),
    (
        "| Tipo de vehículo | Inspección periódica |\n|---|---|\n| Turismo gasolina | 38,50 € |\n| Turismo diésel | 44,90 € |",
        "¿Cuánto pago por pasar la ITV de mis dos coches, uno de gasolina y otro diésel?",
        "Pagarás 83,40 € en total: 38,50 € por el de gasolina y 44,90 € por el diésel.",
    ),
    (
        "Fingerfood: 24,50 € pro Person. Getränkepauschale: 18,00 € pro Person. Mindestbestellung: 30 Personen.",
        "Was kosten Fingerfood und Getränke für 50 Gäste?",
        "Für 50 Gäste kommen Fingerfood (24,50 €) und Getränkepauschale (18,00 €) zusammen auf 2.125,00 €.",
    ),
    (
        "Il vaccino richiede 2 dosi; ogni dose costa 98 €. La visita pre-viaggio costa 40 €.",
        "Quanto spendo in tutto, visita compresa?",
        "Tra le 2 dosi (98 € ciascuna) e la visita da 40 €, la spesa complessiva è di 236 €.",
    ),
    (
        "The Classic box is £40 per weekly delivery.",
        "What do four weeks of the Classic box cost?",
        "Four weekly Classic deliveries come to £160 in total (£40 each).",
    ),
    (
        "El seguro Completo cuesta 36 € al mes.",
        "¿Cuánto pagaría al año por el Completo?",
        "El Completo sale a 432 € al año (36 € al mes durante 12 meses).",
    ),
]

INVENTED = [
    (
        "Les cours de piano coûtent 28 € la séance. Le forfait trimestriel comprend 10 séances pour 260 €.",
        "Avec le forfait, vous payez 260 € au lieu de 280 € pour 10 séances, soit 30 € d'économie.",
        "30 €",
    ),
    (
        "Livraison : 4,90 € par livraison dans un rayon de 5 km, 7,90 € au-delà.",
        "Chaque livraison vous coûtera 7,90 €, soit 33,60 € pour les 4 livraisons.",
        "33,60 €",
    ),
    (
        "Adult day pass: €20. Child day pass: €10.",
        "For 2 adults at €20 each and 1 child at €10, you pay a total of €30.",
        "€30",
    ),
    (
        "Phone: £10 per month. Insurance: £60 per year.",
        "Phone £10 a month and insurance £60 a year, so a total of £70 a month.",
        "£70",
    ),
    (
        "Il vaccino richiede 2 dosi; ogni dose costa 98 €. La visita pre-viaggio costa 40 €.",
        "Tra le 2 dosi (98 € ciascuna) e la visita da 40 €, la spesa complessiva è di 138 €.",
        "138 €",
    ),
]


@pytest.mark.parametrize(("context", "question", "answer"), DERIVED)
def test_the_answers_own_arithmetic_is_listed_as_derived_not_flagged(context: str, question: str, answer: str) -> None:
    """The count it computes with is the question's or the context's (or the months of the year derived)."""
    listed = listed_asked(context, question, answer)
    assert [figure for status, figure in listed if status not in ("derived", "unread")] == []
    assert "derived" in {status for status, _ in listed}


def test_a_count_of_the_answers_own_stays_listed() -> None:
    """'Over four days' neither the context nor the question states: the answer's own premise, for a person to
    read; the total it prices is derived from it."""
    assert listed_asked("A compact car costs €35 per day.", "What does the compact car cost?", "Over four days the compact car comes to €140 in total.") == [("unsupported", "four days"), ("derived", "€140")]  # fmt: skip


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_a_total_the_arithmetic_does_not_give_is_flagged(context: str, answer: str, figure: str) -> None:
    assert figure in flagged(context, answer)


def _euros(cents: int) -> str:
    return f"{Decimal(cents) / 100:.2f}".replace(".", ",") + " €"


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=150, max_value=9_999), st.integers(min_value=2, max_value=12), st.integers(min_value=1, max_value=500))  # fmt: skip
def test_a_count_of_a_price_is_derived_exactly_when_the_product_is_right(cents: int, count: int, off: int) -> None:
    """In French, for any price and count: 'N billets à P chacun, soit T au total' is derived when T = N × P, and
    flagged when T is off by any amount."""
    context, question = f"Le billet coûte {_euros(cents)} par personne.", f"Combien pour {count} personnes ?"
    right = f"Pour {count} personnes à {_euros(cents)} chacune, cela fait {_euros(cents * count)} au total."
    wrong_total = _euros(cents * count + off)
    wrong = f"Pour {count} personnes à {_euros(cents)} chacune, cela fait {wrong_total} au total."
    assert [f for status, f in listed_asked(context, question, right) if status not in ("derived", "unread")] == []
    assert ("unsupported", wrong_total) in listed_asked(context, question, wrong)

"""A figure only the user's question states is theirs, never listed (issue 46, round fourteen). Round 22, written
blind, found a row where such a figure, read anew with its qualifiers, was taken for a context figure said of
something else, and the tripwire failed looking for it in the context: 'Si je commande à midi' asked, the
answer's 'midi' of a Sunday whose deliveries end at 12 h 30. And a quarter or a half past noon or midnight is that
time ('midi et demi' is 12:30), never noon."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged, listed_asked

CONTEXT = (
    "Commande avant 14 h pour une livraison le jour même, entre 15 h et 19 h 30. Frais de livraison : 7,90 €. "
    "Le dimanche, livraison le matin uniquement, de 9 h à 12 h 30."
)


def test_a_time_only_the_question_states_is_the_users_own() -> None:
    question = "Si je commande à midi, ils seront livrés à quelle heure ?"
    assert listed_asked(CONTEXT, question, "Le dimanche, la livraison se fait le matin, jusqu'à midi.") == []


def test_a_time_neither_the_question_nor_the_context_states_is_listed() -> None:
    question = "Si je commande à midi, ils seront livrés à quelle heure ?"
    assert listed_asked(CONTEXT, question, "Le dimanche, la livraison se fait jusqu'à 11 h 15.") == [
        ("unsupported", "11 h 15")
    ]


RESTATED = [
    ("Le dimanche, livraison le matin uniquement, de 9 h à 12 h 30.", "Le dimanche, livraison jusqu'à midi et demi."),
    ("Ao domingo, entregas só de manhã, das 9h às 12h30.", "Ao domingo, entregamos até ao meio-dia e meia."),
    (
        "La domenica consegne solo al mattino, dalle 9 alle 12:30.",
        "La domenica consegniamo fino a mezzogiorno e mezza.",
    ),
    ("Le bar ferme à 0 h 30 le samedi.", "Le samedi, le bar ferme à minuit et demi."),
]

INVENTED = [
    ("Le dimanche, livraison le matin uniquement, de 9 h à 12 h 30.", "Le dimanche, livraison jusqu'à midi.", "midi"),
    (
        "Ao domingo, entregas só de manhã, das 9h às 12h.",
        "Ao domingo, entregamos até ao meio-dia e meia.",
        "meio-dia e meia",
    ),
    ("Le bar ferme à minuit le samedi.", "Le samedi, le bar ferme à minuit et demi.", "minuit et demi"),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_half_past_noon_or_midnight_restated_is_not_listed(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_half_past_noon_or_midnight_of_another_time_is_listed(context: str, answer: str, figure: str) -> None:
    assert flagged(context, answer) == [figure]

"""A hedged share of a part the context says of its whole (issue 46, round thirteen): '1 320 des 1 450 cabines'
backs 'plus de 90 % des cabines', '420 box, di cui 312' backs 'circa tre quarti', wherever the answer leaves
the counts out. The share must hold as its hedge says, and two counts the context does not set as part and
whole back nothing. Each restatement here was flagged at e9e1122."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged, listed

RESTATED = [
    (
        "En haute saison, 1 320 des 1 450 cabines de la flotte sont déjà réservées à la mi-mai.",
        "À la mi-mai, plus de 90 % des cabines de la flotte sont déjà prises.",
    ),
    (
        "Il nostro magazzino dispone di 420 box, di cui 312 attualmente occupati.",
        "Al momento circa tre quarti dei box sono occupati.",
    ),
    (
        "In 2023 we took in 1,184 animals, of which 395 were adopted.",
        "About a third of the animals we took in last year were adopted.",
    ),
    (
        "Im Jahr 2024 gab es 2.480 Anträge, davon 1.212 online.",
        "Knapp die Hälfte der Anträge kam 2024 online.",
    ),
    (
        "2023年共受理投诉1,250件，其中已解决1,010件。",
        "2023年的投诉中，约八成已经解决。",
    ),
]

INVENTED = [
    (
        "En haute saison, 1 320 des 1 450 cabines de la flotte sont déjà réservées à la mi-mai.",
        "À la mi-mai, environ deux tiers des cabines sont déjà prises.",
        "deux tiers",
    ),
    (
        "Il nostro magazzino dispone di 420 box, di cui 312 attualmente occupati.",
        "Al momento circa la metà dei box è occupata.",
        "la metà",
    ),
    # two counts of different things, not a part and its whole: no share of them is backed
    (
        "We have 420 lockers. Last month 312 parcels were delivered.",
        "About three quarters of the lockers are in use.",
        "three quarters",
    ),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_a_hedged_share_of_a_part_and_its_whole_is_not_flagged(context: str, answer: str) -> None:
    assert flagged(context, answer) == []
    assert any(status == "derived" for status, _ in listed(context, answer))


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_a_share_that_does_not_hold_is_flagged(context: str, answer: str, figure: str) -> None:
    assert any(figure in text for text in flagged(context, answer))

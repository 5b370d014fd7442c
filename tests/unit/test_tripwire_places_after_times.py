"""A place named right after a time is its zone (issue 46, round thirteen): 'às 15h00 em Brasília' is Brasília
time, 'at 9:00 in New York' New York's; the answer's own word for that zone is no other zone's time."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

RESTATED = [
    (
        "O concerto será transmitido às 18h00 (hora de Lisboa), ou seja, às 15h00 em Brasília.",
        "Do Brasil, pode acompanhar a transmissão às 15h (horário de Brasília).",
    ),
    (
        "The webinar starts at 15:00 CET, that is at 9:00 in New York.",
        "For you in New York the webinar starts at 9:00 New York time.",
    ),
]

INVENTED = [
    (
        "O concerto será transmitido às 18h00 (hora de Lisboa), ou seja, às 15h00 em Brasília.",
        "O concerto começa às 15h, hora de Lisboa.",
        "15h",
    ),
    (
        "The webinar starts at 15:00 CET, that is at 9:00 in New York.",
        "The webinar starts at 9:00 UK time.",
        "9:00",
    ),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_a_time_in_the_zone_of_the_place_named_after_it_is_not_flagged(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_a_time_said_in_another_zone_is_flagged(context: str, answer: str, figure: str) -> None:
    assert any(figure in text for text in flagged(context, answer))

"""What a figure is per, when the answer names it by a noun the tables do not know (issue 46, round fourteen):
such a figure is not read in full ('unread'), unless the context itself tells that noun apart from what it says
the figure is per. A context that prices one thing 'por vehículo' and another 'por rueda' names two bases; an
answer that moves a figure from one to the other has changed what it is per, whatever either noun means."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import listed

MOVED = [
    (
        "Le montage coûte 39 € par véhicule ; l'équilibrage est facturé 10 € par roue.",
        "Le montage coûte 39 € par roue.",
        "39 €",
    ),
    (
        "El montaje cuesta 39 € por vehículo; el equilibrado, 10 € por rueda.",
        "El montaje cuesta 39 € por rueda.",
        "39 €",
    ),
    ("Wheel truing is $25 per wheel; spokes are $6 per spoke.", "Wheel truing is $25 per spoke.", "$25"),
    ("Reinigung: 12 € pro Teppich; Fleckenbehandlung 5 € pro Fleck.", "Die Reinigung kostet 12 € pro Fleck.", "12 €"),
]

KEPT = [
    ("Wheel truing is $25 per wheel; spokes are $6 per spoke.", "Wheel truing is $25 per wheel."),
    ("Reinigung: 12 € pro Teppich; Fleckenbehandlung 5 € pro Fleck.", "Die Reinigung kostet 12 € pro Teppich."),
    ("El montaje cuesta 39 € por vehículo; el equilibrado, 10 € por rueda.", "El equilibrado cuesta 10 € por rueda."),
]


@pytest.mark.parametrize(("context", "answer", "figure"), MOVED)
def test_a_figure_moved_to_the_contexts_other_basis_is_listed(context: str, answer: str, figure: str) -> None:
    assert listed(context, answer) == [("unsupported", figure)]


@pytest.mark.parametrize(("context", "answer"), KEPT)
def test_a_figure_kept_on_its_own_basis_is_not_listed(context: str, answer: str) -> None:
    assert listed(context, answer) == []


def test_a_noun_the_context_never_uses_is_left_unread_not_flagged() -> None:
    """'per rim' may be the context's wheel named otherwise: not weighed, so listed as not read in full."""
    assert listed("Wheel truing is $25 per wheel; spokes are $6 per spoke.", "Wheel truing is $25 per rim.") == [
        ("unread", "$25")
    ]

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


# hostile79's probes: the same price said per the answer's noun too (each failed on 2438393)
SAME_PRICE_PER_BOTH = [
    (
        "Garde-meubles : 5 € par carton et par mois. Valises et sacs : 5 € par sac et par mois.",
        "Pour un sac, c'est 5 € par sac et par mois.",
    ),
    (
        "Moving supplies: $5 per carton. Packing tape: $5 per roll. Bubble wrap: $12 per roll.",
        "Packing tape is $5 per roll.",
    ),
    (
        "Consigna: 5 € por maleta al día; 5 € por bicicleta al día; 3 € por mochila al día.",
        "Guardar una bicicleta cuesta 5 € por bicicleta al día.",
    ),
    (
        "Deposito bagagli: 5 € per valigia al giorno; 5 € per bicicletta al giorno.",
        "Per la bici sono 5 € per bicicletta al giorno.",
    ),
    (
        "Guarda-volumes: 5 € por mala por dia; 5 € por bicicleta por dia.",
        "Para a bicicleta, são 5 € por bicicleta por dia.",
    ),
    ("Bagageopslag: € 5 per koffer per dag; € 5 per fiets per dag.", "Een fiets stallen kost € 5 per fiets per dag."),
    (
        "Tarifs du vestiaire :\n- 2 € par manteau\n- 2 € par parapluie\n- 4 € par valise",
        "Pour un parapluie, comptez 2 € par parapluie.",
    ),
    (
        "| Objet | Tarif |\n|---|---|\n| Manteau | 2 € par manteau |\n| Parapluie | 2 € par parapluie |\n| Valise | 4 € par valise |",
        "Le vestiaire facture 2 € par parapluie.",
    ),
]


@pytest.mark.parametrize(("context", "answer"), SAME_PRICE_PER_BOTH)
def test_a_price_the_context_says_per_the_answers_noun_too_is_not_listed(context: str, answer: str) -> None:
    assert [status for status, _ in listed(context, answer) if status != "unread"] == []

"""What an answer's figure is said of, when the sentence names it up front (issue 46, round fifteen): an opening
phrase that says whom or what the whole sentence is for ('Para um cão de porte médio, …', 'For students with a
valid ID, …') is part of what each of its figures is said of; and of two rows of one laid-out table, a figure said of
the row whose label the answer names, not the row that states it, is said of something else."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import listed

GROOMING = "| Porte | Banho | Banho + tosquia |\n|---|---|---|\n| Pequeno (até 10 kg) | 18 € | 30 € |\n| Médio (10–25 kg) | 24 € | 38 € |\n| Grande (mais de 25 kg) | 32 € | 50 € |"  # fmt: skip
CLIMBING = "Our Unlimited membership is £54 a month on a rolling contract, or £540 if you pay for the year up front. Students pay £45 a month with a valid ID. Day passes are £13 peak."  # fmt: skip

BOTH_WAYS = [
    (
        GROOMING,
        "Para um cão de porte médio, o banho com tosquia fica em 38 €.",
        "Para um cão de porte médio, o banho com tosquia fica em 50 €.",
        "50 €",
    ),
    (
        GROOMING,
        "Para um cão de porte grande, o banho com tosquia fica em 50 €.",
        "Para um cão de porte pequeno, o banho com tosquia fica em 50 €.",
        "50 €",
    ),
]


@pytest.mark.parametrize(("context", "restated", "invented", "figure"), BOTH_WAYS)
def test_a_row_named_up_front_is_what_the_figure_is_said_of(context: str, restated: str, invented: str, figure: str) -> None:  # fmt: skip
    assert listed(context, restated) == []
    assert listed(context, invented) == [("elsewhere", figure)]


def test_an_opening_phrase_that_names_the_backers_own_words_keeps_the_figure_its_own() -> None:
    """'For students with a valid ID, …': the students' £45 a month, said of the membership the students pay."""
    assert listed(CLIMBING, "For students with a valid ID, the Unlimited membership is £45 per month.") == []

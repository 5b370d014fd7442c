"""What stands between a number and its unit, and what is no noun a number counts (issue 46, round four): a
word between a number and a unit of time says which ('14 zusätzliche Tage', '3 gratis maanden'); the words of a
bound or a hedge ('ruim', 'about') are not what a year counts; a year-like count of the context ('In 2024
kwamen …') may be the year. Each both ways: the figure read in full and changed is an invention."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import listed


@pytest.mark.parametrize(
    ("context", "restated", "changed", "figure"),
    [
        ("Neue Mitarbeitende erhalten 14 zusätzliche Tage Urlaub.", "Sie bekommen 14 zusätzliche Tage Urlaub.", "Sie bekommen 14 zusätzliche Wochen Urlaub.", "14 zusätzliche Wochen"),
        ("Nieuwe klanten krijgen 3 gratis maanden.", "Je krijgt 3 gratis maanden.", "Je krijgt 3 gratis weken.", "3 gratis weken"),
        ("Members get 2 extra weeks to return items.", "You have 2 extra weeks for returns.", "You have 2 extra months for returns.", "2 extra months"),
    ],
)  # fmt: skip
def test_a_word_between_a_number_and_a_unit_of_time_leaves_the_unit_read(
    context: str, restated: str, changed: str, figure: str
) -> None:
    assert listed(context, restated) == []
    assert listed(context, changed) == [("unsupported", figure)]


def test_a_hedge_after_a_year_is_the_next_figure_s_hedge_not_a_noun_the_year_counts() -> None:
    context = "In 2024 kwamen 2,46 miljoen bezoekers naar het park."
    assert listed(context, "Het park trok in 2024 ruim 2,4 miljoen bezoekers.") == []
    assert listed(context, "Het park trok in 2024 ruim 2,5 miljoen bezoekers.") == [("unsupported", "2,5 miljoen bezoekers")]  # fmt: skip
    assert listed(context, "Het park trok in 2023 ruim 2,4 miljoen bezoekers.") == [("unsupported", "2023")]


def test_a_span_of_money_does_not_end_on_an_article() -> None:
    """'hasta un máximo de 6.000 €': the 'un' is an article, not the span's end (a guard: once 'máximo' is no
    noun, 'un' would otherwise be read as €1)."""
    context = "El límite de la tarjeta va de 600 € a 6.000 €."
    assert listed(context, "El límite va desde un mínimo de 600 € hasta un máximo de 6.000 €.") == []
    assert listed(context, "El límite va desde un mínimo de 600 € hasta un máximo de 8.000 €.") == [("unsupported", "8.000 €")]  # fmt: skip


@pytest.mark.parametrize(
    ("context", "restated", "changed", "figure"),
    [
        ("La tarjeta adicional cuesta 15 € al año.", "Un segundo titular paga 15 € al año.", "Un segundo titular paga 25 € al año.", "25 €"),
        ("La carte supplémentaire coûte 15 € par an.", "Une seconde carte coûte 15 € par an.", "Une seconde carte coûte 25 € par an.", "25 €"),
    ],
)  # fmt: skip
def test_one_second_in_words_is_the_ordinal_not_a_duration(
    context: str, restated: str, changed: str, figure: str
) -> None:
    """'un segundo titular', 'une seconde carte': the second one, not a duration of one second."""
    assert listed(context, restated) == []
    assert listed(context, changed) == [("unsupported", figure)]

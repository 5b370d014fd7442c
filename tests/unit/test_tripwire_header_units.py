"""A table's header that is its column's unit (issue 46, round thirteen, after round 20's first measure of the
layout reading): a number alone under `Weight (kg)`, `Price (€)`, `Stunden pro Woche` or `Heures/semaine` is
counted in it, so a changed unit or currency is listed and a restatement in that unit is backed. At e9e1122 the
cell was a bare number, backing any unit, and a header's period was read as nothing."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

_BOXES = "| Box | Weight (kg) | Price (€) |\n|---|---|---|\n| Small | 20 | 35 |\n| Large | 40 | 55 |"
_COURSES = "| Kurs | Stunden pro Woche | Preis |\n|---|---|---|\n| Intensiv | 20 | 480 € |\n| Standard | 10 | 290 € |"
_FORMULES = "| Formule | Heures/semaine | Prix |\n|---|---|---|\n| Standard | 20 | 880 € |\n| Intensif | 30 | 1 240 € |"

RESTATED = [
    (_BOXES, "The small box takes up to 20 kg and costs €35."),
    (_BOXES, "The large box costs 55 €."),
    (_COURSES, "Der Intensivkurs hat 20 Stunden pro Woche und kostet 480 €."),
    (_FORMULES, "La formule Standard, c'est 20 heures par semaine pour 880 €."),
]

INVENTED = [
    (_BOXES, "The small box takes up to 20 lb and costs €35.", "20 lb"),
    (_BOXES, "The small box costs £35.", "£35"),
    (_COURSES, "Der Intensivkurs hat 20 Minuten pro Woche und kostet 480 €.", "20 Minuten"),
    (_COURSES, "Der Intensivkurs hat 20 Stunden pro Monat und kostet 480 €.", "20 Stunden"),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_a_cell_restated_in_its_header_s_unit_is_not_flagged(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_a_cell_said_in_another_unit_is_flagged(context: str, answer: str, figure: str) -> None:
    assert any(figure in text for text in flagged(context, answer))

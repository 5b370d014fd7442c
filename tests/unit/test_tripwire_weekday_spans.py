"""A span of weekdays joined by a preposition fused with its article, in each language that fuses them ('dal
martedì alla domenica', 'van maandag tot en met vrijdag', 'du lundi jusqu'au samedi'): every day inside is
stated, a day outside it is not (issue 46, round four)."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import listed


@pytest.mark.parametrize(
    ("context", "inside", "outside", "figure"),
    [
        ("La biblioteca è aperta dal martedì alla domenica.", "Il giovedì la biblioteca è aperta.", "Il lunedì la biblioteca è aperta.", "lunedì"),
        ("De balie is open van maandag tot en met vrijdag.", "Op woensdag is de balie open.", "Op zaterdag is de balie open.", "zaterdag"),
        ("Le guichet est ouvert du lundi jusqu'au samedi.", "Le guichet est ouvert le vendredi.", "Le guichet est ouvert le dimanche.", "dimanche"),
        ("De balie is open van maandag t/m vrijdag.", "Op dinsdag is de balie open.", "Op zondag is de balie open.", "zondag"),
    ],
)  # fmt: skip
def test_every_day_of_a_span_joined_by_a_fused_preposition_is_stated(
    context: str, inside: str, outside: str, figure: str
) -> None:
    assert listed(context, inside) == []
    assert listed(context, outside) == [("unsupported", figure)]

"""What round 14's development sets (issue 46, rounds 9 to 13) showed the tripwire still dropped: a change's
direction said by an inflected verb ('diminuisce', 'baissera', '감액되고') or by its two ends alone ('von 4,85 %
auf 4,60 %', '12,000円から13,200円に'), never by a range ('de 10 à 20 €')."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

RESTATED = [
    ("La cuota diminuye un 4% este año.", "La cuota baja un 4% este año."),
    ("Le loyer baissera de 3 % en janvier.", "En janvier, le loyer diminue de 3 %."),
    ("Die Gebühr wird um 2 % erhöht.", "Die Gebühr steigt um 2 %."),
    ("De huur wordt met 5% verlaagd.", "De huur daalt met 5%."),
    ("월 수령액이 6% 감액됩니다.", "월 수령액이 6% 줄어듭니다."),
    ("料金は12,000円から13,200円に改定となります。", "料金は13,200円に値上げされます。"),
    ("A taxa passa de 3,00% para 2,50%.", "A taxa desce para 2,50%."),
    ("Het abonnement gaat van € 20 naar € 25 per maand.", "Het abonnement wordt € 25 per maand, een verhoging."),
    ("Le forfait passe de 30 € à 35 €.", "Le forfait augmente à 35 €."),
    ("Les places coûtent de 10 à 20 €.", "Comptez de 10 à 20 € la place, un peu plus qu'avant."),
    ("Das Ticket kostet 2024 genau 12 € und 2025 aumenta nichts.", "Das Ticket kostet 12 €."),
]

INVENTED = [
    ("La tariffa domestica diminuisce del 3,5%.", "La tariffa domestica aumenta del 3,5%.", "3,5%"),
    ("La cuota disminuirá un 4% este año.", "La cuota sube un 4% este año.", "4%"),
    ("Le loyer baissera de 3 % en janvier.", "En janvier, le loyer augmente de 3 %.", "3 %"),
    ("월 수령액이 6% 감액됩니다.", "월 수령액이 6% 늘어납니다.", "6%"),
    ("요금이 MJ당 1.41원 인상됩니다.", "요금이 MJ당 1.41원 내려갑니다.", "1.41원"),
    ("料金は12,000円から13,200円に改定となります。", "料金は13,200円に値下げされます。", "13,200円"),
    ("요금이 5만 원에서 6만 원으로 변경됩니다.", "요금이 6만 원으로 인하됩니다.", "6만 원"),
    ("A taxa passa de 3,00% para 2,50%.", "A taxa sobe para 2,50%.", "2,50%"),
    ("Der Zins geht ab Mai von 2,10 % auf 2,40 %.", "Der Zins wird auf 2,40 % gesenkt.", "2,40 %"),
    ("Le forfait passe de 30 € à 35 €.", "Le forfait baisse à 35 €.", "35 €"),
    ("会费从200元调整为180元。", "会费上调至180元。", "180元"),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_a_change_restated_in_other_words_is_not_flagged(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_a_change_turned_the_other_way_is_flagged(context: str, answer: str, figure: str) -> None:
    assert figure in flagged(context, answer)

"""An answer's own arithmetic (issue 46, round 9): a result the answer computes in plain sight from figures it
states ('12 × £265 = £3,180', '£3,180 (12 × £265)', 'a + b = c', a total it says it adds up) is derived, not
an invention, and a count written as an operand ('12 ×') is no claim of its own; arithmetic that does not hold
leaves the result to be weighed as any figure, so a wrong total is still listed."""

from __future__ import annotations

import pytest

from groundgate.judges.figures.extract import figures
from groundgate.judges.figures.worked import worked
from tests.support.tripwire_rows import flagged, listed

DERIVED = [
    (
        "General English: £265 per week for 12 weeks or more.",
        "At 12 weeks you qualify for £265 a week, so tuition comes to £3,180 (12 × £265).",
        "£3,180",
    ),
    (
        "Abonnement : 34,90 € par mois avec engagement de 12 mois.",
        "Vous payez 34,90 € par mois, soit 418,80 € sur l'année (12 × 34,90 €).",
        "418,80 €",
    ),
    ("Tarifa online: 9,90 € por día para estancias de 5 días.", "Pagarías 5 × 9,90 € = 49,50 €.", "49,50 €"),
    (
        "시즌권: 성인 550,000원, 청소년 420,000원.",
        "성인과 청소년이면 550,000원 + 420,000원 = 970,000원입니다.",
        "970,000원",
    ),
    (
        "상수도요금 14,400원, 하수도요금 11,200원, 물이용부담금 3,060원.",
        "상수도 14,400원, 하수도 11,200원, 물이용부담금 3,060원을 합쳐 총 28,660원입니다.",
        "28,660원",
    ),
    (
        "The standard hourly rate is £12.80; overtime is paid at time and a half.",
        "Overtime works out to £19.20 an hour (£12.80 × 1.5).",
        "£19.20",
    ),
]

# said in words: a measure at a price per its unit, a price over instalments the answer counts
IN_WORDS = [
    (
        "The tariff pays 15p per kWh exported. Your estimated annual export is 1,200 kWh.",
        "At 15p per kWh on the estimated 1,200 kWh a year, you'd earn £180 a year.",
        "£180",
    ),
    (
        "Het collegegeld bedraagt € 2.601 per jaar, te betalen in 10 maandelijkse termijnen.",
        "Kies je voor 10 termijnen, dan betaal je op € 2.601 elke maand € 260,10.",
        "€ 260,10",
    ),
]

WRONG = [
    ("Tarifa online: 9,90 € por día para estancias de 5 días.", "Pagarías 5 × 9,90 € = 59,50 €.", "59,50 €"),
    ("시즌권: 성인 550,000원, 청소년 420,000원.", "550,000원 + 420,000원 = 990,000원입니다.", "990,000원"),
    (
        "상수도요금 14,400원, 하수도요금 11,200원, 물이용부담금 3,060원.",
        "상수도 14,400원, 하수도 11,200원, 물이용부담금 3,060원을 합쳐 총 29,660원입니다.",
        "29,660원",
    ),
    (
        "General English: £265 per week for 12 weeks or more.",
        "Tuition comes to £3,480 (12 × £265).",
        "£3,480",
    ),
]


@pytest.mark.parametrize(("context", "candidate", "result"), DERIVED)
def test_a_result_the_answer_computes_in_plain_sight_is_derived(context: str, candidate: str, result: str) -> None:
    assert flagged(context, candidate) == []
    assert ("derived", result) in listed(context, candidate)


@pytest.mark.parametrize(("context", "candidate", "result"), IN_WORDS)
def test_a_result_said_in_words_from_a_measure_or_instalments_is_derived(
    context: str, candidate: str, result: str
) -> None:
    assert flagged(context, candidate) == []
    assert ("derived", result) in listed(context, candidate)


def test_a_price_over_instalments_that_does_not_hold_is_listed() -> None:
    context = "Het collegegeld bedraagt € 2.601 per jaar, te betalen in 10 maandelijkse termijnen."
    assert "€ 280,10" in flagged(context, "Kies je voor 10 termijnen, dan betaal je op € 2.601 elke maand € 280,10.")


@pytest.mark.parametrize(("context", "candidate", "result"), WRONG)
def test_a_result_its_operands_do_not_give_is_listed(context: str, candidate: str, result: str) -> None:
    assert result in flagged(context, candidate)


def test_an_operand_the_context_does_not_state_is_still_listed() -> None:
    # the arithmetic holds, but one of its amounts is invented: that amount is the invention
    assert "£275" in flagged("£265 per week for 12 weeks or more.", "It comes to £3,300 (12 × £275).")


def test_the_working_names_its_operands() -> None:
    text = "It comes to £3,180 (12 × £265)."
    found = figures(text, "en")
    work = worked(text, found)
    result = next(f for f in found if f.text == "£3,180")
    assert work.results[id(result)].basis == "12 x × £265"
    assert {f.text for f in found if id(f) in work.operands} == {"12 x"}


def test_a_text_without_an_operator_or_a_total_is_not_read() -> None:
    text = "It costs £265 a week for 12 weeks."
    assert worked(text, figures(text, "en")).results == {}

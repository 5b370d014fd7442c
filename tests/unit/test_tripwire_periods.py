"""A period and what a price is per, written the ways each language writes them (issue 46, round four): a noun
between an amount and its period ('€ 45 abonnementskosten per maand'), a 'per' word only whole (the 'a' of
'aansluitkosten' is no 'a month'), 'p.p.' and 'pp' for per person, 'al trimestre', '/季'. Each both ways: the
same period restates, another is an invention."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import listed


@pytest.mark.parametrize(
    ("context", "restated", "changed", "figure"),
    [
        ("Het abonnement kost € 45 per jaar per gebruiker.", "Je betaalt € 45 abonnementskosten per jaar per gebruiker.", "Je betaalt € 45 abonnementskosten per maand per gebruiker.", "€ 45"),
        ("De installatie kost eenmalig € 60.", "Je betaalt eenmalig € 60 installatiekosten.", "Je betaalt € 60 installatiekosten per jaar.", "€ 60"),
        ("Het diner kost € 38 p.p. inclusief drankjes.", "Het diner kost € 38 per persoon.", "Het diner kost € 38 per reservering.", "€ 38"),
        ("The tasting menu is £65 pp, wine extra.", "The tasting menu costs £65 per person.", "The tasting menu costs £65 per booking.", "£65"),
        ("La cuota del club es de 45 € al trimestre.", "Pagas 45 € por trimestre.", "Pagas 45 € al mes.", "45 €"),
        ("云存储套餐：30元/季，100元/年。", "云存储每季30元。", "云存储每月30元。", "30元"),
        ("La matrícula cuesta 80 € por semestre.", "Pagas 80 € al semestre.", "Pagas 80 € al año.", "80 €"),
        ("Die Gebühr beträgt 120 € pro Halbjahr.", "Sie zahlen 120 € pro Semester.", "Sie zahlen 120 € pro Jahr.", "120 €"),
    ],
)  # fmt: skip
def test_a_period_written_the_language_s_way_is_read(context: str, restated: str, changed: str, figure: str) -> None:
    assert listed(context, restated) == []
    assert listed(context, changed) == [("unsupported", figure)]


@pytest.mark.parametrize(
    ("context", "restated", "changed", "figures"),
    [
        ("환불은 4~6영업일 이내에 처리됩니다.", "환불은 영업일 기준 4~6일 안에 처리돼요.", "환불은 4~6일 안에 처리돼요.", ["4~6일"]),
        ("교환은 5영업일 이내에 가능합니다.", "교환은 영업일로 5일 안에 가능해요.", "교환은 5일 안에 가능해요.", ["5일"]),
    ],
)  # fmt: skip
def test_business_days_said_before_a_span_or_with_a_particle_are_both_ends(
    context: str, restated: str, changed: str, figures: list[str]
) -> None:
    """'영업일 기준 4~6일', '영업일로 5일': business days, both ends of a span (a span is listed once)."""
    assert listed(context, restated) == []
    assert listed(context, changed) == [("unsupported", figure) for figure in figures]


@pytest.mark.parametrize(
    ("context", "restated", "changed", "figure"),
    [
        ("分割払いは月々500円です。", "分割払いは月500円です。", "分割払いは年500円です。", "500円"),
        ("적금 금리는 연 3.5%이고, 월 납입액은 20만 원입니다.", "금리는 연 3.5%, 월 20만 원씩 넣으면 돼요.", "금리는 월 3.5%, 월 20만 원씩 넣으면 돼요.", "3.5%"),
    ],
)  # fmt: skip
def test_a_period_of_one_character_before_an_amount_is_its_period(
    context: str, restated: str, changed: str, figure: str
) -> None:
    """'月500円', '연 3.5%': the period, not a date's month; past a comma, the next part's ('연 3.5%, 월 …')."""
    assert listed(context, restated) == []
    assert listed(context, changed) == [("unsupported", figure)]


@pytest.mark.parametrize(
    ("context", "restated", "changed", "figure"),
    [
        ("Le télétravail est possible au plus 2 jours par semaine.", "Vous pouvez télétravailler 2 jours par semaine au maximum.", "Vous pouvez télétravailler 2 jours par semaine au minimum.", "2 jours"),
        ("Remote work is allowed up to 3 days a week.", "You can work remotely 3 days a week at most.", "You can work remotely 3 days a week at least.", "3 days"),
    ],
)  # fmt: skip
def test_a_bound_said_after_the_period_is_the_figure_s(context: str, restated: str, changed: str, figure: str) -> None:
    assert listed(context, restated) == []
    assert listed(context, changed) == [("unsupported", figure)]

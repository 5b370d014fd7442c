"""Issue 46's property, across the languages read and the written forms the locale data gives: the same value,
unit and qualifiers written in any supported form (a unit's long, short or narrow display name from CLDR, in
the row's language; a bound and a period in that language's words) never flags, and changing any one of them
(the value, the unit, the bound, the period) always does. The forms come from babel's CLDR data, not from our
lists: a form the lexicon does not read is not a supported form, and is left out by asking the lexicon (the
same CLDR data), never by looking at what the tripwire does with it."""

from __future__ import annotations

from decimal import Decimal
from typing import Literal, cast

from babel.units import format_unit
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.judges.figures import lexicon, tripwire
from groundgate.judges.figures.cldr import unit_words

# CLDR unit ids, each with another of a different size or dimension to change it to.
UNITS = {
    "mass-kilogram": "mass-gram",
    "mass-gram": "mass-milligram",
    "mass-milligram": "mass-microgram",
    "mass-microgram": "mass-milligram",
    "length-kilometer": "length-meter",
    "length-meter": "length-centimeter",
    "length-centimeter": "length-millimeter",
    "volume-liter": "volume-milliliter",
    "volume-milliliter": "volume-liter",
    "energy-kilocalorie": "mass-gram",
    "digital-gigabyte": "digital-megabyte",
    "power-kilowatt": "power-watt",
}
# A sentence in each language, the bound's words before the figure and the period's after it.
# fmt: off
SAID = {
    "en": ("The allowance is {b}{x}{p}.", {"min": "at least ", "max": "at most "}, {"month": " per month", "year": " per year"}),
    "de": ("Die Menge beträgt {b}{x}{p}.", {"min": "mindestens ", "max": "höchstens "}, {"month": " pro Monat", "year": " pro Jahr"}),
    "fr": ("La quantité est de {b}{x}{p}.", {"min": "au moins ", "max": "au maximum "}, {"month": " par mois", "year": " par an"}),
    "es": ("La cantidad es de {b}{x}{p}.", {"min": "al menos ", "max": "como máximo "}, {"month": " al mes", "year": " al año"}),
    "pt": ("A quantidade é de {b}{x}{p}.", {"min": "pelo menos ", "max": "no máximo "}, {"month": " por mês", "year": " por ano"}),
    "it": ("La quantità è di {b}{x}{p}.", {"min": "almeno ", "max": "al massimo "}, {"month": " al mese", "year": " all'anno"}),
    "nl": ("De hoeveelheid is {b}{x}{p}.", {"min": "minstens ", "max": "hooguit "}, {"month": " per maand", "year": " per jaar"}),
}
# fmt: on
LANGUAGES = sorted(SAID)
VALUES = st.one_of(st.integers(min_value=2, max_value=950).map(Decimal), st.integers(11, 999).map(lambda n: Decimal(n) / 10))  # fmt: skip


def readable(lang: str) -> dict[str, list[str]]:
    """Each unit's CLDR display forms in the language that the lexicon holds (the supported forms)."""
    known = {w.lower() for table in (lexicon.UNIT_WORDS["*"], lexicon.UNIT_WORDS.get(lang, {})) for w in table}
    known |= set(unit_words(lang))
    forms: dict[str, list[str]] = {}
    for unit in UNITS:
        for length in ("long", "short", "narrow"):
            written = format_unit(Decimal(7), unit, length, locale=lang)
            word = " ".join(written.replace("7", "", 1).split()).lower()
            if word in known or word.replace("μ", "µ") in known:
                forms.setdefault(unit, []).append(length)
    return forms


def written(lang: str, value: Decimal, unit: str, length: str, bound: str, period: str) -> str:
    sentence, bounds, periods = SAID[lang]
    figure = format_unit(value, unit, cast(Literal["short", "long", "narrow"], length), locale=lang)
    return sentence.format(b=bounds.get(bound, ""), x=figure, p=periods.get(period, ""))


def flagged(context: str, answer: str) -> list[str]:
    return [new.figure.text for new in tripwire(context, None, "", answer).flagged]


@st.composite
def said(draw: st.DrawFn) -> tuple[str, Decimal, str, list[str], str, str]:
    lang = draw(st.sampled_from(LANGUAGES))
    forms = readable(lang)
    unit = draw(st.sampled_from(sorted(u for u in forms if UNITS[u] in forms)))
    return lang, draw(VALUES), unit, forms[unit], draw(st.sampled_from(["", "min", "max"])), draw(st.sampled_from(["", "month", "year"]))  # fmt: skip


@settings(deadline=None, max_examples=150)  # the first examples load the language models: no timing asserted
@given(said(), st.data())
def test_the_same_figure_in_any_supported_form_never_flags(
    figure: tuple[str, Decimal, str, list[str], str, str], data: st.DataObject
) -> None:
    lang, value, unit, lengths, bound, period = figure
    context = written(lang, value, unit, data.draw(st.sampled_from(lengths)), bound, period)
    answer = written(lang, value, unit, data.draw(st.sampled_from(lengths)), bound, period)
    assert flagged(context, answer) == [], (context, answer)


@settings(deadline=None, max_examples=150)
@given(said(), st.sampled_from(["value", "unit", "bound", "period"]), st.data())
def test_changing_any_one_of_value_unit_and_qualifiers_always_flags(
    figure: tuple[str, Decimal, str, list[str], str, str], changed: str, data: st.DataObject
) -> None:
    lang, value, unit, lengths, bound, period = figure
    context = written(lang, value, unit, data.draw(st.sampled_from(lengths)), bound or "min", period or "month")
    forms = readable(lang)
    other_unit = UNITS[unit] if changed == "unit" else unit
    answer = written(
        lang,
        value + 1 if changed == "value" else value,
        other_unit,
        data.draw(st.sampled_from(forms[other_unit])),
        {"min": "max", "max": "min"}[bound or "min"] if changed == "bound" else bound or "min",
        {"month": "year", "year": "month"}[period or "month"] if changed == "period" else period or "month",
    )
    assert flagged(context, answer) != [], (context, answer)

"""Issue 46's property for what a price is said with beyond its period: a fare's journey (one way, or there and
back) and an amount's side (a credit to the reader, or a debit from them), in the seven Latin-script languages,
the amount written as CLDR writes it in each (babel's `format_currency`: the language's own separators and
the sign before or after). The same amount, journey and side in the context's words and the answer's other
words never flags; changing the amount, the journey or the side always does."""

from __future__ import annotations

from decimal import Decimal

from babel.numbers import format_currency
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.judges.figures import tripwire

# fmt: off
# (the context's sentence, the answer's), each with the journey's words in it; the amount is {x}.
FARES = {
    "en": ("Fares: {j} {x}.", "A {j} ticket costs {x}.", {"way": "single", "return": "return"}),
    "fr": ("Tarifs : {j} {x}.", "Le billet {j} coûte {x}.", {"way": "aller simple", "return": "aller-retour"}),
    "de": ("Preise: {j} {x}.", "Die {j} kostet {x}.", {"way": "einfache Fahrt", "return": "Hin- und Rückfahrt"}),
    "es": ("Precios: {j} {x}.", "El billete de {j} cuesta {x}.", {"way": "solo ida", "return": "ida y vuelta"}),
    "pt": ("Preços: {j} {x}.", "O bilhete de {j} custa {x}.", {"way": "só ida", "return": "ida e volta"}),
    "it": ("Tariffe: {j} {x}.", "Il biglietto di {j} costa {x}.", {"way": "sola andata", "return": "andata e ritorno"}),
    "nl": ("Tarieven: {j} {x}.", "Een kaartje {j} kost {x}.", {"way": "enkele reis", "return": "retour"}),
}
# (the context's sentence, the answer's), each with the side's verb in it.
SIDES = {
    "en": ("Following your claim, {x} will be {d} to your account.", "We have {d} {x} to your account.", {"credit": "credited", "debit": "charged"}),
    "fr": ("Suite à votre demande, {x} seront {d} sur votre compte.", "Nous avons {d} {x} sur votre compte.", {"credit": "remboursés", "debit": "prélevés"}),
    "de": ("Nach Prüfung werden {x} Ihrem Konto {d}.", "Wir haben {x} {d}.", {"credit": "gutgeschrieben", "debit": "abgebucht"}),
    "es": ("Tras revisar su solicitud, se le {d} {x} en su cuenta.", "Se le {d} {x}.", {"credit": "devolverán", "debit": "cargarán"}),
    "pt": ("Após a análise, {x} serão {d} na sua conta.", "Já foram {d} {x}.", {"credit": "creditados", "debit": "debitados"}),
    "it": ("Dopo la verifica le verranno {d} {x} sul conto.", "Le abbiamo {d} {x}.", {"credit": "accreditati", "debit": "addebitati"}),
    "nl": ("Na controle wordt {x} op uw rekening {d}.", "We hebben {x} {d}.", {"credit": "teruggestort", "debit": "afgeschreven"}),
}
# fmt: on
LANGUAGES = sorted(FARES)
AMOUNTS = st.integers(min_value=150, max_value=99_999).map(lambda cents: Decimal(cents) / 100)
CURRENCIES = st.sampled_from(["EUR", "GBP", "USD"])


def amount(value: Decimal, currency: str, lang: str) -> str:
    return format_currency(value, currency, locale=lang)


def flagged(context: str, answer: str) -> list[str]:
    return [new.figure.text for new in tripwire(context, None, "", answer).flagged]


@settings(deadline=None, max_examples=120)
@given(st.sampled_from(LANGUAGES), AMOUNTS, CURRENCIES, st.sampled_from(["way", "return"]), st.sampled_from(["", "value", "journey"]))  # fmt: skip
def test_a_fare_restated_never_flags_and_a_changed_one_always_does(
    lang: str, value: Decimal, currency: str, journey: str, changed: str
) -> None:
    listing, sentence, words = FARES[lang]
    context = listing.format(j=words[journey], x=amount(value, currency, lang))
    other = {"way": "return", "return": "way"}[journey] if changed == "journey" else journey
    said = value + 1 if changed == "value" else value
    answer = sentence.format(j=words[other], x=amount(said, currency, lang))
    assert (flagged(context, answer) != []) == bool(changed), (context, answer)


@settings(deadline=None, max_examples=120)
@given(st.sampled_from(LANGUAGES), AMOUNTS, CURRENCIES, st.sampled_from(["credit", "debit"]), st.sampled_from(["", "value", "side"]))  # fmt: skip
def test_an_amount_on_its_side_restated_never_flags_and_a_changed_one_always_does(
    lang: str, value: Decimal, currency: str, side: str, changed: str
) -> None:
    stated, sentence, verbs = SIDES[lang]
    context = stated.format(d=verbs[side], x=amount(value, currency, lang))
    other = {"credit": "debit", "debit": "credit"}[side] if changed == "side" else side
    said = value + 1 if changed == "value" else value
    answer = sentence.format(d=verbs[other], x=amount(said, currency, lang))
    assert (flagged(context, answer) != []) == bool(changed), (context, answer)

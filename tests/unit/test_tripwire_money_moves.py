"""Which way money moves (issue 46, round thirteen): a change said by its two ends has a level it left and a
level it reached ('scende da 40 € a 30 €'), and an answer that swaps them moves the price the other way; a
surcharge raises a price and is paid by the reader ('un supplemento di 5 €', '加收30元'), a discount lowers it
('uno sconto di 5 €'); a gain is no loss; what a seller keeps is no refund ('retenemos 150 €', 'nous retiendrons 30 €'). A price list's
'+ € 3,10' after a label is an add-on, not money paid in. Each invention here passed at e9e1122."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.tripwire_rows import flagged

RESTATED = [
    # the ends of a change, said again as the context says them, or one end alone
    ("La quota ridotta scende da 40 € a 30 € l'anno.", "La quota ridotta passa da 40 € a 30 € l'anno."),
    ("La quota ridotta scende da 40 € a 30 € l'anno.", "Ora la quota ridotta è di 30 € (prima costava 40 €)."),
    ("The fee rises from £80 to £95 in January.", "From January the fee goes from £80 to £95."),
    ("The fee rises from £80 to £95 in January.", "The fee will be £95, up from £80."),
    ("월 수강료가 18만 원에서 20만 원으로 인상됩니다.", "월 수강료는 18만 원에서 20만 원으로 오릅니다."),
    ("Le tarif passe de 2,14 € à 1,87 € de l'heure.", "Vous payiez 2,14 € de l'heure ; c'est désormais 1,87 €."),
    # a surcharge or a discount said in other words
    ("Dopo il 15 novembre si applica un supplemento di 5 €.", "Dopo il 15 novembre paghi 5 € in più."),
    ("Prenotando online ricevi uno sconto di 10 € sul montaggio.", "Online hai 10 € di sconto sul montaggio."),
    ("Remise de 10 % pour un paiement annuel.", "En payant à l'année, vous avez 10 % de réduction."),
    ("每高一层加收50元。", "实际楼层每高一层，要多收50元。"),
    ("Saunazuschlag: 6,00 €.", "Für die Sauna zahlen Sie 6,00 € Zuschlag."),
    ("Mengenrabatt: 15 % ab 50 Paketen.", "Ab 50 Paketen gibt es 15 % Rabatt."),
    ("Rentabilidad a 5 años: +6,8 %.", "A cinco años el plan acumula una ganancia del 6,8 %."),
    ("Si cancela tarde, retenemos 150 € de la fianza.", "Si cancela tarde, se le cobran 150 € de la fianza."),
    # a price list's add-on after a label, restated as a surcharge
    ("Aangetekend: + € 3,10.", "Aangetekend versturen kost € 3,10 toeslag."),
    ("Verzekerd verzenden: + € 8,95.", "Verzekerd verzenden is € 8,95 extra."),
]

INVENTED = [
    # a change's ends swapped: the price moves the other way
    ("La quota ridotta scende da 40 € a 30 € l'anno.", "La quota ridotta sale da 30 € a 40 € l'anno.", "40 €"),
    ("The fee falls from £95 to £80 in January.", "The fee rises from £80 to £95 in January.", "£95"),
    ("월 수강료가 18만 원에서 20만 원으로 인상됩니다.", "월 수강료가 20만 원에서 18만 원으로 내려갑니다.", "18만 원"),
    ("Der Beitrag geht von 12 € auf 15 € im Monat.", "Der Beitrag geht von 15 € auf 12 € im Monat.", "12 €"),
    # a surcharge said as a discount, a discount as a surcharge
    ("Dopo il 15 novembre si applica un supplemento di 5 €.", "Dopo il 15 novembre hai uno sconto di 5 €.", "5 €"),
    ("Dal secondo figlio c'è una riduzione del 30 %.", "Dal secondo figlio c'è una maggiorazione del 30 %.", "30 %"),
    ("每低一层退还30元。", "每低一层还要加收30元。", "30元"),
    ("今年保费比去年少交568元。", "今年保费比去年多交568元。", "568元"),
    ("Para reservas tardías hay un recargo de 20 €.", "Para reservas tardías hay un descuento de 20 €.", "20 €"),
    # a loss said as a gain; what is kept said as given back
    ("Rentabilidad acumulada a 5 años: -1,4 %.", "A cinco años el plan acumula una ganancia del 1,4 %.", "1,4 %"),
    ("Si cancela tarde, retenemos 150 € de la fianza.", "Si cancela tarde, le devolvemos 150 € de la fianza.", "150 €"),
    (
        "En cas d'annulation tardive, nous retiendrons 30 €.",
        "En cas d'annulation tardive, nous remboursons 30 €.",
        "30 €",
    ),
    # a compound names its side ('Betriebskostenguthaben', 'Nachzahlung' as the word's end)
    ("Die Betriebskostennachzahlung beträgt 318,40 €.", "Sie erhalten eine Gutschrift von 318,40 €.", "318,40 €"),
    ("Ihr Stromguthaben beträgt 84,20 €.", "Ihre Stromnachzahlung beträgt 84,20 €.", "84,20 €"),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_money_moving_the_same_way_in_other_words_is_not_flagged(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_money_moving_the_other_way_is_flagged(context: str, answer: str, figure: str) -> None:
    assert any(figure in text for text in flagged(context, answer))  # a range is quoted whole


# A change said by its ends, in each language's own way of saying it: {a} the level left, {b} the one reached.
_CHANGES = {
    "en": "The monthly fee changes from €{a} to €{b} in March.",
    "fr": "L'abonnement passe de {a} € à {b} € par mois en mars.",
    "de": "Der Monatsbeitrag ändert sich im März von {a} € auf {b} €.",
    "es": "La cuota mensual pasa de {a} € a {b} € en marzo.",
    "pt": "A mensalidade passa de {a} € para {b} € em março.",
    "it": "La quota mensile passa da {a} € a {b} € da marzo.",
    "nl": "De maandprijs gaat in maart van € {a} naar € {b}.",
    "ja": "3月から月額料金が{a}円から{b}円に変わります。",
    "ko": "3월부터 월 요금이 {a}원에서 {b}원으로 바뀝니다.",
    "zh": "从3月起，月费从{a}元调整为{b}元。",
}


@settings(max_examples=60, deadline=None)
@given(
    lang=st.sampled_from(sorted(_CHANGES)),
    a=st.integers(min_value=11, max_value=989),
    b=st.integers(min_value=11, max_value=989),
)
def test_a_change_is_flagged_exactly_when_its_ends_are_swapped(lang: str, a: int, b: int) -> None:
    assume(a != b)
    template = _CHANGES[lang]
    context = template.format(a=a, b=b)
    assert flagged(context, template.format(a=a, b=b)) == []
    assert flagged(context, template.format(a=b, b=a)) != []

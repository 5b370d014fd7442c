"""The hostile review of round 16's first half (hostile61, on 2b889a3) attacked its readings: hedge words of
two senses ('gegen 18 € Aufpreis', 'vers 15 pays': no hedge but of a clock time), a hedged time against a
time's side ('around 7 pm' of 'after 7 pm'), prices for a count of people (Italian, German, Dutch; a price per
person for two sharing; '€120 for 6 people' of '€120 per group'), shares that are none ('周一半天', 'más de un
cuarto' a room), a hedge true of another figure 'by chance' ('environ 50 €' of '49 € par mois'), a Korean cubic
metre read as an age. Each probe failed on the commit reviewed; the three left failing (a Chinese price per cubic
metre said per tonne, a German aside set off by dashes) are named in docs/tripwire.md. With them: a person's own
age in the context's age band is the reader's fact, listed apart ('tu hijo de 9 años' of 'hasta 12 años')."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged, listed

CLEAN = [
    (
        "Private tours cost €120 per group (max. 6 people).",
        "A private tour costs €120 for 6 people.",
    ),  # a group of up to 6 pays €120, so €120 for 6 people is an honest restat
    (
        "本店每周一只营业半天，其余时间正常营业。",
        "本店每周一半天营业，其余时间正常营业。",
    ),  # '周一半天' (Monday, half a day) read as '一半' = 50 %
    (
        "Si reserva dos o más habitaciones, le aplicamos un 10 % de descuento.",
        "Si reserva más de un cuarto, le aplicamos un 10 % de descuento.",
    ),  # 'un cuarto' is a room here
    (
        "Para reservas de duas ou mais unidades, oferecemos 10 % de desconto.",
        "Para reservas de mais de um quarto, oferecemos 10 % de desconto.",
    ),  # 'um quarto' is a room here
    (
        "Le forfait Pro coûte 49 € par mois. Le paiement annuel vous fait économiser 60 € par rapport au paiement mensuel.",
        "En paiement mensuel, comptez environ 50 €.",
    ),  # honest 'environ 50 €' for 49 €/month
    (
        "Het Pro-abonnement kost € 49 per maand. Bij jaarlijkse betaling bespaart u € 60 ten opzichte van maandelijkse betaling.",
        "Bij maandelijkse betaling is het ongeveer € 50.",
    ),  # honest 'ongeveer € 50' of € 49 per maand
    (
        "LCL 해상 운임은 1CBM당 45,000원입니다.",
        "LCL 해상 운임은 1세제곱미터당 45,000원입니다.",
    ),  # '1세제곱미터당' (per 1 cubic metre
]

LISTED = [
    (
        "Frühstück ist gegen 18 € Aufpreis pro Person erhältlich.",
        "Frühstück gibt es gegen 19 € Aufpreis pro Person.",
        "19 €",
    ),  # 'gegen 18 € Aufpreis' means 'for a surcharge of', not 'about'
    (
        "Frühstück kostet 18 € pro Person.",
        "Frühstück gibt es gegen 19 € Aufpreis pro Person.",
        "19 €",
    ),  # 'gegen' (for, in exchange) read as 'about' hides a changed price 18 →
    (
        "Nous expédions vers 15 pays européens.",
        "Nous livrons vers 16 pays européens.",
        "16 pays",
    ),  # 'vers 15 pays' means 'to 15 countries', not 'about 15'
    (
        "Parking is free after 7 pm.",
        "Parking is free around 7 pm.",
        "7 pm",
    ),  # the hedge is stripped from a time and the context's 'after' no longer
    (
        "Late check-in after 23:00 costs €20.",
        "Check-in around 23:00 costs €20.",
        "23:00",
    ),  # 'after 23:00' restated as 'around 23:00' (a guest arriving 22:50 would
    (
        "Le parking est gratuit après 19 h.",
        "Le parking est gratuit vers 19 h.",
        "19 h",
    ),  # 'après 19 h' restated as 'vers 19 h': the direction is lost, the tripw
    (
        "Il pacchetto costa 299 € per 2 persone.",
        "Il pacchetto costa 299 € a persona.",
        "299 €",
    ),  # Italian 'per 2 persone' not read as per 2 people (English/French/Spani
    (
        "Das Paket kostet 299 € für 2 Erwachsene.",
        "Das Paket kostet 299 € pro Person.",
        "299 €",
    ),  # German 'für 2 Erwachsene' not a count of people (English 'for 2 adults
    (
        "Het arrangement kost € 299 voor 2 volwassenen.",
        "Het arrangement kost € 299 per persoon.",
        "€ 299",
    ),  # Dutch 'voor 2 volwassenen' not a count of people
    (
        "The cabin costs €35 per person for 2 people sharing.",
        "The cabin costs €35 for 2 people.",
        "€35",
    ),  # a price already per person gets '2 person' too (per {person, 2 person}
]


@pytest.mark.parametrize(("context", "answer"), CLEAN)
def test_an_honest_answer_the_review_wrote_is_not_flagged(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), LISTED)
def test_an_invention_the_review_wrote_is_flagged(context: str, answer: str, figure: str) -> None:
    assert figure in flagged(context, answer)


AGES = [
    (
        "Pack adulto: 38 €. Pack júnior (hasta 12 años): 24 €.",
        "Para tu hijo de 9 años, el pack júnior sale a 24 €.",
        "9 años",
    ),
    (
        "Mini-tennis (4-6 ans) 95 €/an ; jeunes (7-17 ans) 160 €/an.",
        "Pour votre fils de 9 ans, c'est le tarif jeunes : 160 €.",
        "9 ans",
    ),
]


@pytest.mark.parametrize(("context", "answer", "age"), AGES)
def test_a_persons_own_age_in_the_contexts_band_is_listed_apart(context: str, answer: str, age: str) -> None:
    assert flagged(context, answer) == []
    assert ("derived", age) in listed(context, answer)


@pytest.mark.parametrize(
    ("context", "answer", "age"),
    [
        ("Pack júnior (hasta 12 años): 24 €.", "Para tu hijo de 14 años, el pack júnior sale a 24 €.", "14 años"),
        ("Jeunes (7-17 ans) 160 €/an.", "Pour votre fils de 19 ans, c'est 160 €.", "19 ans"),
        ("Jeunes (7-17 ans) 160 €/an.", "Le tarif jeunes vaut pour 9 ans.", "9 ans"),  # no person's age
    ],
)
def test_an_age_out_of_the_band_or_of_no_person_is_flagged(context: str, answer: str, age: str) -> None:
    assert age in flagged(context, answer)

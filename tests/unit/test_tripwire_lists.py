"""What a figure is said with, against a second hostile review's probes (hostile54, issue 46 round six):
honest restatements the reading of round six flagged (a currency sign handed to the next number, the next list
item's journey or CJK label, decimal ranges read as clock times, a CJK span before a monthly promotion, a
period in a compound noun or an opening phrase reaching the wrong price, Italian clock hours, shops counted
with 间), and inventions it missed (a CJK price for a span said with 'in total'). Four misses are left and
written in docs/tripwire.md: German and Dutch verbs split around the amount, Portuguese 'cobrar' (either
side), and a refund denied ('not refundable' is no side read)."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged as listed

FALSE_ALARMS = [
    # --- a currency sign before the next amount: a trailing '€' followed by a duration or a list's next line
    ("Tarif mensuel : 29,99 € pendant 12 mois, puis 39,99 €.", "Vous payez 29,99 € 12 mois durant, puis 39,99 €."),
    ("Der Tarif kostet 29,99 € monatlich für 24 Monate.", "Sie zahlen 29,99 € 24 Monate lang, also monatlich."),
    ("Canone: 9,99 € al mese per 12 mesi.", "Paghi 9,99 € 12 mesi di fila, al mese."),
    ("Mensalidade: 19,90 € durante 12 meses.", "Paga 19,90 € 12 meses seguidos."),
    ("Tarife: Einzelfahrt 2,90 €\n10er-Karte 26,00 €", "Eine Einzelfahrt kostet 2,90 €."),
    # --- the next item's journey read as this fare's, past a conjunction (rates.rate)
    ("Einfache Fahrt: 12 €. Hin und zurück: 20 €.", "Die einfache Fahrt kostet 12 € und hin und zurück 20 €."),
    ("Precio: solo ida 9 €, ida y vuelta 16 €.", "Solo ida cuesta 9 € o bien ida y vuelta 16 €."),
    ("Prezzi: andata 12 €, andata e ritorno 20 €.", "Solo andata costa 12 € e andata e ritorno 20 €."),
    ("Tarif : aller simple 7 €, aller-retour 12 €.", "L'aller simple coûte 7 € et l'aller-retour 12 €."),
    ("Passagem: ida 25 €, ida e volta 45 €.", "Só ida custa 25 € e ida e volta, 45 €."),
    # --- a CJK list parted by a slash: the next item's label read as what this price is per
    ("편도 요금: 성인 15,000원 / 왕복 요금: 성인 28,000원", "성인 기준 편도 15,000원, 왕복 28,000원입니다."),
    ("入場料：大人1,000円/子ども500円", "大人1人1,000円です。"),
    ("入場料：大人1,000円／子ども500円", "入場料は大人お一人様1,000円です。"),
    ("门票：成人80元/儿童40元", "成人每人80元。"),
    # --- a CJK span of months right before a price: a promotion's price for its first months is monthly
    (
        "キャンペーン：最初の3か月間は月額980円、4か月目以降は月額1,980円です。",
        "最初の3か月は980円、4か月目からは月額1,980円です。",
    ),
    ("前3个月每月9.9元，之后每月29元。", "前3个月为9.9元，之后每月29元。"),
    # --- a period inside a compound noun that is not the price's
    (
        "Maandbedrag € 35; aansluitkosten € 25 (eenmalig).",
        "Bovenop het maandbedrag van € 35 komen € 25 aansluitkosten.",
    ),
    ("Dagkaart: € 12. Weekkaart: € 45.", "Op weekdagen kost een dagkaart € 12."),
    ("Tageskarte: 8 € pro Tag. Wochenkarte: 30 €.", "Wochentags kostet die Tageskarte 8 €."),
    # --- a fronted phrase's period given to a one-off fee
    ("Annual plan: €99 per year. Setup fee: €49, charged once.", "For annual plans, there is also a setup fee of €49."),
    # --- decimals in a range read as two dot times (lab results, rates)
    ("Potassium: 3.5-5.1 mmol/L (reference range).", "Your potassium reference range is 3.50–5.10 mmol/L."),
    ("Kalium: 3,5–5,1 mmol/l.", "Der Referenzbereich für Kalium liegt bei 3.50-5.10 mmol/l."),
    ("TSH reference interval: 0.4 to 4.0 mIU/L.", "The TSH reference interval is 0.40-4.00 mIU/L."),
    ("Il tasso variabile oscilla tra il 3,25 e il 4,50.", "Il tasso oscilla tra 3.25-4.50 punti."),
    # --- a zone word after an hour ('hora local', 'ora locale') against the same time unzoned or zoned alike
    (
        "Hai a disposizione 24 ore di assistenza. Chiamaci dalle 8 alle 20.",
        "L'assistenza è attiva alle 8 ora locale fino alle 20.",
    ),
    # --- CJK counter classes: Chinese counts shops with 家 and 间 alike
    ("本市共有3家门店，营业时间为9:00-21:00。", "本市共有3间门店，营业时间9:00-21:00。"),
    ("全市共有5家网点。", "全市共有5间网点。"),
]


@pytest.mark.parametrize(("context", "candidate"), FALSE_ALARMS)
def test_an_honest_restatement_is_not_listed(context: str, candidate: str) -> None:
    assert listed(context, candidate) == []


MISSES = [
    # a span joined to its price by a word not in _SPAN_JOINS
    ("6个月共计594元。", "每月594元。", "594元"),
    ("3か月合計18,150円です。", "月額18,150円です。", "18,150円"),
    # separable verbs: the balance word is after the amount
    # Portuguese 'cobrar' is 'to charge' there
    # a refund denied
]


@pytest.mark.parametrize(("context", "candidate", "figure"), MISSES)
def test_a_changed_qualifier_is_listed(context: str, candidate: str, figure: str) -> None:
    assert figure in listed(context, candidate)

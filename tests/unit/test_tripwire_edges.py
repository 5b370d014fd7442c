"""What a figure is said with, against a third hostile review's probes (hostile55, issue 46 round six): honest
restatements the round's later readings flagged (a currency sign after letters taken from the next amount, a
year or an instalment's number read as money, Italian clock hours with minutes in words or weeks after them,
clock times before a slash read as amounts, a bracket about what came before, 'l'aller-retour', a pound of
weight read as money, a Korean day of the month as a span, 'first' words, a compound noun from another fee,
an opening phrase's period), and inventions its readings missed (a Romance comparative denied past a verb,
'massimo')."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged as listed

FALSE_ALARMS = [
    # --- 1. 'US$'/'R$' after a number is taken by any number before it: a year, a day, an instalment's index
    ("Em 2024, foram investidos R$ 3,2 bilhões.", "Em 2024 R$ 3,2 bilhões foram investidos."),
    ("Em 2023 a receita foi de R$ 4,1 milhões.", "A receita de 2023 R$ 4,1 milhões superou a meta."),
    ("In 2024 the fund paid out US$ 385 million.", "In 2024 US$ 385 million was paid out by the fund."),
    ("Parcela 1: R$ 150,00; parcela 2: R$ 150,00.", "Parcela 1 R$ 150,00 e parcela 2 R$ 150,00."),
    ("Vencimento dia 10, valor R$ 89,90.", "Vence no dia 10 R$ 89,90 no boleto."),
    ("Tarifa: 2 x US$ 15.", "Son 2 US$ 15 cada uno."),
    # --- 2. Italian clock hours ('hit'): 'alle 8 e mezza' / 'alle 10 e 30' read as 8:00 / 10:00
    ("Il treno parte alle 8:30.", "Il treno parte alle 8 e mezza."),
    ("Il treno parte alle 8:15.", "Il treno parte alle 8 e un quarto."),
    ("Il check-in chiude alle 10:30.", "Il check-in chiude alle 10 e 30."),
    ("Il negozio chiude alle 19:30 il sabato.", "Il sabato il negozio chiude alle 19 e 30."),
    ("Il volo parte alle 7:40 e arriva alle 9:15.", "Il volo parte alle 7 e 40 e arriva alle 9 e 15."),
    # --- 3. 'dalle N alle M <noun>': a range of weeks/days/years, its first end read as a clock hour
    ("Consegna in 2-4 settimane.", "La consegna richiede dalle 2 alle 4 settimane."),
    ("Spedizione: 3-5 giorni lavorativi.", "La spedizione richiede dalle 3 alle 5 giornate lavorative."),
    ("Rimborso entro 10-14 giorni.", "Il rimborso arriva dalle 10 alle 14 giornate dopo la richiesta."),
    ("Il corso dura da 6 a 8 settimane.", "Il corso dura dalle 6 alle 8 settimane."),
    ("Il mutuo si estingue in 20-30 anni.", "La durata va dalle 20 alle 30 annualità."),
    # --- 4. a dot pair of clock times read as amounts: 'Uhr/' (any word and a slash) and Belgian 'u.' after it
    (
        "Öffnungszeiten: Mo–Fr 8.30–17.30 Uhr, Sa 9.00–13.00 Uhr.",
        "Wir haben Mo–Fr 8.30–17.30 Uhr/Sa 9.00–13.00 Uhr geöffnet.",
    ),
    (
        "Openingsuren: maandag tot vrijdag van 8.30 tot 17.30 uur.",
        "We zijn open van maandag tot vrijdag, 8.30-17.30 u.",
    ),
    ("Horaires : 8.30-12.00 et 13.30-17.00.", "Ouvert 8.30-12.00 h/13.30-17.00 h."),
    # --- 5. a bracket after an amount that says what came before it, not the amount's side
    ("Offener Betrag nach Abzug der Gutschrift: Sie zahlen noch 30 €.", "Restbetrag: 30 € (nach Gutschrift)."),
    ("After the refund you still need to pay £30.", "Remaining: £30 (after refund)."),
    ("환급액을 제외하고 30,000원을 납부하셔야 합니다.", "남은 금액: 30,000원(환급 후)"),
    ("返金分を差し引いた残り3,000円をお支払いください。", "残額：3,000円（返金後）"),
    # --- 6. 'l'' now stops rates.rate; reach.journeys() then reads 'l'aller' (way) out of 'l'aller-retour'
    ("Aller-retour : 12 €.", "Comptez 12 € l'aller-retour."),
    # --- 7. 'ポンド'/'파운드' are also pounds of weight (baggage): now read as GBP
    ("Checked bags: up to 50 lb (23 kg) each.", "受託手荷物は1個あたり50ポンド（23kg）までです。"),
    ("Checked bags: up to 50 lb (23 kg) each.", "위탁 수하물은 1개당 50파운드(23kg)까지입니다."),
]


@pytest.mark.parametrize(("context", "candidate"), FALSE_ALARMS)
def test_an_honest_restatement_is_not_listed(context: str, candidate: str) -> None:
    assert listed(context, candidate) == []


ROUND_FALSE_ALARMS = [
    # a Korean day of the month ('매월 25일에') read as a span of 25 days before the price
    ("월 30,000원이 매월 25일에 자동이체됩니다.", "매월 25일에 30,000원이 출금됩니다."),
    ("월 요금 9,900원은 매달 10일 결제됩니다.", "매달 10일 9,900원이 결제됩니다."),
    ("월 납부액 45,000원, 납부일은 매월 15일입니다.", "매월 15일 45,000원을 납부하시면 됩니다."),
    # 'first' words FIRST_SPAN does not know: 头, 初めの (kanji), 최초
    ("前三个月每月9.9元，之后每月29元。", "头3个月9.9元，之后每月29元。"),
    ("新规用户：初めの3か月間は月額980円。", "初めの3か月 980円です。"),
    ("첫 3개월은 월 9,900원, 이후 월 19,900원입니다.", "최초 3개월 9,900원, 이후 월 19,900원입니다."),
    # a compound noun that is another price's, before or after this one
    (
        "Aufnahmegebühr: 49 € (einmalig). Monatsbeitrag: 29,90 €.",
        "Die Aufnahmegebühr von 49 € wird mit dem ersten Monatsbeitrag abgebucht.",
    ),
    ("Jahresbeitrag 120 €; Aufnahmegebühr 25 € einmalig.", "Neben dem Jahresbeitrag fallen 25 € Aufnahmegebühr an."),
    # a fronted phrase with a payment word, given to a one-off fee
    (
        "Annual plan: €99 per year. Setup fee: €49, charged once.",
        "For annual payment, there is also a setup fee of €49.",
    ),
    (
        "Bij maandelijkse betaling, kost het abonnement € 12. Administratiekosten: € 5 eenmalig.",
        "Bij maandelijkse betaling, rekenen we € 5 administratiekosten.",
    ),
]


@pytest.mark.parametrize(("context", "candidate"), ROUND_FALSE_ALARMS)
def test_an_honest_restatement_is_not_listed_this_round(context: str, candidate: str) -> None:
    assert listed(context, candidate) == []


MISSES = [
    # 'massimo/massima' are in _LOOSE but _LOOSE_WORDS (its gate) holds no 'mass': never read
    ("Il limite minimo è di 30 km/h.", "Il limite massimo è di 30 km/h.", "30 km/h"),
    ("La durata minima del contratto è di 12 mesi.", "La durata massima del contratto è di 12 mesi.", "12 mesi"),
    ("L'importo massimo prelevabile è di 500 €.", "L'importo minimo prelevabile è di 500 €.", "500 €"),
    ("L'importo minimo prelevabile è di 500 €.", "L'importo massimo prelevabile è di 500 €.", "500 €"),
    # a denied comparative with a modal between: _NOT_PAST wants the comparative right after the negation
    ("El preaviso no puede ser menor a 30 días.", "El preaviso es como máximo de 30 días.", "30 días"),
    ("Le préavis ne peut pas être inférieur à 1 mois.", "Le préavis est d'au plus 1 mois.", "1 mois"),
]


@pytest.mark.parametrize(("context", "candidate", "figure"), MISSES)
def test_an_invention_is_listed(context: str, candidate: str, figure: str) -> None:
    assert figure in listed(context, candidate)

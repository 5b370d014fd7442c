"""Probes of the review of round 18's list reading (hostile67, on eed02b0), kept as tests: honest answers that set
items side by side — a comparison ('cheaper than', 'als', 'plus … que', '比', 'より', '보다'), 'respectively'
('bzw.', 'respectivement', '分别', 'それぞれ', '각각'), an item described by its rank against another ('the cheaper
plan', '更便宜的车型'), a range across items — list nothing; the swapped items it also wrote and the tripwire still
misses (names of a letter or a digit, a pronoun, a name after a comma) are named in docs/tripwire.md. And two
readings of this round beside it, both ways: a tax added to a price is no rise ('140 € al mes más IVA'), and a
flat fee is one in total ('€ 1.500 in totaal' of 'tot maximaal € 1.500 voor de hele looptijd')."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

CLEAN = [
    ("计费标准：宝骏E100每分钟0.2元、每公里0.8元；荣威Ei5每分钟0.3元、每公里1.2元。", "宝骏E100和荣威Ei5每公里分别收费0.8元和1.2元。"),
    ("计费标准：宝骏E100每分钟0.2元、每公里0.8元；荣威Ei5每分钟0.3元、每公里1.2元。", "荣威Ei5比宝骏E100贵：每公里1.2元，而宝骏E100只要0.8元。"),
    ("计费标准：宝骏E100每分钟0.2元、每公里0.8元；荣威Ei5每分钟0.3元、每公里1.2元。", "宝骏E100和荣威Ei5的每公里价格分别为0.8元和1.2元。"),
    ("Tarif Basis: Grundgebühr 9,99 € im Monat, Datenvolumen 5 GB. Tarif Komfort: Grundgebühr 19,99 € im Monat, Datenvolumen 20 GB.", "Basis ist deutlich günstiger als Komfort: Die Grundgebühr beträgt nur 9,99 € im Monat."),
    ("Tarif Basis: Grundgebühr 9,99 € im Monat, Datenvolumen 5 GB. Tarif Komfort: Grundgebühr 19,99 € im Monat, Datenvolumen 20 GB.", "Basis und Komfort bieten 5 GB bzw. 20 GB Datenvolumen."),
    ("Saver plan: monthly fee $25, data allowance 5 GB. Unlimited plan: monthly fee $45, data allowance 50 GB.", "Saver is much cheaper than Unlimited, with a data allowance of 5 GB."),
    ("Saver plan: monthly fee $25, data allowance 5 GB. Unlimited plan: monthly fee $45, data allowance 50 GB.", "The Saver and Unlimited plans come with 5 GB and 50 GB of data respectively."),
    ("Forfait Essentiel : abonnement 9,99 € par mois, volume de données 5 Go. Forfait Intégral : abonnement 19,99 € par mois, volume de données 20 Go.", "Essentiel est bien moins cher qu'Intégral, avec un volume de données de 5 Go."),
    ("Forfait Essentiel : abonnement 9,99 € par mois, volume de données 5 Go. Forfait Intégral : abonnement 19,99 € par mois, volume de données 20 Go.", "Les forfaits Essentiel et Intégral offrent respectivement 5 Go et 20 Go de données."),
    ("Tarifa Básica: cuota mensual 9,99 €, datos 5 GB. Tarifa Ilimitada: cuota mensual 19,99 €, datos 50 GB.", "La Básica es más barata que la Ilimitada, con 5 GB de datos."),
    ("Tarifa Básica: cuota mensual 9,99 €, datos 5 GB. Tarifa Ilimitada: cuota mensual 19,99 €, datos 50 GB.", "Las tarifas Básica e Ilimitada incluyen 5 GB y 50 GB de datos, respectivamente."),
    ("Plano Essencial: mensalidade 9,99 €, dados 5 GB. Plano Ilimitado: mensalidade 19,99 €, dados 50 GB.", "O Essencial é mais barato do que o Ilimitado, com 5 GB de dados."),
    ("Plano Essencial: mensalidade 9,99 €, dados 5 GB. Plano Ilimitado: mensalidade 19,99 €, dados 50 GB.", "Os planos Essencial e Ilimitado incluem, respetivamente, 5 GB e 50 GB de dados."),
    ("Piano Base: canone mensile 9,99 €, traffico dati 5 GB. Piano Illimitato: canone mensile 19,99 €, traffico dati 50 GB.", "Il Base costa meno dell'Illimitato e offre 5 GB di traffico dati."),
    ("Piano Base: canone mensile 9,99 €, traffico dati 5 GB. Piano Illimitato: canone mensile 19,99 €, traffico dati 50 GB.", "I piani Base e Illimitato offrono rispettivamente 5 GB e 50 GB di traffico dati."),
    ("Abonnement Basis: maandbedrag € 9,99, databundel 5 GB. Abonnement Onbeperkt: maandbedrag € 19,99, databundel 50 GB.", "Basis is veel goedkoper dan Onbeperkt, met een databundel van 5 GB."),
    ("Abonnement Basis: maandbedrag € 9,99, databundel 5 GB. Abonnement Onbeperkt: maandbedrag € 19,99, databundel 50 GB.", "Basis en Onbeperkt hebben respectievelijk een databundel van 5 GB en 50 GB."),
    ("ライトプラン：月額料金980円、データ容量3GB。ギガプラン：月額料金2,980円、データ容量30GB。", "ライトプランはギガプランより安く、データ容量は3GBです。"),
    ("ライトプラン：月額料金980円、データ容量3GB。ギガプラン：月額料金2,980円、データ容量30GB。", "ライトプランとギガプランのデータ容量はそれぞれ3GBと30GBです。"),
    ("라이트 요금제: 월 요금 9,900원, 데이터 5GB. 프리미엄 요금제: 월 요금 29,900원, 데이터 50GB.", "라이트 요금제는 프리미엄 요금제보다 저렴하고 데이터는 5GB입니다."),
    ("라이트 요금제: 월 요금 9,900원, 데이터 5GB. 프리미엄 요금제: 월 요금 29,900원, 데이터 50GB.", "라이트 요금제와 프리미엄 요금제의 데이터는 각각 5GB와 50GB입니다."),
    ("畅享套餐：月费59元，流量10GB。尊享套餐：月费129元，流量40GB。", "畅享套餐比尊享套餐便宜，流量10GB。"),
    ("畅享套餐：月费59元，流量10GB。尊享套餐：月费129元，流量40GB。", "畅享套餐和尊享套餐的流量分别为10GB和40GB。"),
    ("计费标准：宝骏E100每分钟0.2元、每公里0.8元；荣威Ei5每分钟0.3元、每公里1.2元。", "和荣威Ei5相比，这款车每公里只要0.8元。"),
    ("计费标准：宝骏E100每分钟0.2元、每公里0.8元；荣威Ei5每分钟0.3元、每公里1.2元。", "如果觉得荣威Ei5太贵，可以选择更便宜的车型，每公里0.8元。"),
    ("Tarif Basis: Grundgebühr 9,99 € im Monat, Datenvolumen 5 GB. Tarif Komfort: Grundgebühr 19,99 € im Monat, Datenvolumen 20 GB.", "Wenn Ihnen Komfort zu teuer ist, bietet der kleinere Tarif 5 GB Datenvolumen für 9,99 € im Monat."),
    ("Saver plan: monthly fee $25, data allowance 5 GB. Unlimited plan: monthly fee $45, data allowance 50 GB.", "If Unlimited is more than you need, the cheaper plan still has a data allowance of 5 GB."),
    ("Saver plan: monthly fee $25, data allowance 5 GB. Unlimited plan: monthly fee $45, data allowance 50 GB.", "From Saver to Unlimited, data allowances range from 5 GB to 50 GB."),
    ("Tarifs mensuels : Basic, 100 Go à 1,99 € ; Standard, 500 Go à 4,99 € ; Premium, 2 To à 9,99 €.", "L'offre juste en dessous de Standard coûte 1,99 € par mois."),
    ("ライトプラン：月額料金980円、データ容量3GB。ギガプラン：月額料金2,980円、データ容量30GB。", "ギガプランほどデータは使わないなら、月額料金980円のプランで十分です。"),
]  # fmt: skip


@pytest.mark.parametrize(("context", "candidate"), CLEAN)
def test_an_honest_answer_setting_items_side_by_side_lists_nothing(context: str, candidate: str) -> None:
    assert flagged(context, candidate) == []


@pytest.mark.parametrize(
    ("context", "honest", "changed", "figure"),
    [
        ("La tarifa Flexible baja de 150 € a 140 € al mes (+IVA).",
         "La tarifa Flexible se abarata: pasa de 150 € a 140 € al mes más IVA.",
         "La tarifa Flexible sube: pasa de 150 € a 140 € al mes más IVA.", "150 € a 140 €"),
        ("Monthly fee: $40 plus VAT, down from $45.", "The monthly fee fell from $45 to $40 plus VAT.",
         "The monthly fee rose from $45 to $40 plus VAT.", "$45"),
        ("Orthodontie wordt vergoed tot maximaal € 1.500 voor de hele looptijd van de verzekering.",
         "U krijgt nooit meer dan € 1.500 in totaal vergoed.", "U krijgt nooit meer dan € 1.500 per jaar vergoed.", "€ 1.500"),
    ],
)  # fmt: skip
def test_a_tax_added_is_no_rise_and_a_flat_fee_is_a_total(context: str, honest: str, changed: str, figure: str) -> None:
    assert flagged(context, honest) == []
    assert figure in " ".join(flagged(context, changed))


# Swapped items the same review wrote that the list reading now catches: short names as written ('Tarif L',
# 'forfait M', 'Plus', 'Pro', 'Lプラン', 'C套餐'), which a word reader drops.
LISTED = [
    ("Monthly prices: Basic, 100 GB for $1.99; Standard, 500 GB for $4.99; Standard Plus, 1 TB for $7.99.", "Standard Plus costs $4.99 a month.", "$4.99"),
    ("Plan Basic: monthly fee €9.99, data 5 GB. Plan Plus: monthly fee €19.99, data 20 GB.", "Plan Plus has a monthly fee of €19.99 and includes 5 GB of data.", "5 GB"),
    ("Plans: Basic, 100 GB for $1.99 a month; Plus, 500 GB for $4.99 a month; Pro, 2 TB for $9.99 a month.", "The Plus plan gives you 500 GB for $1.99 a month.", "$1.99"),
    ("Plans: Basic, 100 GB for $1.99 a month; Plus, 500 GB for $4.99 a month; Pro, 2 TB for $9.99 a month.", "Pro gives you 2 TB for $4.99 a month.", "$4.99"),
    ("Tarife: Tarif S mit 5 GB für 9,99 € monatlich; Tarif M mit 15 GB für 14,99 € monatlich; Tarif L mit 40 GB für 24,99 € monatlich.", "Im Tarif L bekommen Sie 40 GB für 14,99 € monatlich.", "14,99 €"),
    ("Tarifs : forfait S, 5 Go pour 9,99 € par mois ; forfait M, 15 Go pour 14,99 € par mois ; forfait L, 40 Go pour 24,99 € par mois.", "Le forfait L vous donne 40 Go pour 14,99 € par mois.", "14,99 €"),
    ("Piani: Base, 100 GB a 1,99 € al mese; Plus, 500 GB a 4,99 € al mese; Pro, 2 TB a 9,99 € al mese.", "Il piano Pro offre 2 TB a 4,99 € al mese.", "4,99 €"),
    ("Prijzen: Basis, 100 GB voor € 1,99 per maand; Plus, 500 GB voor € 4,99 per maand; Pro, 2 TB voor € 9,99 per maand.", "Met Pro krijgt u 2 TB voor € 4,99 per maand.", "€ 4,99"),
    ("料金：Sプラン 月額990円（3GB）、Mプラン 月額1,990円（15GB）、Lプラン 月額2,990円（30GB）。", "Lプランは月額1,990円で30GBです。", "1,990円"),
    ("요금제: S 요금제 월 9,900원(5GB), M 요금제 월 19,900원(15GB), L 요금제 월 29,900원(30GB).", "L 요금제는 월 19,900원에 30GB를 제공합니다.", "19,900원"),
    ("套餐资费：A套餐每月39元（10GB）、B套餐每月59元（20GB）、C套餐每月99元（50GB）。", "C套餐每月59元，含50GB流量。", "59元"),
]  # fmt: skip


@pytest.mark.parametrize(("context", "candidate", "figure"), LISTED)
def test_an_item_named_by_a_short_name_is_read(context: str, candidate: str, figure: str) -> None:
    assert figure in flagged(context, candidate)


# The second review (hostile68, on 198d9b6): who comes along names no item ('Kids get in for $10 when they come
# with an adult', 'in Begleitung eines Erwachsenen', '由成人陪同'); a flat fee is a total only without a period
# ('£600 a year for the whole family' is no '£600 in total'); 'more VAT' is a rise.
CLEAN_SECOND = [
    ("Tarifs : adulte 15 €, enfant 8 €, étudiant 10 €.", "Votre fils paiera 8 € s'il est accompagné d'un adulte."),
    ("Entradas: adultos 18 €, niños 9 €, jubilados 12 €.", "Los menores que vayan con un adulto pagan 9 €."),
    ("Bilhetes: adultos 16 €, crianças 8 €, seniores 11 €.", "O seu filho paga 8 € quando acompanhado por um adulto."),
    ("Biglietti: adulti 14 €, bambini 7 €, over 65 10 €.", "Tuo figlio paga 7 € se accompagnato da un adulto."),
    ("Entree: volwassenen € 12, kinderen € 6, 65-plussers € 9.", "Uw zoon betaalt € 6 onder begeleiding van een volwassene."),
    ("门票：成人80元，儿童40元，老人60元。", "您的孩子由成人陪同时票价为40元。"),
    ("Admission: adults $20, children (3–12) $10, seniors (65+) $15.", "Under-12s pay $10 with a paying adult."),
    ("Admission: adults $20, children (3–12) $10, seniors (65+) $15.", "Kids get in for $10 when they come with an adult."),
    ("Eintritt: Erwachsene 12 €, Kinder 6 €, Senioren 9 €.", "Ihr Sohn zahlt in Begleitung eines Erwachsenen 6 €."),
]  # fmt: skip

LISTED_SECOND = [
    ("Door de verlaging van het btw-tarief betaalt u vanaf 1 januari € 5 minder per maand.", "Door de wijziging van het btw-tarief betaalt u vanaf 1 januari € 5 meer btw per maand.", "€ 5"),
    ("Because the VAT rate is falling, you'll pay £3 less each month from April.", "Because of the VAT change, you'll pay £3 more VAT each month from April.", "£3"),
    ("De begeleiding kost € 250 per maand voor de hele groep.", "De begeleiding kost € 250 in totaal.", "€ 250"),
    ("Il servizio costa 300 € all'anno per la casa intera.", "Il servizio costa 300 € in totale.", "300 €"),
    ("El alquiler cuesta 900 € al mes para toda la familia.", "El alquiler cuesta 900 € en total.", "900 €"),
    ("Het lidmaatschap kost € 1.200 per jaar voor het hele gezin.", "Het lidmaatschap kost € 1.200 in totaal.", "€ 1.200"),
    ("O seguro custa 480 € por ano para toda a família.", "O seguro custa 480 € no total.", "480 €"),
    ("Die Versicherung kostet 480 € im Jahr für die ganze Familie.", "Die Versicherung kostet insgesamt 480 €.", "480 €"),
    ("Membership costs £600 a year for the whole family.", "Membership costs £600 in total.", "£600"),
    ("L'assurance coûte 480 € par an pour toute la famille.", "L'assurance coûte 480 € au total.", "480 €"),
]  # fmt: skip


@pytest.mark.parametrize(("context", "candidate"), CLEAN_SECOND)
def test_who_comes_along_names_no_item(context: str, candidate: str) -> None:
    assert flagged(context, candidate) == []


@pytest.mark.parametrize(("context", "candidate", "figure"), LISTED_SECOND)
def test_a_rate_restated_as_a_total_or_a_rise_as_a_tax_is_listed(context: str, candidate: str, figure: str) -> None:
    assert figure in " ".join(flagged(context, candidate))

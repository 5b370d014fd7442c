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


# The third review (hostile69, on 6636bd6): a span beside a price is its period only when the context states
# that period of that price (a warranty, a trial, a notice period or a delivery time written as 'one year' or
# '一年' beside a price is a figure; a term of years the context states is never a period); '年度' and '年付' name
# no period of the price beside them ('年度会员每月30元'); 'Pro Monat' names no plan; a flat fee is a total only
# when neither side states a period.
CLEAN_THIRD = [
    ("年度会员每月仅需30元，按月扣费。", "年度会员每月30元。"),
    ("年付用户每月仅需15元。", "年付用户每月15元。"),
    ("Der Basic-Tarif kostet 9,99 € pro Monat, der Pro-Tarif 19,99 € pro Monat.", "Sie haben den Basic-Tarif. Pro Monat zahlen Sie 9,99 €."),
    ("Der Basic-Tarif kostet 9,99 € pro Monat, der Pro-Tarif 19,99 € pro Monat.", "Beim Basic-Tarif gilt Folgendes. Pro Monat werden 9,99 € fällig."),
    ("Das Zimmer Standard kostet 89 € pro Nacht, das Zimmer Pro 129 € pro Nacht.", "Sie haben Standard gebucht. Pro Nacht zahlen Sie 89 €."),
    ("De Basis-bundel kost € 9,99 per maand en de Pro-bundel € 19,99 per maand.", "Je hebt de Basis-bundel. Pro maand betaal je € 9,99."),
]  # fmt: skip

LISTED_THIRD = [
    ("The Aeron Pro laptop costs $899.", "The Aeron Pro costs $899 and includes a 1-year warranty.", "1-year"),
    ("Der Staubsauger kostet 249 €. Garantie: 2 Jahre.", "Der Staubsauger kostet 249 € und hat ein Jahr Garantie.", "ein Jahr"),
    ("La aspiradora cuesta 249 €. Garantía: 2 años.", "La aspiradora cuesta 249 € y tiene un año de garantía.", "un año"),
    ("O aspirador custa 249 €. Garantia: 2 anos.", "O aspirador custa 249 € e tem um ano de garantia.", "um ano"),
    ("L'aspirapolvere costa 249 €. Garanzia: 2 anni.", "L'aspirapolvere costa 249 € e ha un anno di garanzia.", "un anno"),
    ("De stofzuiger kost € 249. Garantie: 2 jaar.", "De stofzuiger kost € 249 en heeft één jaar garantie.", "één jaar"),
    ("这款吸尘器售价1299元，保修两年。", "这款吸尘器售价1299元，保修一年。", "一年"),
    ("この掃除機の価格は29,800円で、保証期間は2年です。", "この掃除機は29,800円で、保証は1年です。", "1年"),
    ("이 청소기의 가격은 349,000원이며 보증 기간은 2년입니다.", "이 청소기는 349,000원이고 보증 기간은 1년입니다.", "1년"),
    ("El plan Estándar cuesta 9,99 €. No hay período de prueba.", "El plan Estándar cuesta 9,99 € e incluye un mes de prueba gratis.", "un mes"),
    ("Het abonnement kost € 25 per maand met een looptijd van 24 maanden.", "Het abonnement kost € 25 per maand met een looptijd van één jaar.", "één jaar"),
    ("The course has 12 sessions spread over six weeks.", "The course has 12 sessions and lasts one week.", "one week"),
    ("Der Kurs umfasst 12 Termine über sechs Wochen.", "Der Kurs umfasst 12 Termine in einer Woche.", "einer Woche"),
    ("Save 20% on all items. Offer valid for 3 days.", "Save 20% on all items for one week.", "one week"),
    ("Rabatt von 20 % auf alle Artikel, gültig für 3 Tage.", "20 % Rabatt auf alle Artikel, eine Woche lang gültig.", "eine Woche"),
    ("全场商品八折，优惠20%，活动仅限3天。", "全场优惠20%，活动持续一周。", "一周"),
    ("Produkt: Laptop X1, Preis 1.299 €. Lieferzeit: 3 Wochen.", "Der Laptop X1 kostet 1.299 € und wird in einer Woche geliefert.", "einer Woche"),
    ("Le canapé coûte 1 499 €. Livraison sous 6 à 8 semaines.", "Le canapé coûte 1 499 € et il est livré en une semaine.", "une semaine"),
    ("El sofá cuesta 1.499 €. Entrega en 6-8 semanas.", "El sofá cuesta 1.499 € y se entrega en una semana.", "una semana"),
    ("Il divano costa 1.499 €. Consegna in 6-8 settimane.", "Il divano costa 1.499 € e viene consegnato in una settimana.", "una settimana"),
    ("ソファの価格は149,800円です。お届けまで6〜8週間かかります。", "ソファは149,800円で、1週間でお届けします。", "1週間"),
    ("这款手机售价3999元，支持7天无理由退货。", "这款手机售价3999元，支持一个月无理由退货。", "一个月"),
    ("La chaqueta cuesta 180 €. Se aceptan devoluciones en 14 días.", "La chaqueta cuesta 180 € y puedes devolverla durante un mes.", "un mes"),
    ("Membership fee: $49. Access to all gyms.", "Membership is $49 for one month of access to all gyms.", "one month"),
    ("Le pass coûte 49 €.", "Le pass coûte 49 € et il est valable un mois.", "un mois"),
    ("Der Pass kostet 49 €.", "Der Pass kostet 49 € und gilt einen Monat.", "einen Monat"),
    ("Der Pass kostet 49 € und gilt drei Tage.", "Der Pass kostet 49 € und gilt einen Tag.", "einen Tag"),
    ("The pass costs $49 and is valid for three days.", "The pass costs $49 and is valid for one day.", "one day"),
    ("The pass costs $49 and is valid for three days.", "The $49 pass is valid for a day.", "a day"),
    ("通票售价49元，有效期三天。", "通票售价49元，有效期一天。", "一天"),
    ("パスは4,900円で、有効期間は3日間です。", "パスは4,900円で、有効期間は1日です。", "1日"),
    ("패스는 49,000원이며 유효기간은 3일입니다.", "패스는 49,000원이고 유효기간은 1일입니다.", "1일"),
    ("Il pass costa 49 € ed è valido tre giorni.", "Il pass costa 49 € ed è valido un giorno.", "un giorno"),
    ("O passe custa 49 € e é válido por três dias.", "O passe custa 49 € e é válido por um dia.", "um dia"),
    ("De pas kost € 49 en is drie dagen geldig.", "De pas kost € 49 en is één dag geldig.", "één dag"),
    ("Le pass coûte 49 € et il est valable trois jours.", "Le pass coûte 49 € et il est valable un jour.", "un jour"),
    ("El pase cuesta 49 € y es válido durante tres días.", "El pase cuesta 49 € y es válido durante un día.", "un día"),
    ("本保险年缴保费3600元，缴费期20年。", "本保险每年缴3600元，缴费期一年。", "一年"),
    ("本保险年缴保费3600元，保障期限20年。", "本保险年缴保费3600元，保障期限一年。", "一年"),
    ("The course costs $1,200 for the whole programme.", "The course costs $1,200 per month in total.", "$1,200"),
]  # fmt: skip


@pytest.mark.parametrize(("context", "candidate"), CLEAN_THIRD)
def test_the_third_review_s_honest_answers_list_nothing(context: str, candidate: str) -> None:
    assert flagged(context, candidate) == []


@pytest.mark.parametrize(("context", "candidate", "figure"), LISTED_THIRD)
def test_a_span_beside_a_price_is_a_figure_unless_the_context_states_it_as_the_price_s_period(
    context: str, candidate: str, figure: str
) -> None:
    got = flagged(context, candidate)
    assert any(figure in listed or listed in figure for listed in got)


# The fourth review (hostile70, on 34c5a81): an answer that names the item one has now and then gives the item
# one would move to ('If Basic is not enough for you, the data allowance goes up to 20 GB', '현재 라이트 요금제를
# 쓰고 있다면 … 바꿀 수 있습니다') sets items side by side; a bracketed count of people before a price is what the
# price is for only after a seat, a room, a ticket or a package (never a prize's or a class's: 'A賞（2名）5,000円分').
CLEAN_FOURTH = [
    ("Basic plan: monthly fee $10, data allowance 5 GB. Plus plan: monthly fee $20, data allowance 20 GB.", "If you're on Basic now, upgrading gives you a data allowance of 20 GB for a monthly fee of $20."),
    ("Basic plan: monthly fee $10, data allowance 5 GB. Plus plan: monthly fee $20, data allowance 20 GB.", "If Basic is not enough for you, the data allowance goes up to 20 GB for a monthly fee of $20."),
    ("Tarif Basic: Grundgebühr 10 € im Monat, Datenvolumen 5 GB. Tarif Plus: Grundgebühr 20 € im Monat, Datenvolumen 20 GB.", "Wenn Sie jetzt Basic nutzen, bekommen Sie nach dem Wechsel ein Datenvolumen von 20 GB für eine Grundgebühr von 20 € im Monat."),
    ("Forfait Essentiel : prix mensuel 10 €, enveloppe de données 5 Go. Forfait Premium : prix mensuel 20 €, enveloppe de données 20 Go.", "Si vous êtes sur l'Essentiel, passer au forfait supérieur vous donne une enveloppe de données de 20 Go pour un prix mensuel de 20 €."),
    ("Tarifa Básica: cuota mensual 10 €, bono de datos 5 GB. Tarifa Plus: cuota mensual 20 €, bono de datos 20 GB.", "Si ahora tienes la Básica, al cambiar tendrás un bono de datos de 20 GB por una cuota mensual de 20 €."),
    ("Piano Base: canone mensile 10 €, pacchetto dati 5 GB. Piano Plus: canone mensile 20 €, pacchetto dati 20 GB.", "Se oggi hai il Base, passando all'altro piano avrai un pacchetto dati di 20 GB con un canone mensile di 20 €."),
    ("Plano Básico: mensalidade 10 €, pacote de dados 5 GB. Plano Plus: mensalidade 20 €, pacote de dados 20 GB.", "Se hoje está no Básico, ao mudar terá um pacote de dados de 20 GB por uma mensalidade de 20 €."),
    ("基础套餐：月费39元，流量5GB。畅享套餐：月费99元，流量30GB。", "目前使用基础套餐的用户，升级后月费99元，流量30GB。"),
    ("ライトプラン：月額1,980円、データ容量3GB。スタンダードプラン：月額2,980円、データ容量20GB。", "ライトプランで足りない場合は、月額2,980円で20GBまで使えます。"),
    ("라이트 요금제: 월 19,800원, 데이터 3GB. 스탠다드 요금제: 월 29,800원, 데이터 20GB.", "라이트 요금제가 부족하다면 월 29,800원에 20GB를 쓸 수 있습니다."),
    ("라이트 요금제: 월 19,800원, 데이터 3GB. 스탠다드 요금제: 월 29,800원, 데이터 20GB.", "현재 라이트 요금제를 쓰고 있다면 20GB 요금제로 변경할 수 있습니다."),
    ("라이트 요금제: 월 19,800원, 데이터 3GB. 스탠다드 요금제: 월 29,800원, 데이터 20GB.", "라이트 요금제 고객은 업그레이드하면 월 29,800원에 20GB를 받을 수 있습니다."),
    ("라이트 요금제: 월정액 19,800원, 데이터 3GB. 스탠다드 요금제: 월정액 29,800원, 데이터 20GB.", "현재 라이트 요금제를 쓰고 있다면 월정액 29,800원에 데이터 20GB인 요금제로 바꿀 수 있습니다."),
    ("라이트 요금제: 월 19,800원, 데이터 3GB. 스탠다드 요금제: 월 29,800원, 데이터 20GB.", "라이트 요금제 사용 중이라면 월 29,800원으로 20GB까지 쓸 수 있는 요금제로 변경할 수 있습니다."),
    ("Standard room: nightly rate €90, max. occupancy 2. Family room: nightly rate €150, max. occupancy 4.", "If the Standard room is too small for you, the nightly rate for a room sleeping 4 is €150."),
    ("A賞（2名）5,000円分のギフトカード、B賞（10名）1,000円分のギフトカード", "A賞は当選者1名あたり5,000円分のギフトカードです。"),
    ("1등(2명) 50만원 상품권, 2등(10명) 10만원 상품권", "1등 당첨자는 1인당 50만원 상품권을 받습니다."),
    ("陶芸体験（10名）3,500円 ※材料費込み", "陶芸体験の参加費はお一人様3,500円（材料費込み）です。"),
]  # fmt: skip


@pytest.mark.parametrize(("context", "candidate"), CLEAN_FOURTH)
def test_the_fourth_review_s_honest_answers_list_nothing(context: str, candidate: str) -> None:
    assert flagged(context, candidate) == []

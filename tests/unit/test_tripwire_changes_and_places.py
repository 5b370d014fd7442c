"""What round 14's development sets (issue 46, rounds 9 to 13) showed the tripwire still dropped: a change's
direction said by an inflected verb ('diminuisce', 'baissera', '감액되고') or by its two ends alone ('von 4,85 %
auf 4,60 %', '12,000円から13,200円に'), never by a range ('de 10 à 20 €'); a local time whose place is named
beside it ('hora local de Canarias', 'Ortszeit (EDT)', 'in New York … 15 Uhr Ortszeit') is in that place's zone;
an answer's local time of no place named is the one foreign zone its context names, when the context never says
'local' itself, and is never the zone the language's readers live in."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

RESTATED = [
    ("La cuota diminuye un 4% este año.", "La cuota baja un 4% este año."),
    ("Le loyer baissera de 3 % en janvier.", "En janvier, le loyer diminue de 3 %."),
    ("Die Gebühr wird um 2 % erhöht.", "Die Gebühr steigt um 2 %."),
    ("De huur wordt met 5% verlaagd.", "De huur daalt met 5%."),
    ("월 수령액이 6% 감액됩니다.", "월 수령액이 6% 줄어듭니다."),
    ("料金は12,000円から13,200円に改定となります。", "料金は13,200円に値上げされます。"),
    ("A taxa passa de 3,00% para 2,50%.", "A taxa desce para 2,50%."),
    ("Het abonnement gaat van € 20 naar € 25 per maand.", "Het abonnement wordt € 25 per maand, een verhoging."),
    ("Le forfait passe de 30 € à 35 €.", "Le forfait augmente à 35 €."),
    ("Les places coûtent de 10 à 20 €.", "Comptez de 10 à 20 € la place, un peu plus qu'avant."),
    ("Das Ticket kostet 2024 genau 12 € und 2025 aumenta nichts.", "Das Ticket kostet 12 €."),
]

INVENTED = [
    ("La tariffa domestica diminuisce del 3,5%.", "La tariffa domestica aumenta del 3,5%.", "3,5%"),
    ("La cuota disminuirá un 4% este año.", "La cuota sube un 4% este año.", "4%"),
    ("Le loyer baissera de 3 % en janvier.", "En janvier, le loyer augmente de 3 %.", "3 %"),
    ("월 수령액이 6% 감액됩니다.", "월 수령액이 6% 늘어납니다.", "6%"),
    ("요금이 MJ당 1.41원 인상됩니다.", "요금이 MJ당 1.41원 내려갑니다.", "1.41원"),
    ("料金は12,000円から13,200円に改定となります。", "料金は13,200円に値下げされます。", "13,200円"),
    ("요금이 5만 원에서 6만 원으로 변경됩니다.", "요금이 6만 원으로 인하됩니다.", "6만 원"),
    ("A taxa passa de 3,00% para 2,50%.", "A taxa sobe para 2,50%.", "2,50%"),
    ("Der Zins geht ab Mai von 2,10 % auf 2,40 %.", "Der Zins wird auf 2,40 % gesenkt.", "2,40 %"),
    ("Le forfait passe de 30 € à 35 €.", "Le forfait baisse à 35 €.", "35 €"),
    ("会费从200元调整为180元。", "会费上调至180元。", "180元"),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_a_change_restated_in_other_words_is_not_flagged(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_a_change_turned_the_other_way_is_flagged(context: str, answer: str, figure: str) -> None:
    assert figure in flagged(context, answer)


PLACED = [
    ("Entrega: martes a las 10:00, hora canaria.", "La entrega es el martes a las 10:00, hora local de Canarias."),
    ("Check-in a partir das 15h00 (hora dos Açores).", "O check-in é a partir das 15h, hora local dos Açores."),
    ("Der Verkauf startet um 10:00 Uhr Ortszeit (EDT).", "Der Verkauf startet in New York um 10 Uhr Ortszeit."),
    ("Stream: 21:00 Uhr MESZ (15:00 Uhr EDT).", "Für Zuschauer in New York ist das 15 Uhr Ortszeit."),
    # the answer's own word for the zone the context names, where the context never speaks of local time
    ("ラウンジの営業時間は6:00〜22:00（ハワイ時間）です。", "ラウンジは現地時間の朝6時から開いています。"),
    ("The lounge opens at 06:00 Dubai time.", "The lounge opens at 6am local time."),
    # a place named before a CJK local time; a zone said before the next day's time
    (
        "ハワイ・ツアーの集合は現地時間の午前6時（日本時間では翌日午前1時）です。",
        "集合はハワイ時間の朝6時、日本時間だと翌日の午前1時です。",
    ),
]

MISPLACED = [
    (
        "Entrega: martes a las 10:00, hora canaria.",
        "La entrega es el martes a las 10:00, hora local de Madrid.",
        "10:00",
    ),
    ("Stream: 21:00 Uhr MESZ (15:00 Uhr EDT).", "Für Zuschauer in New York ist das 21 Uhr Ortszeit.", "21 Uhr"),
    ("集合は現地時間 8:00 です。", "集合は日本時間の朝8時です。", "8時"),
    ("Check-in closes at 22:00 local time.", "Check-in closes at 22:00 Paris time.", "22:00"),
    # a local time is never the readers' own zone; where the context speaks of local time, the answer's is that one
    (
        "De les begint om 15.00 uur (Nederlandse tijd).",
        "De les begint om 15.00 uur lokale tijd.",
        "15.00 uur",
    ),
    (
        "Vertrek 9.00 uur lokale tijd, aankomst 15.00 uur Nederlandse tijd.",
        "Je komt aan om 15.00 uur lokale tijd.",
        "15.00 uur",
    ),
    ("ハワイ・ツアーの集合は現地時間の午前6時（日本時間では翌日午前1時）です。", "集合は日本時間の朝6時です。", "6時"),
]


@pytest.mark.parametrize(("context", "answer"), PLACED)
def test_a_local_time_of_a_place_named_is_that_places_time(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), MISPLACED)
def test_a_local_time_said_in_another_zone_is_flagged(context: str, answer: str, figure: str) -> None:
    assert figure in flagged(context, answer)


# A unit's word that names two units is either ('110 pounds' of weight, 'キロ' of distance, '4,2 M' of millions);
# a myriad's remainder is part of its number ('12万4,000人' is 124,000 people).
TWO_WAYS = [
    ("Donors must weigh at least 110 lbs.", "You need to weigh at least 110 pounds.", "You need to weigh at least 120 pounds.", "120 pounds"),
    ("尾道から今治までの約70km。", "尾道〜今治の約70キロを走ります。", "尾道〜今治の約80キロを走ります。", "80キロ"),
    ("A empresa transportou 4,2 milhões de passageiros.", "Foram 4,2 M de passageiros.", "Foram 5,2 M de passageiros.", "5,2 M"),
    ("Nos centres totalisent 45 pétaoctets.", "Nos centres totalisent 45 Po.", "Nos centres totalisent 54 Po.", "54 Po"),
    ("On héberge 2 400 000 000 de fichiers.", "On héberge 2,4 milliards de fichiers.", "On héberge 4,2 milliards de fichiers.", "4,2 milliards"),
    ("利用者数は延べ 12万4,000人でした。", "利用者は延べ 12.4万人でした。", "利用者は延べ 12.8万人でした。", "12.8万人"),
]  # fmt: skip


# A day of the month said alone is a date of the last month said, before its weekday or its hour; clock times
# written with a dot are times when a list of them ends in one ('8.15, 11.45 en 17.30 uur').
DAYS_AND_LISTS = [
    ("配信は12月20日（土）19:00開演、アーカイブは12月27日 23:59まで。", "開演は12月20日19時、アーカイブは27日の23時59分まで。", "開演は12月20日19時、アーカイブは28日の23時59分まで。", "28日"),
    ("修学旅行は10月15日（水）から17日（金）までです。", "修学旅行は10月15日から17日までです。", "修学旅行は10月15日から18日までです。", "18日"),
    ("Vertrek 08:15, 11:45 en 17:30 uur.", "Vertrektijden: 8.15, 11.45 en 17.30 uur.", "Vertrektijden: 8.15, 12.45 en 17.30 uur.", "12.45"),
]  # fmt: skip


# A comparison's word names nothing a figure is of ('contre … pour une crémation'); a monthly payment's noun is
# its period ('mensalidade de R$ 389 por 60 meses'); a compound that ends in minutes or hours counts them
# ('120 rijminuten'); hours that may be a clock's or a span's are either ('8 uur', '16h'); 'one … in 8' is no
# share before a span ('eine Kontrolle in 8 Wochen').
SAID_PLAINLY = [
    ("L'inhumation coûte 4 280 € en 2024, contre 3 815 € pour une crémation.", "Une crémation revient à un peu plus de 3 800 €, contre environ 4 300 € pour une inhumation.", "Une crémation revient à un peu plus de 3 800 €, contre environ 5 300 € pour une inhumation.", "5 300 €"),
    ("Plano SolarJá: mensalidade de R$ 389 por 60 meses, sem entrada.", "Você paga R$ 389 por mês durante 60 meses.", "Você paga R$ 389 por ano durante 60 meses.", "R$ 389"),
    ("Stroomrit Plus kost € 19,99 per maand en geeft je 120 rijminuten per maand.", "Voor € 19,99 per maand krijg je 120 minuten rijden per maand.", "Voor € 19,99 per maand krijg je 150 minuten rijden per maand.", "150 minuten"),
    ("Dosering: 3 maal daags 1 capsule, met tussenpozen van 8 uur.", "Drie keer per dag één capsule, telkens met acht uur ertussen.", "Drie keer per dag één capsule, telkens met zes uur ertussen.", "zes uur"),
    ("Check-in a partir das 15h00; corresponde às 16h00 de Lisboa.", "O check-in é a partir das 15h, ou seja 16h em Lisboa.", "O check-in é a partir das 15h, ou seja 17h em Lisboa.", "17h"),
    ("Empfehlung: Kontrolle in 8 Wochen.", "Empfohlen wird eine Kontrolle in 8 Wochen.", "Empfohlen wird eine Kontrolle in 6 Wochen.", "6 Wochen"),
]  # fmt: skip


# A listed amount's line says which way its sign goes ('Gutschrift … −8,50 €' is a credit); a deadline's days
# may be said calendar days before the event ('jusqu'à 7 jours calendaires avant'); Dutch hours before an event
# are a span, not a clock ('tot 24 uur voor').
LINES_AND_LIMITS = [
    ("Rechnung: Grundgebühr 39,99 €, Gutschrift für die Störung vom 4.–6. März −8,50 €.", "Für die Störung haben wir Ihnen 8,50 € gutgeschrieben.", "Für die Störung werden Ihnen 8,50 € zusätzlich berechnet.", "8,50 €"),
    ("Annulation sans frais jusqu'à 7 jours calendaires avant l'arrivée.", "Vous pouvez annuler sans frais jusqu'à 7 jours avant l'arrivée.", "Vous pouvez annuler sans frais jusqu'à 3 jours avant l'arrivée.", "3 jours"),
    ("Annuleren kan kosteloos tot 24 uur voor het geboekte tijdstip.", "Je kunt tot uiterlijk 24 uur van tevoren gratis annuleren.", "Je kunt tot 12 uur van tevoren gratis annuleren.", "12 uur"),
]  # fmt: skip


# A zone in brackets before the next time is that time's ('英国時間15:00（日本時間23:00）'); a speed said with
# '每小时' before its distance; a Chinese price for one of a thing is per it ('0.52元一度'); hedges said as
# Chinese '大约有' and Korean '에 조금 못 미치고'.
CJK_READINGS = [
    ("審査結果は英国時間15:00（日本時間23:00）に送信されます。", "結果は日本時間の夜11時（英国時間の午後3時）に届きます。", "結果は日本時間の午後3時に届きます。", "午後3時"),
    ("最高时速25 km/h，续航约40公里。", "最高时速是每小时25公里。", "最高时速是每小时35公里。", "每小时35公里"),
    ("居民电价：第一档0.52元/度；第二档0.57元/度。", "第一档按0.52元一度算。", "第一档按0.62元一度算。", "0.62元"),
    ("全国充电设施累计数量为1281.8万台。", "全国充电设施大约有1282万台。", "全国充电设施大约有1582万台。", "1582万台"),
    ("서울 지역 장례 평균 비용은 1,380만 원입니다.", "평균 비용은 1,400만 원에 조금 못 미쳐요.", "평균 비용은 1,300만 원에 조금 못 미쳐요.", "1,300만 원"),
]  # fmt: skip


# A part that names less than two things says its figure of what its sentence's parts before it name ('Pour un
# enfant de 4 à 17 ans, l'entrée coûte 4,50 €': the child's entry).
FRONTED = [
    ("Piscine : entrée adulte : 4,50 €. Entrée enfant (4 à 17 ans) : 2,80 €.", "Pour un adulte, l'entrée coûte 4,50 €.", "Pour un enfant de 4 à 17 ans, l'entrée coûte 4,50 €.", "4,50 €"),
    ("Tageskarte: Erwachsene 12 €, Kinder 6 €.", "Für Erwachsene kostet die Tageskarte 12 €.", "Für Kinder kostet die Tageskarte 12 €.", "12 €"),
]  # fmt: skip


# An amount for the whole of something is per no person or piece ('290 € pauschal', 'voor het hele examen'); a
# journey's words may hold a conjunction ('für Hin- und Rückfahrt', 'voor heen en terug'); groups and tyres are
# things a price is per.
WHOLE_AND_JOURNEYS = [
    ("Private Führung für bis zu 8 Personen: 290 € pauschal.", "Eine private Führung kostet 290 € für die ganze Gruppe.", "Eine private Führung kostet 290 € pro Person.", "290 €"),
    ("De kosten zijn € 90 per onderdeel.", "Je betaalt € 90 per onderdeel.", "Het examen kost € 90 voor het hele examen.", "€ 90"),
    ("Halen en brengen binnen 15 km: € 10 per rit.", "Ophalen kost € 10 per rit.", "Ophalen en terugbrengen kost € 10 voor heen en terug.", "€ 10"),
    ("Fahrradmitnahme: 9 € pro Fahrrad und Fahrt.", "Das Fahrrad kostet 9 € pro Fahrt.", "Das Fahrrad kostet 9 € für Hin- und Rückfahrt zusammen.", "9 €"),
    ("Een drankenarrangement kost € 17,50 per persoon.", "Drankjes kosten € 17,50 per persoon.", "Drankjes kosten € 17,50 per groep.", "€ 17,50"),
    ("Alineación: 35 € por vehículo.", "La alineación son 35 € por vehículo.", "La alineación son 35 € por neumático.", "35 €"),
]  # fmt: skip


# A value the context states only the other way is no derived figure ('补税720元' of '应退税额720元', computable as
# it is); compensation is a credit, a 'supplément' and what is 'facturé' a debit.
TURNED = [
    ("您全年已预缴税额为8,640元，应纳税额为7,920元，应退税额720元。", "您预缴了8,640元，应纳税额7,920元，可以退税720元。", "您预缴了8,640元，应纳税额7,920元，还需要补税720元。", "720元"),
    ("Un avoir de 6,50 € a été appliqué pour la session interrompue.", "Un avoir de 6,50 € vous a été accordé.", "Le prélèvement inclut un supplément de 6,50 € pour la session interrompue.", "6,50 €"),
    ("La compensación por excedentes ascendió a 19,30 €.", "Por los excedentes se le compensaron 19,30 €.", "Por los excedentes se le cargaron 19,30 €.", "19,30 €"),
    ("Des frais d'annulation de 5 € vous sont facturés.", "On vous facture 5 € de frais d'annulation.", "Vous serez remboursé de 5 €.", "5 €"),
]  # fmt: skip


# 'billed annually' is yearly; a credit deducted from the next bill is a credit.
STATED_ONCE = [
    ("Members pay $9.99 per month (or $96 billed annually).", "It is $96 a year, or $9.99 a month.", "It is $96 a quarter, or $9.99 a month.", "$96"),
    ("Un avoir de 5,00 € sera déduit de votre prochaine facture.", "On vous rembourse 5 € sous forme d'avoir.", "On vous facturera 5 € de plus.", "5 €"),
]  # fmt: skip


# What else an answer says with a figure places it where the context states it, whatever its words: a figure of
# another kind, stated once, with the backer's item ('the 25 cm round … $72'); never another item's.
PLACED_BY_FIGURES = [
    ("A 20 cm round cake serves 10–12 people and costs $48; the 25 cm round serves 18–20 and costs $72.", "The 25 cm round cake feeds 18 to 20 people and costs $72.", "The 20 cm round cake feeds 10 to 12 people and costs $72.", "$72"),
    ("儿童烘焙体验课（6–12 岁）每节 168 元，时长 90 分钟；成人法式甜点课每节 298 元，时长 3 小时；亲子课（一大一小）每节 268 元。", "成人法式甜点课每节298元，一节课3个小时。", "成人法式甜点课每节268元，一节课3个小时。", "268元"),
]  # fmt: skip


# One word that is all of another item's name, and named nowhere else in the context, says a figure is that
# item's ('le patatine 4 €' names 'patatine 4,50 €'); a common noun of every item ('colis') names none.
NAMED_ONCE = [
    ("Listino minibar: succo di frutta 4 €; birra artigianale 33 cl 6 €; patatine 4,50 €.", "La birra artigianale costa 6 €, il succo 4 €.", "La birra artigianale costa 6 €, le patatine 4 €.", "4 €"),
]  # fmt: skip


def test_a_common_noun_of_every_item_names_none() -> None:
    context = "Colissimo : colis jusqu'à 250 g : 7,49 € ; jusqu'à 500 g : 8,99 € ; jusqu'à 1 kg : 10,99 €. Option R1 : + 3,50 € par colis."
    assert flagged(context, "Pour un colis entre 500 g et 1 kg, comptez 10,99 €.") == []


# Korean: a fraction said with '분의' is a share ('4분의 1'), not four minutes; a percent's band ('3.8%대') is
# about it; 'to fall a little short' in the past tense is nearly; a pension's '월액' is monthly, and '연금' names
# no year.
KOREAN = [
    ("1차 납부액은 등록금의 25% 이상이어야 합니다.", "첫 회에는 최소 등록금의 4분의 1을 내야 합니다.", "첫 회에는 최소 등록금의 3분의 1을 내야 합니다.", "3분의 1"),
    ("5년 고정형 연 3.82~5.12%.", "5년 고정형 금리는 연 3.8%대부터예요.", "5년 고정형 금리는 연 2.8%대부터예요.", "2.8%"),
    ("2023년 이용객은 48만 7천 명이었습니다.", "2023년 이용객은 50만 명에 조금 못 미쳤습니다.", "2023년 이용객은 40만 명에 조금 못 미쳤습니다.", "40만 명"),
    ("만 65세부터 받을 예상연금월액 1,124,350원.", "매달 112만 4천 원 정도를 받으실 예정입니다.", "매년 112만 4천 원 정도를 받으실 예정입니다.", "112만 4천 원"),
]  # fmt: skip


# A pass for a number of days has its span as its period ('6-Tages-Karte … 312 €'); a period said past an
# amount's noun with 'every' or 'per' is its ('a £45 admin fee charged every month'), an adjective of another
# verb is not ('£312 over a full year if you pay monthly').
PASSES_AND_TAILS = [
    ("Tageskarte Erwachsene 62 €. 6-Tages-Karte Erwachsene 312 €.", "Die 6-Tages-Karte kostet 312 €.", "Die 6-Tages-Karte kostet 312 € pro Tag.", "312 €"),
    ("A one-off admin fee of £45 applies to every contract.", "There is a one-off £45 admin fee.", "There is a £45 admin fee charged every month.", "£45"),
    ("Adult membership £26 per month.", "It is £26 a month, which works out at £312 over a full year if you pay monthly.", "It is £26 a month, which works out at £412 over a full year if you pay monthly.", "£412"),
]  # fmt: skip


def test_a_price_per_a_count_of_a_unit_is_no_price_per_one() -> None:
    context = "Tarifa de grupaje Madrid–Lisboa: 42 €/100 kg, mínimo de 60 € por expedición."
    assert flagged(context, "El grupaje sale a 42 € por cada 100 kilos.") == []
    assert "42 €" in flagged(context, "El grupaje sale a 42 € por kilo.")


# A limit said the other way is flagged, not derived ('almeno 3.000 €' of 'fino a 3.000 €'); 'N ans et demi' is
# N and a half years; a loss is no gain ('投资赚了' of '投资收益-356.27元').
LIMITS_AND_LOSSES = [
    ("Il Bonus Nido rimborsa fino a 3.000 € l'anno.", "Il Bonus Nido rimborsa fino a 3.000 € l'anno.", "Il Bonus Nido rimborsa almeno 3.000 € l'anno.", "3.000 €"),
    ("Âge légal de départ : 63 ans et 9 mois.", "Vous pourrez partir à 63 ans et 9 mois.", "Vous pourrez partir à 63 ans et demi.", "63 ans et demi"),
    ("本年缴存12,000.00元，投资收益-356.27元。", "您今年存入了12,000元，投资亏了356.27元。", "您今年存入了12,000元，投资赚了356.27元。", "356.27元"),
]  # fmt: skip


# Every reading above, both ways: the restatement lists nothing, the invention lists its figure.
BOTH_WAYS = [
    *(pytest.param(*row, id=f"two_ways-{index}") for index, row in enumerate(TWO_WAYS)),
    *(pytest.param(*row, id=f"days_and_lists-{index}") for index, row in enumerate(DAYS_AND_LISTS)),
    *(pytest.param(*row, id=f"said_plainly-{index}") for index, row in enumerate(SAID_PLAINLY)),
    *(pytest.param(*row, id=f"lines_and_limits-{index}") for index, row in enumerate(LINES_AND_LIMITS)),
    *(pytest.param(*row, id=f"cjk_readings-{index}") for index, row in enumerate(CJK_READINGS)),
    *(pytest.param(*row, id=f"fronted-{index}") for index, row in enumerate(FRONTED)),
    *(pytest.param(*row, id=f"whole_and_journeys-{index}") for index, row in enumerate(WHOLE_AND_JOURNEYS)),
    *(pytest.param(*row, id=f"turned-{index}") for index, row in enumerate(TURNED)),
    *(pytest.param(*row, id=f"stated_once-{index}") for index, row in enumerate(STATED_ONCE)),
    *(pytest.param(*row, id=f"placed_by_figures-{index}") for index, row in enumerate(PLACED_BY_FIGURES)),
    *(pytest.param(*row, id=f"named_once-{index}") for index, row in enumerate(NAMED_ONCE)),
    *(pytest.param(*row, id=f"korean-{index}") for index, row in enumerate(KOREAN)),
    *(pytest.param(*row, id=f"passes_and_tails-{index}") for index, row in enumerate(PASSES_AND_TAILS)),
    *(pytest.param(*row, id=f"limits_and_losses-{index}") for index, row in enumerate(LIMITS_AND_LOSSES)),
]


@pytest.mark.parametrize(("context", "restated", "invented", "figure"), BOTH_WAYS)
def test_each_reading_holds_both_ways(context: str, restated: str, invented: str, figure: str) -> None:
    assert flagged(context, restated) == []
    assert figure in flagged(context, invented)

"""What round 17's development sets (issue 46, rounds 9 to 16) showed the tripwire still misread: a price for the
whole of a period ('€ 7,50 voor de hele dag') is that period's price; 'up front' is no rise; a figure after a
dash and 'or' is another's ('£7.50 a month – or £85'); the article of 'un peu plus de' counts nothing; a share
written as a CJK fraction in digits ('4분의 3', '5分之2'); a Korean hedge after an unknown counter
('500면 가까이'); Korean clauses joined by a verb's ending ('… 정도 되고 …'); a Korean thousand before a counter
('3천 명'); 'más de 6 h' is a length of time; a second day of one month in CJK ('4月6日と13日'); '度' of a power
bill is a kWh; a CJK compound unit ('156毫克/升'); French bytes ('9,90 €/Mo', never a month) and a peak kilowatt
('€/kWc'); a count of a noun the context counts ('12 módulos' of '10 módulos … 12x'); and a CJK sentence parted
by '；' as the answer is shown (folded to ';'), so a figure swapped between two items is said of the other; a
price for a pair ('für beide zusammen', 'per la coppia'); a label's bound past what it is of, to its verb ('la
estancia mínima en julio y agosto es de 5 noches'); and the end of a change past the unit its start is per ('da
0,142 €/kWh a 0,128 €/kWh'); a unit a price is per after 'al' ("0,45 € al kW"); a unit's letter after its
number ends a sentence ('el convencional 4 h. Billete …'); the head of a list shared by its items names neither
('tossina botulinica zona fronte 280 €, zampe di gallina 250 €'); a local time's place named earlier in its
sentence ('in Lissabon … dus om 11.30 uur lokale tijd'), and local time in any of its words ('plaatselijke
tijd', 'lokale tijd'); and a hedge just past a figure ('just over', 'ruim', 'gut', '남짓'), true only near it
(a quarter above at most: '3시간 남짓' is no 4 h 30); Dutch 'zes en een half uur'; a year after 'in' before
a noun ('in 2023 zonnepanelen'); a share of hours out of ten ('sei ore su dieci'); a strict limit of whole years
as the inclusive one it is ('sotto i 6 anni' of 'da 0 a 5 anni'); and an elided article after a number counts
nothing ("under 30 l'abbonamento"); a CJK bound past the verb it qualifies ('最少连住2晚', '最长可享受4年');
pressures ('290 kPa' is no '290 MPa'); and a CJK item named once, right before a price it does not cost
('坚果20元' of '薯片 20元；坚果 35元'); what a price is per said in a bracket after it ('38 € pour un canoë
biplace (prix par bateau)') or past a tax's mark ('45 € HT par déménageur et par heure'). Each both ways."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

BOTH_WAYS = [
    (
        "Een fiets meenemen kost € 7,50 per dag, ongeacht het aantal ritten.",
        "Voor de fiets betaalt u € 7,50 voor de hele dag.",
        "Voor de fiets betaalt u € 7,50 voor de hele week.",
        "€ 7,50",
    ),
    (
        "Individual membership is £85 a year, or £7.50 a month by Direct Debit.",
        "Membership is £7.50 per month by Direct Debit – or £85 if you pay for the whole year up front.",
        "Membership is £7.50 per month by Direct Debit – or £95 if you pay for the whole year up front.",
        "£95",
    ),
    (
        "Le domaine skiable compte 152 km de pistes. Altitude : de 1 450 m à 3 230 m.",
        "Il y a un peu plus de 150 km de pistes. Vous skierez entre 1 450 et 3 230 m d'altitude.",
        "Il y a un peu plus de 180 km de pistes. Vous skierez entre 1 450 et 3 230 m d'altitude.",
        "180 km",
    ),
    (
        "후원회원은 총 4,812명이며, 이 중 개인회원이 3,590명입니다.",
        "후원회원 중 4분의 3가량이 개인회원입니다.",
        "후원회원 중 5분의 2가량이 개인회원입니다.",
        "5분의 2",
    ),
    (
        "2024年会员中，41%选择了年付。",
        "约5分之2的会员选择了年付。",
        "约5分之3的会员选择了年付。",
        "5分之3",
    ),
    (
        "시청 공영주차장은 총 498면입니다.",
        "총 500면 가까이 되는 큰 주차장이에요.",
        "총 600면 가까이 되는 큰 주차장이에요.",
        "600",
    ),
    (
        "라운지 좌석 수 약 250석, 하루 평균 이용객 2,870명.",
        "좌석은 250석 정도 되고 하루 평균 3천 명 가까이 이용해요.",
        "좌석은 250석 정도 되고 하루 평균 5천 명 가까이 이용해요.",
        "5천 명",
    ),
    (
        "En jornadas continuadas de más de 6 horas hay una pausa de 15 minutos.",
        "Si su jornada dura más de 6 h, tiene una pausa de 15 minutos.",
        "Si su jornada dura más de 8 h, tiene una pausa de 15 minutos.",
        "8 h",
    ),
    (
        "集合注射は4月6日（日）・4月13日（日）に実施します。",
        "集合注射は4月6日と13日です。",
        "集合注射は4月6日と20日です。",
        "20日",
    ),
    (
        "居民阶梯电价：第一档年用电量 0–2760 千瓦时，电价 0.4883 元/千瓦时。",
        "用电在 2760 度以内的部分，每度电 0.4883 元。",
        "用电在 3000 度以内的部分，每度电 0.4883 元。",
        "3000 度",
    ),
    (
        "总硬度（以CaCO₃计）156 mg/L（限值450 mg/L）。",
        "出厂水的总硬度是156毫克/升。",
        "出厂水的总硬度是156毫克/千克。",
        "156毫克/千克",
    ),
    (
        "Hors Union européenne : internet mobile 9,90 €/Mo hors forfait. Le Pass Monde 1 Go est à 19 €.",
        "Hors UE, l'internet mobile hors forfait est facturé 9,90 €/Mo ; le Pass Monde 1 Go coûte 19 €.",
        "Hors UE, l'internet mobile hors forfait est facturé 9,90 €/Go ; le Pass Monde 1 Go coûte 19 €.",
        "9,90 €",
    ),
    (
        "Le tarif de rachat du surplus est de 0,1269 €/kWh ; la prime s'élève à 220 €/kWc.",
        "Le surplus vous sera racheté 0,1269 €/kWh, et la prime est de 220 €/kWc.",
        "Le surplus vous sera racheté 0,1269 €/kWc, et la prime est de 220 €/kWc.",
        "0,1269 €",
    ),
    (
        "Sistema fotovoltaico: 10 módulos de 550 W. Investimento: R$ 21.900,00 em até 12x sem juros.",
        "O sistema usa 10 módulos de 550 W.",
        "O sistema usa 12 módulos de 550 W.",
        "12 módulos",
    ),
    (
        "营地价格：豪华帐篷每晚680元，含双人早餐；木屋每晚880元，可住4人。",
        "木屋每晚880元，最多可以住4个人。",
        "木屋每晚680元，最多可以住4个人。",
        "680元",
    ),
    (
        "Sitzplatzreservierung in der 2. Klasse: 5,20 € pro Person und Fahrt.",
        "Für Sie und Ihre Partnerin kostet die Reservierung 5,20 € pro Person und Fahrt.",
        "Für Sie und Ihre Partnerin kostet die Reservierung 5,20 € für beide zusammen pro Fahrt.",
        "5,20 €",
    ),
    (
        "Lezioni individuali: 42 € all'ora. Lezioni in coppia: 28 € all'ora a persona.",
        "In coppia si pagano 28 € all'ora a persona.",
        "In coppia si pagano 28 € all'ora per la coppia.",
        "28 €",
    ),
    (
        "Normas del camping: la estancia mínima en julio y agosto es de 5 noches; el resto del año, 2 noches.",
        "En agosto tienen que reservar como mínimo 5 noches.",
        "En agosto pueden reservar como máximo 5 noches.",
        "5 noches",
    ),
    (
        "The minimum stay in July and August is 5 nights.",
        "In August you must book at least 5 nights.",
        "In August you can book at most 5 nights.",
        "5 nights",
    ),
    (
        "Dal 1° aprile il prezzo dell'energia scende da 0,142 €/kWh a 0,128 €/kWh.",
        "Dal 1° aprile il prezzo dell'energia cala a 0,128 €/kWh.",
        "Dal 1° aprile il prezzo dell'energia aumenta a 0,128 €/kWh.",
        "0,128 €",
    ),
    (
        "Allaccio elettrico per piazzole con contatore 0,45 €/kWh; senza contatore forfait 4 €/giorno.",
        "Nelle piazzole con contatore l'elettricità costa 0,45 € al kWh.",
        "Nelle piazzole con contatore l'elettricità costa 0,45 € al kW.",
        "0,45 €",
    ),
    (
        "El ferry rápido tarda 2 h 30 min y el convencional 4 h. Billete en butaca: 59 € en el rápido y 42 € en el convencional.",
        "En el barco convencional la butaca sale por 42 €.",
        "En el barco convencional la butaca sale por 59 €.",
        "59 €",
    ),
    (
        "Listino trattamenti viso: filler labbra 350 €; tossina botulinica zona fronte 280 €, zampe di gallina 250 €; visita 150 €.",
        "La tossina botulinica per le zampe di gallina costa 250 €.",
        "La tossina botulinica per le zampe di gallina costa 280 €.",
        "280 €",
    ),
    (
        "Lunch in Amsterdam om 12.30 uur (Nederlandse tijd). Onze vestiging in Lissabon luncht op hetzelfde moment mee, dus om 11.30 uur lokale tijd.",
        "In Lissabon begint de lunch om 11.30 uur plaatselijke tijd.",
        "In Lissabon begint de lunch om 10.30 uur plaatselijke tijd.",
        "10.30 uur",
    ),
    (
        "목포–제주 카페리의 운항 시간은 약 4시간 30분입니다.",
        "목포에서 제주까지는 4시간 반 정도 걸립니다.",
        "목포에서 제주까지는 3시간 남짓 걸립니다.",
        "3시간",
    ),
    (
        "De toren is 58 meter hoog.",
        "De toren is ruim 55 meter hoog.",
        "De toren is ruim 40 meter hoog.",
        "40 meter",
    ),
    (
        "The marathon route is 152 km long.",
        "The route is just over 150 km long.",
        "The route is just over 120 km long.",
        "120 km",
    ),
    (
        "Die Fahrt nach Kiel dauert 47 Minuten.",
        "Nach Kiel sind Sie gut 45 Minuten unterwegs.",
        "Nach Kiel sind Sie gut 30 Minuten unterwegs.",
        "30 Minuten",
    ),
    (
        "Verhuisbedrijf Van Dam: vast tarief € 1.250. De geschatte duur is 6,5 uur.",
        "De klus duurt naar schatting zes en een half uur.",
        "De klus duurt naar schatting zeven en een half uur.",
        "zeven en een half uur",
    ),
    (
        "Installateur ZonWijzer legde in 2023 zonnepanelen op 1.870 daken.",
        "ZonWijzer legde in 2023 zonnepanelen op 1.870 daken.",
        "ZonWijzer legde in 2022 zonnepanelen op 1.870 daken.",
        "2022",
    ),
    (
        "Il 61% delle ore è stato svolto dai turnisti del magazzino di Piacenza.",
        "Circa sei ore su dieci le hanno fatte i turnisti di Piacenza.",
        "Circa otto ore su dieci le hanno fatte i turnisti di Piacenza.",
        "otto ore su dieci",
    ),
    (
        "I bambini da 0 a 5 anni viaggiano gratis; da 6 a 11 anni tariffa ridotta.",
        "I bambini sotto i 6 anni non pagano.",
        "I bambini sotto i 8 anni non pagano.",
        "8 anni",
    ),
    (
        "Per gli under 30 l'abbonamento in galleria costa 84 €.",
        "L'abbonamento costa 84 € se hai meno di 30 anni.",
        "L'abbonamento costa 84 € se hai meno di 26 anni.",
        "26 anni",
    ),
    (
        "海景两居室：每晚680元起，最多可住4人，最少连住2晚。",
        "两居室每晚680元起，最少连住2晚。",
        "两居室每晚680元起，最多连住2晚。",
        "2晚",
    ),
    (
        "学生会员需年满16周岁，每月15元，最长可享受4年。",
        "学生会员每月15元，最长可以享受4年。",
        "学生会员每月15元，最少可享受4年。",
        "4年",
    ),
    (
        "最大給湯圧力は290kPaで、シャワーの流量は約12L/分です。",
        "給湯圧力は最大290kPaです。",
        "給湯圧力は最大290MPaです。",
        "290MPa",
    ),
    (
        "客房迷你吧价目：矿泉水 10元；青岛啤酒 25元；薯片 20元；坚果 35元。以上价格含15%服务费。",
        "迷你吧的青岛啤酒25元，坚果35元一包，价格已含15%服务费。",
        "迷你吧的青岛啤酒25元，坚果20元一包，价格已含15%服务费。",
        "20元",
    ),
    (
        "Location de canoës : 22 € par personne en kayak monoplace, 38 € pour un canoë biplace (prix par bateau).",
        "Pour le canoë biplace, comptez 38 € par bateau.",
        "Pour le canoë biplace, comptez 38 € par personne.",
        "38 €",
    ),
    (
        "Main-d'œuvre : 45 € HT par déménageur et par heure. Camion 20 m³ : 320 € HT la journée.",
        "La main-d'œuvre coûte 45 € HT par déménageur et par heure.",
        "La main-d'œuvre coûte 45 € HT par déménageur et par jour.",
        "45 €",
    ),
]


@pytest.mark.parametrize(("context", "restated", "invented", "figure"), BOTH_WAYS)
def test_each_reading_holds_both_ways(context: str, restated: str, invented: str, figure: str) -> None:
    assert flagged(context, restated) == []
    assert figure in flagged(context, invented)


def test_a_length_of_days_after_a_date_is_no_date() -> None:
    """'4月6日から13日間' is thirteen days from the 6th, not the 13th: a length said stays a length."""
    context = "キャンペーンは4月6日から13日間です。"
    assert flagged(context, "キャンペーンは4月6日から13日間開催されます。") == []
    assert "20日間" in flagged(context, "キャンペーンは4月6日から20日間開催されます。")


def test_a_nul_in_an_answer_is_no_month() -> None:
    """A text without month names is read with none: its own NUL character once matched the placeholder."""
    assert flagged("Facts: 0", "0 \x00") == []
    assert flagged("Facts: 12", "12 \x00 2024") == ["2024"]


def test_degrees_of_weather_stay_degrees() -> None:
    """'度' is a kWh only where power is billed: '30 度' of the weather is no 30 kWh."""
    assert "30 度" in flagged("本月用电量 30 千瓦时。", "今天气温 30 度。")
    assert flagged("本月用电量 30 千瓦时。", "本月用电 30 度。") == []

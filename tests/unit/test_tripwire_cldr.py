"""Issue 46, round 3: written forms read from the locale data (CLDR, through babel) rather than from hand lists,
both ways. A unit's display name in any of its languages' long, short and narrow forms ('Mikrogramm',
'microgrammi', 'km/u', '킬로칼로리'), a compact form of a large number ('412,5 M€', 'Md', 'Mln', 'mil millones',
'milliards'), a unit pint reads against one the table reads ('500 µg' is '0,5 mg'), thousands grouped by a plain
space in any Latin-script language, and thousands grouped by dots after a currency sign are the same figure;
the same forms with another value or unit are a new one."""

from __future__ import annotations

import pytest

from groundgate.judges.figures import tripwire

# (what it shows, the context, an answer that restates its figure, an answer that invents one, the invented figure)
# fmt: off
CASES = [
    ("a unit's long name, German", "Jede Tablette enthält 400 µg Folsäure.", "Eine Tablette liefert 400 Mikrogramm Folsäure.", "Eine Tablette liefert 400 Milligramm Folsäure.", "400 Milligramm"),
    ("a unit's plural name, Italian", "Ogni dose contiene 25 µg di vitamina D.", "Ogni dose contiene 25 microgrammi di vitamina D.", "Ogni dose contiene 25 milligrammi di vitamina D.", "25 milligrammi"),
    ("a Dutch unit abbreviation", "U reed 12 km/h te hard.", "U reed 12 km/u te hard.", "U reed 12 km te hard.", "12 km"),
    ("a Korean unit name", "한 봉지는 250kcal입니다.", "한 봉지에 250킬로칼로리예요.", "한 봉지에 350킬로칼로리예요.", "350킬로칼로리"),
    ("micrograms as milligrams", "Vitamin B12: 500 µg pro Tablette.", "Eine Tablette enthält 0,5 mg Vitamin B12.", "Eine Tablette enthält 5 mg Vitamin B12.", "5 mg"),
    ("a denominator in words", "Dose : 0,2 mg/kg le premier jour.", "Le premier jour, 0,2 mg par kilo.", "Le premier jour, 0,2 mg par litre.", "0,2 mg par litre"),
    ("a compact form glued to a currency", "Le budget atteint 412,5 millions d'euros.", "Le budget est de 412,5 M€.", "Le budget est de 421,5 M€.", "421,5 M€"),
    ("a French milliard", "Le chiffre d'affaires atteint 1,2 Md€.", "Le chiffre d'affaires atteint 1,2 milliard d'euros.", "Le chiffre d'affaires atteint 1,2 million d'euros.", "1,2 million d'euros"),
    ("an Italian compact form", "Il fatturato è di 2,5 milioni di euro.", "Il fatturato è di 2,5 Mln di euro.", "Il fatturato è di 2,5 Mld di euro.", "2,5 Mld di euro"),
    ("a Spanish thousand millions", "La inversión es de 3.000 millones de euros.", "La inversión es de 3 mil millones de euros.", "La inversión es de 30 mil millones de euros.", "30 mil millones de euros"),
    ("a Dutch compact form", "De omzet bedroeg € 1.012.000.000.", "De omzet bedroeg € 1.012 mln.", "De omzet bedroeg € 1.021 mln.", "€ 1.021 mln"),
    # a qualifier half read is not weighed: a noun the tables do not know after 'per' may name the context's thing
    ("a 'per' noun not known", "Parking is £6 per vehicle per day.", "Parking is £6 per car for the day.", "Parking is £6 per car per week.", "£6 per car per week"),
    ("stacked CJK 'per' words", "居民医保个人缴费标准为每人每年380元。", "居民医保每人380元。", "居民医保每人每月380元。", "380元"),
    ("a hedge read as a number word", "El importe medio por beca fue de 1.147 €.", "Una media de unos 1.150 € por beca.", "Una media de unos 1.350 € por beca.", "1.350 €"),
    # times of day in forms not read before
    ("a Chinese hour with 时", "违法时间：2025年4月18日14时32分。", "时间是4月18日下午2点32分。", "时间是4月18日下午3点32分。", "下午3点32分"),
    ("a Dutch part of the day", "Bezorging tussen 8.00 en 14.00 uur.", "We bezorgen tussen 8 uur 's ochtends en 2 uur 's middags.", "We bezorgen tussen 8 uur 's ochtends en 3 uur 's middags.", "3 uur 's middags"),
    ("a place's zone in summer against UTC", "Prochain bulletin à 20 h UTC.", "Le prochain bulletin tombera à 22 h, heure de Paris.", "Le prochain bulletin tombera à 23 h, heure de Paris.", "23 h"),
    # a word of another clause or another figure is not this one's
    ("a negation past a comma", "El 62 % eran turismos de más de diez años.", "No pasó a la primera, y más del 60 % eran turismos.", "No pasó a la primera, y más del 70 % eran turismos.", "70 %"),
    ("a period past a conjunction",
        "Servicepauschale von 19,90 € halbjährlich, Aktivierung 29 € einmalig.",
        "Dazu kommen 19,90 € Servicepauschale und einmalig 29 € Aktivierungsgebühr.",
        "Dazu kommen 19,90 € Servicepauschale und einmalig 39 € Aktivierungsgebühr.",
        "39 €",
    ),
    ("a pronoun is no counted noun", "An adult must come along until their 14th birthday.", "Until she turns 14 she needs an adult with her.", "Until she turns 16 she needs an adult with her.", "16"),
    # what is no claim in words is none in digits either; a multiple is a percentage
    ("once in digits", "申請は2か月ごとに行います。", "申請は2か月に1回です。", "申請は3か月に1回です。", "3か月"),
    ("one of a per phrase", "食べ放題：大人お一人様3,980円。", "大人は1人あたり3,980円です。", "大人は1人あたり4,980円です。", "4,980円"),
    ("a year before, Portuguese", "Alta de 12,4% em relação ao mesmo período do ano anterior.", "Cerca de 12% a mais que um ano antes.", "Cerca de 15% a mais que um ano antes.", "15%"),
    ("a multiple as a percentage", "Le capital décès est égal à 300 % du salaire annuel brut.", "Le capital équivaut à trois fois le salaire annuel brut.", "Le capital équivaut à quatre fois le salaire annuel brut.", "quatre fois"),
    # weekdays in their short and compound forms
    ("weekdays abbreviated, listed", "Sauna: Mo–Fr 14:00–22:00 Uhr, Sa/So 10:00–20:00 Uhr.", "Am Sonntag ist die Sauna von 10 bis 20 Uhr offen.", "Am Sonntag ist die Sauna von 10 bis 21 Uhr offen.", "21 Uhr"),
    ("a weekday listed is not a span",
        "Sprechstunde: Mo/Mi 9 bis 12 Uhr.",
        "Am Mittwoch ist Sprechstunde.",
        "Am Dienstag ist Sprechstunde.",
        "Dienstag",
    ),
    ("a date's weekday in brackets", "티켓 오픈: 6월 10일(화) 오후 2시.", "예매는 6월 10일 화요일 14시에 열려요.", "예매는 6월 10일 수요일 14시에 열려요.", "수요일"),
    ("a weekday in a compound", "Zaterdagbezorging kost € 3,50 extra.", "Op zaterdag bezorgen kost € 3,50 extra.", "Op zondag bezorgen kost € 3,50 extra.", "zondag"),
    # a word of the sentence is not a zone's abbreviation or a weekday's; a period named in words is the period
    ("'et' is no Eastern Time", "Maintenance de 23 h à 4 h (heure de Paris).", "Maintenance entre 23h et 4h heure de Paris.", "Maintenance entre 22h et 4h heure de Paris.", "22h"),
    ("'ter' is no Tuesday", "Desconto de 5% até 10/02/2025.", "Para ter 5% de desconto, pague até 10 de fevereiro de 2025.", "Para ter 5% de desconto, pague até 12 de fevereiro de 2025.", "12 de fevereiro de 2025"),
    ("a period named in words", "日包资费25元/天，按北京时间0:00至24:00计费。", "日包每天25元，按北京时间零点到24点算一天。", "日包每天25元，按北京时间零点到24点算一周。", "一周"),
    ("a denominator spelled out", "Suspension buvable à 1,5 mg/mL.", "La suspension est dosée à 1,5 mg par millilitre.", "La suspension est dosée à 1,5 mg par litre.", "1,5 mg par litre"),
    ("an ordinal's sign", "O salário deve ser pago até o 5º dia útil do mês seguinte.", "O salário precisa ser pago até o quinto dia útil do mês seguinte.", "O salário precisa ser pago até o terceiro dia útil do mês seguinte.", "terceiro dia útil"),
    ("one unit of a CJK per phrase", "300kWh 이하 kWh당 120.0원.", "300kWh까지 1kWh에 120원입니다.", "300kWh까지 1kWh에 130원입니다.", "130원"),
    ("a daily average", "本日のPM2.5の日平均予測値は38μg/m³です。", "今日のPM2.5は1日平均で約40μg/m³の予測です。", "今日のPM2.5は1日平均で約60μg/m³の予測です。", "60"),
    ("a bit more is no hour", "同比增长3.1%。", "比上一年增长了3%多一点。", "比上一年增长了5%多一点。", "5%"),
    ("a hedge said by a verb", "Cuota mensual: 237,33 €.", "La cuota rondaría los 237 € al mes.", "La cuota rondaría los 337 € al mes.", "337 €"),
    ("a CJK period before a price", "料金は1か月あたり1,500円です。", "料金は月1,500円です。", "料金は1週間あたり1,500円です。", "1,500円"),
    ("a Korean period before a price", "이용료는 매월 1,100원입니다.", "이용료는 한 달에 1,100원이에요.", "이용료는 1년에 1,100원이에요.", "1,100원"),
    ("a CJK span's second day", "活动期间（2025年6月1日至6月18日）。", "6月1日到18日活动期间。", "6月1日到20日活动期间。", "20日"),
    ("a CJK date after a comma", "3月1日至3月20日期间需按预约日期办理。", "汇算之间办，3月20日之前要按预约的日子来。", "汇算之间办，3月25日之前要按预约的日子来。", "3月25日"),
    ("a CJK span's second minutes", "예상 도착 시간: 오후 7시 10분~7시 25분.", "저녁 7시 10분에서 25분 사이에 도착해요.", "저녁 7시 10분에서 45분 사이에 도착해요.", "45분"),
    ("an hour before something is a duration", "Charge the battery for 2 hours before you use it.", "Charge it for two hours before you use it.", "Charge it for an hour before you use it.", "an hour"),
    # a direction said by a verb: a credit for a debit is a new figure
    ("a refund said by a verb, Spanish", "Su retención adicional de 126,40 € se aplica en esta nómina.", "En la nómina te cobrarán 126,40 € más de retención.", "En la nómina te devuelven 126,40 €.", "126,40 €"),
    ("an amount paid to you, Portuguese", "Recebeu indevidamente 214,60 €, montante que deverá restituir.", "Terá de pagar 214,60 € que recebeu indevidamente.", "A Segurança Social vai pagar-lhe 214,60 €.", "214,60 €"),
    ("too little received, Dutch", "U hebt € 412,35 te veel ontvangen.", "U hebt € 412,35 te veel ontvangen; dat wordt verrekend.", "U hebt € 412,35 te weinig ontvangen; dat wordt verrekend.", "€ 412,35"),
    ("how often, said by a duration", "Servicepauschale von 19,90 € halbjährlich.", "Dazu kommen alle sechs Monate 19,90 € Servicepauschale.", "Dazu kommen alle drei Monate 19,90 € Servicepauschale.", "drei Monate"),
    ("one of a noun in four", "Un étudiant sur quatre bénéficie d'une bourse.", "Un quart des étudiants touchent une bourse.", "Un tiers des étudiants touchent une bourse.", "Un tiers"),
    ("a time after 'ein … von'", "Es gilt ein Bestellschluss von 11:00 Uhr MEZ.", "Bestellen Sie bis 11 Uhr MEZ.", "Bestellen Sie bis 12 Uhr MEZ.", "12 Uhr"),
    ("a plain space grouping thousands, German", "Höchstens 150.000 Lux pro Jahr.", "Pro Jahr höchstens 150 000 Lux.", "Pro Jahr höchstens 160 000 Lux.", "160 000 Lux"),
]
# fmt: on


@pytest.mark.parametrize(("what", "context", "restated", "invented", "figure"), CASES, ids=[c[0] for c in CASES])
def test_a_form_from_the_locale_data_is_the_same_figure(
    what: str, context: str, restated: str, invented: str, figure: str
) -> None:
    assert tripwire(context, None, "", restated).flagged == [], what


@pytest.mark.parametrize(("what", "context", "restated", "invented", "figure"), CASES, ids=[c[0] for c in CASES])
def test_the_same_form_of_another_figure_is_new(
    what: str, context: str, restated: str, invented: str, figure: str
) -> None:
    listed = [new.figure.text for new in tripwire(context, None, "", invented).flagged]
    assert any(figure in text or text in figure for text in listed), (what, listed)

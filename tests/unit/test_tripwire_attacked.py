"""Two hostile reviews of round 9 (issue 46): hostile56 attacked the answer's own arithmetic (worked.py),
compound durations, compact and CJK forms, numeric denominators, speeds, spoken durations, pence and cubic metres;
hostile57 the qualifier readings (a change's second end, inclusive and exclusive limits, hedges of a cap, a price
for a span, a period word that labels the next amount, Korean and Japanese bounds, weekday abbreviations, clock
times in words, 'N h MM' as a duration, zones, pence, what a price is per). Each probe failed on the commit
reviewed (eac3c58); where an invented operand of a working is listed rather than its result, the operand is the
figure a reader is shown. A limit of an amount or a measure that holds its value and one that does not ('$50 or
more' and 'over $50', 'maximum 20 kg' and 'under 20 kg') are said either way and agree (compare._inclusive); the
probes left failing are named in docs/tripwire.md."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

CLEAN = [
    (
        "Room: £120 per night. Tourist tax: £3 per night.",
        "For 3 nights: (£120 + £3) × 3 = £369.",
    ),  # bracketed working '(a + b) × n = c' is not read; £369 listed
    (
        "Each session lasts 20 minutes; there are 3 sessions per week.",
        "That is 3 × 20 minutes = 1 hour a week.",
    ),  # working with a unit change in the result: '3 x' and '1 hour' both listed
    (
        "Paracetamol 500 mg tablets. Adults: up to 8 tablets in 24 hours.",
        "The daily maximum is 8 × 500 mg = 4 g.",
    ),  # honest working with mg→g: worked.py compares raw values (4000 vs 4), so the count operand
    (
        "Was £80, now £60.",
        "You save £80 − £60 = £20, which is £20 / £80 = 25%.",
    ),  # a ratio written as a percentage (0.25 vs 25) is not read; 25% listed
    (
        "Fixed terms of 2 years and 6 months are available.",
        "You can fix your rate for 2 years or for 6 months.",
    ),  # two options joined by 'and' are merged into one 30-month duration; both honest figures lis
    (
        "Beschikbare looptijden: 1 jaar en 6 maanden.",
        "U kunt kiezen uit een looptijd van 1 jaar of 6 maanden.",
    ),  # nl: options merged into 18 months (clean at base)
    (
        "Plazos disponibles: 1 año y 6 meses.",
        "Puede elegir un plazo de 1 año o de 6 meses.",
    ),  # es: options merged (clean at base)
    (
        "套餐时长有1天和12小时两种可选。",
        "您可以选择1天或12小时的套餐。",
    ),  # zh: '1天和12小时两种' two options merged into 36 hours (clean at base)
    (
        "プランの期間は1日と12時間の2種類です。",
        "プランは1日または12時間から選べます。",
    ),  # ja: 'と' between two options merged (clean at base)
    (
        "Loan terms available:\n1 year\n6 months\n3 months",
        "You can choose a 1-year, 6-month or 3-month term.",
    ),  # a newline is a compound gap: a list of options on lines becomes 18 months (clean at base)
    ("Il tragitto dura due ore e mezza.", "Il tragitto dura 150 minuti."),  # same gap: honest 150 minuti listed
    (
        "La visita guidata dura un'ora e tre quarti.",
        "La visita guidata dura 105 minuti.",
    ),  # 'un'ora e tre quarti' not read
    ("La visite dure une heure trois quarts.", "La visite dure 105 minutes."),  # fr 'une heure trois quarts' not read
    (
        "La visita dura dos horas y cuarto.",
        "La visita dura 135 minutos.",
    ),  # es 'N horas y cuarto' with a number word: not read
    ("A visita dura duas horas e um quarto.", "A visita dura 135 minutos."),  # pt 'duas horas e um quarto' not read
    ("Die Führung dauert zweieinhalb Stunden.", "Die Führung dauert 150 Minuten."),  # de 'zweieinhalb' not read
    ("De rondleiding duurt tweeënhalf uur.", "De rondleiding duurt 150 minuten."),  # nl 'tweeënhalf uur' not read
    ("The drive takes two and a half hours.", "The drive takes 150 minutes."),  # en 'two and a half hours' not read
    (
        "The drive takes two and a quarter hours.",
        "The drive takes 135 minutes.",
    ),  # en 'two and a quarter hours' not read
    (
        "Le samedi, le magasin ferme à 13 h 30.",
        "Le samedi, le magasin ferme à une heure et demie.",
    ),  # 'à une heure et demie' is a clock time (13:30), read as a 90-minute duration and listed
    (
        "Le samedi, le magasin ferme à 13 h 15.",
        "Le samedi, le magasin ferme à une heure et quart.",
    ),  # 'à une heure et quart' is 13:15, read as 75 minutes
    (
        "Fuel consumption: 6.5 L/100 km.",
        "It uses 6.5 litres per 100 kilometres.",
    ),  # 'per 100 kilometres' in words is not a denominator; both parts listed
    (
        "Verbrauch: 6,5 l/100 km.",
        "Der Verbrauch liegt bei 6,5 Litern pro 100 Kilometer.",
    ),  # de 'pro 100 Kilometer' not read
    ("Consumo: 6,5 l/100 km.", "Consume 6,5 litros por cada 100 km."),  # es 'por cada 100 km' not read
    (
        "Plan: €5 for 24 hours.",
        "The plan is €5 per day.",
    ),  # 'for 24 hours' becomes period '24 hour', not 'day' (regression)
    (
        "Wifi: €5 for 1 hour, €15 for 24 hours.",
        "Wifi is €5 for an hour or €15 for a day.",
    ),  # '€15 for 24 hours' restated as 'for a day' flagged (regression)
    (
        "Hasta 5 usuarios o más con el plan Pro.",
        "Hasta 5 usuarios.",
    ),  # 'o más con el plan Pro' (another offer) overrides 'hasta' (regression)
    (
        "Openingstijden: ma-vr 08.00-18.00 uur, za 09.00-17.30 uur.",
        "Op zaterdag zijn we open van 09.00 tot 17.30 uur.",
    ),  # 'za 09.00-17.30 uur' with an ASCII hyphen: '09.00-17.30' read as a phone number, so zaterd
    (
        "Unsere Sprechstunde für Mitglieder findet jede Woche statt: Mi 12 Uhr im Vereinsheim.",
        "Die Sprechstunde ist am Mittwoch um 12 Uhr.",
    ),  # 'Mi 12 Uhr' (one hour, no range) not kept as Wednesday
    (
        "We komen wo 14.00 uur langs, kosten € 45.",
        "We komen woensdag om 14.00 uur langs.",
    ),  # 'wo 14.00 uur' not kept as woensdag
    (
        "La réunion durera jusqu'à 17 h 30.",
        "La réunion se termine à 17 h 30.",
    ),  # 'durera jusqu'à 17 h 30': a time read as a duration (regression)
    (
        "Le spectacle dure jusqu'à 22 h 45, ouverture des portes à 20 h.",
        "Le spectacle se termine à 22 h 45.",
    ),  # 'dure jusqu'à 22 h 45' read as a duration (regression)
    (
        "Temps de trajet estimé : départ 14 h 30, arrivée 18 h 05.",
        "Vous partez à 14 h 30.",
    ),  # 'temps' 32 chars back makes a departure time a duration (regression)
    (
        "Prévoyez d'arriver avant 7 h 45 pour l'embarquement.",
        "Arrivez avant 7 h 45.",
    ),  # 'prévoyez' makes a clock time a duration (regression)
    (
        "A first-class stamp now costs 85p.",
        "A first-class stamp costs 85p each.",
    ),  # the context's '85p.' is not read, the answer's '85p each' is: honest flagged (regression)
    (
        "Standing charge: 53p per day. Unit rate: 24.5p.",
        "The unit rate is 24.5p per kWh.",
    ),  # '24.5p.' in the context not read (regression)
    (
        "Our 4p rise in the price of milk: now 89p.",
        "Milk now costs 89p, up 4p.",
    ),  # honest restatement flagged (regression)
]

LISTED = [
    (
        "General English: £265 per week. The course runs for 10 weeks.",
        "The full course costs £3,180 (12 × £265).",
        "12 x",
    ),  # bare-number multiplier 12 is invented (context: 10 weeks); dropped as an operand, so the i
    (
        "Abonnement : 34,90 € par mois, engagement de 12 mois.",
        "Sur l'engagement, vous payez 24 × 34,90 € = 837,60 €.",
        "24 x",
    ),  # 24-month multiplier invented (context: 12 months); operand dropped, total derived (its inv
    (
        "The standard hourly rate is £12.80; overtime is paid at time and a half.",
        "Overtime is paid at £25.60 an hour (£12.80 × 2).",
        "£25.60",
    ),  # '× 2' is an invented rate (double time vs time and a half); a decimal/bare multiplier is a
    (
        "All prices exclude VAT at 20%. The Pro plan is £100 per month.",
        "With VAT the Pro plan comes to £100 × 1.25 = £125 per month.",
        "1.25",
    ),  # '× 1.25' invents 25% VAT (context 20%); nothing listed (its invented operand is listed)
    (
        "All prices exclude VAT at 20%. The Pro plan is £100 per month.",
        "With VAT the Pro plan comes to £125 per month (£100 × 1.25).",
        "1.25",
    ),  # same, parenthesised working (its invented operand is listed)
    (
        "Paracetamol 500 mg tablets. Adults: up to 8 tablets in 24 hours.",
        "The daily maximum is 8 × 500 mg = 4,000 g.",
        "4,000 g",
    ),  # units ignored: 4,000 g (1000x the dose) is 'derived' from 8 × 500 mg
    (
        "Season ticket: €420 per adult.",
        "Two adults: 2 × €420 = $840.",
        "$840",
    ),  # currency ignored: a dollar result derived from euro operands
    (
        "General English: £265 per week for 12 weeks.",
        "Tuition is £3,180 per week (12 × £265).",
        "£3,180",
    ),  # qualifiers of the result ignored: a 12-week total stated per week is derived
    (
        "Phone: £10 per month. Insurance: £60 per year.",
        "Phone £10 a month and insurance £60 a year, so a total of £70 a month.",
        "£70",
    ),  # 'a total of' sums a monthly and a yearly amount into a monthly figure; periods ignored by
    (
        "Adult day pass: €20. Child day pass: €10.",
        "For 2 adults at €20 each and 1 child at €10, you pay a total of €30.",
        "€30",
    ),  # wrong total (should be €50) matches a suffix sum of the unit prices, so it is derived
    (
        "Adult ticket: $40. Child ticket: $25.",
        "An adult ticket is $40 and a child ticket $25; 2 adults and 2 children pay $65 altogether.",
        "$65",
    ),  # wrong total (should be $130) derived as $40 + $25
    (
        "Basic: £5 a month. Plus: £10 a month. Pro: £20 a month.",
        "Basic is £5 a month and Plus £10 a month, together with Pro at £15 a month.",
        "£15",
    ),  # 'together with' is read as a total word: Pro's invented £15 (context £20) is derived as £5
    (
        "Tarif de base : 20 €. Option confort : 10 €. Caution : 50 €.",
        "Le tarif de base est de 20 € et l'option confort de 10 €, soit une caution de 30 €.",
        "30 €",
    ),  # 'soit' before a different item's amount: invented 30 € deposit (context 50 €) derived as 2
    (
        "Il tragitto dura due ore e mezza.",
        "Il tragitto dura due ore.",
        "due ore",
    ),  # 'N ore e mezza' (feminine, the usual form) is not read; context reads as 2 h, so the dropp
    (
        "La pause déjeuner dure 90 minutes.",
        "Le magasin ferme à une heure et demie.",
        "une heure et demie",
    ),  # an invented closing time passes as the 90-minute break
    (
        "対象：65歳以下の方",
        "65歳未満の方が対象です。",
        "65歳",
    ),  # inclusive: source 以下 (max), claim 未満 (under) — only the reverse direction is checked; the
    (
        "Kinderen tot en met 6 jaar reizen gratis.",
        "Kinderen onder de 6 jaar reizen gratis.",
        "6 jaar",
    ),  # inclusive: 'tot en met' vs 'onder de' in this direction passes
    ("만 65세 이하 가입 가능", "65세 미만이면 가입할 수 있습니다.", "65세"),  # inclusive: 이하 vs 미만 passes
    ("65岁以下可以参加", "不到65岁的人可以参加。", "65岁"),  # inclusive: 以下 vs 不到 passes
    (
        "Crianças até 5 anos não pagam.",
        "Crianças com menos de 5 anos não pagam.",
        "5 anos",
    ),  # inclusive: 'até' vs 'menos de'
    (
        "Bambini fino a 3 anni gratis.",
        "I bambini sotto i 3 anni entrano gratis.",
        "3 anni",
    ),  # inclusive: 'fino a' vs 'sotto i'
    (
        "Maximum grant: $7,900.",
        "The grant is about $8,500.",
        "$8,500",
    ),  # about/nearly of a cap: any value within the hedge tolerance of the cap passes, even one ab
    (
        "Maximum grant: $7,900.",
        "The grant is nearly $9,000.",
        "$9,000",
    ),  # 'nearly $9,000' of a $7,900 cap passes (regression)
    (
        "Minimum deposit: $7,900.",
        "The minimum deposit is about $8,500.",
        "$8,500",
    ),  # 'about' of a minimum within 10% passes (regression)
    (
        "Il contributo massimo è di 7.900 €.",
        "Il contributo è di circa 8.600 €.",
        "8.600 €",
    ),  # 'circa 8.600' of a 7.900 cap passes (regression)
    (
        "La subvención mínima es de 7.900 €.",
        "La subvención ronda los 8.600 €.",
        "8.600 €",
    ),  # 'ronda los 8.600' of a 7.900 minimum passes (regression)
    (
        "Wir liefern meistens so 8 bis 10 Uhr morgens aus.",
        "Wir liefern sonntags von 8 bis 10 Uhr aus.",
        "sonntags",
    ),  # lowercase adverb 'so' before hours read as Sonntag (regression: IGNORECASE abbreviation)
    (
        "Das Paket kommt meistens so 10 bis 12 Uhr an.",
        "Das Paket kommt am Sonntag zwischen 10 und 12 Uhr an.",
        "Sonntag",
    ),  # lowercase 'so' read as Sunday (regression)
    (
        "Stamps cost 85p each.",
        "A stamp costs 95p.",
        "95p",
    ),  # pence before a full stop are not read: an invented price at a sentence end passes
    ("Beer: £6.40 a pint.", "Beer is £6.40 a glass.", "£6.40"),  # the commit's own '£6.40 a pint': per glass passes
    ("Tomates: 3,50 € el kilo.", "Los tomates cuestan 3,50 € la unidad.", "3,50 €"),  # per kilo vs per unit passes
    ("满200元减30元。", "不满200元减30元。", "200元"),  # new 满 (min) also read inside 不满 (under)
    (
        "As vendas ultrapassaram os 3 milhões de euros.",
        "As vendas ficaram abaixo dos 3 milhões de euros.",
        "3 milhões de euros",
    ),  # 'abaixo dos' not a bound while the commit adds plural/contracted forms elsewhere
]


@pytest.mark.parametrize(("context", "candidate"), CLEAN)
def test_an_honest_answer_the_reviews_wrote_is_not_listed(context: str, candidate: str) -> None:
    assert flagged(context, candidate) == []


@pytest.mark.parametrize(("context", "candidate", "figure"), LISTED)
def test_an_invention_the_reviews_wrote_is_listed(context: str, candidate: str, figure: str) -> None:
    assert figure in flagged(context, candidate)

"""What a figure is said with, read past the words right beside it (issue 46, round six): a balance said by a
verb that inflects past any list ('se cargarán', 'addebitati') or past a comma ('12,50 €, che verrà
accreditato'); a time's zone said before its date, or once for the whole text; a fare's journey said as its
list's label or heading ('Single £12, Return £20', '单程票价：…'); what a price is per in the Romance languages
and in CJK ('per tavolo', '150元/套', 'お一人様'); a bound said by a denied comparative ('niet dikker dan'), an
elided article ("fino all'80%"), '上限', or before a small count in words; and what a CJK counter counts.
Each case both ways: the context restated passes, the one qualifier changed is listed."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged as listed

CASES = [
    # a balance: the verb's stem, and past a comma
    (
        "El día 15 se le abonará una bonificación de 30,00 € en su cuenta.",
        "El día 15 le abonarán 30 € de bonificación.",
        "El día 15 se le cargarán 30 € de bonificación.",
        "30 €",
    ),
    (
        "Le è stato riconosciuto un indennizzo di 12,50 €, che verrà accreditato nella prossima fattura.",
        "Nella prossima fattura le verranno riaccreditati 12,50 € di indennizzo.",
        "Nella prossima fattura le verranno addebitati 12,50 € di indennizzo.",
        "12,50 €",
    ),
    (
        "Uw jaarafrekening: € 84,10 wordt binnen 10 werkdagen teruggestort.",
        "Je krijgt € 84,10 terug, binnen 10 werkdagen teruggestort.",
        "Je moet nog € 84,10 bijbetalen, binnen 10 werkdagen.",
        "€ 84,10",
    ),
    # a zone: before the date; once for the whole text; the clock time kept, the zone changed
    (
        "申请系统将于北京时间2025年3月20日17:00关闭。",
        "申请在北京时间3月20日下午5点截止。",
        "申请在英国当地时间3月20日下午5点截止。",
        "下午5点",
    ),
    (
        "一般予約は5月23日(金)午後8時に開始します。すべての時刻は日本時間です。",
        "一般予約は5月23日の午後8時(日本時間)からです。",
        "一般予約は5月23日、現地時間の午後8時からです。",
        "午後8時",
    ),
    (
        "The presale opens at 10:00 BST on Tuesday; general sale opens at 09:00 BST on Friday.",
        "General sale opens at 9am UK time on Friday.",
        "General sale opens at 9am GMT on Friday.",
        "9am",
    ),
    # a fare's journey: its label in a list, its list's heading, said after it
    (
        "Shuttle fares: Single £9, Return £16. Under-5s travel free.",
        "A return on the shuttle is £16.",
        "The shuttle is £16 each way.",
        "£16",
    ),
    (
        "广州南至深圳北单程票价：二等座74.5元，一等座99.5元。",
        "一等座单程99.5元。",
        "一等座往返99.5元。",
        "99.5元",
    ),
    (
        "Fietsen kosten € 6,80 retour per fiets.",
        "Een fiets kost € 6,80 retour.",
        "Een fiets kost € 6,80 per enkele reis.",
        "€ 6,80",
    ),
    # what a price is per: a Romance 'per' with a noun, a CJK noun after '/', Japanese 'お一人様'
    (
        "Per i gruppi è richiesta una caparra di 150 € per tavolo.",
        "Per i gruppi serve una caparra di 150 € per tavolo.",
        "Per i gruppi serve una caparra di 150 € a persona.",
        "150 €",
    ),
    (
        "亲子套票（一大一小）220元/套；成人票150元/人。",
        "亲子套票220元/套。",
        "亲子套票每人220元。",
        "220元",
    ),
    (
        "朝食付きプラン:お一人様12,400円(2名1室利用時)。",
        "2名1室利用の場合、1人12,400円です。",
        "2名1室利用の場合、1室12,400円です。",
        "12,400円",
    ),
    # a bound: a denied comparative, an elided article, '上限', a small count in words
    (
        "Een brievenbuspakje mag niet dikker zijn dan 3,2 cm.",
        "Een brievenbuspakje mag hooguit 3,2 cm dik zijn.",
        "Een brievenbuspakje moet minstens 3,2 cm dik zijn.",
        "3,2 cm",
    ),
    (
        "Il mutuo finanzia fino all'80% del valore dell'immobile.",
        "Il mutuo copre al massimo l'80% del valore della casa.",
        "Il mutuo copre almeno l'80% del valore della casa.",
        "80%",
    ),
    (
        "一時預かりのご利用は月12日を上限とします。",
        "一時預かりは月12日まで利用できます。",
        "一時預かりは月12日以上利用できます。",
        "12日",
    ),
    (
        "La carte résident est délivrée pour un maximum de deux véhicules par foyer.",
        "La carte résident vaut pour deux véhicules au plus par foyer.",
        "Chaque foyer doit enregistrer au moins deux véhicules.",
        "deux véhicules",
    ),
    # what a CJK counter counts; '周岁' is an age, not weeks
    (
        "영아반(만 3세)은 교사 1인당 아동 3명 이하입니다. 입소 대기 신청은 최대 3곳까지 가능합니다.",
        "만 3세반은 교사 한 명이 3명까지 맡고, 대기 신청은 3곳까지 됩니다.",
        "만 3세반은 교사 한 명이 3명까지 맡고, 대기 신청은 최소 3곳 이상 하셔야 합니다.",
        "3곳",
    ),
    (
        "报考条件：年龄不超过35周岁。",
        "报考年龄要求在35周岁以下。",
        "报考年龄要求在35周岁以上。",
        "35周岁",
    ),
]


@pytest.mark.parametrize(
    ("context", "candidate"),
    [
        # a refund denied is no refund: not read past its negation
        (
            "A reserva requer um sinal de 10 € por pessoa, não reembolsável.",
            "O sinal é de 10 € por pessoa e deixa de ser devolvido se cancelar.",
        ),
        # 'per' that means 'by': not what a figure is per
        (
            "Den Kostenvoranschlag erhalten Sie innerhalb von 48 Stunden per E-Mail.",
            "Sie bekommen ihn binnen 48 Stunden per Mail.",
        ),
        # a range converted whole from another zone is a conversion
        ("상담은 09:00~18:00(한국 표준시)에 가능합니다.", "상담 시간은 00:00~09:00(UTC)입니다."),
        # synonyms of what a price is per
        ("Car parking is £6 per vehicle per day.", "Parking is £6 per car for the day."),
        ("Menu dégustation : 95 € par personne.", "Le menu dégustation est à 95 € par convive."),
    ],
)
def test_what_is_said_alike_is_not_listed(context: str, candidate: str) -> None:
    assert listed(context, candidate) == []


OTHER_WORDS = [
    # a negative growth is a fall
    (
        "本报告期份额净值增长率为-3.17%。",
        "报告期内净值下跌了3.17%。",
        "报告期内净值上涨了3.17%。",
        "3.17%",
    ),
    ("The index grew -2.1% in May.", "The index fell 2.1% in May.", "The index rose 2.1% in May.", "2.1%"),
    # megabits are megabits however written; megabytes are not
    (
        "Download speeds up to 500 Mbit/s.",
        "Downloads reach up to 500 Mbps.",
        "Downloads reach up to 500 MB/s.",
        "500 MB/s",
    ),
    # a calendar year is a year
    (
        "Het eigen risico bedraagt € 385 per kalenderjaar.",
        "Het eigen risico is € 385 per jaar.",
        "Het eigen risico is € 385 per maand.",
        "€ 385",
    ),
    # a hedge over months and days is weighed at a month's average length
    (
        "Le délai de vente moyen est de 87 jours.",
        "Un bien met en moyenne un peu moins de trois mois à se vendre.",
        "Un bien met en moyenne environ deux mois à se vendre.",
        "deux mois",
    ),
    # hedges said after the figure, and their negation
    ("대여소는 2,730곳입니다.", "대여소는 2,700곳이 넘습니다.", "대여소는 2,800곳이 넘습니다.", "2,800곳"),
    (
        "配水管の総延長は1,246 kmです。",
        "配水管は全体で1,200 km余りあります。",
        "配水管は全体で1,300 km余りあります。",
        "1,300 km",
    ),
    (
        "수하물 무게는 20kg을 넘을 수 없습니다.",
        "수하물은 20킬로그램까지 가능합니다.",
        "수하물은 20킬로그램 이상이어야 합니다.",
        "20킬로그램",
    ),
    # business days said before the number, or as weekends and holidays left out
    (
        "환불은 영업일 기준 7일 이내에 입금됩니다.",
        "환불은 영업일 7일 안에 들어옵니다.",
        "환불은 7일 안에 들어옵니다.",
        "7일",
    ),
    (
        "お届けは通常2〜3営業日です。",
        "通常は土日祝を除いて2〜3日でお届けします。",
        "通常は2〜3日でお届けします。",
        "2〜3日",
    ),
    # a share of a noun said as a ratio; a half of a year or a month; the nth month is an ordinal
    (
        "Il 58,3% degli studenti ha beneficiato di una riduzione.",
        "Quasi sei studenti su dieci hanno avuto una riduzione.",
        "Quasi otto studenti su dieci hanno avuto una riduzione.",
        "otto studenti su dieci",
    ),
    ("项目建设期 18 个月。", "建设期一年半。", "建设期两年半。", "两年半"),
    (
        "第1个月15元，第2个月起每月25元。",
        "第一个月15元，从第二个月开始每月25元。",
        "第一个月15元，从第二个月开始每月35元。",
        "35元",
    ),
    # time words: half past in Korean; a credit said as what we owe; per piece is per each
    (
        "공연은 오후 7시 30분에 시작합니다.",
        "공연은 저녁 7시 반에 시작해요.",
        "공연은 저녁 8시 반에 시작해요.",
        "저녁 8시 반",
    ),
    (
        "Your premium was recalculated: a refund of £42.18 is due.",
        "We owe you £42.18 after the recalculation.",
        "You owe us £42.18 after the recalculation.",
        "£42.18",
    ),
    (
        "Verstuur je 5 of meer pakketten, dan betaal je € 5,75 per pakket.",
        "Bij vijf of meer is het € 5,75 per stuk.",
        "Bij vijf of meer is het € 5,75 per persoon.",
        "€ 5,75",
    ),
]


FURTHER_OFF = [
    # a price's span of months right before it in CJK; a price paid outright is paid once
    (
        "通勤定期券：1か月 18,150円、3か月 51,730円。",
        "3か月なら51,730円です。",
        "3か月で18,150円です。",
        "18,150円",
    ),
    (
        "Buy an extra disc outright for £99.",
        "You can buy the extra disc for £99 once.",
        "The extra disc is £99 a year.",
        "£99",
    ),
    # a period in a German compound noun, or in the phrase a clause starts with
    (
        "Der Semesterbeitrag für das Wintersemester beträgt 312,45 €.",
        "Der Semesterbeitrag liegt bei 312,45 €.",
        "Sie zahlen 312,45 € pro Jahr.",
        "312,45 €",
    ),
    # a counted noun inflected is the same noun
    (
        "Inklusive 1.250 Freikilometern pro Monat.",
        "Enthalten sind 1.250 Freikilometer pro Monat.",
        "Enthalten sind 1.250 Freikilometer pro Jahr.",
        "1.250 Freikilometer",
    ),
    # Italian clock times: a span of two, a time in a zone, half past midnight; the small hours at night
    (
        "Orario: dalle 8:30 alle 17:30, dal lunedì al venerdì.",
        "Si lavora dal lunedì al venerdì (8.30–17.30).",
        "Si lavora dal lunedì al venerdì (8.30–18.30).",
        "18.30",
    ),
    (
        "Il servizio clienti è attivo dalle 8:30 alle 19:00 (ora italiana).",
        "Puoi chiamare dalle 8.30 alle 19 ora italiana.",
        "Puoi chiamare dalle 8.30 alle 20 ora italiana.",
        "20",
    ),
    (
        "Dopo le 21:00 passa una corsa ogni 30 minuti fino alle 00:30.",
        "Dopo le 21 passa ogni mezz'ora fino a mezzanotte e mezza.",
        "Dopo le 21 passa ogni mezz'ora fino alle 2:30.",
        "2:30",
    ),
    (
        "Wartungsarbeiten: Sonntag, 02:00–04:00 Uhr MEZ.",
        "Am Sonntag zwischen 2 und 4 Uhr nachts (MEZ).",
        "Am Sonntag zwischen 2 und 5 Uhr nachts (MEZ).",
        "5 Uhr nachts",
    ),
    # a year ago is a comparison's date; the year's sign belongs to the next amount
    (
        "가입자는 1,487만 명으로 전년 동기 대비 9.6% 증가했습니다.",
        "가입자는 약 1,500만 명으로, 1년 전보다 10% 가까이 늘었어요.",
        "가입자는 약 1,500만 명으로, 1년 전보다 20% 가까이 늘었어요.",
        "20%",
    ),
    (
        "Verplicht eigen risico 2024: € 385 per jaar.",
        "Het eigen risico is in 2024 € 385 per jaar.",
        "Het eigen risico is in 2024 € 395 per jaar.",
        "€ 395",
    ),
]


BOUNDS_AND_SIDES = [
    # bounds: a denied comparative in the Romance languages, a feminine 'minima', a German 'Mindest-' noun
    (
        "La excedencia tendrá una duración no menor a cuatro meses.",
        "La excedencia dura como mínimo cuatro meses.",
        "La excedencia puede durar como mucho cuatro meses.",
        "cuatro meses",
    ),
    (
        "È prevista una franchigia minima di 100 €.",
        "La franchigia è di almeno 100 €.",
        "La franchigia è al massimo di 100 €.",
        "100 €",
    ),
    (
        "Die Mindestabhebung beträgt 20 €.",
        "Sie müssen mindestens 20 € abheben.",
        "Sie können höchstens 20 € abheben.",
        "20 €",
    ),
    (
        "La vaccinazione è gratuita dai 18 anni.",
        "È gratuita a partire dai 18 anni.",
        "È gratuita fino ai 18 anni.",
        "18 anni",
    ),
    # currencies named in CJK words; a direction in a bracket over the amount's sign
    (
        "미국발 물품은 200달러 이하인 경우 면세됩니다.",
        "미국발은 200달러까지 면세입니다.",
        "미국발은 200달러 이상이면 면세입니다.",
        "200달러",
    ),
    (
        "차감징수세액 -335,000원(환급).",
        "335,000원을 돌려받으십니다.",
        "335,000원을 추가로 납부하셔야 합니다.",
        "335,000원",
    ),
    # a tax paid back is a debit; an amount added on is a rise
    ("应退税额720.00元。", "可以退税720元。", "还需补税720元。", "720元"),
    (
        "返品による減額 −3,980円。",
        "返品分の3,980円が差し引かれます。",
        "返品分の3,980円が上乗せされます。",
        "3,980円",
    ),
]


@pytest.mark.parametrize(
    ("context", "candidate"),
    [
        # paid upfront is when, not how often
        ("Season tickets cost £95 per month, payable in advance.", "A monthly season ticket is £95, paid upfront."),
        # must not exceed, in Korean
        ("케이지는 세 변의 합이 100cm 이내여야 합니다.", "케이지는 세 변의 합이 100cm를 넘으면 안 됩니다."),
        # a return of goods is no refund: 'devolución' says no side
        (
            "Del importe se han descontado 3,95 € de gastos de envío de la devolución.",
            "Ya con los 3,95 € del envío de la devolución descontados.",
        ),
        # three months are a quarter; the one character right before an amount is its period
        ("季卡：980元/季度。", "季卡每三个月980元。"),
        ("年間契約の場合1ユーザーあたり月額1,360円です。", "年間契約なら1人あたり月1,360円です。"),
        # cents said as centimes
        ("Taxe de séjour : 0,66 € par personne et par nuit.", "Comptez 66 centimes par personne et par nuit."),
    ],
)
def test_round_seven_s_restatements_pass(context: str, candidate: str) -> None:
    assert listed(context, candidate) == []


@pytest.mark.parametrize(
    ("context", "restated", "changed", "figure"), CASES + OTHER_WORDS + FURTHER_OFF + BOUNDS_AND_SIDES
)
def test_what_a_figure_is_said_with_is_read_past_its_neighbours(
    context: str, restated: str, changed: str, figure: str
) -> None:
    assert listed(context, restated) == []
    assert figure in listed(context, changed)

"""What a figure is said with, read where round 9's development sets (issue 46) showed it was dropped or taken
from a neighbour: a limit that holds its value or does not ('以下' and '未満'), a fare per way against a charge
per day, a hedge on a hedged figure, a business day's ordinal, a price for a span of days, a percentage of a
noun per period, a period word that labels the next amount, a bound said after a Korean or Japanese number, a
bound and its opposite either side, a hedge on a cap, CJK nouns a price is per, pence, cubic metres, an
abbreviated weekday before its hours, counters, international units, zones by place, clock times in words."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

RESTATED = [
    ("Kinderen tot en met 5 jaar skiën gratis.", "Kinderen tot en met 5 jaar skiën gratis."),
    ("Nachtrust: 60 € por trayecto.", "El cargo es de 60 € por trayecto."),
    ("Le salaire est payé le 5e jour ouvré.", "Le salaire arrive le 5e jour ouvré du mois."),
    ("Welt M: 14,99 € für 7 Tage, inklusive 2 GB.", "Mit Welt M zahlen Sie 14,99 € pro Woche."),
    ("The pass costs €45 for 3 days.", "The pass is €45 for three days."),
    (
        "Je betaalt een bijtelling van 7 % van de adviesprijs per jaar.",
        "De bijtelling is 7 % van de adviesprijs per jaar.",
    ),
    (
        "Palestra: abbonamento mensile 55 €, trimestrale 150 €, annuale 480 €.",
        "Il trimestrale costa 150 €, il mensile 55 €.",
    ),
    (
        "국제선 지연: 4시간 초과 12시간 이내는 20%를 배상합니다.",
        "4시간 넘게, 12시간 이내로 지연됐다면 20%를 배상받으실 수 있습니다.",
    ),
    (
        "Heating oil: 1,500 litres and over 62.1p/litre.",
        "If you go up to 1,500 litres or more it drops to 62.1p a litre.",
    ),
    ("Out-of-pocket maximum: $7,900 individual.", "Your spending tops out at just under $8,000."),
    ("水费按4.9元/吨、电费按0.6元/度计收。", "电费0.6元/千瓦时。"),
    ("お一人様につき2,000円分のミールクーポンをお渡しします。", "お一人様2,000円分のミールクーポンの対象です。"),
    ("Standing charge 31.4p per day.", "The standing charge is 31.4p a day."),
    ("従量料金 1m³あたり145.31円。", "1m³あたり145.31円です。"),
    ("Openingstijden: ma–vr 08.00–20.00 uur, za 09.00–17.30 uur.", "Op zaterdag zijn we open van 9 tot half zes."),
    ("年払いは年額14,800円（税抜）。", "年払いを選ぶと1年で14,800円（税抜）です。"),
    ("Vehículos ligeros, 0,097 €/km.", "Con un turismo pagas 9,7 céntimos por kilómetro."),
    ("Habitación doble, 980 € al mes (490 € por persona).", "La doble os sale a 490 € por cabeza al mes."),
    ("报名将于北京时间3月12日15:00开放（当地时间同日08:00）。", "报名在当地时间3月12日上午8点开放。"),
    ("Durée estimée hors trafic : 4 h 35.", "Comptez un peu plus de 4 h 30 de route."),
    ("Temps limite : 6 h 00.", "Vous disposerez de 6 heures maximum."),
    (
        "Séance de 45 minutes ; les cours collectifs durent 1 h 30.",
        "La séance dure trois quarts d'heure et le cours collectif une heure et demie.",
    ),
    ("Visita guidata, durata circa un'ora e un quarto.", "La visita dura circa 75 minuti."),
    ("La visita dura 45 minutos.", "La visita dura tres cuartos de hora."),
    ("Die Führung dauert 45 Minuten.", "Die Führung dauert eine Dreiviertelstunde."),
    ("De rondleiding duurt 45 minuten.", "De rondleiding duurt drie kwartier."),
    ("Limite 100 km/h per i neopatentati.", "Non puoi superare i 100 chilometri orari."),
    ("Tempolimit 50 km/h.", "Das Limit liegt bei 50 Stundenkilometern."),
    (
        "Receptie: geopend van 08:15 tot 18:45 uur.",
        "De receptie is open van kwart over acht 's ochtends tot kwart voor zeven 's avonds.",
    ),
    ("Der Bus fährt um 7:45 Uhr.", "Der Bus fährt um Viertel vor acht."),
    # a span said as the period of a rate beside it, and a half year or a year and a half in words
    ("Mindestlaufzeit 6 Monate, danach monatlich kündbar.", "Sie sind mindestens ein halbes Jahr gebunden."),
    ("Bewonersvergunning: € 62,15 per halfjaar.", "U betaalt € 62,15 per zes maanden."),
    ("Le prove superate restano valide per 18 mesi.", "Le prove restano valide per un anno e mezzo."),
    ("Trimestrale: 170 €. Annuale: 540 €.", "L'abbonamento trimestrale costa 170 € e copre tre mesi."),
    ("年間パス24,000円、月間パス3,000円。", "1年を通してなら年間パスが24,000円です。"),
    ("初期事務手数料3,850円（契約時のみ）。", "契約時に一度だけ、事務手数料3,850円がかかります。"),
    # a share in words of two counts the answer names, or 'at least' of a share above it
    (
        "240 children on roll; 182 took a hot lunch every day.",
        "About three quarters of the children (182 of 240) had a hot lunch.",
    ),
    ("开票后3分钟内售出92%。", "开票3分钟就卖掉了九成以上。"),
]

CHANGED = [
    # a limit that holds its value is no limit that does not
    ("Kinderen onder de 6 jaar skiën gratis.", "Kinderen tot en met 6 jaar skiën gratis.", "6 jaar"),
    ("満20歳以上65歳未満の方がお申込みいただけます。", "満20歳以上65歳以下の方がお申込みいただけます。", "65歳"),
    # a fare per way is no charge per day; a hedge on a hedged figure is not a limit of it
    ("Cargo por devolución en otra oficina: 60 € por trayecto.", "El cargo es de 60 € por día.", "60 €"),
    (
        "Près de 70 % de nos étudiants choisissent la famille d'accueil.",
        "Plus de 70 % des étudiants optent pour la famille.",
        "70 %",
    ),
    # a business day's ordinal, and a price for a span of days
    ("O salário é pago até o 5º dia útil do mês.", "O salário cai até o 5º dia corrido do mês.", "5o dia"),
    ("Welt M: 14,99 € für 7 Tage, inklusive 2 GB.", "Mit Welt M zahlen Sie 14,99 € im Monat.", "14,99 €"),
    ("The pass costs €45 for 3 days.", "The pass is €45 a day.", "€45"),
    (
        "Je betaalt een bijtelling van 7 % van de adviesprijs per jaar.",
        "De bijtelling is 7 % van de adviesprijs per maand.",
        "7 %",
    ),
    ("Palestra: abbonamento mensile 55 €, trimestrale 150 €, annuale 480 €.", "Il trimestrale costa 55 €.", "55 €"),
    # a bound said after the number in Korean; opposite bounds; a verb that hedges
    ("와인 장터: 5병 이상 구매 시 10% 할인.", "10% 할인은 5병 이하 구매 시 적용됩니다.", "5병"),
    ("每证最多可借图书10册。", "每张证可借10册以上。", "10册"),
    ("订单满3000元免费安装。", "订单不超过3000元可以免费安装。", "3000元"),
    (
        "Si el retraso supera las 5 horas, puedes renunciar al viaje.",
        "Si el retraso es de hasta 5 horas, puedes renunciar.",
        "5 horas",
    ),
    ("Beim Marathon kamen 11.482 Läufer ins Ziel.", "Ins Ziel kamen gut 12.000 Läufer.", "12.000 Läufer"),
    ("Für 2024 steigen die Preise um 7,8 %.", "Die Preise sind um 7,8 % gesunken.", "7,8 %"),
    # what a price is per, pence, cubic metres and units of activity
    ("House IPA £6.40/L.", "The house IPA costs £6.40 a pint.", "£6.40"),
    ("Standing charge 31.4p per day.", "The standing charge is 31.4p a month.", "31.4p"),
    ("従量料金 1m³あたり145.31円。", "1kWhあたり145.31円です。", "145.31円"),
    (
        "Protection acquise si le taux d'anticorps est ≥ 10 mUI/mL.",
        "Vous êtes protégé à partir de 10 UI/mL.",
        "10 UI/mL",
    ),
    # zones by place, and clock times in words
    ("Teleconsulta às 10h (horário de Brasília).", "Sua teleconsulta é às 10h no horário de Manaus.", "10h"),
    (
        "Receptie: geopend van 08:15 tot 18:45 uur.",
        "De receptie is open tot kwart over zeven 's avonds.",
        "kwart over zeven 's avonds",
    ),
    ("Der Bus fährt um 7:45 Uhr.", "Der Bus fährt um Viertel nach acht.", "Viertel nach acht"),
    ("Visita di 75 minuti.", "La visita dura un'ora e mezza.", "un'ora e mezza"),
    ("Limite 100 km/h.", "Non puoi superare i 110 chilometri orari.", "110 chilometri orari"),
    ("Mindestlaufzeit 6 Monate, danach monatlich kündbar.", "Sie sind mindestens ein ganzes Jahr gebunden.", "Jahr"),
    (
        "240 children on roll; 182 took a hot lunch every day.",
        "About half of the children (182 of 240) had a hot lunch.",
        "half",
    ),
    ("开票后3分钟内售出82%。", "开票3分钟就卖掉了九成以上。", "九成"),
]


@pytest.mark.parametrize(("context", "candidate"), RESTATED)
def test_a_figure_restated_with_what_it_is_said_with_is_not_listed(context: str, candidate: str) -> None:
    assert flagged(context, candidate) == []


@pytest.mark.parametrize(("context", "candidate", "figure"), CHANGED)
def test_a_figure_said_with_something_else_is_listed(context: str, candidate: str, figure: str) -> None:
    assert any(figure in text for text in flagged(context, candidate)), flagged(context, candidate)

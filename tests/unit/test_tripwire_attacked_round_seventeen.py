"""What the reviews of round 17's readings found (hostile64 here; hostile65 and hostile66 below), first on
462ed47: 'for both' of things read as for two people ('für beide Ausstellungen'); 'N out of M' scores and CJK walking times ('徒歩5分の2LDK', '10분의 2층') read
as shares; '度' near any '电' (电视, 电梯) read as kWh; a count of days after a date read as a date ('6月18日，7日无
理由退货'); '200 m. de la playa' read as ending a sentence; a local time placed at a stopover ('with a stopover in
Dubai'); '3千多名'; a CJK fraction after a comma as the answer is shown; French grouped thousands ('dont 1 200
couvertes'). Left failing (named in docs/tripwire.md): 'per entrambi i musei'; a plain local time against one the
context places; swaps across Korean '되고', '지만' and of list siblings that name the shared head ('ohne Sauna');
'sale a' (Spanish 'le sale a pagar' says otherwise)."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

CLEAN = [
    ("Eintritt: 25 € für beide Ausstellungen.", "Der Eintritt kostet 25 € pro Person."),  # 'for both' + a thing
    ("Das Kombiticket kostet 25 € für beide Tage.", "Das Kombiticket kostet 25 € pro Person."),  # 'for both' + a thing
    (
        "The combined ticket is £35 for both attractions.",
        "The combined ticket costs £35 per person.",
    ),  # 'for both' + a thing
    (
        "Tickets cost £20 for both adults and children.",
        "Tickets cost £20 per person, whether adult or child.",
    ),  # 'for both adults and children' read as a pair of people
    ("La entrada cuesta 12 € para ambos museos.", "La entrada cuesta 12 € por persona."),  # 'for both' + a thing
    ("O bilhete custa 12 € para ambos os museus.", "O bilhete custa 12 € por pessoa."),  # 'for both' + a thing
    (
        "The hotel scores 9 out of 10 on Booking.com.",
        "Guests rate it 9/10 on Booking.com.",
    ),  # 'N out of M' rewritten to a share
    ("The hotel is rated 4 out of 5 stars.", "It has a 4-star rating."),  # 'N out of M' rewritten to a share
    (
        "Only 2 out of 10 rooms have a balcony.",
        "2 of the 10 rooms have a balcony.",
    ),  # 'N out of M' rewritten to a share
    ("Only 2 out of 10 rooms have a balcony.", "Only 2 rooms have a balcony."),  # 'N out of M' rewritten to a share
    (
        "You must attend at least 4 out of 5 sessions.",
        "You must attend at least 4 of the 5 sessions.",
    ),  # 'N out of M' rewritten to a share
    (
        "駅から徒歩5分の2LDKマンションです。家賃は月8万円です。",
        "駅から徒歩5分で、家賃は月8万円です。",
    ),  # 'N分の M' after a walking time is 'N minutes' + 'M-LDK/floors'
    (
        "駅から徒歩15分の3LDK、家賃は月12万円。",
        "最寄り駅から徒歩15分です。",
    ),  # 'N分の M' after a walking time is 'N minutes' + 'M-LDK/floors'
    (
        "駅から徒歩10分の3階建てアパート。",
        "駅から徒歩10分のアパートです。",
    ),  # 'N分の M' after a walking time is 'N minutes' + 'M-LDK/floors'
    ("버스로 10분의 2층 건물입니다.", "버스로 10분 걸립니다."),  # '10분의 2층'
    (
        "地铁站步行5分钟，10分之3的房间有阳台。",
        "30%的房间有阳台。",
    ),  # the new CJK fraction '10分之3' is not read as 30% when the text also has
    (
        "客房配备空调、电视和电热水壶，空调默认温度为24度。",
        "空调默认温度为24℃。",
    ),  # '度' of a temperature read as kWh because '电'
    (
        "客房配备电视，夏季空调温度请设置在26度以上。",
        "夏季空调温度请设置在26℃以上。",
    ),  # '度' of a temperature read as kWh because '电'
    ("房间有电梯直达，泳池水温保持在28度。", "泳池水温为28℃。"),  # '度' of a temperature read as kWh because '电'
    (
        "活动时间为6月1日-6月18日，7日无理由退货。",
        "本店支持7日无理由退货。",
    ),  # a duration of days after a date and a comma is rewritten as a day of t
    (
        "申込受付：4月1日、14日以内にお支払いください。",
        "お支払いは14日以内にお願いします。",
    ),  # a duration of days after a date and a comma is rewritten as a day of t
    (
        "반품 안내: 주문일 5월 1일, 7일 이내 반품 가능.",
        "반품은 7일 이내에 가능합니다.",
    ),  # a duration of days after a date and a comma is rewritten as a day of t
    (
        "Apartamento A, a 200 m. de la playa: 90 € por noche. Apartamento B, a 1 km de la playa: 70 € por noche.",
        "El apartamento A, a 200 metros de la playa, cuesta 90 € por noche.",
    ),  # 'a 200 m. de la playa'
    (
        "Apartamento A, a 200 m. da praia: 90 € por noite. Apartamento B, a 1 km da praia: 70 € por noite.",
        "O apartamento A fica a 200 metros da praia e custa 90 € por noite.",
    ),  # 'a 200 m. de la playa'
    (
        "With a stopover in Dubai, the flight arrives at 06:40 local time.",
        "The flight arrives at 06:40 local time.",
    ),  # a local time's place read as the stopover named earlier in the sentenc
    (
        "Met een overstap in Londen landt de vlucht om 18.05 uur plaatselijke tijd.",
        "De vlucht landt om 18.05 uur lokale tijd.",
    ),  # a local time's place read as the stopover named earlier in the sentenc
    (
        "Con scalo a Madrid, il volo arriva alle 21:15 ora locale.",
        "Il volo arriva alle 21:15 ora locale.",
    ),  # a local time's place read as the stopover named earlier in the sentenc
    (
        "Après une escale à Dubaï, le vol arrive à 6 h 40, heure locale.",
        "Le vol arrive à 6 h 40 heure locale.",
    ),  # a local time's place read as the stopover named earlier in the sentenc
    ("这次活动吸引了3千多名游客。", "这次活动吸引了3000多名游客。"),  # '3千多名'
    (
        "Il y a 3 500 places, dont 1 200 couvertes.",
        "Sur les 3 500 places, 1 200 sont couvertes.",
    ),  # grouped '1 200' split and the '1' listed
    ("La franchise est de 1 500 par sinistre.", "La franchise est de 1500 par sinistre."),  # grouped '1 500'
]

LISTED = [  # the same readings, a figure changed (written for this module, not by the review)
    (
        "Das Kombiticket kostet 25 € pro Person für beide Ausstellungen.",
        "Das Kombiticket kostet 30 € pro Person.",
        "30 €",
    ),
    ("地铁站步行5分钟，10分之3的房间有阳台。", "一半的房间有阳台。", "一半"),
    ("电费每度0.56元。夏季空调温度建议设置为26度。", "夏季空调温度建议设为28度。", "28度"),
    ("Il y a 3 500 places, dont 1 200 couvertes.", "Sur les 3 500 places, 1 500 sont couvertes.", "1 500"),
]


# The second review (hostile65, on 11f7014): a departure's place taken for an arrival's local time; a flattened
# French table's '1 120' read as one number; 'just over' an hour, a week, a day (no bound read); a compound
# duration's part backing 'just over' its hours; wordings of 'just over' missing; a context's 'more than' or a
# range's start backing 'just over'; a 'no' before 'and' denying the next clause's hedge. Left failing (named in
# docs/tripwire.md): 'well over'; 'un peu plus d'une heure'; French table cells ('catégorie 1 150 €'); a place
# the tables do not know ('op Curaçao', 'at JFK'); Spanish and Portuguese 'horas y 50 minutos' as one length.
CLEAN_SECOND = [
    (
        "Abfahrt ab Berlin um 8:00 Uhr, Landung auf Mallorca um 10:30 Uhr Ortszeit.",
        "Die Landung auf Mallorca ist um 10:30 Uhr Ortszeit.",
    ),  # departure-place rule
    (
        "Grille tarifaire (en euros)\nNuits Prix\n1 120\n2 230\n3 330",
        "Une nuit coûte 120 €.",
    ),  # French space grouping read whole even where the space separa
    (
        "There is no booking fee, and the deposit is 22% of the total price.",
        "There is no booking fee and the deposit is just over 20% of the total price.",
    ),  # negation anywhere in the 6 preceding words
    (
        "Es fällt keine Buchungsgebühr an; die Anzahlung beträgt 22 % des Gesamtpreises.",
        "Es gibt keine Buchungsgebühr und die Anzahlung beträgt gut 20 % des Gesamtpreises.",
    ),  # negation anywhere in the 6 preceding words
    (
        "Er zijn geen boekingskosten; de aanbetaling is 22% van de totaalprijs.",
        "Er zijn geen boekingskosten en de aanbetaling is ruim 20% van de totaalprijs.",
    ),  # negation anywhere in the 6 preceding words
]

LISTED_SECOND = [
    (
        "De vlucht vertrekt uit Amsterdam om 10.15 uur en landt op Curaçao om 14.30 uur lokale tijd.",
        "De vlucht landt om 14.30 uur Nederlandse tijd.",
        "14.30 uur",
    ),  # departure-place rule
    (
        "The flight departs from London at 09:00 and lands at JFK at 11:55 local time.",
        "The flight lands at JFK at 11:55 London time.",
        "11:55",
    ),  # departure-place rule
    (
        "El vuelo sale de Madrid a las 10:00 y aterriza en el aeropuerto JFK a las 12:30 hora local.",
        "El vuelo aterriza a las 12:30 hora de Madrid.",
        "12:30",
    ),  # departure-place rule
    (
        "O voo parte de Lisboa às 10h00 e aterra no aeroporto de Luanda às 15h30, hora local.",
        "O voo aterra às 15h30, hora de Lisboa.",
        "15h30",
    ),  # departure-place rule
    (
        "Le vol part de Paris à 10 h et atterrit sur l'île de la Réunion à 23 h 30 heure locale.",
        "Le vol atterrit à la Réunion à 23 h 30 heure de Paris.",
        "23 h 30",
    ),  # departure-place rule
    (
        "The guided walk lasts 1 hour 40 minutes.",
        "The guided walk lasts just over an hour.",
        "an hour",
    ),  # English 'over/just over' + a one-unit duration
    (
        "The guided walk lasts more than an hour.",
        "The guided walk lasts just over an hour.",
        "an hour",
    ),  # English 'over/just over' + a one-unit duration
    (
        "The guided walk lasts 60 to 90 minutes.",
        "The guided walk lasts just over an hour.",
        "an hour",
    ),  # a range whose low end equals the hedged value backs 'just ov
    (
        "Die Überfahrt dauert 2 Stunden und 50 Minuten.",
        "Die Überfahrt dauert gut 2 Stunden.",
        "2 Stunden",
    ),  # a compound duration
    (
        "Der Anteil erneuerbarer Energien lag bei 88 %.",
        "Der Anteil erneuerbarer Energien lag leicht über 50 %.",
        "50 %",
    ),  # a 'just over' wording not in the new list falls back to plai
    (
        "Il tasso di adesione è stato dell'88%.",
        "Il tasso di adesione è stato leggermente superiore al 50%.",
        "50%",
    ),  # a 'just over' wording not in the new list falls back to plai
    (
        "Il tasso di adesione è stato dell'88%.",
        "Il tasso di adesione è stato poco oltre il 50%.",
        "50%",
    ),  # a 'just over' wording not in the new list falls back to plai
    (
        "La tasa de ocupación fue del 88 %.",
        "La tasa de ocupación fue ligeramente superior al 50 %.",
        "50 %",
    ),  # a 'just over' wording not in the new list falls back to plai
    (
        "Le taux de remplissage était de 88 %.",
        "Le taux de remplissage était légèrement supérieur à 50 %.",
        "50 %",
    ),  # a 'just over' wording not in the new list falls back to plai
    (
        "Le taux de remplissage était de 88 %.",
        "Le taux de remplissage était légèrement au-dessus de 50 %.",
        "50 %",
    ),  # a 'just over' wording not in the new list falls back to plai
    (
        "De bezettingsgraad was 88%.",
        "De bezettingsgraad lag iets hoger dan 50%.",
        "50%",
    ),  # a 'just over' wording not in the new list falls back to plai
    (
        "Occupancy was 88%.",
        "Occupancy was a shade over 50%.",
        "50%",
    ),  # a 'just over' wording not in the new list falls back to plai
    (
        "Occupancy was 88%.",
        "Occupancy was marginally above 50%.",
        "50%",
    ),  # a 'just over' wording not in the new list falls back to plai
    (
        "Occupancy was 88%.",
        "Occupancy was barely more than 50%.",
        "50%",
    ),  # a 'just over' wording not in the new list falls back to plai
    ("入住率为88%。", "入住率刚超过50%。", "50%"),  # a 'just over' wording not in the new list falls back to plai
    ("入住率为88%。", "入住率稍微超过50%。", "50%"),  # a 'just over' wording not in the new list falls back to plai
    (
        "The guided walk takes 1 hour 40 minutes.",
        "The guided walk takes just over an hour.",
        "an hour",
    ),  # English 'over/just over' + a one-unit duration
    (
        "The guided walk takes 100 minutes.",
        "The guided walk takes just over an hour.",
        "an hour",
    ),  # English 'over/just over' + a one-unit duration
    (
        "The guided walk takes 3 hours.",
        "The guided walk takes just over an hour.",
        "an hour",
    ),  # English 'over/just over' + a one-unit duration
    (
        "The guided walk takes 100 minutes.",
        "The guided walk takes just over 1 hour.",
        "1 hour",
    ),  # English 'over/just over' + a one-unit duration
    (
        "Delivery takes 9 days.",
        "Delivery takes just over a week.",
        "a week",
    ),  # English 'over/just over' + a one-unit duration
    (
        "The ferry crossing takes 2 hours and 50 minutes.",
        "The ferry crossing takes just over 2 hours.",
        "2 hours",
    ),  # a compound duration
    (
        "La traversée dure 2 heures et 50 minutes.",
        "La traversée dure un peu plus de 2 heures.",
        "2 heures",
    ),  # a compound duration
    ("De overtocht duurt 2 uur en 50 minuten.", "De overtocht duurt ruim 2 uur.", "2 uur"),  # a compound duration
    ("La traversata dura 2 ore e 50 minuti.", "La traversata dura poco più di 2 ore.", "2 ore"),  # a compound duration
    ("渡轮航程为2小时50分钟。", "渡轮航程2小时出头。", "2小时"),  # a compound duration
    ("フェリーの所要時間は2時間50分です。", "フェリーの所要時間は2時間強です。", "2時間"),  # a compound duration
    ("페리 소요 시간은 2시간 50분입니다.", "페리 소요 시간은 2시간 남짓입니다.", "2시간"),  # a compound duration
    (
        "The guided tour lasts 3 hours.",
        "The guided tour lasts just over an hour.",
        "an hour",
    ),  # English 'over/just over' + a one-unit duration
    (
        "The guided tour lasts 3 hours.",
        "The guided tour lasts slightly over an hour.",
        "an hour",
    ),  # English 'over/just over' + a one-unit duration
    (
        "Refunds are processed within 20 days.",
        "Refunds are processed in just over a week.",
        "a week",
    ),  # English 'over/just over' + a one-unit duration
    (
        "The warranty covers 30 months.",
        "The warranty covers just over a year.",
        "a year",
    ),  # English 'over/just over' + a one-unit duration
    ("가이드 투어는 3시간 50분입니다.", "가이드 투어는 3시간 남짓입니다.", "3시간"),  # a compound duration
    ("ガイドツアーは3時間50分です。", "ガイドツアーは3時間強です。", "3時間"),  # a compound duration
    ("导览时长为3小时50分钟。", "导览时长3个小时出头。", "3个小时"),  # a compound duration
    ("The tour lasts 3 hours 50 minutes.", "The tour lasts just over 3 hours.", "3 hours"),  # a compound duration
    (
        "The deposit is more than 20% of the total price.",
        "The deposit is just over 20% of the total price.",
        "20%",
    ),  # plain 'over/more than' in the context backs the narrower 'ju
    (
        "Die Anzahlung beträgt mehr als 20 % des Gesamtpreises.",
        "Die Anzahlung beträgt gut 20 % des Gesamtpreises.",
        "20 %",
    ),  # plain 'over/more than' in the context backs the narrower 'ju
]


# The third review (hostile66, on ab0d375): 'en' read as a conjunction that ends a denial ('Ne prenez pas en une
# journée plus de 3 g'); a strict limit made inclusive of any count or term ('au moins 3 repas' of 'plus de 2
# nuits', 'minimum 3 years' of 'more than 2 years'; ages only now); 'nearly' of a few hours ('nearly 2 hours' of
# 1 h 45); 'bar' read as no unit; 'in 2000 Geschäften'. Left failing (named in docs/tripwire.md): an age said
# without 'years' ('over 64' of '65 and over'), the strict limit read the other way ('moins de 12 ans' of '11 ans
# ou moins'), a count of shops backing a founding year.
CLEAN_THIRD = [
    ("Ne prenez pas en une journée plus de 3 g de paracétamol.", "Maximum 3 g de paracétamol par jour."),  # negation
    ("No tome en ningún caso más de 4 g de paracetamol al día.", "Como máximo 4 g de paracetamol al día."),  # negation
    ("The flight takes 1 hour 45 minutes.", "The flight takes nearly 2 hours."),  # nearly 0.9
    ("Der Flug dauert 1 Stunde 45 Minuten.", "Der Flug dauert fast 2 Stunden."),  # nearly 0.9, German
    ("航班飞行时间为1小时45分钟。", "航班飞行时间将近2小时。"),  # nearly 0.9, Chinese
    ("The repair took 2 hours 40 minutes.", "The repair took almost 3 hours."),  # nearly 0.9
    ("The drive takes 50 minutes.", "The drive takes almost an hour."),  # nearly
    ("El trayecto dura 50 minutos.", "El trayecto dura casi una hora."),  # nearly
    ("Empfohlener Reifendruck: 2,5 bar.", "Der empfohlene Reifendruck beträgt 250 kPa."),  # pressure
    ("Recommended tyre pressure: 250 kPa.", "The recommended tyre pressure is 2.5 bar."),  # pressure
    ("Max. Betriebsdruck 10 bar.", "Der maximale Betriebsdruck beträgt 1 MPa."),  # pressure
    ("Pressione massima 290 kPa.", "La pressione massima è 2,9 bar."),  # pressure
]

LISTED_THIRD = [
    (
        "Ne prenez pas en une journée plus de 3 g de paracétamol.",
        "Vous pouvez prendre plus de 3 g de paracétamol par jour.",
        "3 g",
    ),  # negation inverted
    (
        "No tome en ningún caso más de 4 g de paracetamol al día.",
        "Puede tomar más de 4 g de paracetamol al día.",
        "4 g",
    ),  # negation inverted
    ("Rooms sleep at least 3 adults.", "Rooms sleep more than 2 children.", "2 children"),  # strict-limit
    ("Le forfait inclut au moins 3 repas.", "Le forfait inclut plus de 2 nuits.", "2 nuits"),  # strict-limit
    (
        "La garantie couvre au moins 3 réparations.",
        "La garantie couvre plus de 2 remplacements.",
        "2 remplacements",
    ),  # strict-limit
    (
        "El seguro cubre como máximo 5 sesiones de fisioterapia.",
        "El seguro cubre menos de 6 consultas médicas.",
        "6 consultas",
    ),  # strict-limit
    (
        "The minimum contract term is 3 years.",
        "The contract term must be more than 2 years.",
        "2 years",
    ),  # strict-limit
    (
        "Loans are available for terms of up to 5 years.",
        "Loans are available for terms under 6 years.",
        "6 years",
    ),  # strict-limit
    (
        "Mr Jansen worked for us for 34 years.",
        "Mr Jansen worked for us for nearly 40 years.",
        "40 years",
    ),  # nearly coarse 0.85 applies to any count of years
    ("De renovatie duurde 17 weken.", "De renovatie duurde bijna 20 weken.", "20 weken"),  # nearly coarse 0.85
]


@pytest.mark.parametrize(("context", "candidate"), CLEAN + CLEAN_SECOND + CLEAN_THIRD)
def test_an_honest_answer_lists_nothing(context: str, candidate: str) -> None:
    assert flagged(context, candidate) == []


@pytest.mark.parametrize(("context", "candidate", "figure"), LISTED + LISTED_SECOND + LISTED_THIRD)
def test_the_changed_figure_is_listed(context: str, candidate: str, figure: str) -> None:
    assert any(figure in said or said in figure for said in flagged(context, candidate))

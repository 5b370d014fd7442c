"""Figures written in forms the tripwire read as other figures before round 9 of issue 46: a duration in two
units ('2 h 32 min'), an amount with its scale after a space ('€2,35 M'), CJK myriads with trillions and
places ('1.23兆円', '8천4백만'), speeds said before their length ('시속 25 km'), a measure per a count of a unit
('6.5 L per 100 km') or per a unit before it ('리터당 0.4밀리그램'), cents as a word, a change's second end
('von 4,85 % auf 4,60 %'), the middle words of a bound ('à partir de'), verbs that hedge ('superato'), and clock
times said in words ('19 h moins le quart'). Each restated honestly is not listed; changed, it is."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

RESTATED = [
    # a duration in two units is one figure in the smaller: '2 h 32 min' is no clock time, nor two figures
    ("The flight takes 2 hours and 32 minutes.", "The flight lasts 2 h 32 min."),
    ("Le trajet dure 2 heures 32 minutes.", "Le trajet dure 2 h 32 min."),
    ("The flight takes 152 minutes.", "The flight lasts 2 h 32 min."),
    ("The contract runs for 40 months.", "It lasts 3 years and 4 months."),
    ("De reis duurt 4 uur en 40 minuten.", "Je bent 280 minuten onderweg."),
    ("Die Fahrt dauert 2,5 Stunden.", "Die Fahrt dauert 2 Stunden und 30 Minuten."),
    ("処理時間は3.5日です。", "処理には3日と12時間かかります。"),
    ("处理时间为3.5天。", "处理需要3天半。"),
    # a scale after a space, where a currency says it is an amount
    ("Revenue was 2.35 million euros.", "Revenue was €2,35 M."),
    ("The fund holds $3 billion.", "The fund holds 3 bn dollars."),
    # CJK trillions, and a myriad's places written digit by digit
    ("売上高は1兆2300億円でした。", "売上高は1.23兆円でした。"),
    ("매출은 1조 2,000억 원입니다.", "매출은 1.2조 원입니다."),
    ("예산은 8,400만 원입니다.", "예산은 8천4백만 원입니다."),
    ("预算为3500万元。", "预算为3千5百万元。"),
    # a speed said before its length
    ("풍속 15 m/s 이상 시 운행 중단.", "바람이 초속 15m 이상이면 운행이 중단됩니다."),
    ("최고 보조 속도 25 km/h.", "시속 25 km까지 전동 보조가 됩니다."),
    ("最高时速120 km/h。", "最高时速120公里。"),
    # a measure per a count of a unit, per a unit named in words, per a unit before it in CJK
    ("Consumo medio 14,9 kWh/100 km.", "Il consumo medio è di 14,9 kWh ogni 100 km."),
    ("Uses 6.5 L/100 km.", "It uses 6.5 litres per 100 km."),
    ("The suspension is 250 mg/5 mL.", "It contains 50 mg per mL."),
    ("1.º escalão 0,62 €/m³.", "No primeiro escalão paga 0,62 € por metro cúbico."),
    ("Nitrati 12 mg/l.", "L'acqua contiene 12 milligrammi di nitrati per litro."),
    ("잔류염소 0.4㎎/L.", "잔류염소는 리터당 0.4밀리그램입니다."),
    ("硝酸盐 12 mg/L。", "每升12毫克硝酸盐。"),
    # cents as a word are cents, not 'the hundredth'
    ("Ricarica: 0,55 €/kWh.", "Paghi 55 centesimi al kWh."),
    # verbs that hedge
    (
        "Nel 2023 i Musei hanno registrato 1.184.300 ingressi.",
        "Nel 2023 i Musei hanno superato 1,1 milioni di ingressi.",
    ),
    ("In 2023 the museums recorded 1,184,300 visits.", "In 2023 the museums exceeded 1.1 million visits."),
    ("El precio fue de 997 euros.", "El precio rondó los 1.000 euros."),
    # clock times in words and in dots before punctuation; 'om de twee uur' is every two hours
    ("La crèche est ouverte de 7 h 30 à 18 h 45.", "La crèche ferme à 19 h moins le quart."),
    ("Ouvert de 8 h 30 à 18 h.", "Ouvert dès 8 h et demie."),
    ("Op zondag rijdt de trein elke twee uur.", "Op zondag gaat er om de twee uur een trein."),
    ("Partenze dalle 6:00 alle 22:30.", "Partenze dalle 6 alle 22.30, tutti i giorni."),
    # a change's second end falls or rises with its first
    ("Der Sollzins sinkt von 4,85 % auf 4,60 % p. a.", "Ihr Sollzins sinkt auf 4,60 % p. a."),
    ("Su retención baja del 15 % al 12 %.", "La retención baja al 12 %."),
]

CHANGED = [
    ("The flight takes 2 hours and 32 minutes.", "The flight lasts 2 h 42 min.", "2 h 42 min"),
    ("The contract runs for 40 months.", "It lasts 3 years and 6 months.", "3 years and 6 months"),
    ("Revenue was 2.35 million euros.", "Revenue was €2,53 M.", "€2,53 M"),
    ("売上高は1兆2300億円でした。", "売上高は1.32兆円でした。", "1.32兆円"),
    ("예산은 8,400만 원입니다.", "예산은 8천2백만 원입니다.", "8천2백만 원"),
    ("풍속 15 m/s 이상 시 운행 중단.", "바람이 초속 15km 이상이면 운행이 중단됩니다.", "15km"),
    ("최고 보조 속도 25 km/h.", "시속 32 km까지 전동 보조가 됩니다.", "시속 32 km"),
    ("Uses 6.5 L/100 km.", "It uses 6.5 litres per 10 km.", "6.5 litres per 10 km"),
    ("The suspension is 250 mg/5 mL.", "It contains 250 mg per mL.", "250 mg per mL"),
    ("잔류염소 0.4㎎/L.", "잔류염소는 리터당 4밀리그램입니다.", "리터당 4밀리그램"),
    ("Ricarica: 0,55 €/kWh.", "Paghi 65 centesimi al kWh.", "65 centesimi"),
    (
        "In 2023 the museums recorded 1,184,300 visits.",
        "In 2023 the museums exceeded 1.3 million visits.",
        "1.3 million visits",
    ),
    ("La crèche est ouverte de 7 h 30 à 18 h 45.", "La crèche ferme à 18 h moins le quart.", "18 h moins le quart"),
    ("De trein vertrekt om 14 uur.", "De trein vertrekt om 15 uur.", "15 uur"),
    # a change's direction, said of its second end, and a bound in three words
    ("Der Sollzins sinkt von 4,85 % auf 4,60 % p. a.", "Ab Juli steigt Ihr Sollzins auf 4,60 % p. a.", "4,60 %"),
    ("Su retención baja del 15 % al 12 %.", "La retención sube del 12 % al 15 %.", "15 %"),
    ("TAEG fixe à partir de 4,90 %.", "TAEG fixe jusqu'à 4,90 %.", "4,90 %"),
]


@pytest.mark.parametrize(("context", "candidate"), RESTATED)
def test_a_figure_restated_in_another_form_is_not_listed(context: str, candidate: str) -> None:
    assert flagged(context, candidate) == []


@pytest.mark.parametrize(("context", "candidate", "figure"), CHANGED)
def test_a_figure_changed_in_that_form_is_listed(context: str, candidate: str, figure: str) -> None:
    assert figure in flagged(context, candidate)

"""A table's header that is its column's unit (issue 46, round thirteen, after round 20's first measure of the
layout reading): a number alone under `Weight (kg)`, `Price (€)`, `Stunden pro Woche` or `Heures/semaine` is
counted in it, so a changed unit or currency is listed and a restatement in that unit is backed. At e9e1122 the
cell was a bare number, backing any unit, and a header's period was read as nothing."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

_BOXES = "| Box | Weight (kg) | Price (€) |\n|---|---|---|\n| Small | 20 | 35 |\n| Large | 40 | 55 |"
_COURSES = "| Kurs | Stunden pro Woche | Preis |\n|---|---|---|\n| Intensiv | 20 | 480 € |\n| Standard | 10 | 290 € |"
_FORMULES = "| Formule | Heures/semaine | Prix |\n|---|---|---|\n| Standard | 20 | 880 € |\n| Intensif | 30 | 1 240 € |"

RESTATED = [
    (_BOXES, "The small box takes up to 20 kg and costs €35."),
    (_BOXES, "The large box costs 55 €."),
    (_COURSES, "Der Intensivkurs hat 20 Stunden pro Woche und kostet 480 €."),
    (_FORMULES, "La formule Standard, c'est 20 heures par semaine pour 880 €."),
]

INVENTED = [
    (_BOXES, "The small box takes up to 20 lb and costs €35.", "20 lb"),
    (_BOXES, "The small box costs £35.", "£35"),
    (_COURSES, "Der Intensivkurs hat 20 Minuten pro Woche und kostet 480 €.", "20 Minuten"),
    (_COURSES, "Der Intensivkurs hat 20 Stunden pro Monat und kostet 480 €.", "20 Stunden"),
]


@pytest.mark.parametrize(("context", "answer"), RESTATED)
def test_a_cell_restated_in_its_header_s_unit_is_not_flagged(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_a_cell_said_in_another_unit_is_flagged(context: str, answer: str, figure: str) -> None:
    assert any(figure in text for text in flagged(context, answer))


# The review of this reading (hostile78, on 290b3b9): the row's first cell names the row ('2023' under 'Year',
# '12' under 'Month' are no lengths of time), and a header's '(min)' or '(m)' is a bound or a scale, no unit
# ('Temp (min)' over '12' is no 12 minutes). Each probe failed on 290b3b9.
CLEAN_REVIEWED = [
    ("Forecast, temperatures in °C.\n\n| Day | Temp (min) | Temp (max) |\n|---|---|---|\n| Monday | 12 | 21 |\n| Tuesday | 14 | 23 |\n", "On Monday expect a low of 12°C and a high of 21°C."),
    ("Vorhersage, Temperaturen in °C.\n\n| Tag | Temperatur (min.) | Temperatur (max.) |\n|---|---|---|\n| Montag | 12 | 21 |\n", "Am Montag liegt die Tiefsttemperatur bei 12 °C, die Höchsttemperatur bei 21 °C."),
    ("Prévisions, températures en °C.\n\n| Jour | Température (min) | Température (max) |\n|---|---|---|\n| Lundi | 12 | 21 |\n", "Lundi, minimum 12 °C et maximum 21 °C."),
    ("Nightly rates in €.\n\n| Room | Price (min) | Price (max) |\n|---|---|---|\n| Double | 80 | 120 |\n", "A double room costs between €80 and €120 a night."),
    ("Previsioni, temperature in °C.\n\n| Giorno | Temperatura (min) | Temperatura (max) |\n|---|---|---|\n| Lunedì | 12 | 21 |\n", "Lunedì minima di 12 °C e massima di 21 °C."),
    ("Verwachting, temperaturen in °C.\n\n| Dag | Temperatuur (min) | Temperatuur (max) |\n|---|---|---|\n| Maandag | 12 | 21 |\n", "Maandag wordt het minimaal 12 °C en maximaal 21 °C."),
    ("予報（気温は°C）\n\n| 日付 | 気温(min) | 気温(max) |\n|---|---|---|\n| 月曜日 | 12 | 21 |\n", "月曜日の最低気温は12℃、最高気温は21℃です。"),
    ("天气预报（气温单位：°C）\n\n| 日期 | 气温(min) | 气温(max) |\n|---|---|---|\n| 周一 | 12 | 21 |\n", "周一最低气温12°C，最高气温21°C。"),
    ("일기 예보 (기온 단위: °C)\n\n| 날짜 | 기온(min) | 기온(max) |\n|---|---|---|\n| 월요일 | 12 | 21 |\n", "월요일 최저 기온은 12°C, 최고 기온은 21°C입니다."),
    ("| Month | Payment (€) | Balance (€) |\n|---|---|---|\n| 1 | 450 | 9,550 |\n| 12 | 450 | 4,600 |\n", "After the 12th payment of €450 the balance is €4,600."),
    ("| Year | Members |\n|---|---|\n| 2022 | 950 |\n| 2023 | 1,200 |\n", "In 2023 the club had 1,200 members."),
    ("| Jahr | Mitglieder |\n|---|---|\n| 2022 | 950 |\n| 2023 | 1.200 |\n", "Im Jahr 2023 hatte der Verein 1.200 Mitglieder."),
    ("| Année | Adhérents |\n|---|---|\n| 2022 | 950 |\n| 2023 | 1 200 |\n", "En 2023, le club comptait 1 200 adhérents."),
    ("| Año | Socios |\n|---|---|\n| 2022 | 950 |\n| 2023 | 1.200 |\n", "En 2023 el club tenía 1.200 socios."),
    ("| Ano | Sócios |\n|---|---|\n| 2022 | 950 |\n| 2023 | 1.200 |\n", "Em 2023 o clube tinha 1.200 sócios."),
    ("| Anno | Soci |\n|---|---|\n| 2022 | 950 |\n| 2023 | 1.200 |\n", "Nel 2023 il club aveva 1.200 soci."),
    ("| Jaar | Leden |\n|---|---|\n| 2022 | 950 |\n| 2023 | 1.200 |\n", "In 2023 had de club 1.200 leden."),
    ("| Monat | Rate (€) | Restschuld (€) |\n|---|---|---|\n| 1 | 450 | 9.550 |\n| 12 | 450 | 4.600 |\n", "Nach der 12. Rate von 450 € beträgt die Restschuld 4.600 €."),
    ("| Mois | Mensualité (€) | Capital restant (€) |\n|---|---|---|\n| 1 | 450 | 9 550 |\n| 12 | 450 | 4 600 |\n", "Après la 12e mensualité de 450 €, il reste 4 600 €."),
    ("| Woche | Strecke (km) |\n|---|---|\n| 1 | 20 |\n| 8 | 45 |\n", "In der 8. Woche laufen Sie 45 km."),
    ("| Tag | Strecke (km) |\n|---|---|\n| 1 | 5 |\n| 7 | 12 |\n", "Am 7. Tag laufen Sie 12 km."),
    ("| Jour | Distance (km) |\n|---|---|\n| 1 | 5 |\n| 7 | 12 |\n", "Le 7e jour, vous courez 12 km."),
    ("| Mes | Cuota (€) | Saldo (€) |\n|---|---|---|\n| 1 | 450 | 9.550 |\n| 12 | 450 | 4.600 |\n", "Tras la 12.ª cuota de 450 €, el saldo es de 4.600 €."),
    ("| Mese | Rata (€) | Debito residuo (€) |\n|---|---|---|\n| 1 | 450 | 9.550 |\n| 12 | 450 | 4.600 |\n", "Dopo la 12ª rata da 450 €, il debito residuo è di 4.600 €."),
    ("| Maand | Termijn (€) | Restschuld (€) |\n|---|---|---|\n| 1 | 450 | 9.550 |\n| 12 | 450 | 4.600 |\n", "Na de 12e termijn van 450 € is de restschuld 4.600 €."),
    ("| Mês | Prestação (€) | Saldo (€) |\n|---|---|---|\n| 1 | 450 | 9.550 |\n| 12 | 450 | 4.600 |\n", "Após a 12.ª prestação de 450 €, o saldo é de 4.600 €."),
    ("Temperatures in °F.\n\n| Day | Temp (min) | Temp (max) |\n|---|---|---|\n| Mon | 12 | 21 |\n", "Monday: low 12°F, high 21°F."),
    ("| Jahr | Umsatz (Mio. €) |\n|---|---|\n| 2022 | 10,5 |\n| 2023 | 12,1 |\n", "Im Jahr 2023 stieg der Umsatz auf 12,1 Mio. €."),
]  # fmt: skip


@pytest.mark.parametrize(("context", "answer"), CLEAN_REVIEWED)
def test_the_review_s_honest_answers_list_nothing(context: str, answer: str) -> None:
    assert flagged(context, answer) == []

"""The fifth review of the list reading (hostile71, on 67d9a04; issue 46, round nineteen) and the reviews of this
round's mending (hostile72 on ced70b9, hostile73 on f7c57b1): an item the answer names to rule it out ('no longer a
student', 'sinon c'est 18 €', 'otherwise it's $18') is not the figure's item when the claim's part names none; the
layout's readings below. Each probe failed on the commit its review attacked."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

CLEAN = [
    ("Eintritt: Studierende 8 €, Erwachsene 12 €, Kinder 4 €.", "Da Sie nicht mehr Studierende sind, zahlen Sie 12 €."),
    ("Tarifs : étudiant 12 €, adulte 18 €, enfant 8 €.", "Comme votre fils n'est plus étudiant, il paie 18 €."),
    ("Precios: estudiante 12 €, adulto 18 €, niño 8 €.", "Como tu hijo ya no es estudiante, paga 18 €."),
    ("Preços: estudante R$ 20,00, adulto R$ 40,00, criança R$ 10,00.", "Como seu filho não é mais estudante, ele paga R$ 40,00."),
    ("Biglietti: studente 10 €, adulto 16 €, bambino 6 €.", "Visto che tuo figlio non è più studente, paga 16 €."),
    ("Toegang: student € 10, volwassene € 16, kind € 6.", "Omdat uw zoon geen student meer is, betaalt hij € 16."),
    ("Tarifs : étudiant 12 €, adulte 18 €, enfant 8 €.", "Sans carte étudiant, vous paierez 18 €."),
    ("Admission: student $12, adult $18, child $8.", "You need a valid card for the student rate; otherwise it's $18."),
    ("Eintritt: Studierende 8 €, Erwachsene 12 €, Kinder 4 €.", "Für den Tarif für Studierende brauchen Sie einen Ausweis, sonst zahlen Sie 12 €."),
    ("Precios: estudiante 12 €, adulto 18 €, niño 8 €.", "Para el precio de estudiante necesitas el carné; si no, son 18 €."),
    ("Preços: estudante R$ 20,00, adulto R$ 40,00, criança R$ 10,00.", "Para pagar como estudante é preciso apresentar a carteirinha, senão o valor é R$ 40,00."),
    ("Biglietti: studente 10 €, adulto 16 €, bambino 6 €.", "Per la tariffa studente serve il tesserino, altrimenti paghi 16 €."),
    ("Toegang: student € 10, volwassene € 16, kind € 6.", "Voor het studententarief heb je een studentenkaart nodig, anders betaal je € 16."),
    ("입장료: 학생 8,000원, 성인 12,000원, 어린이 5,000원.", "학생 요금은 학생증이 있어야 하며, 없으면 12,000원입니다."),
    ("Admission: student $12, adult $18, child $8.", "Your son is too old for the child ticket now, so he pays $18."),
    ("Toegang: kind € 6, volwassene € 16, student € 10.", "Uw zoon is te oud voor het kindtarief en betaalt € 16."),
    ("Eintritt: Studierende 8 €, Erwachsene 12 €, Kinder 4 €.", "Der Studierendenrabatt gilt nur mit Ausweis, ansonsten zahlen Sie 12 €."),
    ("Admission: student $12, adult $18, child $8.", "Your son's student card has expired, so he pays $18."),
    ("Preise: Doppelzimmer 90 € pro Nacht, Suite 160 € pro Nacht.", "Die Suite ist an diesen Tagen ausgebucht, aber wir haben noch Zimmer für 90 € pro Nacht."),
    ("Tarieven: tweepersoonskamer € 90 per nacht, suite € 160 per nacht.", "De suite is op die data volgeboekt, maar we hebben nog kamers voor € 90 per nacht."),
    ("요금: 디럭스룸 1박 150,000원, 스위트룸 1박 300,000원.", "스위트룸은 해당 날짜에 만실이지만, 1박 150,000원 객실은 예약 가능합니다."),
    ("Plans: Basic €5 a month, Premium €12 a month, extra 100 GB €2 a month.", "On Basic, you can add 100 GB for €2 a month."),
    ("Forfaits : Basic 5 € par mois, Premium 12 € par mois, 100 Go supplémentaires 2 € par mois.", "Avec Basic, vous pouvez ajouter 100 Go pour 2 € par mois."),
    ("Planes: Basic 5 € al mes, Premium 12 € al mes, 100 GB adicionales 2 € al mes.", "Con Basic, puedes añadir 100 GB por 2 € al mes."),
]  # fmt: skip


@pytest.mark.parametrize(("context", "candidate"), CLEAN)
def test_the_fifth_review_s_honest_answers_list_nothing(context: str, candidate: str) -> None:
    assert flagged(context, candidate) == []


# The review of the layout reading (hostile72, on ced70b9): a table's row named by what its figures are per ('| Per
# hour | €2 | €3 |') says it beside each cell; a heading's lines are alike by their key ('Monthly: €40' under '###
# Adults' weighs 'Monthly: €25' under '### Students'); who comes along ('accompanying an adult') names no line; 'a day
# pass' is a kind of pass, and '€20.10.' a price at a sentence's end; a term changed beside a price stays listed.
CLEAN_LAYOUT = [
    ("Model 10: €20.10\nModel 11: €21.11\n", "Model 10 is €20.10."),
    ("Day pass: €15\nWeek pass: €60\nMonth pass: €180\n", "A day pass is €15 and a week pass €60."),
    ("| Zone | Single ticket | Day ticket | Monthly pass |\n|---|---|---|---|\n| A | €2.50 | €7 | €65 |\n| A+B | €3.40 | €9.50 | €89 |\n", "For zones A+B a day ticket is €9.50 and a monthly pass €89."),
    ("Day pass: €15\nWeek pass: €60\nMonth pass: €180\n", "At €60, the week pass beats buying a day pass every day."),
    ("Adults: €18\nSeniors (65+): €12\nChildren: €9\n", "It's €18 per adult; children accompanying an adult pay €9."),
    ("Adults: €18\nChildren: €9\n", "It's €18 per adult; children accompanying an adult pay €9."),
]  # fmt: skip

LISTED_LAYOUT = [
    ("# Membership\n\n## Adults\n\n- Monthly: €40\n- Annual: €400\n\n## Students\n\n- Monthly: €25\n- Annual: €250\n", "Students pay €40 a month.", "€40"),
    ("Monthly plan: €20 per month, no commitment.\nAnnual plan: €200 per year, 12-month commitment.", "The annual plan requires a commitment of one month at €20.", "one month"),
    ("Assinatura: 20 € por mês, fidelização de 12 meses.", "A fidelização é de um mês por 20 €.", "um mês"),
    ("Plan: $20 a month with a 12-month contract.", "You sign a contract for one month at $20.", "one month"),
    ("Plan: $20 a month with a 12-month contract.", "The contract runs one month for $20.", "one month"),
    ("Gym membership: £30 per month. Minimum membership period: 6 months.", "You can join for one month for £30 and cancel any time after that.", "one month"),
    ("Plano: 20 € por mês, com fidelização de 12 meses.", "Fica fidelizado um mês a 20 €.", "um mês"),
    ("Forfait : 20 € par mois, engagement de 12 mois.", "Vous vous engagez un mois à 20 €.", "un mois"),
    ("Tarif: 20 € im Monat, Vertragslaufzeit 24 Monate.", "Der Vertrag läuft einen Monat zu 20 €.", "einen Monat"),
    ("Tarif: 20 € im Monat, Vertragslaufzeit 24 Monate.", "Die Vertragslaufzeit beträgt 1 Monat bei 20 €.", "1 Monat"),
    ("Tarifa: 20 € al mes, permanencia de 12 meses.", "Te comprometes un mes por 20 €.", "un mes"),
    ("Tarifa: 20 € al mes, permanencia de 12 meses.", "La permanencia es de 1 mes a 20 €.", "1 mes"),
    ("Offerta: 20 € al mese, vincolo di 24 mesi.", "Il vincolo è di un mese a 20 €.", "un mese"),
    ("Offerta: 20 € al mese, vincolo di 24 mesi.", "Ti impegni per 1 mese a 20 €.", "1 mese"),
    ("Abonnement: € 20 per maand, contractduur 12 maanden.", "Het contract loopt één maand voor € 20.", "één maand"),
    ("Abonnement: € 20 per maand, contractduur 12 maanden.", "De contractduur is 1 maand à € 20.", "1 maand"),
    ("| Parking | Weekdays | Weekends |\n|---|---|---|\n| Per hour | €2 | €3 |\n| Per day | €12 | €15 |\n", "Parking costs €12 an hour on weekdays.", "€12"),
    ("| | Basic | Pro |\n|---|---|---|\n| Per month | €9 | €19 |\n| Per year | €90 | €190 |\n", "Pro costs €190 a month.", "€190"),
    ("| Rental | Car | Van |\n|---|---|---|\n| Per hour | $15 | $25 |\n| Per day | $80 | $120 |\n", "A van is $120 per hour.", "$120"),
    ("| 停车 | 工作日 | 周末 |\n|---|---|---|\n| 每小时 | 2元 | 3元 |\n| 每天 | 12元 | 15元 |\n", "工作日停车每小时12元。", "12元"),
]  # fmt: skip


@pytest.mark.parametrize(("context", "candidate"), CLEAN_LAYOUT)
def test_the_layout_review_s_honest_answers_list_nothing(context: str, candidate: str) -> None:
    assert flagged(context, candidate) == []


@pytest.mark.parametrize(("context", "candidate", "figure"), LISTED_LAYOUT)
def test_the_layout_review_s_changed_figures_are_listed(context: str, candidate: str, figure: str) -> None:
    assert any(figure in listed or listed in figure for listed in flagged(context, candidate))


# hostile71's swaps hidden by a word that sets items side by side only in another sense: 'senza cambio di prezzo',
# 'pasajero', 'Wechselgeld', '比如', '更换' no longer stop the list reading ('cambiar de plan', 'passa para', '比' of a
# comparison still do).
LISTED_GUARD = [
    ("小号储物柜每月80元，押金100元；大号储物柜每月150元，押金200元。", "比如大号储物柜，每月150元，押金100元。", "100元"),
    ("Tarifas: pasaje en clase turista 45 €, pasaje en clase preferente 78 €.", "La clase preferente cuesta 45 € por pasajero.", "45 €"),
    ("小号储物柜每月80元，押金100元；大号储物柜每月150元，押金200元。", "您好！大号储物柜每月150元，押金100元，押金退还比例为100%。", "100元"),
]  # fmt: skip


@pytest.mark.parametrize(("context", "candidate", "figure"), LISTED_GUARD)
def test_a_word_of_comparison_in_another_sense_leaves_the_list_reading_on(
    context: str, candidate: str, figure: str
) -> None:
    assert any(figure in listed or listed in figure for listed in flagged(context, candidate))


# The seventh review (hostile73, on f7c57b1): a date at a line's start after a price ending the line before; a
# row named 'Monthly' (a plan billed so) says no period of its setup fee; a key read after the line's last figure
# ('Plus: €20/month, data 5 GB'); 'the 7-day pass' keeps its figure, and 'a day pass' is backed only by a context
# naming a day pass with no number; moves between items in every form stop the list reading again.
CLEAN_MENDS = [
    ("Tarifa Básica: cuota mensual 10 €, bono de datos 5 GB. Tarifa Plus: cuota mensual 20 €, bono de datos 20 GB.", "Si ahora tiene la Básica, cuando cambie tendrá un bono de datos de 20 GB por una cuota mensual de 20 €."),
    ("Tarifa Básica: cuota mensual 10 €, bono de datos 5 GB. Tarifa Plus: cuota mensual 20 €, bono de datos 20 GB.", "Si ahora tienes la Básica y decides cambiarte, tendrás un bono de datos de 20 GB por una cuota mensual de 20 €."),
    ("Tarifa Básica: cuota mensual 10 €, bono de datos 5 GB. Tarifa Plus: cuota mensual 20 €, bono de datos 20 GB.", "Si ahora tienes la Básica y te pasas, tendrás un bono de datos de 20 GB por una cuota mensual de 20 €."),
    ("Tarifa Básica: cuota mensual 10 €, bono de datos 5 GB. Tarifa Plus: cuota mensual 20 €, bono de datos 20 GB.", "Si ahora tienes la Básica y te cambiaras, tendrías un bono de datos de 20 GB por una cuota mensual de 20 €."),
    ("Tarifa Básica: cuota mensual 10 €, bono de datos 5 GB. Tarifa Plus: cuota mensual 20 €, bono de datos 20 GB.", "Con la Básica actual, el cambio te daría un bono de datos de 20 GB por una cuota mensual de 20 €."),
    ("Tarifa Básica: cuota mensual 10 €, bono de datos 5 GB. Tarifa Plus: cuota mensual 20 €, bono de datos 20 GB.", "Si ahora tienes la Básica y cambio de tarifa es lo que buscas, tendrás un bono de datos de 20 GB por una cuota mensual de 20 €."),
    ("Piano Base: canone mensile 10 €, pacchetto dati 5 GB. Piano Plus: canone mensile 20 €, pacchetto dati 20 GB.", "Se oggi hai il Base e cambi piano, avrai un pacchetto dati di 20 GB con un canone mensile di 20 €."),
    ("Piano Base: canone mensile 10 €, pacchetto dati 5 GB. Piano Plus: canone mensile 20 €, pacchetto dati 20 GB.", "Se oggi hai il Base e cambierai piano, avrai un pacchetto dati di 20 GB con un canone mensile di 20 €."),
    ("Piano Base: canone mensile 10 €, pacchetto dati 5 GB. Piano Plus: canone mensile 20 €, pacchetto dati 20 GB.", "Se oggi hai il Base, con il passaggio all'altro piano avrai un pacchetto dati di 20 GB con un canone mensile di 20 €."),
    ("Piano Base: canone mensile 10 €, pacchetto dati 5 GB. Piano Plus: canone mensile 20 €, pacchetto dati 20 GB.", "Se oggi hai il Base, con il cambio di piano avrai un pacchetto dati di 20 GB con un canone mensile di 20 €."),
    ("Piano Base: canone mensile 10 €, pacchetto dati 5 GB. Piano Plus: canone mensile 20 €, pacchetto dati 20 GB.", "Se oggi ha il Base e passa all'altro piano, avrà un pacchetto dati di 20 GB con un canone mensile di 20 €."),
    ("Piano Base: canone mensile 10 €, pacchetto dati 5 GB. Piano Plus: canone mensile 20 €, pacchetto dati 20 GB.", "Se oggi hai il Base e ti passassi all'altro, avresti un pacchetto dati di 20 GB con un canone mensile di 20 €."),
    ("Piano Base: canone mensile 10 €, pacchetto dati 5 GB. Piano Plus: canone mensile 20 €, pacchetto dati 20 GB.", "Se oggi hai il Base e passassi all'altro piano, avresti un pacchetto dati di 20 GB con un canone mensile di 20 €."),
    ("Tarifário Básico: mensalidade 10 €, pacote de dados 5 GB. Tarifário Plus: mensalidade 20 €, pacote de dados 20 GB.", "Se hoje tem o Básico, com a mudança para o outro tarifário terá um pacote de dados de 20 GB com uma mensalidade de 20 €."),
    ("Tarifário Básico: mensalidade 10 €, pacote de dados 5 GB. Tarifário Plus: mensalidade 20 €, pacote de dados 20 GB.", "Se hoje tem o Básico e mudasse de tarifário, teria um pacote de dados de 20 GB com uma mensalidade de 20 €."),
    ("Tarifário Básico: mensalidade 10 €, pacote de dados 5 GB. Tarifário Plus: mensalidade 20 €, pacote de dados 20 GB.", "Se hoje tem o Básico e passasse para o outro tarifário, teria um pacote de dados de 20 GB com uma mensalidade de 20 €."),
    ("Tarifário Básico: mensalidade 10 €, pacote de dados 5 GB. Tarifário Plus: mensalidade 20 €, pacote de dados 20 GB.", "Se hoje tem o Básico e mudares de tarifário, terás um pacote de dados de 20 GB com uma mensalidade de 20 €."),
    ("Tarifário Básico: mensalidade 10 €, pacote de dados 5 GB. Tarifário Plus: mensalidade 20 €, pacote de dados 20 GB.", "Se hoje tens o Básico e passares para o outro tarifário, terás um pacote de dados de 20 GB com uma mensalidade de 20 €."),
    ("Forfait Essentiel : abonnement mensuel 10 €, enveloppe data 5 Go. Forfait Plus : abonnement mensuel 20 €, enveloppe data 20 Go.", "Si vous avez aujourd'hui l'Essentiel, en passant à l'autre forfait vous aurez une enveloppe data de 20 Go pour un abonnement mensuel de 20 €."),
    ("基础套餐：月费10元，流量5GB。Plus套餐：月费20元，流量20GB。", "您现在是基础套餐，更换到另一个套餐后，流量20GB，月费20元。"),
    ("基础套餐：月费10元，流量5GB。Plus套餐：月费20元，流量20GB。", "您现在是基础套餐，如果换套餐，流量更多，有20GB，月费20元。"),
    ("方案一：月费10元，流量5GB。方案二：月费20元，流量20GB。", "如果您用的是方案一，方案二比方案一贵一些，月费20元，流量20GB。"),
    ("方案一：月费10元，流量5GB。方案二：月费20元，流量20GB。", "方案二比方案一每月贵10元，月费20元，流量20GB。"),
    ("Herbstkurse 2026\nYoga für Anfänger, 8 Termine: 96 €\n20.10. Kursbeginn, jeweils dienstags 18:00 Uhr\n", "Der Yogakurs beginnt am 20.10. und kostet 96 €."),
    ("Programm:\n- Stadtführung, Eintritt 5 €\n14.11. Konzert im Rathaus (Eintritt frei)\n", "Das Konzert im Rathaus ist am 14.11., der Eintritt ist frei."),
    ("Inscripción: 30 €\n15.03. fecha límite de inscripción.\n", "La inscripción cuesta 30 € y la fecha límite es el 15.03."),
    ("Inscripción: 30 €\n15.03. fecha límite de inscripción.\n", "La inscripción cuesta 30 € y la fecha límite es el 15 de marzo."),
    ("Gebühr: 96 €\n20.10.–24.10. Herbstferien, kein Kurs", "In den Herbstferien vom 20. bis 24. Oktober findet kein Kurs statt."),
    ("Preis pro Person 45 €\n03.10. geschlossen (Feiertag)", "Am 3. Oktober ist geschlossen."),
    ("Tarif : 45 €\n11.11. fermé (jour férié)", "Nous sommes fermés le 11 novembre."),
    ("| Billing | Price | Setup fee |\n|---|---|---|\n| Monthly | €20 | €50 |\n| Annual | €200 | €0 |\n", "With monthly billing you pay €20 a month plus a one-off setup fee of €50."),
    ("| Billing | Price | Setup fee |\n|---|---|---|\n| Monthly | €20 | €50 |\n| Annual | €200 | €0 |\n", "On the annual plan there is no setup fee; monthly billing has a one-time €50 setup fee."),
    ("| Abrechnung | Preis | Einrichtungsgebühr |\n|---|---|---|\n| Monatlich | 20 € | 50 € |\n| Jährlich | 200 € | 0 € |\n", "Bei monatlicher Abrechnung zahlen Sie 20 € im Monat und einmalig 50 € Einrichtungsgebühr."),
    ("| Parking | Rate | Daily cap |\n|---|---|---|\n| Per hour | €2 | €15 |\n", "Parking is €2 an hour, capped at €15 a day."),
    ("| Membership | Fee | Joining fee | Minimum term |\n|---|---|---|---|\n| Monthly | £30 | £20 | 3 months |\n| Annual | £300 | £0 | 12 months |\n", "Monthly membership is £30 a month with a one-off £20 joining fee and a 3-month minimum term."),
    ("| Zeitraum | Miete | Kaution |\n|---|---|---|\n| Wöchentlich | 150 € | 300 € |\n| Monatlich | 550 € | 600 € |\n", "Bei monatlicher Miete zahlen Sie 550 € im Monat und eine einmalige Kaution von 600 €."),
    ("Piano Base: canone mensile 10 €, pacchetto dati 5 GB. Piano Plus: canone mensile 20 €, pacchetto dati 20 GB.", "Chi ha il Base e passa alla tariffa superiore ottiene 20 GB a 20 € al mese."),
    ("Piano Base: canone mensile 10 €, pacchetto dati 5 GB. Piano Plus: canone mensile 20 €, pacchetto dati 20 GB.", "Se dal Base cambiassi piano, avresti 20 GB a 20 € al mese."),
    ("| Abonnement | Prijs | Aansluitkosten |\n|---|---|---|\n| Maandelijks | € 20 | € 50 |\n| Jaarlijks | € 200 | € 0 |\n", "Bij het maandabonnement betaal je € 20 per maand en eenmalig € 50 aansluitkosten."),
]  # fmt: skip

LISTED_MENDS = [
    ("- Basic: €10/month, 5 GB\n- Plus: €20/month, 20 GB\n- Max: €35/month, 100 GB\n", "Plus gives you 5 GB for €20/month.", "5 GB"),
    ("Basic: €10 per month, 5 GB of data\nPlus: €20 per month, 20 GB of data\n", "Plus gives you 5 GB of data for €20 per month.", "5 GB"),
    ("Museum passes: 3-day pass €25, 7-day pass €45.", "The 7-day pass costs €25.", "€25"),
    ("Multi-day passes: a 2 day pass is $40, a 4 day pass is $70.", "A 2 day pass is $70.", "$70"),
    ("The cruise lasts 10 days and costs $899.", "It's a week trip for $899.", "week"),
    ("Standard: 90 € pro Nacht, 25 m²\nSuite: 160 € pro Nacht, 45 m²\n", "Die Suite hat 25 m² und kostet 160 € pro Nacht.", "25 m"),
    ("Chambre standard : 90 € la nuit, 25 m²\nSuite : 160 € la nuit, 45 m²\n", "La suite fait 25 m² et coûte 160 € la nuit.", "25 m"),
    ("Básica: 10 € al mes, 5 GB\nPlus: 20 € al mes, 20 GB\nMax: 35 € al mes, 100 GB\n", "La tarifa Plus incluye 5 GB por 20 € al mes.", "5 GB"),
    ("Base: 10 € al mese, 5 GB\nPlus: 20 € al mese, 20 GB\nMax: 35 € al mese, 100 GB\n", "Il piano Plus include 5 GB a 20 € al mese.", "5 GB"),
    ("Básico: 10 € por mês, 5 GB\nPlus: 20 € por mês, 20 GB\nMax: 35 € por mês, 100 GB\n", "O tarifário Plus inclui 5 GB por 20 € por mês.", "5 GB"),
    ("Basis: € 10 per maand, 5 GB\nPlus: € 20 per maand, 20 GB\nMax: € 35 per maand, 100 GB\n", "Het Plus-abonnement heeft 5 GB voor € 20 per maand.", "5 GB"),
    ("ベーシック：月額1,000円、5GB\nプラス：月額2,000円、20GB\nマックス：月額3,500円、100GB\n", "プラスは月額2,000円で5GBです。", "5GB"),
    ("베이직: 월 10,000원, 5GB\n플러스: 월 20,000원, 20GB\n맥스: 월 35,000원, 100GB\n", "플러스는 월 20,000원에 5GB입니다.", "5GB"),
    ("Museum passes: 3-day pass €25, 7-day pass €45.", "A day pass costs €25.", "day"),
    ("Ski passes: 6-day pass €240. No single-day passes are sold.", "A day pass costs €240.", "day"),
    ("Travelcards: a 2-week ticket costs £60.", "A week ticket costs £60.", "week"),
]  # fmt: skip


@pytest.mark.parametrize(("context", "candidate"), CLEAN_MENDS)
def test_the_seventh_review_s_honest_answers_list_nothing(context: str, candidate: str) -> None:
    assert flagged(context, candidate) == []


@pytest.mark.parametrize(("context", "candidate", "figure"), LISTED_MENDS)
def test_the_seventh_review_s_changed_figures_are_listed(context: str, candidate: str, figure: str) -> None:
    assert any(figure in listed or listed in figure for listed in flagged(context, candidate))

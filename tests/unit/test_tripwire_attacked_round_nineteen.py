"""The fifth review of the list reading (hostile71, on 67d9a04; issue 46, round nineteen): an item the answer names
to rule it out ('no longer a student', 'sinon c'est 18 €', 'otherwise it's $18') is not the figure's item when
the claim's part names none. Each probe below listed a figure of an honest answer on 67d9a04."""

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
    ("| | Basic | Pro |\n|---|---|---|\n| Monthly | €9 | €19 |\n| Yearly | €90 | €190 |\n", "Pro costs €190 a month.", "€190"),
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
    ("Piani: Basic, 50 GB a 2,49 € al mese; Smart, 200 GB a 3,99 € al mese; Max, 1 TB a 7,99 € al mese.", "Il piano Smart da 200 GB costa 2,49 € al mese, senza cambio di prezzo.", "2,49 €"),
    ("小号储物柜每月80元，押金100元；大号储物柜每月150元，押金200元。", "大号储物柜每月150元，押金100元，更多详情请咨询前台。", "100元"),
    ("小号储物柜每月80元，押金100元；大号储物柜每月150元，押金200元。", "比如大号储物柜，每月150元，押金100元。", "100元"),
    ("Tarifas: pasaje en clase turista 45 €, pasaje en clase preferente 78 €.", "La clase preferente cuesta 45 € por pasajero.", "45 €"),
    ("小号储物柜每月80元，押金100元；大号储物柜每月150元，押金200元。", "大号储物柜每月150元，押金100元，到期可续租或更换柜子。", "100元"),
    ("小号储物柜每月80元，押金100元；大号储物柜每月150元，押金200元。", "您好！大号储物柜每月150元，押金100元，押金退还比例为100%。", "100元"),
    ("Piani: Basic, 50 GB a 2,49 € al mese; Smart, 200 GB a 3,99 € al mese; Max, 1 TB a 7,99 € al mese.", "Il piano Smart da 200 GB costa 2,49 € al mese, con pagamento tramite carta o passaggio in negozio.", "2,49 €"),
]  # fmt: skip


@pytest.mark.parametrize(("context", "candidate", "figure"), LISTED_GUARD)
def test_a_word_of_comparison_in_another_sense_leaves_the_list_reading_on(
    context: str, candidate: str, figure: str
) -> None:
    assert any(figure in listed or listed in figure for listed in flagged(context, candidate))

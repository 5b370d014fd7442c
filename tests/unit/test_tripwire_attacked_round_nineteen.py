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

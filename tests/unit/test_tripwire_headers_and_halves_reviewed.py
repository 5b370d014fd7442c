"""The probes of round fifteen's fifth review (hostile89): what a price is per said right before it, as a
table's column header says it ('Prijs per persoon'), and a Dutch half hour ('om half acht'). Each is a regression
the review found and this round mended, or a case the change did not reach before and reaches now: the figure
named is listed (a probe may list others beside it), or (None) nothing is.

Left, and known: a whole-hire row under a 'Price per person' header ('Private hire of the boat (up to 12 guests)')
is read as per person; '£45 for an adult' under a 'Per adult' header is listed."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged_asked

PROBES = [
    pytest.param(
        "Biglietti del museo: intero 15 €, ridotto 10 €. Tariffa per gruppi: 9 €. I gruppi devono essere di almeno 15 persone.",
        None,
        "Per i gruppi di almeno 15 persone il biglietto costa 9 € a persona.",
        None,
        id="it-gruppi",
    ),
    pytest.param(
        "Kilometervergoeding per auto € 0,23. Parkeerkosten worden vergoed op basis van bonnetjes.",
        None,
        "Je krijgt € 0,23 per kilometer vergoed.",
        None,
        id="nl-km",
    ),
    pytest.param(
        "| Ticket | Per adult | Per child |\n|---|---|---|\n| Day pass | £45 | £20 |\n| Two-day pass | £80 | £35 |",
        None,
        "A day pass costs £45 for the whole family.",
        "£45",
        id="en-adult-child-inv",
    ),
    pytest.param(
        "Prezzo per camera: 120 € a notte, colazione inclusa.",
        None,
        "La camera costa 120 € a notte a persona.",
        "120 €",
        id="it-camera",
    ),
    pytest.param("Precio por persona: 30 €. Mínimo 2 personas.", None, "Cuesta 30 € por grupo.", "30 €", id="es-pers"),
    pytest.param(
        "Prix par personne : 30 €. Minimum 2 personnes.",
        None,
        "Le prix est de 30 € pour le groupe entier.",
        "30 €",
        id="fr-pers",
    ),
    pytest.param(
        "Price per person: £45. Includes a glass of fizz.", None, "It's £45 for the whole party.", "£45", id="en-pers"
    ),
    pytest.param(
        "Preis pro Person 26,50 €. Getränke extra.",
        None,
        "Es kostet 26,50 € für die ganze Gruppe.",
        "26,50 €",
        id="de-pers",
    ),
    pytest.param(
        "Prijs per persoon € 30,00. Drankjes niet inbegrepen.",
        None,
        "Het kost € 30,00 voor de hele groep.",
        "€ 30,00",
        id="nl-pers",
    ),
    pytest.param(
        "Price per group: £120 (up to 6 people).",
        None,
        "A group of up to 6 pays £120 in total.",
        None,
        id="en-group-min",
    ),
    pytest.param(
        "Preis pro Gruppe: 120 € (bis 6 Personen).",
        None,
        "Eine Gruppe bis 6 Personen zahlt insgesamt 120 €.",
        None,
        id="de-gruppe-total",
    ),
    pytest.param(
        "Prijs per groep: € 120 (max. 6 personen).",
        None,
        "Een groep van maximaal 6 personen betaalt in totaal € 120.",
        None,
        id="nl-groep-total",
    ),
    pytest.param(
        "Visite guidate: prezzo per gruppi: 8 € (minimo 20 partecipanti).",
        None,
        "Per i gruppi di almeno 20 partecipanti la visita costa 8 € a testa.",
        None,
        id="it-gruppi-2",
    ),
    pytest.param(
        "Price: £120 per group (up to 6 people).", None, "A group of up to 6 pays £120 in total.", None, id="en-grp-ctl"
    ),
    pytest.param(
        "Openingstijden: maandag t/m vrijdag van 9.00 tot 17.30 uur.",
        None,
        "De winkel is doordeweeks open tot half zeven.",
        "half zeven",
        id="nl-tot-half-inv",
    ),
    pytest.param(
        "De lunch begint om 12.30 uur.", None, "De lunch begint om half twee.", "half twee", id="nl-half-een-inv"
    ),
    pytest.param(
        "Uitchecken kan tot 11.30 uur.", None, "Uitchecken kan tot half elf.", "half elf", id="nl-tot-half-inv2"
    ),
    pytest.param(
        "Het concert begint om 20.30 uur.",
        None,
        "Het concert begint om half acht 's avonds.",
        "half acht 's avonds",
        id="nl-half-8-avond-inv",
    ),
    pytest.param(
        "De deuren gaan open om 19.30 uur.",
        None,
        "De deuren gaan open om half acht 's ochtends.",
        "half acht 's ochtends",
        id="nl-half-ochtends-inv",
    ),
    pytest.param(
        "Check-in is mogelijk tot 22.30 uur.",
        None,
        "Inchecken kan tot half 11 's avonds.",
        None,
        id="nl-tot-half-digit",
    ),
    pytest.param(
        "Check-in is mogelijk tot 22.30 uur.",
        None,
        "Inchecken kan tot half 10 's avonds.",
        "half 10 's avonds",
        id="nl-tot-half-digit-inv",
    ),
    pytest.param(
        "Einlass ist um 19:30 Uhr.",
        None,
        "Einlass ist um halb acht morgens.",
        "halb acht morgens",
        id="de-halb-morgens-inv",
    ),
    pytest.param(
        "The escape room costs £90 per group of up to 4.", None, "Price per person: £90.", "£90", id="en-pp-ans-inv"
    ),
    pytest.param(
        "La salle coûte 90 € par groupe (jusqu'à 4 joueurs).",
        None,
        "Prix par personne : 90 €.",
        "90 €",
        id="fr-pp-ans-inv",
    ),
    pytest.param(
        "| Actividad | Precio por grupo |\n|---|---|\n| Kayak | 120 € |",
        None,
        "El kayak cuesta 120 € por persona.",
        "120 €",
        id="es-pp-table-en",
    ),
    pytest.param(
        "| Tariffa | Prezzo |\n|---|---|\n| Intero | 15 € |\n| Ridotto | 10 € |\n| Per gruppi | 9 € |",
        None,
        "Per i gruppi il biglietto costa 9 € a persona.",
        None,
        id="it-gruppi-tab",
    ),
]


@pytest.mark.parametrize(("context", "question", "answer", "figure"), PROBES)
def test_the_reviews_probes(context: str, question: str | None, answer: str, figure: str | None) -> None:
    flagged = flagged_asked(context, question, answer)
    assert (figure in flagged) if figure else flagged == []

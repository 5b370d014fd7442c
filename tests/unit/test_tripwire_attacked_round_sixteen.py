"""The hostile review of round 16's first half (hostile61, on 2b889a3) attacked its readings: hedge words of
two senses ('gegen 18 € Aufpreis', 'vers 15 pays': no hedge but of a clock time), a hedged time against a
time's side ('around 7 pm' of 'after 7 pm'), prices for a count of people (Italian, German, Dutch; a price per
person for two sharing; '€120 for 6 people' of '€120 per group'), shares that are none ('周一半天', 'más de un
cuarto' a room), a hedge true of another figure 'by chance' ('environ 50 €' of '49 € par mois'), a Korean cubic
metre read as an age. Each probe failed on the commit reviewed; the three left failing (a Chinese price per cubic
metre said per tonne, a German aside set off by dashes) are named in docs/tripwire.md. With them: a person's own
age in the context's age band is the reader's fact, listed apart ('tu hijo de 9 años' of 'hasta 12 años')."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged, listed

CLEAN = [
    (
        "Private tours cost €120 per group (max. 6 people).",
        "A private tour costs €120 for 6 people.",
    ),  # a group of up to 6 pays €120, so €120 for 6 people is an honest restat
    (
        "本店每周一只营业半天，其余时间正常营业。",
        "本店每周一半天营业，其余时间正常营业。",
    ),  # '周一半天' (Monday, half a day) read as '一半' = 50 %
    (
        "Si reserva dos o más habitaciones, le aplicamos un 10 % de descuento.",
        "Si reserva más de un cuarto, le aplicamos un 10 % de descuento.",
    ),  # 'un cuarto' is a room here
    (
        "Para reservas de duas ou mais unidades, oferecemos 10 % de desconto.",
        "Para reservas de mais de um quarto, oferecemos 10 % de desconto.",
    ),  # 'um quarto' is a room here
    (
        "Le forfait Pro coûte 49 € par mois. Le paiement annuel vous fait économiser 60 € par rapport au paiement mensuel.",
        "En paiement mensuel, comptez environ 50 €.",
    ),  # honest 'environ 50 €' for 49 €/month
    (
        "Het Pro-abonnement kost € 49 per maand. Bij jaarlijkse betaling bespaart u € 60 ten opzichte van maandelijkse betaling.",
        "Bij maandelijkse betaling is het ongeveer € 50.",
    ),  # honest 'ongeveer € 50' of € 49 per maand
    (
        "LCL 해상 운임은 1CBM당 45,000원입니다.",
        "LCL 해상 운임은 1세제곱미터당 45,000원입니다.",
    ),  # '1세제곱미터당' (per 1 cubic metre
]

LISTED = [
    (
        "Frühstück ist gegen 18 € Aufpreis pro Person erhältlich.",
        "Frühstück gibt es gegen 19 € Aufpreis pro Person.",
        "19 €",
    ),  # 'gegen 18 € Aufpreis' means 'for a surcharge of', not 'about'
    (
        "Frühstück kostet 18 € pro Person.",
        "Frühstück gibt es gegen 19 € Aufpreis pro Person.",
        "19 €",
    ),  # 'gegen' (for, in exchange) read as 'about' hides a changed price 18 →
    (
        "Nous expédions vers 15 pays européens.",
        "Nous livrons vers 16 pays européens.",
        "16 pays",
    ),  # 'vers 15 pays' means 'to 15 countries', not 'about 15'
    (
        "Parking is free after 7 pm.",
        "Parking is free around 7 pm.",
        "7 pm",
    ),  # the hedge is stripped from a time and the context's 'after' no longer
    (
        "Late check-in after 23:00 costs €20.",
        "Check-in around 23:00 costs €20.",
        "23:00",
    ),  # 'after 23:00' restated as 'around 23:00' (a guest arriving 22:50 would
    (
        "Le parking est gratuit après 19 h.",
        "Le parking est gratuit vers 19 h.",
        "19 h",
    ),  # 'après 19 h' restated as 'vers 19 h': the direction is lost, the tripw
    (
        "Il pacchetto costa 299 € per 2 persone.",
        "Il pacchetto costa 299 € a persona.",
        "299 €",
    ),  # Italian 'per 2 persone' not read as per 2 people (English/French/Spani
    (
        "Das Paket kostet 299 € für 2 Erwachsene.",
        "Das Paket kostet 299 € pro Person.",
        "299 €",
    ),  # German 'für 2 Erwachsene' not a count of people (English 'for 2 adults
    (
        "Het arrangement kost € 299 voor 2 volwassenen.",
        "Het arrangement kost € 299 per persoon.",
        "€ 299",
    ),  # Dutch 'voor 2 volwassenen' not a count of people
    (
        "The cabin costs €35 per person for 2 people sharing.",
        "The cabin costs €35 for 2 people.",
        "€35",
    ),  # a price already per person gets '2 person' too (per {person, 2 person}
]


AGES = [
    (
        "Pack adulto: 38 €. Pack júnior (hasta 12 años): 24 €.",
        "Para tu hijo de 9 años, el pack júnior sale a 24 €.",
        "9 años",
    ),
    (
        "Mini-tennis (4-6 ans) 95 €/an ; jeunes (7-17 ans) 160 €/an.",
        "Pour votre fils de 9 ans, c'est le tarif jeunes : 160 €.",
        "9 ans",
    ),
]


@pytest.mark.parametrize(("context", "answer", "age"), AGES)
def test_a_persons_own_age_in_the_contexts_band_is_listed_apart(context: str, answer: str, age: str) -> None:
    assert flagged(context, answer) == []
    assert ("derived", age) in listed(context, answer)


@pytest.mark.parametrize(
    ("context", "answer", "age"),
    [
        ("Pack júnior (hasta 12 años): 24 €.", "Para tu hijo de 14 años, el pack júnior sale a 24 €.", "14 años"),
        ("Jeunes (7-17 ans) 160 €/an.", "Pour votre fils de 19 ans, c'est 160 €.", "19 ans"),
        ("Jeunes (7-17 ans) 160 €/an.", "Le tarif jeunes vaut pour 9 ans.", "9 ans"),  # no person's age
    ],
)
def test_an_age_out_of_the_band_or_of_no_person_is_flagged(context: str, answer: str, age: str) -> None:
    assert age in flagged(context, answer)


# The second review (hostile62, on 735372c) attacked the rest: a price for some people weighed against a price per
# couple or per hour, a total weighed as the price of one, the age reading past a person noun's word start or of a
# term rather than an age, negated time sides ('not before 3 pm'), sides not read ('until', 'desde las', 'dalle',
# 'prima delle'), '더 내' inside '더 내려갑니다'. Left failing (named in docs/tripwire.md): Portuguese 'mais' after an
# amount, Italian 'a biglietto' as what a price is per, a children's price said as '10 € menos'.
CLEAN_TOO = [
    ("Check-in is not possible before 3 pm.", "You can check in from 3 pm."),  # A negated side
    ("Check-in is not possible before 3 pm.", "You can check in after 3 pm."),  # A negated side
    ("Ein Check-in ist nicht vor 15 Uhr möglich.", "Sie können nach 15 Uhr einchecken."),  # A negated side
    ("L'arrivée n'est pas possible avant 15 h.", "Vous pouvez arriver après 15 h."),  # A negated side
    (
        "No se puede hacer el check-in antes de las 15:00.",
        "Puede hacer el check-in después de las 15:00.",
    ),  # A negated side
    ("Inchecken is niet mogelijk voor 15.00 uur.", "U kunt na 15.00 uur inchecken."),  # A negated side
    ("Não é possível fazer o check-in antes das 15h00.", "Pode fazer o check-in depois das 15h00."),  # A negated side
    ("환불 예정 금액: 5,000원 (다음 달 요금에서 차감)", "다음 달 요금이 5,000원 더 내려갑니다."),  # Korean '더 내'
]

LISTED_TOO = [
    (
        "Tables seat up to 4 people. Romantic dinner package: €120 per couple, drinks included.",
        "The romantic dinner package costs €120 for 4 people, drinks included.",
        "€120",
    ),  # A price for a count of people is now weighed only against a
    (
        "Tische für bis zu 4 Personen. Candle-Light-Dinner: 120 € pro Paar, inklusive Getränke.",
        "Das Candle-Light-Dinner kostet 120 € für 4 Personen, inklusive Getränke.",
        "120 €",
    ),  # A price for a count of people is now weighed only against a
    (
        "Mesas de hasta 4 personas. Cena romántica: 120 € por pareja, bebidas incluidas.",
        "La cena romántica cuesta 120 € para 4 personas, bebidas incluidas.",
        "120 €",
    ),  # A price for a count of people is now weighed only against a
    (
        "Tables jusqu'à 4 personnes. Dîner romantique : 120 € par couple, boissons comprises.",
        "Le dîner romantique coûte 120 € pour 4 personnes, boissons comprises.",
        "120 €",
    ),  # A price for a count of people is now weighed only against a
    (
        "Boat hire: €120 for 6 people, 2 hours.",
        "Boat hire costs €120 per hour.",
        "€120",
    ),  # A price for a count of people
    (
        "Bootsverleih: 120 € für 6 Personen, 2 Stunden.",
        "Der Bootsverleih kostet 120 € pro Stunde.",
        "120 €",
    ),  # A price for a count of people
    (
        "Alquiler de barco: 120 € para 6 personas, 2 horas.",
        "El alquiler del barco cuesta 120 € por hora.",
        "120 €",
    ),  # A price for a count of people
    (
        "Bootverhuur: € 120 voor 6 personen, 2 uur.",
        "De bootverhuur kost € 120 per uur.",
        "€ 120",
    ),  # A price for a count of people
    (
        "Noleggio barca: 120 € per 6 persone, 2 ore.",
        "Il noleggio della barca costa 120 € all'ora.",
        "120 €",
    ),  # A price for a count of people
    (
        "Aluguer de barco: 120 € para 6 pessoas, 2 horas.",
        "O aluguer do barco custa 120 € por hora.",
        "120 €",
    ),  # A price for a count of people
    (
        "Location de bateau : 120 € pour 6 personnes, 2 heures.",
        "La location du bateau coûte 120 € de l'heure.",
        "120 €",
    ),  # A price for a count of people
    (
        "Le forfait week-end (2 nuits, petit-déjeuner inclus) coûte 189 € au total.",
        "Le forfait week-end coûte 189 € par nuit, petit-déjeuner inclus.",
        "189 €",
    ),  # A package price said 'au total'/'insgesamt'/'no total'/'in t
    (
        "Das Wochenendpaket (2 Nächte mit Frühstück) kostet insgesamt 210 €.",
        "Das Wochenendpaket kostet 210 € pro Nacht.",
        "210 €",
    ),  # A package price said 'au total'/'insgesamt'/'no total'/'in t
    (
        "O pacote de 3 noites custa 300 € no total.",
        "O pacote custa 300 € por noite.",
        "300 €",
    ),  # A package price said 'au total'/'insgesamt'/'no total'/'in t
    (
        "Het arrangement (2 nachten) kost in totaal € 189.",
        "Het arrangement kost € 189 per nacht.",
        "€ 189",
    ),  # A package price said 'au total'/'insgesamt'/'no total'/'in t
    (
        "Il pacchetto weekend (2 notti) costa 189 € in totale.",
        "Il pacchetto weekend costa 189 € a notte.",
        "189 €",
    ),  # A package price said 'au total'/'insgesamt'/'no total'/'in t
    (
        "The intensive course costs €480 per month and lasts 6 months.",
        "The 6-month intensive course costs €480 in total.",
        "€480",
    ),  # '€480 in total' for a 6-month course of '€480 per month' is
    (
        "Entrada al museo: 15 € por entrada.",
        "Las tres entradas le costarán 15 € en total.",
        "15 €",
    ),  # Three tickets 'in total' at the context's price of one ticke
    (
        "Museumseintritt: 15 € pro Ticket.",
        "Die drei Tickets kosten Sie insgesamt 15 €.",
        "15 €",
    ),  # Three tickets 'in total' at the context's price of one ticke
    (
        "Entrée du musée : 15 € par billet.",
        "Les trois billets vous coûteront 15 € au total.",
        "15 €",
    ),  # Three tickets 'in total' at the context's price of one ticke
    (
        "Toegang museum: € 15 per kaartje.",
        "De drie kaartjes kosten u in totaal € 15.",
        "€ 15",
    ),  # Three tickets 'in total' at the context's price of one ticke
    (
        "Entrada no museu: 15 € por bilhete.",
        "Os três bilhetes custam 15 € no total.",
        "15 €",
    ),  # Three tickets 'in total' at the context's price of one ticke
    (
        "Museum entry: £15 per ticket.",
        "The three tickets will cost you £15 in total.",
        "£15",
    ),  # Three tickets 'in total' at the context's price of one ticke
    (
        "Membership costs €50 per person per year, with a minimum term of at least 1 year.",
        "Membership costs €50 per person for 3 years.",
        "3 years",
    ),  # The new 'person's own age' reading hides an invented duratio
    (
        "Die Mitgliedschaft kostet 60 € pro Person und Jahr, Laufzeit mindestens 1 Jahr.",
        "Die Mitgliedschaft kostet 60 € pro Person für 2 Jahre.",
        "2 Jahre",
    ),  # The new 'person's own age' reading hides an invented duratio
    (
        "Eltern haben pro Kind Anspruch auf bis zu 3 Jahre Elternzeit.",
        "Pro Kind stehen Ihnen 2 Jahre Elternzeit zu.",
        "2 Jahre",
    ),  # The new 'person's own age' reading hides an invented duratio
    (
        "Le congé parental d'éducation peut durer jusqu'à 3 ans par enfant.",
        "Par enfant : 2 ans de congé parental.",
        "2 ans",
    ),  # The new 'person's own age' reading hides an invented duratio
    (
        "La excedencia por cuidado de hijos puede durar hasta 3 años.",
        "La excedencia por cuidado de hijos dura 2 años.",
        "2 años",
    ),  # The new 'person's own age' reading hides an invented duratio
    (
        "A licença para acompanhamento de filhos pode durar até 2 anos.",
        "A licença para acompanhamento de filhos dura 1 ano.",
        "1 ano",
    ),  # The new 'person's own age' reading hides an invented duratio
    (
        "L'assicurazione copre i figli fino a 25 anni di età.",
        "L'assicurazione copre i figli per 10 anni.",
        "10 anni",
    ),  # The new 'person's own age' reading hides an invented duratio
    (
        "Op de motor geven wij tot 5 jaar garantie.",
        "Op de motor krijgt u enkel 3 jaar garantie.",
        "3 jaar",
    ),  # The new 'person's own age' reading hides an invented duratio
    (
        "Parental leave: up to 3 years per child.",
        "For each child, 2 years of parental leave.",
        "2 years",
    ),  # The new 'person's own age' reading hides an invented duratio
    (
        "The standard warranty is 2 years; the extended warranty runs up to 5 years.",
        "The standard warranty is 2 years; by comparison, 4 years for the extended one.",
        "4 years",
    ),  # The new 'person's own age' reading hides an invented duratio
    (
        "Kinder bis 12 Jahre reisen gratis. Der Kinderreisepass ist 1 Jahr gültig.",
        "Der Kinderreisepass für Kinder: 6 Jahre gültig.",
        "6 Jahre",
    ),  # The new 'person's own age' reading hides an invented duratio
    (
        "El seguro cubre a hijos de hasta 25 años.",
        "El seguro cubre a hijos durante 10 años.",
        "10 años",
    ),  # The new 'person's own age' reading hides an invented duratio
    (
        "Het kinderabonnement geldt voor kinderen van 4 tot 12 jaar.",
        "Het kinderabonnement geldt voor kinderen 8 jaar lang.",
        "8 jaar",
    ),  # The new 'person's own age' reading hides an invented duratio
    (
        "Check-in is not possible before 3 pm.",
        "You can check in before 3 pm.",
        "3 pm",
    ),  # A negated side read as 'up to 15
    (
        "Ein Check-in ist nicht vor 15 Uhr möglich.",
        "Sie können vor 15 Uhr einchecken.",
        "15 Uhr",
    ),  # A negated side read as 'up to 15
    (
        "L'arrivée n'est pas possible avant 15 h.",
        "Vous pouvez arriver avant 15 h.",
        "15 h",
    ),  # A negated side read as 'up to 15
    (
        "No se puede hacer el check-in antes de las 15:00.",
        "Puede hacer el check-in antes de las 15:00.",
        "15:00",
    ),  # A negated side read as 'up to 15
    (
        "Inchecken is niet mogelijk voor 15.00 uur.",
        "U kunt voor 15.00 uur inchecken.",
        "15.00 uur",
    ),  # A negated side read as 'up to 15
    (
        "Não é possível fazer o check-in antes das 15h00.",
        "Pode fazer o check-in antes das 15h00.",
        "15h00",
    ),  # A negated side read as 'up to 15
    (
        "Il check-in è possibile dopo le 15:00.",
        "Potete fare il check-in prima delle 15:00.",
        "15:00",
    ),  # Italian 'prima delle 15
    (
        "Late check-out until 1 pm is available for €20.",
        "Late check-out after 1 pm is available for €20.",
        "1 pm",
    ),  # English 'until 1 pm' is no side in the context, so the answe
    ("Breakfast is served until 10:30.", "Breakfast is served after 10:30.", "10:30"),  # 'until 10
    ("El check-in es desde las 15:00.", "El check-in es antes de las 15:00.", "15:00"),  # Spanish 'desde las 15
    (
        "Entrada a partir de las 15:00, salida hasta las 11:00.",
        "Puede hacer el check-in antes de las 15:00; salida hasta las 11:00.",
        "15:00",
    ),  # Spanish 'a partir de las 15
    (
        "Check-in dalle 15:00, check-out entro le 11:00.",
        "Potete fare il check-in prima delle 15:00; check-out entro le 11:00.",
        "15:00",
    ),  # Italian 'dalle 15
    (
        "Late check-out is possible until 1 pm for €20.",
        "Late check-out is possible after 1 pm for €20.",
        "1 pm",
    ),  # 'until 1 pm' is no side; 'after 1 pm' is backed.
]


# The third review (hostile63, on 85d172a): negated clock sides read past another verb ('you do not have to check
# out until 11'), 'under/over X … cannot' turned into a limit, a denial read past a comma, a context range's ends
# against an answer's own range, an amount said again taking another fee's period, a concentration's parts backing
# a dose alone. Left failing (named in docs/tripwire.md): a local time placed by 'À Paris', 'A Roma', 'In
# Amsterdam'; an age band's limit changed ('8 bis 14'); '5 mLあたり'; '€200 in total' of a booking's total.
CLEAN_THIRD = [
    ("Check-out: until 11:00 am.", "You do not have to check out until 11 am."),  # negated clock side
    (
        "Check-out bis 11 Uhr.",
        "Sie müssen nicht vor 11 Uhr auschecken – Check-out ist bis 11 Uhr.",
    ),  # negated clock side
    ("Départ : jusqu'à 11 h.", "Vous n'êtes pas obligé de partir avant 11 h."),  # negated clock side
    (
        "Late arrivals after 10 pm use the key box at the entrance.",
        "No problem if you arrive after 10 pm: use the key box at the entrance.",
    ),  # negated clock side
    (
        "Aankomst na 22:00 uur: gebruik de sleutelkluis.",
        "Geen probleem als u na 22:00 uur aankomt, gebruik de sleutelkluis.",
    ),  # negated clock side
    (
        "Delivery takes 3–5 business days.",
        "Expect your parcel within 3–5 business days.",
    ),  # context range's ends read as limits
    (
        "Groups of over 10 people cannot book online.",
        "For groups over 10 people, please call us instead of booking online.",
    ),  # 'over 10 people cannot …' in the context is now 'up to 10';
    (
        "Children under 12 cannot stay in the room alone.",
        "Children under 12 must be accompanied by an adult.",
    ),  # NOT_ALLOWED turns 'under 6 … must not/cannot' into 'at least
    (
        "Kinder unter 12 Jahren dürfen nicht allein im Zimmer bleiben.",
        "Kinder unter 12 Jahren müssen von einem Erwachsenen begleitet werden.",
    ),  # NOT_ALLOWED turns 'under 6 … must not/cannot' into 'at least
    (
        "Orders over €50 ship free, but we cannot ship to PO boxes.",
        "Orders over €50 ship free.",
    ),  # NOT_ALLOWED reads 40 chars past the figure across a comma in
    (
        "Activation fee $30. Monthly fee $30 per month.",
        "The activation fee is a one-time $30; after that you pay $30 per month.",
    ),  # bare amount sharing the one period
    (
        "Kaution 500 €, Miete 500 € pro Monat.",
        "Die Kaution beträgt einmalig 500 €.",
    ),  # bare amount sharing the one period
    (
        "Caution de 500 € et loyer de 500 € par mois.",
        "La caution est de 500 €, payée une seule fois.",
    ),  # bare amount sharing the one period
    (
        "Deposit $500; rent is $500 per month.",
        "You pay a one-time deposit of $500.",
    ),  # bare amount sharing the one period
    ("Check-out: uiterlijk 11.00 uur.", "U hoeft niet voor 11.00 uur uit te checken."),  # negated clock side
    ("Salida: hasta las 11:00.", "No tiene que dejar la habitación antes de las 11:00."),  # negated clock side
    ("Check-out: até às 11h00.", "Não precisa de sair antes das 11h00."),  # negated clock side
    ("Check-out: entro le 11:00.", "Non dovete lasciare la camera prima delle 11:00."),  # negated clock side
    (
        "Spätanreise nach 22 Uhr: Schlüsselsafe am Eingang.",
        "Kein Problem, wenn Sie nach 22 Uhr anreisen: Nutzen Sie den Schlüsselsafe am Eingang.",
    ),  # negated clock side
    (
        "Arrivée tardive après 22 h : boîte à clés à l'entrée.",
        "Pas de souci si vous arrivez après 22 h : utilisez la boîte à clés.",
    ),  # negated clock side
    (
        "Chegadas depois das 22h00: use o cofre de chaves.",
        "Não há problema se chegar depois das 22h00: use o cofre de chaves.",
    ),  # negated clock side
    (
        "Orders over €50 ship free, although we cannot deliver to PO boxes.",
        "Orders over €50 ship free.",
    ),  # NOT_ALLOWED reads 40 chars past the figure across a comma in
    (
        "Bestellingen boven € 50 worden gratis verzonden, maar we kunnen niet naar postbussen leveren.",
        "Bestellingen boven € 50 worden gratis verzonden.",
    ),  # NOT_ALLOWED reads 40 chars past the figure across a comma in
    (
        "Kinder unter 6 Jahren dürfen das Becken nicht ohne Begleitung betreten.",
        "Kinder unter 6 Jahren brauchen eine Begleitperson im Becken.",
    ),  # NOT_ALLOWED turns 'under 6 … must not/cannot' into 'at least
    (
        "Children under 6 must not use the pool unaccompanied.",
        "Children under 6 need an adult with them in the pool.",
    ),  # NOT_ALLOWED turns 'under 6 … must not/cannot' into 'at least
    (
        "Les enfants de moins de 6 ans ne peuvent pas accéder au bassin sans adulte.",
        "Les enfants de moins de 6 ans doivent être accompagnés d'un adulte.",
    ),  # NOT_ALLOWED turns 'under 6 … must not/cannot' into 'at least
    (
        "Vehicles over 3.5 t cannot use the bridge.",
        "Vehicles over 3.5 t must take the detour.",
    ),  # NOT_ALLOWED turns 'under 6 … must not/cannot' into 'at least
    (
        "Fahrzeuge über 3,5 t dürfen die Brücke nicht befahren.",
        "Fahrzeuge über 3,5 t müssen die Umleitung nehmen.",
    ),  # NOT_ALLOWED turns 'under 6 … must not/cannot' into 'at least
    (
        "Lieferzeit: 3–5 Werktage.",
        "Die Lieferung dauert in der Regel innerhalb von 3–5 Werktagen.",
    ),  # context range's ends read as limits
    (
        "Plazo de entrega: de 3 a 5 días laborables.",
        "Recibirá su pedido en un plazo máximo de 3 a 5 días laborables.",
    ),  # context range's ends read as limits
    ("Prices: €10–€15 per ticket.", "Tickets cost from €10 to €15."),  # context range's ends read as limits
]

LISTED_THIRD = [
    ("Kinder (6–14 Jahre) zahlen 5 €.", "Kinder von 8 bis 14 Jahren zahlen 5 €.", "8 bis 14 Jahren"),  # age band
    (
        "Paracetamol Sirup 120 mg/5 ml. Dosis für Kinder: 10 ml.",
        "Die Dosis für Kinder beträgt 120 mg.",
        "120 mg",
    ),  # concentration parts are unqualified stated figures
    (
        "Amoxicillin suspension 250 mg/5 mL. Usual dose: 10 mL three times a day.",
        "The usual dose is 250 mg three times a day.",
        "250 mg",
    ),  # concentration parts are unqualified stated figures
    (
        "Max. 20 mg/10 ml per day.",
        "You can take at least 20 mg per day.",
        "20 mg",
    ),  # concentration parts are unqualified stated figures
]


@pytest.mark.parametrize(("context", "answer"), CLEAN + CLEAN_TOO + CLEAN_THIRD)
def test_an_honest_answer_the_reviews_wrote_is_not_flagged(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), LISTED + LISTED_TOO + LISTED_THIRD)
def test_an_invention_the_reviews_wrote_is_flagged(context: str, answer: str, figure: str) -> None:
    assert figure in flagged(context, answer)

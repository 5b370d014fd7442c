"""The review of which way money moves (hostile74, on 4f452a0; issue 46, round twenty). A discount or a
surcharge is what a figure is, not where it went: 'the discounted fee rises to €48' is a discount that rose, and
'we refund the €20 surcharge' a credit of a surcharge, so both are an axis of their own; a gain or a loss too
('o lucro caiu'). A change's end reached is the next change's end left ('from £80 to £95, then to £110'): each
end is of its change's way, not a level of its own. A '+' after a label is still money in ('Saldo: +150,00 €').
Compounds of other senses ('Versteigerung', 'Nachlass', 'Kreditrückzahlung') name no direction. Each probe failed
on 4f452a0."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

CLEAN = [
    ("From 1 March the discounted monthly fee rises to €48.", "From March the discounted monthly fee is €48."),
    ("A partir del 1 de marzo, la cuota con descuento sube a 48 €.", "Desde marzo, la cuota con descuento es de 48 €."),
    ("A partir de 1 de março, a mensalidade com desconto sobe para 48 €.", "Desde março, a mensalidade com desconto é de 48 €."),
    ("A partir de marzo el descuento por volumen sube al 15 %.", "Desde marzo el descuento por volumen es del 15 %."),
    ("From June the fuel surcharge falls to €5 per ticket.", "From June the fuel surcharge is €5 per ticket."),
    ("A partir de junio el recargo por combustible baja a 5 € por billete.", "Desde junio el recargo por combustible es de 5 € por billete."),
    ("Da giugno il supplemento carburante scende a 5 € a biglietto.", "Da giugno il supplemento carburante è di 5 € a biglietto."),
    ("À partir de juin, la surtaxe carburant baisse à 5 € par billet.", "Depuis juin, la surtaxe carburant est de 5 € par billet."),
    ("O lucro caiu para 2,1 milhões de euros em 2024.", "Em 2024, o lucro foi de 2,1 milhões de euros."),
    ("La ganancia neta bajó a 2,1 millones de euros en 2024.", "La ganancia neta fue de 2,1 millones de euros en 2024."),
    ("La pérdida aumentó a 3 millones de euros en 2024.", "La pérdida fue de 3 millones de euros en 2024."),
    ("O prejuízo subiu para 3 milhões de euros em 2024.", "O prejuízo foi de 3 milhões de euros em 2024."),
    ("Nel 2024 l'utile netto è sceso a 2,1 milioni di euro; il guadagno per azione è calato a 0,40 €.", "Nel 2024 il guadagno per azione è stato di 0,40 €."),
    ("En 2024, les pertes ont augmenté à 3 millions d'euros.", "En 2024, les pertes se sont élevées à 3 millions d'euros."),
    ("Die monatliche Rate von 350 € wird von Ihrem Konto abgebucht.", "Ihre monatliche Kreditrückzahlung beträgt 350 €."),
    ("我们将退还您30元。", "我们多收了您30元，会全额退还。"),
    ("La remise augmente avec la quantité, de 5 % à 15 %.", "La remise maximale est de 15 %."),
    ("The fee went from £80 to £95 in 2024 and rose again in 2025 to £110.", "The fee rose from £95 to £110 in 2025."),
    ("La cuota subió de 40 € a 45 € en 2024 y en 2025 volvió a subir, hasta 50 €.", "En 2025 la cuota subió de 45 € a 50 €."),
    ("A mensalidade passou de 30 € para 35 € em 2024 e, em 2025, para 39 €.", "Em 2025 a mensalidade passou de 35 € para 39 €."),
    ("月額料金は2024年に1,000円から1,200円に改定され、2025年にはさらに値上げされて1,500円になりました。", "2025年に月額料金は1,200円から1,500円に改定されました。"),
    ("월 요금은 2024년에 1만 원에서 1만 2천 원으로 올랐고, 2025년에는 다시 올라 1만 5천 원이 되었습니다.", "2025년에 월 요금은 1만 2천 원에서 1만 5천 원으로 올랐습니다."),
    ("Für jedes Kind erhalten Sie bis zu 297 € im Monat.", "Der Kinderzuschlag beträgt bis zu 297 € im Monat."),
    ("Op uw rekening wordt elke maand € 123 bijgeschreven.", "Uw zorgtoeslag bedraagt € 123 per maand."),
    ("Der Wert des Erbes ist auf 250.000 € gestiegen.", "Der Nachlass ist inzwischen 250.000 € wert."),
    ("Die Versteigerung: das Mindestgebot ist von 400 € auf 500 € gesenkt worden.", "Bei der Versteigerung liegt das Mindestgebot nun bei 500 €."),
    ("The Carer's Allowance Supplement: you will receive £290.10 twice a year.", "The Carer's Allowance Supplement is £290.10, paid twice a year."),
    ("The credit-card surcharge was reduced to 1.5%.", "The credit-card surcharge is now 1.5%."),
    ("Wij betalen € 20 toeslag terug als de vlucht vervalt.", "Als de vlucht vervalt, krijgt u € 20 terug."),
    ("Ti rimborsiamo il supplemento di 20 € se il volo viene cancellato.", "Se il volo viene cancellato, ti rimborsiamo 20 €."),
    ("Le devolvemos el recargo de 20 € si se cancela el vuelo.", "Si se cancela el vuelo, le devolvemos 20 €."),
    ("自3月起，学生优惠价上调至48元。", "自3月起，学生优惠价为48元。"),
    ("3월부터 학생 할인 요금이 4만 8천 원으로 인상됩니다.", "3월부터 학생 할인 요금은 4만 8천 원입니다."),
    ("自6月起，燃油附加费降至50元。", "自6月起，燃油附加费为50元。"),
    ("Your annual saving rises to £120 with the new tariff.", "With the new tariff your annual saving is £120."),
    ("The discount on annual plans increases to 20%.", "Annual plans now come with a 20% discount."),
    ("La réduction pour les familles passe à 15 % ; la remise fidélité augmente à 10 %.", "La remise fidélité est désormais de 10 %."),
    ("O desconto de fidelidade sobe para 10 %.", "O desconto de fidelidade passa a ser de 10 %."),
    ("Der Treuerabatt steigt auf 10 %.", "Der Treuerabatt beträgt nun 10 %."),
    ("De getrouwheidskorting stijgt naar 10 %.", "De getrouwheidskorting is nu 10 %."),
    ("As of May, the late-payment surcharge has been cut to €10.", "The late-payment surcharge is €10 as of May."),
]  # fmt: skip

LISTED = [
    ("Abrechnungsergebnis: +84,20 €", "Sie müssen 84,20 € nachzahlen.", "84,20"),
    ("Saldo: +212,40 €", "You owe 212,40 €.", "212,40"),
    ("12.03. Gehalt: +2.450,00 €\n14.03. Miete: −950,00 €", "Am 12.03. wurden 2.450,00 € für das Gehalt abgebucht.", "2.450"),
    ("Saldo: +150,00 €", "Você deve pagar 150,00 €.", "150,00"),
    ("Balance: +£150.00", "You will pay £150.00.", "150"),
    ("Solde : +150,00 €", "Vous devrez payer 150,00 €.", "150,00"),
    ("Saldo: +150,00 €", "Tendrá que pagar 150,00 €.", "150,00"),
    ("Saldo: +150,00 €", "Dovrà pagare 150,00 €.", "150,00"),
    ("Kontostand: +150,00 €", "150,00 € werden abgebucht.", "150,00"),
    ("Ti rimborsiamo il supplemento di 20 € se il volo viene cancellato.", "Se il volo viene cancellato, dovrai pagare 20 €.", "20"),
    ("Le devolvemos el recargo de 20 € si se cancela el vuelo.", "Si se cancela el vuelo, tendrá que pagar 20 €.", "20"),
    ("Nous vous remboursons la majoration de 20 € si le vol est annulé.", "Si le vol est annulé, vous devrez payer 20 €.", "20"),
    ("Devolvemos a sobretaxa de 20 € se o voo for cancelado.", "Se o voo for cancelado, terá de pagar 20 €.", "20"),
    ("航班取消时，我们会退还您30元附加费。", "航班取消时，您需补交30元。", "30"),
    ("Kontoauszug März\n12.03. Gehalt: +2.450,00 €\n14.03. Miete: −950,00 €", "Am 14.03. wurden Ihnen 950,00 € Miete gutgeschrieben und am 12.03. 2.450,00 € Gehalt abgebucht.", "2.450"),
]  # fmt: skip


@pytest.mark.parametrize(("context", "candidate"), CLEAN)
def test_the_money_review_s_honest_answers_list_nothing(context: str, candidate: str) -> None:
    assert flagged(context, candidate) == []


@pytest.mark.parametrize(("context", "candidate", "figure"), LISTED)
def test_the_money_review_s_changed_figures_are_listed(context: str, candidate: str, figure: str) -> None:
    assert any(figure in listed or listed in figure for listed in flagged(context, candidate))


# The review of this round's readings (hostile75, on dd33862): a clock time is no span ('arrive à 1h30' is not 90
# minutes): only hours and minutes said of a thing that lasts ('séances de 1 h 30') or of a length ('Temps de
# trajet :') are; no hedged share is derived from two counts the answer does not name ('12 teams of 25 players');
# a surcharge in French or English is still the reader's to pay; an answer's end left is no claim of a way (a
# chain that turns: 'augmenté à 800 €, puis baissé à 750 €').
CLEAN_READINGS = [
    ("Temps de trajet : 1 h 30 environ.", "Le trajet dure environ 1 h 30."),
    ("Le loyer a augmenté à 800 € en 2023, puis a baissé à 750 € en 2024.", "En 2024, le loyer est passé de 800 € à 750 €."),
]  # fmt: skip

LISTED_READINGS = [
    ("Le ferry arrive à Bastia à 1h30 du matin. Le trajet dure 4 heures.", "La traversée dure 90 minutes.", "90 minutes"),
    ("Les séances durent 90 minutes et ont lieu le mardi soir.", "Les séances commencent à 1h30 le mardi.", "1h30"),
    ("Le service de nuit circule de 23h à 1h30.", "Le service de nuit dure 90 minutes.", "90 minutes"),
    ("O último comboio parte às 1h30 da manhã.", "A viagem dura 90 minutos.", "90 minutos"),
    ("A consulta dura 90 minutos.", "A consulta começa às 1h30.", "1h30"),
    ("Le parking est fermé entre 1h30 et 5h00.", "Le parking ferme pendant 90 minutes.", "90 minutes"),
    ("Le film commence à 2h45 du matin lors de la nuit blanche.", "Le film dure 165 minutes.", "165 minutes"),
    ("La séance dure 90 minutes.", "La séance dure 1 h 30 et commence à 1h30.", "1h30"),
    ("Die Sitzung dauert 90 Minuten.", "Die Sitzung beginnt um 1h30.", "1h30"),
    ("La sesión dura 90 minutos.", "La sesión empieza a la 1h30.", "1h30"),
    ("La lezione dura 90 minuti.", "La lezione inizia all'1h30.", "1h30"),
    ("De les dure 90 minuten.", "De les begint om 1h30.", "1h30"),
    ("Le vol part à 9h45 et dure 2h45.", "Le vol part à 2h45.", "2h45"),
    ("Il complesso ha 150 camere su 12 piani, tutte con aria condizionata.", "Circa l'8 % delle camere ha la vista mare.", "8 %"),
    ("La liga tiene 12 equipos de 25 jugadores cada uno.", "Casi la mitad de los jugadores son menores de 21 años.", "la mitad"),
    ("The league has 12 teams of 25 players each.", "Almost half of the players are under 21.", "half"),
    ("L'hôtel propose 240 chambres sur 12 étages.", "Environ 5 % des chambres sont accessibles aux fauteuils roulants.", "5 %"),
    ("Unser Verein hat 40 Trainer von 12 Standorten.", "Knapp ein Drittel der Trainer hat eine A-Lizenz.", "Drittel"),
    ("Los 45 empleados de nuestras 12 tiendas reciben formación anual.", "Más de una cuarta parte de los empleados trabaja a tiempo parcial.", "cuarta parte"),
    ("Die Schule hat 420 Schüler, davon 312 Mädchen und 108 Jungen.", "Etwa ein Viertel der Schüler sind Mädchen.", "Viertel"),
    ("In 2023 we handled 1,240 claims of 12 types; 96 of them were rejected.", "Roughly 1% of claims were rejected.", "1%"),
    ("Supplément de 10 € pour les animaux.", "Nous vous remboursons 10 € pour les animaux.", "10 €"),
    ("Le dernier bus part de la gare à 1h30.", "Le trajet en bus dure une heure et demie.", "une heure et demie"),
    ("Horaires du bar : 18h – 1h30.", "Le happy hour dure 90 minutes.", "90 minutes"),
    ("Le massage dure 90 minutes et coûte 80 €.", "Le massage dure 90 minutes ; le spa ferme à 1h30.", "1h30"),
    ("Rendez-vous à 1h45 devant l'hôtel pour l'excursion nocturne.", "L'excursion nocturne dure 105 minutes.", "105 minutes"),
    ("Arrivée à Lyon à 2h15.", "Le trajet dure 2 h 15.", "2 h 15"),
    ("Départ du car à 6h00, retour à Paris vers 20h00.", "L'excursion dure 6 heures.", "6 heures"),
    ("Le train part à 3h00 du matin.", "Le trajet dure 3 heures.", "3 heures"),
    ("O passeio sai às 8h00 e regressa às 18h00.", "O passeio dura 8 horas.", "8 horas"),
    ("Le car part à 7h30 et arrive à Annecy à 12h00.", "Le trajet dure 7h30.", "7h30"),
    ("Les 12 chauffeurs de nos 40 bus sont formés chaque année.", "Environ 30 % des bus sont électriques.", "30 %"),
    ("Onze 48 medewerkers van 12 vestigingen volgen jaarlijks een training.", "Ongeveer een kwart van de medewerkers werkt parttime.", "kwart"),
]  # fmt: skip


@pytest.mark.parametrize(("context", "candidate"), CLEAN_READINGS)
def test_the_readings_review_s_honest_answers_list_nothing(context: str, candidate: str) -> None:
    assert flagged(context, candidate) == []


@pytest.mark.parametrize(("context", "candidate", "figure"), LISTED_READINGS)
def test_the_readings_review_s_changed_figures_are_listed(context: str, candidate: str, figure: str) -> None:
    assert any(figure in listed or listed in figure for listed in flagged(context, candidate))


# The review of the whole round (hostile76, on 48c8d2c): a surcharge removed or a discount that ends moves the
# price the other way, so a context's discount is no fall in price of its own (the axes never meet); only things
# that last make hours and minutes a length ('le premier train de 5 h 42' is a time); a hedged share is no longer
# derived from a part and its whole (a share of the complement, or of something else, was hidden); Dutch 'je' is
# no German 'je' ('Met 40 liter rijd je 600 km').
CLEAN_ROUND = [
    ("Le premier train de 5 h 42 part de la gare de Lyon.", "Le premier train part à 5 h 42."),
    ("Le site sera indisponible à partir de 1 h 30 dans la nuit de samedi à dimanche.", "Le site sera indisponible dès 1 h 30 dans la nuit de samedi."),
    ("O sistema fica indisponível a partir da 1h30 de domingo.", "O sistema fica indisponível à 1h30 de domingo."),
    ("Le dernier bus de 1 h 15 dessert la gare.", "Le dernier bus passe à 1 h 15."),
    ("Marées à Saint-Malo : pleine mer de 5 h 07, basse mer à 11 h 20.", "La pleine mer est à 5 h 07."),
    ("Le vol de 1 h 15 pour Montréal est annulé.", "Le vol prévu à 1 h 15 pour Montréal est annulé."),
    ("O voo da 1h15 para Lisboa foi cancelado.", "O voo das 1h15 para Lisboa foi cancelado."),
    ("Le premier train part à 5 h 42 de la gare de Lyon.", "Prenez le premier train de 5 h 42."),
    ("Départ du bus à 4 h 50 devant l'hôtel.", "Le transfert se fait avec le bus de 4 h 50."),
    ("A primeira partida é às 5h10.", "O primeiro autocarro é o de 5h10."),
    ("We are withdrawing the £10 loyalty discount from January.", "From January your monthly bill goes up by £10."),
    ("Ab 1. März entfällt der Expresszuschlag von 20 €.", "Ab 1. März zahlen Sie für Expresslieferungen 20 € weniger."),
    ("A partir del 1 de marzo se elimina el recargo de 20 € por envío urgente.", "A partir del 1 de marzo, el envío urgente cuesta 20 € menos."),
    ("Dal 1° marzo viene eliminata la maggiorazione di 20 € per la spedizione espressa.", "Dal 1° marzo la spedizione espressa costa 20 € in meno."),
    ("Vanaf 1 maart vervalt de toeslag van € 20 voor expreslevering.", "Vanaf 1 maart betaal je voor expreslevering € 20 minder."),
    ("自3月1日起，取消加急配送20元附加费。", "自3月1日起，加急配送少付20元。"),
    ("3月1日から、速達の追加料金500円を廃止します。", "3月1日から、速達は500円安くなります。"),
    ("3월 1일부터 특급 배송 추가 요금 5,000원이 폐지됩니다.", "3월 1일부터 특급 배송이 5,000원 저렴해집니다."),
    ("Der Frühbucherrabatt von 50 € endet am 31. März.", "Ab April zahlen Sie 50 € mehr."),
    ("Le rabais de 50 € pour réservation anticipée prend fin le 31 mars.", "À partir d'avril, vous paierez 50 € de plus."),
    ("El descuento de 50 € por reserva anticipada termina el 31 de marzo.", "A partir de abril pagarás 50 € más."),
    ("Lo sconto di 50 € per la prenotazione anticipata termina il 31 marzo.", "Da aprile pagherai 50 € in più."),
    ("De vroegboekkorting van € 50 vervalt op 31 maart.", "Vanaf april betaal je € 50 meer."),
    ("Ab Juli erhalten Mitglieder 15 % Rabatt statt bisher 10 %.", "Für Mitglieder steigt der Preisvorteil ab Juli auf 15 %."),
    ("From July the member discount is 15% (previously 10%).", "From July, members' savings rise to 15%."),
    ("Desde julio el descuento para socios es del 15 % (antes, 10 %).", "Desde julio, el ahorro para socios sube al 15 %."),
    ("Met 40 liter rijd je 600 km.", "Met een volle tank rijd je 600 km."),
    ("Met 10 liter schilder je 80 m².", "Met 10 liter verf kun je 80 m² schilderen."),
    ("Met een tank van 50 liter rijdt u 800 km.", "Met 50 liter rijd je 800 km."),
]  # fmt: skip

LISTED_ROUND = [
    ("Le navire compte 1 450 cabines, dont 1 320 avec vue sur mer. Le taux de remplissage moyen sur l'année est de 78 %.", "Le taux de remplissage moyen dépasse 90 % sur l'année.", "90 %"),
    ("Il residence dispone di 420 box, di cui 312 già venduti. Il tasso di occupazione degli uffici è del 55 %.", "Il tasso di occupazione degli uffici è di circa tre quarti.", "tre quarti"),
    ("The fleet has 1,450 cabins, of which 1,320 have been refurbished. Customer satisfaction stands at 64%.", "Customer satisfaction is over 90%.", "90%"),
    ("1 320 des 1 450 cabines n'ont pas encore été rénovées.", "Plus de 90 % des cabines ont déjà été rénovées.", "90 %"),
    ("Le parc compte 1 450 logements, dont 1 320 encore à rénover.", "Plus de 90 % des logements sont déjà rénovés.", "90 %"),
    ("Das Haus hat 240 Wohnungen, davon 182 noch unsaniert.", "Rund drei Viertel der Wohnungen sind bereits saniert.", "drei Viertel"),
    ("Het complex telt 240 appartementen, waarvan 182 nog niet verhuurd. De bezettingsgraad van de winkels is 40 %.", "De bezettingsgraad van de winkels is ongeveer driekwart.", "driekwart"),
    ("La flota tiene 1.450 camarotes, de los cuales 1.320 están reformados. La ocupación media es del 64 %.", "La ocupación media supera el 90 %.", "90 %"),
    ("A frota tem 1.450 cabines, das quais 1.320 foram renovadas. A taxa de ocupação é de 64 %.", "A taxa de ocupação é superior a 90 %.", "90 %"),
    ("Le forfait coûte 30 € ; avec la remise de 5 €, vous payez 25 €.", "Avec la remise, le forfait augmente de 5 €.", "5 €"),
]  # fmt: skip


@pytest.mark.parametrize(("context", "candidate"), CLEAN_ROUND)
def test_the_round_review_s_honest_answers_list_nothing(context: str, candidate: str) -> None:
    assert flagged(context, candidate) == []


@pytest.mark.parametrize(("context", "candidate", "figure"), LISTED_ROUND)
def test_the_round_review_s_changed_figures_are_listed(context: str, candidate: str, figure: str) -> None:
    assert any(figure in listed or listed in figure for listed in flagged(context, candidate))


# The last review (hostile77, on 77fc56a): 'cheaper' is no fall ('€3 cheaper than Plus' is the gap of '€3 more
# than Basic'), keeping is no debit ('Sie behalten Ihren Rabatt'), what a figure is instead of is ruled out
# ('Rabatt statt Zuschlag: 10 %'), English 'on sale from £20 to £35' is a range, and only an hour to three said
# of a thing that lasts is a length ('Tours de 5 h 30', 'sessão da 1h30' are times).
CLEAN_LAST = [
    ("The Plus plan costs €12 a month, €3 more than Basic at €9.", "Basic is €9 a month, €3 cheaper than Plus (€12)."),
    ("Le forfait Plus coûte 12 € par mois, soit 3 € de plus que le forfait Essentiel (9 €).", "Le forfait Essentiel est à 9 € par mois, 3 € moins cher que le Plus."),
    ("Der Tarif Plus kostet 12 € im Monat, 3 € mehr als Basis (9 €).", "Basis kostet 9 € im Monat und ist damit 3 € günstiger als Plus."),
    ("Het Plus-abonnement kost € 12 per maand, € 3 meer dan Basis (€ 9).", "Basis kost € 9 per maand, € 3 goedkoper dan Plus."),
    ("O plano Plus custa 12 € por mês, 3 € a mais do que o Básico (9 €).", "O Básico custa 9 € por mês, 3 € mais barato que o Plus."),
    ("Il piano Plus costa 12 € al mese, 3 € in più rispetto al Base (9 €).", "Il Base costa 9 € al mese, 3 € più economico del Plus."),
    ("Le loyer passe de 800 € à 850 € au 1er avril.", "Jusqu'au 1er avril, vous payez encore le loyer moins cher de 800 €."),
    ("会费从每月30元涨到35元。", "在那之前，仍按较便宜的每月30元收取。"),
    ("基础套餐从每月8元涨到9元，Plus套餐仍为12元。", "更便宜的基础套餐现在每月9元。"),
    ("ベーシックプランは月800円から900円に値上げされます。", "安くなるわけではなく、ベーシックプランは月900円になります。"),
    ("베이직 요금제는 월 8,000원에서 9,000원으로 인상됩니다.", "더 저렴한 베이직 요금제는 이제 월 9,000원입니다."),
    ("Tickets on sale from £20 to £35, depending on the seat.", "Prices range from £35 for the best seats down to £20."),
    ("Den Gutschein über 20 € erhalten Sie sofort nach der Bestellung.", "Den Gutschein über 20 € behalten Sie auch bei einer Rückgabe."),
    ("Als Bestandskunde erhalten Sie weiterhin 10 % Treuerabatt.", "Als Bestandskunde behalten Sie Ihren Treuerabatt von 10 %."),
    ("Bei einer Vertragsverlängerung erhalten Sie weiterhin 10 € Rabatt pro Monat.", "Bei einer Verlängerung behalten Sie die 10 € Rabatt pro Monat."),
    ("En cas de renouvellement, vous recevez toujours votre remise de 10 € par mois.", "En cas de renouvellement, nous conservons votre remise de 10 € par mois."),
    ("Rabatt statt Zuschlag: Frühbucher erhalten 10 % Rabatt.", "Rabatt statt Zuschlag: 10 % für Frühbucher."),
    ("Tours de 5 h 30 : départ pour le lever du soleil.", "Le tour part à 5 h 30."),
    ("Cours de yoga de 5 h 45 au lever du soleil, sur la plage.", "Le cours de yoga commence à 5 h 45."),
    ("Visites de 4 h 30 : départ avant l'aube pour voir les tortues.", "La visite part à 4 h 30."),
    ("A sessão da 1h30 de sábado está esgotada.", "A sessão de sábado à 1h30 está esgotada."),
]  # fmt: skip


@pytest.mark.parametrize(("context", "candidate"), CLEAN_LAST)
def test_the_last_review_s_honest_answers_list_nothing(context: str, candidate: str) -> None:
    assert flagged(context, candidate) == []

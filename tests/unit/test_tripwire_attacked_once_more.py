"""The hostile review of round 14's second half (hostile59) attacked its readings: an answer's figure said of
its sentence's earlier parts, an amount for the whole, journeys past a conjunction, a value said only the other
way, compensation, a listed sign, Dutch hours before an event, bracketed zones, Chinese prices per one thing,
hedges. Each probe failed on the commit reviewed (0b4a686); those left failing are named in docs/tripwire.md.
The third review (hostile60, marked) attacked what followed on e7f5837: Korean shares, bands and years, a pass's
span, a period past the noun, a price per a count of a unit, limits said the other way, gains and losses."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged

CLEAN = [
    ("평균 금리는 3.87%를 기록했습니다.", "평균 금리는 3.8%대를 기록했습니다."),  # hostile60: band
    ("入住前最晚24小时取消可免费。", "至少提前24小时取消即可免费。"),  # hostile60: zh 最晚 vs 至少提前
    ("Heizöl: 985 € pro 1.000 l.", "Heating oil costs €985 per 1000 litres."),  # hostile60: 1.000 vs 1000
    ("Shipping is €5 per parcel. Parcels up to 10 kg.", "Shipping costs €5 per 10 kg parcel."),  # hostile60:
    ("The annual plan is £120 and can be paid in instalments.", "The £120 plan gives you access every day."),  # hostile60: 'every day' daily
    ("Basic plan: £9.99 per month. New films are added every week.", "The £9.99 Basic plan adds new films every week."),  # hostile60: every week belongs to adds
    ("Abonnement mensuel : 30 € par mois.", "Avec l'abonnement à 30 € vous pouvez venir chaque jour."),  # hostile60: chaque jour
    ("Maandabonnement: € 29 per maand.", "Met het abonnement van € 29 kunt u elke dag sporten."),  # hostile60: elke dag
    ("쿠폰 적용 후 청구 금액: 12,000원", "할인 적용 후 12,000원입니다."),  # hostile60: 할인 read as credit vs billed
    ("折后应付金额199元。", "折扣后只需199元。"),  # hostile60: 折扣 credit vs 应付 debit
    ("Sahne: 1,99 € pro 0,5 l.", "Cream costs €1.99 per 500 ml."),  # hostile60: per 0,5 l = per 500 ml
    ("Tarif unique : 8 € par personne.", "L'entrée est à 8 € pour tous."),  # pour tous = each
    ("Admission: $12 per person (all ages).", "Admission is $12 for everyone, whatever their age."),  # for everyone
    ("Entrada: 9 € por persona, precio único.", "La entrada cuesta 9 € para todos, sin descuentos."),  # para todos
    ("Toegang: € 7,50 per persoon.", "De toegang kost € 7,50 voor iedereen."),  # voor iedereen
    ("Eintritt: 10 € pro Person.", "Der Eintritt kostet 10 € für alle Besucher."),  # für alle = each
    ("Preço único: 12 € por pessoa.", "O bilhete custa 12 € para todos os visitantes."),  # para todos
    ("Activation fee: $30. Monthly fee: $30.", "There's a one-time activation fee of $30, then $30 a month."),  # same value two roles; one-time added
    ("Aktivierungsgebühr: 30 €. Monatliche Grundgebühr: 30 €.", "Die Aktivierungsgebühr beträgt einmalig 30 €, danach zahlen Sie 30 € monatlich."),  # de
    ("事務手数料：3,300円\n月額基本料：3,300円", "事務手数料は初回のみ3,300円、月額基本料は毎月3,300円です。"),  # ja
    ("Inscripción: 50 €. Cuota mensual: 50 €.", "La inscripción es un pago único de 50 € y la cuota es de 50 € al mes."),  # es
    ("Inschrijfgeld: € 25. Contributie: € 25 per maand.", "Het inschrijfgeld is eenmalig € 25 en de contributie € 25 per maand."),  # nl
    ("Kaution: 200 €. Endreinigung: 200 €, wird bei Abreise berechnet. Die Kaution wird nach Abreise erstattet.", "Die Endreinigung von 200 € wird bei Abreise berechnet; die Kaution von 200 € wird Ihnen erstattet."),  # de
    ("Monthly plan: €10 per month. Setup fee: €120, one-time.", "On the monthly plan you'd pay €10 a month, which comes to €120 a year, plus the one-time setup fee of €120."),  # derived equals other-period value
    ("Abo: 10 € pro Monat. Einrichtung: einmalig 120 €.", "Das Abo kostet 10 € pro Monat, also 120 € im Jahr; dazu kommt die einmalige Einrichtung für 120 €."),  # de
    ("Servicio: 25 € al mes. Alta: 300 € (pago único).", "El servicio cuesta 25 € al mes, es decir, 300 € al año, y el alta es un pago único de 300 €."),  # es
    ("Het zwembad gaat om 7 uur open en sluit om 22 uur; later dan 21 uur is er geen toegang meer.", "Na 21 uur kun je het zwembad niet meer in; het sluit om 22 uur."),  # later
    ("Het zwembad gaat om 7 uur open en sluit om 22 uur; later dan 21 uur is er geen toegang meer.", "Na 21 uur kun je het zwembad niet meer in; het sluit om 22 uur."),  # nl clock vs duration reading
    ("Uitchecken moet uiterlijk 11 uur.", "Je moet om 11 uur uitgecheckt hebben."),  # uiterlijk 11 uur
    ("Check-out is vóór 11 uur.", "Je moet uiterlijk 11 uur uitchecken."),  # answer uiterlijk
    ("Tussen 12 en 14 uur is de balie gesloten.", "De balie is gesloten van 12 tot 14 uur."),  # tussen
    ("De balie is gesloten van 12 tot 14 uur.", "Tussen 12 en 14 uur is de balie gesloten."),  # answer tussen
    ("Pakketten die uiterlijk 15 uur zijn aangemeld, worden dezelfde dag opgehaald.", "Meld je pakket vóór 15 uur aan, dan wordt het dezelfde dag opgehaald."),  # uiterlijk 15
    ("Het ontbijt wordt geserveerd tot 10 uur. Later dan 10 uur kan alleen nog koffie besteld worden.", "Na 10 uur kun je alleen nog koffie bestellen; het ontbijt loopt tot 10 uur."),  # later dan
    ("La métropole compte 2,5 M d'habitants.", "La métropole compte 2,5 millions d'habitants."),  # M d'
    ("The festival drew 3 M visitors last year.", "Last year the festival drew 3 million visitors."),  # M en
    ("Das Stadion hat 1,2 M Besucher pro Saison.", "Das Stadion hat 1,2 Millionen Besucher pro Saison."),  # de M
    ("Bei Beschädigung des Fahrzeugs wird eine Entschädigung von bis zu 500 € fällig, die der Mieter trägt.", "Wenn Sie das Fahrzeug beschädigen, müssen Sie bis zu 500 € zahlen."),  # entschädigung paid by customer
    ("En cas de perte des clés, le locataire devra verser une indemnisation de 300 €.", "Si vous perdez les clés, vous devrez payer 300 €."),  # fr indemnisation paid by tenant
    ("In caso di danni, l'ospite è tenuto al risarcimento fino a 500 €.", "In caso di danni dovrai pagare fino a 500 €."),  # it risarcimento paid
    ("Kurs: 45 € pro Teilnehmer (inkl. Material).", "Der Kurs kostet pro Teilnehmer 45 € insgesamt, inklusive Material."),  # insgesamt per person
    ("Gastos de envío: 3,95 € por pedido.", "El envío cuesta 3,95 € para todos los pedidos."),  # para todos los pedidos
    ("Verzendkosten: € 3,95 per bestelling.", "De verzending kost € 3,95 voor iedereen die in Nederland woont."),  # voor iedereen
    ("Kurs: 45 € pro Person.", "Pro Person kostet der Kurs 45 € insgesamt."),  # pro Person ... insgesamt
    ("Tour: $60 per person, lunch included.", "Per person, the tour is $60 altogether, lunch included."),  # altogether
    ("会员费：30元一个月，随时可以取消。", "会员费每月30元，可以随时取消。"),  # 元一个月
    ("会员费30元一个月。", "会员费是30元/月。"),  # 元一个月 2
    ("单车月卡：25元1个月，不限次数。", "单车月卡25元/月，次数不限。"),  # 1个月
    ("Het ontbijt wordt geserveerd tot 10 uur voor alle hotelgasten.", "Het ontbijt is tot 10 uur."),  # voor = for
    ("Verzamelen om 9 uur voor de rondleiding, bij de hoofdingang.", "Je verzamelt om 9 uur bij de hoofdingang."),  # om 9 uur voor de rondleiding
    ("De winkel is op zaterdag open tot 17 uur voor particulieren en tot 12 uur voor zakelijke klanten.", "Particulieren kunnen op zaterdag tot 17 uur terecht, zakelijke klanten tot 12 uur."),  # voor particulieren
    ("Het restaurant is open tot 22 uur voor diner.", "Je kunt tot 22 uur dineren."),  # voor diner
    ("올해 축제 관람객은 3만 2000명이었습니다.", "올해 축제에는 32,000명이 방문했습니다."),  # spaced myriad remainder
    ("회원 수: 12만 5000명", "회원 수는 125,000명입니다."),  # 12만 5000명
    ("총 거리 3만 5000km를 달렸습니다.", "총 35,000km를 달렸습니다."),  # km
    ("Population de la région : 1,5 M d'habitants.", "La région compte 1,5 million d'habitants."),  # M d'
    ("Versandkosten: 4,95 € pro Bestellung.", "Der Versand kostet 4,95 € für alle Bestellungen."),  # für alle Bestellungen
]  # fmt: skip

LISTED = [
    ("월회비는 30,000원이며 가입비는 없습니다.", "연회비는 30,000원이며 가입비는 없습니다.", "30,000원"),  # hostile60: 연회비 annual fee no longer yearly
    ("월 이용료는 9,900원입니다.", "연이용료는 9,900원입니다.", "9,900원"),  # hostile60: 연이용료 unspaced yearly
    ("예금 금리는 연 3.2%입니다.", "예금 금리는 연 3%대 후반입니다.", "3%"),  # hostile60: 3.2 is not late 3s
    ("계약 해지 시 위약금은 계약금의 150%입니다.", "계약 해지 시 위약금은 계약금의 12분의 1입니다.", "12분의 1"),  # hostile60: 12분의 1 read as 150%
    ("중도 해지 시 잔여 요금의 125%가 청구됩니다.", "중도 해지 시 잔여 요금의 14분의 1이 청구됩니다.", "14분의 1"),  # hostile60: 14분의 1 read as 125%
    ("월 급여는 300만 원입니다.", "연봉은 300만 원입니다.", "300만 원"),  # hostile60: 연봉 no longer yearly
    ("대출 이자는 월 1.2%입니다.", "대출 이자는 연이율 1.2%입니다.", "1.2%"),  # hostile60: 연이율
    ("월 평균 이용료는 3만 2천 원입니다.", "월 평균 이용료는 3만 원대 후반입니다.", "3만 원"),  # hostile60: early 3s not late
    ("Infants under 24 months fly free.", "Infants up to and including 24 months fly free.", "24 months"),  # en age months
    ("Les bébés de moins de 6 mois ne sont pas admis.", "Les bébés de 6 mois ou moins ne sont pas admis.", "6 mois"),  # fr months age
    ("Offre valable pour un séjour d'au moins 7 jours.", "Offre valable pour un séjour de plus de 7 jours.", "7 jours"),  # fr days min vs over
    ("Der Rabatt gilt ab einer Mietdauer von mindestens 14 Tagen.", "Der Rabatt gilt bei einer Mietdauer von mehr als 14 Tagen.", "14 Tagen"),  # de days
    ("Les chiots de moins de 8 semaines ne peuvent pas voyager.", "Les chiots de 8 semaines ou moins ne peuvent pas voyager.", "8 semaines"),  # age weeks
]  # fmt: skip


@pytest.mark.parametrize(("context", "answer"), CLEAN)
def test_an_honest_answer_the_second_review_wrote_is_not_flagged(context: str, answer: str) -> None:
    assert flagged(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), LISTED)
def test_an_invention_the_second_review_wrote_is_flagged(context: str, answer: str, figure: str) -> None:
    assert any(figure in shown or shown in figure for shown in flagged(context, answer))

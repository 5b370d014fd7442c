"""The answer's own arithmetic, said without its signs (issue 46, round fourteen, from round 22 written blind,
whose derived figures were listed as inventions 20 times in 24): a sum of amounts the answer states where its
words say it adds ('83,40 € en total'), a difference where they say what is saved ('soit 20 € d'économie'), a count
the answer states of the amount beside it ('31,60 € pour les 4 livraisons'), or of a sum ('für 50 Gäste … 2.125,00
€'), each amount backed or derived before it, is listed as derived, and the count it computes with is not listed.
A total the arithmetic does not give, amounts of two periods added, a count of another amount, stay listed."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.tripwire_rows import flagged, listed_asked

DERIVED = [
    (
        "Les cours de piano coûtent 28 € la séance. Le forfait trimestriel comprend 10 séances pour 260 €.",
        "Combien coûtent les séances à l'unité ?",
        "À l'unité, les 10 séances du trimestre vous coûteraient 280 €.",
    ),
    (
        "Livraison : 4,90 € par livraison dans un rayon de 5 km, 7,90 € au-delà.",
        "J'habite à 8 km ; combien pour 4 livraisons ?",
        "Chaque livraison vous coûtera 7,90 €, soit 31,60 € pour les 4 livraisons.",
    ),
    (
        "| Tipo de vehículo | Inspección periódica |\n|---|---|\n| Turismo gasolina | 38,50 € |\n| Turismo diésel | 44,90 € |",
        "¿Cuánto pago por pasar la ITV del coche de gasolina y la del diésel?",
        "Pagarás 83,40 € en total: 38,50 € por el de gasolina y 44,90 € por el diésel.",
    ),
    (
        "Fingerfood: 24,50 € pro Person. Getränkepauschale: 18,00 € pro Person. Mindestbestellung: 30 Personen.",
        "Was kosten Fingerfood und Getränke für 50 Gäste?",
        "Für 50 Gäste kommen Fingerfood (24,50 €) und Getränkepauschale (18,00 €) zusammen auf 2.125,00 €.",
    ),
    (
        "Il vaccino richiede 2 dosi; ogni dose costa 98 €. La visita pre-viaggio costa 40 €.",
        "Quanto spendo in tutto, visita compresa?",
        "Tra le 2 dosi (98 € ciascuna) e la visita da 40 €, la spesa complessiva è di 236 €.",
    ),
    (
        "El seguro Completo cuesta 36 € al mes.",
        "¿Cuánto pagaría al año por el Completo?",
        "El Completo sale a 432 € al año (36 € al mes durante 12 meses).",
    ),
]

INVENTED = [
    (
        "Les cours de piano coûtent 28 € la séance. Le forfait trimestriel comprend 10 séances pour 260 €.",
        "Avec le forfait, vous payez 260 € au lieu de 280 € pour 10 séances, soit 30 € d'économie.",
        "30 €",
    ),
    (
        "Livraison : 4,90 € par livraison dans un rayon de 5 km, 7,90 € au-delà.",
        "Chaque livraison vous coûtera 7,90 €, soit 33,60 € pour les 4 livraisons.",
        "33,60 €",
    ),
    (
        "Adult day pass: €20. Child day pass: €10.",
        "For 2 adults at €20 each and 1 child at €10, you pay a total of €30.",
        "€30",
    ),
    (
        "Phone: £10 per month. Insurance: £60 per year.",
        "Phone £10 a month and insurance £60 a year, so a total of £70 a month.",
        "£70",
    ),
    (
        "Il vaccino richiede 2 dosi; ogni dose costa 98 €. La visita pre-viaggio costa 40 €.",
        "Tra le 2 dosi (98 € ciascuna) e la visita da 40 €, la spesa complessiva è di 138 €.",
        "138 €",
    ),
]


@pytest.mark.parametrize(("context", "question", "answer"), DERIVED)
def test_the_answers_own_arithmetic_is_listed_as_derived_not_flagged(context: str, question: str, answer: str) -> None:
    """The count it computes with is the question's or the context's (or the months of the year derived)."""
    listed = listed_asked(context, question, answer)
    assert [figure for status, figure in listed if status not in ("derived", "unread")] == []
    assert "derived" in {status for status, _ in listed}


def test_a_count_of_the_answers_own_stays_listed() -> None:
    """'Over four days' neither the context nor the question states: the answer's own premise, for a person to
    read; the total it prices is derived from it."""
    assert listed_asked("A compact car costs €35 per day.", "What does the compact car cost?", "Over four days the compact car comes to €140 in total.") == [("unsupported", "four days"), ("derived", "€140")]  # fmt: skip


@pytest.mark.parametrize(("context", "answer", "figure"), INVENTED)
def test_a_total_the_arithmetic_does_not_give_is_flagged(context: str, answer: str, figure: str) -> None:
    assert figure in flagged(context, answer)


def _euros(cents: int) -> str:
    return f"{Decimal(cents) / 100:.2f}".replace(".", ",") + " €"


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=150, max_value=9_999), st.integers(min_value=2, max_value=12), st.integers(min_value=1, max_value=500))  # fmt: skip
def test_a_count_of_a_price_is_derived_exactly_when_the_product_is_right(cents: int, count: int, off: int) -> None:
    """In French, for any price and count: 'N billets à P chacun, soit T au total' is derived when T = N × P, and
    flagged when T is off by any amount."""
    context, question = f"Le billet coûte {_euros(cents)} par personne.", f"Combien pour {count} personnes ?"
    right = f"Pour {count} personnes à {_euros(cents)} chacune, cela fait {_euros(cents * count)} au total."
    wrong_total = _euros(cents * count + off)
    wrong = f"Pour {count} personnes à {_euros(cents)} chacune, cela fait {wrong_total} au total."
    assert [f for status, f in listed_asked(context, question, right) if status not in ("derived", "unread")] == []
    assert ("unsupported", wrong_total) in listed_asked(context, question, wrong)


# hostile81's probes of 7aee8d7, each wrong on that commit: an invented count premise, a count of a number the
# context states of something else, a count of another price, a price per room counted by people, 'almeno'.
ATTACKED = [
    (
        "Camera doppia: 120 € a notte (prezzo per camera, colazione inclusa per 2 persone).",
        "Siamo in 2, quanto per una notte?",
        "Per 2 persone la camera doppia costa 240 € a notte in totale.",
        "240 €",
    ),
    (
        "Entrada adulto: 25 €. Entrada infantil (hasta 12 años): 20 €.",
        "¿Cuánto cuestan 3 entradas infantiles?",
        "Las 3 entradas infantiles, a 20 € cada una, suman 75 € en total.",
        "75 €",
    ),
    (
        "Cabin: €100 per night. Sleeps up to 4 guests. Minimum stay: 2 nights.",
        "What's the least I'd pay?",
        "The minimum stay is 4 nights, so at €100 a night you'd pay at least €400 in total.",
        "4 nights",
    ),
    (
        "Tarif Flex: 30 € im Monat. Mindestlaufzeit: 6 Monate.",
        "Was kostet mich der Tarif mindestens?",
        "Die Mindestlaufzeit beträgt 3 Monate, insgesamt zahlen Sie also mindestens 90 €.",
        "3 Monate",
    ),
    (
        "Gym membership: £25 per month. Minimum term: 6 months.",
        "What's the minimum commitment?",
        "The minimum term is 12 months, so you commit to £300 in total.",
        "12 months",
    ),
    (
        "Alquiler de coche compacto: 35 € al día. Alquiler mínimo: 3 días.",
        "¿Cuál es el alquiler mínimo?",
        "El alquiler mínimo es de 7 días, así que pagarías como mínimo 245 € en total.",
        "7 días",
    ),
    (
        "Pacchetto weekend: 110 €. Tariffa giornaliera: 80 €. Cauzione: 50 €.",
        "Quanto devo lasciare di cauzione?",
        "Il pacchetto weekend costa 110 € e la tariffa giornaliera 80 €; in più serve una cauzione di almeno 30 €.",
        "30 €",
    ),
    (
        "아메리카노 4,500원, 카페라떼 5,000원.",
        "아메리카노 3잔이면 얼마예요?",
        "아메리카노 3잔은 총 15,000원입니다.",
        "15,000원",
    ),
    (
        "Location : 45 € par nuit. Caution : 50 €. Ménage : 30 €.",
        "Combien pour 2 nuits ?",
        "Pour 2 nuits, vous payez 90 €, soit 45 € par nuit, plus une caution de 60 €.",
        "60 €",
    ),
    (
        "Plano Academia: R$ 99 por mês. Fidelidade mínima: 6 meses.",
        "Qual é o compromisso mínimo?",
        "A fidelidade mínima é de 12 meses, ou seja, R$ 1.188 no total.",
        "12 meses",
    ),
    (
        "Sportschool: € 30 per maand. Minimale looptijd: 6 maanden.",
        "Wat is de minimale verplichting?",
        "De minimale looptijd is 12 maanden, dus in totaal € 360.",
        "12 maanden",
    ),
    (
        "헬스장 월 회비 50,000원, 최소 약정 6개월.",
        "최소 약정 금액은 얼마인가요?",
        "최소 약정은 12개월이라 총 600,000원입니다.",
        "12개월",
    ),
    (
        "ジム月会費 8,000円。最低利用期間 6か月。",
        "最低いくら払いますか？",
        "最低利用期間は12か月なので、合計96,000円です。",
        "12か月",
    ),
    ("健身房月费300元，最短合约期6个月。", "最少要付多少钱？", "最短合约期为12个月，一共3600元。", "12个月"),
    (
        "Appartamento: 90 € a notte, fino a 5 ospiti. Soggiorno minimo: 2 notti.",
        "Qual è la spesa minima?",
        "Il soggiorno minimo è di 5 notti, quindi in totale spendi almeno 450 €.",
        "5 notti",
    ),
    (
        "Gîte : 80 € la nuit, jusqu'à 6 personnes. Séjour minimum : 2 nuits.",
        "Quel est le prix minimum ?",
        "Le séjour minimum est de 6 nuits, soit 480 € au total.",
        "6 nuits",
    ),
    (
        "Standardzimmer: 90 € pro Nacht. Superior-Zimmer: 120 € pro Nacht.",
        "Was kosten 3 Nächte im Standardzimmer?",
        "3 Nächte im Standardzimmer kosten insgesamt 360 €.",
        "360 €",
    ),
    ("美式咖啡18元，拿铁25元。", "3杯美式多少钱？", "3杯美式一共75元。", "75元"),
    (
        "Diária quarto standard: R$ 250. Diária quarto luxo: R$ 400.",
        "Quanto custam 2 diárias no standard?",
        "2 diárias no quarto standard custam R$ 800 no total.",
        "R$ 800",
    ),
]


# hostile82's probes of the round (2283ebd), each wrong there: floors that are rules, ratios that are ratios, a
# count taken for the question's number of something else, a span forgiven before the figure it explains.
ROUND_ATTACKED = [
    (
        "Shipping: free standard delivery on orders of $55 or more. Orders under $55 pay a flat $4.95.",
        "Do I get free shipping?",
        "Yes, standard delivery is free on orders over $50.",
        "$50",
    ),
    (
        "Mindestbestellwert: 22 €. Lieferung innerhalb von 30 Minuten.",
        "Gibt es einen Mindestbestellwert?",
        "Ja, Sie müssen für mehr als 20 € bestellen.",
        "20 €",
    ),
    (
        "Para alquilar un coche, el conductor debe tener al menos 21 años y un carné con 2 años de antigüedad.",
        "¿Qué edad mínima piden?",
        "El conductor debe tener más de 20 años y un carné con 2 años de antigüedad.",
        "20 años",
    ),
    (
        "Spedizione gratuita per ordini a partire da 55 €; sotto tale soglia il costo è di 5,90 €.",
        "La spedizione è gratuita?",
        "Sì, la spedizione è gratuita per gli ordini superiori a 50 €.",
        "50 €",
    ),
    ("Idade mínima para a atividade: 21 anos.", "Qual a idade mínima?", "É preciso ter mais de 20 anos.", "20 anos"),
    (
        "送料無料：5,500円以上のご注文。5,500円未満の場合は送料550円がかかります。",
        "送料は無料ですか？",
        "5,000円を超えるご注文で送料無料になります。",
        "5,000円",
    ),
    ("满550元包邮，不满550元收取运费15元。", "包邮吗？", "订单超过500元即可包邮。", "500元"),
    (
        "55,000원 이상 구매 시 무료배송, 미만 시 배송비 3,000원이 부과됩니다.",
        "무료배송 기준이 뭐예요?",
        "50,000원이 넘는 주문은 무료배송입니다.",
        "50,000원",
    ),
    (
        "A deposit of at least 105 € is required at booking.",
        "How much deposit?",
        "You need to pay a deposit of more than 100 € when booking.",
        "100 €",
    ),
    ("参加试用的20人中15人表示满意。", "满意度如何？", "试用者中有75%表示满意。", None),
    ("체험단 20명 중 15명이 만족했다고 답했습니다.", "만족도는요?", "체험단의 75%가 만족했다고 답했습니다.", None),
    ("モニター40人中30人が「効果を実感」と回答。", "効果は？", "モニターの75%が効果を実感したと回答しています。", None),
    (
        "응답자의 35%가 주 3회 이상 운동한다고 답했습니다.",
        "얼마나 운동하나요?",
        "응답자 20명 중 7명꼴로 주 3회 이상 운동합니다.",
        None,
    ),
    (
        "回答者の35%が週3回以上運動していると答えました。",
        "運動頻度は？",
        "回答者の20人に7人が週3回以上運動しています。",
        None,
    ),
    (
        "Double room: €90 per night, breakfast included. Minimum stay 3 nights.",
        "We are 2 adults, how much for the stay?",
        "The minimum stay costs €180 in total (2 nights at €90 per night).",
        "€180",
    ),
    (
        "Chambre double : 90 € la nuit, petit-déjeuner compris. Séjour minimum de 3 nuits.",
        "Nous sommes 2 adultes, combien pour le séjour minimum ?",
        "Le séjour minimum revient à 180 € au total (2 nuits à 90 €).",
        "180 €",
    ),
    (
        "Doppelzimmer: 90 € pro Nacht inkl. Frühstück. Mindestaufenthalt 3 Nächte.",
        "Wir sind 2 Erwachsene, was kostet der Mindestaufenthalt?",
        "Der Mindestaufenthalt kostet insgesamt 180 € (2 Nächte zu je 90 €).",
        "180 €",
    ),
    (
        "Habitación doble: 90 € por noche, desayuno incluido. Estancia mínima de 3 noches.",
        "Somos 2 adultos, ¿cuánto cuesta la estancia mínima?",
        "La estancia mínima cuesta 180 € en total (2 noches a 90 €).",
        "180 €",
    ),
    (
        "双人间每晚600元，含早餐。最少入住3晚。",
        "我们2个大人，最少要花多少？",
        "最少入住共需1200元（2晚，每晚600元）。",
        "1200元",
    ),
    (
        "ダブルルーム：1泊9,000円（朝食付き）。最低3泊から。",
        "大人2名で最低いくらかかりますか？",
        "最低料金は合計18,000円です（2泊×9,000円）。",
        "2泊",
    ),
    (
        "더블룸: 1박 90,000원(조식 포함). 최소 3박부터 예약 가능합니다.",
        "성인 2명인데 최소 얼마예요?",
        "최소 요금은 총 180,000원입니다(2박 × 90,000원).",
        "2박",
    ),
    (
        "Gym membership: £25 per month. Minimum term: 6 months.",
        "What's the minimum I'd pay per year?",
        "The minimum term is 12 months, so you commit to £300 per year.",
        "12 months",
    ),
]


# hostile83's probes of 80f4b56, each wrong there: a count of a thing the tables do not know against a price per
# another, the question's count of people said as covers or diners, a fee taken from a refund in CJK, '세액공제',
# 'one and a half million'.
LAST_ATTACKED = [
    (
        "Canoe rental: $60 per canoe per day. Each canoe seats two.",
        "How much for 4 paddlers for one day?",
        "For 4 paddlers it comes to $240 for the day.",
        "$240",
    ),
    (
        "Kajakverleih: 35 € pro Boot und Tag (Zweier-Kajak).",
        "Was kostet es für 4 Paddler einen Tag?",
        "Für 4 Paddler zahlen Sie 140 € pro Tag.",
        "140 €",
    ),
    ("Menu du midi : 18 € par personne.", "Combien pour 6 personnes ?", "Pour 6 couverts, comptez 108 €.", None),
    ("Menu degustazione: 55 € a persona.", "Quanto costa per 4 ospiti?", "Per 4 persone il totale è 220 €.", None),
    (
        "Roof rack rental: $25 per car per day (carries up to 3 bikes).",
        "How much for our 3 bikes for a day?",
        "For 3 bikes it's $75 for the day.",
        "$75",
    ),
    (
        "The project received a grant of $500,000.",
        None,
        "The project received a grant of one and a half million dollars.",
        "one and a half million dollars",
    ),
    (
        "연금저축 납입액의 16.5%를 연말정산 때 돌려받을 수 있습니다.",
        None,
        "연금저축 납입액의 16.5%를 세액공제 받을 수 있습니다.",
        None,
    ),
    ("환불 시 수수료 3,000원을 공제합니다.", None, "수수료 3,000원은 환불 금액에서 공제됩니다.", None),
    ("退款时扣除 5 元手续费。", None, "5 元手续费将从退款中扣除。", None),
    ("返金時に手数料500円を差し引きます。", None, "手数料500円は返金額から差し引かれます。", None),
    (
        "의료비는 총급여의 3%를 넘는 금액에 대해 15%를 돌려받을 수 있습니다.",
        None,
        "총급여의 3%를 넘는 의료비는 15%를 세액공제 받을 수 있습니다.",
        None,
    ),
    ("退租时扣除 200 元清洁费，余款退还。", None, "200 元清洁费会从押金退还款中扣除。", None),
    ("返品の場合、送料800円を差し引いて返金します。", None, "送料800円は返金額から差し引かれます。", None),
    ("Menú degustación: 48 € por persona.", "¿Cuánto sale para 5 comensales?", "Para 5 personas son 240 €.", None),
    (
        "Aluguel de bicicleta-tandem: R$ 80 por bicicleta por dia.",
        "Quanto custa para 4 ciclistas por um dia?",
        "Para 4 ciclistas, o total é R$ 320 por dia.",
        "R$ 320",
    ),
]


@pytest.mark.parametrize(("context", "question", "answer", "figure"), [*ATTACKED, *ROUND_ATTACKED, *LAST_ATTACKED])
def test_the_reviews_probes(context: str, question: str | None, answer: str, figure: str | None) -> None:
    """Each wrong on the commit its review attacked: the figure named is flagged, or nothing is."""
    flags = [f for status, f in listed_asked(context, question or "", answer) if status not in ("derived", "unread")]
    assert any(figure in f or f in figure for f in flags) if figure else flags == []

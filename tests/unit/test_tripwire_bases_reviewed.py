"""The probes of round fifteen's first review (hostile85) of what a price is per: a unit written two ways, a
laid-out row's cells, a price for the whole group or room, for two, for a portion, per a pair. Each is a
regression the review found and this round mended, or a case the change did not reach before and reaches now:
the figure named is listed (a probe may list others beside it), or (None) nothing is.

Left out, and known: a price per a thing hired whole said as the group's ('€250 per tour (up to 8 people)' as
'for the whole group') and 'per couple' said as 'per pair' are listed; the second review (hostile86) showed the
readings that let them pass let '35 € pro Fahrrad' pass as the group's and '£18 per pair' as two people's."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged_asked

PROBES = [
    pytest.param(
        "Membership: Monthly · £20 · Annual · £200",
        None,
        "Annual membership is £200 per month.",
        "£200",
        id="cell-en-dot-annual-inv",
    ),
    pytest.param(
        "Fresh salmon fillets: $12.99/lb.", None, "Salmon fillets are $12.99 per pound.", None, id="unit-en-lb-pound-ok"
    ),
    pytest.param("快递续重：8元/千克。", None, "续重每公斤8元。", None, id="unit-zh-qianke-gongjin-ok"),
    pytest.param("送料：1kgあたり300円。", None, "送料は1キロあたり300円です。", None, id="unit-ja-kg-kiro-ok"),
    pytest.param("배송비: kg당 2,000원", None, "배송비는 킬로그램당 2,000원입니다.", None, id="unit-ko-kg-kilo-ok"),
    pytest.param("경유 가격: 리터당 1,650원", None, "경유는 L당 1,650원입니다.", None, id="unit-ko-liter-ok"),
    pytest.param(
        "Hors forfait : 10 € par gigaoctet supplémentaire.",
        None,
        "Au-delà du forfait, c'est 10 €/Go.",
        None,
        id="unit-fr-go-ok",
    ),
    pytest.param("Miete: 14,50 € pro Quadratmeter.", None, "Die Miete beträgt 14,50 €/m².", None, id="unit-de-qm-ok"),
    pytest.param(
        "Alquiler: 12 € por metro cuadrado al mes.", None, "El alquiler es de 12 €/m² al mes.", None, id="unit-es-m2-ok"
    ),
    pytest.param("Tessuto: 18 € al metro.", None, "Il tessuto costa 18 €/m.", None, id="unit-it-metro-ok"),
    pytest.param("Curtain fabric: £18 per metre.", None, "The curtain fabric is £18/m.", None, id="unit-en-metre-m-ok"),
    pytest.param(
        "Pricing\nMonthly | £20\nAnnual | £200",
        None,
        "The annual option is £200 per month.",
        "£200",
        id="cell-en-pipe-plain-annual-inv",
    ),
    pytest.param(
        "Pro plan · Billed yearly · $96", None, "The Pro plan is $96 a month.", "$96", id="cell-en-dot-card-yearly-inv"
    ),
    pytest.param(
        "Mitgliedschaft: Monatlich · 25 € · Jährlich · 240 €",
        None,
        "Die Mitgliedschaft kostet jährlich 240 € pro Monat.",
        "240 €",
        id="cell-de-dot-jahr-inv",
    ),
    pytest.param(
        "Cotisation annuelle | 45 €\nLicence | 30 €",
        None,
        "La cotisation est de 45 € par mois.",
        "45 €",
        id="cell-fr-pipe-an-inv",
    ),
    pytest.param("会员费用\n年费 | 365元\n月费 | 45元", None, "会员每月365元。", "365元", id="cell-zh-pipe-year-inv"),
    pytest.param(
        "料金：月額 · 980円 ／ 年額 · 9,800円",
        None,
        "年額プランは月9,800円です。",
        "9,800円",
        id="cell-ja-dot-month-inv",
    ),
    pytest.param(
        "연회비 | 120,000원\n월회비 | 12,000원",
        None,
        "회비는 월 120,000원입니다.",
        "120,000원",
        id="cell-ko-pipe-year-inv",
    ),
    pytest.param(
        "Half board: £75 per person per night.",
        None,
        "Half board is £75 per night for the room.",
        "£75",
        id="whole-en-room-perperson-inv",
    ),
    pytest.param(
        "Visite guidée : 12 € par personne.",
        None,
        "La visite guidée coûte 12 € pour l'ensemble du groupe.",
        "12 €",
        id="whole-fr-groupe-inv",
    ),
    pytest.param(
        "Visita guidata: 10 € a persona.",
        None,
        "La visita guidata costa 10 € per il gruppo.",
        "10 €",
        id="whole-it-gruppo-inv",
    ),
    pytest.param(
        "Visita guiada: R$ 40 por pessoa.",
        None,
        "A visita guiada custa R$ 40 para o grupo todo.",
        "R$ 40",
        id="whole-pt-grupo-inv",
    ),
    pytest.param(
        "Visita guiada: R$ 40 por pessoa.",
        None,
        "A visita guiada custa R$ 40 para todo o grupo.",
        "R$ 40",
        id="whole-pt-grupo2-inv",
    ),
    pytest.param(
        "The workshop costs £40 per person; a group of 6 pays £240 in total.",
        None,
        "The workshop is £40 for the group.",
        "£40",
        id="whole-en-group-total-inv",
    ),
    pytest.param(
        "Menú degustación: 45 € por persona.",
        None,
        "El menú cuesta 45 € para los dos y incluye vino.",
        "45 €",
        id="two-es-conj-inv",
    ),
    pytest.param(
        "Menu degustação: R$ 180 por pessoa.",
        None,
        "O menu custa R$ 180 para os dois e inclui vinho.",
        "R$ 180",
        id="two-pt-conj-inv",
    ),
    pytest.param(
        "Proeverij: € 35 per persoon.",
        None,
        "De proeverij kost € 35 voor jullie tweeën en dat is inclusief wijn.",
        "€ 35",
        id="two-nl-conj-inv",
    ),
    pytest.param(
        "Weinprobe: 35 € pro Person.",
        None,
        "Die Weinprobe kostet 35 € für Sie beide und dauert zwei Stunden.",
        "35 €",
        id="two-de-conj-inv",
    ),
    pytest.param(
        "Couples massage: £120 per person.",
        None,
        "The couples massage is £120 for both of you.",
        "£120",
        id="two-en-both-of-you-inv",
    ),
    pytest.param(
        "Massaggio di coppia: 80 € a persona.",
        None,
        "Il massaggio di coppia costa 80 € per voi due e dura un'ora.",
        "80 €",
        id="two-it-entrambi-inv",
    ),
    pytest.param(
        "入館料：大人1,000円/子ども（小学生以下）500円",
        None,
        "大人は1人あたり1,000円、子どもは500円です。",
        None,
        id="slash-ja-kodomo-bracket",
    ),
    pytest.param(
        "门票：成人100元/儿童（1.2米以下）50元",
        None,
        "成人门票每人100元，儿童50元。",
        None,
        id="slash-zh-ertong-bracket",
    ),
    pytest.param("包车：800元/车（含司机1人）", None, "包车每人800元。", "800元", id="slash-zh-che-bracket-inv"),
    pytest.param(
        "刺身盛り合わせ（5〜6名様分）4,800円",
        None,
        "刺身盛り合わせは1名様あたり4,800円です。",
        "4,800円",
        id="portion-ja-perperson-inv",
    ),
    pytest.param("모둠회 4인분 32,000원", None, "모둠회는 1인 32,000원이에요.", "32,000원", id="portion-ko-1in-inv"),
    pytest.param("烤鸭套餐（4人份）298元", None, "烤鸭套餐每人298元。", "298元", id="portion-zh-perperson-inv"),
    pytest.param(
        "ホールケーキ 5号（4〜6名様分）：3,800円",
        None,
        "5号のホールケーキは1台3,800円です。",
        None,
        id="portion-ja-capacity-per",
    ),
    pytest.param(
        "Tarima flotante: 24 € por metro cuadrado.",
        None,
        "La tarima flotante cuesta 24 €/m.",
        "24 €",
        id="sqm-es-cuadrado-m-inv",
    ),
    pytest.param(
        "Parquet: 35 € al metro quadro.",
        None,
        "Il parquet costa 35 € al metro lineare.",
        "35 €",
        id="sqm-it-quadro-m-inv",
    ),
    pytest.param(
        "Parquet chêne : 39 € par mètre carré.", None, "Le parquet chêne coûte 39 €/m.", "39 €", id="sqm-fr-carre-m-inv"
    ),
    pytest.param(
        "Piso laminado: R$ 59 por metro quadrado.",
        None,
        "O piso laminado custa R$ 59/m.",
        "R$ 59",
        id="sqm-pt-quadrado-m-inv",
    ),
    pytest.param(
        "Tarima flotante: 24 € por metro cuadrado.",
        None,
        "La tarima flotante cuesta 24 €/m².",
        None,
        id="sqm-es-cuadrado-m2-ok",
    ),
    pytest.param(
        "Parquet chêne : 39 € par mètre carré.", None, "Le parquet chêne coûte 39 €/m².", None, id="sqm-fr-carre-m2-ok"
    ),
    pytest.param(
        "Family package: £360 in total for three connecting rooms, breakfast included.",
        None,
        "The family package costs £360 per room, breakfast included.",
        "£360",
        id="total-en-room-inv",
    ),
    pytest.param(
        "Familienpaket: 360 € pauschal für drei Zimmer.",
        None,
        "Das Familienpaket kostet 360 € pro Zimmer.",
        "360 €",
        id="total-de-zimmer-inv",
    ),
    pytest.param(
        "Forfait famille : 360 € au total pour trois chambres.",
        None,
        "Le forfait famille coûte 360 € par chambre.",
        "360 €",
        id="total-fr-chambre-inv",
    ),
    pytest.param(
        "Hire period | Price\nWeekly | £300\nDaily | £60",
        None,
        "Hire costs £300 per day.",
        "£300",
        id="cell-en-pipe-row-weekly-inv",
    ),
    pytest.param(
        "Cuota: Mensual · 15 € · Anual · 150 €",
        None,
        "La cuota anual es de 150 € al mes.",
        "150 €",
        id="cell-es-dot-anual-inv",
    ),
    pytest.param(
        "Abbonamento annuale | 300 €\nAbbonamento mensile | 30 €",
        None,
        "L'abbonamento annuale costa 300 € al mese.",
        "300 €",
        id="cell-it-pipe-annuale-inv",
    ),
    pytest.param(
        "Plano anual · R$ 199 · Plano mensal · R$ 19,90",
        None,
        "O plano anual custa R$ 199 por mês.",
        "R$ 199",
        id="cell-pt-dot-anual-inv",
    ),
    pytest.param(
        "입장료: 성인 15,000원/어린이(만 12세 이하) 8,000원",
        None,
        "성인 입장료는 인당 15,000원이고 어린이는 8,000원입니다.",
        None,
        id="slash-ko-adult-bracket2",
    ),
    pytest.param(
        "票价：单程30元/儿童（1.2米以下）免费", None, "单程票价每人30元。", None, id="slash-zh-child-bracket-ok2"
    ),
    pytest.param(
        "宿泊料金：12,000円/室（朝食付き）",
        None,
        "宿泊料金はお一人様12,000円で朝食付きです。",
        "12,000円",
        id="slash-ja-room-bracket-inv",
    ),
]


@pytest.mark.parametrize(("context", "question", "answer", "figure"), PROBES)
def test_the_reviews_probes(context: str, question: str | None, answer: str, figure: str | None) -> None:
    flagged = flagged_asked(context, question, answer)
    assert (figure in flagged) if figure else flagged == []

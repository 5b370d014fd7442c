"""The probes of round fifteen's third review (hostile87): a share's counts, a CJK bracket after a '/' noun, a
time before a thousands group, a portion, an evening time in French words, a measure per a length of time, Dutch
negation. Each is a regression the review found and this round mended, or a case the change did not reach before
and reaches now: the figure named is listed (a probe may list others beside it), or (None) nothing is.

Left, and known: a share's whole said exactly ('57명 중 53명' as '응시자는 57명') is listed: a share backs its part
said exactly, and either count only hedged, as the whole said of the part ('57명이 합격') is an invention."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged_asked

PROBES = [
    pytest.param(
        "Equipaje facturado: cada maleta no puede superar los 23 kg a la hora de facturar en el mostrador.",
        None,
        "Cada maleta facturada puede pesar como máximo 23 kg.",
        None,
        id="cmp-es-alahora-bag-fa",
    ),
    pytest.param(
        "Cada maleta facturada puede pesar como máximo 23 kg.",
        None,
        "Tenga en cuenta que la maleta no puede superar los 23 kg a la hora de facturar.",
        None,
        id="cmp-es-alahora-ans-fa",
    ),
    pytest.param(
        "Water newly planted trees with 10 litres every second day during the first summer.",
        None,
        "During the first summer, give new trees 10 litres of water every other day.",
        None,
        id="cmp-en-everysecond-fa",
    ),
    pytest.param(
        "Il menù del giorno prevede una porzione di 200 g all'ora di pranzo, dal lunedì al venerdì.",
        None,
        "A pranzo, dal lunedì al venerdì, il menù del giorno prevede una porzione da 200 g.",
        None,
        id="cmp-it-allora-pranzo-fa",
    ),
    pytest.param(
        "Le colis de 5 kg à l'heure prévue est livré sans frais supplémentaires.",
        None,
        "Un colis de 5 kg livré à l'heure prévue n'entraîne aucun frais supplémentaire.",
        None,
        id="cmp-fr-alheure-fa",
    ),
    pytest.param(
        "The pump delivers 40 litres per minute at full pressure.",
        None,
        "At full pressure the pump delivers 40 L/min.",
        None,
        id="cmp-en-lpm-ok",
    ),
    pytest.param(
        "The pump delivers 40 L/min at full pressure.",
        None,
        "At full pressure the pump moves 40 litres every minute.",
        None,
        id="cmp-en-every-ok",
    ),
    pytest.param(
        "The pump delivers 40 L/min at full pressure.",
        None,
        "At full pressure the pump moves 40 litres a minute.",
        None,
        id="cmp-en-aminute-ok",
    ),
    pytest.param(
        "La bomba impulsa 40 L/min a plena presión.",
        None,
        "A plena presión la bomba impulsa 40 litros por minuto.",
        None,
        id="cmp-es-porminuto-ok",
    ),
    pytest.param(
        "Die Pumpe fördert 40 l/min bei vollem Druck.",
        None,
        "Bei vollem Druck fördert die Pumpe 40 Liter pro Sekunde.",
        "40 Liter pro Sekunde",
        id="cmp-de-prominute-inv",
    ),
    pytest.param(
        "La pompe débite 40 L/min à pleine pression.",
        None,
        "À pleine pression, la pompe débite 40 litres à la minute.",
        None,
        id="cmp-fr-alaminute-ok",
    ),
    pytest.param(
        "De pomp levert 40 l/min bij volle druk.",
        None,
        "Bij volle druk levert de pomp 40 liter per minuut.",
        None,
        id="cmp-nl-perminuut-ok",
    ),
    pytest.param(
        "A bomba fornece 40 L/min em pressão máxima.",
        None,
        "Em pressão máxima a bomba fornece 60 litros por minuto.",
        "60 litros por minuto",
        id="cmp-pt-porminuto-inv",
    ),
    pytest.param(
        "The camera records about 100 GB/h in 8K mode.",
        None,
        "In 8K mode it records roughly 100 GB an hour.",
        None,
        id="unit-en-gbhr-hedge-ok",
    ),
    pytest.param(
        "In modalità 8K la fotocamera registra 100 GB all'ora.",
        None,
        "In modalità 8K registra circa 100 GB/h.",
        None,
        id="unit-it-gb-hedge-ok",
    ),
    pytest.param(
        "In 8K mode the camera writes 6 GB per minute.",
        None,
        "In 8K mode the camera writes about 6 GB per second.",
        "6 GB per second",
        id="unit-en-gb-inv",
    ),
    pytest.param("응시자 57명 중 53명이 합격했습니다.", None, "53명이 합격했습니다.", None, id="share-ko-exact-ok"),
    pytest.param(
        "응시자 100명 중 87명이 합격했습니다.", None, "87명이 합격했습니다.", None, id="share-ko-round-exact-ok"
    ),
    pytest.param(
        "Secondo il sondaggio, 3 clienti su 12 hanno segnalato ritardi.",
        None,
        "Secondo il sondaggio, circa 12 clienti hanno segnalato ritardi.",
        "12 clienti",
        id="share-it-small-inv",
    ),
    pytest.param(
        "今年度の試験では受験者40人中30人が合格しました。",
        None,
        "今年度は30人が合格しました。",
        None,
        id="share-ja-exact-ok",
    ),
    pytest.param(
        "Au total, 53 sur 57 candidats ont été admis.",
        None,
        "53 candidats ont été admis.",
        None,
        id="share-fr-exact-ok",
    ),
    pytest.param("응시자 57명 중 53명이 합격했습니다.", None, "57명이 합격했습니다.", "57명", id="share-ko-swap-inv"),
    pytest.param(
        "Wanderkarte Harz, Maßstab 1 : 25 000, Preis 12,90 €.",
        None,
        "Die Wanderkarte Harz im Maßstab 1:25.000 kostet 12,90 €.",
        None,
        id="time-de-scale-fa",
    ),
    pytest.param(
        "The Explorer maps are printed at a scale of 1 to 25,000 and cost £10.99.",
        None,
        "The Explorer maps are 1:25,000 scale and cost £10.99.",
        None,
        id="time-en-scale-fa",
    ),
    pytest.param(
        "Carte IGN TOP 25 au 1/25 000 : 13,90 €.",
        None,
        "La carte IGN TOP 25 (échelle 1:25.000) coûte 13,90 €.",
        None,
        id="time-fr-scale-fa",
    ),
    pytest.param(
        "Das Risiko einer schweren allergischen Reaktion liegt bei etwa 1 zu 10.000 Impfungen.",
        None,
        "Eine schwere allergische Reaktion tritt bei etwa 1:10.000 Impfungen auf.",
        None,
        id="time-de-risk-fa",
    ),
    pytest.param(
        "套餐价格：套餐3：12,800 RMB（含税）", None, "套餐3的价格是12,800 RMB（含税）。", None, id="time-zh-rmb-fa"
    ),
    pytest.param(
        "Package prices: Package 3:12,800 RMB per person.",
        None,
        "Package 3 costs 12,800 RMB per person.",
        None,
        id="time-en-rmb-fa",
    ),
    pytest.param(
        "Private airport transfer: €90 per vehicle (up to 4 passengers).",
        None,
        "A private airport transfer costs €90 for 6 people.",
        "€90",
        id="ppl-en-van-inv",
    ),
    pytest.param(
        "Fermeture des portes à 21h30.",
        None,
        "Les portes ferment à 21h30, soit neuf heures et demie du soir.",
        None,
        id="demi-fr-soit-ok",
    ),
    pytest.param(
        "Posología para adultos: tomar 10 ml a la hora de acostarse.",
        None,
        "Los adultos deben tomar 10 ml antes de dormir.",
        None,
        id="cmp-es-acostarse-fa",
    ),
    pytest.param(
        "Posologie adulte : 5 ml à l'heure du coucher.",
        None,
        "Chez l'adulte, la dose est de 5 ml au coucher.",
        None,
        id="cmp-fr-coucher-fa",
    ),
    pytest.param(
        "Si consiglia una porzione di 150 g all'ora di cena.",
        None,
        "A cena si consiglia una porzione da 150 g.",
        None,
        id="cmp-it-cena-fa",
    ),
    pytest.param(
        "El menú infantil incluye una ración de 250 g a la hora de comer.",
        None,
        "En el almuerzo, el menú infantil incluye una ración de 250 g.",
        None,
        id="cmp-es-comer-fa",
    ),
    pytest.param(
        "The shredder processes 3 kg per minute.",
        None,
        "The shredder handles 3 kg a minute.",
        None,
        id="cmp-en-3kg-aminute-ok",
    ),
    pytest.param(
        "A bomba fornece 40 L/min em pressão máxima.",
        None,
        "Em pressão máxima, a bomba fornece 40 litros por minuto.",
        None,
        id="cmp-pt-porminuto-ok",
    ),
    pytest.param(
        "La pompa eroga 40 l/min alla massima pressione.",
        None,
        "Alla massima pressione la pompa eroga 40 litri al minuto.",
        None,
        id="cmp-it-alminuto-ok",
    ),
    pytest.param(
        "Die Pumpe fördert 40 l/min bei vollem Druck.",
        None,
        "Bei vollem Druck fördert die Pumpe 40 Liter pro Minute.",
        None,
        id="cmp-de-prominute-ok",
    ),
]


@pytest.mark.parametrize(("context", "question", "answer", "figure"), PROBES)
def test_the_reviews_probes(context: str, question: str | None, answer: str, figure: str | None) -> None:
    flagged = flagged_asked(context, question, answer)
    assert (figure in flagged) if figure else flagged == []

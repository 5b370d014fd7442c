"""Which item of a list a figure is said of (issue 46, round 18: items.py): a value the context states of one
item, said of another, is listed as said of something else — named in the claim's own part ('Il piano Smart …
costa 2,49 €' of 'Basic … 2,49 €; Smart … 3,99 €'), or by the record (a sentence or a semicolon's part stating
one item's figures) named right after it or nearest before it ('大号储物柜每月150元，押金100元' of '小号…押金100元；
大号…押金200元'). An honest answer about the same list lists nothing: a sum of two items, the far side of a
comparison, a name spent on the figure it was said with, a list's head on its first item. And a range's two
ends are one figure to read, listed once."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.tripwire_rows import listed


@pytest.mark.parametrize(
    ("context", "honest", "swapped", "figure"),
    [
        ("Piani: Basic, 50 GB a 2,49 € al mese; Smart, 200 GB a 3,99 € al mese; Max, 1 TB a 7,99 € al mese.",
         "Il piano Smart da 200 GB costa 3,99 € al mese.", "Il piano Smart da 200 GB costa 2,49 € al mese.", "2,49 €"),
        ("小号储物柜每月80元，押金100元；大号储物柜每月150元，押金200元。",
         "大号储物柜每月150元，押金200元。", "大号储物柜每月150元，押金100元。", "100元"),
        ("Clínica Centro: consulta R$ 180,00, retorno R$ 90,00. Clínica Norte: consulta R$ 150,00, retorno R$ 75,00.",
         "Na Clínica Norte, a consulta custa R$ 150,00 e o retorno R$ 75,00.",
         "Na Clínica Norte, a consulta custa R$ 150,00 e o retorno R$ 90,00.", "R$ 90,00"),
        ("Parkhaus Nord: erste Stunde 2,00 €, Tageshöchstsatz 12,00 €. Parkhaus Süd: erste Stunde 1,50 €, Tageshöchstsatz 8,00 €.",
         "Im Parkhaus Süd kostet die erste Stunde 1,50 €, der Tageshöchstsatz liegt bei 8,00 €.",
         "Im Parkhaus Süd kostet die erste Stunde 1,50 €, der Tageshöchstsatz liegt bei 12,00 €.", "12,00 €"),
        # read before this round too, and kept
        ("Tarieven: dagopvang € 9,80 per uur, peuteropvang € 8,95 per uur, bso € 8,40 per uur.",
         "Voor de peuteropvang betaalt u € 8,95 per uur.", "Voor de peuteropvang betaalt u € 9,80 per uur.", "€ 9,80"),
        ("Repairs: screen replacement £149, battery replacement £69, camera repair £99.",
         "A battery replacement costs £69.", "A battery replacement costs £99.", "£99"),
        ("料金：洗車1,200円、室内清掃2,500円、ワックス3,800円。", "室内清掃は2,500円です。", "室内清掃は3,800円です。", "3,800円"),
        ("Tarifs : lavage extérieur 12 €, lavage complet 25 €, lustrage 40 €.",
         "Le lavage complet coûte 25 €.", "Le lavage complet coûte 12 €.", "12 €"),
        ("Cuotas: socio adulto 45 € al mes, socio juvenil 30 € al mes, socio senior 35 € al mes.",
         "La cuota de socio juvenil es de 30 € al mes.", "La cuota de socio juvenil es de 45 € al mes.", "45 €"),
        ("세차 요금: 외부 세차 15,000원, 실내 세차 25,000원, 광택 50,000원.", "실내 세차는 25,000원입니다.", "실내 세차는 50,000원입니다.", "50,000원"),
    ],
)  # fmt: skip
def test_a_value_of_one_item_said_of_another_is_said_of_something_else(
    context: str, honest: str, swapped: str, figure: str
) -> None:
    assert listed(context, honest) == []
    assert listed(context, swapped) == [("elsewhere", figure)]


@pytest.mark.parametrize(
    ("context", "honest"),
    [
        ("Listino: camicia 4 €, giacca 10 €, pantalone 6 €, cappotto 16 €.", "Giacca e pantalone insieme fanno 16 €."),
        ("Plan Fix: 30 € al mes. Plan Flex: 36 € al mes.", "El plan Flex cuesta 36 € al mes, frente a los 30 € del Fix."),
        ("Members earn 2 points per £1 spent. Every 500 points can be exchanged for a £5 voucher.",
         "You earn 2 points per £1, and every 500 points gets you a £5 voucher."),
        ("Betreuung bis 6 Stunden täglich 210 € monatlich, bis 8 Stunden täglich 260 € monatlich.",
         "Bei einer Betreuung bis 8 Stunden täglich zahlen Sie 260 € im Monat."),
        ("Fix 24: 24,5 ct per kWh. Flex: 26,1 ct per kWh.", "Fix 24 rekent 24,5 ct per kWh, tegen 26,1 ct bij Flex."),
        ("Taarten: slagroomtaart € 32,95, appeltaart € 18,50.", "Samen kosten ze € 51,45 (€ 32,95 + € 18,50)."),
    ],
)  # fmt: skip
def test_an_honest_answer_about_a_list_lists_nothing(context: str, honest: str) -> None:
    """A sum of two items; the far side of a comparison, and a value named right after ('tegen 26,1 ct bij
    Flex'); a name spent on the figure said with it ('2 points per £1 … a £5 voucher'); a list's head riding on
    its first item ('Betreuung bis 6 Stunden …'); the operands of a sum the answer works."""
    assert [status for status, _ in listed(context, honest) if status != "derived"] == []


def test_a_range_s_two_ends_are_listed_once() -> None:
    assert listed("Standard delivery takes 3-5 working days.", "Standard delivery takes 2-4 working days.") == [
        ("unsupported", "2-4 working days")
    ]


# One record a sentence (a semicolon's part in Chinese), each stating two attributes of one branch or size;
# the answer names one record and states its two figures, or swaps one for another record's.
_RECORDS = {
    "en": (["the Riverside branch", "the Hillcrest branch", "the Old Town branch"], ("a haircut", "a colour"),
           "{N}: {a} £{v}, {b} £{w}.", " ", "At {n}, {a} costs £{v} and {b} £{w}."),
    "de": (["Filiale Nord", "Filiale Süd", "Filiale Mitte"], ("Haarschnitt", "Färben"),
           "{N}: {a} {v} €, {b} {w} €.", " ", "In der {n} kostet der {a} {v} € und das {b} {w} €."),
    "fr": (["agence de Lyon", "agence de Nantes", "agence de Lille"], ("vidange", "parallélisme"),
           "{N} : {a} {v} €, {b} {w} €.", " ", "À l'{n}, la {a} coûte {v} € et le {b} {w} €."),
    "es": (["sede Centro", "sede Norte", "sede Playa"], ("consulta", "revisión"),
           "{N}: {a} {v} €, {b} {w} €.", " ", "En la {n}, la {a} cuesta {v} € y la {b} {w} €."),
    "pt": (["Clínica Aurora", "Clínica Boa Vista", "Clínica Esperança"], ("consulta", "retorno"),
           "{N}: {a} R$ {v}, {b} R$ {w}.", " ", "Na {n}, a {a} custa R$ {v} e o {b} R$ {w}."),
    "it": (["sede di Roma", "sede di Torino", "sede di Bari"], ("visita", "controllo"),
           "{N}: {a} {v} €, {b} {w} €.", " ", "Nella {n} la {a} costa {v} € e il {b} {w} €."),
    "nl": (["vestiging Utrecht", "vestiging Breda", "vestiging Zwolle"], ("intake", "controle"),
           "{N}: {a} € {v}, {b} € {w}.", " ", "In de {n} kost de {a} € {v} en de {b} € {w}."),
    "zh": (["小号储物柜", "中号储物柜", "大号储物柜"], ("租金", "押金"), "{N}{a}{v}元，{b}{w}元", "；", "{n}{a}{v}元，{b}{w}元。"),
    "ja": (["本店", "駅前店", "空港店"], ("カット", "カラー"), "{N}：{a}{v}円、{b}{w}円。", "", "{n}では{a}が{v}円、{b}が{w}円です。"),
    "ko": (["강남점", "홍대점", "잠실점"], ("커트", "염색"), "{N}: {a} {v}원, {b} {w}원.", " ", "{n}은 {a} {v}원, {b} {w}원입니다."),
}  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(
    lang=st.sampled_from(sorted(_RECORDS)),
    order=st.permutations(range(3)),
    values=st.lists(st.sampled_from([12, 15, 18, 25, 30, 35, 40, 45, 60, 75, 90, 120]), min_size=6, max_size=6, unique=True),
    records=st.integers(min_value=2, max_value=3),
    which=st.integers(min_value=0, max_value=1),
)  # fmt: skip
def test_a_record_s_figure_said_of_another_record_is_listed_and_its_own_never(
    lang: str, order: list[int], values: list[int], records: int, which: int
) -> None:
    names, (a, b), record, joint, answer = _RECORDS[lang]
    chosen = [names[i] for i in order[:records]]
    pairs = [(values[2 * i], values[2 * i + 1]) for i in range(records)]
    context = joint.join(
        record.format(N=n[0].upper() + n[1:], a=a, b=b, v=v, w=w) for n, (v, w) in zip(chosen, pairs, strict=True)
    )
    said, other = pairs[0], list(pairs[1])
    honest = answer.format(n=chosen[0], a=a, b=b, v=said[0], w=said[1])
    swapped = list(said)
    swapped[which] = other[which]
    invented = answer.format(n=chosen[0], a=a, b=b, v=swapped[0], w=swapped[1])
    assert listed(context, honest) == []
    assert [status for status, _ in listed(context, invented)] in (["elsewhere"], ["unsupported"])


@pytest.mark.parametrize(
    ("context", "honest"),
    [
        ("요가 수업: 초급반은 주 2회 월 120,000원, 중급반은 주 3회 월 150,000원입니다.", "초급반이 맞지 않으시면, 수강료가 월 150,000원입니다."),
        ("Admission: student $12, adult $18, child $8.", "You need a valid card for the student rate; otherwise it's $18."),
        ("Tarifs : étudiant 12 €, adulte 18 €, enfant 8 €.", "Comme votre fils n'est plus étudiant, il paie 18 €."),
        ("Eintritt: Studierende 8 €, Erwachsene 12 €, Kinder 4 €.", "Da Sie nicht mehr Studierende sind, zahlen Sie 12 €."),
    ],
)  # fmt: skip
def test_an_item_named_before_the_claim_s_part_is_not_the_claim_s(context: str, honest: str) -> None:
    """The claim's part names no item ('sinon c'est 18 €'): the item its sentence names before it may be the one
    ruled out ('no longer a student'), so none is read — as in round eighteen's first reading, until hostile71."""
    assert listed(context, honest) == []


def test_a_list_in_a_bracket_is_named_inside_it() -> None:
    """'Fanclub Plus (€ 4,95 per maand of € 49 per jaar)': the bracket's head names both of its figures."""
    context = "Met een Fanclub Plus-lidmaatschap (€ 4,95 per maand of € 49 per jaar) krijg je eerder toegang."
    assert listed(context, "Fanclub Plus kost € 49 per jaar, of € 4,95 per maand.") == []

"""A context laid out as retrieved documents are (issue 46, round nineteen: layout.py): a pipe table's cell is said
with its column's header and named by its row, a bullet or a ``Key: value`` line by the heading it stands under.
An honest answer read from a table or a list lists nothing; a value of another row, or of another column (another
period), is listed. Prose is read as before: the same string."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.judges.figures.layout import flattened
from tests.support.tripwire_rows import listed

PLANS = "## Membership plans\n\n| Plan | Monthly | Yearly |\n| --- | --- | --- |\n| Basic | €12 | €120 |\n| Plus | €20 | €200 |\n| Family | €35 | €350 |\n\nA one-time joining fee of €25 applies to all plans."  # fmt: skip


def test_prose_is_the_same_string() -> None:
    prose = "Basic costs €12 a month.\nPlus costs €20 a month; Family €35."
    assert flattened(prose) is prose
    assert flattened("One line | with a bar: €5") == "One line | with a bar: €5"


def test_a_table_row_is_one_sentence_naming_each_cell_by_its_header() -> None:
    assert flattened(PLANS).splitlines() == [
        "Membership plans.",
        "",
        "Membership plans: Plan Basic: Monthly €12 · Yearly €120.",
        "Membership plans: Plan Plus: Monthly €20 · Yearly €200.",
        "Membership plans: Plan Family: Monthly €35 · Yearly €350.",
        "",
        "A one-time joining fee of €25 applies to all plans.",
    ]


def test_cells_that_say_nothing_are_dropped_and_an_escaped_bar_is_kept() -> None:
    table = "| | Basic | Pro |\n|:--|--:|--:|\n| Price | €12 | — |\n| Note | a \\| b | **€25** |"
    assert flattened(table).splitlines() == ["Price: Basic €12.", "Note: Basic a | b · Pro €25."]


def test_a_bullet_is_named_by_its_heading_unless_the_heading_holds_a_figure() -> None:
    text = "## Fees\n- **Day pass:** €15\n- Locker: €2 per day\n\n## Prices 2025\n- Day pass: €16"
    assert flattened(text).splitlines() == [
        "Fees.", "Fees: Day pass: €15", "Fees: Locker: €2 per day", "", "Prices 2025.", "Day pass: €16",
    ]  # fmt: skip


def test_a_row_named_by_what_its_figures_are_per_says_it_beside_each_and_a_key_that_does_too() -> None:
    table = "| Parking | Weekdays | Weekends |\n|---|---|---|\n| Per hour | €2 | €3 |\n| Zone A | €12 | €15 |"
    assert flattened(table).splitlines() == [
        "Parking Per hour: Weekdays Per hour €2 · Weekends Per hour €3.",
        "Parking Zone A: Weekdays €12 · Weekends €15.",
    ]
    assert flattened("### Adults\n- Monthly: €40\n- Locker: €2").splitlines() == [
        "Adults.", "Adults: Monthly €40", "Adults: Locker: €2",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("context", "honest", "changed", "figure"),
    [
        ("| Parking | Weekdays | Weekends |\n|---|---|---|\n| Per hour | €2 | €3 |\n| Per day | €12 | €15 |",
         "On weekdays parking costs €2 an hour or €12 a day.", "Parking costs €12 an hour on weekdays.", "€12"),
        ("## Membership\n\n### Adults\n- Monthly: €40\n- Annual: €400\n\n### Students\n- Monthly: €25\n- Annual: €250",
         "Students pay €25 a month or €250 a year.", "Students pay €40 a month.", "€40"),
        (PLANS, "The Plus plan costs €20 a month, or €200 if you pay for the year, plus a one-time €25 joining fee.",
         "The Plus plan costs €35 a month.", "€35"),
        (PLANS, "The Family plan is €35 per month.", "The Plus plan costs €20 a year.", "€20"),
        ("## Tarifs\n\n| Formule | Prix par mois | Engagement |\n| --- | --- | --- |\n| Essentiel | 19,90 € | 12 mois |\n| Premium | 29,90 € | 12 mois |\n| Liberté | 39,90 € | sans engagement |",
         "La formule Premium est à 29,90 € par mois avec un engagement de 12 mois.", "La formule Premium est à 39,90 € par mois.", "39,90 €"),
        ("| Producto | Precio | IVA |\n|---|---|---|\n| Cuaderno A4 | 3,20 € | 21 % |\n| Libro de texto | 24,90 € | 4 % |\n| Mochila | 29,00 € | 21 % |",
         "El libro de texto cuesta 24,90 € y lleva un IVA del 4 %.", "El libro de texto lleva un IVA del 21 %.", "21 %"),
        ("| プラン | 月額 | 年額 |\n|---|---|---|\n| ライト | 980円 | 9,800円 |\n| スタンダード | 1,980円 | 19,800円 |\n| プレミアム | 2,980円 | 29,800円 |",
         "スタンダードプランは月額1,980円、年額なら19,800円です。", "スタンダードプランは月額2,980円です。", "2,980円"),
        ("| 套餐 | 月费 | 流量 |\n|---|---|---|\n| 基础版 | 39元 | 30GB |\n| 畅享版 | 59元 | 60GB |\n| 尊享版 | 99元 | 150GB |",
         "畅享版每月59元，包含60GB流量。", "畅享版每月59元，包含150GB流量。", "150GB"),
        ("### Preise\n- **Tageskarte:** 15 €\n- **Zehnerkarte:** 120 €\n- **Schließfach:** 2 € pro Tag",
         "Die Tageskarte kostet 15 €, das Schließfach 2 € pro Tag.", "Die Tageskarte kostet 120 €.", "120 €"),
        ("## Basic\n- Monthly: €12\n- Storage: 50 GB\n\n## Pro\n- Monthly: €25\n- Storage: 500 GB",
         "Pro gives you 500 GB for €25 a month.", "Pro gives you 500 GB for €12 a month.", "€12"),
        ("- Adults: $18\n- Children (4–12): $9\n- Under 4: free\n- Seniors (65+): $12",
         "Tickets are $18 for adults, $9 for kids aged 4 to 12 and $12 for seniors 65 and over; children under 4 go free.",
         "Seniors pay $9.", "$9"),
        ("## Payment\n\n- Deposit: 30% at booking\n- Late cancellation: 50% of the first night",
         "A 30% deposit is due at booking.", "A 50% deposit is due at booking.", "50%"),
    ],
)  # fmt: skip
def test_a_layout_s_value_said_of_its_row_and_column_and_no_other(
    context: str, honest: str, changed: str, figure: str
) -> None:
    assert listed(context, honest) == []
    assert [text for _, text in listed(context, changed)] == [figure]


_TABLES = {
    "en": (("Plan", "Monthly", "Yearly"), ["Starter", "Standard", "Premium"], "€{v}", "The {n} plan costs €{v} a month or €{w} a year."),
    "fr": (("Formule", "Par mois", "Par an"), ["Essentiel", "Confort", "Intégral"], "{v} €", "La formule {n} coûte {v} € par mois ou {w} € par an."),
    "de": (("Tarif", "Monatlich", "Jährlich"), ["Start", "Komfort", "Premium"], "{v} €", "Der Tarif {n} kostet {v} € im Monat oder {w} € im Jahr."),
    "es": (("Plan", "Al mes", "Al año"), ["Básico", "Familiar", "Premium"], "{v} €", "El plan {n} cuesta {v} € al mes o {w} € al año."),
    "pt": (("Plano", "Mensal", "Anual"), ["Essencial", "Família", "Premium"], "R$ {v}", "O plano {n} custa R$ {v} por mês ou R$ {w} por ano."),
    "it": (("Piano", "Mensile", "Annuale"), ["Base", "Famiglia", "Completo"], "{v} €", "Il piano {n} costa {v} € al mese o {w} € all'anno."),
    "nl": (("Abonnement", "Per maand", "Per jaar"), ["Basis", "Gezin", "Compleet"], "€ {v}", "Het abonnement {n} kost € {v} per maand of € {w} per jaar."),
    "zh": (("套餐", "月费", "年费"), ["基础版", "畅享版", "尊享版"], "{v}元", "{n}月费{v}元，年费{w}元。"),
    "ja": (("プラン", "月額", "年額"), ["ライト", "スタンダード", "プレミアム"], "{v}円", "{n}プランは月額{v}円、年額{w}円です。"),
    "ko": (("요금제", "월 요금", "연 요금"), ["베이직", "스탠다드", "프리미엄"], "{v}원", "{n} 요금제는 월 {v}원, 연 {w}원입니다."),
}  # fmt: skip


@settings(max_examples=80, deadline=None)
@given(
    lang=st.sampled_from(sorted(_TABLES)),
    order=st.permutations(range(3)),
    rows=st.integers(min_value=2, max_value=3),
    monthly=st.lists(st.sampled_from([9, 12, 15, 19, 25, 29, 35, 39, 49]), min_size=3, max_size=3, unique=True),
    yearly=st.lists(st.sampled_from([99, 120, 150, 190, 250, 290, 350, 390, 490]), min_size=3, max_size=3, unique=True),
    which=st.integers(min_value=0, max_value=1),
)  # fmt: skip
def test_a_table_s_row_said_honestly_lists_nothing_and_another_row_s_or_column_s_value_is_listed(
    lang: str, order: list[int], rows: int, monthly: list[int], yearly: list[int], which: int
) -> None:
    (plan, month, year), names, cell, answer = _TABLES[lang]
    lines = [f"| {plan} | {month} | {year} |", "| --- | --- | --- |"]
    lines += [f"| {names[order[i]]} | {cell.format(v=monthly[i])} | {cell.format(v=yearly[i])} |" for i in range(rows)]
    context, name = "\n".join(lines), names[order[0]]
    assert listed(context, answer.format(n=name, v=monthly[0], w=yearly[0])) == []
    assert listed(context, answer.format(n=name, v=yearly[0], w=monthly[0]))  # the periods swapped: another column
    swapped = [monthly[0], yearly[0]]
    swapped[which] = (monthly, yearly)[which][1]
    other_row = listed(context, answer.format(n=name, v=swapped[0], w=swapped[1]))
    if lang not in ("zh", "ja", "ko"):  # a CJK row's name is read as pairs of characters: not always told apart
        assert [status for status, _ in other_row] in (["elsewhere"], ["unsupported"])

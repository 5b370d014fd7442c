"""A figure is a value with everything said with it (issue 46): its period and what it is per, its kind of day,
its zone, its direction, its bound and hedge, its compound unit, and what it is said of. Each kind in both
directions (the same figure restated is never listed; the one qualifier changed always is), figures derived
from the context's listed apart, Portuguese, Italian and Dutch read, and the property: any supported written
form of the same value, unit and qualifiers never flags, and changing any one qualifier always does."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate import compare
from groundgate.cases import Case, Inputs, Response
from groundgate.evidence import Options
from groundgate.judges.figures import tripwire
from groundgate.report import render
from groundgate.report.console import render_console
from groundgate.results import Results
from groundgate.rules import Outcome
from tests.support.scripted import ScriptedJudge


def flagged(context: str, answer: str) -> list[str]:
    """The figures a person should read: unsupported, or stated in the context of something else."""
    return [new.figure.text for new in tripwire(context, None, "", answer).new if new.flagged]


# (kind, context, a restatement, an invention, the invented figure as written)
KINDS = [
    ("period", "The Team plan is £9 per seat per month.", "Team costs £9 a month for each seat.", "Team costs £9 per seat per year.", "£9"),
    ("period", "Der Tarif kostet monatlich 24,90 €.", "Sie zahlen 24,90 € pro Monat.", "Sie zahlen 24,90 € im Jahr.", "24,90 €"),
    ("period", "Abonnement : 240 CHF par an.", "L'abonnement coûte 240 CHF annuels.", "L'abonnement coûte 240 CHF par mois.", "240 CHF"),
    ("per", "Fares are €45 per passenger, each way.", "It is €45 per person each way.", "It is €45 per passenger for the return trip.", "€45"),
    ("per", "Diesel: €1.80 per litre.", "Diesel costs €1.80/litre.", "Diesel costs €1.80 per gallon.", "€1.80"),
    ("per", "Taxa turística: 2 € por hóspede e por noite.", "A taxa é de 2 € por pessoa e por noite.", "A taxa é de 2 € por quarto e por noite.", "2 €"),
    ("day_kind", "Refunds are paid within 10 business days.", "Refunds arrive within ten working days.", "Refunds arrive within 10 calendar days.", "10 calendar days"),
    ("day_kind", "Livraison sous 5 jours ouvrés.", "Comptez 5 jours ouvrés.", "Comptez 5 jours.", "5 jours"),
    ("day_kind", "Consegna in 3 giorni lavorativi.", "Arriva in tre giorni lavorativi.", "Arriva in 3 giorni di calendario.", "3 giorni"),
    ("zone", "Support opens at 9:00 CET.", "Support opens at 8:00 UK time.", "Support opens at 9:00 UK time.", "9:00"),
    ("zone", "Check-in closes at 22:00 local time.", "Check-in closes at 10pm local time.", "Check-in closes at 22:00 Paris time.", "22:00"),
    ("direction", "Prices fell 1.8% in May.", "May saw a 1.8% fall in prices.", "Prices rose 1.8% in May.", "1.8%"),
    ("direction", "Resultado: 320 € a devolver.", "Hacienda le devolverá 320 €.", "Le salen 320 € a pagar.", "320 €"),
    ("direction", "Das Guthaben von 48 € wird erstattet.", "Sie bekommen 48 € erstattet.", "Es gibt eine Nachzahlung von 48 €.", "48 €"),
    ("bound", "A minimum stay of 3 nights applies.", "You must stay at least 3 nights.", "You can stay at most 3 nights.", "3 nights"),
    ("bound", "Teilnahme ab 18 Jahren (mindestens 18 Jahre).", "Sie müssen mindestens 18 Jahre alt sein.", "Sie dürfen höchstens 18 Jahre alt sein.", "18 Jahre"),
    ("bound", "Maximum cover: £500 for personal belongings.", "Belongings are covered up to £500.", "Belongings are covered from £500.", "£500"),
    ("compound_unit", "Fasting glucose: 4.5 mg/dL.", "Your fasting glucose was 45 mg/L.", "Your fasting glucose was 4.5 mg/L.", "4.5 mg/L"),
    ("compound_unit", "Creatinine 80 µmol/L.", "Creatinine was 80 µmol/L.", "Creatinine was 80 mg/dL.", "80 mg/dL"),
    ("compound_unit", "Vitamin D: 10 mcg a day.", "Take 10 µg of vitamin D daily.", "Take 10 mg of vitamin D daily.", "10 mg"),
    ("hedge", "We have 57 stores in the UK.", "We have about 60 stores in the UK.", "We have about 90 stores in the UK.", "90 stores"),
    ("hedge", "We served 530 schools last year.", "We served over 500 schools last year.", "We served over 600 schools last year.", "600 schools"),
    ("hedge", "32% of members renewed.", "Almost a third of members renewed.", "Almost half of members renewed.", "half"),
    ("compact", "Revenue was 3.5 million dollars.", "Revenue was $3.5M.", "Revenue was $4.5M.", "$4.5M"),
    ("compact", "Le budget est de 3,4 millions d'euros.", "Le budget atteint 3 400 000 €.", "Le budget atteint 4,3 millions d'euros.", "4,3 millions d'euros"),
    ("compact", "Doors open at 19:45.", "Doors open at 7.45pm.", "Doors open at 8.45pm.", "8.45pm"),
    ("compact", "保额为35万元。", "保额是350,000元。", "保额是三十万元。", "三十万元"),
    ("compact", "境外医疗费用保险金额300,000元。", "境外医疗保额三十万。", "境外医疗保额三十五万。", "三十五万"),
    ("day_kind", "보험금은 3영업일 이내에 지급합니다.", "보험금은 영업일 기준 3일 안에 지급돼요.", "보험금은 3일 안에 지급돼요.", "3일"),
    ("subject", "Cancellation cover pays up to £5,000. Personal belongings are insured up to £500.", "Personal belongings are insured up to £500.", "Cancellation cover pays up to £500.", "£500"),
    ("subject", "For ages 4-10: one dose every 12 hours.", "Children aged 4 to 10 take a dose every 12 hours.", "Children take a dose every 4 hours.", "4 hours"),
    ("language", "O reembolso é feito em 30 dias úteis.", "O reembolso chega em trinta dias úteis.", "O reembolso chega em 45 dias úteis.", "45 dias úteis"),
    ("language", "Il rimborso arriva entro 14 giorni.", "Il rimborso arriva entro quattordici giorni.", "Il rimborso arriva entro 21 giorni.", "21 giorni"),
    ("language", "De levering duurt 3 werkdagen.", "De levering duurt drie werkdagen.", "De levering duurt 5 werkdagen.", "5 werkdagen"),
    ("language", "A consulta dura 1,5 horas.", "A consulta dura 1 hora e meia.", "A consulta dura 2 horas e meia.", "2 horas e meia"),
    ("language", "Estacionamento: grátis nas 2 primeiras horas.", "O estacionamento é grátis nas duas primeiras horas.", "O estacionamento é grátis nas 4 primeiras horas.", "4 primeiras"),
    ("per", "入场费每人80元。", "入场费每位80元。", "入场费每单80元。", "80元"),
    ("per", "快递费12元/单。", "快递费每单12元。", "快递费每箱12元。", "12元"),
    ("per", "조식은 1인당 15,000원입니다.", "조식은 1인 15,000원이에요.", "조식은 객실당 15,000원이에요.", "15,000원"),
    ("per", "手数料は1取引あたり110円です。", "手数料は1取引につき110円です。", "手数料は1予約あたり110円です。", "110円"),
    ("period", "Potencia contratada: 0,11 € por kW y día.", "La potencia cuesta 0,11 € por kW y día.", "La potencia cuesta 0,11 € por kW y mes.", "0,11 €"),
    ("period", "Licencia: 30 € por puesto y año.", "Son 30 € al año por puesto.", "Son 30 € por puesto y mes.", "30 €"),
    ("period", "There is a one-off setup fee of €20 and a plan at €12 per month.", "You pay €20 once to set up, then €12 a month.", "You pay a €20 setup fee per year and €12 a month.", "€20"),
    ("period", "Parken: 2 € pro Stunde.", "Parken kostet 2 € jede Stunde.", "Parken kostet 2 € jeden Tag.", "2 €"),
    ("plain", "Parking is free for the first 2 hours.", "Parking is free for the first two hours.", "Parking is free for the first 4 hours.", "4 hours"),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "context", "restatement", "invention", "figure"), KINDS, ids=[f"{k[0]}-{n}" for n, k in enumerate(KINDS)])  # fmt: skip
def test_each_kind_restated_is_never_listed_and_changed_always_is(
    kind: str, context: str, restatement: str, invention: str, figure: str
) -> None:
    assert flagged(context, restatement) == [], kind
    listed = flagged(context, invention)
    assert any(figure in text or text in figure for text in listed), (kind, listed)


# (context, an answer that derives a figure from the context's, the derived figure, how)
DERIVED = [
    ("The Team plan is £9 per seat per month.", "That is £108 per seat per year.", "£108", "× 12"),
    ("Annual leave: 25 days. Long service adds 5 days.", "In total you get 30 days of leave.", "30 days", "+"),
    ("The rate went from 3% to 5%.", "That is a rise of 2 percentage points.", "2 percentage points", "−"),
    ("Rooms cost €100 per night; the package is 3 nights.", "The package costs €300 in total.", "€300", "×"),
    (
        "Forfait 20 Go : 9,99 €/mois. Option Monde : + 5 €/mois.",
        "Le forfait 20 Go vous reviendra à 14,99 € par mois avec l'option Monde.",
        "14,99 €",
        "+",
    ),
    (
        "La cuota pasará de 40 € a 34 € el próximo año.",
        "El próximo año la cuota baja de 40 € a 34 €, así que pagarás 6 € menos.",
        "6 €",
        "−",
    ),
    (
        "Each way, the shuttle costs $18 per person.",
        "A round trip on the shuttle is $36 per person.",
        "$36",
        "round trip",
    ),
    ("片道の運賃は1人あたり800円です。", "片道800円なので、往復では1人あたり1,600円になります。", "1,600円", "往復"),
    (
        "Storage comes in packs of 50 GB; up to 4 packs per account.",
        "You can add up to 200 GB per account.",
        "200 GB",
        "4 packs ×",
    ),
]


@pytest.mark.parametrize(("context", "answer", "figure", "how"), DERIVED)
def test_a_figure_derived_from_the_contexts_is_listed_apart_with_how(context: str, answer: str, figure: str, how: str) -> None:  # fmt: skip
    new = tripwire(context, None, "", answer).new
    assert [n.status for n in new] == ["derived"], [(n.figure.text, n.status) for n in new]
    assert figure in new[0].figure.text
    assert how in new[0].basis
    assert flagged(context, answer) == []


def test_a_count_of_days_the_answer_states_prices_a_rate_per_day() -> None:
    """The answer's own 'four days' is listed (the context never states it); the total it prices is derived."""
    new = {n.figure.text: n for n in tripwire("A compact car costs €35 per day.", None, "", "Over four days the compact car comes to €140.").new}  # fmt: skip
    assert (new["€140"].status, new["€140"].basis) == ("derived", "four days × €35 a day")
    assert new["four days"].status == "unsupported"


# (context, an answer whose figure only looks derived, the figure)
NOT_DERIVED = [
    ("Adults: 1 tablet morning and evening for 7 days. Children: syrup in 2 doses a day.", "Adults take one tablet morning and evening for 14 days.", "14 days"),
    ("Parking is free for the first 2 hours.", "Parking is free for the first 4 hours.", "4 hours"),
    ("A compact car costs €35 per day.", "Over four days the compact car comes to €150.", "€150"),
    ("Each way, the shuttle costs $18 per person.", "A round trip on the shuttle is $40 per person.", "$40"),
]  # fmt: skip


@pytest.mark.parametrize(("context", "answer", "figure"), NOT_DERIVED)
def test_a_duration_is_no_product_and_a_product_needs_its_count(context: str, answer: str, figure: str) -> None:
    """A count of a price or a quantity is derived; days times doses, or hours times hours, is no derivation."""
    assert figure in flagged(context, answer)


def test_a_sum_of_two_unrelated_figures_is_still_an_invention() -> None:
    """Returns in 60 days for members and 30 for others: '90 days' is no derivation the answer states."""
    context = "Free returns within 60 days for Plus members; 30 days for everyone else."
    assert flagged(context, "Plus members get 90 days for free returns.") == ["90 days"]


def test_a_figure_said_of_something_else_names_what_the_context_states_it_of() -> None:
    context = "Cancellation cover pays up to £5,000. Personal belongings are insured up to £500."
    [new] = tripwire(context, None, "", "Cancellation cover pays up to £500.").new
    assert new.status == "elsewhere"
    assert "Personal belongings are insured" in new.basis


def test_what_a_cjk_figure_is_per_is_read_only_when_its_noun_is_known() -> None:
    """'1配送先につき' and '1か所につき' both say per delivery address: a noun the tables do not know is not read,
    so two ways of naming the same thing never disagree (a known one that differs does: the per rows above)."""
    context = "送料は1配送先につき660円です。"
    assert flagged(context, "送料は1か所につき660円です。") == []
    assert flagged(context, "送料は1か所につき990円です。") == ["990円"]


def test_a_language_it_does_not_read_is_said_so_and_nothing_is_listed() -> None:
    finding = tripwire("Возврат возможен в течение 30 дней.", None, "", "Возврат возможен в течение 45 дней.")
    assert (finding.new, finding.unread) == ([], "Russian")


def test_portuguese_italian_and_dutch_are_told_apart_from_their_neighbours() -> None:
    from groundgate.judges.figures import language

    assert language("O prazo de devolução é de trinta dias corridos a partir da entrega.") == "pt"
    assert language("Il rimborso arriva entro quattordici giorni dalla richiesta.") == "it"
    assert language("De levering duurt drie werkdagen na de bestelling.") == "nl"


# --- the results file and the report ------------------------------------------------------------------


def run(rows: list[tuple[str, str, str, str, str]]) -> Results:
    cases = [Case(cid, cat, "q?", context, n) for n, (cid, cat, context, _, _) in enumerate(rows, start=1)]
    inputs = Inputs(
        cases=cases,
        baseline={cid: Response(cid, b, n) for n, (cid, _, _, b, _) in enumerate(rows, start=1)},
        candidate={cid: Response(cid, c, n) for n, (cid, _, _, _, c) in enumerate(rows, start=1)},
        cases_path="cases.jsonl",
        baseline_path="b.jsonl",
        candidate_path="c.jsonl",
    )
    return compare.run(inputs, ScriptedJudge(lambda request: 5.0), Options(frozenset({"pricing"})))


ROWS = [
    (
        "derived",
        "pricing",
        "The Team plan is £9 per seat per month.",
        "Team is £9 a seat monthly.",
        "Team is £9 per seat per month, so £108 per seat over a year.",
    ),
    (
        "elsewhere",
        "pricing",
        "Cancellation cover pays up to £5,000. Personal belongings are insured up to £500.",
        "Cancellation cover pays up to £5,000.",
        "Cancellation cover pays up to £500.",
    ),
    ("unread", "pricing", "Тариф стоит 500 рублей в месяц.", "Тариф стоит 500 рублей.", "Тариф стоит 900 рублей."),
    ("journey", "pricing", "Shuttle fares: Single £9, Return £16.", "A return is £16.", "The shuttle is £16 each way."),
]


def test_derived_and_elsewhere_reach_the_results_and_the_report_and_unread_rows_say_so() -> None:
    results = run(ROWS)
    rows = {row.id: row for row in results.rows}
    assert rows["derived"].outcome is Outcome.TIE  # listed apart: not a row to read on its own
    assert [(f.status, f.basis) for f in rows["derived"].new_figures or []] == [("derived", "£9 per seat a month × 12")]
    assert rows["elsewhere"].outcome is Outcome.UNSUPPORTED_FIGURE
    [found] = rows["elsewhere"].new_figures or []
    assert (found.status, found.basis) == ("elsewhere", "Personal belongings are insured up to £500")
    assert rows["unread"].outcome is Outcome.TIE
    assert rows["unread"].figures_unread == "Russian"
    assert "figures not read: Russian" in (rows["unread"].note or "")
    [changed] = rows["journey"].new_figures or []  # the value is the context's: what disagrees is said
    assert (changed.status, changed.basis) == ("unsupported", "said there as £16 per return")
    console = " ".join(render_console(results).split())
    assert "states up to £500, which the context states in the context of “Personal belongings are insured up to £500”" in console  # fmt: skip
    assert "newly states £16 per way" in console
    assert "(said there as £16 per return)" in console
    assert "in the context of" in render(results)
    assert "said there as £16 per return" in render(results)


# --- the property ---------------------------------------------------------------------------------------

AMOUNT = st.integers(min_value=2, max_value=900)
MONEY = [lambda n: f"£{n}", lambda n: f"{n} pounds", lambda n: f"GBP {n}"]
PERIOD = {
    "month": ["a month", "per month", "monthly", "/month", "each month"],
    "year": ["a year", "per year", "annually", "/year", "each year"],
}
BOUND = {
    "": ["{x}"],
    "min": ["at least {x}", "{x} or more", "a minimum of {x}", "no less than {x}"],
    "max": ["up to {x}", "at most {x}", "no more than {x}", "{x} at most"],
}
DAYS = {
    "business": ["{n} business days", "{n} working days", "{w} business days"],
    "calendar": ["{n} calendar days", "{w} calendar days"],
}


def priced(amount: int, money: int, period: str, bound: str, form: st.DataObject) -> str:
    """One written form of a price with its period and bound."""
    written = MONEY[money](amount)
    said = form.draw(st.sampled_from(BOUND[bound])).format(x=written)
    return f"{said} {form.draw(st.sampled_from(PERIOD[period]))}"


@settings(deadline=None)  # the first example loads the language models: no timing is asserted here
@given(AMOUNT, st.sampled_from(["month", "year"]), st.sampled_from(["", "min", "max"]), st.data())
def test_the_same_value_unit_and_qualifiers_in_any_written_form_never_flags(
    amount: int, period: str, bound: str, data: st.DataObject
) -> None:
    context = priced(amount, data.draw(st.integers(0, 2)), period, bound, data)
    answer = priced(amount, data.draw(st.integers(0, 2)), period, bound, data)
    assert flagged(f"Pricing: the plan costs {context}.", f"The plan costs {answer}.") == [], (context, answer)


@settings(deadline=None)
@given(AMOUNT, st.sampled_from(["month", "year"]), st.sampled_from(["min", "max"]), st.sampled_from(["period", "bound", "value"]), st.data())  # fmt: skip
def test_changing_any_one_qualifier_always_flags(
    amount: int, period: str, bound: str, changed: str, data: st.DataObject
) -> None:
    context = priced(amount, data.draw(st.integers(0, 2)), period, bound, data)
    other_period = {"month": "year", "year": "month"}[period] if changed == "period" else period
    other_bound = {"min": "max", "max": "min"}[bound] if changed == "bound" else bound
    other_amount = amount + 1 if changed == "value" else amount
    answer = priced(other_amount, data.draw(st.integers(0, 2)), other_period, other_bound, data)
    assert flagged(f"Pricing: the plan costs {context}.", f"The plan costs {answer}.") != [], (context, answer)


@settings(deadline=None)
@given(st.integers(min_value=2, max_value=60), st.sampled_from(["business", "calendar"]), st.booleans(), st.data())
def test_a_kind_of_day_restated_never_flags_and_changed_always_does(
    count: int, kind: str, change: bool, data: st.DataObject
) -> None:
    from tests.support.words import spelled

    def days(which: str) -> str:
        return data.draw(st.sampled_from(DAYS[which])).format(n=count, w=spelled(count))

    other = {"business": "calendar", "calendar": "business"}[kind] if change else kind
    listed = flagged(f"Refunds are paid within {days(kind)}.", f"You get the refund within {days(other)}.")
    assert bool(listed) == change, listed


def test_the_figures_judge_reads_figures_as_the_tripwire_does() -> None:
    """One extraction and one rule: a derived figure is grounded, a changed qualifier is not."""
    from groundgate.judges.figures_judge import GROUNDED, UNGROUNDED, judge_figures

    context = "The Team plan is £9 per seat per month."
    assert judge_figures(context, "That is £108 per seat per year.").score == GROUNDED
    assert judge_figures(context, "Team costs £9 per seat per year.").score == UNGROUNDED

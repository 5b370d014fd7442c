"""Figures in text: the offline figures judge and the tripwire share one extraction, which must not cry
wolf (a figure restated in other words is the same figure) and must not miss a figure the context never
states."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from groundgate.judges.figures import Figure, Stated, claims, figures, same, tripwire
from groundgate.judges.figures_judge import judge_figures
from tests.support.words import spelled

CONTEXT = "Items can be returned within 30 days. Premium costs $1,200.00 a year, 15% off for students, from 2024-03-05."


@pytest.mark.parametrize(
    ("response", "score", "reason"),
    [
        ("You have 30 days to return items.", 5, "every figure appears"),
        ("Premium is $1200 a year.", 5, "1200"),
        ("You have 45 days.", 2, "45"),
        ("Students get 20% off.", 2, "20"),
        ("It started on 2024-03-06.", 2, "2024-03-06"),
        ("Could you say which item you mean?", 3, "no claim"),
        ("I'm not sure about that.", 3, "no claim"),
        ("Returns are easy with proof of purchase.", 5, "no figures"),
        ("Can I have 45 days? Yes.", 2, "45"),
        ("You have thirty days, and Premium is 1200 dollars.", 5, "every figure appears"),
        ("Students get 30% off.", 2, "30"),  # 30 is in the context, but as days, not a percentage
        ("It started on 5 March 2024.", 5, "2024-03-05"),
    ],
)
def test_figures_verdicts(response: str, score: float, reason: str) -> None:
    verdict = judge_figures(CONTEXT, response)
    assert verdict.score == score
    assert reason in verdict.reason


def test_numbers_normalise() -> None:
    assert [f.number for f in figures("$1,200.50 and 1200.5 and 007 and 3.0")] == ["1200.5", "1200.5", "7", "3"]


@pytest.mark.parametrize(
    ("written", "restated"),
    [
        ("30 days", "thirty days"),
        ("$1,200", "1200 dollars"),
        ("$1,200", "USD 1,200"),
        ("5 business days", "five business days"),
        ("5 business days", "5 working days"),
        ("2024-03-01", "1 March 2024"),
        ("2024-03-01", "March 1st, 2024"),
        ("24 months", "2 years"),
        ("2 weeks", "14 days"),
        ("48 hours", "2 days"),
        ("15%", "fifteen per cent"),
        ("18:00", "6pm"),
        ("9:00", "9 a.m."),
        ("a 30-day window", "30 days"),
        ("$0.99", "99 cents"),
        ("3-5 business days", "five business days"),
        ("120 days", "one hundred and twenty days"),
        ("$1.2 million", "$1,200,000"),
    ],
)
def test_the_same_figure_however_it_is_written(written: str, restated: str) -> None:
    [claim] = claims(restated)
    assert any(same(claim, source) for source in figures(written)), (restated, figures(written))
    assert not tripwire(f"The policy: {written}.", None, "", f"Yes: {restated}.").new


@pytest.mark.parametrize(
    ("context", "answer", "quoted"),
    [
        ("Returns within 30 days of purchase.", "You have 45 days to return it.", "45 days"),
        ("Returns within 30 days of purchase.", "You have 30 weeks to return it.", "30 weeks"),
        ("Premium costs $12 per month.", "Premium costs $15 per month.", "$15"),
        ("Premium costs $12 per month.", "Premium costs 12 euros per month.", "12 euros"),
        ("Students get 10% off.", "Students get 10 dollars off.", "10 dollars"),
        ("The sale ends on 2024-03-01.", "The sale ends on 1 April 2024.", "1 April 2024"),
        ("Open 9:00 to 18:00.", "Open 9am to 7pm.", "7pm"),
        (
            "Standard shipping takes 3-5 business days.",
            "It takes two to four business days.",
            "two to four business days",
        ),
        ("Refunds within 5 business days.", "Refunds within five business days, or 2 weeks at most.", "2 weeks"),
    ],
)
def test_a_figure_the_context_never_states_is_new(context: str, answer: str, quoted: str) -> None:
    finding = tripwire(context, None, "", answer)
    assert [new.figure.text for new in finding.new][-1] == quoted


def test_names_are_not_figures() -> None:
    text = (
        "1. Open Settings\n2. Choose Account, step 3 of the guide, for order #12345 on model A1 (x86, 4K).\n"
        "See https://shop.example/returns/2024 or write to help2@shop.example; our team is there for COVID-19."
    )
    assert figures(text) == []


def test_round_the_clock_is_two_figures() -> None:
    """'24/7' was a name like 'x86' (issue 38: so '24 hours a day, 7 days a week' was a new figure against it):
    it is 24 hours a day and 7 days a week, both ways."""
    assert [(f.kind, f.said) for f in figures("Our team is there 24/7.")] == [
        ("duration", "24 hours"),
        ("duration", "7 days"),
    ]
    assert not tripwire("Our helpline is open 24/7.", None, "", "It is open 24 hours a day, 7 days a week.").new
    assert not tripwire("Open 24 hours a day, 7 days a week.", None, "", "We are open 24/7.").new
    assert tripwire("Open from 8am to 8pm.", None, "", "We are open 24/7.").new


def test_figures_read_as_a_reader_sees_them() -> None:
    """An author cannot hide a figure from the tripwire in characters that draw nothing or in other forms."""
    for hidden in (
        "You have 4\u200b5 days.",
        "You have ４５ ｄａｙｓ.",
        "You have 45\u00a0days.",
        "You have 4\u00ad5 days.",
    ):
        [new] = tripwire("Returns within 30 days.", None, "", hidden).new
        assert (new.figure.kind, new.figure.value, new.figure.unit) == ("duration", Decimal(45), "day"), hidden


def test_a_bare_word_is_a_sources_figure_never_a_claim() -> None:
    assert claims("Which one do you mean? We offer two plans.") == []
    assert not tripwire("We offer two plans.", None, "", "There are 2 plans.").new


def test_the_querys_figures_are_the_users() -> None:
    finding = tripwire(
        "Returns within 30 days.", "Can I return it after 45 days?", "", "No: after 45 days it is too late."
    )
    assert finding.new == []


def test_the_baselines_own_unsupported_figure_is_backlog() -> None:
    finding = tripwire(
        "Returns within 30 days.", None, "You have 60 days.", "You have sixty days, or 90 with a receipt."
    )
    assert [f.text for f in finding.backlog] == ["sixty days"]
    assert [n.figure.text for n in finding.new] == ["90"]
    assert finding.new[0].nearest == ["30 days"]


def test_a_baseline_figure_that_was_supported_does_not_excuse_a_new_one() -> None:
    """'30' was the context's (30 days); '30%' restates no figure of the context nor an unsupported one of the baseline."""
    finding = tripwire("Returns within 30 days.", None, "You have 30 days.", "You get 30% back.")
    assert [n.figure.text for n in finding.new] == ["30%"]


def test_the_nearest_figures_are_of_the_same_kind_first() -> None:
    context = "Returns within 30 days. Premium costs $12. Support answers within 2 hours. 10% off for students."
    [new] = tripwire(context, None, "", "You have 45 days.").new
    assert new.nearest[:2] == ["30 days", "2 hours"]


# --- properties --------------------------------------------------------------------------------

UNITS = st.sampled_from(["days", "business days", "working days", "weeks", "months", "years", "hours", "minutes"])
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


@given(st.integers(min_value=2, max_value=999_999), UNITS)
def test_written_out_numbers_are_their_digits(n: int, unit: str) -> None:
    assert not tripwire(f"Within {n:,} {unit}.", None, "", f"Within {spelled(n)} {unit}.").new
    assert tripwire(f"Within {n:,} {unit}.", None, "", f"Within {spelled(n + 1)} {unit}.").new


@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=0, max_value=99))
def test_amounts_in_any_notation(dollars: int, cents: int) -> None:
    amount = f"{dollars}.{cents:02d}" if cents else str(dollars)
    written = [f"${dollars:,}.{cents:02d}", f"{amount} dollars", f"USD {amount}", f"US${dollars:,}.{cents:02d}"]
    for one in written:
        for other in written:
            assert not tripwire(f"It costs {one}.", None, "", f"That is {other}.").new, (one, other)
    assert tripwire(f"It costs {written[0]}.", None, "", f"That is ${dollars + 1:,}.").new


@given(st.dates(min_value=datetime.date(1900, 1, 1), max_value=datetime.date(2199, 12, 31)))
def test_dates_in_any_notation(day: datetime.date) -> None:
    month = MONTHS[day.month - 1]
    suffix = "th" if 11 <= day.day <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day.day % 10, "th")
    written = [day.isoformat(), f"{day.day} {month} {day.year}", f"{month} {day.day}, {day.year}", f"the {day.day}{suffix} of {month} {day.year}"]  # fmt: skip
    for one in written:
        for other in written:
            assert not tripwire(f"The offer ends {one}.", None, "", f"It ends {other}.").new, (one, other)
    later = day + datetime.timedelta(days=1)
    assert tripwire(f"The offer ends {written[0]}.", None, "", f"It ends {later.isoformat()}.").new


@given(st.integers(min_value=1, max_value=10_000), st.sampled_from([("weeks", 7, "days"), ("years", 12, "months"), ("hours", 60, "minutes"), ("days", 24, "hours")]))  # fmt: skip
def test_durations_convert_within_their_family(n: int, conversion: tuple[str, int, str]) -> None:
    big, factor, small = conversion
    assert not tripwire(f"Within {n} {big}.", None, "", f"Within {n * factor:,} {small}.").new
    assert not tripwire(f"Within {n * factor:,} {small}.", None, "", f"Within {n} {big}.").new


@given(st.integers(min_value=0, max_value=100), st.sampled_from(["{n}%", "{n} %", "{n} percent", "{n} per cent", "{w} percent"]))  # fmt: skip
def test_percentages_in_any_notation(n: int, form: str) -> None:
    answer = form.format(n=n, w=spelled(n))
    assert not tripwire(f"Students get {n}% off.", None, "", f"Students get {answer} off.").new


@given(st.integers(min_value=0, max_value=23), st.sampled_from([0, 15, 30, 45]))
def test_times_in_12_and_24_hour_notation(hour: int, minute: int) -> None:
    twelve = f"{(hour - 1) % 12 + 1}:{minute:02d}{'pm' if hour >= 12 else 'am'}"
    assert not tripwire(f"We open at {hour}:{minute:02d}.", None, "", f"We open at {twelve}.").new


@settings(deadline=None)  # an example in another script loads lingua's models once: no timing is asserted
@given(st.lists(st.integers(min_value=0, max_value=10**9), max_size=8), st.text(max_size=40))
def test_restating_the_contexts_figures_is_never_ungrounded(numbers: list[int], filler: str) -> None:
    """The filler holds neither digits nor letters: since issue 38 words state figures too ('a fortnight',
    'noon', 'twice', 'Monday'), so a filler of letters may invent one. Signs and symbols may follow a number
    ('5 %', '5 €'): a bare number of the context backs its value in any unit."""
    context = "Facts: " + ", ".join(f"{n:,}" for n in numbers)
    filler = "".join(ch for ch in filler if not ch.isnumeric() and not ch.isalpha())
    response = " ".join(str(n) for n in numbers) + " " + filler
    assert judge_figures(context, response).score != 2


@given(st.integers(min_value=0, max_value=10**6))
def test_a_new_figure_is_always_ungrounded(n: int) -> None:
    assert judge_figures(f"The limit is {n}.", f"The limit is {n + 1}.").score == 2


# Figures of every kind, with the readings that make ``same`` subtle: dates with and without a year or a day,
# dates read two ways, days and business days, times and the plain numbers they state, bare words.
PHRASES = st.sampled_from([
    "3", "4", "12", "30", "2024", "three", "thirty days", "30 days", "30 business days", "4 weeks", "28 days",
    "1 month", "2 years", "24 months", "$30", "30 dollars", "30%", "3:00pm", "15:00", "3pm", "12:30",
    "2024-03-04", "03/04/2024", "04/03/2024", "4 March 2024", "March 4", "March 2024", "4 March", "March 3rd",
    "3 April 2024", "April 3, 2023", "one hundred dollars", "100", "5 working days", "five days",
])  # fmt: skip


def pairwise_claims(text: str) -> list[Figure]:
    """``claims`` as its definition reads: each figure kept unless it means what a kept one means both ways."""
    seen: list[Figure] = []
    for figure in figures(text):
        if not figure.bare and not any(same(figure, s) and same(s, figure) for s in seen):
            seen.append(figure)
    return seen


@given(st.lists(PHRASES, max_size=12), st.lists(PHRASES, min_size=1, max_size=6))
@example(["March 4"], ["March 2024"])  # a month of a year, stated by a day of that month in no year
def test_the_indexed_figures_answer_as_same_does_pair_by_pair(sources: list[str], said: list[str]) -> None:
    stated = figures(". ".join(sources))
    index = Stated(stated)
    for claim in figures(". ".join(said)):
        assert index.states(claim) == any(same(claim, source) for source in stated), (claim, stated)
    text = ". ".join(sources + said)
    assert claims(text) == pairwise_claims(text)


def test_a_row_lists_its_first_new_figures_and_still_reads_them_all() -> None:
    answer = " ".join(f"{n} days." for n in range(100, 400))
    finding = tripwire("Returns within 30 days.", None, "You have 45 days.", answer + " Or 45 days.")
    assert [n.figure.text for n in finding.new] == [f"{n} days" for n in range(100, 120)]  # the first twenty
    assert [f.text for f in finding.backlog] == ["45 days"]  # after the three hundred, still read

"""Figures the tripwire does not read in full are listed as not read (not checked), never as inventions; what
they were read as is kept in the results and shown in the report (issue 46, round four). Each class both ways:
the figure read in full and changed is still an invention."""

from __future__ import annotations

from pathlib import Path

import pytest

from groundgate.errors import InputError
from groundgate.judges.figures import tripwire
from groundgate.readback import read_results
from groundgate.report import render
from groundgate.results import Results, Row, UnsupportedFigure
from groundgate.rules import Outcome
from tests.support.reports import make_results, make_row
from tests.support.tripwire_rows import listed


def test_a_count_of_an_unknown_noun_whose_value_the_context_states_in_a_unit_is_not_read() -> None:
    found = tripwire("Our tap water has a hardness of 9 °dH.", None, "", "Our tap water has 9 German hardness degrees.")
    assert [(new.status, new.figure.text) for new in found.new] == [("unread", "9 German")]
    assert not found.flagged
    assert "a noun its tables do not know" in found.new[0].basis


def test_a_count_of_an_unknown_noun_of_a_value_the_context_never_states_is_an_invention() -> None:
    assert listed("Our tap water has a hardness of 9 °dH.", "Our tap water has 12 German hardness degrees.") == [
        ("unsupported", "12 German")
    ]


def test_a_count_whose_noun_the_context_states_too_is_read_and_its_changed_bound_is_an_invention() -> None:
    context = "Guided tours take groups of at least 8 kayakers."
    assert listed(context, "Guided tours take groups of at most 8 kayakers.") == [("unsupported", "8 kayakers")]
    assert listed(context, "Guided tours take groups of at least 8 kayakers.") == []


def test_a_per_noun_its_tables_do_not_know_is_listed_as_not_read_not_passed_in_silence() -> None:
    context = "Sammelüberweisung: 0,05 € je Posten."
    found = tripwire(context, None, "", "Sie zahlen 0,05 € pro Datei.")
    assert [(new.status, new.figure.text) for new in found.new] == [("unread", "0,05 €")]
    assert not found.flagged
    assert "datei" in found.new[0].basis
    assert listed(context, "Sie zahlen 0,05 € je Posten.") == []


@pytest.mark.parametrize(
    ("context", "restated", "changed", "figure"),
    [
        ("Die Frist beträgt 10 Kalendertage.", "Die Frist beträgt 10 Tage.", "Die Frist beträgt 10 Werktage.", "10 Werktage"),
        ("Die Widerrufsfrist beträgt 10 Werktage.", "Sie haben 10 Arbeitstage Zeit.", "Sie haben 10 Kalendertage Zeit.", "10 Kalendertage"),
        ("Terugsturen kan binnen 6 werkdagen.", "Je hebt 6 werkdagen.", "Je hebt 6 kalenderdagen.", "6 kalenderdagen"),
        ("Terugsturen kan binnen 6 kalenderdagen.", "Je hebt 6 dagen.", "Je hebt 6 werkdagen.", "6 werkdagen"),
        ("发票将在5个工作日内开具。", "5个工作日内开发票。", "5个自然日内开发票。", "5个自然日"),
    ],
)  # fmt: skip
def test_calendar_days_written_as_one_word_are_days(context: str, restated: str, changed: str, figure: str) -> None:
    """'Kalendertage', 'kalenderdagen', '自然日' are calendar days: a plain day restates them, a business day does not."""
    assert listed(context, restated) == []
    found = tripwire(context, None, "", changed).new
    assert [(new.status, new.figure.text) for new in found] == [("unsupported", figure)]
    assert found[0].figure.kind == "duration"


def test_a_latin_word_glued_to_a_particle_says_what_its_figure_is_said_of() -> None:
    """'LDLが98 mg/dL' is said of LDL: not of the triglycerides the part before it names."""
    context = (
        "健康診断の結果、中性脂肪は150 mg/dL（基準値：30〜149 mg/dL）、LDLは98 mg/dL（基準値：60〜139 mg/dL）でした。"
    )
    assert listed(context, "中性脂肪は基準を超えていますが、LDLが98 mg/dLと、基準内です。") == []
    assert listed(context, "中性脂肪は98 mg/dLで基準内ですが、LDLが150 mg/dLと高めです。")[0] == (
        "elsewhere",
        "98 mg/dL",
    )


def _results(rows: list[Row]) -> Results:
    return make_results(rows).model_copy(update={"category_sizes": {"policy": len(rows)}})


def _row_with(candidate: str, figures: list[UnsupportedFigure]) -> Row:
    context = "Our tap water has a hardness of 9 °dH."
    return make_row(
        1, Outcome.TIE, context=context, baseline=context, candidate=candidate, query=None, new_figures=figures
    )


def test_a_figure_not_read_in_full_is_kept_in_the_results_checked_on_reading_and_shown_in_the_report(
    tmp_path: Path,
) -> None:
    """The results keep it (status 'unread', what was not read), re-derived from the row's texts when the file is
    read; the row stays a tie (it is no row to read), and the report names the figure as not checked."""
    candidate = "Our tap water has 9 German hardness degrees."
    found = tripwire(
        "Our tap water has a hardness of 9 °dH.", None, "Our tap water has a hardness of 9 °dH.", candidate
    )
    kept = [UnsupportedFigure(n.figure.text, n.nearest, n.figure.said, n.sentence, n.status, n.basis) for n in found.new]  # fmt: skip
    assert [(f.figure, f.status, f.flagged) for f in kept] == [("9 German", "unread", False)]
    path = tmp_path / "results.json"
    _results([_row_with(candidate, kept)]).write(path)
    results = read_results(path)
    [row] = list(results.rows)
    assert row.new_figures is not None
    assert row.new_figures[0].status == "unread"
    text = render(results, "comment")
    assert "did not read in full" in text
    assert "9 german" in text
    assert "a noun its tables do not know" in text

    _results([_row_with(candidate, [])]).write(path)  # the same texts without it: the file is refused
    with pytest.raises(InputError, match="new_figures"):
        read_results(path)

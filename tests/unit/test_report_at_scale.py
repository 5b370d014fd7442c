"""The reviewer's view of a realistic run (hundreds of cases, every outcome, long contexts, real-length
judge reasons) at each GitHub size, and one headline for every medium under every ``fail-on``."""

from __future__ import annotations

import dataclasses
import itertools
import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.github.annotations import MESSAGE_LIMIT, annotations_for, cut_bytes
from groundgate.report import LIMITS, Target, _Renderer, render
from groundgate.report.console import render_console, width
from groundgate.report.context import ReportContext
from groundgate.report.escape import inline
from groundgate.report.headline import verdict_headline
from groundgate.report.rows import agree
from groundgate.report.sections import MIN_LINE_BYTES, layouts
from groundgate.results import Results
from groundgate.rules import FailOn, Outcome, gate_exit, plural
from tests.support.big_run import big_run
from tests.support.report_checks import ATTENTION_TITLES, inline_text, parse, sections, tables, text_of
from tests.support.reports import make_results, make_row

WHERE = "[the job summary](https://github.example/o/r/actions/runs/42) and the results file (.groundgate/results.json)"
SIZES = [(420, "comment"), (420, "check"), (420, "summary"), (1680, "comment"), (1680, "summary")]


@cache
def run(cases: int) -> Results:
    return big_run(cases)


@cache
def rendered(cases: int, target: Target) -> str:
    return render(run(cases), target, ReportContext(full_report=WHERE))


def flat(text: str | None) -> str:
    return " ".join((text or "").split())


@pytest.mark.parametrize(("cases", "target"), SIZES)
def test_every_size_fits_and_every_attention_section_shows_its_rows(cases: int, target: Target) -> None:
    text = rendered(cases, target)
    results = run(cases)
    assert len(text.encode()) <= LIMITS[target]
    tokens = parse(text)

    found = tables(tokens)
    assert found, "the report has tables"
    assert all(t.rows > 0 for t in found), "no empty table"
    assert all(t.columns <= 7 for t in found), [t.columns for t in found]

    shown = sections(text)
    totals = {
        "Blocking regressions": results.counts[Outcome.REGRESSION],
        "Regressions to review": results.counts[Outcome.REVIEW],
        "Unstable": results.counts[Outcome.UNSTABLE],
        "New non-answers": results.counts[Outcome.NEW_NON_ANSWER],
        "Could not judge": results.counts[Outcome.ERROR],
    }
    for title in ATTENTION_TITLES:
        section = shown[title]
        assert section.total == totals[title] > 0
        assert section.shown >= min(10, section.total), (title, section)
    for section in shown.values():
        assert section.shown + section.more + section.unlisted == section.total, section  # omissions add up
        assert section.show_counts == ([section.lines] if section.show_counts else []), section  # "Show N" is N
        if section.more:
            assert section.shown > 0
    assert ("left out of this report" in text) == any(s.more or s.unlisted for s in shown.values())
    if target == "summary" and cases == 420:
        assert all(s.shown == s.total for s in shown.values())  # a megabyte holds the whole run

    # every blocking regression is named, with its category and scores, at every size
    blocking = [r for r in results.rows if r.outcome is Outcome.REGRESSION]
    assert shown["Blocking regressions"].shown == len(blocking)
    lines = text.splitlines()
    for row in blocking:
        named = [line for line in lines if re.search(rf"(?<![\w-]){re.escape(inline(row.id))}(?![\w-])", line)]
        assert any(re.search(rf"\b{row.category} [·|]", line) and " → " in line for line in named), row.id
    # the 4x4 table (no chart) holds every judged row once
    matrix = text.split("| baseline ↓ / candidate → |")[1].split("\n\n")[0]
    cells = [int(n.replace(",", "")) for n in re.findall(r"\| ([\d,]+)(?= \|)", matrix)]
    assert len(cells) == 16
    assert sum(cells) == len(results.rows) - results.counts[Outcome.ERROR]
    assert "```" not in text


@cache
def too_small_to_block(cases: int) -> Results:
    """The run with ``min-cases-to-block`` above every category's size: each confirmed regression in a blocking
    category is a regression to confirm instead."""
    rows = [
        dataclasses.replace(row, outcome=Outcome.REVIEW) if row.outcome is Outcome.REGRESSION else row
        for row in run(cases).rows
    ]
    return make_results(rows).model_copy(update={"min_cases_to_block": 10 * cases, "calls": run(cases).calls})


@pytest.mark.parametrize(("cases", "target"), SIZES)
def test_every_regression_to_confirm_is_named_at_every_size(cases: int, target: Target) -> None:
    """Issue 43.9: each of them would block in a larger category, so each is named, as blocking rows are."""
    results = too_small_to_block(cases)
    text = render(results, target, ReportContext(full_report=WHERE))
    assert len(text.encode()) <= LIMITS[target]
    small = [r for r in results.rows if r.outcome is Outcome.REVIEW and r.blocking]
    assert len(small) == 4 * cases // 42
    assert sections(text)["Would block, but the category is too small"].shown == len(small)
    lines = text.splitlines()
    for row in small:
        named = [line for line in lines if re.search(rf"(?<![\w-]){re.escape(inline(row.id))}(?![\w-])", line)]
        assert any(re.search(rf"\b{row.category} [·|]", line) and " → " in line for line in named), row.id
    console = render_console(results, "blocking")  # as many as it lists of blocking regressions (50)
    listed = [row for row in small if re.search(rf"(?<![\w-]){re.escape(row.id)}(?![\w-])", console)]
    assert len(listed) == min(len(small), 50)


@pytest.mark.parametrize(("cases", "target"), SIZES)
def test_the_first_blocking_rows_keep_whole_reasons_queries_contexts_and_answers(cases: int, target: Target) -> None:
    text = rendered(cases, target)
    visible = text_of(parse(text))
    whole = sections(text)["Blocking regressions"].units
    assert whole >= (10 if cases == 420 else 1)  # 160 blocking regressions are named before more are whole
    blocking = [r for r in run(cases).rows if r.outcome is Outcome.REGRESSION][: min(whole, 10)]
    for row in blocking:
        fields = (row.rescore_reason, row.after_reason, row.query, row.baseline, row.candidate)
        for field in (*fields, row.context) if cases == 420 else fields:  # a context is cut before any name
            assert flat(field) in visible, (row.id, field)


def test_the_comment_reads_as_a_reviewer_needs() -> None:
    text = rendered(420, "comment")
    tokens = parse(text)
    heading = next(inline_text(tokens[i + 1]) for i, t in enumerate(tokens) if t.type == "heading_open")
    top = verdict_headline(run(420))
    assert heading == f"{top.icon} groundgate: {top.text}"
    assert top.text.startswith("Blocks merge: 40 answers now make unsupported claims — ")
    counts = inline_text(next(t for t in tokens if t.type == "inline" and t.content.startswith("**420**")))
    assert counts == (
        "420 cases · 40 blocking regressions · 12 regressions to review · 19 unstable · 42 new non-answers · "
        "4 not judged · 60 moved · 30 still ungrounded · 213 unchanged"
    )
    assert "(s)" not in text
    assert " 1 cases" not in text
    assert "(nan)" not in text
    assert "e-0" not in text  # no p-value in scientific notation
    # a re-score that repeats the first reason word for word is not printed twice
    repeated = [
        r for r in run(420).rows[:200] if r.outcome is Outcome.REGRESSION and r.rescore_reason == r.after_reason
    ]
    assert repeated
    assert "**Why** (first score and re-score agree): " in text
    # each reason once per row: the first unit shows its decisive reason once, and the first score's
    # reason (collapsed) only where the re-score gave another
    first = text.split("### Blocking regressions (40)")[1].split("<details>")[1].split("</details>")[0]
    row = next(r for r in run(420).rows if r.outcome is Outcome.REGRESSION)
    unit = text_of(parse(text.split("### Blocking regressions (40)")[1].split("</details>")[0]))
    assert unit.count(flat(row.rescore_reason)) == 1
    assert row.rescore_reason == f"{row.after_reason} (second look)"  # nearly the same words: shown once
    assert "First score's reason" not in first
    other = next(r for r in run(420).rows if r.outcome is Outcome.UNSTABLE)
    assert not agree(other)
    # what the candidate invented is marked in its answer
    assert re.search(r"You \*\*have (45|60|90|14) days to\*\* return", text)


def test_urls_mentions_and_references_stay_inert_and_copyable() -> None:
    text = rendered(420, "summary")
    tokens = parse(text)
    codes = {c.content for t in tokens for c in t.children or [] if c.type == "code_inline"}
    assert {
        "https://help.example.com/returns?ref=faq&lang=en",
        "@support-team",
        "#123",
        "acme/shop#7",
        "3f9c2ab",
    } <= codes
    assert {"@everyone", "www.example.org", "https://evil.example"} <= codes
    plain_text = [c.content for t in tokens for c in t.children or [] if c.type == "text"]
    for pattern in (r"(?<![\w.+-])@\w", r"(?<![\w/])#\d", r"https?://", r"www\.", r"\b3f9c2ab\b"):
        assert not any(re.search(pattern, p) for p in plain_text), pattern
    assert "\u200b" not in text  # nothing invisible that a copy would carry


def test_escaping_keeps_a_url_whole_and_strips_invisible_characters() -> None:
    assert inline("see https://x.example/a?b=1&c=2.") == "see `https://x.example/a?b=1&c=2`\\."
    assert inline("ask @everyone") == "ask `@everyone`"
    assert inline("mail me at a.b@example.com") == "mail me at `a.b@example.com`"
    assert inline("fixed in #12, o/r#7 and GH-9") == "fixed in `#12`, `o/r#7` and `GH-9`"
    # a token right after another starts a new word once the first is a code span: one span holds both
    assert inline("@a@b@") == "`@a@b`@"
    assert inline("@a.@b") == "`@a`\\.`@b`"
    assert "\u200b" not in inline("https:\u200b//x.example @\u200bme")  # invisible characters do not survive
    assert inline("<b>|</b>") == "&lt;b&gt;\\|&lt;/b&gt;"


def logical(console: str) -> list[str]:
    """The console's lines as written, before wrapping: a continuation line (four spaces) joins the one above."""
    out: list[str] = []
    for line in console.splitlines():
        if line.startswith("    ") and out:
            out[-1] += " " + line.strip()
        else:
            out.append(line)
    return out


@pytest.mark.parametrize("columns", [80, 120])
def test_the_console_ends_with_the_blocking_rows_and_the_verdict(columns: int) -> None:
    results = run(420)
    where = "the job summary and .groundgate/a-rather-long-folder-name/report-of-this-run.md"
    console = render_console(results, where=where, columns=columns)
    lines = console.splitlines()
    assert max(width(line) for line in lines) <= columns
    whole = logical(console)
    assert whole[-1] == f"Verdict: {verdict_headline(results).text}"
    regressions = [i for i, line in enumerate(whole) if line.startswith("  REGRESSION ")]
    assert len(regressions) == 40
    assert regressions == list(range(len(whole) - 42, len(whole) - 2))  # the last rows before who decided
    assert whole[-2].startswith("Decided by the judge gpt-4o-2024-11-20 (deployment judge-4o);")
    row = r"  REGRESSION \[(policy|pricing|safety)\] [a-z]+-\d{4}: (grounded|partial) -> ungrounded \([45] -> 2, re-score 2\): The "
    assert all(re.match(row, whole[i]) for i in regressions)
    assert all(len(lines) - lines.index(line) <= 2 * 40 + 4 for line in lines if line.startswith("  REGRESSION "))
    counts = next(i for i, line in enumerate(whole) if line.startswith("420 cases · "))
    assert counts < regressions[0]
    assert not any(line.startswith(("  MOVED", "  STILL UNGROUNDED")) for line in whole)  # counts only
    # the path to the full list is never cut: it stays whole on one line
    assert sum(where.split()[-1] in line for line in lines) == sum(where in line for line in whole) > 0
    assert "Not listed: 60 moved, 30 still ungrounded (backlog); the full list is in " + where + "." in whole
    assert "  ... 32 more new non-answers not shown here: the full list is in " + where in whole
    assert not any("non_answer" in line for line in lines)
    assert "\x1b[" not in console


def test_colour_only_when_asked_and_never_on_a_continuation_line() -> None:
    results = make_results([make_row(1, Outcome.REGRESSION, rescore_reason="a long reason " * 20)])
    coloured = render_console(results, colour=True, columns=80).splitlines()
    assert coloured[-1].startswith("\x1b[1;31mVerdict: Blocks merge")
    assert re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(coloured)) == render_console(results, columns=80).rstrip("\n")
    continued = [line for line in coloured if line.startswith("    ")]
    assert continued
    assert not any("\x1b[" in line for line in continued)
    assert any(line.startswith("  \x1b[1;31mREGRESSION\x1b[0m ") for line in coloured)


OUTCOMES = st.lists(
    st.sampled_from([Outcome.REGRESSION, Outcome.REVIEW, Outcome.UNSTABLE, Outcome.NEW_NON_ANSWER, Outcome.ERROR, Outcome.TIE]),
    max_size=6,
)  # fmt: skip


@settings(max_examples=80, deadline=None)
@given(OUTCOMES, st.sampled_from(["blocking", "any-regression", "never"]))
def test_headline_check_title_and_console_agree_with_the_exit_code(outcomes: list[Outcome], fail_on: FailOn) -> None:
    rows = [make_row(n, o, "shipping" if o is Outcome.REVIEW else "policy") for n, o in enumerate(outcomes)]
    results = make_results(rows)
    exit_code = gate_exit(results.verdict, results.counts, fail_on)
    top = verdict_headline(results, fail_on)
    blocks = exit_code != 0
    assert top.text.startswith(("Blocks merge", "No verdict")) == blocks
    assert top.text.startswith(("Does not block merge", "Passes")) == (not blocks)
    assert top.text.startswith("No verdict") == (exit_code == 3)
    assert (top.conclusion == "failure") == blocks
    assert top.icon == ("✅" if top.conclusion == "success" else "⚠️" if not blocks else top.icon)
    report = render(results, "comment", ReportContext(fail_on=fail_on))
    heading = inline_text(parse(report)[1])
    assert heading == f"{top.icon} groundgate: {top.text}"
    console = render_console(results, fail_on)
    assert logical(console)[-1] == f"Verdict: {top.text}"
    if results.counts[Outcome.ERROR]:
        assert exit_code == 3 or exit_code == 1  # an unjudged row never passes, whatever fail-on says


@pytest.mark.parametrize(
    ("outcomes", "fail_on", "exit_code", "title"),
    [
        ([Outcome.REGRESSION], "blocking", 1, "Blocks merge: 1 answer now makes unsupported claims — policy 1"),
        ([Outcome.REGRESSION], "never", 0, "Does not block merge (fail-on: never), but 1 answer now makes unsupported claims — policy 1"),
        ([Outcome.REGRESSION, Outcome.REVIEW], "any-regression", 1, "Blocks merge (fail-on: any-regression): 2 answers now make unsupported claims — policy 1 · shipping 1"),
        ([Outcome.REVIEW], "any-regression", 1, "Blocks merge (fail-on: any-regression): 1 answer now makes unsupported claims — shipping 1"),
        ([Outcome.REVIEW], "blocking", 0, "Does not block merge: 1 row to read before shipping"),
        ([Outcome.REGRESSION, Outcome.ERROR], "never", 3, "No verdict: 1 of 2 rows not judged, so the gate cannot pass; also 1 blocking regression"),
        ([Outcome.REGRESSION, Outcome.ERROR], "blocking", 1, "Blocks merge: 1 answer now makes unsupported claims — policy 1; 1 row not judged"),
        ([Outcome.TIE, Outcome.TIE], "blocking", 0, "Passes: no answer newly fell to ungrounded (2 cases)"),
    ],
)  # fmt: skip
def test_headline_words(outcomes: list[Outcome], fail_on: FailOn, exit_code: int, title: str) -> None:
    rows = [make_row(n, o, "shipping" if o is Outcome.REVIEW else "policy") for n, o in enumerate(outcomes)]
    results = make_results(rows)
    assert gate_exit(results.verdict, results.counts, fail_on) == exit_code
    assert verdict_headline(results, fail_on).text == title


def test_plurals() -> None:
    assert [plural(n, "case") for n in (0, 1, 2, 1234)] == ["0 cases", "1 case", "2 cases", "1,234 cases"]
    assert plural(1, "more category", "more categories") == "1 more category"
    assert plural(3, "unstable") == "3 unstable"


def test_annotations_print_whole_numbers_and_cut_by_bytes() -> None:
    row = make_row(1, Outcome.REGRESSION, rescore_reason="é" * 70_000)
    [found] = annotations_for(make_results([row]), "evals/cases.jsonl")
    assert found.message.startswith("grounded → ungrounded (5 → 2, re-score 2). Judge: éé")
    assert len(found.message.encode()) <= MESSAGE_LIMIT
    assert cut_bytes("ab€", 4).encode() == b"a" + "…".encode()  # never half a character


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=100, max_value=900), st.integers(min_value=0, max_value=10**6))
def test_a_layout_skipped_unrendered_could_never_have_fitted(cases: int, seed: int) -> None:
    """Layouts whose least possible size is over the limit are not rendered; that least size must never
    be more than what the layout really takes, or a report that fits would lose rows it could show."""
    renderer = _Renderer(big_run(cases, seed), ReportContext(), keep=LIMITS["summary"] // MIN_LINE_BYTES)
    for layout in itertools.islice(layouts(renderer.groups), 0, None, 7):
        assert renderer.floor(layout) <= len(renderer.render(layout).encode("utf-8"))

"""The reviewer's view of a realistic run (hundreds of cases, every outcome, long contexts, real-length
judge reasons) at each GitHub size, and one headline for every medium under every ``fail-on``."""

from __future__ import annotations

import itertools
import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.github.publisher import MESSAGE_LIMIT, annotations_for, cut_bytes
from groundgate.report import (
    LIMITS,
    MIN_LINE_BYTES,
    ReportContext,
    Target,
    _layouts,
    _Renderer,
    render,
    verdict_headline,
)
from groundgate.report.console import render_console, width
from groundgate.report.escape import inline
from groundgate.results import Results
from groundgate.rules import FailOn, Outcome, gate_exit, plural
from tests.support.big_run import big_run
from tests.support.report_checks import (
    ATTENTION_TITLES,
    inline_text,
    mermaid_blocks,
    mermaid_errors,
    parse,
    sections,
    tables,
    text_of,
)
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

    [chart] = mermaid_blocks(tokens)
    assert mermaid_errors(chart) == []
    edges = [int(n.replace(",", "")) for n in re.findall(r"-->\|([\d,]+)\|", chart)]
    stayed = [int(n.replace(",", "")) for n in re.findall(r" \(([\d,]+) unchanged\)", chart)]
    assert sum(edges) + sum(stayed) == len(results.rows)  # every row is on one edge or stayed in its box
    assert sum(edges) == sum(1 for r in results.rows if r.before != r.after)


@pytest.mark.parametrize(("cases", "target"), SIZES)
def test_the_first_blocking_rows_keep_whole_reasons_queries_contexts_and_answers(cases: int, target: Target) -> None:
    text = rendered(cases, target)
    visible = text_of(parse(text))
    blocking = [r for r in run(cases).rows if r.outcome is Outcome.REGRESSION][:10]
    for row in blocking:
        for field in (row.rescore_reason, row.after_reason, row.query, row.context, row.baseline, row.candidate):
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
    assert "**Re-score** (2): the same reason as the first score." in text
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


def test_the_console_ends_with_what_matters() -> None:
    results = run(420)
    lines = render_console(results, where="the job summary").splitlines()
    assert len(lines) <= 120
    assert max(width(line) for line in lines) <= 100
    assert lines[-1] == f"Verdict: {verdict_headline(results).text}"
    counts = next(i for i, line in enumerate(lines) if line.startswith("420 cases · "))
    regressions = [i for i, line in enumerate(lines) if line.startswith("  REGRESSION ")]
    assert len(regressions) == 40
    assert counts < regressions[0]
    assert not any(line.startswith(("  MOVED", "  STILL UNGROUNDED")) for line in lines)  # counts only
    assert "Not listed: 60 moved, 30 still ungrounded (backlog); the full list is in the job summary." in lines
    assert "  ... 32 more new non-answers not shown here: the full list is in the job summary" in lines
    assert not any("non_answer" in line for line in lines)
    assert "\x1b[" not in "\n".join(lines)


def test_colour_only_when_asked() -> None:
    results = make_results([make_row(1, Outcome.REGRESSION)])
    coloured = render_console(results, colour=True).splitlines()
    assert coloured[-1].startswith("\x1b[1;31mVerdict: Blocks merge")
    assert re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(coloured)) == render_console(results).rstrip("\n")


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
    assert top.text.startswith("Blocks merge") == blocks
    assert top.text.startswith("Does not block merge") == (not blocks)
    assert (top.conclusion == "failure") == blocks
    assert top.icon == ("✅" if top.conclusion == "success" else "⚠️" if not blocks else top.icon)
    report = render(results, "comment", ReportContext(fail_on=fail_on))
    heading = inline_text(parse(report)[1])
    assert heading == f"{top.icon} groundgate: {top.text}"
    console = render_console(results, fail_on)
    assert console.splitlines()[-1] == f"Verdict: {top.text}"
    assert len(console.splitlines()[-1]) <= 100
    if results.counts[Outcome.ERROR]:
        assert exit_code == 3 or exit_code == 1  # an unjudged row never passes, whatever fail-on says


@pytest.mark.parametrize(
    ("outcomes", "fail_on", "exit_code", "title"),
    [
        ([Outcome.REGRESSION], "blocking", 1, "Blocks merge: 1 answer now makes unsupported claims — policy 1"),
        ([Outcome.REGRESSION], "never", 0, "Does not block merge (fail-on: never), but 1 answer now makes unsupported claims — policy 1"),
        ([Outcome.REGRESSION, Outcome.REVIEW], "any-regression", 1, "Blocks merge (fail-on: any-regression): 2 answers now make unsupported claims"),
        ([Outcome.REVIEW], "any-regression", 1, "Blocks merge (fail-on: any-regression): 1 answer now makes unsupported claims — shipping 1"),
        ([Outcome.REVIEW], "blocking", 0, "Does not block merge: 1 row to read before shipping"),
        ([Outcome.REGRESSION, Outcome.ERROR], "never", 3, "Blocks merge: 1 row not judged, the gate cannot pass; also 1 blocking regression"),
        ([Outcome.TIE, Outcome.TIE], "blocking", 0, "Does not block merge: no answer newly fell to ungrounded"),
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
    for layout in itertools.islice(_layouts(renderer.groups), 0, None, 7):
        assert renderer.floor(layout) <= len(renderer.render(layout).encode("utf-8"))

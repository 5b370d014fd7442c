"""The markdown report: snapshot, structure under a real CommonMark/GFM parser, injection, size limits."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import example as known_case
from hypothesis import strategies as st
from markdown_it.token import Token

from groundgate.cases import Yardstick
from groundgate.readback import read_results
from groundgate.report import LIMITS, Target, render
from groundgate.report.console import render_console
from groundgate.report.context import ReportContext, marker
from groundgate.report.headline import verdict_headline
from groundgate.report.links import Links
from groundgate.report.noise import warning as noise_warning
from groundgate.report.rows import answers, room
from groundgate.results import Calls, Noise, Row
from groundgate.rules import Outcome, gate_exit
from tests.support.cli import example
from tests.support.report_checks import inline_text, outside_details, parse, sections, tables, text_of
from tests.support.reports import make_results, make_row

SNAPSHOTS = Path(__file__).parent / "snapshots"
LINKS = Links("https://github.com", "acme/prompts", "0123abcd", "examples/cases.jsonl")
ALLOWED_INLINE_HTML = {"<br>", "<sub>", "</sub>"}


def table_rows(tokens: list[Token]) -> list[int]:
    return [t.rows for t in tables(tokens)]


def test_snapshot_of_the_example(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    example("candidate-regression.jsonl", path)
    results = read_results(path).model_copy(update={"wall_seconds": 0.0, "baseline_age": None})  # git's, not ours
    results.inputs.cases = "examples/cases.jsonl"
    text = render(results, "comment", ReportContext(links=LINKS))
    snapshot = SNAPSHOTS / "report_example.md"
    if os.environ.get("UPDATE_SNAPSHOTS"):
        snapshot.write_text(text, encoding="utf-8")
    assert text == snapshot.read_text(encoding="utf-8")


def test_tables_are_tables_with_the_expected_rows() -> None:
    rows = [
        make_row(1, Outcome.REGRESSION),
        make_row(2, Outcome.REGRESSION, "pricing"),
        make_row(3, Outcome.REVIEW, "shipping"),
    ]
    rows += [make_row(10 + n, Outcome.MOVED, "shipping") for n in range(12)]
    rows += [make_row(30, Outcome.TIE), make_row(31, Outcome.ERROR, "safety")]
    tokens = parse(render(make_results(rows), "comment", ReportContext(links=LINKS)))
    # each regression, the error row and the review row: its answers side by side (one row each); moved up
    # (collapsed); the 4x4 matrix; per category
    assert table_rows(tokens) == [1, 1, 1, 1, 12, 4, 4]
    assert "```" not in render(make_results(rows), "comment")  # no chart: the 4x4 table reads better at every size
    # a row on one table line shows what the candidate answered, and the reason once
    moved = render(make_results(rows), "comment").split("### Moved up (12)")[1]
    assert "| Case&nbsp;·&nbsp;category&nbsp;·&nbsp;scores | Candidate's answer | Why |" in moved
    assert "| candidate answer 10\\. | candidate reason 10 |" in moved
    links = [t.attrs["href"] for tok in tokens for t in tok.children or [] if t.type == "link_open"]
    assert "https://github.com/acme/prompts/blob/0123abcd/examples/cases.jsonl#L2" in links
    details = [t for t in tokens if t.type == "html_block" and t.content.startswith("<details>")]
    assert len(details) == 2 + 1 + 1 + 1 + 1  # one per regression/review/error row, the moves, the matrix


INJECTIONS = [
    "</details>",
    '<!-- groundgate-report check="groundgate" -->',
    "a | b | c",
    "```\ncode fence",
    "`tick`",
    "<script>alert(1)</script>",
    "@octocat please look",
    "<img src=x onerror=alert(1)>",
    "[click](https://evil.example)",
    "https://evil.example/path",
    "# not a heading",
    "-->",
]


@pytest.mark.parametrize("payload", INJECTIONS)
def test_user_content_comes_out_as_text(payload: str) -> None:
    fields = dict.fromkeys(
        ("query", "context", "baseline", "candidate", "before_reason", "after_reason", "rescore_reason"), payload
    )
    rows = [make_row(1, Outcome.REGRESSION, **fields), make_row(2, Outcome.REVIEW, category=payload, id=payload)]
    context = ReportContext(links=LINKS)
    text = render(make_results(rows), "comment", context)
    tokens = parse(text)

    assert text.count("<!--") == 1  # only the marker
    assert text.rstrip().endswith(marker("groundgate"))
    texts = [c.content for t in tokens for c in t.children or [] if c.type == "text"]
    assert not any(re.search(r"@[A-Za-z0-9]", t) for t in texts)  # a mention only ever in a code span
    assert "<script>" not in text
    inline_html = {c.content for t in tokens for c in t.children or [] if c.type == "html_inline"}
    assert inline_html <= ALLOWED_INLINE_HTML
    html_blocks = [t.content for t in tokens if t.type == "html_block"]
    allowed = r"<details><summary>[^<>]*</summary>|</details>|" + re.escape(marker("groundgate"))
    assert all(re.fullmatch(rf"({allowed})\s*", b) for b in html_blocks), html_blocks
    assert [t.attrs["href"] for tok in tokens for t in tok.children or [] if t.type == "link_open"] == [
        "https://github.com/acme/prompts/blob/0123abcd/examples/cases.jsonl#L2",
        "https://github.com/acme/prompts/blob/0123abcd/examples/cases.jsonl#L3",
    ]
    assert [(t.columns, t.rows) for t in tables(tokens)[:2]] == [(2, 1), (2, 1)]  # a '|' adds no cells or rows
    assert not [
        t for t in tokens if t.type in ("heading_open", "fence", "code_block") and t.markup not in ("###", "##")
    ]
    visible = text_of(tokens)
    flat = " ".join(payload.split())
    assert flat in visible  # the id and the category are shown inline, whitespace folded


@pytest.mark.parametrize("target", ["comment", "check", "summary"])
def test_five_thousand_rows_fit_and_keep_every_blocking_row(target: Target) -> None:
    long = "lorem ipsum dolor sit amet " * 80
    rows = [make_row(n, Outcome.REGRESSION, text=long) for n in range(40)]
    rows += [make_row(3500 + n, Outcome.BLOCKING_FIGURE, "pricing", text=long) for n in range(40)]  # tripwire: block
    rows += [make_row(3600 + n, Outcome.UNSUPPORTED_FIGURE, "shipping", text=long) for n in range(300)]
    rows += [make_row(100 + n, Outcome.REVIEW, "shipping", text=long) for n in range(400)]
    rows += [make_row(1000 + n, Outcome.NEW_NON_ANSWER, "account", text=long) for n in range(300)]
    rows += [make_row(2000 + n, Outcome.MOVED, "account", text=long) for n in range(1200)]
    rows += [make_row(4000 + n, Outcome.STILL_UNGROUNDED, "account", text=long) for n in range(1000)]
    rows += [make_row(6000 + n, Outcome.TIE, "shipping", text=long) for n in range(5000 - len(rows))]
    assert len(rows) == 5000
    text = render(make_results(rows), target, ReportContext(full_report="the job summary"))
    assert len(text.encode()) <= LIMITS[target]
    for n in [*range(40), *range(3500, 3540)]:  # every blocking row is named, whatever the size
        assert f"case\\-{n:05d}" in text
    assert text.rstrip().endswith(marker("groundgate"))
    shown = sections(text)
    assert shown["Blocking unsupported figures"].shown == 40
    assert shown["Unsupported figures"].shown < 300 or target == "summary"  # rows that do not block shrink first
    left = re.search(
        r"([\d,]+) rows are left out of this report to fit GitHub's size limit; each section says how many of its own, "
        r"and the full list is in the job summary",
        text,
    )
    listed = sum(s.more + s.unlisted for s in shown.values())
    assert int(left.group(1).replace(",", "") if left else 0) == listed  # the note adds up the sections'
    for section in shown.values():  # every listed row is shown or counted as left out
        assert section.shown + section.more + section.unlisted == section.total
    if target != "summary":
        assert left is not None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.text(alphabet=st.characters(codec="utf-8"), max_size=120),
    st.sampled_from(["<", "<b>", "<img src=x>", "`", "|", "@", "[", "](", "<!--", "\n", "*", "http://x.y"]),
)
@known_case("0@0", "@")  # "@0@0@": the second mention follows the first one's code span, a new word to GitHub
@known_case("@0", "`")  # "`@0`": a literal backtick is not a word character, so GitHub's mention starts after it
def test_no_user_text_becomes_markup(text: str, seed: str) -> None:
    payload = seed + text + seed
    fields = dict.fromkeys(
        ("query", "context", "baseline", "candidate", "before_reason", "after_reason", "rescore_reason"), payload
    )
    rows = [
        make_row(1, Outcome.REGRESSION, **fields),
        make_row(2, Outcome.REVIEW, category=payload[:40] or "x", id=payload or "x"),
    ]
    rendered = render(make_results(rows), "comment", ReportContext(links=LINKS))
    tokens = parse(rendered)
    assert rendered.count("<!--") == 1
    assert {c.content for t in tokens for c in t.children or [] if c.type == "html_inline"} <= ALLOWED_INLINE_HTML
    allowed = r"<details><summary>[^<>]*</summary>|</details>|" + re.escape(marker("groundgate"))
    assert all(re.fullmatch(rf"({allowed})\s*", t.content) for t in tokens if t.type == "html_block")
    hrefs = [c.attrs["href"] for t in tokens for c in t.children or [] if c.type == "link_open"]
    assert all(str(h).startswith("https://github.com/acme/prompts/blob/0123abcd/") for h in hrefs)
    assert [(t.columns, t.rows) for t in tables(tokens)[:2]] == [(2, 1), (2, 1)]
    texts = [c.content for t in tokens for c in t.children or [] if c.type == "text"]
    assert not any(re.search(r"(?<![A-Za-z0-9_.+-])@[A-Za-z0-9]", t) for t in texts)  # no mention can ping


def test_each_check_name_keys_a_comment_of_its_own() -> None:
    assert marker("gate (a)") != marker("gate [a]")  # both read 'gate _a_' once shortened to plain characters
    assert marker("gate_a") != marker("gate a")
    # a plain name keeps the marker earlier versions wrote, so their comment is found and updated, not doubled
    assert marker("groundgate / verdict") == '<!-- groundgate-report check="groundgate / verdict" -->'


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120), st.text(max_size=120))
def test_no_check_names_marker_is_found_in_another_names_comment(first: str, second: str) -> None:
    if first != second:
        assert marker(first) not in f"text\n{marker(second)}\n"


ENDPOINT = "https://judge-east.openai.azure.com"
CONNECTION = "WrappedOpenAIError: OpenAI API hits APIConnectionError: Connection error."
BREAKER = (
    "not sent: the judge failed 10 calls in a row, so groundgate stopped calling it (circuit breaker, "
    f"max-consecutive-failures); the last failure: {CONNECTION}"
)


def outage_rows(n: int, judged: int = 0) -> list[Row]:
    """``n`` rows the judge could not reach (the first ten sent and failed, the rest refused by the
    breaker), after ``judged`` rows it did judge."""
    rows = [make_row(k, Outcome.TIE) for k in range(judged)]
    for k in range(judged, judged + n):
        error = f"baseline: {CONNECTION if k - judged < 10 else BREAKER}"
        rows.append(make_row(k, Outcome.ERROR, error=error, unreachable=ENDPOINT))
    return rows


def test_an_outage_is_a_no_verdict_naming_the_endpoint_once_with_no_measurement() -> None:
    results = make_results(outage_rows(12)).model_copy(
        update={"calls": Calls(groundedness=12, failed=12, unsent=2, total=12)}
    )
    text = render(results, "comment", ReportContext(links=LINKS))
    tokens = parse(text)
    assert inline_text(tokens[1]) == (
        f"⛔ groundgate: No verdict: the judge deployment judge-4o at {ENDPOINT} could not be reached: 12 of 12 rows "
        "not judged"
    )
    assert text.count("judge-east") == 1  # the endpoint, once: in the headline
    assert text_of(tokens).count("Connection error") == 1  # the error once, not row by row
    assert "**The fix:**" in text
    assert tables(tokens) == []  # no table of zeros, no per-category figures
    for measured in ("Fluency", "Judge noise", "Bucket transitions", "unchanged", "re-scored by"):
        assert measured not in text, measured
    assert text.count("cases.jsonl#L") == 12  # every row named, once, as a linked id
    assert gate_exit(results.verdict, results.counts) == 3


def test_an_outage_after_some_rows_keeps_what_was_judged_and_a_blocking_regression_still_blocks() -> None:
    rows = [*outage_rows(5, judged=3), make_row(20, Outcome.REGRESSION)]
    results = make_results(rows)
    assert gate_exit(results.verdict, results.counts) == 1  # a confirmed blocking regression: 1, outage or not
    top = verdict_headline(results)
    assert top.text == "Blocks merge: 1 answer now makes unsupported claims — policy 1; 5 rows not judged"
    text = render(results, "comment")
    shown = sections(text)
    assert shown["Blocking regressions"].units == 1
    assert "### Not judged: the judge could not be reached (5)" in text
    assert text_of(parse(text)).count("Connection error") == 1
    never = verdict_headline(results, "never")
    assert never.text.startswith(
        f"No verdict: the judge deployment judge-4o at {ENDPOINT} could not be reached: 5 of 9 rows not judged"
    )
    assert gate_exit(results.verdict, results.counts, "never") == 3


def test_rows_too_small_to_block_have_their_own_section_named_in_the_headline() -> None:
    note = "safety has 12 cases, fewer than 50: a flip blocks there only when an independent second opinion confirms it"
    rows = [make_row(n, Outcome.REVIEW, "safety", note=note) for n in range(10)]
    rows += [make_row(20, Outcome.REVIEW, "shipping")] + [make_row(30 + n, Outcome.TIE, "safety") for n in range(2)]
    results = make_results(rows).model_copy(update={"category_sizes": {"safety": 12, "shipping": 1}})
    top = verdict_headline(results)
    assert top.text == "Does not block merge: 10 regressions to confirm, too few cases to block — safety 10"
    assert top.conclusion == "neutral"
    text = render(results, "comment")
    shown = sections(text)
    assert shown["Would block, but the category is too small"].total == 10
    assert shown["Would block, but the category is too small"].shown == 10
    assert shown["Regressions to review"].total == 1  # the other category's regression stays a review row
    assert "Here: safety \\(12 cases\\)." in text
    assert "**10** regressions to confirm · **1** regression to review" in text
    assert "| safety (blocking) ² | 12 | 10 | 0 | 0 + 10 to confirm |" in text
    assert verdict_headline(results, "any-regression").text.startswith("Blocks merge (fail-on: any-regression)")


def test_a_passing_run_is_its_headline_and_counts_with_the_rest_collapsed() -> None:
    rows = [make_row(n, Outcome.TIE, ("policy", "shipping", "account")[n % 3]) for n in range(11)]
    rows.append(make_row(11, Outcome.MOVED, "shipping"))
    context = ReportContext(
        links=LINKS, commit="0123abcd4567", commit_url="https://github.com/acme/prompts/commit/0123abcd4567",
        run_url="https://github.com/acme/prompts/actions/runs/42", run_id="42",
    )  # fmt: skip
    text = render(make_results(rows), "comment", context)
    seen = outside_details(text)
    assert len(seen) < 1200, seen
    assert seen.startswith(
        "## ✅ groundgate: Passes\\: no answer newly fell to ungrounded \\(12 cases\\)\n\n**12** cases"
    )
    assert "Moved up (1)" in text  # collapsed, not gone
    assert [line for line in seen.splitlines() if line.strip()][1] == "**12** cases · **1** moved · **11** unchanged"
    assert "<summary>Details: moves and backlog, bucket transitions, per category, the judge</summary>" in text


@pytest.mark.parametrize("outcome", [Outcome.REGRESSION, Outcome.BLOCKING_FIGURE])
def test_under_fail_on_never_the_blocking_section_says_why_it_does_not_block(outcome: Outcome) -> None:
    text = render(make_results([make_row(1, outcome)]), "comment", ReportContext(fail_on="never"))
    assert inline_text(parse(text)[1]).startswith("⚠️ groundgate: Does not block merge (fail-on: never)")
    assert "They do not fail the check: this workflow sets `fail-on: never`." in text


def test_an_unstable_row_shows_both_verdicts_and_who_disagreed() -> None:
    row = make_row(1, Outcome.UNSTABLE, "shipping", after_reason="first: unsupported", rescore_reason="second: fine",
                   confirmed_by="deployment:judge-b")  # fmt: skip
    results = make_results([row]).model_copy(
        update={"judge": make_results([row]).judge.model_copy(update={"second_opinion": "deployment:judge-b"})}
    )
    text = render(results, "comment")
    before_details = text.split("<details>")[0]
    assert "**First score** (2): first\\: unsupported<br>" in before_details
    assert "**Re-score** (4, by deployment\\:judge\\-b): second\\: fine" in before_details
    assert "disagreed with itself" not in text
    assert "the judge deployment judge\\-b, an independent second opinion disagreed" in text
    same = render(make_results([make_row(1, Outcome.UNSTABLE)]), "comment")
    assert "the judge disagreed with itself" in same


def test_a_text_is_not_cut_a_few_characters_before_its_end() -> None:
    reason = "word " * 130  # 650 characters: cut at 600 it would leave out 50, not worth a cut
    text = render(make_results([make_row(1, Outcome.REVIEW, "shipping", rescore_reason=reason)]), "summary")
    assert "characters)" not in text
    assert room("x" * 700, 600) is None
    assert room("x" * 751, 600) == 600
    assert room("x" * 2000, 600) == 600


def test_the_word_diff_ignores_punctuation_that_clings_to_a_word() -> None:
    row = make_row(
        1, Outcome.REGRESSION, baseline="Return the item within 30 days.", candidate="Return the item, within 45 days."
    )
    base, cand = answers(row, None)
    assert base == "Return the item within ~~30~~ days\\."
    assert cand == "Return the item, within **45** days\\."


def test_the_yardstick_warning_links_ids_says_added_or_edited_and_marks_rows() -> None:
    rows = [make_row(1, Outcome.REGRESSION), make_row(2, Outcome.TIE), make_row(3, Outcome.TIE)]
    moved = Yardstick(base="feedbeef0123", cases=["case-00001", "case-00003", "gone"], baseline=["case-00002"],
                      added=["case-00003"], removed=["gone"])  # fmt: skip
    text = render(make_results(rows).model_copy(update={"yardstick": moved}), "comment", ReportContext(links=LINKS))
    warning = next(line for line in text.splitlines() if line.startswith("> **This pull request edits"))
    assert (
        "Cases added: [case\\-00003](https://github.com/acme/prompts/blob/0123abcd/examples/cases.jsonl#L4)." in warning
    )
    assert (
        "Cases edited: [case\\-00001](https://github.com/acme/prompts/blob/0123abcd/examples/cases.jsonl#L2)."
        in warning
    )
    assert "Cases removed: gone." in warning
    assert "Baseline responses changed: [case\\-00002](" in warning
    unit = next(line for line in text.splitlines() if line.startswith("**[case\\-00001]"))
    assert "· **case edited in this PR**" in unit


def test_large_counts_are_written_with_separators() -> None:
    results = make_results([make_row(1, Outcome.TIE)])
    results = results.model_copy(update={"calls": Calls(groundedness=2, total=2, tokens=1_764_256)})
    assert "1,764,256 tokens" in render(results, "comment")
    assert "1,764,256 tokens" in render_console(results)


def test_a_noise_warning_gives_advice_that_fits_the_second_opinion() -> None:
    noisy = Noise.model_construct(
        sampled=10, flipped=5, rate=0.5, interval=(0.19, 0.81), flips=3, expected_false_flips=1.5, exposed=40,
        false_blocking_flip=0.99, samples=[], failed=0,
    )  # fmt: skip
    same = noise_warning(noisy, "same")
    independent = noise_warning(noisy, "deployment:judge-b")
    assert same is not None
    assert independent is not None
    assert "independent second opinion" in same
    assert "independent second opinion" not in independent
    assert "if the second opinion were as noisy as the judge" in independent
    assert "5 of 10" not in same  # the figures are stated once, in the footer; the warning points there

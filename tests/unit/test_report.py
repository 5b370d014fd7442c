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

from groundgate.report import LIMITS, Links, ReportContext, Target, marker, render
from groundgate.results import read_results
from groundgate.rules import Outcome
from tests.support.cli import example
from tests.support.report_checks import mermaid_blocks, parse, sections, tables, text_of
from tests.support.reports import make_results, make_row

SNAPSHOTS = Path(__file__).parent / "snapshots"
LINKS = Links("https://github.com", "acme/prompts", "0123abcd", "examples/cases.jsonl")
ALLOWED_INLINE_HTML = {"<br>", "<sub>", "</sub>"}


def table_rows(tokens: list[Token]) -> list[int]:
    return [t.rows for t in tables(tokens)]


def test_snapshot_of_the_example(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    example("candidate-regression.jsonl", path)
    results = read_results(path).model_copy(update={"wall_seconds": 0.0})
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
    # each regression and the review row: its answers side by side (one row each); the error row has
    # no answers table; moved up (collapsed); the 4x4 matrix; per category
    assert table_rows(tokens) == [1, 1, 1, 12, 4, 4]
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
        t
        for t in tokens
        if t.type in ("heading_open", "fence", "code_block")
        and t.markup not in ("###", "##")
        and t.info.strip() != "mermaid"
    ]
    assert len(mermaid_blocks(tokens)) == 1
    visible = text_of(tokens)
    flat = " ".join(payload.split())
    assert flat in visible  # the id and the category are shown inline, whitespace folded


@pytest.mark.parametrize("target", ["comment", "check", "summary"])
def test_five_thousand_rows_fit_and_keep_every_blocking_regression(target: Target) -> None:
    long = "lorem ipsum dolor sit amet " * 80
    rows = [make_row(n, Outcome.REGRESSION, text=long) for n in range(40)]
    rows += [make_row(100 + n, Outcome.REVIEW, "shipping", text=long) for n in range(400)]
    rows += [make_row(1000 + n, Outcome.NEW_NON_ANSWER, "account", text=long) for n in range(300)]
    rows += [make_row(2000 + n, Outcome.MOVED, "account", text=long) for n in range(1200)]
    rows += [make_row(4000 + n, Outcome.STILL_UNGROUNDED, "account", text=long) for n in range(1000)]
    rows += [make_row(6000 + n, Outcome.TIE, "shipping", text=long) for n in range(5000 - len(rows))]
    assert len(rows) == 5000
    text = render(make_results(rows), target, ReportContext(full_report="the job summary"))
    assert len(text.encode()) <= LIMITS[target]
    for n in range(10):  # the first blocking regressions are always shown
        assert f"case\\-{n:05d}" in text
    assert text.rstrip().endswith(marker("groundgate"))
    shown = sections(text)
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

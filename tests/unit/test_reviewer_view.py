"""Issue 37, the reviewer's view (round three), read the way a reviewer reads it: the report rendered as
GFM (markdown-it with GitHub's tables), its visible text and its links, the console and the check run."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from functools import cache

from groundgate import compare
from groundgate.adjudication import Entry, Judged, Verb, answer_digest, decide
from groundgate.baseline_age import age
from groundgate.cases import Case, Inputs, Response, Yardstick
from groundgate.errors import UsageError
from groundgate.evidence import Options
from groundgate.github.annotations import annotations_for
from groundgate.judges import Failure, JudgeError, JudgeInfo, Judgement, JudgeRequest, Provider
from groundgate.judges.runner import Runner
from groundgate.report import render, render_failure
from groundgate.report.console import render_console
from groundgate.report.context import ReportContext
from groundgate.report.headline import verdict_headline
from groundgate.report.links import Links
from groundgate.report.people import People
from groundgate.results import Noise, Results
from groundgate.rules import Bucket, FailOn, Outcome
from tests.support.big_run import big_run
from tests.support.report_checks import inline_text, links, parse, seen, table_cells
from tests.support.reports import make_results, make_row
from tests.support.scripted import ScriptedJudge

LINKS = Links("https://github.com", "acme/prompts", "0123abcd", "examples/cases.jsonl")
WHERE = "[the job summary](https://github.example/o/r/actions/runs/42) and the results file (.groundgate/results.json)"


@cache
def run(cases: int) -> Results:
    return big_run(cases)


def test_every_cut_of_a_table_cell_says_how_much_it_left_out() -> None:
    text = render(run(420), "comment", ReportContext(full_report=WHERE))
    whys = table_cells(text, "Why")
    assert len(whys) >= 20  # the one-line blocking table, and the other sections' lines
    cut = [cell for cell in whys + table_cells(text, "Candidate's answer") if "…" in cell]
    assert cut, "the 420-case comment cuts some reasons"
    words = {
        w
        for row in run(420).rows
        for t in (row.after_reason, row.rescore_reason, row.candidate)
        for w in (t or "").split()
    }
    for cell in cut:
        assert re.search(r"… \(\+[\d,]+ characters\)$", cell), cell
        for part in cell.split(" … ")[:-1]:  # an unstable row's two reasons are cut apart
            assert part.split()[-1] in words, part  # a cut ends at a word's end: never 'the CONTEXT s …'


POLICY = "returns_policy.md: Items can be returned within 30 days of purchase. Refunds take 5 business days."
SHIPPING = "shipping.md: Standard shipping takes 3-5 business days."
FIGURES = [  # (id, category, context, baseline, candidate): a lazy judge scores every answer 5
    ("invented", "policy", POLICY, "You can return items within 30 days.", "You can return items within 45 days."),
    ("shipping", "shipping", SHIPPING, "It takes 3-5 business days.", "It takes 2 business days."),
    ("same", "policy", POLICY, "Refunds take 5 business days.", "Refunds take five business days."),
]  # fmt: skip


def lazy_run(tripwire: str) -> Results:
    """The real comparison beside a judge that scores every answer 5 → 5: only the tripwire can flag a row."""
    cases = [Case(cid, category, "q?", context, n) for n, (cid, category, context, _, _) in enumerate(FIGURES, 1)]
    inputs = Inputs(
        cases=cases,
        baseline={cid: Response(cid, b, n) for n, (cid, _, _, b, _) in enumerate(FIGURES, 1)},
        candidate={cid: Response(cid, c, n) for n, (cid, _, _, _, c) in enumerate(FIGURES, 1)},
        cases_path="cases.jsonl",
        baseline_path="b.jsonl",
        candidate_path="c.jsonl",
    )
    return compare.run(inputs, ScriptedJudge(lambda request: 5.0), Options(frozenset({"policy"}), tripwire=tripwire))  # type: ignore[arg-type]


def test_a_tripwire_block_is_said_to_be_the_tripwires_not_groundedness() -> None:
    results = lazy_run("block")
    assert results.counts[Outcome.BLOCKING_FIGURE] == 1
    assert "groundedness" not in (results.fluency.reason or "")
    comment, console = seen(render(results, "comment")), render_console(results)
    for text in (comment, console):
        assert "groundedness blocked" not in text
        assert "Decided by the tripwire (tripwire: block): the judge scripted-model flagged none" in " ".join(
            text.split()
        )
        assert "the tripwire (tripwire: block) blocks the change, so fluency gets no vote" in " ".join(text.split())
    # the shipping row does not block; the section says why without advising what the run already sets
    assert "Unsupported figures (1)" in comment
    assert "makes them block" not in comment
    assert "This run sets tripwire: block, but these are in categories that do not block" in comment
    warned = seen(render(lazy_run("warn"), "comment"))
    assert "tripwire: block makes them block in blocking categories" in warned  # the advice, where it applies


def test_every_verdict_line_names_the_judge_and_the_second_judge_by_model() -> None:
    rows = [make_row(1, Outcome.REGRESSION, rescore_model="gpt-4o-mini-2024-07-18"), make_row(2, Outcome.TIE)]
    results = make_results(rows)
    results = results.model_copy(
        update={"judge": results.judge.model_copy(update={"second_opinion": "deployment:judge-b"})}
    )
    comment, console = seen(render(results, "comment")), render_console(results)
    said = (
        "Decided by the judge gpt-4o-2024-11-20 (deployment judge-4o); each flip re-scored by the judge deployment "
        "judge-b (model gpt-4o-mini-2024-07-18), an independent second opinion."
    )
    assert said in comment
    assert said in " ".join(console.split())
    assert "Flipped rows re-scored by the judge deployment judge-b (model gpt-4o-mini-2024-07-18)" in comment
    passed = seen(render(make_results([make_row(1, Outcome.TIE)]), "comment"))
    assert "Decided by the judge gpt-4o-2024-11-20 (deployment judge-4o)." in passed
    down = seen(render(make_results([make_row(1, Outcome.ERROR)]), "comment"))
    assert "Decided by" not in down  # a run without a verdict: nobody decided


def test_a_verdict_people_changed_names_them() -> None:
    results = make_results([make_row(0, Outcome.REGRESSION), make_row(1, Outcome.TIE)])
    row = Judged(
        id="case-00000", category="policy", outcome=Outcome.REGRESSION, before=Bucket.GROUNDED,
        after=Bucket.UNGROUNDED, line=1, digest=answer_digest("q", "c", "a"),
    )  # fmt: skip
    accept = Entry(
        comment=1, key="1", login="alice", verb=Verb.ACCEPT, row=row.id, digest=row.digest,
        at=datetime(2026, 1, 5, tzinfo=UTC), reason="the new window is right",
    )  # fmt: skip
    people = People(decide([row], [accept], "blocking"), "c0ffee" * 6 + "c0ff")
    comment = seen(render(results, "comment", ReportContext(people=people)))
    assert "; by people: 1 blocking regression accepted by @alice." in comment
    assert "; by people:" in render_console(results, people=people)


ENDPOINT = "https://judge-east.openai.azure.com"


class Down(Provider):
    """An Azure judge whose endpoint refuses every connection, as the SDK reports it."""

    def __init__(self) -> None:
        self.info = JudgeInfo(kind="azure", rubric="query", deployment="gpt-4o-judge", endpoint=ENDPOINT)

    def score(self, request: JudgeRequest) -> Judgement:
        return JudgeError("APIConnectionError: Connection error.", kind=Failure.UNAVAILABLE)


def outage_run(cases: int = 12) -> Results:
    """The real comparison and circuit breaker (3 failures in a row) against a judge that cannot be reached."""
    rows = [Case(f"case-{n:03d}", "policy", "q?", POLICY, n) for n in range(1, cases + 1)]
    inputs = Inputs(
        cases=rows,
        baseline={c.id: Response(c.id, f"answer {c.line}", c.line) for c in rows},
        candidate={c.id: Response(c.id, f"answer {c.line}!", c.line) for c in rows},
        cases_path="cases.jsonl",
        baseline_path="b.jsonl",
        candidate_path="c.jsonl",
    )
    return compare.run(inputs, Runner(Down(), max_consecutive_failures=3), Options(frozenset({"policy"})))


def test_an_outage_says_the_error_the_circuit_breaker_and_the_judge_apart() -> None:
    results = outage_run()
    assert results.calls.unsent > 0
    top = verdict_headline(results)
    assert top.text == f"No verdict: the judge deployment gpt-4o-judge at {ENDPOINT} could not be reached: 12 of 12 rows not judged"  # fmt: skip
    lines = seen(render(results, "comment")).splitlines()
    assert lines[0] == f"⛔ groundgate: {top.text}"
    assert "The judge's error: APIConnectionError: Connection error." in lines  # its own line, nothing run into it
    unsent = results.calls.unsent
    assert (
        "The circuit breaker: after 3 failed calls in a row, groundgate stopped calling the judge "
        f"(max-consecutive-failures): {unsent} calls not sent."
    ) in lines
    console = render_console(results)
    assert f"the judge deployment gpt-4o-judge at {ENDPOINT} could not be reached" in " ".join(console.split())
    assert "after 3 failed calls in a row" in console
    assert "that many" not in console + "\n".join(lines)
    # the check run: the same error once, not on each of the 12 rows
    [annotation] = annotations_for(results, "evals/cases.jsonl")
    assert annotation.line == 1
    assert annotation.title == "groundgate not judged: 12 rows, the judge could not be reached"
    assert annotation.message.count("Connection error") == 1
    assert "12 rows not judged (case-001, case-002," in annotation.message


def test_rows_not_judged_for_one_reason_are_one_annotation_each_reason() -> None:
    rows = [make_row(n, Outcome.ERROR, error=f"{side}: judge gave no score") for n, side in enumerate(["baseline", "candidate"] * 3)]  # fmt: skip
    rows += [make_row(9, Outcome.ERROR, error="candidate: the score 7 is outside 1..5")]
    found = annotations_for(make_results(rows), "evals/cases.jsonl")
    assert [(a.line, a.title) for a in found] == [
        (1, "groundgate not judged: 6 rows"),
        (10, "groundgate not judged: case-00009 [policy]"),
    ]
    assert found[0].message == "Could not judge 6 rows (case-00000, case-00001, case-00002, case-00003, case-00004, case-00005): judge gave no score"  # fmt: skip


LEVEL_RANK = {"failure": 0, "warning": 1, "notice": 2}


def test_the_checks_tab_lists_failures_first_and_levels_follow_fail_on() -> None:
    results = run(420)
    by_fail_on: dict[FailOn, list[str]] = {}
    for fail_on in ("blocking", "any-regression", "never"):
        found = annotations_for(results, "evals/cases.jsonl", fail_on)
        levels = [a.level for a in found]
        assert levels == sorted(levels, key=LEVEL_RANK.__getitem__), fail_on  # failures, warnings, notices
        by_fail_on[fail_on] = levels
    assert by_fail_on["blocking"].count("failure") == results.counts[Outcome.REGRESSION] == 40
    assert by_fail_on["any-regression"].count("failure") == 40 + results.counts[Outcome.REVIEW]
    assert "failure" not in by_fail_on["never"]  # a neutral check carries no failure
    neutral = make_results([make_row(1, Outcome.REGRESSION), make_row(2, Outcome.TIE)])
    assert verdict_headline(neutral, "never").conclusion == "neutral"
    assert [a.level for a in annotations_for(neutral, "evals/cases.jsonl", "never")] == ["warning"]


def test_the_headline_names_the_regressions_to_confirm_also_when_other_rows_block() -> None:
    rows = [
        make_row(1, Outcome.REGRESSION),
        make_row(2, Outcome.REVIEW, "safety"),
        make_row(3, Outcome.REVIEW, "safety"),
    ]
    rows += [make_row(10 + n, Outcome.TIE) for n in range(5)]
    results = make_results(rows).model_copy(
        update={"min_cases_to_block": 50, "category_sizes": {"policy": 300, "safety": 9}}
    )
    said = {
        "blocking": "🚫 groundgate: Blocks merge: 1 answer now makes unsupported claims — policy 1; 2 regressions to confirm",
        "never": "⚠️ groundgate: Does not block merge (fail-on: never), but 1 answer now makes unsupported claims; 2 regressions to confirm",
    }  # fmt: skip
    for fail_on, heading in said.items():
        assert seen(render(results, "comment", ReportContext(fail_on=fail_on))).splitlines()[0] == heading  # type: ignore[arg-type]
        assert render_console(results, fail_on).rstrip().splitlines()[-1] == "Verdict: " + heading.split(": ", 1)[1]  # type: ignore[arg-type]
    down = make_results([*rows, make_row(20, Outcome.ERROR)]).model_copy(update={"category_sizes": {"safety": 9}})
    assert verdict_headline(down, "never").text.endswith("; also 1 blocking regression and 2 regressions to confirm")


def github_anchor(heading: str) -> str:
    """The id GitHub gives a rendered heading (its documented rule: lower case, punctuation other than '-'
    and '_' removed, spaces to '-')."""
    return "".join(c for c in heading.lower() if c.isalnum() or c in "-_ ").replace(" ", "-")


def test_the_job_summary_indexes_its_sections_and_every_link_lands_on_one() -> None:
    text = render(run(420), "summary", ReportContext(full_report=WHERE))
    tokens = parse(text)
    headings = [inline_text(tokens[i + 1]) for i, t in enumerate(tokens) if t.type == "heading_open" and t.tag == "h3"]
    index = [(label, href) for label, href in links(text) if href.startswith("#")]
    assert [label for label, _ in index] == headings  # every section, in the page's order
    assert [href for _, href in index] == ["#" + github_anchor(h) for h in headings]
    assert "Unstable (19)" in headings
    assert "New non-answers (42)" in headings
    assert seen(text).splitlines()[3].startswith("In this report: Blocking regressions (40) · Could not judge (4)")
    comment = render(run(420), "comment", ReportContext(full_report=WHERE))
    assert not [href for _, href in links(comment) if href.startswith("#")]  # the comment points to the summary
    assert "the full list is in the job summary" in seen(comment)


def test_rows_the_judge_could_not_score_show_their_answers() -> None:
    row = make_row(1, Outcome.ERROR, baseline="You can return items within 30 days.", candidate="You have 45 days.")
    shown = seen(render(make_results([row, make_row(2, Outcome.TIE)]), "comment"))
    assert "Baseline: grounded, 5 | Candidate: not judged, -" in shown
    assert "You can return items within 30 days." in shown
    assert "You have 45 days." in shown


def test_p_values_read_in_one_format() -> None:
    text = render(run(420), "summary", ReportContext(full_report=WHERE))
    cells = dict(zip(table_cells(text, "Category"), table_cells(text, "p ¹"), strict=True))
    assert all(re.fullmatch(r"< 0\.001|[01]\.\d{3}|–", p) for p in cells.values()), cells
    assert cells["safety (blocking)"] == "0.050"  # 0.0501: not below the footnote's 0.05
    assert cells["account"] == "0.049"  # 0.04904: below it, never rounded up to 0.05
    assert cells["shipping"] == "1.000"
    assert cells["policy (blocking)"] == "< 0.001"


def test_an_expected_count_of_flips_reads_as_a_count() -> None:
    def noise(expected: float) -> Noise:
        return Noise.model_construct(
            sampled=20, flipped=2, rate=0.1, interval=(0.01, 0.3), flips=60, expected_false_flips=expected,
            exposed=200, false_blocking_flip=0.2, samples=[], failed=0,
        )  # fmt: skip

    said = {
        6.0: "about 6 of this run's 60 flips",
        3.64: "about 3.6 of this run's",
        0.04: "fewer than 0.1 of this run's",
    }
    for expected, words in said.items():
        shown = seen(render(make_results([make_row(1, Outcome.TIE)]).model_copy(update={"noise": noise(expected)})))
        assert words in shown, shown
        assert "6.0" not in shown


def test_the_yardstick_warning_links_its_base_and_says_an_added_case_once() -> None:
    moved = Yardstick(base="feedbeef0123abcd", cases=["case-00003"], baseline=["case-00003", "case-00002"], added=["case-00003"])  # fmt: skip
    rows = [make_row(2, Outcome.TIE), make_row(3, Outcome.REGRESSION)]
    results = make_results(rows).model_copy(update={"yardstick": moved})
    text = render(results, "comment", ReportContext(links=LINKS))
    assert ("feedbeef0123", "https://github.com/acme/prompts/commit/feedbeef0123abcd") in links(text)
    warning = next(
        line for line in seen(text).splitlines() if line.startswith("Warning") or "edits what the gate" in line
    )
    assert "Cases added: case-00003." in warning
    assert "Baseline responses changed: case-00002." in warning  # the added case's own baseline is not news
    console = " ".join(render_console(results).split())
    assert "cases added: case-00003; baseline responses changed: case-00002;" in console
    forged = results.model_copy(update={"yardstick": moved.model_copy(update={"base": "](https://evil.example)"})})
    assert not [href for _, href in links(render(forged, "comment", ReportContext(links=LINKS))) if "evil" in href]


def test_a_run_without_a_verdict_says_no_verdict_capitalised_as_everywhere() -> None:
    heading = seen(
        render_failure(UsageError("input 'fail-on': 'sometimes' is not one of blocking, any-regression, never"))
    )
    assert heading.splitlines()[0] == "⛔ groundgate: No verdict"


def test_the_baseline_is_stale_past_thirty_days_and_only_a_commit_name_is_linked() -> None:
    now = datetime(2026, 3, 1, 12, tzinfo=UTC)
    results = make_results([make_row(1, Outcome.TIE)])
    for days, warned in ((0, False), (30, False), (31, True)):
        found = age("ab" * 20, now - timedelta(days=days), now, "evals/baseline.jsonl", "github")
        shown = seen(render(results.model_copy(update={"baseline_age": found}), "comment", ReportContext(links=LINKS)))
        assert ("days old" in shown) is warned, days
        assert ("on the day of this run" in shown) is (days == 0)
    forged = age("](https://evil.example) @someone", now - timedelta(days=40), now, "b.jsonl", "github")
    text = render(results.model_copy(update={"baseline_age": forged}), "comment", ReportContext(links=LINKS))
    assert not [href for _, href in links(text) if "evil" in href]
    assert "@someone" not in text
    assert "last changed in commit ?," in seen(text)

"""People's adjudications as the report shows them and as labels: the audit table (escaped like all user
text), the section a comment's run puts in place of the old one, the labels file, and the judge's precision
on the blocking verdicts people adjudicated."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from groundgate.adjudication import Entry, Judged, Verb, answer_digest, parse_commands
from groundgate.binding import decide
from groundgate.github.adjudicate import judged_rows, still_blocking
from groundgate.labels import MIN_VERDICTS, WINDOW, Label, labels_of, latest_per_answer, precision
from groundgate.report import render
from groundgate.report.console import render_console
from groundgate.report.context import ReportContext, marker
from groundgate.report.headline import counts_parts
from groundgate.report.people import BEGIN, END, People, heading, render_people, represent
from groundgate.results import Results
from groundgate.rules import Bucket, Outcome
from groundgate.stats import clopper_pearson
from tests.support.report_checks import parse, tables, text_of
from tests.support.reports import make_results, make_row

T0 = datetime(2026, 1, 5, tzinfo=UTC)
HEAD = "c0ffee" * 6 + "c0ff"


def entry(n: int, verb: Verb, row: str, digest: str | None, login: str = "alice", **more: object) -> Entry:
    values: dict[str, object] = {
        "comment": n, "key": f"{n:016x}", "login": login, "verb": verb, "row": row, "digest": digest,
        "at": T0 + timedelta(minutes=n), "outcome": Outcome.REGRESSION, "bucket": Bucket.UNGROUNDED,
        "category": "policy", "reason": f"reason {n}",
    }  # fmt: skip
    return Entry.model_validate({**values, **more})


def judged(row_id: str, answer: str = "45 days") -> Judged:
    return Judged(
        id=row_id, category="policy", outcome=Outcome.REGRESSION, before=Bucket.GROUNDED, after=Bucket.UNGROUNDED,
        line=3, digest=answer_digest("q", "c", answer),
    )  # fmt: skip


HOSTILE = "<!-- groundgate-people --> --> | @everyone see https://evil.example #12 </details> <!--"


def test_the_audit_table_escapes_what_people_wrote_and_keeps_its_shape() -> None:
    rows = [judged("refund-007"), judged(HOSTILE)]
    entries = [
        entry(1, Verb.ACCEPT, "refund-007", rows[0].digest, reason=HOSTILE),
        entry(2, Verb.ACCEPT, HOSTILE, rows[1].digest, login="bob"),
    ]
    people = People(decide(rows, entries, "blocking"), HEAD)
    section = str(render_people(people, None))
    assert section.count("<!--") == 3  # the two delimiters and the record's pointer: nothing a person wrote
    assert section.startswith(BEGIN)
    assert section.rstrip().endswith(END)
    assert f'<!-- groundgate-record head="{HEAD}" -->' in section
    [table] = tables(parse(section))
    assert (table.columns, table.rows) == (4, 2)  # case, who/when/on what, reason, now: no digest column
    assert "`@everyone`" in section  # a mention that notifies nobody
    assert "2 blocking regressions accepted by `@alice` and `@bob`" in section.replace("\\", "")


def people_of(results: Results, entries: list[Entry], head: str = HEAD) -> People:
    """People's decision on these results, as a judging run or a comment's run builds it."""
    rows = judged_rows(results)
    decision = decide(rows, entries, "blocking")
    return People(
        decision,
        head,
        blocking=still_blocking(rows, decision, "blocking"),
        counts=tuple(counts_parts(len(results.rows), results.counts, {}, decision)),
    )


def accept(n: int, row: Judged, login: str = "alice") -> Entry:
    return entry(
        n, Verb.ACCEPT, row.id, row.digest, login=login, head=HEAD, reason="the 45-day window is the new policy"
    )


def seen(markdown: str) -> str:
    """The report as a reader reads it, rendered (GFM): what is in sight, markup gone."""
    return text_of(parse(markdown))


def test_an_accepted_row_is_marked_and_counted_apart_everywhere_the_report_counts() -> None:
    """Three blocking rows, one accepted: the headline, the counts, the section's count and the row's own mark
    all say 2 still block and 1 was accepted (by whom, when, why, for which answer)."""
    results = make_results([make_row(n, Outcome.REGRESSION) for n in range(3)] + [make_row(3, Outcome.TIE)])
    [first, *_] = judged_rows(results)
    body = render(results, "comment", ReportContext(check_name="gate", people=people_of(results, [accept(1, first)])))
    shown = seen(body)
    assert "Blocks merge: 2 answers now make unsupported claims — policy 2; 1 accepted by @alice" in shown
    assert "4 cases · 2 blocking regressions · 1 accepted by people · 1 unchanged" in shown
    assert "Blocking regressions (2 still blocking · 1 accepted)" in shown
    assert (
        "case-00000 · policy · grounded → ungrounded · 5 → 2, re-score 2 · ✅ accepted by @alice "
        f"(2026-01-05 00:01 UTC, for the answer judged at {HEAD[:12]}): “the 45-day window is the new policy” — "
        "no longer blocks"
    ) in shown.replace("\xa0", " ")
    assert "case-00001 · policy · grounded → ungrounded · 5 → 2, re-score 2  Query" in shown  # unmarked: it blocks


def test_a_blocking_report_ends_with_the_command_that_accepts_what_still_blocks() -> None:
    results = make_results([make_row(n, Outcome.REGRESSION) for n in range(3)] + [make_row(3, Outcome.TIE)])
    [first, *_] = judged_rows(results)
    body = render(results, "comment", ReportContext(check_name="gate", people=people_of(results, [accept(1, first)])))
    tokens = parse(body)
    [code] = [t.content for t in tokens if t.type == "fence"]
    named = " ".join(f"{r.id}@{r.digest[:16]}" for r in judged_rows(results)[1:3])
    assert code == f"/groundgate accept at {HEAD[:12]} {named} -- REASON\n"  # each id with the answer it accepts
    [command], problems = parse_commands(code.replace("REASON", "intended"))  # as a writer pastes it
    assert (problems, command.pin, command.ids) == ([], HEAD[:12], ("case-00001", "case-00002"))
    assert [command.answer(r.id) for r in judged_rows(results)[1:3]] == [
        r.digest[:16] for r in judged_rows(results)[1:3]
    ]
    last = [t for t in tokens if t.type == "inline"][-1].content
    assert "revoke ID" in last  # the last thing a reader sees: what confirm and revoke do
    assert "/groundgate" not in render(results, "comment", ReportContext(check_name="gate"))  # no people: not enabled
    passed = render(results, "comment", ReportContext(people=people_of(results, [accept(n + 1, r) for n, r in enumerate(judged_rows(results))])))  # fmt: skip
    assert not [t for t in parse(passed) if t.type == "fence"]  # nothing blocks: nothing to paste


def test_the_command_to_paste_names_every_row_that_still_blocks() -> None:
    """A hostile review: with 40 blocking rows the command named 20 and said "name the 20 other blocking rows the
    same way". Every row that still blocks is named, twenty a command, and each command is one a writer can paste."""
    results = make_results([make_row(n, Outcome.REGRESSION) for n in range(40)])
    body = render(results, "comment", ReportContext(check_name="gate", people=people_of(results, [])))
    [code] = [t.content for t in parse(body) if t.type == "fence"]
    commands, problems = parse_commands(code.replace("REASON", "intended"))
    assert problems == []
    assert [len(c.ids) for c in commands] == [20, 20]
    assert sorted(i for c in commands for i in c.ids) == [f"case-{n:05d}" for n in range(40)]
    assert "the same way" not in body


def test_a_comment_run_brings_the_report_up_to_date_with_people() -> None:
    """A comment's run has the record, not the rows: it replaces the heading, the counts, people's section,
    each section's count and each row's mark, and the command at the end, in the report a judging run posted."""
    results = make_results([make_row(n, Outcome.REGRESSION) for n in range(3)] + [make_row(3, Outcome.TIE)])
    rows = judged_rows(results)
    before = people_of(results, [])
    body = render(results, "comment", ReportContext(check_name="gate", people=before))
    assert "Blocking regressions (3)" in seen(body)
    after = people_of(results, [accept(1, rows[0]), accept(2, rows[2], login="bob")])
    section = str(render_people(after, None))
    again = represent(body, heading("🚫", "Blocks merge: 1 accepted"), after, section, marker("gate"), 65_536)
    shown = seen(again)
    assert "4 cases · 1 blocking regression · 2 accepted by people · 1 unchanged" in shown
    assert "Blocking regressions (1 still blocking · 2 accepted)" in shown
    assert shown.count("✅ accepted by") == 2
    [code] = [t.content for t in parse(again) if t.type == "fence"]
    assert code == f"/groundgate accept at {HEAD[:12]} case-00001@{rows[1].digest[:16]} -- REASON\n"
    assert again.count(BEGIN) == again.count(END) == 1
    decided = next(line for line in shown.splitlines() if line.startswith("Decided by"))  # who decided: people too
    assert decided.startswith("Decided by the judge gpt-4o-2024-11-20 (deployment judge-4o); each flip re-scored")
    assert decided.endswith("; by people: 2 blocking regressions accepted by @alice and @bob.")
    assert "by people" not in seen(represent(body, heading("🚫", "x"), before, section, marker("gate"), 65_536))
    assert represent(again, heading("✅", "x"), after, section, marker("gate"), 65_536) == again.replace(
        again.split("\n", 1)[0], "## ✅ groundgate: x"
    )  # again and again: the same report
    small = represent(body, heading("✅", "Passes"), after, section, marker("gate"), len(section) + 1500)
    assert len(small.encode()) <= len(section) + 1500
    assert marker("gate") in small  # still the check's own comment
    assert "does not fit beside people's adjudications" in small


def test_labels_are_each_persons_last_word_on_each_answer() -> None:
    a1, a2 = answer_digest("q", "c", "45 days"), answer_digest("q", "c", "60 days")
    ledger = [
        entry(1, Verb.ACCEPT, "refund-007", a1),
        entry(2, Verb.CONFIRM, "refund-007", a2),  # after a push: another answer, another label
        entry(3, Verb.REVOKE, "refund-007", a2),  # withdraws the word on the answer it was made on
        entry(4, Verb.CONFIRM, "price-3", a1, login="bob"),
        entry(5, Verb.ACCEPT, "price-3", a1, login="bob"),  # the later word wins
        entry(6, Verb.CONFIRM, "ship-1", a1, outcome=Outcome.NEW_NON_ANSWER, bucket=Bucket.NON_ANSWER),
        entry(7, Verb.ACCEPT, "ship-2", a1, outcome=Outcome.NEW_NON_ANSWER, bucket=Bucket.NON_ANSWER),
        entry(8, Verb.ACCEPT, "early", None),  # posted before any verdict: about no answer
    ]
    found = labels_of(ledger, 7)
    assert [(x.id, x.verdict, x.grounded, x.answer_digest == a1) for x in found] == [
        ("refund-007", Verb.ACCEPT, True, True),
        ("price-3", Verb.ACCEPT, True, True),
        ("ship-1", Verb.CONFIRM, True, True),  # a non-answer, as the judge said: not ungrounded
        ("ship-2", Verb.ACCEPT, None, True),  # says nothing about groundedness
    ]
    assert {x.pr for x in found} == {7}


def label(n: int, grounded: bool, outcome: Outcome = Outcome.REGRESSION) -> Label:
    return Label(
        id=f"case-{n}", grounded=grounded, answer_digest=f"{n:032x}", judge_bucket=Bucket.UNGROUNDED,
        judge_outcome=outcome, category="policy", verdict=Verb.ACCEPT if grounded else Verb.CONFIRM, who="alice",
        pr=n, at=T0 + timedelta(minutes=n),
    )  # fmt: skip


@pytest.mark.parametrize(("confirmed", "accepted"), [(9, 3), (31, 6), (10, 0), (0, 10)])
def test_the_judges_precision_needs_ten_blocking_verdicts_and_carries_its_interval(
    confirmed: int, accepted: int
) -> None:
    found = [label(n, False) for n in range(confirmed)] + [label(100 + n, True) for n in range(accepted)]
    found += [label(500 + n, False, Outcome.REVIEW) for n in range(20)]  # not blocking verdicts
    measured = precision(found)
    assert measured is not None
    assert (measured.confirmed, measured.verdicts) == (confirmed, confirmed + accepted)
    assert measured.interval == clopper_pearson(confirmed, confirmed + accepted)
    assert measured.low is (confirmed / (confirmed + accepted) < 0.9)
    low, high = measured.interval
    assert f"{confirmed / (confirmed + accepted):.0%}, 95% CI {low:.0%}–{high:.0%}" in measured.sentence()
    assert precision(found[: MIN_VERDICTS - 1]) is None


def test_the_judges_precision_is_measured_on_its_last_verdicts() -> None:
    old = [label(n, True) for n in range(50)]
    recent = [label(1000 + n, False) for n in range(WINDOW)]
    measured = precision(old + recent)
    assert measured is not None
    assert (measured.confirmed, measured.verdicts) == (WINDOW, WINDOW)
    assert len(latest_per_answer(old + old)) == 50  # one label per answer


def test_the_console_counts_accepted_rows_apart_and_marks_them() -> None:
    results = make_results([make_row(n, Outcome.REGRESSION) for n in range(3)] + [make_row(3, Outcome.TIE)])
    [first, *_] = judged_rows(results)
    text = render_console(results, people=people_of(results, [accept(1, first)]), columns=200)
    assert "4 cases · 2 blocking regressions · 1 accepted by people · 1 unchanged" in text
    assert "REGRESSION [policy] case-00000 (accepted by @alice: no longer blocks): " in text
    assert "REGRESSION [policy] case-00001: " in text
    assert text.rstrip().endswith("Verdict: Blocks merge: 2 answers now make unsupported claims — policy 2; 1 accepted by @alice")  # fmt: skip

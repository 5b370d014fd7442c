"""People's commands and the rule that says which rows still block once they have spoken (pure: no
GitHub), and the record groundgate keeps of a verdict so a comment can be applied without judging."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate.adjudication import (
    ADJUDICABLE,
    Decision,
    Entry,
    Judged,
    Said,
    Verb,
    Verdict,
    accepted,
    answer_digest,
    bind,
    blocks,
    decide,
    parse_commands,
)
from groundgate.record import Record, RecordError, decode, encode, fit, text
from groundgate.report.headline import Facts, headline_of
from groundgate.rules import Bucket, FailOn, Outcome, gate_exit, headline, verdict_of

T0 = datetime(2026, 1, 1, tzinfo=UTC)
U, G = Bucket.UNGROUNDED, Bucket.GROUNDED


def at(seconds: int) -> datetime:
    return T0 + timedelta(seconds=seconds)


def judged(
    cid: str, outcome: Outcome = Outcome.REGRESSION, answer: str = "45 days", category: str = "policy"
) -> Judged:
    return Judged(
        id=cid,
        category=category,
        outcome=outcome,
        before=G,
        after=U,
        line=1,
        digest=answer_digest("q", "ctx", answer),
    )


H1, H2 = "a1" * 20, "b2" * 20  # the commits of two verdicts


def said(comment: int, login: str, when: int, line: str, pin: str = H1) -> Said:
    """A command as posted; an accept names the verdict it accepts (``pin``), as the report's command does."""
    if line.startswith("/groundgate accept ") and " at " not in line:
        line = line.replace("/groundgate accept ", f"/groundgate accept at {pin[:12]} ", 1)
    [command], problems = parse_commands(line)
    assert problems == []
    return Said(comment, login, at(when), command)


def verdict(rows: list[Judged], published: int | None, head: str = H1) -> Verdict:
    return Verdict({row.id: row for row in rows}, None if published is None else at(published), head)


def run(
    rows: list[Judged],
    commands: list[Said],
    *,
    published: int = 0,
    ledger: tuple[Entry, ...] = (),
    fail_on: FailOn = "blocking",
) -> tuple[list[Entry], dict[int, list[str]], Decision]:
    entries, problems = bind(commands, ledger, [verdict(rows, published)])
    return entries, problems, decide(rows, entries, fail_on, problems=problems)


# ---- commands as people write them


def test_commands_are_read_from_lines_of_their_own_and_never_from_quotes_or_code() -> None:
    body = (
        "Thanks! The judge misread the context.\n"
        "/groundgate accept at f00dfacef00d refund-007 `ship 2` -- the 30-day window is in returns_policy.md\n"
        "> /groundgate accept quoted -- someone else's words\n"
        "```\n/groundgate accept in-code -- an example\n```\n"
        "/groundgate confirm price-3\n"
        "/Groundgate REVOKE old-1\n"
        "/groundgatex accept not-ours -- no\n"
    )
    commands, problems = parse_commands(body)
    assert problems == []
    assert [(c.verb, c.ids, c.reason, c.pin) for c in commands] == [
        (Verb.ACCEPT, ("refund-007", "ship 2"), "the 30-day window is in returns_policy.md", "f00dfacef00d"),
        (Verb.CONFIRM, ("price-3",), "", None),
        (Verb.REVOKE, ("old-1",), "", None),
    ]


@pytest.mark.parametrize(
    "body",
    [
        "> Please look at this.\u2028/groundgate accept at f00dfac r1 -- hidden mid-line",  # GitHub draws one line
        "> Please look at this.\x1e/groundgate accept at f00dfac r1 -- hidden mid-line",
        "> Please look at this.\n/groundgate accept at f00dfac r1 -- drawn inside the quote",  # a lazy continuation
        "> Please look at this.\r/groundgate accept at f00dfac r1 -- drawn inside the quote",
    ],
)
def test_a_line_github_draws_inside_a_quote_is_not_a_command(body: str) -> None:
    assert parse_commands(body) == ([], [])
    [command], _ = parse_commands(body.replace("> Please look at this.", "> Please look at this.\n\n"))
    assert command.ids == ("r1",)  # after a blank line it is the writer's own


@pytest.mark.parametrize(
    "body",
    [
        "````\nTo accept, write:\n```\n/groundgate accept r1 -- an example\n```\n````",  # a shorter fence closes nothing
        "```\n~~~\n/groundgate accept r1 -- an example\n~~~\n```",  # nor does the other character
        "```text\n/groundgate accept r1 -- a fence never closed",
        "For example:\n\n    /groundgate accept r1 -- an indented code block",
        "\t/groundgate accept r1 -- a tab is four columns",
        "<!--\n/groundgate accept r1 -- drawn as nothing\n-->",
        "Looks good to me. <!-- a note to self\n/groundgate accept r1 -- drawn as nothing -->",
    ],
)
def test_a_line_github_draws_as_code_or_not_at_all_is_not_a_command(body: str) -> None:
    commands, problems = parse_commands(body)
    assert commands == []
    if body.startswith("<!--"):  # a line an HTML comment may hide is said back, not applied
        [problem] = problems
        assert "is not read as a command: an HTML comment (<!--) opened above it is not closed" in problem
    elif "    /" in body or "\t/" in body:  # code, or a list item's text: the readings differ, so it is said back
        [problem] = problems
        assert "is not read as a command: it is indented four spaces or more" in problem
    else:
        assert problems == []


@pytest.mark.parametrize(
    ("body", "ids"),
    [
        ("- /groundgate accept at f00dfac r1 -- a list item", ("r1",)),
        ("Two things:\n\n* /groundgate accept at f00dfac r1 -- first\n+ /groundgate confirm r2", ("r1", "r2")),
        ("1. /groundgate accept at f00dfac r1 -- an ordered item\n2) /groundgate confirm r2", ("r1", "r2")),
        ("- [ ] /groundgate accept at f00dfac r1 -- a task", ("r1",)),
        ("## /groundgate accept at f00dfac r1 -- a heading ##", ("r1",)),
        ("# /groundgate confirm r1", ("r1",)),
        ("- - /groundgate confirm r1", ("r1",)),
    ],
)
def test_a_command_written_as_a_list_item_or_a_heading_is_applied(body: str, ids: tuple[str, ...]) -> None:
    commands, problems = parse_commands(body)
    assert problems == []
    assert tuple(i for c in commands for i in c.ids) == ids
    assert all(c.reason in ("", "a list item", "first", "an ordered item", "a task", "a heading") for c in commands)


@pytest.mark.parametrize(
    "line",
    [
        "/groundgate accept at f00dfac returns-000 <!-- shipping-001 --> -- both fine",  # shipping-001 is not drawn
        "/groundgate accept at f00dfac returns-000 <!-- shipping-001 -- both fine",
        "/groundgate accept at f00dfac r1 <span hidden>r2</span> -- fine",
        "/groundgate confirm r1 <details><summary>x</summary>r2</details>",
        "- /groundgate accept at f00dfac r1 -- fine <!-- r2 -->",
    ],
)
def test_a_command_holding_html_is_said_back_not_applied(line: str) -> None:
    commands, problems = parse_commands(line)
    assert commands == []
    [problem] = problems
    assert "it holds HTML (a comment or a tag), which GitHub does not draw as written" in problem


def test_a_quote_inside_a_list_item_is_still_a_quote() -> None:
    assert parse_commands("- > /groundgate accept at f00dfac r1 -- someone else's words") == ([], [])
    commands, _ = parse_commands("/groundgate accept at f00dfac r1 -- see <https://example.com/policy>")
    assert [c.ids for c in commands] == [("r1",)]  # an autolink is drawn as its text: not HTML


def test_a_command_after_a_closed_fence_or_comment_counts() -> None:
    body = "````\n```\nnot closed yet\n````\n<!-- hidden\nstill -->\n/groundgate confirm r1\n"
    [command], _ = parse_commands(body)
    assert command.ids == ("r1",)


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("/groundgate accept refund-007", "needs a reason"),
        ("/groundgate accept refund-007 --", "needs a reason"),
        ("/groundgate confirm", "names no case"),
        ("/groundgate approve refund-007 -- fine", "is not a command"),
        ("/groundgate accept refund-007 -- fine", "does not say which verdict it accepts, so it is not applied"),
        ("/groundgate accept at zz1234567 refund-007 -- fine", "'at' is followed by the commit of the verdict"),
        ("/groundgate accept at refund-007 -- fine", "'at' is followed by the commit of the verdict"),
    ],
)
def test_a_command_that_cannot_be_applied_says_why(line: str, problem: str) -> None:
    commands, problems = parse_commands(line)
    assert commands == []
    [said_back] = problems
    assert problem in said_back


def test_a_dash_pair_inside_an_id_is_part_of_the_id() -> None:
    [command], _ = parse_commands("/groundgate accept at F00DFAC a--b c -- it is grounded")
    assert (command.ids, command.reason, command.pin) == (("a--b", "c"), "it is grounded", "f00dfac")


def test_an_accept_names_the_verdict_it_accepts_and_a_case_named_at_is_quoted() -> None:
    [command], problems = parse_commands("/groundgate accept at f00dfacef00d `at` r2 -- both grounded")
    assert problems == []
    assert (command.pin, command.ids) == ("f00dfacef00d", ("at", "r2"))
    [confirm], _ = parse_commands("/groundgate confirm r1")  # a confirm may name none: it keeps a row blocking
    assert confirm.pin is None


def test_a_writers_command_after_a_quoted_comment_that_opens_an_html_comment_counts() -> None:
    """The author's comment holds an unclosed ``<!--``; a writer quote-replies it: GitHub ends the comment
    with the quote, so the writer's own command below is theirs, and applied."""
    body = "> Have a look <!-- the author's note\n> /groundgate accept at f00dfac r1 -- the author's words\n\n/groundgate confirm r2 -- mine"
    commands, problems = parse_commands(body)
    assert [(c.verb, c.ids) for c in commands] == [(Verb.CONFIRM, ("r2",))]
    assert problems == []
    hidden = "Have a look <!-- a note that never closes\n\n/groundgate confirm r2 -- mine"
    commands, problems = parse_commands(hidden)  # GitHub may show it, groundgate cannot tell: said back, not applied
    assert commands == []
    assert "'/groundgate confirm r2 -- mine' is not read as a command" in problems[0]


def test_the_digest_covers_the_answer_and_what_it_was_judged_against() -> None:
    base = answer_digest("q", "ctx", "answer")
    assert len(base) == 32
    assert answer_digest("q", "ctx", "answer ") != base
    assert answer_digest("q", "ctx2", "answer") != base
    assert answer_digest("q2", "ctx", "answer") != base
    assert answer_digest("", "qctx", "answer") != answer_digest("q", "ctx", "answer")  # no two splits collide
    assert answer_digest(None, "ctx", "answer") == answer_digest("", "ctx", "answer")


# ---- which rows still block


def test_an_accepted_blocking_regression_no_longer_blocks_and_the_headline_names_who() -> None:
    rows = [judged("refund-007"), judged("price-3", category="pricing")]
    counts = Counter({Outcome.REGRESSION: 2, Outcome.TIE: 8})
    _, _, one = run(rows, [said(1, "alice", 5, "/groundgate accept refund-007 -- grounded in the policy")])
    assert one.exit_code(counts) == 1  # one still blocks
    _, _, both = run(rows, [said(1, "alice", 5, "/groundgate accept refund-007 price-3 -- both grounded")])
    assert both.exit_code(counts) == 0
    assert [s.state for s in both.rows] == ["accepted", "accepted"]
    left = both.counts(counts)
    top = headline(left, both.exit_code(counts), "blocking", both.by_category({"policy": 1, "pricing": 1}, Outcome.REGRESSION), accepted=accepted(both))  # fmt: skip
    assert (top.icon, top.text, top.conclusion) == (
        "✅",
        "Passes: 2 blocking regressions accepted by @alice",
        "success",
    )
    partly = headline(one.counts(counts), 1, "blocking", one.by_category({"policy": 1, "pricing": 1}, Outcome.REGRESSION), accepted=accepted(one))  # fmt: skip
    assert partly.text == ("Blocks merge: 1 answer now makes unsupported claims — pricing 1; 1 accepted by @alice")


def test_rows_not_judged_beside_an_accepted_row_are_no_verdict_counted_out_of_every_row() -> None:
    rows = [judged("refund-007")]
    counts = Counter({Outcome.REGRESSION: 1, Outcome.ERROR: 2, Outcome.TIE: 7})
    _, _, decision = run(rows, [said(1, "alice", 5, "/groundgate accept refund-007 -- grounded in the policy")])
    assert decision.exit_code(counts) == 3  # accepting a row never makes up for rows nobody measured
    top = headline(decision.counts(counts), 3, "blocking", accepted=accepted(decision))
    assert (top.text, top.conclusion) == ("No verdict: 2 of 10 rows not judged, so the gate cannot pass", "failure")


def test_revoke_restores_the_block_and_the_latest_command_per_person_wins() -> None:
    rows = [judged("refund-007")]
    counts = Counter({Outcome.REGRESSION: 1})
    commands = [
        said(1, "alice", 5, "/groundgate accept refund-007 -- fine"),
        said(2, "alice", 6, "/groundgate revoke refund-007"),
    ]
    _, _, revoked = run(rows, commands)
    assert revoked.exit_code(counts) == 1
    _, _, again = run(rows, [*commands, said(3, "alice", 7, "/groundgate accept refund-007 -- fine after all")])
    assert again.exit_code(counts) == 0
    _, _, reversed_ = run(rows, [commands[1], commands[0]])  # the order of the list is not the order in time
    assert reversed_.exit_code(counts) == 1


def test_a_revoke_only_withdraws_its_own_authors_word() -> None:
    rows = [judged("refund-007")]
    commands = [
        said(1, "alice", 5, "/groundgate accept refund-007 -- fine"),
        said(2, "bob", 6, "/groundgate accept refund-007 -- also fine"),
    ]
    entries, _ = bind(commands, (), [verdict(rows, 0)])
    entries2, problems = bind([*commands, said(3, "carol", 7, "/groundgate revoke refund-007")], entries, [verdict(rows, 0)])  # fmt: skip
    assert problems == {3: ["'refund-007': nothing of yours to revoke on it"]}
    decision = decide(rows, entries2, "blocking")
    assert decision.exit_code({Outcome.REGRESSION: 1}) == 0


def test_people_who_disagree_leave_the_judges_verdict_standing() -> None:
    rows = [judged("refund-007")]
    _, _, decision = run(
        rows,
        [
            said(1, "alice", 5, "/groundgate accept refund-007 -- fine"),
            said(2, "bob", 6, "/groundgate confirm refund-007 -- the window is 30 days, not 45"),
        ],
    )
    [standing] = decision.rows
    assert standing.state == "disputed"
    assert decision.exit_code({Outcome.REGRESSION: 1}) == 1


def test_an_acceptance_is_bound_to_the_answer_it_was_made_on() -> None:
    """A push that changes the answer voids it; one that leaves it unchanged keeps it."""
    first = [judged("refund-007", answer="45 days"), judged("price-3", answer="$10", category="pricing")]
    entries, problems = bind(
        [said(1, "alice", 5, "/groundgate accept refund-007 price-3 -- both are in the context")],
        (),
        [verdict(first, 0)],
    )
    assert problems == {}
    pushed = [judged("refund-007", answer="45 days"), judged("price-3", answer="$12", category="pricing")]
    # the next run finds the same command in the ledger: bound to the answers it was made on
    again, _ = bind(
        [said(1, "alice", 5, "/groundgate accept refund-007 price-3 -- both are in the context")],
        entries,
        [verdict(pushed, None, H2), verdict(first, 0)],
    )
    decision = decide(pushed, again, "blocking")
    assert {s.row.id: s.state for s in decision.rows} == {"refund-007": "accepted", "price-3": "voided"}
    assert decision.exit_code({Outcome.REGRESSION: 2}) == 1
    [voided] = [s for s in decision.rows if s.state == "voided"]
    assert [e.login for e in voided.voided] == ["alice"]


def test_a_command_binds_to_the_verdict_it_names_or_that_stood_when_it_was_posted() -> None:
    old = judged("refund-007", answer="45 days")
    new = judged("refund-007", answer="60 days")
    verdicts = [verdict([new], 10, H2), verdict([old], 0, H1)]
    early = said(1, "alice", 5, "/groundgate accept refund-007 -- fine", pin=H1)
    late = said(2, "bob", 11, "/groundgate accept refund-007 -- fine", pin=H2)
    stale = said(3, "carol", 12, "/groundgate accept refund-007 -- fine", pin=H1)  # read the page before the push
    confirm = said(4, "dan", 13, "/groundgate confirm refund-007 -- 60 days is not the policy")
    entries, _ = bind([early, late, stale, confirm], (), verdicts)
    assert {e.login: (e.digest, e.head) for e in entries} == {
        "alice": (old.digest, H1),
        "bob": (new.digest, H2),
        "carol": (old.digest, H1),  # it accepts the answer it names, not the one standing when it was posted
        "dan": (new.digest, H2),  # a confirm that names none: the verdict standing when it was posted
    }
    decision = decide([new], [e for e in entries if e.login != "bob" and e.login != "dan"], "blocking")
    assert decision.exit_code({Outcome.REGRESSION: 1}) == 1  # neither accept is about the answer now judged
    before_any, problems = bind([said(5, "erin", 0, "/groundgate confirm refund-007 -- no")], (), verdicts)
    assert before_any[0].digest is None  # posted before any verdict was visible: about no answer
    assert "post it again" in problems[5][0]


def test_an_accept_that_names_no_verdict_on_record_or_one_not_shown_yet_is_said_back() -> None:
    rows = [judged("refund-007")]
    verdicts = [verdict(rows, None, H2), verdict(rows, 5, H1)]
    unknown = said(1, "alice", 9, "/groundgate accept refund-007 -- fine", pin="c3" * 20)
    early = said(2, "bob", 3, "/groundgate accept refund-007 -- fine", pin=H1)  # before H1's verdict was shown
    unshown = said(3, "carol", 9, "/groundgate accept refund-007 -- fine", pin=H2)  # the verdict being published
    entries, problems = bind([unknown, early, unshown], (), verdicts)
    assert entries == []
    assert "not a verdict of this pull request groundgate has on record" in problems[1][0]
    assert "was not shown yet when this was written" in problems[2][0]
    assert "was not shown yet when this was written" in problems[3][0]
    twice = [verdict(rows, 1, "abcdef1" + "1" * 33), verdict(rows, 2, "abcdef1" + "2" * 33)]
    found, fine = bind([said(4, "dan", 9, "/groundgate accept at abcdef11 refund-007 -- fine")], (), twice)
    assert (fine, [e.head for e in found]) == ({}, ["abcdef1" + "1" * 33])
    _, ambiguous = bind([said(5, "dan", 9, "/groundgate accept at abcdef1 refund-007 -- fine")], (), twice)
    assert "commit abcdef1 is the start of 2 commits judged on this pull request" in ambiguous[5][0]


def test_an_id_the_verdict_does_not_list_is_said_back() -> None:
    entries, problems, _ = run([judged("refund-007")], [said(1, "alice", 5, "/groundgate accept refnud-007 refund-007 -- typo")])  # fmt: skip
    assert [e.row for e in entries] == ["refund-007"]
    assert "'refnud-007'" in problems[1][0]


def test_a_revoke_in_the_ledger_outlives_its_comment() -> None:
    """Deleting or editing away a revoke (someone with write access can edit others' comments) does not
    bring the revoked acceptance back."""
    rows = [judged("refund-007")]
    accept = said(1, "alice", 5, "/groundgate accept refund-007 -- fine")
    revoke = said(2, "alice", 6, "/groundgate revoke refund-007")
    entries, _ = bind([accept, revoke], (), [verdict(rows, 0)])
    later, _ = bind([accept], entries, [verdict(rows, 0)])  # the revoke's comment is gone
    assert decide(rows, later, "blocking").exit_code({Outcome.REGRESSION: 1}) == 1
    gone, _ = bind([], entries, [verdict(rows, 0)])  # both gone: nothing accepted
    assert decide(rows, gone, "blocking").exit_code({Outcome.REGRESSION: 1}) == 1


def test_an_edited_command_is_a_new_command_bound_when_edited() -> None:
    rows = [judged("refund-007")]
    shown = verdict(rows, 0)
    entries, _ = bind([said(1, "alice", 5, "/groundgate confirm refund-007")], (), [shown])
    edited = said(1, "alice", 9, "/groundgate accept refund-007 -- on second reading it is fine")
    after, _ = bind([edited], entries, [shown])
    assert [(e.verb, e.at) for e in after] == [(Verb.ACCEPT, at(9))]
    assert decide(rows, after, "blocking").exit_code({Outcome.REGRESSION: 1}) == 0


def test_rows_that_do_not_block_are_recorded_but_change_nothing() -> None:
    rows = [judged("ship-1", Outcome.REVIEW, category="shipping"), judged("refund-007")]
    counts = Counter({Outcome.REGRESSION: 1, Outcome.REVIEW: 1})
    _, _, decision = run(rows, [said(1, "alice", 5, "/groundgate confirm ship-1 -- yes, unsupported")])
    assert [(s.row.id, s.state, s.blocking) for s in decision.rows] == [("ship-1", "confirmed", False)]
    assert decision.exit_code(counts) == 1
    strict = decide(rows, decision.ledger, "any-regression")
    assert strict.exit_code(counts) == 1
    _, _, accepted_review = run(rows, [said(1, "alice", 5, "/groundgate accept ship-1 refund-007 -- intended")], fail_on="any-regression")  # fmt: skip
    assert accepted_review.exit_code(counts) == 0  # under any-regression the REVIEW row blocked, and was accepted
    assert accepted_review.noun == "regression"


def test_blocks_follows_gate_exit() -> None:
    for fail_on in ("blocking", "any-regression", "never"):
        for outcome in Outcome:
            alone = Counter({outcome: 1})
            assert blocks(outcome, fail_on) == (gate_exit(verdict_of(alone), alone, fail_on) == 1), (outcome, fail_on)


ROWS = st.lists(
    st.builds(
        judged,
        st.text("abcdef", min_size=1, max_size=3),
        st.sampled_from(ADJUDICABLE),
        st.sampled_from(["45 days", "30 days"]),
    ),
    max_size=6,
    unique_by=lambda r: r.id,
)


@st.composite
def scenarios(draw: st.DrawFn) -> tuple[list[Judged], list[Said], FailOn]:
    rows = draw(ROWS)
    ids = [r.id for r in rows] or ["x"]
    commands = []
    for n in range(draw(st.integers(0, 8))):
        verb = draw(st.sampled_from(["accept", "confirm", "revoke"]))
        chosen = draw(st.lists(st.sampled_from(ids), min_size=1, max_size=3))
        reason = " -- because" if verb != "revoke" else ""
        commands.append(said(n + 1, draw(st.sampled_from(["alice", "bob"])), draw(st.integers(1, 20)), f"/groundgate {verb} {' '.join(chosen)}{reason}"))  # fmt: skip
    return rows, commands, draw(st.sampled_from(["blocking", "any-regression", "never"]))


@given(scenarios())
def test_exit_1_means_a_blocking_row_nobody_accepted_and_nothing_else(case: tuple[list[Judged], list[Said], FailOn]) -> None:  # fmt: skip
    rows, commands, fail_on = case
    shown = verdict(rows, 0)
    entries, _ = bind(commands, (), [shown])
    decision = decide(rows, entries, fail_on)
    counts = Counter(row.outcome for row in rows)
    standing = {s.row.id: s for s in decision.rows}
    still = [r for r in rows if blocks(r.outcome, fail_on) and (r.id not in standing or standing[r.id].blocks)]
    assert (decision.exit_code(counts) == 1) == bool(still)
    for row in rows:  # people never make a row block that the judge let through
        if not blocks(row.outcome, fail_on):
            assert row.id not in standing or not standing[row.id].blocks
    # the rule reads time, not the order commands are listed in, nor their repetition
    again, _ = bind(list(reversed(commands)) + commands, (), [shown])
    assert decide(rows, again, fail_on).exit_code(counts) == decision.exit_code(counts)
    # and the ledger it leaves gives the same decision on the next run
    kept, _ = bind(commands, entries, [shown])
    assert decide(rows, kept, fail_on) == decision


@given(scenarios())
def test_without_accepts_the_verdict_is_the_judges(case: tuple[list[Judged], list[Said], FailOn]) -> None:
    rows, commands, fail_on = case
    no_accepts = [c for c in commands if c.command.verb is not Verb.ACCEPT]
    entries, _ = bind(no_accepts, (), [verdict(rows, 0)])
    counts = Counter(row.outcome for row in rows)
    assert decide(rows, entries, fail_on).exit_code(counts) == gate_exit(verdict_of(counts), counts, fail_on)


# ---- the record


def record(rows: list[Judged], **extra: object) -> Record:
    counts = Counter(row.outcome for row in rows)
    blocking = sum(1 for row in rows if blocks(row.outcome, "blocking"))
    values = {"check": "groundgate / verdict", "head": "a" * 40, "pr": 7, "cases_path": "evals/cases.jsonl", "fail_on": "blocking", "cases": len(rows), "counts": counts, "rows": rows, "blocking": blocking}  # fmt: skip
    return Record.model_validate({**values, **extra})


def test_a_record_reads_back_only_for_its_check_and_commit_and_only_whole() -> None:
    rows = [judged("refund-007\n-->"), judged("ship-1", Outcome.REVIEW)]  # user text cannot end the hidden block
    kept = record(rows)
    block = encode(kept)
    assert block.count("-->") == 1
    assert decode(text(kept), check="groundgate / verdict", head="a" * 40) == kept
    with pytest.raises(RecordError, match="not this one"):
        decode(block, check="groundgate / verdict", head="b" * 40)
    with pytest.raises(RecordError, match="not this one"):
        decode(block, check="other", head="a" * 40)
    lines = block.splitlines()
    with pytest.raises(RecordError):
        decode("\n".join(lines[:-2] + lines[-1:]), check="groundgate / verdict", head="a" * 40)  # cut short
    forged = kept.model_copy(update={"counts": {Outcome.TIE: 2}})
    other = encode(forged).splitlines()
    with pytest.raises(RecordError, match="SHA-256"):
        decode("\n".join(lines[:1] + other[1:]), check="groundgate / verdict", head="a" * 40)  # contents swapped
    with pytest.raises(RecordError, match="no groundgate record"):
        decode("<!-- groundgate-record v1 sha256=xyz -->", check="groundgate / verdict", head="a" * 40)


def test_a_large_record_keeps_every_blocking_row_first() -> None:
    rows = [judged(f"review-{i:05d}-" + "x" * 40, Outcome.REVIEW, answer=str(i)) for i in range(3000)]
    rows += [judged(f"block-{i:04d}", answer=str(i)) for i in range(50)]
    kept = fit(record(rows))
    assert len(text(kept)) <= 65_000
    assert kept.missing == 0
    assert sum(1 for r in kept.rows if r.outcome is Outcome.REGRESSION) == 50
    assert 0 < len(kept.rows) < len(rows)
    huge = fit(record([judged(f"block-{i:05d}-" + "y" * 60, answer=str(i)) for i in range(5000)]))
    assert len(text(huge)) <= 65_000
    assert huge.missing > 0  # these keep blocking: no command can reach them
    decision = decide(huge.rows, [], "blocking", missing=huge.missing)
    assert decision.missing == huge.missing


GREENNESS = {"failure": 0, "neutral": 1, "success": 2}


def test_accepting_every_blocking_row_is_no_greener_than_having_none_to_block() -> None:
    """Issue 37.2: every blocking row accepted and rows still to read is what the same suite with no blocking
    row is: neutral, "Does not block merge"; only with nothing else to read does it pass."""
    rows = [judged("refund-007"), judged("ship-1", Outcome.REVIEW, category="shipping")]
    counts = Counter({Outcome.REGRESSION: 1, Outcome.REVIEW: 1, Outcome.TIE: 8})
    _, _, decision = run(rows, [said(1, "alice", 5, "/groundgate accept refund-007 -- intended")])
    top = headline_of(Facts(counts, {"policy": 1}, {"shipping": 1}, {}, 0, None), "blocking", decision)
    assert (top.icon, top.text, top.conclusion) == (
        "⚠️",
        "Does not block merge: 1 blocking regression accepted by @alice; 1 row to read before shipping",
        "neutral",
    )
    alone = headline_of(Facts(Counter({Outcome.REVIEW: 1, Outcome.TIE: 8}), {}, {"shipping": 1}, {}, 0, None))
    assert alone.conclusion == top.conclusion


@given(scenarios())
def test_people_never_make_a_verdict_greener_than_the_same_run_without_the_rows_they_accepted(
    case: tuple[list[Judged], list[Said], FailOn],
) -> None:
    rows, commands, fail_on = case
    entries, _ = bind(commands, (), [verdict(rows, 0)])
    decision = decide(rows, entries, fail_on)
    counts = Counter(row.outcome for row in rows) + Counter({Outcome.TIE: 3})
    by = {o: Counter(r.category for r in rows if r.outcome is o) for o in (Outcome.REGRESSION, Outcome.REVIEW)}
    with_people = headline_of(Facts(counts, by[Outcome.REGRESSION], by[Outcome.REVIEW], {}, 0, None), fail_on, decision)
    gone = {s.row.id for s in decision.accepted}
    left = [r for r in rows if r.id not in gone]
    left_by = {o: Counter(r.category for r in left if r.outcome is o) for o in (Outcome.REGRESSION, Outcome.REVIEW)}
    without = Counter(r.outcome for r in left) + Counter({Outcome.TIE: 3})
    alone = headline_of(Facts(without, left_by[Outcome.REGRESSION], left_by[Outcome.REVIEW], {}, 0, None), fail_on)
    assert with_people.conclusion == alone.conclusion  # one rule: never greener, never redder
    assert GREENNESS[with_people.conclusion] <= GREENNESS[alone.conclusion]
    if gone:
        assert f"{len(gone)} " in with_people.text
        assert "accepted by @" in with_people.text

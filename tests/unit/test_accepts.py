"""An accept names the answer it accepts (``ID@DIGEST``, the command the report offers): the answer comes from the
writer's own comment, never from a record, which any workflow with ``checks: write`` can write or rewrite (a hostile
review of issue 43: a branch workflow rewrote groundgate's own record so that a writer's accept moved to an answer
nobody accepted)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from groundgate.adjudication import DIGEST_SAID, Judged, Said, Verdict, answer_digest, parse_commands
from groundgate.binding import bind, decide
from groundgate.rules import Bucket, Outcome

H1 = "a1" * 20
T0 = datetime(2026, 1, 1, tzinfo=UTC)
FINE, WORSE = "You have 45 days.", "You have 45 days, or 90 with Premium."


def row(answer: str, cid: str = "refund-007") -> Judged:
    return Judged(
        id=cid,
        category="policy",
        outcome=Outcome.REGRESSION,
        before=Bucket.GROUNDED,
        after=Bucket.UNGROUNDED,
        line=1,
        digest=answer_digest("q", "ctx", answer),
    )


def said(line: str, when: int = 5) -> Said:
    [command], problems = parse_commands(line)
    assert problems == []
    return Said(1, "alice", T0 + timedelta(seconds=when), command)


def test_an_accept_that_names_no_answer_is_said_back_and_counts_for_nothing() -> None:
    for line in (
        "/groundgate accept at a1a1a1a1a1a1 refund-007 -- fine",
        f"/groundgate accept at a1a1a1a1a1a1 refund-007@{row(FINE).digest[:8]} -- fine",  # 32 bits: made on purpose
        f"/groundgate accept at a1a1a1a1a1a1 refund-007@{row(FINE).digest[:16]} price-3 -- both fine",
    ):
        commands, problems = parse_commands(line)
        assert commands == []
        [problem] = problems
        assert "paste the command from the report, it names the answer" in problem


def test_an_accept_binds_to_the_answer_its_comment_names_never_to_the_one_a_record_lists() -> None:
    """alice accepted FINE; a rewritten record of the verdict she named lists WORSE for the row."""
    accept = said(f"/groundgate accept at {H1[:12]} refund-007@{row(FINE).digest[:DIGEST_SAID]} -- 45 days is right")
    rewritten = Verdict({"refund-007": row(WORSE)}, T0, H1)
    entries, problems = bind([accept], (), [rewritten])
    assert entries == []
    assert "did not judge the answer this command names" in problems[1][0]
    assert decide([row(WORSE)], entries, "blocking").exit_code({Outcome.REGRESSION: 1}) == 1


@pytest.mark.parametrize("answer", [FINE, WORSE])
def test_records_that_disagree_bind_the_accept_to_nothing_and_say_which(answer: str) -> None:
    """Two records of the verdict give the row two answers (one from a look-alike, which can offer the command that
    names its answer): the accept binds to neither, whichever it names, and says which check runs disagree (issue 43,
    round three: it used to bind to the one it named, so a look-alike's command accepted the look-alike's answer)."""
    accept = said(f"/groundgate accept at {H1[:12]} refund-007@{row(answer).digest} -- fine")  # the whole digest too
    by = (("https://github.example/o/r/runs/1", row(FINE).digest), ("https://github.example/o/r/runs/2", row(WORSE).digest))  # fmt: skip
    both = Verdict(
        {}, T0, H1, variants={"refund-007": (row(WORSE), row(FINE))}, unsettled=frozenset({"refund-007"}), said_by={"refund-007": by}
    )  # fmt: skip
    entries, problems = bind([accept], (), [both])
    assert entries == []
    [problem] = problems[1]
    assert "disagree about its answer" in problem
    assert "runs/1: @" + row(FINE).digest[:16] in problem
    assert "runs/2: @" + row(WORSE).digest[:16] in problem
    assert decide([row(answer)], entries, "blocking").exit_code({Outcome.REGRESSION: 1}) == 1


def test_an_accept_binds_only_to_the_answer_git_holds_at_the_commit_it_names() -> None:
    """Every record agrees on WORSE (rewritten in place); the candidate file in git at H1 holds FINE: an accept of
    WORSE is said back and binds to nothing, an accept of FINE binds (when a record lists it)."""
    rewritten = Verdict({"refund-007": row(WORSE)}, T0, H1)
    git = {H1: {"refund-007": frozenset({row(FINE).digest})}}
    worse = said(f"/groundgate accept at {H1[:12]} refund-007@{row(WORSE).digest[:DIGEST_SAID]} -- fine")
    entries, problems = bind([worse], (), [rewritten], vouched=git)
    assert entries == []
    assert f"not the answer the candidate file holds at {H1[:12]}" in problems[1][0]
    genuine = Verdict({"refund-007": row(FINE)}, T0, H1)
    fine = said(f"/groundgate accept at {H1[:12]} refund-007@{row(FINE).digest[:DIGEST_SAID]} -- fine")
    entries, problems = bind([fine], (), [genuine], vouched=git)
    assert (problems, [e.digest for e in entries]) == ({}, [row(FINE).digest])


def test_two_answers_for_one_row_named_by_one_writer_about_one_verdict_count_for_nothing() -> None:
    genuine = Verdict({"refund-007": row(FINE)}, T0, H1)
    fine, worse = (row(a).digest[:DIGEST_SAID] for a in (FINE, WORSE))
    one = said(f"/groundgate accept at {H1[:12]} refund-007@{fine} refund-007@{worse} -- fine")
    two = [said(f"/groundgate accept at {H1[:12]} refund-007@{d} -- fine", when) for d, when in ((fine, 5), (worse, 6))]
    for commands in ([one], two):
        entries, problems = bind(commands, (), [genuine])
        assert entries == []
        assert "two answers" in problems[1][0]


def test_an_id_in_backticks_names_its_answer_right_after_it() -> None:
    digest = row(FINE, "my case").digest[:DIGEST_SAID]
    [command], problems = parse_commands(f"/groundgate accept at {H1[:12]} `my case`@{digest.upper()} -- fine")
    assert (problems, command.ids, command.answer("my case")) == ([], ("my case",), digest)
    [confirm], _ = parse_commands(f"/groundgate confirm at {H1[:12]} refund-007@{digest} -- the judge is right")
    assert confirm.ids == ("refund-007",)  # a confirm may name it, as the report's command does

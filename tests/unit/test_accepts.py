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
def test_records_that_disagree_leave_the_accept_on_the_answer_it_names(answer: str) -> None:
    """Two records of the verdict give the row two answers (one from a look-alike): the accept binds to the one its
    comment names, and a row judged with the other keeps blocking."""
    accept = said(f"/groundgate accept at {H1[:12]} refund-007@{row(FINE).digest} -- fine")  # the whole digest too
    both = Verdict({}, T0, H1, variants={"refund-007": (row(WORSE), row(FINE))}, unsettled=frozenset({"refund-007"}))
    entries, problems = bind([accept], (), [both])
    assert (problems, [e.digest for e in entries]) == ({}, [row(FINE).digest])
    left = decide([row(answer)], entries, "blocking").exit_code({Outcome.REGRESSION: 1})
    assert left == (0 if answer == FINE else 1)


def test_an_id_in_backticks_names_its_answer_right_after_it() -> None:
    digest = row(FINE, "my case").digest[:DIGEST_SAID]
    [command], problems = parse_commands(f"/groundgate accept at {H1[:12]} `my case`@{digest.upper()} -- fine")
    assert (problems, command.ids, command.answer("my case")) == ([], ("my case",), digest)
    [confirm], _ = parse_commands(f"/groundgate confirm at {H1[:12]} refund-007@{digest} -- the judge is right")
    assert confirm.ids == ("refund-007",)  # a confirm may name it, as the report's command does

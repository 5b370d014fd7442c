"""The verdict's memory at the wire, round two (a hostile review of issue 43): where it is read when the run cannot
say which one pull request it is for (the fork recipe with two open pull requests from one branch, its merge queue),
what happens when GitHub no longer names a head the pull request had, and what a record can no longer do: choose the
answer a writer's accept is about. The judge blocks refund-007's invented 45 days on its first roll, then scores it
5 (``Dice.later``)."""

from __future__ import annotations

import json
from pathlib import Path

from groundgate.memory import Blocked, reading_key
from groundgate.record import decode, text
from tests.support.action import (
    FORK_SHA,
    HEAD_SHA,
    QUEUE_SHA,
    SECOND,
    THIRD,
    Run,
    comment_event,
    event,
    run_action,
    workflow_run_event,
)
from tests.support.fakes.github import FakeGitHub
from tests.support.people import (
    CHECK,
    accepted_then_worse,
    answers_at,
    latest,
    lookalike,
    on_comment,
    patch_check_run,
    readable,
    replies,
)
from tests.support.rolls import REGRESSED, Dice, Judge, azure, judging, rows


def test_fork_recipe_a_second_open_pull_request_from_the_same_branch_does_not_drop_the_memory(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """The fork's author opens a second pull request from the same fork branch against another base: the trusted
    workflow_run run finds two open pull requests with that head, publishes on the commit alone, and read no memory."""
    gh.add_pull(7, FORK_SHA, head_repo="someone/r", author="contributor")
    dice = Dice()
    inputs = azure(fake_azure(dice), REGRESSED)
    first = run_action(workspace, gh, inputs, event_name="workflow_run", event_path=workflow_run_event(tmp_path))
    assert first.code == 1, first.stdout
    dice.later()
    gh.add_pull(9, FORK_SHA, head_repo="someone/r", author="contributor")
    again = run_action(workspace, gh, inputs, event_name="workflow_run", event_path=workflow_run_event(tmp_path))
    assert again.code == 1, again.stdout
    assert rows(again)["refund-007"]["held_from"] == FORK_SHA
    assert latest(gh, FORK_SHA)["conclusion"] == "failure"  # the required check of #7 in the fork recipe


def test_fork_recipe_a_pull_request_run_whose_pull_request_cannot_be_found_gives_no_verdict(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """No open pull request has the commit as its head (GitHub lists none): the memory cannot be read."""
    run = run_action(workspace, gh, azure(fake_azure(Dice()), REGRESSED), event_name="workflow_run", event_path=workflow_run_event(tmp_path))  # fmt: skip
    assert run.code == 3, run.stdout
    assert "no open pull request could be found whose head is commit" in run.stdout


def test_fork_recipe_merge_queue_holds_what_the_pull_request_blocked_on(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """Part 2's workflow_run after a merge_group run: the queued pull request is read from the queue's branch
    (``gh-readonly-queue/<base>/pr-<N>-<sha>``), as a merge_group event's own."""
    gh.add_pull(7, FORK_SHA, head_repo="someone/r", author="contributor")
    dice = Dice()
    inputs = azure(fake_azure(dice), REGRESSED)
    assert (
        run_action(workspace, gh, inputs, event_name="workflow_run", event_path=workflow_run_event(tmp_path)).code == 1
    )
    dice.later()
    queue = "gh-readonly-queue/main/pr-7-" + FORK_SHA
    path = workflow_run_event(tmp_path, QUEUE_SHA, owner="o", branch=queue, triggered_by="merge_group")
    run = run_action(workspace, gh, inputs, event_name="workflow_run", event_path=path)
    assert run.code == 1, run.stdout
    assert latest(gh, QUEUE_SHA)["conclusion"] == "failure"


def test_a_force_push_whose_old_head_github_no_longer_names_is_no_verdict_rather_than_a_fresh_roll(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """Blocked at HEAD_SHA; a force push to SECOND (its run cancelled); by the next run GitHub's timeline names the
    force push but not the head it replaced (``beforeCommit`` null)."""
    dice = Dice()
    fake = fake_azure(dice)
    assert judging(workspace, pr, tmp_path, fake, HEAD_SHA).code == 1
    dice.later()
    pr.force_push(7, SECOND, collected=True)
    calls = len(fake.prompts)
    run = judging(workspace, pr, tmp_path, fake, SECOND, before=HEAD_SHA)
    assert run.code == 3, run.stdout
    assert "force-pushed (at " in run.stdout
    assert "from a commit GitHub no longer names" in run.stdout
    assert "open one from a new branch" in run.stdout  # what a person can do
    assert len(fake.prompts) == calls  # nothing judged afresh
    assert latest(pr, SECOND)["output"]["title"].startswith("No verdict")


def test_rewriting_groundgates_record_does_not_move_a_writers_accept_to_another_answer(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """alice accepts refund-007's answer at HEAD_SHA (the command the report offers names it). The author pushes a
    worse answer, then a branch workflow rewrites groundgate's own check runs on HEAD_SHA in place (PATCH, as the same
    app) so that their records list the worse answer: every record of HEAD_SHA agrees, and none is a look-alike."""
    fake = fake_azure(Dice())
    worse, now = accepted_then_worse(workspace, pr, tmp_path, fake, "You have 45 days, or 90 with Premium, no receipt.")
    [row] = [r for r in now.rows if r.id == "refund-007"]
    for rid, run in list(pr.check_runs.items()):
        if run["head_sha"] != HEAD_SHA or run["name"] != CHECK or not (run["output"] or {}).get("text"):
            continue
        genuine = decode(run["output"]["text"], check=CHECK, head=HEAD_SHA)
        forged = genuine.model_copy(
            update={
                "rows": [r.model_copy(update={"digest": row.digest}) if r.id == row.id else r for r in genuine.rows]
            }
        )
        patch_check_run(pr, rid, {"output": {"title": run["output"]["title"], "summary": run["output"]["summary"], "text": text(forged)}})  # fmt: skip
    again = judging(workspace, pr, tmp_path, fake, SECOND, worse, before=HEAD_SHA)
    assert again.code == 1, (again.code, latest(pr, SECOND)["output"]["title"])
    assert latest(pr, SECOND)["conclusion"] == "failure"


def test_an_accept_that_names_no_answer_counts_for_nothing_even_where_a_look_alike_is_the_only_record(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """Blocked at HEAD_SHA on answer x. The author pushes SECOND with a harmless answer (its run cancelled: no record
    of groundgate's there) and a branch workflow posts the only record on SECOND, listing refund-007 with x's digest.
    alice reads SECOND and accepts refund-007 there, writing the command herself (no report offered one). The author
    pushes x back: it is held from HEAD_SHA, and nobody accepted x."""
    fake = fake_azure(Dice())
    assert judging(workspace, pr, tmp_path, fake, HEAD_SHA).code == 1
    genuine = decode(latest(pr)["output"]["text"], check=CHECK, head=HEAD_SHA)
    pr.move_pull(7, SECOND)
    forged = genuine.model_copy(update={"head": SECOND, "previous": None, "ledger": [], "published": None})
    lookalike(pr, SECOND, text(forged), conclusion="failure")
    cid = pr.add_comment(7, f"/groundgate accept at {SECOND[:12]} refund-007 -- this answer is fine", "alice")
    on_comment(tmp_path, pr, cid)
    assert "paste the command from the report, it names the answer" in replies(pr)[-1]
    pr.move_pull(7, THIRD)
    run = judging(workspace, pr, tmp_path, fake, THIRD, before=SECOND)
    assert run.code == 1, (run.code, latest(pr, THIRD)["output"]["title"])


VICTIM = "7ac71d7ac71d7ac71d7ac71d7ac71d7ac71d7ac7"
VICTIM2 = "7ac72d7ac72d7ac72d7ac72d7ac72d7ac72d7ac7"


def test_a_look_alike_record_on_another_authors_pull_request_is_a_denial_a_writer_can_undo(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """The author of #7 posts, from a workflow on their branch, a record on the head of #9 (someone else's pull request,
    which passes) holding #9's own answer: security.md said a look-alike acts "against the author's own pull request".
    It blocks #9 (records only add blocks: a denial, never a pass), says the record gives no scores or reason, and a
    writer's accept, pasted from the report, releases it. Not at VICTIM: #9's first record there, which passed, does
    not list the row, and an accept binds only to an answer every record of its commit lists (a look-alike could list
    a worse answer for a row groundgate's record does not list, and offer its command); said back. At the verdict of
    the next push (an empty commit), whose records all hold the row, it does."""
    fake = fake_azure(Dice())
    pr.add_pull(9, VICTIM, head_ref="victims-branch", author="victim")
    inputs = azure(fake, "evals/candidate.jsonl")

    def victim(head: str = VICTIM) -> Run:
        return run_action(workspace, pr, inputs, event_path=event(tmp_path, head_sha=head, number=9, author="victim"))

    def accept(head: str) -> list[str]:
        digest = answers_at(pr, head)["refund-007"][:16]
        cid = pr.add_comment(9, f"/groundgate accept at {head[:12]} refund-007@{digest} -- the answer is fine", "alice")
        path = comment_event(tmp_path, pr, cid, number=9, author="victim")
        empty = tmp_path / f"comment-run-{cid}" / "workspace"
        empty.mkdir(parents=True)
        assert run_action(empty, pr, {}, event_name="issue_comment", event_path=path).code == 0
        return [readable(c["body"]) for c in pr.comments_on(9) if c["login"] == pr.bot and " reply " in c["body"]]

    assert victim().code == 0
    case = {r["id"]: r for r in map(json.loads, (workspace / "evals/cases.jsonl").read_text().splitlines())}[
        "refund-007"
    ]
    answer = {r["id"]: r for r in map(json.loads, (workspace / "evals/candidate.jsonl").read_text().splitlines())}
    base = {r["id"]: r for r in map(json.loads, (workspace / "evals/baseline.jsonl").read_text().splitlines())}
    key = reading_key(
        case.get("query"), case["context"], answer["refund-007"]["response"], base["refund-007"]["response"]
    )
    genuine = decode(latest(pr, VICTIM)["output"]["text"], check=CHECK, head=VICTIM)
    lookalike(
        pr,
        VICTIM,
        text(genuine.model_copy(update={"blocked": [Blocked(id="refund-007", head=VICTIM, key=key)], "pr": 7})),
    )
    held = victim()
    assert held.code == 1, held.stdout
    assert rows(held)["refund-007"]["held_from"] == VICTIM
    [mine] = [c for c in pr.comments_on(9) if c["login"] == pr.bot and "groundgate-report" in c["body"]]
    assert "the record that holds it gives no scores or reason" in readable(mine["body"])
    said = accept(VICTIM)
    assert "disagree about its answer" in said[-1], said
    assert latest(pr, VICTIM)["conclusion"] == "failure"
    pr.move_pull(9, VICTIM2)  # an empty commit
    assert victim(VICTIM2).code == 1
    assert len(accept(VICTIM2)) == len(said)  # applied: no new reply
    assert latest(pr, VICTIM2)["conclusion"] in ("success", "neutral")
    assert victim(VICTIM2).code == 0  # and the next judging run agrees

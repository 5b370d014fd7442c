"""What an accept binds to, round three of issue 43's hostile review: only an answer a source the pull request's branch
cannot write vouches for. The PR is blocked at HEAD_SHA on refund-007's invented 45 days (answer D). A workflow on the
branch (``checks: write``) offers, in a look-alike check run of groundgate's name or by rewriting groundgate's own, a
command naming a WORSE answer E the author pushes next; a writer pastes it. The accept must bind to nothing, and E
must block."""

from __future__ import annotations

import json
from pathlib import Path

from groundgate.adjudication import answer_digest
from groundgate.record import decode, text
from tests.support.action import HEAD_SHA, SECOND, comment_event, run_action
from tests.support.fakes.github import FakeGitHub
from tests.support.people import CHECK, answers_at, latest, lookalike, on_comment, patch_check_run, replies
from tests.support.rolls import REGRESSED, Dice, Judge, judging, with_answers

WORSE = "You have 45 days, or 90 with Premium, and no receipt is needed."
ACCEPT = "/groundgate accept at {head} refund-007@{digest} -- 45 days is the new policy"


def digest_of(workspace: Path, row_id: str, answer: str) -> str:
    """The digest a record gives ``answer`` to ``row_id``'s case (its query and context, as the example has them)."""
    cases = {r["id"]: r for r in map(json.loads, (workspace / "evals/cases.jsonl").read_text().splitlines())}
    return answer_digest(cases[row_id].get("query"), cases[row_id]["context"], answer)


def forged(gh: FakeGitHub, head: str, row_id: str, digest: str) -> str:
    """groundgate's record on ``head`` with ``row_id`` listed with another answer (``digest``), ledger emptied: what a
    branch workflow writes, its SHA-256 recomputed."""
    genuine = decode(latest(gh, head)["output"]["text"], check=CHECK, head=head)
    rows = [r.model_copy(update={"digest": digest}) if r.id == row_id else r for r in genuine.rows]
    return text(genuine.model_copy(update={"rows": rows, "ledger": []}))


def tracked(gh: FakeGitHub, workspace: Path, head: str, *paths: str) -> None:
    """The files as the commit ``head`` has them in git (the contents API serves them at that ref)."""
    for path in paths:
        gh.files[(head, path)] = (workspace / path).read_bytes()


def test_a_look_alikes_command_for_a_worse_answer_accepts_nothing_and_the_worse_answer_blocks(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """The candidate is made in the job (not in git): the look-alike on HEAD_SHA lists refund-007 with E's digest;
    groundgate's own record lists D. The records disagree: alice's paste of the look-alike's command is said back,
    naming the check runs, and accepts nothing."""
    fake = fake_azure(Dice())
    assert judging(workspace, pr, tmp_path, fake, HEAD_SHA).code == 1
    worse = digest_of(workspace, "refund-007", WORSE)
    lookalike(pr, HEAD_SHA, forged(pr, HEAD_SHA, "refund-007", worse), conclusion="failure")
    cid = pr.add_comment(7, ACCEPT.format(head=HEAD_SHA[:12], digest=worse[:16]), "alice")
    on_comment(tmp_path, pr, cid)
    said = replies(pr)[-1]
    assert "disagree about its answer" in said, said
    assert str(max(pr.check_runs)) in said  # the look-alike is named
    assert latest(pr)["conclusion"] == "failure"
    pr.move_pull(7, SECOND)
    candidate = with_answers(workspace, "worse.jsonl", {"refund-007": WORSE}, source="candidate-regression.jsonl")
    run = judging(workspace, pr, tmp_path, fake, SECOND, candidate, before=HEAD_SHA)
    assert run.code == 1, (run.code, latest(pr, SECOND)["output"]["title"])
    assert latest(pr, SECOND)["conclusion"] == "failure"


def test_rewriting_every_record_cannot_make_an_accept_bind_to_an_answer_the_candidate_file_did_not_hold(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """The candidate file is tracked in git: at HEAD_SHA it holds D. A branch workflow rewrites groundgate's own check
    runs on HEAD_SHA in place (PATCH, the same app), so every record agrees on E, and offers E's command. alice pastes
    it: said back (git, not a record, says which answer HEAD_SHA had), and E blocks when the author pushes it."""
    fake = fake_azure(Dice())
    assert judging(workspace, pr, tmp_path, fake, HEAD_SHA).code == 1
    tracked(pr, workspace, HEAD_SHA, REGRESSED, "evals/cases.jsonl")
    worse = digest_of(workspace, "refund-007", WORSE)
    for rid, check in list(pr.check_runs.items()):
        if check["head_sha"] == HEAD_SHA and check["name"] == CHECK and (check["output"] or {}).get("text"):
            output = {**check["output"], "text": forged(pr, HEAD_SHA, "refund-007", worse)}
            patch_check_run(pr, rid, {"output": {k: output[k] for k in ("title", "summary", "text")}})
    assert answers_at(pr, HEAD_SHA)["refund-007"] == worse  # every record of HEAD_SHA agrees on E now
    cid = pr.add_comment(7, ACCEPT.format(head=HEAD_SHA[:12], digest=worse[:16]), "alice")
    on_comment(tmp_path, pr, cid, candidate=REGRESSED)
    said = replies(pr)[-1]
    assert f"not the answer the candidate file holds at {HEAD_SHA[:12]}" in said, said
    assert "accept nothing you did not read in the report groundgate posted" in said
    pr.move_pull(7, SECOND)
    with_answers(workspace, "candidate-regression.jsonl", {"refund-007": WORSE}, source="candidate-regression.jsonl")
    run = judging(workspace, pr, tmp_path, fake, SECOND, before=HEAD_SHA)
    assert run.code == 1, (run.code, latest(pr, SECOND)["output"]["title"])


def test_an_accept_of_the_answer_the_candidate_file_holds_still_applies(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """The same source, the genuine command: the accept binds to D, and the check turns green."""
    fake = fake_azure(Dice())
    assert judging(workspace, pr, tmp_path, fake, HEAD_SHA).code == 1
    tracked(pr, workspace, HEAD_SHA, REGRESSED, "evals/cases.jsonl")
    mine = answers_at(pr, HEAD_SHA)["refund-007"]
    cid = pr.add_comment(7, ACCEPT.format(head=HEAD_SHA[:12], digest=mine[:16]), "alice")
    on_comment(tmp_path, pr, cid, candidate=REGRESSED)
    assert not replies(pr), replies(pr)
    assert latest(pr)["conclusion"] in ("success", "neutral")
    assert judging(workspace, pr, tmp_path, fake, HEAD_SHA).code == 0  # and the judging run agrees


def test_two_answers_named_for_one_row_in_one_command_neither_counts(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """The command names refund-007 twice, with D and with E: said back, and D is not accepted either (the first used
    to win in silence)."""
    fake = fake_azure(Dice())
    assert judging(workspace, pr, tmp_path, fake, HEAD_SHA).code == 1
    mine, worse = answers_at(pr, HEAD_SHA)["refund-007"], digest_of(workspace, "refund-007", WORSE)
    body = f"/groundgate accept at {HEAD_SHA[:12]} refund-007@{mine[:16]} refund-007@{worse[:16]} -- fine"
    on_comment(tmp_path, pr, pr.add_comment(7, body, "alice"))
    said = replies(pr)[-1]
    assert "two answers" in said, said
    assert latest(pr)["conclusion"] == "failure"


def test_two_answers_named_for_one_row_across_a_writers_commands_on_one_verdict_neither_counts(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """alice accepts D at HEAD_SHA, then (from a forged report) E at the same verdict in another comment: a verdict
    judged one answer, so one of the two commands was not about it; neither counts until she deletes or edits one."""
    fake = fake_azure(Dice())
    assert judging(workspace, pr, tmp_path, fake, HEAD_SHA).code == 1
    mine, worse = answers_at(pr, HEAD_SHA)["refund-007"], digest_of(workspace, "refund-007", WORSE)
    on_comment(tmp_path, pr, pr.add_comment(7, ACCEPT.format(head=HEAD_SHA[:12], digest=mine[:16]), "alice"))
    assert latest(pr)["conclusion"] in ("success", "neutral")
    second = pr.add_comment(7, ACCEPT.format(head=HEAD_SHA[:12], digest=worse[:16]), "alice")
    on_comment(tmp_path, pr, second)
    assert "two answers" in replies(pr)[-1], replies(pr)
    assert latest(pr)["conclusion"] == "failure"
    path = comment_event(tmp_path, pr, second, action="deleted")  # GitHub's payload carries the comment as it was
    pr.delete_comment(second)
    empty = tmp_path / "deleted" / "workspace"
    empty.mkdir(parents=True)
    assert run_action(empty, pr, {}, event_name="issue_comment", event_path=path).code == 0
    assert latest(pr)["conclusion"] in ("success", "neutral")


ELSEWHERE = "e15e0e15e0e15e0e15e0e15e0e15e0e15e0e15e0"  # a commit on another branch of the repository, never in the PR


def test_a_record_linking_to_a_commit_outside_the_pull_request_holds_no_verdict_an_accept_can_name(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """No run needs cancelling. The author pushes ELSEWHERE to another branch (never the PR's): its candidate file
    holds W. A workflow with checks: write posts a record on ELSEWHERE naming PR 7 (rows: refund-007 with W's digest),
    and a look-alike on HEAD_SHA that copies groundgate's record there (so the records of HEAD_SHA agree) but names
    ELSEWHERE as the verdict before it: gather() follows the link, and verdicts(7) gets a verdict on ELSEWHERE whose
    every record (one) agrees. alice pastes "accept at ELSEWHERE refund-007@W": git at ELSEWHERE holds W. The author
    pushes W at SECOND: it passed. An accept names only a commit that was this pull request's head."""
    fake = fake_azure(Dice())
    assert judging(workspace, pr, tmp_path, fake, HEAD_SHA).code == 1
    tracked(pr, workspace, HEAD_SHA, REGRESSED, "evals/cases.jsonl")
    genuine = decode(latest(pr)["output"]["text"], check=CHECK, head=HEAD_SHA)
    lookalike(pr, HEAD_SHA, text(genuine.model_copy(update={"previous": ELSEWHERE})), conclusion="failure")
    with_answers(workspace, "candidate-regression.jsonl", {"refund-007": WORSE}, source="candidate-regression.jsonl")
    tracked(pr, workspace, ELSEWHERE, REGRESSED, "evals/cases.jsonl")
    worse = digest_of(workspace, "refund-007", WORSE)
    rows_ = [r.model_copy(update={"digest": worse}) if r.id == "refund-007" else r for r in genuine.rows]
    forged = genuine.model_copy(update={"head": ELSEWHERE, "previous": None, "ledger": [], "published": None, "rows": rows_})  # fmt: skip
    lookalike(pr, ELSEWHERE, text(forged), conclusion="failure")
    cid = pr.add_comment(7, f"/groundgate accept at {ELSEWHERE[:12]} refund-007@{worse[:16]} -- 45 days is the new policy", "alice")  # fmt: skip
    on_comment(tmp_path, pr, cid, candidate=REGRESSED)
    pr.move_pull(7, SECOND)
    tracked(pr, workspace, SECOND, REGRESSED, "evals/cases.jsonl")
    run = judging(workspace, pr, tmp_path, fake, SECOND, before=HEAD_SHA)
    assert run.code == 1, (run.code, latest(pr, SECOND)["output"]["title"])
    assert latest(pr, SECOND)["conclusion"] == "failure"


def test_a_record_naming_this_pull_request_on_another_ones_commit_holds_no_verdict_an_accept_can_name(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """Two pull requests from one branch: #9, an older (closed) pull request from the same branch as #7, had OTHER as
    its head, and gather() reads its commits (branch_heads). A look-alike on OTHER names #7: verdicts(7) on OTHER is the
    look-alike alone (a record of groundgate's there would name #9 and be scoped out by its pr number). Git at OTHER
    holds W (the author committed it). alice pastes the look-alike's command; the author pushes W at SECOND: it passed. An accept names only a commit that was this pull request's head."""
    fake = fake_azure(Dice())
    assert judging(workspace, pr, tmp_path, fake, HEAD_SHA).code == 1
    tracked(pr, workspace, HEAD_SHA, REGRESSED, "evals/cases.jsonl")
    genuine = decode(latest(pr)["output"]["text"], check=CHECK, head=HEAD_SHA)
    other = ELSEWHERE
    pr.add_pull(9, other, head_ref="patch-1", state="closed")  # same branch as #7 (patch-1), an older pull request
    with_answers(workspace, "candidate-regression.jsonl", {"refund-007": WORSE}, source="candidate-regression.jsonl")
    tracked(pr, workspace, other, REGRESSED, "evals/cases.jsonl")
    worse = digest_of(workspace, "refund-007", WORSE)
    rows_ = [r.model_copy(update={"digest": worse}) if r.id == "refund-007" else r for r in genuine.rows]
    forged = genuine.model_copy(update={"head": other, "previous": None, "ledger": [], "published": None, "rows": rows_})  # fmt: skip
    lookalike(pr, other, text(forged), conclusion="failure")
    cid = pr.add_comment(7, f"/groundgate accept at {other[:12]} refund-007@{worse[:16]} -- 45 days is the new policy", "alice")  # fmt: skip
    on_comment(tmp_path, pr, cid, candidate=REGRESSED)
    pr.move_pull(7, SECOND)
    tracked(pr, workspace, SECOND, REGRESSED, "evals/cases.jsonl")
    run = judging(workspace, pr, tmp_path, fake, SECOND, before=HEAD_SHA)
    assert run.code == 1, (run.code, latest(pr, SECOND)["output"]["title"])

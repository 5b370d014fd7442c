"""People in the loop, as the runner runs it against the fake GitHub: a blocking verdict, people's
``/groundgate`` commands in pull request comments (``issue_comment`` runs that judge nothing and read none
of the pull request's files), who may give them, a push that changes an accepted answer, and the labels
that flow back into ``groundgate calibrate``."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from groundgate.adjudication import Entry, Verb
from groundgate.record import decode, text
from groundgate.report.context import marker
from groundgate.report.people import BEGIN, END
from tests.support.action import (
    FORK_SHA,
    HEAD_SHA,
    PATHS,
    QUEUE_SHA,
    SECOND,
    Run,
    check_run_event,
    comment_event,
    event,
    forged_shards,
    merge_group_event,
    run_action,
    workflow_run_event,
)
from tests.support.cli import groundgate
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.github import FakeGitHub, Fault
from tests.support.people import (
    ACCEPT_BOTH,
    CHECK,
    TWO,
    answers_at,
    comment,
    judge,
    latest,
    on_comment,
    pinned,
    readable,
    replies,
    report,
    write_candidate,
)


def test_a_writer_accepts_every_blocking_row_and_the_commits_check_turns_green(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
) -> None:
    candidate = write_candidate(workspace, "two.jsonl", TWO)
    blocked = judge(workspace, pr, tmp_path, candidate)
    assert blocked.code == 1, blocked.stdout + blocked.stderr
    first = latest(pr)
    assert first["conclusion"] == "failure"
    kept = decode(first["output"]["text"], check=CHECK, head=HEAD_SHA)  # the verdict, kept on GitHub
    assert sorted(row.id for row in kept.rows if row.outcome == "regression") == ["premium-price", "refund-007"]

    never_called = fake_azure(lambda prompt: Reply(score=1, reason="must not be asked"))
    seen = len(pr.requests)
    run = comment(tmp_path, pr, "alice", ACCEPT_BOTH, judge_server=never_called)
    assert run.code == 0, run.stdout + run.stderr
    green = latest(pr)
    assert green["id"] != first["id"]
    assert green["conclusion"] == "neutral"
    assert green["output"]["title"] == (
        "Does not block merge: 2 blocking regressions accepted by @alice; 2 rows to read before shipping"
    )  # the example's REVIEW row and new non-answer still ask to be read
    assert pr.check_runs[first["id"]]["output"]["title"].startswith("Superseded")
    body = report(pr)
    assert body.startswith("## ⚠️ groundgate: Does not block merge: 2 blocking regressions accepted by @alice")
    assert "### People's adjudications" in body
    assert "the new return policy and price are intended" in body
    assert "@alice accepted, " in body
    assert body.count("| no longer blocks |") == 2
    assert "### Blocking regressions (0 still blocking · 2 accepted)" in body  # the judge's report, marked
    assert body.count("✅ **accepted** by @alice") == 2
    titles = {a["title"] for a in green["annotations"]}
    assert any("refund-007" in t and "accepted by @alice" in t for t in titles)
    assert all(a["annotation_level"] != "failure" for a in green["annotations"])
    assert replies(pr) == []
    [accepting] = [c for c in pr.comments.values() if c["login"] == "alice"]
    assert accepting["reactions"] == [(pr.bot, "+1")]  # applied: a reaction, no reply
    # a comment's run judges nothing and reads none of the pull request's files
    assert never_called.raw == []
    after = pr.requests[seen:]
    assert not [r for r in after if "/contents/" in r.path or "/git/" in r.path], [r.path for r in after]
    assert not list(tmp_path.glob("comment-*/workspace/*"))  # and writes nothing in its workspace either
    assert run.outputs["verdict"] == "pass"
    assert (run.outputs["accepted"], run.outputs["blocking-regressions"]) == ("2", "0")  # as the headline counts


@pytest.mark.parametrize(
    ("login", "why"),
    [
        ("rita", "has 'read' permission on this repository, and adjudicating needs 'write' or more"),
        ("contributor", "opened this pull request, and its author does not adjudicate its own rows"),
        ("helper[bot]", "is a bot: only people adjudicate"),
        ("stranger", "has 'none' permission on this repository"),
    ],
)
def test_a_reader_the_author_and_a_bot_are_refused_with_one_reply(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, login: str, why: str
) -> None:
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    before = latest(pr)
    run = comment(tmp_path, pr, login, "/groundgate accept refund-007 -- it is fine")
    assert run.code == 0, run.stdout + run.stderr
    assert latest(pr)["id"] == before["id"]  # the check is unchanged
    assert latest(pr)["conclusion"] == "failure"
    [reply] = replies(pr)
    assert "nothing changed" in reply
    assert why in reply
    # an edit of the same comment is checked again, and answered in the same reply
    cid = max(c for c, held in pr.comments.items() if held["login"] == login)
    pr.edit_comment(cid, "/groundgate accept refund-007 -- really, it is fine")
    again = on_comment(tmp_path, pr, cid, action="edited", before="/groundgate accept refund-007 -- it is fine")
    assert again.code == 0
    assert len(replies(pr)) == 1
    assert latest(pr)["id"] == before["id"]


def test_the_author_adjudicates_when_the_workflow_allows_it(workspace: Path, pr: FakeGitHub, tmp_path: Path) -> None:
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    allowed: dict[str, Any] = {"allow-author-adjudication": "true"}
    run = comment(tmp_path, pr, "contributor", "/groundgate accept refund-007 -- intended", **allowed)
    assert run.code == 0
    assert latest(pr)["output"]["title"].startswith(
        "Does not block merge: 1 blocking regression accepted by @contributor;"
    )


def test_a_writer_needs_maintain_when_the_workflow_asks_for_it(workspace: Path, pr: FakeGitHub, tmp_path: Path) -> None:
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    comment(tmp_path, pr, "alice", "/groundgate accept refund-007 -- fine", adjudicators="maintain")
    assert latest(pr)["conclusion"] == "failure"
    assert "'write' permission" in replies(pr)[0]
    comment(tmp_path, pr, "bob", "/groundgate accept refund-007 -- fine", adjudicators="maintain")
    assert latest(pr)["conclusion"] == "neutral"


def test_a_comment_someone_else_edited_counts_for_nothing(workspace: Path, pr: FakeGitHub, tmp_path: Path) -> None:
    """Someone with write access can edit another's comment: a command counts only as its author left it."""
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    cid = pr.add_comment(7, "Looks reasonable to me.", "alice")
    pr.edit_comment(cid, "Looks reasonable to me.\n/groundgate accept refund-007 -- fine", editor="contributor")
    run = on_comment(tmp_path, pr, cid, action="edited", before="Looks reasonable to me.")
    assert run.code == 0
    assert latest(pr)["conclusion"] == "failure"
    assert "it was edited by @contributor, not only by @alice who wrote it" in replies(pr)[0]


def test_a_push_that_changes_an_accepted_answer_voids_it_and_one_that_keeps_it_keeps_it(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    assert judge(workspace, pr, tmp_path, write_candidate(workspace, "two.jsonl", TWO)).code == 1
    comment(tmp_path, pr, "alice", ACCEPT_BOTH)
    assert latest(pr)["conclusion"] == "neutral"
    # a push: premium-price's answer changes (still a regression), refund-007's stays
    pushed = write_candidate(workspace, "pushed.jsonl", {**TWO, "premium-price": "Premium costs $16 per month."})
    run = judge(workspace, pr, tmp_path, pushed, head=SECOND)
    assert run.code == 1, run.stdout + run.stderr
    check = latest(pr, SECOND)
    assert check["conclusion"] == "failure"
    assert check["output"]["title"] == (
        "Blocks merge: 1 answer now makes unsupported claims — pricing 1; 1 accepted by @alice"
    )
    body = report(pr)
    assert "1 blocking row accepted on an answer a push has since changed: it blocks again" in body
    assert "voided: the answer changed since, it blocks again" in body
    assert body.count("| no longer blocks |") == 1  # refund-007, unchanged, keeps its acceptance
    assert f"Reflects commit [{SECOND[:12]}]" in body
    # accepting the new answer lets it pass again; revoking one restores the block
    comment(tmp_path, pr, "alice", "/groundgate accept premium-price -- $16 is the new price")
    assert latest(pr, SECOND)["conclusion"] == "neutral"
    comment(tmp_path, pr, "alice", "/groundgate revoke refund-007")
    revoked = latest(pr, SECOND)
    assert revoked["conclusion"] == "failure"
    assert revoked["output"]["title"].startswith("Blocks merge: 1 answer now makes unsupported claims")
    # a rerun of the judging job on the same commit reads the same adjudications: its exit code agrees
    rerun = judge(workspace, pr, tmp_path, pushed, head=SECOND)
    assert rerun.code == 1
    comment(tmp_path, pr, "alice", "/groundgate accept refund-007 -- fine after all")
    rerun = judge(workspace, pr, tmp_path, pushed, head=SECOND)
    assert rerun.code == 0  # a rerun passes the job too
    assert (rerun.outputs["accepted"], rerun.outputs["blocking-regressions"]) == ("2", "0")
    passed = report(pr)
    assert passed.startswith("## ⚠️ groundgate: Does not block merge: 2 blocking regressions accepted by @alice")
    assert "### Blocking regressions (0 still blocking · 2 accepted)" in passed  # in sight, counted apart
    assert "<details><summary>Details" not in passed


def test_an_unknown_id_and_a_missing_reason_are_said_back(workspace: Path, pr: FakeGitHub, tmp_path: Path) -> None:
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    run = comment(tmp_path, pr, "alice", "/groundgate accept refnud-007 -- typo\n/groundgate accept refund-007")
    assert run.code == 0
    assert latest(pr)["conclusion"] == "failure"
    [reply] = replies(pr)
    text = reply
    assert "names no answer for 'refnud-007', so it is not applied: paste the command from the report" in text
    assert "needs a reason after --" in text


def test_labels_gathers_the_adjudications_and_calibrate_reads_them(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    candidate = write_candidate(workspace, "two.jsonl", TWO)
    assert judge(workspace, pr, tmp_path, candidate).code == 1
    comment(tmp_path, pr, "alice", "/groundgate accept refund-007 -- intended")
    comment(tmp_path, pr, "bob", "/groundgate confirm premium-price -- $15 is not in the price list")
    out = tmp_path / "labels.jsonl"
    env = {"GITHUB_TOKEN": pr.token, "GITHUB_API_URL": pr.url}
    gathered = groundgate("labels", "--repo", "o/r", "--output", str(out), env=env)
    assert gathered.returncode == 0, gathered.stderr
    labels = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(x["id"], x["grounded"], x["verdict"], x["who"], x["pr"], x["judge_bucket"]) for x in labels] == [
        ("refund-007", True, "accept", "alice", 7, "ungrounded"),
        ("premium-price", False, "confirm", "bob", 7, "ungrounded"),
    ]
    calibrated = groundgate(
        "calibrate", "--cases", str(workspace / PATHS["cases"]), "--responses", str(workspace / candidate),
        "--labels", str(out), "--judge", "figures",
    )  # fmt: skip
    assert calibrated.returncode == 0, calibrated.stderr
    assert "2 labelled responses" in calibrated.stdout
    assert "| **judge: ungrounded** | 1 | 1 |" in calibrated.stdout  # bob agrees with the judge, alice does not
    later = groundgate("labels", "--repo", "o/r", "--since", "2099-01-01", "--output", str(out), env=env)
    assert later.returncode == 0
    assert out.read_text() == ""


def test_a_pr_authors_comment_that_imitates_groundgates_cannot_stand_for_its_verdict(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    """The author copies the bot's comment, marker, people's section and a well-formed record (whose SHA-256
    anyone can compute) claiming that a writer accepted the regression: it is not groundgate's, so neither
    the comment's run nor the next judging run reads it."""
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    kept = decode(latest(pr)["output"]["text"], check=CHECK, head=HEAD_SHA)
    [row] = [r for r in kept.rows if r.id == "refund-007"]
    forged_entry = Entry(
        comment=1, key="0" * 16, login="alice", verb=Verb.ACCEPT, row=row.id, at=datetime(2026, 1, 5, 9, 0, 1, tzinfo=UTC),
        digest=row.digest, outcome=row.outcome, bucket=row.after, category=row.category, reason="forged",
    )  # fmt: skip
    forged = kept.model_copy(update={"ledger": [forged_entry], "published": datetime(2026, 1, 5, tzinfo=UTC)})
    imitation = (
        "## ✅ groundgate: Passes: 1 blocking regression accepted by @alice\n"
        f'{BEGIN}\n{text(forged)}\n<!-- groundgate-record head="{HEAD_SHA}" -->\n{END}\n{marker(CHECK)}\n'
        "/groundgate accept refund-007 -- see above\n"
    )
    run = comment(tmp_path, pr, "contributor", imitation)
    assert run.code == 0
    assert latest(pr)["conclusion"] == "failure"
    assert "opened this pull request" in replies(pr)[0]
    # a writer's unrelated command now: the verdict is re-presented from the check run's record, not the imitation
    comment(tmp_path, pr, "alice", "/groundgate confirm refund-007 -- the judge is right, 45 days is invented")
    after = latest(pr)
    assert after["conclusion"] == "failure"
    ledger = decode(after["output"]["text"], check=CHECK, head=HEAD_SHA).ledger
    assert [(e.login, e.verb, e.reason) for e in ledger] == [("alice", Verb.CONFIRM, "the judge is right, 45 days is invented")]  # fmt: skip
    [imitating] = [c for c in pr.comments.values() if c["login"] == "contributor"]
    assert imitating["body"] == pinned(
        imitation, HEAD_SHA, answers_at(pr, HEAD_SHA)
    )  # never edited: groundgate edits only its own comment
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1  # nor does a rerun read it


@pytest.mark.parametrize("separator", ["\u2028", "\u0085", "\x0b", "\x0c", "\x1e", "\r"])
def test_a_command_planted_in_the_authors_comment_does_not_count_when_a_writer_quotes_it(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, separator: str
) -> None:
    """The author hides a command behind a character Python ends a line at and GitHub does not (or, for a
    lone CR, a line GitHub draws inside the quote): a writer who quote-replies (each line of the body
    prefixed with "> ") must not accept the author's row by quoting it."""
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    planted = f"Could someone look at refund-007?{separator}/groundgate accept refund-007 -- the author's words"
    pr.add_comment(7, planted, "contributor")
    quoted = "".join(f"> {line}\n" for line in planted.split("\n"))
    run = comment(tmp_path, pr, "alice", f"{quoted}\nI will look at it tomorrow.")
    assert run.code == 0, run.stdout + run.stderr
    assert latest(pr)["conclusion"] == "failure"
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1


def test_a_person_who_lost_the_permission_no_longer_counts(workspace: Path, pr: FakeGitHub, tmp_path: Path) -> None:
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    comment(tmp_path, pr, "alice", "/groundgate accept refund-007 -- intended")
    assert latest(pr)["conclusion"] == "neutral"
    pr.permissions["alice"] = "read"
    comment(tmp_path, pr, "bob", "/groundgate confirm change-email -- yes, a non-answer")
    assert latest(pr)["conclusion"] == "failure"
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1


def test_the_merge_queue_keeps_the_acceptances_of_the_pull_request_it_is_named_after(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    comment(tmp_path, pr, "alice", "/groundgate accept refund-007 -- the new policy is intended")
    inputs = {**PATHS, "candidate": "evals/candidate-regression.jsonl"}
    queued = run_action(workspace, pr, inputs, event_name="merge_group", event_path=merge_group_event(tmp_path))
    assert queued.code == 0, queued.stdout
    check = latest(pr, QUEUE_SHA)
    assert check["conclusion"] == "neutral"
    assert check["output"]["title"].startswith("Does not block merge: 1 blocking regression accepted by @alice")
    pr.add_pull(8, "8" * 40, head_ref="patch-8")
    other = run_action(workspace, pr, inputs, event_name="merge_group", event_path=merge_group_event(tmp_path, 8))
    assert other.code == 1  # a queue named after another pull request: nobody accepted anything there
    assert latest(pr, QUEUE_SHA)["conclusion"] == "failure"


def test_a_comment_run_github_refuses_leaves_the_verdict_as_it_stands(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    before, body = latest(pr), report(pr)
    pr.faults.append(Fault("POST", r"/repos/o/r/check-runs", 403, message="Resource not accessible by integration"))
    run = comment(tmp_path, pr, "alice", "/groundgate accept refund-007 -- intended")
    assert run.code == 3, run.stdout
    [error] = [line for line in run.stdout.splitlines() if line.startswith("::error")]
    assert "GitHub refused to create the check run (HTTP 403" in error
    assert latest(pr)["id"] == before["id"]
    assert report(pr) == body  # never replaced by "no verdict": the judge's verdict stands where it was


def test_a_fork_pull_request_is_adjudicated_the_same_reading_nothing_of_the_fork(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    """A fork's pull request is judged by the trusted workflow_run workflow; the comment's run is in the base
    repository's context: it finds that verdict on the fork's head commit and reads nothing of the fork."""
    gh.add_pull(7, FORK_SHA, head_repo="someone/r", author="contributor")
    gh.permissions.update(alice="write", contributor="write")
    inputs = {**PATHS, "candidate": "evals/candidate-regression.jsonl"}
    judged = run_action(workspace, gh, inputs, event_name="workflow_run", event_path=workflow_run_event(tmp_path))
    assert judged.code == 1, judged.stdout + judged.stderr
    assert latest(gh, FORK_SHA)["conclusion"] == "failure"
    comment(tmp_path, gh, "contributor", "/groundgate accept refund-007 -- my fork, my call")
    assert latest(gh, FORK_SHA)["conclusion"] == "failure"  # the fork's author is the pull request's author
    assert "opened this pull request" in replies(gh)[0]
    seen = len(gh.requests)
    run = comment(tmp_path, gh, "alice", "/groundgate accept refund-007 -- the new policy is intended")
    assert run.code == 0, run.stdout + run.stderr
    green = latest(gh, FORK_SHA)
    assert green["conclusion"] == "neutral"
    assert green["output"]["title"].startswith("Does not block merge: 1 blocking regression accepted by @alice")
    assert not [
        r.path for r in gh.requests[seen:] if "someone" in r.path or "/contents/" in r.path or "/git/" in r.path
    ]


def test_a_deleted_accept_is_withdrawn_and_a_deleted_revoke_still_stands(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    def deleted(cid: int) -> Run:
        """GitHub's ``deleted`` payload carries the comment as it was; the comment is gone when the run reads."""
        path = comment_event(tmp_path, pr, cid, action="deleted")
        pr.delete_comment(cid)
        empty = tmp_path / f"deleted-{cid}" / "workspace"
        empty.mkdir(parents=True)
        return run_action(empty, pr, {}, event_name="issue_comment", event_path=path)

    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    comment(tmp_path, pr, "alice", "/groundgate accept refund-007 -- intended")
    assert latest(pr)["conclusion"] == "neutral"
    [accept] = [c for c, held in pr.comments.items() if held["login"] == "alice"]
    assert deleted(accept).code == 0
    assert latest(pr)["conclusion"] == "failure"  # the accept went with its comment
    comment(tmp_path, pr, "bob", "/groundgate accept refund-007 -- intended")
    comment(tmp_path, pr, "bob", "/groundgate revoke refund-007")
    assert latest(pr)["conclusion"] == "failure"
    revoke = max(c for c, held in pr.comments.items() if held["login"] == "bob")
    assert deleted(revoke).code == 0
    assert latest(pr)["conclusion"] == "failure"  # the record keeps the revoke: the accept does not come back
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1  # nor in a rerun


@pytest.mark.parametrize("how", ["deleted", "edited"])
def test_a_confirm_deleted_or_edited_away_by_someone_else_still_stands(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, how: str
) -> None:
    """Someone with write access (the author, often) can delete or edit a reviewer's comment: the
    disagreement that keeps an accepted row blocking must not go with it. A confirm is withdrawn by revoke."""
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    comment(tmp_path, pr, "alice", "/groundgate accept refund-007 -- intended")
    comment(tmp_path, pr, "bob", "/groundgate confirm refund-007 -- 45 days is not in the policy")
    assert latest(pr)["conclusion"] == "failure"  # disputed: the judge's verdict stands
    cid = max(c for c, held in pr.comments.items() if held["login"] == "bob")
    before = pr.comments[cid]["body"]
    if how == "deleted":
        path = comment_event(tmp_path, pr, cid, action="deleted")
        pr.delete_comment(cid)
        empty = tmp_path / f"deleted-{cid}" / "workspace"
        empty.mkdir(parents=True)
        assert run_action(empty, pr, {}, event_name="issue_comment", event_path=path).code == 0
    else:
        pr.edit_comment(cid, "Never mind.", editor="contributor")
        assert on_comment(tmp_path, pr, cid, action="edited", before=before).code == 0
    assert latest(pr)["conclusion"] == "failure"
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    comment(tmp_path, pr, "bob", "/groundgate revoke refund-007")  # bob's own word withdraws it
    assert latest(pr)["conclusion"] == "neutral"


def test_a_comment_run_words_the_headline_as_the_judging_run_did(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    """The record keeps what the headline is made of: here a regression in a blocking category too small
    to block on one judge's word, which the comment's run must not turn into a mere row to read."""
    inputs = {**PATHS, "candidate": "evals/candidate-regression.jsonl", "min-cases-to-block": "50"}
    judged = run_action(workspace, pr, inputs, event_path=event(tmp_path))
    assert judged.code == 0, judged.stdout
    title = latest(pr)["output"]["title"]
    assert title.startswith("Does not block merge: 1 regression to confirm, too few cases to block — policy 1")
    run = comment(tmp_path, pr, "alice", "/groundgate confirm refund-007 -- 45 days is not the policy")
    assert run.code == 0, run.stdout
    again = latest(pr)
    assert again["output"]["title"] == title
    assert again["conclusion"] == "neutral"
    body = report(pr)
    assert "@alice confirmed, " in body
    assert "| read |" in body


def test_adjudications_come_from_githubs_record_never_from_a_results_file(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    """A results file (a shard's artifact, which a pull request can make) holds the judge's verdict and
    nothing people said: one that claims an acceptance is refused, and the results a judging run writes
    after people accepted every blocking row still say what the judge found."""
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    comment(tmp_path, pr, "alice", "/groundgate accept refund-007 -- intended")
    passed = judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl")
    assert passed.code == 0
    assert passed.outputs["verdict"] == "pass"
    written = workspace / ".groundgate/results.json"
    assert json.loads(written.read_text())["verdict"] == "fail"  # the judge's, as the audit re-derives it
    assert groundgate("report", "--results", str(written)).returncode == 1

    def claim(data: dict[str, Any]) -> None:
        for row in data["rows"]:
            if row["outcome"] == "regression":
                row["accepted_by"] = "alice"

    merge = {"merge-results": "shards/*.json", "cases": "", "baseline": "", "candidate": ""}
    forged_shards(workspace, pr, tmp_path, claim)
    refused = run_action(workspace, pr, merge, event_path=event(tmp_path))
    assert refused.code == 2, refused.stdout
    assert "accepted_by" in refused.stdout
    shutil.rmtree(workspace / "shards")
    forged_shards(workspace, pr, tmp_path, lambda data: None)  # honest shards: alice's acceptance is on GitHub
    merged = run_action(workspace, pr, merge, event_path=event(tmp_path))
    assert merged.code == 0, merged.stdout
    assert latest(pr)["output"]["title"].startswith("Does not block merge: 1 blocking regression accepted by @alice")


def test_a_run_that_reaches_no_verdict_leaves_the_adjudications_for_the_next_one(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    comment(tmp_path, pr, "alice", "/groundgate accept refund-007 -- intended")
    assert latest(pr)["conclusion"] == "neutral"
    broken = judge(workspace, pr, tmp_path, "evals/no-such-candidate.jsonl")
    assert broken.code == 2
    assert latest(pr)["output"]["title"].startswith("No verdict")
    assert report(pr).startswith("## ⛔ groundgate: No verdict")
    late = comment(tmp_path, pr, "bob", "/groundgate confirm change-email -- a non-answer indeed")
    assert late.code == 3  # nothing to apply it to: the newest run on the commit has no verdict
    assert "its run reached no verdict" in replies(pr)[0]
    again = judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl")
    assert again.code == 0, again.stdout  # alice's acceptance, kept beneath the run that reached no verdict
    assert latest(pr)["output"]["title"].startswith("Does not block merge: 1 blocking regression accepted by @alice")


def test_the_tripwires_blocking_figures_are_adjudicated_like_regressions(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
) -> None:
    """A lazy judge (every answer 5) beside the tripwire in block mode: the invented figures in blocking
    categories block; people accept or confirm them as they do a regression, and their word is a label."""
    lazy = fake_azure(lambda prompt: Reply(score=5, reason="looks fine"))
    inputs = {
        **PATHS, "candidate": "evals/candidate-regression.jsonl", "judge": "azure", "azure-endpoint": lazy.endpoint,
        "judge-deployment": "judge-4o", "azure-api-key": "test-key", "tripwire": "block", "claims": "false",
    }  # fmt: skip
    blocked = run_action(workspace, pr, inputs, event_path=event(tmp_path))
    assert blocked.code == 1, blocked.stdout + blocked.stderr
    kept = decode(latest(pr)["output"]["text"], check=CHECK, head=HEAD_SHA)
    figures = sorted(row.id for row in kept.rows if row.outcome == "blocking_figure")
    assert figures == ["refund-007", "student-discount"]
    comment(tmp_path, pr, "alice", "/groundgate accept refund-007 -- 45 days is the new policy")
    comment(tmp_path, pr, "bob", "/groundgate confirm student-discount -- 20% is in no price list")
    assert latest(pr)["conclusion"] == "failure"  # bob confirmed the other one: it blocks
    assert latest(pr)["output"]["title"].endswith("; 1 accepted by @alice")
    out = tmp_path / "labels.jsonl"
    env = {"GITHUB_TOKEN": pr.token, "GITHUB_API_URL": pr.url}
    assert groundgate("labels", "--repo", "o/r", "--output", str(out), env=env).returncode == 0
    labels = {(x["id"], x["who"]): (x["grounded"], x["judge_outcome"]) for x in map(json.loads, out.read_text().splitlines())}  # fmt: skip
    assert labels == {  # a confirm of the tripwire says the answer is not grounded, though the judge gave it a 5
        ("refund-007", "alice"): (True, "blocking_figure"),
        ("student-discount", "bob"): (False, "blocking_figure"),
    }
    comment(tmp_path, pr, "bob", "/groundgate accept student-discount -- the 20% offer starts with this release")
    green = latest(pr)
    assert green["conclusion"] == "neutral"
    assert green["output"]["title"].startswith(
        "Does not block merge: 2 blocking unsupported figures accepted by @alice and @bob"
    )
    assert run_action(workspace, pr, inputs, event_path=event(tmp_path)).code == 0  # a rerun agrees


THIRD = "7417d7417d7417d7417d7417d7417d7417d7417d"


def own_comment(gh: FakeGitHub) -> tuple[int, str]:
    """groundgate's report on the pull request: the comment the token's identity wrote with this check's marker."""
    [(cid, body)] = [
        (c, held["body"]) for c, held in gh.comments.items() if held["login"] == gh.bot and marker(CHECK) in held["body"] and " reply " not in held["body"]
    ]  # fmt: skip
    return cid, body


def test_a_revoke_cannot_be_undone_by_pointing_groundgates_comment_at_an_older_verdict(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    """Issue 34.1, as the PR author with write access plays it: a writer's revoke is deleted, groundgate's own
    comment edited to name an older commit whose record predates the revoke, and the job rerun."""
    candidate = "evals/candidate-regression.jsonl"
    assert judge(workspace, pr, tmp_path, candidate).code == 1
    comment(tmp_path, pr, "alice", "/groundgate accept refund-007 -- the 45-day window is the new policy")
    assert judge(workspace, pr, tmp_path, candidate, head=SECOND).code == 0  # a push that keeps the answer keeps it
    comment(tmp_path, pr, "alice", "/groundgate revoke refund-007")
    assert latest(pr, SECOND)["conclusion"] == "failure"
    revoke = max(c for c, held in pr.comments.items() if held["login"] == "alice")
    pr.delete_comment(revoke)
    cid, body = own_comment(pr)
    assert f'<!-- groundgate-record head="{SECOND}" -->' in body
    pr.edit_comment(cid, body.replace(SECOND, HEAD_SHA), editor="contributor")
    rerun = judge(workspace, pr, tmp_path, candidate, head=SECOND)
    assert rerun.code == 1, rerun.stdout
    assert latest(pr, SECOND)["conclusion"] == "failure"
    assert "groundgate's comment on #7 was edited by @contributor" in rerun.stdout
    new, fresh = own_comment(pr)  # the edited one is left, without its marker; the report is a new comment
    assert new != cid
    assert "no longer reads or updates it" in readable(fresh)
    assert marker(CHECK) not in pr.comments[cid]["body"]
    assert "groundgate no longer updates this comment: @contributor edited it" in readable(pr.comments[cid]["body"])
    assert judge(workspace, pr, tmp_path, candidate, head=THIRD).code == 1  # nor after a push


def test_editing_groundgates_comment_changes_no_verdict(workspace: Path, pr: FakeGitHub, tmp_path: Path) -> None:
    """Someone else's edit of groundgate's comment (its pointer taken out) neither keeps nor loses an acceptance:
    the next push finds the last verdict where GitHub names it (the push's 'before')."""
    candidate = "evals/candidate-regression.jsonl"
    assert judge(workspace, pr, tmp_path, candidate).code == 1
    comment(tmp_path, pr, "alice", "/groundgate accept refund-007 -- the 45-day window is the new policy")
    cid, body = own_comment(pr)
    pr.edit_comment(cid, body.replace(f'<!-- groundgate-record head="{HEAD_SHA}" -->', ""), editor="bob")
    pushed = judge(workspace, pr, tmp_path, candidate, head=SECOND)
    assert pushed.code == 0, pushed.stdout
    assert latest(pr, SECOND)["output"]["title"].startswith("Does not block merge: 1 blocking regression accepted by @alice")  # fmt: skip


def test_a_command_someone_else_planted_counts_for_nothing_after_its_author_edits_again(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    """GitHub's history of a comment, not its last editor: the author plants an accept in a writer's comment, the
    writer later fixes a typo there without noticing it."""
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    cid = pr.add_comment(7, "Looks resonable to me.", "alice")
    planted = f"Looks resonable to me.\n/groundgate accept at {HEAD_SHA[:12]} refund-007 -- fine"
    pr.edit_comment(cid, planted, editor="contributor")
    pr.edit_comment(cid, planted.replace("resonable", "reasonable"))  # alice's own edit, last
    run = on_comment(tmp_path, pr, cid, action="edited", before=planted)
    assert run.code == 0, run.stdout
    assert latest(pr)["conclusion"] == "failure"
    assert "it was edited by @contributor, not only by @alice who wrote it" in replies(pr)[0]
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1


def test_a_typo_fix_in_a_voided_accept_never_accepts_the_new_answer(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    """Issue 34.2: the accept names the verdict it accepts; a push changes the answer (voided), and the writer's
    later edit of the old accept's wording still names that old verdict."""
    assert judge(workspace, pr, tmp_path, write_candidate(workspace, "two.jsonl", TWO)).code == 1
    typo = f"/groundgate accept at {HEAD_SHA[:12]} refund-007 premium-price -- teh new policy and price"
    comment(tmp_path, pr, "alice", typo)
    assert latest(pr)["conclusion"] == "neutral"
    pushed = write_candidate(workspace, "pushed.jsonl", {**TWO, "premium-price": "Premium costs $16 per month."})
    assert judge(workspace, pr, tmp_path, pushed, head=SECOND).code == 1
    [cid] = [c for c, held in pr.comments.items() if held["login"] == "alice"]
    posted = pr.comments[cid]["body"]  # as pasted: each id with its answer at HEAD_SHA
    pr.edit_comment(cid, posted.replace("teh", "the"))
    assert on_comment(tmp_path, pr, cid, action="edited", before=typo).code == 0
    assert latest(pr, SECOND)["conclusion"] == "failure"
    assert "1 blocking row accepted on an answer a push has since changed: it blocks again" in report(pr)
    assert judge(workspace, pr, tmp_path, pushed, head=SECOND).code == 1  # a rerun agrees


def test_an_accept_posted_after_a_push_that_names_the_old_verdict_accepts_only_the_old_answer(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    assert judge(workspace, pr, tmp_path, write_candidate(workspace, "two.jsonl", TWO)).code == 1
    pushed = write_candidate(workspace, "pushed.jsonl", {**TWO, "premium-price": "Premium costs $16 per month."})
    assert judge(workspace, pr, tmp_path, pushed, head=SECOND).code == 1
    stale = f"/groundgate accept at {HEAD_SHA[:12]} refund-007 premium-price -- read it before the push"
    assert comment(tmp_path, pr, "alice", stale).code == 0
    check = latest(pr, SECOND)
    assert check["conclusion"] == "failure"  # premium-price's new answer: nobody accepted it
    assert check["output"]["title"] == "Blocks merge: 1 answer now makes unsupported claims — pricing 1; 1 accepted by @alice"  # fmt: skip
    body = report(pr)
    now = answers_at(pr, SECOND)["premium-price"][:16]
    assert f"/groundgate accept at {SECOND[:12]} premium-price@{now} -- REASON" in body  # what to paste now
    assert judge(workspace, pr, tmp_path, pushed, head=SECOND).code == 1


def test_an_accept_that_names_no_verdict_gets_a_reply_with_the_command_to_write_now(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    cid = pr.add_comment(7, "/groundgate accept refund-007 -- the old way", "alice")
    assert on_comment(tmp_path, pr, cid).code == 0
    assert latest(pr)["conclusion"] == "failure"
    [reply] = replies(pr)
    assert "does not say which verdict it accepts, so it is not applied" in reply
    assert f"/groundgate accept at {HEAD_SHA[:12]} ID@DIGEST [ID@DIGEST ...] -- REASON" in reply


def test_every_reply_stays_below_githubs_limit_and_a_hidden_command_is_said_back(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    """Issue 34.7: ~900 malformed command lines (GitHub refuses a comment over 65,536 characters); a writer's
    command after an author's quoted comment that opens an HTML comment it never closes."""
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    flood = "\n".join(f"/groundgate approve refund-{n:03d} -- {'x' * 40}" for n in range(900))
    run = comment(tmp_path, pr, "alice", flood)
    assert run.code == 0, run.stdout
    [reply] = [c["body"] for c in pr.comments_on(7) if c["login"] == pr.bot and " reply " in c["body"]]
    assert len(reply) < 65_536
    assert "and 880 more lines like these, not listed" in readable(reply)
    author = pr.add_comment(7, "Have a look <!-- my notes, unfinished", "contributor")
    quoted = f"> {pr.comments[author]['body']}\n\n/groundgate accept at {HEAD_SHA[:12]} refund-007 -- intended"
    assert comment(tmp_path, pr, "bob", quoted).code == 0
    assert latest(pr)["conclusion"] == "neutral"  # the quote ended, and the HTML comment in it: bob's command counts
    hidden = f"Fine <!-- unfinished\n\n/groundgate confirm at {HEAD_SHA[:12]} refund-007 -- no"
    comment(tmp_path, pr, "alice", hidden)
    assert "is not read as a command: an HTML comment (<!--) opened above it is not closed" in replies(pr)[-1]


def test_an_id_github_does_not_draw_is_never_accepted_and_a_list_item_command_is_applied(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    """Issue 43.8: an id inside an HTML comment on an accept line is invisible on GitHub, so the line accepts
    nothing and says why; the same accept written as a list item is the writer's own line, and applied."""
    candidate = write_candidate(workspace, "two.jsonl", TWO)
    assert judge(workspace, pr, tmp_path, candidate).code == 1
    pin = HEAD_SHA[:12]
    hidden = f"/groundgate accept at {pin} refund-007 <!-- premium-price --> -- the new policy is intended"
    assert comment(tmp_path, pr, "alice", hidden).code == 0
    assert latest(pr)["conclusion"] == "failure"  # neither row: the line is said back whole
    assert "holds HTML (a comment or a tag), which GitHub does not draw as written" in replies(pr)[-1]
    named = " ".join(f"{i}@{d[:16]}" for i, d in answers_at(pr, HEAD_SHA).items() if i in TWO)
    listed = f"Both are intended:\n\n- /groundgate accept at {pin} {named} -- policy and price"
    assert comment(tmp_path, pr, "alice", listed).code == 0
    assert latest(pr)["conclusion"] == "neutral"
    assert len(replies(pr)) == 1  # applied: no second reply


def test_a_rerun_asked_for_from_the_checks_tab_presents_the_verdict_on_its_own_commit(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    """Issue 34.10: a check_run 'rerequested' event runs on the default branch (GITHUB_SHA is its head): the
    verdict is presented again on check_run.head_sha, with every command read again, and nothing is judged."""
    assert judge(workspace, pr, tmp_path, "evals/candidate-regression.jsonl").code == 1
    named = f"refund-007@{answers_at(pr, HEAD_SHA)['refund-007'][:16]}"
    pr.add_comment(7, f"/groundgate accept at {HEAD_SHA[:12]} {named} -- intended", "alice")  # no run heard it
    before, seen = latest(pr), len(pr.requests)
    empty = tmp_path / "rerequested" / "workspace"
    empty.mkdir(parents=True)
    run = run_action(empty, pr, {}, event_name="check_run", event_path=check_run_event(tmp_path, HEAD_SHA, CHECK))
    assert run.code == 0, run.stdout + run.stderr
    again = latest(pr)
    assert again["id"] != before["id"]
    assert again["conclusion"] == "neutral"
    assert not [r for r in pr.check_runs.values() if r["head_sha"] == "mergecommitsha"]
    assert not [r for r in pr.requests[seen:] if "/contents/" in r.path]
    other = run_action(empty, pr, {}, event_name="check_run", event_path=check_run_event(tmp_path, HEAD_SHA, "lint"))
    assert other.code == 0
    assert "re-presents only its own check run" in other.stdout
    assert latest(pr)["id"] == again["id"]

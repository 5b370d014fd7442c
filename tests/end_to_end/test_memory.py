"""The verdict's memory at the wire (issue 43): an answer a verdict of this pull request blocked on stays blocking on
the judge's later roll (which scores it 5), whatever a pull request's author with write access does in between —
invisible edits, a cancelled run and an edited comment, a force push, a new pull request from the same branch, a
look-alike check run from a workflow on the branch — until a writer accepts it or the base branch changes its
baseline. The runner runs the action against the fake GitHub and the fake Azure judge."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from groundgate.adjudication import Entry, Verb
from groundgate.record import decode, encode, text
from groundgate.report.context import marker
from tests.support.action import BASE_SHA, HEAD_SHA, SECOND, THIRD, Run, event, run_action
from tests.support.fakes.azure_openai import FakeAzureOpenAI
from tests.support.fakes.github import FakeGitHub, Fault
from tests.support.people import CHECK, accepted_then_worse, comment, latest, lookalike
from tests.support.rolls import REGRESSED, Dice, Judge, azure, judging, rows, with_answers


def answers_kept(record: dict[str, Any]) -> int:
    """The answers a record keeps as blocked on: those it lists, those packed by commit, and (in a record from
    before reading keys) its own regression rows."""
    own = [r for r in record["rows"] if r["outcome"] == "regression"] if record.get("memory", 1) == 1 else []
    return len(record["blocked"]) + sum(len(keys) // 16 for keys in record.get("bare", {}).values()) + len(own)


@pytest.fixture
def blocked(workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge) -> tuple[FakeAzureOpenAI, Dice]:
    """Pull request #7 blocked at HEAD_SHA on refund-007's invented 45 days; from then on the judge's roll on it is 5."""
    dice = Dice()
    fake = fake_azure(dice)
    first = judging(workspace, pr, tmp_path, fake, HEAD_SHA)
    assert first.code == 1, first.stdout + first.stderr
    dice.later()
    return fake, dice


@pytest.mark.parametrize(
    "edit",
    [
        lambda a: a + " ",  # a trailing space
        lambda a: a.replace(" ", "\u00a0", 1),  # a no-break space
        lambda a: a.replace("You", "Y\u043eu"),  # a Cyrillic о in a word
        lambda a: a.replace("return", "re\u200bturn"),  # a zero-width space
        lambda a: a.replace("return", "re\U0001d159turn"),  # a musical null notehead: So, drawn blank
    ],
    ids=["trailing space", "no-break space", "cyrillic o", "zero-width space", "null notehead"],
)
def test_an_edit_nobody_can_see_keeps_the_answer_blocked(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, blocked: tuple[FakeAzureOpenAI, Dice], edit: Callable[[str], str]
) -> None:
    """Point 2: each push re-rolled the blocked row to a pass."""
    fake, _ = blocked
    answer = "You have 45 days to return an item, and refunds arrive within 5 business days."
    pushed = with_answers(workspace, "edited.jsonl", {"refund-007": edit(answer)}, source="candidate-regression.jsonl")
    pr.move_pull(7, SECOND)
    run = judging(workspace, pr, tmp_path, fake, SECOND, pushed, before=HEAD_SHA)
    assert run.code == 1, run.stdout
    assert (rows(run)["refund-007"]["outcome"], rows(run)["refund-007"]["held_from"]) == ("regression", HEAD_SHA)


def test_a_cancelled_run_between_two_pushes_and_an_edited_comment_do_not_break_the_chain(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, blocked: tuple[FakeAzureOpenAI, Dice]
) -> None:
    """Point 3: the author edits groundgate's comment, then pushes twice quickly; the example workflows cancel the
    middle run (``cancel-in-progress``), so the third commit's event names a ``before`` no verdict was given on."""
    fake, _ = blocked
    [own] = [cid for cid, c in pr.comments.items() if c["login"] == pr.bot and marker(CHECK) in c["body"]]
    pr.edit_comment(own, pr.comments[own]["body"].replace(HEAD_SHA, "0" * 40), editor="contributor")
    pr.move_pull(7, SECOND)  # its run is cancelled before it publishes anything
    pr.move_pull(7, THIRD)
    run = judging(workspace, pr, tmp_path, fake, THIRD, before=SECOND)
    assert run.code == 1, run.stdout
    assert rows(run)["refund-007"]["held_from"] == HEAD_SHA
    assert latest(pr, THIRD)["conclusion"] == "failure"


def test_a_force_push_with_a_cancelled_run_between_does_not_drop_the_verdicts_of_the_old_commits(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, blocked: tuple[FakeAzureOpenAI, Dice]
) -> None:
    """Point 3: the pull request's commits no longer list HEAD_SHA after a force push, and the event names the
    cancelled run's head as ``before``, and groundgate's comment was edited: GitHub's timeline still names the head
    each force push replaced."""
    fake, _ = blocked
    [own] = [cid for cid, c in pr.comments.items() if c["login"] == pr.bot and marker(CHECK) in c["body"]]
    pr.edit_comment(own, pr.comments[own]["body"].replace(HEAD_SHA, "0" * 40), editor="contributor")
    pr.force_push(7, SECOND)
    pr.force_push(7, THIRD)
    assert pr.pulls[7]["commits"] == [THIRD]
    run = judging(workspace, pr, tmp_path, fake, THIRD, before=SECOND)
    assert run.code == 1, run.stdout
    assert rows(run)["refund-007"]["held_from"] == HEAD_SHA


def test_a_new_pull_request_from_the_same_branch_on_the_same_commit_meets_the_old_ones_verdict(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, blocked: tuple[FakeAzureOpenAI, Dice]
) -> None:
    """Point 3: the records on the commit judged count whichever pull request's verdict they keep."""
    fake, _ = blocked
    pr.pulls[7]["state"] = "closed"
    pr.add_pull(8, HEAD_SHA, author="contributor")
    run = judging(workspace, pr, tmp_path, fake, HEAD_SHA, number=8)
    assert run.code == 1, run.stdout
    assert rows(run)["refund-007"]["held_from"] == HEAD_SHA


def test_a_new_pull_request_from_the_same_branch_after_a_force_push_meets_the_old_ones_verdict(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, blocked: tuple[FakeAzureOpenAI, Dice]
) -> None:
    """The author force-pushes (the run is cancelled), closes the pull request and opens a new one from the same
    branch: the new one's commits hold no verdict, but the old one's timeline names the head it replaced."""
    fake, _ = blocked
    pr.force_push(7, SECOND)
    pr.pulls[7]["state"] = "closed"
    pr.add_pull(8, SECOND, author="contributor")  # the same branch (patch-1 of o/r)
    run = judging(workspace, pr, tmp_path, fake, SECOND, number=8)
    assert run.code == 1, run.stdout
    assert rows(run)["refund-007"]["held_from"] == HEAD_SHA


def test_when_the_chain_cannot_be_read_there_is_no_verdict_rather_than_a_fresh_roll(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, blocked: tuple[FakeAzureOpenAI, Dice]
) -> None:
    """Point 3: GitHub refusing the earlier verdicts was a warning, and the verdict was judged afresh (a pass)."""
    fake, _ = blocked
    pr.move_pull(7, SECOND)
    calls = len(fake.prompts)
    pr.faults.append(Fault("GET", rf"/repos/o/r/commits/{HEAD_SHA}/check-runs", 500, times=10))
    run = judging(workspace, pr, tmp_path, fake, SECOND, before=HEAD_SHA)
    assert run.code == 3, run.stdout
    assert "could not" in run.stdout
    assert "no verdict" in run.stdout.casefold()
    assert len(fake.prompts) == calls  # nothing judged afresh
    assert latest(pr, SECOND)["conclusion"] == "failure"
    assert latest(pr, SECOND)["output"]["title"].startswith("No verdict")


def test_a_look_alike_check_run_from_a_branch_workflow_erases_nothing(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, blocked: tuple[FakeAzureOpenAI, Dice]
) -> None:
    """Point 4: a workflow on the branch posts a check run of groundgate's name with a well-formed record that
    blocks on nothing (its SHA-256 recomputed), newer than groundgate's, on the commit blocked and on the next."""
    fake, _ = blocked
    genuine = decode(latest(pr)["output"]["text"], check=CHECK, head=HEAD_SHA)
    clean = genuine.model_copy(update={"rows": [], "blocked": [], "bare": {}, "blocking": 0, "counts": {}})
    lookalike(pr, HEAD_SHA, text(clean))
    pr.move_pull(7, SECOND)
    lookalike(pr, SECOND, text(clean.model_copy(update={"head": SECOND, "previous": None})))
    run = judging(workspace, pr, tmp_path, fake, SECOND, before=HEAD_SHA)
    assert run.code == 1, run.stdout
    assert rows(run)["refund-007"]["held_from"] == HEAD_SHA


def test_a_look_alike_record_cannot_bind_a_writers_accept_to_another_answer(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """Point 4: alice accepted refund-007's answer at HEAD_SHA; a push changes it to one that regresses; a record
    from a branch workflow says HEAD_SHA's verdict judged the new answer, its ledger binding alice's accept to it."""
    fake = fake_azure(Dice())
    worse, now = accepted_then_worse(workspace, pr, tmp_path, fake, "You have 45 days, or 90 with Premium.")
    [row] = [r for r in now.rows if r.id == "refund-007"]
    genuine = decode(latest(pr)["output"]["text"], check=CHECK, head=HEAD_SHA)
    ledger = [e.model_copy(update={"digest": row.digest}) if e.verb is Verb.ACCEPT else e for e in genuine.ledger]
    forged = genuine.model_copy(
        update={
            "rows": [r.model_copy(update={"digest": row.digest}) if r.id == row.id else r for r in genuine.rows],
            "ledger": ledger,
        }
    )
    assert [e for e in forged.ledger if isinstance(e, Entry) and e.digest == row.digest]
    lookalike(pr, HEAD_SHA, text(forged))
    newest = now.model_copy(update={"ledger": [e.model_copy(update={"digest": row.digest}) for e in now.ledger]})
    lookalike(pr, SECOND, text(newest))  # and on the commit judged: the newest record of each says the same
    again = judging(workspace, pr, tmp_path, fake, SECOND, worse, before=HEAD_SHA)
    assert again.code == 1, again.stdout
    assert latest(pr, SECOND)["conclusion"] == "failure"


def test_a_baseline_the_base_branch_refreshed_lets_the_row_be_judged_as_it_now_stands(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, blocked: tuple[FakeAzureOpenAI, Dice]
) -> None:
    """Point 6: the base branch's baseline for refund-007 becomes the candidate's own answer; the row was still
    blocked as "regression ungrounded → ungrounded"."""
    fake, dice = blocked
    dice.score = 2  # the judge still finds the answer ungrounded: on both sides now
    regressed = (workspace / REGRESSED).read_text().splitlines()
    answer = next(json.loads(line)["response"] for line in regressed if '"refund-007"' in line)
    refreshed = with_answers(workspace, "refreshed.jsonl", {"refund-007": answer}, source="baseline.jsonl")
    (workspace / "evals/baseline.jsonl").write_text((workspace / refreshed).read_text())
    pr.files[(BASE_SHA, "evals/baseline.jsonl")] = (workspace / refreshed).read_bytes()
    run = judging(workspace, pr, tmp_path, fake, HEAD_SHA)
    found = rows(run)["refund-007"]
    assert (found["outcome"], found.get("held_from")) == ("still_ungrounded", None), run.stdout
    assert run.code == 0


def test_a_verdict_blocking_on_two_thousand_rows_keeps_every_answer_in_its_record(
    workspace: Path, pr: FakeGitHub, tmp_path: Path
) -> None:
    """Point 7: a record with 2,000 blocking rows kept none of them and half the answers blocked on."""
    cases, baseline, candidate = [], [], []
    for n in range(2000):
        cid, shelf = f"policy-{n:05d}", "".join(chr(97 + n // 26**k % 26) for k in range(3))  # no figure but 30
        context = f"returns_policy.md, shelf {shelf}: items can be returned within 30 days of purchase."
        cases.append({"id": cid, "category": "policy", "query": f"How long for shelf {shelf}?", "context": context})
        baseline.append({"id": cid, "response": "Within 30 days."})
        candidate.append({"id": cid, "response": f"Items from shelf {shelf} can be returned within 45 days."})
    for name, found in (("cases", cases), ("baseline", baseline), ("big", candidate)):
        (workspace / f"evals/{name}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in found))
    run = run_action(workspace, pr, {"cases": "evals/cases.jsonl", "baseline": "evals/baseline.jsonl", "candidate": "evals/big.jsonl"}, event_path=event(tmp_path))  # fmt: skip
    assert run.code == 1, run.stdout[-2000:]
    record = decode(latest(pr)["output"]["text"], check=CHECK, head=HEAD_SHA)
    assert answers_kept(record.model_dump()) == 2000  # every answer blocked on
    assert record.cut == 0
    assert len(record.rows) > 0  # and as many blocking rows as fit beside them; the rest keep blocking
    assert record.missing == 2000 - len(record.rows)


def test_a_record_that_had_no_room_for_every_answer_gives_no_verdict_that_passes(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, blocked: tuple[FakeAzureOpenAI, Dice]
) -> None:
    """Point 7: the answers a record cut are unknown to the next run: it cannot tell them from fresh ones."""
    fake, _ = blocked
    genuine = decode(latest(pr)["output"]["text"], check=CHECK, head=HEAD_SHA)
    short = genuine.model_copy(update={"cut": 3})
    pr.check_runs[latest(pr)["id"]]["output"]["text"] = text(short)  # as groundgate wrote it, full
    pr.move_pull(7, SECOND)
    clean = with_answers(workspace, "clean.jsonl", {})
    run = judging(workspace, pr, tmp_path, fake, SECOND, clean, before=HEAD_SHA)
    assert run.code == 3, run.stdout
    assert "had no room for 3 of the answers" in run.stdout
    assert encode(short)  # (the record reads back whole: only its memory is not)


def sharded(workspace: Path, gh: FakeGitHub, tmp_path: Path, fake: FakeAzureOpenAI, head: str, **token: str) -> Run:
    """examples/workflow-sharded.yml at ``head``: two shard jobs (no comment, no check run, fail-on never) upload
    their results, then the merge job merges them and publishes the verdict. ``token``: the shard jobs' inputs."""
    shards = workspace / "shards"
    for k in (1, 2):
        inputs = azure(fake, REGRESSED, shard=f"{k}/2", comment="false", **{"check-run": "false", "fail-on": "never"}, **token)  # fmt: skip
        shard = run_action(workspace, gh, inputs, event_path=event(tmp_path, head_sha=head))
        assert shard.code == 0, shard.stdout
        (shards / str(k)).mkdir(parents=True, exist_ok=True)
        (shards / str(k) / "results.json").write_bytes((workspace / ".groundgate/results.json").read_bytes())
    return run_action(workspace, gh, {"merge-results": "shards/*/results.json"}, event_path=event(tmp_path, head_sha=head))  # fmt: skip


def test_shards_and_their_merge_hold_what_an_earlier_verdict_blocked_on(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """Point 1: the recommended sharded workflow blocked on its first run and passed on a rerun of the same commit
    after the judge's other roll: the shard jobs read no earlier blocks, and the merge job did not either."""
    dice = Dice()
    fake = fake_azure(dice)
    first = sharded(workspace, pr, tmp_path, fake, HEAD_SHA)
    assert first.code == 1, first.stdout
    dice.later()
    again = sharded(workspace, pr, tmp_path, fake, HEAD_SHA)
    assert again.code == 1, again.stdout
    assert rows(again)["refund-007"]["held_from"] == HEAD_SHA
    assert latest(pr)["conclusion"] == "failure"
    pr.move_pull(7, SECOND)  # and a push that leaves the answer as it is
    assert sharded(workspace, pr, tmp_path, fake, SECOND).code == 1


def test_a_merge_takes_no_shard_that_judged_without_the_memory(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, blocked: tuple[FakeAzureOpenAI, Dice]
) -> None:
    """A shard job that could not read the verdicts kept (here: no token) judged afresh: the merge says so and
    gives no verdict, rather than one its shards could not make."""
    fake, _ = blocked
    run = sharded(workspace, pr, tmp_path, fake, HEAD_SHA, **{"github-token": ""})
    assert run.code == 3, run.stdout
    assert "judged without reading the answers this pull request's verdicts blocked on" in run.stdout


def test_a_comment_run_never_presents_a_look_alike_record_as_groundgates_verdict(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, blocked: tuple[FakeAzureOpenAI, Dice]
) -> None:
    """Point 4: a comment's run re-presented the newest record on the head, which a workflow on the branch can write:
    its verdict (no blocking row) came out as groundgate's own, green."""
    genuine = decode(latest(pr)["output"]["text"], check=CHECK, head=HEAD_SHA)
    clean = genuine.model_copy(update={"rows": [], "blocked": [], "bare": {}, "blocking": 0, "counts": {}})
    lookalike(pr, HEAD_SHA, text(clean))
    run = comment(tmp_path, pr, "bob", "/groundgate confirm refund-007 -- the policy says 30 days")
    assert run.code == 0, run.stdout
    presented = latest(pr)
    assert presented["output"]["title"] != "Passes"  # groundgate's own, not the look-alike
    assert presented["conclusion"] == "failure"
    assert presented["output"]["title"].startswith("Blocks merge: 1 answer now makes unsupported claims")

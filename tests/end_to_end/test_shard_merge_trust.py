"""What a sharded merge and a judging run trust (a hostile review of signed records with shards, hostile48): a
results file git tracks is never a shard's artifact, and a run whose second read of the verdicts GitHub refuses
still carries every block it read before judging."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from groundgate.record import opened
from tests.support.action import HEAD_SHA, SECOND, THIRD, Run, event, run_action
from tests.support.fakes.azure_openai import FakeAzureOpenAI
from tests.support.fakes.github import FakeGitHub, Fault
from tests.support.people import CHECK, latest
from tests.support.rolls import REGRESSED, Dice, Judge, azure, judging


def git(folder: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=pr", "-c", "user.email=pr@example.com", "-c", "init.defaultBranch=main", *args],
        cwd=folder, check=True, capture_output=True, env={"PATH": os.environ.get("PATH", ""), "HOME": str(folder)},
        timeout=60,
    )  # fmt: skip


def shard_job(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake: FakeAzureOpenAI, head: str, k: int, candidate: str = REGRESSED, **more: str
) -> dict[str, Any]:  # fmt: skip
    """One matrix job of examples/workflow-sharded.yml (no comment, no check run, fail-on never): its results."""
    inputs = azure(fake, candidate, shard=f"{k}/2", comment="false", **{"check-run": "false", "fail-on": "never"}, **more)  # fmt: skip
    run = run_action(workspace, gh, inputs, event_path=event(tmp_path, head_sha=head))
    assert run.code == 0, run.stdout[-2000:]
    data: dict[str, Any] = json.loads((workspace / ".groundgate/results.json").read_text())
    return data


def upload(workspace: Path, k: int, data: dict[str, Any]) -> Path:
    """download-artifact's layout in the merge job: shards/groundgate-shard-K/results.json."""
    where = workspace / "shards" / f"groundgate-shard-{k}"
    where.mkdir(parents=True, exist_ok=True)
    (where / "results.json").write_text(json.dumps(data))
    return where / "results.json"


def merge_job(workspace: Path, gh: FakeGitHub, tmp_path: Path, head: str) -> Run:
    """The example's `gate` job: `merge-results: shards/*/results.json`."""
    return run_action(workspace, gh, {"merge-results": "shards/*/results.json"}, event_path=event(tmp_path, head_sha=head))  # fmt: skip


def sharded(workspace: Path, gh: FakeGitHub, tmp_path: Path, fake: FakeAzureOpenAI, head: str) -> Run:
    shutil.rmtree(workspace / "shards", ignore_errors=True)
    for k in (1, 2):
        upload(workspace, k, shard_job(workspace, gh, tmp_path, fake, head, k))
    return merge_job(workspace, gh, tmp_path, head)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git to make a repository")
@pytest.mark.parametrize("forged", ["harmless", "claims the memory"])
def test_a_results_file_the_pull_request_committed_is_no_shards_result(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge, forged: str
) -> None:
    """examples/workflow-sharded.yml: the merge job checks out the pull request, downloads the shard artifacts into
    shards/ and merges `shards/*/results.json` even when a shard failed. The author commits
    shards/groundgate-shard-K/results.json where the shard holding refund-007 (blocked at an earlier push) puts its
    artifact: groundgate's own results for that shard on a harmless candidate (its fingerprint copied from a genuine
    shard's), or of the held answer judged without reading the memory, its `memory` copied from the genuine shard's.
    That shard's job fails: the merge took the committed file and passed, exit 0. A results file git tracks is
    no shard's artifact: no verdict (exit 3), naming the file. The control merges the same shards untracked."""
    git(workspace, "init", "-q")
    dice = Dice()
    fake = fake_azure(dice)
    assert sharded(workspace, pr, tmp_path, fake, HEAD_SHA).code == 1  # untracked artifacts in a checkout: merged
    dice.later()  # the judge's roll on the 45 days is 5 from now on: only the memory holds it
    pr.move_pull(7, SECOND)
    genuine = {k: shard_job(workspace, pr, tmp_path, fake, SECOND, k) for k in (1, 2)}
    [bad] = [k for k, data in genuine.items() if any(r["id"] == "refund-007" for r in data["rows"])]
    [good] = [k for k in genuine if k != bad]
    if forged == "harmless":
        data = shard_job(workspace, pr, tmp_path, fake, SECOND, bad, candidate="evals/candidate.jsonl")
        data["fingerprint"] = genuine[bad]["fingerprint"]
    else:
        data = shard_job(workspace, pr, tmp_path, fake, SECOND, bad, **{"github-token": ""})
        data["memory"] = genuine[bad]["memory"]
    shutil.rmtree(workspace / "shards", ignore_errors=True)
    committed = upload(workspace, bad, data)
    git(workspace, "add", str(committed.relative_to(workspace)))
    git(workspace, "commit", "-q", "-m", "shard results")
    upload(workspace, good, genuine[good])  # the only artifact download-artifact brings
    run = merge_job(workspace, pr, tmp_path, SECOND)
    assert run.code == 3, (run.code, latest(pr, SECOND)["output"]["title"], run.stdout[-1500:])
    assert f"shards/groundgate-shard-{bad}/results.json is tracked in git" in run.stdout + run.stderr


def test_a_judging_run_whose_second_read_is_refused_still_records_the_carried_blocks(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """The memory read before judging succeeds; GitHub refuses every later listing of the check runs (the second
    read, for people's commands). The run's record carried nothing (blocked empty): erasing the older records then
    lost the block. It carries what the run read before judging."""
    dice = Dice()
    fake = fake_azure(dice)
    assert judging(workspace, pr, tmp_path, fake, HEAD_SHA).code == 1  # blocks on refund-007's 45 days
    pr.move_pull(7, SECOND)
    clean = "evals/candidate.jsonl"  # the answer changed: judged afresh, it passes; its old block stays on record
    assert judging(workspace, pr, tmp_path, fake, SECOND, clean).code == 0
    pr.move_pull(7, THIRD)
    pr.faults.append(Fault("GET", r"/repos/o/r/commits/[0-9a-f]+/check-runs", 502, times=99, skip=3))
    run = judging(workspace, pr, tmp_path, fake, THIRD, clean)
    pr.faults.clear()
    assert run.code == 0, run.stdout[-1500:]
    assert "could not be read" in run.stdout + run.stderr
    record, _, _ = opened(latest(pr, THIRD)["output"]["text"], check=CHECK, head=THIRD)
    assert [(b.id, b.head) for b in record.blocked] == [("refund-007", HEAD_SHA)], record.blocked


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git to make a repository")
@pytest.mark.parametrize("link", ["shard folder", "shards folder"])
def test_a_results_file_reached_through_a_committed_link_is_no_shards_result(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge, link: str
) -> None:
    """As above, but the author commits decoy/results.json and, where the folder would be, a symbolic link:
    shards/groundgate-shard-K -> ../decoy, or shards -> decoy with decoy/groundgate-shard-K/results.json. git tracks
    the link and the decoy, never the path the glob yields: the merge passed, exit 0 (a second review, hostile49).
    download-artifact writes no links: a results file reached through one gives no verdict."""
    git(workspace, "init", "-q")
    dice = Dice()
    fake = fake_azure(dice)
    assert sharded(workspace, pr, tmp_path, fake, HEAD_SHA).code == 1
    dice.later()
    pr.move_pull(7, SECOND)
    genuine = {k: shard_job(workspace, pr, tmp_path, fake, SECOND, k) for k in (1, 2)}
    [bad] = [k for k, data in genuine.items() if any(r["id"] == "refund-007" for r in data["rows"])]
    [good] = [k for k in genuine if k != bad]
    data = shard_job(workspace, pr, tmp_path, fake, SECOND, bad, candidate="evals/candidate.jsonl")
    data["fingerprint"] = genuine[bad]["fingerprint"]
    shutil.rmtree(workspace / "shards", ignore_errors=True)
    decoy = workspace / "decoy"
    if link == "shard folder":
        upload(workspace, bad, data).parent.rename(decoy)
        os.symlink("../decoy", workspace / "shards" / f"groundgate-shard-{bad}")
        committed = ["decoy/results.json", f"shards/groundgate-shard-{bad}"]
    else:
        decoy.mkdir()
        os.symlink("decoy", workspace / "shards")
        upload(workspace, bad, data)  # lands in decoy/groundgate-shard-K/results.json through the link
        committed = ["shards", f"decoy/groundgate-shard-{bad}/results.json"]
    git(workspace, "add", *committed)
    git(workspace, "commit", "-q", "-m", "a decoy")
    upload(workspace, good, genuine[good])  # the only artifact download-artifact brings
    run = merge_job(workspace, pr, tmp_path, SECOND)
    assert run.code == 3, (run.code, latest(pr, SECOND)["output"]["title"], run.stdout[-1500:])
    assert "is reached through a symbolic link" in run.stdout + run.stderr

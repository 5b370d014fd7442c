"""Where the action publishes, as the runner starts it: fork PRs judged from a workflow_run run, merge
queues, one check run that agrees with the step, paths inside a checkout, files later steps can read,
and a log no user text can drive."""

from __future__ import annotations

import json
import shutil
import stat
from pathlib import Path

import pytest

from tests.support.action import (
    FORK_SHA,
    HEAD_SHA,
    PATHS,
    QUEUE_SHA,
    event,
    merge_group_event,
    run_action,
    workflow_run_event,
)
from tests.support.fakes.github import FakeGitHub

REGRESSION = {**PATHS, "candidate": "evals/candidate-regression.jsonl"}
CLEAN = {**PATHS, "candidate": "evals/candidate.jsonl"}


# ---- fork pull requests, judged from a trusted workflow_run run


def test_workflow_run_for_a_fork_pr_publishes_on_its_head_and_its_pr(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    gh.add_pull(7, FORK_SHA, head_repo="someone/r")
    run = run_action(
        workspace, gh, REGRESSION, event_name="workflow_run", event_path=workflow_run_event(tmp_path, pull_requests=[])
    )
    assert run.code == 1, run.stdout + run.stderr
    [check] = gh.check_runs.values()
    assert (check["head_sha"], check["conclusion"]) == (FORK_SHA, "failure")  # not GITHUB_SHA, the default branch
    [comment] = gh.comments_on(7)
    assert "Blocks merge" in comment["body"]
    assert f"Reflects commit [`{FORK_SHA[:12]}`](https://github.example/o/r/commit/{FORK_SHA})" in comment["body"]
    assert "made by [workflow run 42](https://github.example/o/r/actions/runs/42)" in comment["body"]
    assert f"/blob/{FORK_SHA}/evals/cases.jsonl#L1" in comment["body"]
    assert [r.path for r in gh.requests if r.method == "GET" and "/pulls" in r.path] == [
        f"/repos/o/r/commits/{FORK_SHA}/pulls"
    ]


def test_workflow_run_finds_a_fork_pr_by_its_head_when_the_commit_lists_none(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    gh.add_pull(7, FORK_SHA, head_repo="someone/r", by_commit=False)
    run = run_action(workspace, gh, CLEAN, event_name="workflow_run", event_path=workflow_run_event(tmp_path))
    assert run.code == 0, run.stdout
    assert len(gh.comments_on(7)) == 1
    assert [c["head_sha"] for c in gh.check_runs.values()] == [FORK_SHA]


def test_workflow_run_posts_nothing_when_the_pr_has_moved_on(workspace: Path, gh: FakeGitHub, tmp_path: Path) -> None:
    gh.add_pull(7, FORK_SHA, head_repo="someone/r")
    gh.move_pull(7, "abcdef" * 6 + "abcd")
    run = run_action(workspace, gh, REGRESSION, event_name="workflow_run", event_path=workflow_run_event(tmp_path))
    assert run.code == 1  # the job still says what this commit's data showed
    assert gh.comments == {}
    assert gh.check_runs == {}
    assert [r for r in gh.requests if r.method in ("POST", "PATCH") and r.path != "/graphql"] == []
    assert f"pull request #7 has moved on to abcdefabcdef since commit {FORK_SHA[:12]} was judged" in run.stdout
    assert run.summary.startswith("## 🚫 groundgate: Blocks merge")


def test_workflow_run_uses_the_pr_its_payload_lists(workspace: Path, gh: FakeGitHub, tmp_path: Path) -> None:
    gh.add_pull(9, FORK_SHA, head_repo="o/r", by_commit=False)
    path = workflow_run_event(tmp_path, pull_requests=[9], owner="o")
    run = run_action(workspace, gh, CLEAN, event_name="workflow_run", event_path=path)
    assert run.code == 0
    assert len(gh.comments_on(9)) == 1


def test_a_fork_pull_request_run_without_credentials_points_to_the_recipe(workspace: Path, tmp_path: Path) -> None:
    inputs = {**CLEAN, "judge": "azure", "azure-endpoint": "https://judge.example", "judge-deployment": "judge-4o"}
    keyless = {**inputs, "azure-client-id": "client", "azure-tenant-id": "tenant"}
    for given in (inputs, keyless):
        run = run_action(workspace, None, given, event_path=event(tmp_path, fork=True))
        assert run.code == 3
        [error] = [line for line in run.stdout.splitlines() if line.startswith("::error")]
        assert "comes from a fork" in error
        assert "examples/fork-prs/" in error
        assert "id-token" not in error
        assert "Traceback" not in run.stderr


# ---- merge queues


def test_merge_group_gets_a_check_run_on_the_queue_head_and_no_comment(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    run = run_action(workspace, gh, REGRESSION, event_name="merge_group", event_path=merge_group_event(tmp_path))
    assert run.code == 1
    assert gh.comments == {}
    [check] = gh.check_runs.values()
    assert (check["head_sha"], check["conclusion"]) == (QUEUE_SHA, "failure")


# ---- one truthful check


@pytest.mark.parametrize(
    ("fail_on", "candidate", "code", "conclusion", "title"),
    [
        (
            "blocking",
            "candidate-regression",
            1,
            "failure",
            "Blocks merge: 1 answer now makes unsupported claims — policy 1",
        ),
        ("blocking", "candidate", 0, "neutral", "Does not block merge: 2 rows to read before shipping"),
        (
            "any-regression",
            "candidate-regression",
            1,
            "failure",
            "Blocks merge (fail-on: any-regression): 2 answers now make unsupported claims — policy 1 · shipping 1",
        ),
        (
            "any-regression",
            "candidate",
            1,
            "failure",
            "Blocks merge (fail-on: any-regression): 1 answer now makes unsupported claims — shipping 1",
        ),
        (
            "never",
            "candidate-regression",
            0,
            "neutral",
            "Does not block merge (fail-on: never), but 1 answer now makes unsupported claims — policy 1",
        ),
        ("never", "candidate", 0, "neutral", "Does not block merge: 2 rows to read before shipping"),
    ],
)
def test_the_check_runs_conclusion_agrees_with_the_exit_code(
    workspace: Path,
    gh: FakeGitHub,
    tmp_path: Path,
    fail_on: str,
    candidate: str,
    code: int,
    conclusion: str,
    title: str,
) -> None:
    inputs = {**PATHS, "candidate": f"evals/{candidate}.jsonl", "fail-on": fail_on}
    run = run_action(workspace, gh, inputs, event_path=event(tmp_path))
    assert run.code == code, run.stdout
    [check] = gh.check_runs.values()
    assert check["conclusion"] == conclusion
    assert title in check["output"]["title"]


# ---- paths and files


def test_annotations_and_links_are_relative_to_the_checkout_not_the_workspace(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    repo = workspace / "repo"  # actions/checkout with path: repo
    (repo / ".git").mkdir(parents=True)
    shutil.move(workspace / "evals", repo / "evals")
    inputs = {k: f"repo/{v}" for k, v in REGRESSION.items()}
    run = run_action(workspace, gh, inputs, event_path=event(tmp_path))
    assert run.code == 1
    [check] = gh.check_runs.values()
    assert {a["path"] for a in check["annotations"]} == {"evals/cases.jsonl"}
    assert f"/blob/{HEAD_SHA}/evals/cases.jsonl#L1" in run.summary
    assert (workspace / ".groundgate" / "report.md").is_file()  # outputs stay in the workspace


def test_files_left_in_the_workspace_are_readable_by_later_steps(workspace: Path, tmp_path: Path) -> None:
    inputs = {**CLEAN, "cache-path": ".groundgate-cache/scores.json", "cache-secret": "a-secret-for-the-cache"}
    run = run_action(workspace, None, inputs, event_path=event(tmp_path), umask=0o077)
    assert run.code == 0, run.stdout
    modes = {
        path.relative_to(workspace).as_posix(): stat.S_IMODE(path.stat().st_mode)
        for path in workspace.rglob("*")
        if path.parts[len(workspace.parts)] in (".groundgate", ".groundgate-cache")
    }
    assert modes == {
        ".groundgate": 0o755,
        ".groundgate/results.json": 0o644,
        ".groundgate/report.md": 0o644,
        ".groundgate-cache": 0o755,
        ".groundgate-cache/scores.json": 0o644,
        ".groundgate-cache/scores.json.lock": 0o644,  # the writers' lock, left beside the cache
    }
    assert json.loads((workspace / ".groundgate-cache/scores.json").read_text())["entries"]


# ---- the log


def test_no_user_text_forms_a_workflow_command(workspace: Path, tmp_path: Path) -> None:
    hostile = "x ##[error]owned ##[set-output name=verdict;]pass"
    cases = [json.loads(line) for line in (workspace / "evals/cases.jsonl").read_text().splitlines()]
    renames = {cases[0]["id"]: hostile, cases[5]["id"]: "::error::owned"}
    for name in ("cases.jsonl", "baseline.jsonl", "candidate-regression.jsonl"):
        path = workspace / "evals" / name
        records = [json.loads(line) for line in path.read_text().splitlines()]
        for record in records:
            record["id"] = renames.get(record["id"], record["id"])
        if name == "candidate-regression.jsonl":
            records.append({"id": "\n::warning::unknown id", "response": "r"})  # a warning quotes it
        path.write_text("".join(json.dumps(r) + "\n" for r in records))
    run = run_action(workspace, None, REGRESSION, event_path=event(tmp_path))
    assert run.code == 1, run.stdout
    assert "##[" not in run.stdout
    for line in run.stdout.replace("\r", "\n").splitlines():
        if line.strip().startswith("::"):
            assert line.split("::")[1].split()[0] in {"add-mask", "group", "endgroup", "warning", "error"}, line
    assert "owned" in run.stdout  # shown, not dropped
    assert not any(
        line.strip().startswith(("::error::owned", "::warning::unknown")) for line in run.stdout.splitlines()
    )

"""The fork recipe's signed records in tests: its record key, the pull request from a fork, and its trusted judging
job (``workflow_run``) run with the key, as examples/fork-prs/groundgate.yml runs it."""

from __future__ import annotations

import json
from pathlib import Path

from groundgate.adjudication import answer_digest
from tests.support.action import FORK_SHA, Run, run_action, workflow_run_event
from tests.support.fakes.azure_openai import FakeAzureOpenAI
from tests.support.fakes.github import FakeGitHub
from tests.support.rolls import REGRESSED, azure

KEY = "k3y-0f-the-default-branch-" + "5e" * 20  # the environment's GROUNDGATE_RECORD_KEY
OTHER = "a-key-the-branch-workflow-made-" + "77" * 20  # what a forger signs with
ROTATED = "the-key-before-it-was-rotated-" + "0d" * 20
WORSE = "You have 45 days, or 90 with Premium, and no receipt is needed."
KEYED = {"record-key": KEY}  # the comment workflow's input, from the same environment
ACCEPT = "/groundgate accept at {head} refund-007@{digest} -- 45 days is the new policy"
ELSEWHERE = {"GITHUB_REPOSITORY_ID": "7000001"}  # another repository (a fork, a mirror) whose environment has KEY too


def fork_pr(gh: FakeGitHub) -> None:
    """Pull request #7 from a fork (someone/r), at FORK_SHA, and who may adjudicate on it."""
    gh.add_pull(7, FORK_SHA, head_repo="someone/r", author="contributor")
    gh.permissions.update(alice="write", bob="maintain", contributor="write")


def gate(
    workspace: Path,
    gh: FakeGitHub,
    tmp_path: Path,
    judge: FakeAzureOpenAI,
    head: str,
    candidate: str = REGRESSED,
    key: str | None = KEY,
    env: dict[str, str] | None = None,
) -> Run:
    """examples/fork-prs/groundgate.yml: the trusted workflow_run job judging the pull request's head, with the key."""
    inputs = azure(judge, candidate, **({"record-key": key} if key else {}))
    event = workflow_run_event(tmp_path, head)
    return run_action(workspace, gh, inputs, event_name="workflow_run", event_path=event, extra_env=env)


def digest_of(workspace: Path, row_id: str, answer: str) -> str:
    cases = {r["id"]: r for r in map(json.loads, (workspace / "evals/cases.jsonl").read_text().splitlines())}
    return answer_digest(cases[row_id].get("query"), cases[row_id]["context"], answer)

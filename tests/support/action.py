"""The action as the runner runs it: entrypoint.py in a subprocess with INPUT_* and GITHUB_* variables."""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from groundgate.github.workflow import repository_path
from tests.support import webhooks
from tests.support.fakes.github import FakeGitHub
from tests.support.forge import recount
from tests.support.paths import ROOT

HEAD_SHA = "f00dfacef00dfacef00dfacef00dfacef00dface"
FORK_SHA = "f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0"
QUEUE_SHA = "9e9e9e9e9e9e9e9e9e9e9e9e9e9e9e9e9e9e9e9e"
PUSH_SHA = "5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed"
SECOND = "5ec0dd5ec0dd5ec0dd5ec0dd5ec0dd5ec0dd5ec0"  # the pull request's next pushes
THIRD = "7417d7417d7417d7417d7417d7417d7417d7417d"
BASE_SHA = "ba5eba5eba5eba5eba5eba5eba5eba5eba5eba5e"  # the pull request's base: the yardstick's files are read there

PATHS = {"cases": "evals/cases.jsonl", "baseline": "evals/baseline.jsonl"}


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str
    outputs: dict[str, str]
    summary: str
    workspace: Path


def parse_outputs(text: str) -> dict[str, str]:
    outputs = {}
    for match in re.finditer(r"^([\w-]+)<<(\S+)\n(.*?)\n\2$", text, re.S | re.M):
        outputs[match.group(1)] = match.group(3)
    return outputs


def _write(tmp_path: Path, name: str, payload: dict[str, Any]) -> Path:
    path = tmp_path / f"event-{name}.json"
    path.write_text(json.dumps(payload))
    return path


def event(
    tmp_path: Path,
    *,
    fork: bool = False,
    name: str = "pull_request",
    number: int = 7,
    head_sha: str = HEAD_SHA,
    action: str = "synchronize",
    author: str = "contributor",
    before: str | None = None,
) -> Path:
    """GitHub's pull_request payload (``pull_request_target`` gets the same) for PR ``number`` of o/r,
    opened by ``author``, its head at ``head_sha`` in o/r or, for a fork, in someone/r; a push's ``before``,
    the head it moved the pull request from (the example's own, a commit nothing knows, when not given)."""
    payload = webhooks.example("pull_request", action)
    if before is not None:
        payload["before"], payload["after"] = before, head_sha
    pr = payload["pull_request"]
    payload["number"] = pr["number"] = number
    pr["user"]["login"] = author
    webhooks.set_repository(payload["repository"], "o/r")
    webhooks.set_repository(pr["base"]["repo"], "o/r")
    webhooks.set_repository(pr["head"]["repo"], "someone/r" if fork else "o/r")
    pr["base"]["sha"], pr["head"]["sha"], pr["head"]["ref"] = BASE_SHA, head_sha, "patch-1"
    pr["head"]["label"] = f"{pr['head']['repo']['owner']['login']}:patch-1"
    return _write(tmp_path, name, payload)


def workflow_run_event(
    tmp_path: Path,
    head_sha: str = FORK_SHA,
    *,
    pull_requests: list[int] | None = None,
    owner: str = "someone",
    branch: str = "patch-1",
    triggered_by: str = "pull_request",
) -> Path:
    """GitHub's workflow_run payload for a completed run of ``triggered_by`` on ``owner``/r's ``branch``
    at ``head_sha``; ``pull_requests`` is empty for a fork's PR, as GitHub sends it."""
    payload = webhooks.example("workflow_run", "completed")
    run = payload["workflow_run"]
    listed = run["pull_requests"][0]
    run["pull_requests"] = []
    for number in pull_requests or []:
        item = copy.deepcopy(listed)
        item["number"], item["head"]["sha"], item["head"]["ref"] = number, head_sha, branch
        run["pull_requests"].append(item)
    run.update(event=triggered_by, conclusion="success", head_sha=head_sha, head_branch=branch)
    webhooks.set_repository(run["head_repository"], f"{owner}/r")
    webhooks.set_repository(run["repository"], "o/r")
    webhooks.set_repository(payload["repository"], "o/r")
    return _write(tmp_path, "workflow_run", payload)


def comment_event(
    tmp_path: Path,
    gh: FakeGitHub,
    comment_id: int,
    *,
    action: str = "created",
    before: str | None = None,
    number: int = 7,
    author: str = "contributor",
) -> Path:
    """GitHub's issue_comment payload for comment ``comment_id`` of the fake (its body and author as the fake
    holds them) on pull request ``number`` of o/r, opened by ``author``. The vendored examples are comments
    on an issue: the pull request's link is added as the vendored ``issues`` example carries one."""
    payload = webhooks.example("issue_comment", action)
    comment, issue = payload["comment"], payload["issue"]
    held = gh.comments.get(comment_id) or {"body": "", "login": "someone"}
    comment.update(id=comment_id, body=held["body"], html_url=f"https://github.example/o/r/pull/{number}#issuecomment-{comment_id}")  # fmt: skip
    comment["user"].update(login=held["login"], type="Bot" if held["login"].endswith("[bot]") else "User")
    issue["number"] = number
    issue["user"]["login"] = author
    link = webhooks.example("issues", "milestoned")["issue"]["pull_request"]
    issue["pull_request"] = {key: value.replace("Codertocat/Hello-World", "o/r").replace("/2", f"/{number}") for key, value in link.items() if isinstance(value, str)}  # fmt: skip
    if action == "edited":
        payload["changes"] = {"body": {"from": before or ""}}
    payload["sender"]["login"] = held["login"]
    webhooks.set_repository(payload["repository"], "o/r")
    return _write(tmp_path, f"issue_comment-{comment_id}-{action}", payload)


def check_run_event(
    tmp_path: Path, head_sha: str, name: str, *, number: int | None = 7, action: str = "rerequested"
) -> Path:
    """GitHub's check_run payload: a re-run of check run ``name`` on ``head_sha`` asked for from the Checks tab
    (``pull_requests`` lists the pull request when it is not a fork's)."""
    payload = webhooks.example("check_run", "rerequested")
    run = payload["check_run"]
    run.update(head_sha=head_sha, name=name, pull_requests=[])
    payload["action"] = action
    if number is not None:
        run["pull_requests"] = [{"url": f"https://api.github.example/repos/o/r/pulls/{number}", "id": number, "number": number,
                                 "head": {"ref": "patch-1", "sha": head_sha, "repo": {"id": 1, "url": "", "name": "r"}},
                                 "base": {"ref": "main", "sha": BASE_SHA, "repo": {"id": 1, "url": "", "name": "r"}}}]  # fmt: skip
    webhooks.set_repository(payload["repository"], "o/r")
    return _write(tmp_path, "check_run", payload)


def merge_group_event(tmp_path: Path, pr: int = 7) -> Path:
    """GitHub's merge_group payload: the queue checks QUEUE_SHA, built on BASE_SHA, on the branch it names after
    pull request ``pr``."""
    payload = webhooks.example("merge_group", "checks_requested")
    payload["merge_group"]["head_sha"] = QUEUE_SHA
    payload["merge_group"]["head_ref"] = f"refs/heads/gh-readonly-queue/main/pr-{pr}-{HEAD_SHA}"
    payload["merge_group"]["base_sha"] = BASE_SHA  # where the group starts: the base branch's head, or the group ahead
    webhooks.set_repository(payload["repository"], "o/r")
    return _write(tmp_path, "merge_group", payload)


def push_event(tmp_path: Path, *, deleted: bool = False) -> Path:
    """GitHub's push payload: a push of PUSH_SHA, or one that deletes its ref (``after`` is forty zeros)."""
    payload = webhooks.example("push", which=1 if deleted else 0)
    if not deleted:
        payload["after"] = PUSH_SHA
    webhooks.set_repository(payload["repository"], "o/r")
    return _write(tmp_path, "push", payload)


def action_environment(
    workspace: Path,
    gh: FakeGitHub | None,
    inputs: dict[str, str],
    *,
    event_path: Path | None = None,
    event_name: str = "pull_request",
    extra_env: dict[str, str] | None = None,
) -> dict[str, str]:
    """The environment the runner gives a container action: GITHUB_* and INPUT_* (unset inputs empty)."""
    runner = workspace.parent / "runner"
    runner.mkdir(exist_ok=True)
    output, summary = runner / "output", runner / "summary.md"
    output.write_text("")
    summary.write_text("")
    return {
        "PATH": os.environ.get("PATH", ""),
        "GITHUB_WORKSPACE": str(workspace),
        "GITHUB_REPOSITORY": "o/r",
        "GITHUB_REPOSITORY_ID": "1296269",  # o/r's numeric id (what a signed record names as its home)
        "GITHUB_EVENT_NAME": event_name,
        "GITHUB_SHA": "mergecommitsha",
        "GITHUB_RUN_ID": "42",
        "GITHUB_SERVER_URL": "https://github.example",
        "GITHUB_API_URL": gh.url if gh else "http://127.0.0.1:9",
        "GITHUB_OUTPUT": str(output),
        "GITHUB_STEP_SUMMARY": str(summary),
        "INPUT_GITHUB-TOKEN": gh.token if gh else "",
        "INPUT_COMMENT": "true",
        "INPUT_CHECK-RUN": "true",
        "INPUT_CHECK-NAME": "groundgate / verdict",  # action.yml's default, as the runner passes it
        "INPUT_FAIL-ON": "blocking",
        "INPUT_BLOCKING-CATEGORIES": "policy,pricing,safety",
        "INPUT_JUDGE": "figures",
        "INPUT_RUBRIC": "query",
        "INPUT_REASONING-MODEL": "false",
        "INPUT_MAX-CONCURRENCY": "8",
        "INPUT_AZURE-ENDPOINT": "",  # unset inputs arrive as empty strings
        # The fake GitHub needs no pause between requests, and no test needs the minute a run may wait on GitHub:
        # retries and Retry-After are still honoured, within 5 s in all.
        "GROUNDGATE_GITHUB_REQUEST_INTERVAL": "0",
        "GROUNDGATE_GITHUB_WRITE_INTERVAL": "0",
        "GROUNDGATE_GITHUB_MAX_WAIT": "5",
        **({"GITHUB_EVENT_PATH": str(event_path)} if event_path else {}),
        **{f"INPUT_{k.upper()}": v for k, v in inputs.items()},
        **(extra_env or {}),
    }


def run_action(
    workspace: Path,
    gh: FakeGitHub | None,
    inputs: dict[str, str],
    *,
    event_path: Path | None = None,
    event_name: str = "pull_request",
    python: str = sys.executable,
    entrypoint: Path = ROOT / "entrypoint.py",
    extra_env: dict[str, str] | None = None,
    umask: int | None = None,
) -> Run:
    env = action_environment(workspace, gh, inputs, event_path=event_path, event_name=event_name, extra_env=extra_env)
    if gh is not None and event_path is not None:  # GitHub sends no event for a pull request it does not have
        payload = json.loads(event_path.read_text())
        pull = payload.get("pull_request") or {}
        queued = re.search(r"/pr-(\d+)-", (payload.get("merge_group") or {}).get("head_ref") or "")
        if queued and int(queued[1]) not in gh.pulls:  # a merge queue's group is named after a pull request of o/r
            gh.add_pull(int(queued[1]), HEAD_SHA)
        if isinstance(pull.get("number"), int) and pull["number"] not in gh.pulls:
            head = pull.get("head") or {}
            owner = ((head.get("repo") or {}).get("full_name")) or "o/r"
            gh.add_pull(pull["number"], head.get("sha") or "0" * 40, head_repo=owner, head_ref=head.get("ref") or "patch-1",
                        author=(pull.get("user") or {}).get("login") or "contributor")  # fmt: skip
    for name in ("cases", "baseline"):  # unless a test says otherwise, the PR leaves both files as the base has them
        written = inputs.get(name)
        if gh is not None and written and (workspace / written).is_file():  # GitHub names it from the repository root
            gh.files.setdefault((BASE_SHA, repository_path(workspace, written)), (workspace / written).read_bytes())
    proc = subprocess.run(
        [python, str(entrypoint)], cwd=workspace, env=env, capture_output=True, text=True, timeout=300, check=False,
        preexec_fn=None if umask is None else (lambda: os.umask(umask) and None),
    )  # fmt: skip
    runner = workspace.parent / "runner"
    return Run(
        proc.returncode,
        proc.stdout,
        proc.stderr,
        parse_outputs((runner / "output").read_text()),
        (runner / "summary.md").read_text(),
        workspace,
    )


def forged_shards(workspace: Path, gh: FakeGitHub, tmp_path: Path, forge: Callable[[dict[str, Any]], None]) -> None:
    """The two shard results of the example's regressing candidate in ``workspace/shards``, each edited by
    ``forge`` and its counts and verdict made to match, as a careful forger would (``forge.recount``)."""
    (workspace / "shards").mkdir()
    for k in (1, 2):
        run_action(
            workspace, gh, {**PATHS, "candidate": "evals/candidate-regression.jsonl", "shard": f"{k}/2", "comment": "false", "check-run": "false", "fail-on": "never"},
            event_path=event(tmp_path),
        )  # fmt: skip
        data = json.loads((workspace / ".groundgate/results.json").read_text())
        forge(data)
        (workspace / "shards" / f"results-{k}.json").write_text(json.dumps(recount(data)))

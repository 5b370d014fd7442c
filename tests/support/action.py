"""The action as the runner runs it: entrypoint.py in a subprocess with INPUT_* and GITHUB_* variables."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from groundgate.github.action import repository_path
from tests.support.fakes.github import FakeGitHub
from tests.support.paths import ROOT

HEAD_SHA = "f00dfacef00dfacef00dfacef00dfacef00dface"
FORK_SHA = "f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0"
QUEUE_SHA = "9e9e9e9e9e9e9e9e9e9e9e9e9e9e9e9e9e9e9e9e"

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


def event(tmp_path: Path, *, fork: bool = False, name: str = "pull_request") -> Path:
    head_repo = "someone/r" if fork else "o/r"
    payload = {
        "number": 7,
        "pull_request": {
            "number": 7,
            "head": {"sha": HEAD_SHA, "repo": {"full_name": head_repo}},
            "base": {"sha": "base", "repo": {"full_name": "o/r"}},
        },
    }
    path = tmp_path / f"event-{name}.json"
    path.write_text(json.dumps(payload))
    return path


def workflow_run_event(
    tmp_path: Path, head_sha: str = FORK_SHA, *, pull_requests: list[int] | None = None, owner: str = "someone"
) -> Path:
    """A workflow_run payload as GitHub sends it for a PR's run; ``pull_requests`` is empty for a fork."""
    payload = {
        "action": "completed",
        "workflow_run": {
            "id": 41,
            "event": "pull_request",
            "conclusion": "success",
            "head_sha": head_sha,
            "head_branch": "patch-1",
            "head_repository": {"full_name": f"{owner}/r", "owner": {"login": owner}},
            "pull_requests": [
                {"number": n, "head": {"ref": "patch-1", "sha": head_sha}, "base": {"ref": "main", "sha": "base"}}
                for n in pull_requests or []
            ],
        },
    }
    path = tmp_path / "event-workflow_run.json"
    path.write_text(json.dumps(payload))
    return path


def merge_group_event(tmp_path: Path) -> Path:
    payload = {
        "action": "checks_requested",
        "merge_group": {"head_sha": QUEUE_SHA, "head_ref": "refs/heads/gh-readonly-queue/main/pr-7-abc", "base_ref": "refs/heads/main"},
    }  # fmt: skip
    path = tmp_path / "event-merge_group.json"
    path.write_text(json.dumps(payload))
    return path


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
    for name in ("cases", "baseline"):  # unless a test says otherwise, the PR leaves both files as the base has them
        written = inputs.get(name)
        if gh is not None and written and (workspace / written).is_file():  # GitHub names it from the repository root
            gh.files.setdefault(("base", repository_path(workspace, written)), (workspace / written).read_bytes())
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

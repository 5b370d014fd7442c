"""How old the baseline answers are, as a pull request's reviewer reads it: the action asks GitHub which
commit at the pull request's base last changed the baseline file (one request), says its age in the report
and warns past 30 days; the CLI asks the local git, and says nothing without one."""

from __future__ import annotations

import os
import shutil
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.support.action import BASE_SHA, PATHS, event, run_action
from tests.support.cli import groundgate
from tests.support.fakes.github import FakeGitHub
from tests.support.paths import EXAMPLES
from tests.support.report_checks import links, seen

OLD = "0ld0ba5e11" * 4  # not hex: stands for any commit id GitHub might send; never linked
STALE = "5ca1ab1e" * 5


def test_a_pull_request_is_told_how_old_its_baseline_answers_are(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    changed = datetime.now(UTC) - timedelta(days=45, hours=1)
    gh.history[(BASE_SHA, "evals/baseline.jsonl")] = [(STALE, changed), (OLD, changed - timedelta(days=90))]
    run = run_action(workspace, gh, {**PATHS, "candidate": "evals/candidate.jsonl"}, event_path=event(tmp_path))
    assert run.code == 0, run.stdout + run.stderr
    [asked] = [r for r in gh.requests if r.path == "/repos/o/r/commits"]
    assert asked.query == {"path": ["evals/baseline.jsonl"], "sha": [BASE_SHA], "per_page": ["1"]}
    [comment] = gh.comments_on(7)
    shown = seen(comment["body"])
    day = f"{changed:%Y-%m-%d}"
    assert (
        f"The baseline answers are 45 days old (last changed in commit {STALE[:12]}, {day}), more than 30 days: a "
        "flip may be the baseline's staleness rather than this change." in shown
    )
    assert f"The baseline answers were last changed 45 days before this run, in commit {STALE[:12]} ({day})." in shown
    assert (STALE[:12], f"https://github.example/o/r/commit/{STALE}") in links(comment["body"])
    assert "WARNING: The baseline answers are 45 days old" in run.stdout


def test_a_fresh_baseline_is_dated_without_a_warning_and_an_unknown_one_is_not_mentioned(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    gh.history[(BASE_SHA, "evals/baseline.jsonl")] = [(STALE, datetime.now(UTC) - timedelta(days=3, hours=1))]
    run = run_action(workspace, gh, {**PATHS, "candidate": "evals/candidate.jsonl"}, event_path=event(tmp_path))
    assert run.code == 0, run.stdout + run.stderr
    shown = seen(gh.comments_on(7)[0]["body"])
    assert "The baseline answers were last changed 3 days before this run" in shown
    assert "days old" not in shown
    gh.history.clear()  # GitHub knows no commit of the file at the base: nothing is said
    again = run_action(workspace, gh, {**PATHS, "candidate": "evals/candidate.jsonl"}, event_path=event(tmp_path))
    assert "baseline answers" not in seen(gh.comments_on(7)[0]["body"])
    assert again.code == 0


def git(folder: Path, *args: str, when: datetime | None = None) -> None:
    stamp = when.isoformat() if when else ""
    env = {"PATH": os.environ["PATH"], "HOME": str(folder), "GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@example.org",
           "GIT_COMMITTER_NAME": "a", "GIT_COMMITTER_EMAIL": "a@example.org",
           **({"GIT_COMMITTER_DATE": stamp, "GIT_AUTHOR_DATE": stamp} if when else {})}  # fmt: skip
    subprocess.run(["git", "-C", str(folder), *args], env=env, check=True, capture_output=True, timeout=30)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git to make a repository")
def test_the_cli_dates_the_baseline_from_git_and_says_nothing_without_it(tmp_path: Path) -> None:
    for name in ("cases.jsonl", "baseline.jsonl", "candidate-regression.jsonl"):
        (tmp_path / name).write_bytes((EXAMPLES / name).read_bytes())
    args = ["compare", "--judge", "figures", "--cases", str(tmp_path / "cases.jsonl"), "--baseline",
            str(tmp_path / "baseline.jsonl"), "--candidate", str(tmp_path / "candidate-regression.jsonl")]  # fmt: skip
    assert "baseline answers" not in groundgate(*args).stdout  # not a git repository
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "baseline.jsonl")
    changed = datetime.now(UTC) - timedelta(days=40, hours=1)
    git(tmp_path, "commit", "-q", "-m", "baseline", when=changed)
    said = " ".join(groundgate(*args, env={"PATH": os.environ["PATH"]}).stdout.split())
    assert "The baseline answers were last changed 40 days before this run, in commit " in said
    assert "WARNING: The baseline answers are 40 days old" in said
    assert "baseline answers" not in groundgate(*args, env={"PATH": ""}).stdout  # no git: nothing said
    (tmp_path / "baseline.jsonl").write_text((tmp_path / "baseline.jsonl").read_text() + "\n")
    assert "baseline answers" not in groundgate(*args, env={"PATH": os.environ["PATH"]}).stdout  # uncommitted

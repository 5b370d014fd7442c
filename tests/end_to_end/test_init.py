"""``groundgate init`` as a newcomer runs it, in a fresh git repository: two commands to a green comparison, a
workflow that lints clean and uses only the action's inputs, and nothing ever overwritten."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from groundgate.starter import PLACEHOLDER, Release, action
from tests.support.paths import EXAMPLES, ROOT

BIN = Path(sys.executable).parent
SHA = "0123456789abcdef0123456789abcdef01234567"
WORKFLOW = Path(".github/workflows/groundgate.yml")
SUITE = ["evals/cases.jsonl", "evals/baseline.jsonl", "evals/candidate.jsonl", "evals/README.md"]


def repository(tmp_path: Path) -> Path:
    folder = tmp_path / "repo"
    folder.mkdir()
    subprocess.run(["git", "init", "-q", str(folder)], check=True, timeout=30)
    return folder


def groundgate(cwd: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """The command a user types, run where the user is."""
    return subprocess.run(
        [sys.executable, "-m", "groundgate.cli", *args],
        cwd=cwd,
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env={"PATH": os.environ.get("PATH", "")},
        timeout=120,
        check=False,
    )


def workflow(repo: Path) -> dict[str, Any]:
    return YAML(typ="safe").load((repo / WORKFLOW).read_text())  # type: ignore[no-any-return]


def lint(repo: Path, config: Path | None = None) -> None:
    """As scripts/test lints the workflows: the schema, then zizmor (the examples' settings, or zizmor's own)."""
    path = str(repo / WORKFLOW)
    schema = subprocess.run(
        [str(BIN / "check-jsonschema"), "--builtin-schema", "vendor.github-workflows", path],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert schema.returncode == 0, schema.stdout + schema.stderr
    settings = ["--config", str(config)] if config else []
    audit = subprocess.run(
        [str(BIN / "zizmor"), "--offline", "--no-progress", *settings, path],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert audit.returncode == 0, audit.stdout + audit.stderr


def test_a_fresh_repository_is_green_in_two_commands(tmp_path: Path) -> None:
    """`groundgate init`, then the comparison its next steps name, exactly as printed."""
    repo = repository(tmp_path)
    first = groundgate(repo, "init", "--judge", "azure")
    assert first.returncode == 0, first.stderr
    assert sorted(str(p.relative_to(repo)) for p in repo.rglob("*") if p.is_file() and ".git" not in p.parts) == [
        str(WORKFLOW), *sorted(SUITE),
    ]  # fmt: skip
    [offline] = [line for line in first.stdout.splitlines() if "try it here, offline: " in line]
    command = shlex.split(offline.split("try it here, offline: ", 1)[1])
    assert command[:2] == ["groundgate", "compare"]
    second = groundgate(repo, *command[1:])
    assert second.returncode == 0, second.stdout + second.stderr
    assert "Verdict: Passes" in second.stdout


@pytest.mark.parametrize("judge", ["azure", "openai"])
def test_the_workflow_has_least_privilege_the_judges_inputs_and_lints_clean(tmp_path: Path, judge: str) -> None:
    repo = repository(tmp_path)
    run = groundgate(repo, "init", "--judge", judge, "--action", f"acme/groundgate@{SHA}")
    assert run.returncode == 0, run.stderr
    lint(repo)  # zizmor's own settings: every action pinned by a hash
    found = workflow(repo)
    assert found["permissions"] == {}
    [job] = found["jobs"].values()
    assert job["permissions"] == {"contents": "read", "pull-requests": "write", "checks": "write"}
    [gate] = [step for step in job["steps"] if "groundgate" in step.get("uses", "")]
    assert gate["uses"] == f"acme/groundgate@{SHA}"
    declared = YAML(typ="safe").load((ROOT / "action.yml").read_text())["inputs"]
    assert set(gate["with"]) <= set(declared)
    secrets = {name: value for name, value in gate["with"].items() if "secrets." in value}
    key = "azure-api-key" if judge == "azure" else "openai-api-key"
    assert secrets == {key: f"${{{{ secrets.{'AZURE_OPENAI_API_KEY' if judge == 'azure' else 'OPENAI_API_KEY'} }}}}"}
    assert (gate["with"].get("judge") == "openai") == (judge == "openai")
    assert "Settings > Secrets and variables > Actions" in run.stdout


def test_without_a_release_the_placeholder_lints_as_the_examples_do(tmp_path: Path) -> None:
    repo = repository(tmp_path)
    run = groundgate(repo, "init", "--judge", "openai")
    assert run.returncode == 0, run.stderr
    lint(repo, EXAMPLES / "zizmor.yaml")
    assert workflow(repo)["jobs"]["gate"]["steps"][1]["uses"] == f"{PLACEHOLDER}@v0"
    assert "is a placeholder) pinned by the SHA its release tag points at" in run.stdout


def test_a_released_package_pins_its_release_commit() -> None:
    made = action(None, Release("acme/groundgate", SHA, "v0.1.0"))
    assert (made.uses, made.pinned) == (f"acme/groundgate@{SHA} # v0.1.0", True)
    assert action(f"acme/groundgate@{SHA}", None).pinned
    assert not action("acme/groundgate@v0", None).pinned


@pytest.mark.parametrize("there", ["evals/README.md", ".github/workflows/groundgate.yml", "evals/cases.jsonl"])
def test_nothing_is_overwritten_and_nothing_written(tmp_path: Path, there: str) -> None:
    repo = repository(tmp_path)
    (repo / there).parent.mkdir(parents=True, exist_ok=True)
    (repo / there).write_text("mine\n")
    before = sorted(repo.rglob("*"))
    run = groundgate(repo, "init", "--judge", "azure")
    assert run.returncode == 2
    [line] = run.stderr.strip().splitlines()
    assert line.startswith(f"groundgate: error: {there}: exists already")
    assert sorted(repo.rglob("*")) == before
    assert (repo / there).read_text() == "mine\n"


def test_a_link_in_the_way_is_not_followed(tmp_path: Path) -> None:
    repo = repository(tmp_path)
    (repo / "evals").mkdir()
    (repo / "evals/candidate.jsonl").symlink_to(tmp_path / "elsewhere.jsonl")  # dangling
    run = groundgate(repo, "init", "--judge", "azure")
    assert run.returncode == 2
    assert "evals/candidate.jsonl: exists already" in run.stderr
    assert not (tmp_path / "elsewhere.jsonl").exists()


@pytest.mark.parametrize("link", ["evals", ".github", ".github/workflows"])
def test_a_linked_folder_on_the_way_writes_nothing(tmp_path: Path, link: str) -> None:
    """A folder on the way that is a symbolic link is refused before anything is written: init wrote the
    workflow, then stopped at the suite's folder (exit 5), and a second init refused the workflow it had left."""
    repo = repository(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (repo / link).parent.mkdir(parents=True, exist_ok=True)
    (repo / link).symlink_to(elsewhere, target_is_directory=True)
    before = sorted(repo.rglob("*"))
    run = groundgate(repo, "init", "--judge", "azure")
    assert run.returncode == 2, run.stderr
    [line] = run.stderr.strip().splitlines()
    assert line.startswith(f"groundgate: error: {link}: a symbolic link")
    assert sorted(repo.rglob("*")) == before
    assert list(elsewhere.iterdir()) == []


def test_without_judge_it_asks_and_a_closed_stdin_writes_nothing(tmp_path: Path) -> None:
    repo = repository(tmp_path)
    closed = groundgate(repo, "init")
    assert closed.returncode == 2
    assert closed.stderr.strip().splitlines()[-1].startswith("groundgate: error: --judge: no answer")
    assert not (repo / WORKFLOW).exists()
    asked = groundgate(repo, "init", stdin="openai\n")
    assert asked.returncode == 0, asked.stderr
    assert "Which judge scores the answers in CI" in asked.stderr
    assert workflow(repo)["jobs"]["gate"]["steps"][1]["with"]["judge"] == "openai"


def test_from_a_subfolder_it_writes_at_the_root_and_names_paths_from_here(tmp_path: Path) -> None:
    repo = repository(tmp_path)
    (repo / "app").mkdir()
    run = groundgate(repo / "app", "init", "--judge", "azure", "--suite", "quality/evals")
    assert run.returncode == 0, run.stderr
    assert (repo / WORKFLOW).is_file()
    assert (repo / "quality/evals/cases.jsonl").is_file()
    assert workflow(repo)["jobs"]["gate"]["steps"][1]["with"]["cases"] == "quality/evals/cases.jsonl"
    assert "--cases ../quality/evals/cases.jsonl" in run.stdout


def test_outside_a_repository_or_with_a_suite_outside_it_nothing_is_written(tmp_path: Path) -> None:
    outside = groundgate(tmp_path, "init", "--judge", "azure")
    assert outside.returncode == 2
    assert "is not in a git repository" in outside.stderr
    repo = repository(tmp_path)
    escaping = groundgate(repo, "init", "--judge", "azure", "--suite", "../evals")
    assert escaping.returncode == 2
    assert "--suite" in escaping.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["repo"]


def test_the_written_workflow_is_the_recommended_one_without_its_answer_step(tmp_path: Path) -> None:
    """examples/workflow-candidate.yml is what the suite's README tells a team to grow into: the same
    triggers, concurrency, permissions, job and judge inputs, plus the step that answers the cases."""
    repo = repository(tmp_path)
    assert groundgate(repo, "init", "--judge", "azure").returncode == 0
    written = workflow(repo)
    recommended = YAML(typ="safe").load((EXAMPLES / "workflow-candidate.yml").read_text())
    for key in ("on", "permissions", "concurrency"):
        assert written[key] == recommended[key], key
    [mine], [theirs] = written["jobs"].values(), recommended["jobs"].values()
    assert {k: v for k, v in mine.items() if k != "steps"} == {k: v for k, v in theirs.items() if k != "steps"}
    gate = [step for step in theirs["steps"] if step.get("name") == "groundgate"]
    assert [step for step in mine["steps"] if step.get("name") == "groundgate"] == gate
    readme = (repo / "evals/README.md").read_text()
    answer = next(step for step in theirs["steps"] if "answer.py" in step.get("run", ""))
    assert answer["run"].splitlines()[-1] in readme  # the README shows the step the example has

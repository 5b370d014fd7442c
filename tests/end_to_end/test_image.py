"""The container image's contents, exercised without a Docker engine.

No engine runs here, so this replays the Dockerfile: every ENV, COPY and RUN, in order, with
/opt mapped into a temporary folder, into a fresh virtual environment; then runs the action
through the image's own ENTRYPOINT, the way the runner would start the container.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.action import PATHS, event, run_action
from tests.support.fakes.github import FakeGitHub
from tests.support.paths import ROOT


def instructions(dockerfile: Path) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    joined: list[str] = []
    pending = ""
    for line in dockerfile.read_text().splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        pending += line.rstrip("\\").rstrip() + " " if line.rstrip().endswith("\\") else line
        if not line.rstrip().endswith("\\"):
            joined.append(pending.strip())
            pending = ""
    return [(text.split(None, 1)[0].upper(), text.split(None, 1)[1]) for text in joined]


def replay(dockerfile: Path, root: Path) -> list[str]:
    """Build the image's filesystem under root; returns the mapped ENTRYPOINT argv."""

    def mapped(text: str) -> str:
        return text.replace("/opt/", f"{root}/opt/")

    bin_dir = root / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "python").symlink_to(sys.executable)  # the base image's interpreter
    env = {"PATH": f"{bin_dir}:{os.environ['PATH']}", "HOME": os.environ.get("HOME", str(root))}
    entrypoint: list[str] = []
    for name, args in instructions(dockerfile):
        if name == "FROM":
            assert args.startswith("python:3.1"), args
        elif name == "ENV":
            for pair in shlex.split(args):
                key, _, value = pair.partition("=")
                env[key] = value
        elif name == "COPY":
            *sources, dest = shlex.split(args)
            target = Path(mapped(dest))
            for source in sources:
                src = ROOT / source
                if src.is_dir():
                    shutil.copytree(src, target, ignore=shutil.ignore_patterns("__pycache__"))
                else:
                    (target if dest.endswith("/") else target.parent).mkdir(parents=True, exist_ok=True)
                    shutil.copy(src, target / src.name if dest.endswith("/") else target)
        elif name == "RUN":
            subprocess.run(
                ["bash", "-euo", "pipefail", "-c", mapped(args)], env=env, check=True, cwd=root, timeout=1800
            )
        elif name == "ENTRYPOINT":
            entrypoint = [mapped(part) for part in json.loads(args)]
        else:
            raise AssertionError(f"the replay does not know {name}: teach it before using it in the Dockerfile")
    return entrypoint


@pytest.fixture(scope="module")
def image(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return replay(ROOT / "Dockerfile", tmp_path_factory.mktemp("image"))


def test_dockerfile_follows_the_container_action_rules() -> None:
    names = [name for name, _ in instructions(ROOT / "Dockerfile")]
    assert "USER" not in names
    assert "WORKDIR" not in names
    entry = dict(instructions(ROOT / "Dockerfile"))["ENTRYPOINT"]
    argv = json.loads(entry)  # exec form
    assert all(part.startswith("/") for part in argv)


def test_image_runs_the_action(image: list[str], tmp_path: Path) -> None:
    python, entrypoint = image
    installed = subprocess.run(
        [python, "-c", "import groundgate, azure.ai.evaluation, github; print(groundgate.__file__)"],
        capture_output=True, text=True, check=True, cwd=tmp_path,
    )  # fmt: skip
    assert "site-packages" in installed.stdout  # the image's own install, not this source tree
    workspace = tmp_path / "workspace"
    (workspace / "evals").mkdir(parents=True)
    for name in ("cases.jsonl", "baseline.jsonl", "candidate-regression.jsonl"):
        shutil.copy(ROOT / "examples" / name, workspace / "evals" / name)
    with FakeGitHub() as gh:
        run = run_action(
            workspace, gh, {**PATHS, "candidate": "evals/candidate-regression.jsonl"},
            event_path=event(tmp_path), python=python, entrypoint=Path(entrypoint),
        )  # fmt: skip
    assert run.code == 1, run.stdout + run.stderr
    assert run.outputs["verdict"] == "fail"
    assert len(gh.comments_on(7)) == 1
    assert [c["conclusion"] for c in gh.check_runs.values()] == ["failure"]

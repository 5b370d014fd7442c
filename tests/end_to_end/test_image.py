"""The container image's contents, exercised without a Docker engine.

No engine runs here, so this replays the Dockerfile (tests/support/image.py): every ENV, COPY and
RUN, in order, with /opt mapped into a temporary folder, into a fresh virtual environment; then runs
the action through the image's own ENTRYPOINT, the way the runner would start the container.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.action import PATHS, event, run_action
from tests.support.fakes.github import FakeGitHub
from tests.support.image import action_dockerfile, instructions, replay
from tests.support.paths import ROOT


@pytest.fixture(scope="module")
def image(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The image the action runs: the Dockerfile action.yml builds (and a release pushes, pinned by digest)."""
    return replay(action_dockerfile(), tmp_path_factory.mktemp("image"))


def test_the_action_builds_the_repositorys_dockerfile() -> None:
    assert action_dockerfile() == ROOT / "Dockerfile"


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

"""The release as its workflow runs it, without a registry: ``scripts/pin-image`` on a copy of
action.yml, and release.yml's own shell steps (the version check, then the release commit and the tags)
run against a local git repository standing in for GitHub. Building and pushing the image needs a
Docker engine and ghcr.io, which the tests have not; test_contract checks how those steps are set up."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

import groundgate
from tests.support.paths import ROOT

DIGEST = "sha256:" + "0123456789abcdef" * 4
PIN = ROOT / "scripts/pin-image"


def pin(action: Path, reference: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(PIN), str(action), reference], capture_output=True, text=True, check=False, timeout=60
    )


def yaml(text: str) -> dict[str, Any]:
    return YAML(typ="safe").load(text)  # type: ignore[no-any-return]


def test_pin_image_names_the_digest_and_changes_nothing_else(tmp_path: Path) -> None:
    action = tmp_path / "action.yml"
    shutil.copy(ROOT / "action.yml", action)
    done = pin(action, f"ghcr.io/Acme-Corp/GroundGate@{DIGEST}")  # github.repository keeps the owner's case
    assert done.returncode == 0, done.stderr
    before, after = (ROOT / "action.yml").read_text().splitlines(), action.read_text().splitlines()
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert changed == [("  image: Dockerfile", f"  image: docker://ghcr.io/acme-corp/groundgate@{DIGEST}")]
    pinned, main = yaml(action.read_text()), yaml((ROOT / "action.yml").read_text())
    assert pinned["runs"] == {"using": "docker", "image": f"docker://ghcr.io/acme-corp/groundgate@{DIGEST}"}
    assert {k: v for k, v in pinned.items() if k != "runs"} == {k: v for k, v in main.items() if k != "runs"}
    assert "your-org" not in action.read_text()
    schema = subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-actions", str(action)],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert schema.returncode == 0, schema.stdout + schema.stderr  # still an action GitHub accepts


@pytest.mark.parametrize(
    ("reference", "already_pinned", "says"),
    [
        ("ghcr.io/acme/groundgate:0.1.0", False, "not an image by digest"),  # a tag can move
        ("ghcr.io/acme/groundgate@sha256:abc", False, "not an image by digest"),
        (f"ghcr.io/acme/groundgate@{DIGEST}", True, "its runs.image is not 'Dockerfile'"),  # released already
    ],
)
def test_pin_image_refuses_and_leaves_the_file_alone(
    tmp_path: Path, reference: str, already_pinned: bool, says: str
) -> None:
    action = tmp_path / "action.yml"
    shutil.copy(ROOT / "action.yml", action)
    if already_pinned:
        assert pin(action, f"ghcr.io/acme/groundgate@{DIGEST}").returncode == 0
    before = action.read_bytes()
    done = pin(action, reference)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert says in done.stderr
    assert action.read_bytes() == before


# ---- release.yml's own steps


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True, timeout=60)
    return done.stdout.strip()


def step(name_part: str) -> dict[str, Any]:
    workflow = yaml((ROOT / ".github/workflows/release.yml").read_text())
    [found] = [s for job in workflow["jobs"].values() for s in job["steps"] if name_part in s.get("name", "")]
    return found  # type: ignore[no-any-return]


def run_step(found: dict[str, Any], cwd: Path, env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """A `run:` step as the runner runs it on Linux: bash -e, its env, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY."""
    shims = tmp_path / "shims"
    shims.mkdir(exist_ok=True)
    if not (shims / "python3").exists():
        (shims / "python3").symlink_to(sys.executable)
    runner = {
        "PATH": f"{shims}:{os.environ['PATH']}", "HOME": str(tmp_path),
        "GITHUB_OUTPUT": str(tmp_path / "output"), "GITHUB_STEP_SUMMARY": str(tmp_path / "summary"),
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull,
    }  # fmt: skip
    return subprocess.run(
        ["bash", "-e", "-c", found["run"]], cwd=cwd, env={**runner, **env}, capture_output=True, text=True,
        check=False, timeout=120,
    )  # fmt: skip


@pytest.fixture
def tagged(tmp_path: Path) -> tuple[Path, Path]:
    """A remote ("GitHub") holding main and the maintainer's tag v<version> on it, with v0 still on an
    older commit; and the checkout actions/checkout makes of the tag."""
    version = groundgate.__version__
    seed = tmp_path / "seed"
    (seed / "scripts").mkdir(parents=True)
    for name in ("action.yml", "pyproject.toml", "scripts/pin-image"):
        shutil.copy(ROOT / name, seed / name)
    git(seed, "init", "-q", "-b", "main")
    git(seed, "-c", "user.name=m", "-c", "user.email=m@example.com", "commit", "-q", "--allow-empty", "-m", "old")
    git(seed, "tag", f"v{version.split('.')[0]}")  # the major tag, on an older release
    git(seed, "add", ".")
    git(seed, "-c", "user.name=m", "-c", "user.email=m@example.com", "commit", "-q", "-m", "main")
    git(seed, "-c", "user.name=m", "-c", "user.email=m@example.com", "tag", "-a", f"v{version}", "-m", "release")
    remote = tmp_path / "github" / "Acme" / "GroundGate.git"
    remote.parent.mkdir(parents=True)
    git(tmp_path, "clone", "-q", "--bare", str(seed), str(remote))
    checkout = tmp_path / "checkout"
    git(tmp_path, "clone", "-q", str(remote), str(checkout))
    git(checkout, "checkout", "-q", f"v{version}")
    return remote, checkout


def outputs(tmp_path: Path) -> dict[str, str]:
    return dict(line.split("=", 1) for line in (tmp_path / "output").read_text().splitlines())


def test_the_release_commits_the_pin_and_points_the_version_and_major_tags_at_it(
    tagged: tuple[Path, Path], tmp_path: Path
) -> None:
    remote, checkout = tagged
    version = groundgate.__version__
    tag, major = f"v{version}", f"v{version.split('.')[0]}"
    tagged_commit = git(remote, "rev-parse", f"{tag}^{{commit}}")
    checked = run_step(
        step("pyproject.toml's version"), checkout, {"TAG": tag, "REPOSITORY": "Acme/GroundGate"}, tmp_path
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    found = outputs(tmp_path)
    assert found == {
        "version": version,
        "major": major,
        "image": "ghcr.io/acme/groundgate",
    }  # the owner's own, lower-cased

    env = {
        "TAG": tag, "MAJOR": found["major"], "IMAGE": found["image"], "DIGEST": DIGEST, "GH_TOKEN": "ghs_not_used",
        "SERVER": f"file://{tmp_path}/github", "REPOSITORY": "Acme/GroundGate",
    }  # fmt: skip
    released = run_step(step("naming the image by digest"), checkout, env, tmp_path)
    assert released.returncode == 0, released.stdout + released.stderr
    release = git(remote, "rev-parse", f"{tag}^{{commit}}")
    assert release != tagged_commit
    assert git(remote, "rev-parse", f"{major}^{{commit}}") == release  # the major tag moved to the release
    assert git(remote, "rev-parse", f"{release}^") == tagged_commit  # on top of the commit the maintainer tagged
    assert git(remote, "diff", "--name-only", tagged_commit, release) == "action.yml"
    pinned = yaml(git(remote, "show", f"{release}:action.yml"))
    assert pinned["runs"]["image"] == f"docker://ghcr.io/acme/groundgate@{DIGEST}"
    assert git(remote, "rev-parse", "main") == tagged_commit  # main keeps building the Dockerfile
    assert "ghs_not_used" not in released.stdout + released.stderr
    assert release in (tmp_path / "summary").read_text()
    assert outputs(tmp_path)["commit"] == release  # what the PyPI build checks out and stamps in


@pytest.mark.parametrize("problem", ["another version", "a pinned action.yml"])
def test_the_release_refuses_a_tag_it_cannot_release(tagged: tuple[Path, Path], tmp_path: Path, problem: str) -> None:
    _, checkout = tagged
    tag = f"v{groundgate.__version__}"
    if problem == "another version":
        tag = "v99.0.0"
    else:
        assert pin(checkout / "action.yml", f"ghcr.io/acme/groundgate@{DIGEST}").returncode == 0
    checked = run_step(
        step("pyproject.toml's version"), checkout, {"TAG": tag, "REPOSITORY": "Acme/GroundGate"}, tmp_path
    )
    assert checked.returncode == 1
    [error] = [line for line in checked.stdout.splitlines() if line.startswith("::error")]
    assert (
        "pyproject.toml is not version 99.0.0" if problem == "another version" else "builds the Dockerfile"
    ) in error

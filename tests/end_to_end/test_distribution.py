"""The distributions PyPI gets, built as the release workflow builds them (the release stamped in, the sdist,
then the wheel from the sdist, with the pinned backend and nothing downloaded): every template and data file
is in the wheel, and the ``groundgate`` command it installs works in a fresh virtual environment."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest
from ruamel.yaml import YAML

import groundgate
from tests.support.paths import ROOT

SHA = "89abcdef0123456789abcdef0123456789abcdef"
NAME = "groundgate-cli"


def run(*argv: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(a) for a in argv], cwd=cwd, capture_output=True, text=True, timeout=120, check=False,
        env={"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "/tmp")},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return done


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of what the release checks out, stamped by scripts/stamp-release, then ``python -m build``."""
    work = tmp_path_factory.mktemp("release")
    source = work / "source"
    shutil.copytree(ROOT / "groundgate", source / "groundgate", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    run(sys.executable, ROOT / "scripts/stamp-release", "acme/groundgate", SHA, f"v{groundgate.__version__}", source)
    run(sys.executable, "-m", "build", "--no-isolation", "--outdir", work / "dist", source)
    return work / "dist"


def wheel_of(dist: Path) -> Path:
    [wheel] = dist.glob("*.whl")
    return wheel


def test_the_wheel_holds_every_template_and_data_file_and_the_command(dist: Path) -> None:
    data = sorted(
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "groundgate").rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
        and path.name != "release.json"
    )  # fmt: skip
    assert "groundgate/starter/workflow.yml.j2" in data
    assert "groundgate/report/templates/report.md.j2" in data
    with zipfile.ZipFile(wheel_of(dist)) as wheel:
        names = set(wheel.namelist())
        [metadata] = [n for n in names if n.endswith(".dist-info/METADATA")]
        [entry] = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
        assert f"Name: {NAME}\n" in wheel.read(metadata).decode()
        assert "groundgate = groundgate.cli:main" in wheel.read(entry).decode()
    assert set(data) <= names, set(data) - names
    assert "groundgate/starter/release.json" in names  # the stamp the release wrote
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "groundgate").rglob("*.py")}
    assert modules <= names, modules - names
    [sdist] = dist.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        assert any(n.endswith("groundgate/starter/cases.jsonl") for n in archive.getnames())


def test_the_command_works_from_a_fresh_environment_installed_from_the_wheel(dist: Path, tmp_path: Path) -> None:
    """A venv of its own with only the wheel installed in it; its dependencies are read from the test
    environment's site-packages (a path, so none of that environment's own .pth files, such as the editable
    install of the checkout, take effect), so nothing is downloaded."""
    fresh = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", fresh)
    run(sys.executable, "-m", "pip", "--python", fresh / "bin/python", "install", "--quiet", "--no-deps", "--no-index",
        "--disable-pip-version-check", wheel_of(dist))  # fmt: skip
    site = Path(
        run(fresh / "bin/python", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").stdout.strip()
    )
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    command = fresh / "bin/groundgate"
    helped = run(command, "--help", cwd=tmp_path)
    for name in ("init", "compare", "doctor", "report"):
        assert name in helped.stdout
    where = run(fresh / "bin/python", "-c", "import groundgate; print(groundgate.__file__)", cwd=tmp_path)
    assert where.stdout.strip().startswith(str(site))  # the wheel's code, not the checkout's

    repo = tmp_path / "repo"
    run("git", "init", "-q", repo)
    written = run(command, "init", "--judge", "openai", cwd=repo)
    gate = YAML(typ="safe").load((repo / ".github/workflows/groundgate.yml").read_text())["jobs"]["gate"]
    assert gate["steps"][1]["uses"] == f"acme/groundgate@{SHA}"  # pinned by the stamped release commit
    assert "placeholder" not in written.stdout
    assert "https://github.com/acme/groundgate/tree/v" in (repo / "evals/README.md").read_text()
    compared = run(command, "compare", "--judge", "figures", "--cases", "evals/cases.jsonl", "--baseline",
                   "evals/baseline.jsonl", "--candidate", "evals/candidate.jsonl", "--report", "report.md", cwd=repo)  # fmt: skip
    assert "Verdict: Passes" in compared.stdout
    assert (repo / "report.md").read_text().startswith("## ✅ groundgate: Passes")


@pytest.mark.parametrize(
    ("repository", "commit", "tag", "says"),
    [
        ("acme/groundgate", SHA, "v9.9.9", "is not that version"),
        ("acme/groundgate", SHA[:12], f"v{groundgate.__version__}", "is not a 40-hex commit"),
        ("acme", SHA, f"v{groundgate.__version__}", "is not OWNER/REPO"),
    ],
)
def test_the_stamp_refuses_what_is_not_this_release(
    tmp_path: Path, repository: str, commit: str, tag: str, says: str
) -> None:
    (tmp_path / "groundgate/starter").mkdir(parents=True)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts/stamp-release"), repository, commit, tag, str(tmp_path)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert says in done.stderr
    assert done.stderr.count("\n") == 1
    assert not (tmp_path / "groundgate/starter/release.json").exists()

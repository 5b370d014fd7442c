"""action.yml, the settings models and the README say the same thing about inputs and outputs."""

from __future__ import annotations

import re
from typing import Any

from ruamel.yaml import YAML

import groundgate
from groundgate.settings import ACTION_FIELDS, ACTION_ONLY_INPUTS, COMPARE_INPUTS, FIELDS, INPUTS, OUTPUTS, Settings
from tests.support.paths import ROOT

EXAMPLE_FILES = sorted([*(ROOT / "examples").glob("*.yml"), *(ROOT / "examples").glob("fork-prs/*.yml")])


def action_yml() -> dict[str, Any]:
    return YAML(typ="safe").load((ROOT / "action.yml").read_text())  # type: ignore[no-any-return]


def table(heading: str, path: str = "docs/inputs.md") -> dict[str, str]:
    """The rows of the table under ``heading``, by name: docs/inputs.md (generated from action.yml by
    scripts/docs.py), or a table the README still has."""
    text = (ROOT / path).read_text()
    section = re.split(rf"^#+ {heading}\n", text, maxsplit=1, flags=re.M)[1].split("\n#", 1)[0]
    return {m.group(1): m.group(2).strip() for m in re.finditer(r"^\| `([\w-]+)` \|(.*)$", section, re.M)}


def tables(heading: str) -> list[dict[str, str]]:
    """The reference's table, and the README's while it keeps one (its front door may link to docs/ instead)."""
    readme = (ROOT / "README.md").read_text()
    return [table(heading), *([table(heading, "README.md")] if f"### {heading}\n" in readme else [])]


def test_inputs_agree() -> None:
    declared = list(action_yml()["inputs"])
    assert declared == list(INPUTS)
    for found in tables("Inputs"):
        assert list(found) == declared
    fields = set(Settings.model_fields)
    assert {FIELDS.get(name, name.replace("-", "_")) for name in declared} <= fields
    assert {name.replace("-", "_") for name in ACTION_ONLY_INPUTS} == ACTION_FIELDS
    assert {FIELDS[name] for name in COMPARE_INPUTS} == fields - ACTION_FIELDS - {
        "root",
        "results",
        "report",
        "keep_texts",
        "github",
        "identity_secrets",  # azure-identity's variables, read from the environment only: no input
        "dry_run",  # compare --dry-run: a mode of the CLI's, which the action has no use for
    }


def test_defaults_agree() -> None:
    inputs = action_yml()["inputs"]
    for name, spec in inputs.items():
        field = FIELDS.get(name, name.replace("-", "_"))
        default = Settings.model_fields[field].default
        if "default" not in spec or name == "github-token":
            continue
        if isinstance(default, frozenset):
            assert set(spec["default"].split(",")) == default, name
        elif isinstance(default, bool):
            assert spec["default"] == str(default).lower(), name
        else:
            assert spec["default"] == str(default), name
        for found in tables("Inputs"):
            assert f"`{spec['default']}`" in found[name], name
    required = {name for name, spec in inputs.items() if spec.get("required")}
    assert required == {"cases", "baseline", "candidate"}


def test_outputs_agree() -> None:
    assert list(action_yml()["outputs"]) == list(OUTPUTS)
    for found in tables("Outputs"):
        assert list(found) == list(OUTPUTS)


def load(path: str) -> dict[str, Any]:
    return YAML(typ="safe").load((ROOT / path).read_text())  # type: ignore[no-any-return]


def version() -> str:
    found = re.search(r'^version = "(.+)"$', (ROOT / "pyproject.toml").read_text(), re.M)
    assert found is not None
    return found.group(1)


def test_main_builds_the_dockerfile_and_names_no_owner() -> None:
    """A release commit names the pushed image by digest; main builds the Dockerfile, in any fork."""
    assert version() == groundgate.__version__
    assert action_yml()["runs"] == {"using": "docker", "image": "Dockerfile"}
    for path in ("action.yml", ".github/workflows/release.yml", "Dockerfile", "scripts/pin-image"):
        assert "your-org" not in (ROOT / path).read_text(), path
    steps = [step for job in load(".github/workflows/ci.yml")["jobs"].values() for step in job["steps"]]
    assert [step["uses"] for step in steps if step.get("uses", "").startswith(".")] == ["./"]  # CI runs the action


def test_every_uses_line_names_the_major_version_the_release_moves() -> None:
    """README, examples and the release agree on N in `uses: <owner>/groundgate@vN`."""
    major = f"v{version().split('.')[0]}"
    texts = {path.relative_to(ROOT).as_posix(): path.read_text() for path in [ROOT / "README.md", *EXAMPLE_FILES]}
    found = {path: re.findall(r"groundgate@(v[\w.]+)", text) for path, text in texts.items()}
    assert found["README.md"], found
    assert found["examples/workflow.yml"], found
    assert {tag for tags in found.values() for tag in tags} == {major}
    assert 'echo "major=v${version%%.*}"' in (ROOT / ".github/workflows/release.yml").read_text()


def test_one_python_for_ci_the_image_and_the_lock() -> None:
    base = re.search(
        r"^FROM python:(\d+\.\d+\.\d+)-slim-\w+@sha256:[0-9a-f]{64}$", (ROOT / "Dockerfile").read_text(), re.M
    )
    assert base is not None, "the base image is pinned by digest"
    steps = [step for job in load(".github/workflows/ci.yml")["jobs"].values() for step in job["steps"]]
    [python] = {step["with"]["python-version"] for step in steps if "setup-python" in step.get("uses", "")}
    assert python == base.group(1)
    for lock in ("requirements.lock", "requirements-dev.lock"):
        assert f"--python-version {python.rsplit('.', 1)[0]} " in (ROOT / lock).read_text().splitlines()[1], lock


def test_every_install_in_the_image_is_hash_pinned() -> None:
    runs = [
        line for line in (ROOT / "Dockerfile").read_text().replace("\\\n", " ").splitlines() if "pip install" in line
    ]
    assert runs
    for line in runs:
        assert "--require-hashes" in line or ("--no-deps" in line and "--no-build-isolation" in line), line
    build = (ROOT / "requirements-build.lock").read_text()
    assert re.search(r"^setuptools==[\d.]+ \\\n    --hash=sha256:[0-9a-f]{64}$", build, re.M)


def test_the_release_workflow_pushes_both_platforms_attested_and_pins_the_digest() -> None:
    text = (ROOT / ".github/workflows/release.yml").read_text()
    release = load(".github/workflows/release.yml")
    assert release["on"]["push"]["tags"] == ["v[0-9]+.[0-9]+.[0-9]+"]
    job = release["jobs"]["release"]
    assert job["permissions"] == {"contents": "write", "packages": "write"}
    uses = re.findall(r"^\s+(?:- )?uses: (\S+)(.*)$", text, re.M)
    assert uses
    for action, comment in uses:  # zizmor's hash-pin rule, and which release each SHA is
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", action), action
        assert re.fullmatch(r" # v\d+\.\d+\.\d+", comment), (action, comment)
    assert {u.split("@")[0] for u, _ in uses} >= {
        "docker/setup-qemu-action", "docker/setup-buildx-action", "docker/login-action", "docker/metadata-action",
        "docker/build-push-action",
    }  # fmt: skip
    steps = {step.get("id"): step for step in job["steps"]}
    assert 'echo "image=ghcr.io/${REPOSITORY,,}"' in steps["version"]["run"]  # this repository's own package
    assert steps["version"]["env"]["REPOSITORY"] == "${{ github.repository }}"
    assert steps["meta"]["with"]["images"] == "${{ steps.version.outputs.image }}"
    build = steps["build"]["with"]
    assert (build["platforms"], build["push"], build["provenance"], build["sbom"]) == (
        "linux/amd64,linux/arm64",
        True,
        "mode=max",
        True,
    )
    readme = (ROOT / "README.md").read_text()
    assert "**Linux runners only.**" in readme
    for platform in build["platforms"].split(","):  # the README names what the release builds
        assert f"`{platform}`" in readme.split("**Linux runners only.**", 1)[1].split("\n\n", 1)[0], platform
    [pin] = [step for step in job["steps"] if "scripts/pin-image" in step.get("run", "")]
    assert pin["env"]["DIGEST"] == "${{ steps.build.outputs.digest }}"
    assert pin["env"]["IMAGE"] == "${{ steps.version.outputs.image }}"
    assert job["steps"][-1] is pin  # the tags move only once the image is pushed


def test_the_release_publishes_the_checked_distributions_of_its_release_commit_by_trusted_publishing() -> None:
    """PyPI gets the sdist and wheel of the commit the tags point at, built with the pinned backend and checked
    by twine; only the job that uploads them can ask for an OIDC token, and no API token exists."""
    release = load(".github/workflows/release.yml")
    jobs = release["jobs"]
    assert release["permissions"] == {}
    assert {name: job.get("permissions") for name, job in jobs.items()} == {
        "release": {"contents": "write", "packages": "write"},
        "distributions": {"contents": "read"},
        "pypi": {"id-token": "write"},
    }
    assert jobs["release"]["outputs"]["commit"] == "${{ steps.pinned.outputs.commit }}"
    built = jobs["distributions"]
    assert built["needs"] == "release"
    assert built["steps"][0]["with"]["ref"] == "${{ needs.release.outputs.commit }}"
    run = next(step["run"] for step in built["steps"] if "run" in step)
    for line in (
        "--require-hashes -r requirements-dev.lock -r requirements-build.lock",
        'scripts/stamp-release "${REPOSITORY}" "${COMMIT}" "${TAG}"',
        "-m build --no-isolation --outdir dist .",
        'twine" check --strict dist/*',
    ):
        assert line in run, line
    publish = jobs["pypi"]
    assert publish["needs"] == "distributions"
    assert publish["environment"]["name"] == "pypi"
    [upload] = [step for step in publish["steps"] if step["uses"].startswith("pypa/gh-action-pypi-publish@")]
    assert re.fullmatch(r"pypa/gh-action-pypi-publish@[0-9a-f]{40}", upload["uses"])
    assert "with" not in upload  # no password, no token: trusted publishing
    name = re.search(r'^name = "(.+?)"', (ROOT / "pyproject.toml").read_text(), re.M)
    assert name is not None
    assert publish["environment"]["url"] == f"https://pypi.org/project/{name.group(1)}/"


def test_example_workflows_use_only_declared_inputs() -> None:
    declared = set(action_yml()["inputs"])
    for path in sorted((ROOT / "examples").glob("workflow*.yml")):
        workflow = YAML(typ="safe").load(path.read_text())
        steps = [step for job in workflow["jobs"].values() for step in job.get("steps", [])]
        used = [set(step.get("with", {})) for step in steps if "groundgate" in str(step.get("uses", ""))]
        assert used, path.name
        assert set().union(*used) <= declared, (path.name, set().union(*used) - declared)

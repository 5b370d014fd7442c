"""action.yml, the settings models and the README say the same thing about inputs and outputs."""

from __future__ import annotations

import re
from typing import Any

from ruamel.yaml import YAML

import groundgate
from groundgate.settings import ACTION_FIELDS, ACTION_ONLY_INPUTS, COMPARE_INPUTS, FIELDS, INPUTS, OUTPUTS, Settings
from tests.support.paths import ROOT


def action_yml() -> dict[str, Any]:
    return YAML(typ="safe").load((ROOT / "action.yml").read_text())  # type: ignore[no-any-return]


def readme_table(heading: str) -> dict[str, str]:
    text = (ROOT / "README.md").read_text()
    section = text.split(f"### {heading}\n", 1)[1].split("\n#", 1)[0]
    return {m.group(1): m.group(2).strip() for m in re.finditer(r"^\| `([\w-]+)` \|(.*)$", section, re.M)}


def test_inputs_agree() -> None:
    declared = list(action_yml()["inputs"])
    assert declared == list(INPUTS)
    assert list(readme_table("Inputs")) == declared
    fields = set(Settings.model_fields)
    assert {FIELDS.get(name, name.replace("-", "_")) for name in declared} <= fields
    assert {name.replace("-", "_") for name in ACTION_ONLY_INPUTS} == ACTION_FIELDS
    assert {FIELDS[name] for name in COMPARE_INPUTS} == fields - ACTION_FIELDS - {
        "root",
        "results",
        "report",
        "keep_texts",
        "github",
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
        assert f"`{spec['default']}`" in readme_table("Inputs")[name], name
    required = {name for name, spec in inputs.items() if spec.get("required")}
    assert required == {"cases", "baseline", "candidate"}


def test_outputs_agree() -> None:
    assert list(action_yml()["outputs"]) == list(OUTPUTS)
    assert list(readme_table("Outputs")) == list(OUTPUTS)


def load(path: str) -> dict[str, Any]:
    return YAML(typ="safe").load((ROOT / path).read_text())  # type: ignore[no-any-return]


def test_the_action_pulls_the_released_image_of_its_own_version() -> None:
    version = re.search(r'^version = "(.+)"$', (ROOT / "pyproject.toml").read_text(), re.M)
    assert version is not None
    assert version.group(1) == groundgate.__version__
    assert action_yml()["runs"] == {
        "using": "docker",
        "image": f"docker://ghcr.io/your-org/groundgate:{version.group(1)}",
    }


def test_ci_runs_the_same_action_built_from_the_dockerfile() -> None:
    local = load(".github/actions/groundgate-from-source/action.yml")
    released = action_yml()
    assert {k: v for k, v in local.items() if k not in ("name", "description", "runs")} == {
        k: v for k, v in released.items() if k not in ("name", "description", "runs")
    }
    assert local["runs"] == {"using": "docker", "image": "../../../Dockerfile"}
    # The runner joins image to the action's folder and builds with the Dockerfile's folder as context.
    assert (ROOT / ".github/actions/groundgate-from-source" / local["runs"]["image"]).resolve() == ROOT / "Dockerfile"
    steps = [step for job in load(".github/workflows/ci.yml")["jobs"].values() for step in job["steps"]]
    assert any(step.get("uses") == "./.github/actions/groundgate-from-source" for step in steps)


def test_one_python_for_ci_the_image_and_the_lock() -> None:
    base = re.search(
        r"^FROM python:(\d+\.\d+\.\d+)-slim-\w+@sha256:[0-9a-f]{64}$", (ROOT / "Dockerfile").read_text(), re.M
    )
    assert base is not None, "the base image is pinned by digest"
    steps = [step for job in load(".github/workflows/ci.yml")["jobs"].values() for step in job["steps"]]
    [python] = [step["with"]["python-version"] for step in steps if "setup-python" in step.get("uses", "")]
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


def test_the_release_workflow_pushes_pinned_and_tagged() -> None:
    release = load(".github/workflows/release.yml")
    assert release["on"]["push"]["tags"] == ["v[0-9]+.[0-9]+.[0-9]+"]
    [job] = release["jobs"].values()
    assert job["permissions"] == {"contents": "write", "packages": "write"}
    uses = [step["uses"] for step in job["steps"] if "uses" in step]
    assert all(re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", u) for u in uses), uses
    assert {u.split("@")[0] for u in uses} >= {
        "docker/build-push-action",
        "docker/login-action",
        "docker/metadata-action",
    }
    [meta] = [step for step in job["steps"] if "metadata-action" in step.get("uses", "")]
    assert meta["with"]["tags"].split() == [
        "type=semver,pattern={{version}}", "type=semver,pattern={{major}}.{{minor}}", "type=semver,pattern={{major}}",
        "type=sha,format=long",
    ]  # fmt: skip
    text = (ROOT / ".github/workflows/release.yml").read_text()
    assert "image: docker://${image}:${version}" in text  # refuses a tag action.yml does not name


def test_example_workflows_use_only_declared_inputs() -> None:
    declared = set(action_yml()["inputs"])
    for path in sorted((ROOT / "examples").glob("workflow*.yml")):
        workflow = YAML(typ="safe").load(path.read_text())
        steps = [step for job in workflow["jobs"].values() for step in job.get("steps", [])]
        used = [set(step.get("with", {})) for step in steps if "groundgate" in str(step.get("uses", ""))]
        assert used, path.name
        assert set().union(*used) <= declared, (path.name, set().union(*used) - declared)

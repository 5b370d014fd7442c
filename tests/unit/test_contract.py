"""action.yml, the settings models and the README say the same thing about inputs and outputs."""

from __future__ import annotations

import re
from typing import Any

from ruamel.yaml import YAML

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


def test_runs_the_dockerfile() -> None:
    assert action_yml()["runs"] == {"using": "docker", "image": "Dockerfile"}


def test_example_workflows_use_only_declared_inputs() -> None:
    declared = set(action_yml()["inputs"])
    for path in sorted((ROOT / "examples").glob("workflow*.yml")):
        workflow = YAML(typ="safe").load(path.read_text())
        steps = [step for job in workflow["jobs"].values() for step in job.get("steps", [])]
        used = [set(step.get("with", {})) for step in steps if "groundgate" in str(step.get("uses", ""))]
        assert used, path.name
        assert set().union(*used) <= declared, (path.name, set().union(*used) - declared)

"""The generated reference (docs/inputs.md from action.yml, docs/cli.md from the parser) is what
scripts/docs.py writes, so it cannot drift from the action or the command it documents."""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

from ruamel.yaml import YAML

from groundgate.cli import COMMANDS
from groundgate.cli.parser import parser
from tests.support.paths import ROOT

GENERATED = ("docs/inputs.md", "docs/cli.md")


def docs(root: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(root / "scripts/docs.py"), *argv], capture_output=True, text=True, timeout=120, check=False
    )


def test_the_committed_reference_is_what_the_generator_writes() -> None:
    done = docs(ROOT, "--check")
    assert done.returncode == 0, done.stderr


def test_a_change_to_action_yml_is_caught_until_the_pages_are_generated_again(tmp_path: Path) -> None:
    for name in ("scripts/docs.py", "action.yml", *GENERATED):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    action = (tmp_path / "action.yml").read_text()
    (tmp_path / "action.yml").write_text(
        action.replace(
            "inputs:\n", "inputs:\n  a-new-input:\n    description: Something new.\n    required: false\n", 1
        )
    )
    before = {name: (tmp_path / name).read_text() for name in GENERATED}
    stale = docs(tmp_path, "--check")
    assert stale.returncode == 1
    assert stale.stderr.splitlines() == [
        "docs/inputs.md differs from what scripts/docs.py generates: run .venv/bin/python scripts/docs.py"
    ]
    assert {name: (tmp_path / name).read_text() for name in GENERATED} == before  # --check writes nothing
    assert docs(tmp_path).returncode == 0
    assert "| `a-new-input` |  | Something new. |" in (tmp_path / "docs/inputs.md").read_text()
    assert docs(tmp_path, "--check").returncode == 0


def test_every_command_flag_input_and_output_has_its_row() -> None:
    cli = (ROOT / "docs/cli.md").read_text()
    for name in COMMANDS:
        assert f"\n## groundgate {name}\n" in cli, name
    top = parser()
    [group] = [a for a in top._actions if a.dest == "command"]
    for name, sub in group.choices.items():  # type: ignore[union-attr]
        section = cli.split(f"\n## groundgate {name}\n", 1)[1].split("\n## ", 1)[0]
        for action in sub._actions:
            for option in () if isinstance(action, argparse._HelpAction) else action.option_strings:
                assert f"`{option}" in section or f", {option}" in section, (name, option)
    inputs = (ROOT / "docs/inputs.md").read_text()
    action = YAML(typ="safe").load((ROOT / "action.yml").read_text())
    for name in [*action["inputs"], *action["outputs"]]:
        assert f"| `{name}` |" in inputs, name


def test_the_architecture_page_names_only_modules_that_exist() -> None:
    """docs/architecture.md says where each feature lives: a module renamed or split makes it wrong."""
    text = (ROOT / "docs/architecture.md").read_text()
    named = set(re.findall(r"\b((?:[a-z_]+/)*[a-z_]+\.py|[a-z_]+/)(?=[`\s,)(;:])", text))
    assert len(named) > 40
    package = ROOT / "groundgate"
    places = [package, *(p for p in package.iterdir() if p.is_dir()), ROOT, ROOT / "scripts", ROOT / ".github"]
    places += [ROOT / "tests", ROOT / "tests/support"]
    missing = {name for name in named if not any((place / name).exists() for place in places)}
    assert missing == set()

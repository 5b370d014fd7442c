#!/usr/bin/env python3
"""The reference pages that are generated, never written by hand:

    .venv/bin/python scripts/docs.py           write docs/inputs.md (from action.yml) and docs/cli.md (from the parser)
    .venv/bin/python scripts/docs.py --check   write nothing; name each page that differs and exit 1

Edit action.yml or groundgate/cli/parser.py, then run it; tests/unit/test_docs.py fails while a committed page
differs from what this writes. Deterministic: the usage lines are wrapped at a fixed width, whatever the terminal.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parent.parent
WIDTH = "100"  # argparse wraps usage lines at the terminal's width (COLUMNS): fixed, so every machine agrees


def cell(text: str) -> str:
    """One markdown table cell: one line, pipes escaped."""
    text = " ".join(str(text).split()).replace("|", "\\|")
    return text.replace("<", "&lt;").replace(">", "&gt;")  # <resource> is a placeholder, not an HTML tag


def inputs_page(action: dict[str, Any]) -> str:
    lines = [
        "# The action's inputs and outputs",
        "",
        "<!-- Generated from action.yml by scripts/docs.py: edit action.yml, then run it. "
        "tests/unit/test_docs.py fails while this page differs. -->",
        "",
        "Inputs go under the step's `with:` (spelled with hyphens or underscores). An empty input is an unset "
        "one. Secrets go in as `${{ secrets.NAME }}` and are masked in the log. The command line takes the same "
        "settings as flags (see [cli.md](cli.md)).",
        "",
        "## Inputs",
        "",
        "| input | default | meaning |",
        "| --- | --- | --- |",
    ]
    for name, spec in action["inputs"].items():
        if spec.get("required"):
            default = "(required)"
        elif "default" in spec:
            default = f"`{cell(spec['default'])}`"
        else:
            default = ""
        lines.append(f"| `{name}` | {default} | {cell(spec.get('description', ''))} |")
    lines += ["", "## Outputs", "", "| output | meaning |", "| --- | --- |"]
    for name, spec in action["outputs"].items():
        lines.append(f"| `{name}` | {cell(spec.get('description', ''))} |")
    return "\n".join(lines) + "\n"


def _commands(parser: argparse.ArgumentParser) -> dict[str, tuple[argparse.ArgumentParser, str]]:
    """Each subcommand's parser and its one-line help, in the order ``--help`` lists them."""
    [group] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    helps = {choice.dest: choice.help or "" for choice in group._choices_actions}
    return {name: (sub, helps.get(name, "")) for name, sub in group.choices.items()}


def _flag(action: argparse.Action) -> str:
    if not action.option_strings:
        return f"`{action.metavar or action.dest}`" + (" ..." if action.nargs in ("+", "*") else "")
    name = ", ".join(action.option_strings)
    if action.nargs == 0:
        return f"`{name}`"
    if action.choices is not None:
        return f"`{name} {{{','.join(str(c) for c in action.choices)}}}`"
    return f"`{name} {action.metavar or action.dest.upper()}`"


def _meaning(action: argparse.Action) -> str:
    text = action.help or ""
    if action.required:
        text += " (required)"
    elif action.default not in (None, False, argparse.SUPPRESS) and action.nargs != 0:
        text += f" (default {action.default})"
    return cell(text)


def cli_page(parser: argparse.ArgumentParser, environment: dict[str, str], secrets: frozenset[str]) -> str:
    commands = _commands(parser)
    lines = [
        "# The command line",
        "",
        "<!-- Generated from the parser (groundgate/cli/parser.py) by scripts/docs.py: edit the parser, then run it. "
        "tests/unit/test_docs.py fails while this page differs. -->",
        "",
        f"{parser.description} Installed by `pipx install groundgate-cli` (see [install.md](install.md)); every "
        "command takes `--help`.",
        "",
        "| command | what it does |",
        "| --- | --- |",
        *(f"| [`{name}`](#groundgate-{name}) | {cell(help_)} |" for name, (_, help_) in commands.items()),
        "",
        cell(parser.epilog or ""),
        "",
        "## Settings from the environment",
        "",
        "A flag left unset falls back to its variable; API keys and the cache's secret have no flag at all, so "
        "they cannot land in shell history or a process listing.",
        "",
        "| variable | setting |",
        "| --- | --- |",
    ]
    for field, variable in environment.items():
        setting = "no flag: read only from the environment" if field in secrets else f"`--{field.replace('_', '-')}`"
        lines.append(f"| `{variable}` | {setting} |")
    for name, (sub, help_) in commands.items():
        first, *rest = sub.format_usage().rstrip().splitlines()  # continuation lines indented under "usage: "
        usage = "\n".join([first.removeprefix("usage: "), *(line[len("usage: ") :] for line in rest)])
        lines += ["", f"## groundgate {name}", "", cell(sub.description or help_), "", "```text", usage, "```", ""]
        lines += ["| flag | meaning |", "| --- | --- |"]
        lines += [f"| {_flag(a)} | {_meaning(a)} |" for a in sub._actions if not isinstance(a, argparse._HelpAction)]
    return "\n".join(lines) + "\n"


def pages() -> dict[Path, str]:
    os.environ["COLUMNS"] = WIDTH
    sys.path.insert(0, str(ROOT))
    from groundgate.cli.parser import parser
    from groundgate.settings import ENVIRONMENT, SECRETS

    action = YAML(typ="safe").load((ROOT / "action.yml").read_text(encoding="utf-8"))
    return {
        ROOT / "docs/inputs.md": inputs_page(action),
        ROOT / "docs/cli.md": cli_page(parser(), ENVIRONMENT, SECRETS),
    }


def main(argv: list[str]) -> int:
    check = argv == ["--check"]
    if argv and not check:
        print("usage: scripts/docs.py [--check]", file=sys.stderr)
        return 2
    stale = []
    for path, text in pages().items():
        found = path.read_text(encoding="utf-8") if path.exists() else None
        if found == text:
            continue
        if check:
            stale.append(path.relative_to(ROOT).as_posix())
        else:
            path.write_text(text, encoding="utf-8")
    for name in stale:
        print(
            f"{name} differs from what scripts/docs.py generates: run .venv/bin/python scripts/docs.py", file=sys.stderr
        )
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

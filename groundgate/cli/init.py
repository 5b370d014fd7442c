"""``groundgate init``: a workflow and a starter suite in the repository the command runs in (``starter``)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from pathlib import Path

from groundgate import starter
from groundgate.cli.output import out
from groundgate.errors import UsageError


def repository_root(start: Path) -> Path:
    """The nearest folder holding ``.git`` at or above ``start`` (links resolved, so no write walks through one)."""
    here = start.resolve()
    for folder in (here, *here.parents):
        if (folder / ".git").exists():
            return folder
    raise UsageError(
        f"{here} is not in a git repository: run groundgate init in the repository to gate (or git init first)"
    )


def ask_judge() -> str:
    """The judge, asked on the terminal: --judge asks nothing."""
    print(
        "Which judge scores the answers in CI: azure (an Azure OpenAI deployment) or openai (any "
        "OpenAI-compatible server)? [azure] ",
        end="",
        file=sys.stderr,
        flush=True,
    )
    line = sys.stdin.readline()
    if not line:
        print(file=sys.stderr)  # the error on a line of its own
        raise UsageError("--judge: no answer to which judge (stdin closed): pass --judge azure or --judge openai")
    answer = line.strip().lower() or "azure"
    if answer not in starter.JUDGES:
        raise UsageError(f"--judge: choose azure or openai (got {answer!r})")
    return answer


def init(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    suite = starter.suite_folder(args.suite)
    cwd = Path.cwd()
    root = repository_root(cwd)
    release = starter.Release.of_package()
    chosen = starter.action(args.action, release)
    starter.refuse_existing(root, suite)  # before asking anything
    judge = args.judge or ask_judge()
    docs = f"https://github.com/{release.repository}/tree/{release.version}/docs" if release else "its docs/ folder"
    starter.write(root, suite, starter.planned(judge, suite, chosen, docs))
    here = os.path.relpath(root / suite, cwd.resolve())
    out(starter.next_steps(judge, suite, chosen, here, root))
    return 0

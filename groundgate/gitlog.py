"""The last commit that changed a file, from the local git repository: the CLI's view of how old the baseline
answers are. No git, no repository, an untracked file or one with uncommitted changes: nothing (None), and
the report says nothing of the baseline's age."""

from __future__ import annotations

import shutil
import subprocess
from datetime import datetime
from pathlib import Path

from groundgate.baseline_age import BaselineAge, age

TIMEOUT = 10  # seconds: git answers this in milliseconds; a hung git must not hold the run


def baseline_age(path: Path, now: datetime) -> BaselineAge | None:
    """The age of the committed ``path`` at ``now``, from ``git log``; None whenever git cannot tell."""
    git = shutil.which("git")
    if git is None or not path.is_file():
        return None
    folder, name = path.resolve().parent, path.resolve().name
    try:
        dirty = _git(git, folder, "status", "--porcelain", "--", name)
        found = _git(git, folder, "log", "-1", "--format=%H %cI", "--", name)
    except (OSError, subprocess.SubprocessError):
        return None
    if dirty or not found:  # uncommitted changes (or an untracked file): no commit says its age
        return None
    commit, _, stamp = found.partition(" ")
    try:
        changed = datetime.fromisoformat(stamp)
    except ValueError:
        return None
    return age(commit, changed, now, str(path), "git")


def _git(git: str, folder: Path, *args: str) -> str:
    done = subprocess.run(  # noqa: S603 - git, with our arguments and a file name after '--'
        [git, "-C", str(folder), *args],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=True,
        env={"GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C", "PATH": ""},
    )
    return done.stdout.strip()

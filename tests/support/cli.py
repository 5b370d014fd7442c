"""The CLI as a user runs it: a subprocess with a clean environment."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from tests.support.paths import EXAMPLES


def groundgate(
    *args: str, env: dict[str, str] | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "groundgate.cli", *args],
        capture_output=True,
        text=True,
        env={"PATH": os.environ.get("PATH", ""), **(env or {})},
        timeout=120,
        check=False,
        cwd=cwd,
    )


def example(candidate: str, results: Path) -> subprocess.CompletedProcess[str]:
    return groundgate(
        "compare", "--judge", "figures", "--cases", str(EXAMPLES / "cases.jsonl"),
        "--baseline", str(EXAMPLES / "baseline.jsonl"), "--candidate", str(EXAMPLES / candidate),
        "--results", str(results),
    )  # fmt: skip


def interruptible() -> None:
    """A ``preexec_fn``: Ctrl-C's default for the child. A shell starts background jobs with SIGINT
    ignored, and a child keeps that, so a test that sends SIGINT would otherwise depend on how the
    suite itself was launched."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def compare_argv(cases: Path, baseline: Path, candidate: Path, *extra: str) -> list[str]:
    """``groundgate compare`` with the offline figures judge on three files: no account, no network."""
    return ["compare", "--judge", "figures", "--cases", str(cases), "--baseline", str(baseline),
            "--candidate", str(candidate), *extra]  # fmt: skip


PROGRESS = re.compile(r"^[a-z -]+: \d[\d,]*/[\d,]+ judge calls")  # the progress line's sign of life


def error_line(stderr: str) -> str:
    """The one line a run that stopped wrote about why: besides it, stderr holds at most the plan said
    before the first judge call, and the progress lines of a call that took a while (a loaded machine)."""
    lines = [line for line in stderr.strip().splitlines() if not PROGRESS.match(line)]
    assert [line for line in lines[:-1] if not line.startswith("groundgate: plan: ")] == [], stderr
    assert len(lines) <= 2, stderr
    return lines[-1]

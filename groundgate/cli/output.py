"""What every command prints: the console report, one-line messages on stderr, and stdout that cannot
form a workflow command (the CLI may run inside a workflow step)."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from contextlib import suppress
from pathlib import Path
from typing import TextIO

from groundgate.errors import CannotWrite, one_line
from groundgate.files import write_text
from groundgate.redact import Redactor
from groundgate.report import Target, render
from groundgate.report.console import columns, render_console
from groundgate.report.context import ReportContext
from groundgate.report.escape import log_safe
from groundgate.results import Results
from groundgate.settings import IDENTITY_VARIABLES, SECRET_VARIABLES


def out(text: str) -> None:
    """Everything the CLI prints to stdout: it may run inside a workflow step, so nothing in it may
    form a workflow command. A stdout that cannot take it (a full disk, ``| head`` gone) is an output not
    written (exit 5), never a bug; stdout then goes to /dev/null, so the exit's own flush cannot fail too."""
    try:
        sys.stdout.write(log_safe(text))
        sys.stdout.flush()
    except OSError as exc:
        _to_nowhere(sys.stdout)
        raise CannotWrite(f"stdout: cannot write the console report: {exc.strerror or exc}") from None


def err(line: str) -> None:
    """One line to stderr. A stderr that cannot take it (a full disk, a closed pipe) loses the line and
    nothing else: a warning, or the error line, is not worth the verdict's exit code."""
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        _to_nowhere(sys.stderr)


def _to_nowhere(stream: TextIO) -> None:
    """A stream that failed writes to /dev/null from now on: what is still in its buffer, flushed when the
    process exits, cannot fail again and turn the exit code into Python's 120."""
    with suppress(OSError, ValueError):
        nowhere = os.open(os.devnull, os.O_WRONLY)
        os.dup2(nowhere, stream.fileno())
        os.close(nowhere)


def say(message: str) -> None:
    err(log_safe(f"groundgate: {one_line(message)}"))


def warn(message: str) -> None:
    err(log_safe(f"groundgate: warning: {one_line(message)}"))


def redactor(environ: Mapping[str, str]) -> Redactor:
    """Every secret the environment holds, taken out of what is printed."""
    names = (*SECRET_VARIABLES, *IDENTITY_VARIABLES, "GITHUB_TOKEN", "GH_TOKEN")
    return Redactor(environ.get(name) for name in names)


def write_report(results: Results, path: Path | None, size: Target, results_path: Path | None) -> None:
    if path is None:
        return
    where = f"the results file ({results_path.name})" if results_path else "the results file (`--results`)"
    text = render(results, size, ReportContext(full_report=where))
    write_text(path, text)


def console(results: Results, report: Path | None, results_path: Path | None, environ: Mapping[str, str]) -> None:
    """Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org); the width is
    the terminal's. The full list is in the report or the results written, or in those a rerun writes."""
    colour = sys.stdout.isatty() and not environ.get("NO_COLOR") and environ.get("TERM") != "dumb"
    if report:
        where = f"the report ({report})"
    elif results_path:
        where = f"the results file ({results_path})"
    else:
        where = "the report: run again with --report FILE"
    out(render_console(results, colour=colour, where=where, columns=columns(environ)))

"""The ``groundgate`` command: the same comparison and report as the action, from a terminal.

Thin: flags (``cli.parser``) become one ``Settings`` (where unset flags fall back to environment
variables; the API keys are read only from AZURE_OPENAI_API_KEY and OPENAI_API_KEY, never from a flag, so
they cannot land in shell history or process listings), ``wiring`` builds the clients, ``app`` runs the
job, and the report is printed. One module per group of commands; ``main`` turns every error into one line.
"""

from __future__ import annotations

import argparse
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from groundgate.cli import gate, init, labels, measure
from groundgate.cli.output import err, redactor
from groundgate.cli.parser import parser
from groundgate.errors import GroundgateError, InternalError, one_line, stop_on_sigterm, tolerant_output
from groundgate.files import own_by
from groundgate.report.escape import log_safe

Command = Callable[[argparse.Namespace, Mapping[str, str]], int]
COMMANDS: dict[str, Command] = {
    "init": init.init,
    "compare": gate.compare,
    "merge": gate.merge,
    "report": gate.report,
    "calibrate": measure.calibrate,
    "bridge": measure.bridge,
    "judges": measure.judges,
    "doctor": measure.doctor,
    "selftest": measure.selftest,
    "labels": labels.labels,
}


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    environ = os.environ if environ is None else environ
    tolerant_output()
    if threading.current_thread() is threading.main_thread():
        stop_on_sigterm()
    try:
        args = parser().parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error already printed as one line
        return exc.code if isinstance(exc.code, int) else 2
    # in a workflow's container (as root), what it writes in the workspace is the workspace owner's, as the action's
    own_by(Path(environ["GITHUB_WORKSPACE"]) if environ.get("GITHUB_WORKSPACE") else None)
    try:
        return COMMANDS[args.command](args, environ)
    except GroundgateError as exc:
        err(log_safe(f"groundgate: error: {one_line(redactor(environ)(str(exc)))}"))
        return exc.exit_code
    except KeyboardInterrupt as exc:  # while loading, or in a command that keeps nothing of a cut-short run
        name = "SIGTERM" if str(exc) == "SIGTERM" else "SIGINT"  # Ctrl-C's KeyboardInterrupt carries no name
        err(f"groundgate: interrupted by {name}: {args.command} did not finish; nothing written")
        return 143 if name == "SIGTERM" else 130
    except Exception as exc:
        error = InternalError.of(exc)
        err(log_safe(f"groundgate: error: {redactor(environ)(str(error))}"))
        return error.exit_code

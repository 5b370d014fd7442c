"""Typed failures, each turned into one user-facing line with its fix by ``describe``.

Code below the entry points raises these; only the CLI and the action entry point catch them,
so a bad input never surfaces as a traceback.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path


class GroundgateError(Exception):
    """Base of every error that is the user's to fix, not a bug."""

    exit_code = 2


class UsageError(GroundgateError):
    """A flag, input or setting has a bad value."""


class InputError(GroundgateError):
    """A record in an input file is malformed: names the file, the line and the field."""

    def __init__(self, path: Path | str, line: int | None, field: str | None, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.field = field
        self.message = message
        where = self.path if line is None else f"{self.path}:{line}"
        what = f" field '{field}':" if field else ""
        super().__init__(f"{where}:{what} {message}")


class MissingResponses(GroundgateError):
    """Cases without a response on one side or both: every missing id is listed, per file."""


class JudgeMismatch(GroundgateError):
    """The two sides were scored by different judge models or rubric modes: not comparable."""

    exit_code = 3


class JudgeUnusable(GroundgateError):
    """The judge refused its configuration on a run's first call (a wrong key, an unknown model, a
    parameter the server does not support): a setting to change, not a judge failing mid-run (that is 3)."""


class OverBudget(GroundgateError):
    """The run's plan needs more judge calls or tokens than its budget allows: stopped before the first
    call, a setting to change."""


class JudgeUnreachable(GroundgateError):
    """The judge server could not be reached at all (connection refused, DNS, TLS): no answer to judge by."""

    exit_code = 3


class Interrupted(GroundgateError):
    """The run was stopped (SIGINT, SIGTERM) before it finished: no verdict. 128 + the signal, as shells do."""

    def __init__(self, message: str, signal_name: str = "SIGINT") -> None:
        super().__init__(message)
        self.exit_code = 143 if signal_name == "SIGTERM" else 130


class DeadlinePassed(GroundgateError):
    """``--deadline`` passed after the judging, while the report was being written: no verdict presented."""

    exit_code = 3


def stop_on_sigterm() -> None:
    """A cancelled workflow sends SIGTERM: unwind like Ctrl-C, so scores are flushed and the stop is reported."""
    import signal

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt(signal.Signals(signum).name)

    signal.signal(signal.SIGTERM, stop)


class InternalError(GroundgateError):
    """A failure nobody planned for (a bug, or an environment groundgate does not know): one line and its
    own exit code, never a traceback that exits 1, which would read as a blocking regression."""

    exit_code = 4

    @classmethod
    def of(cls, exc: BaseException) -> InternalError:
        return cls(f"internal error, please report it: {type(exc).__name__}: {one_line(str(exc))}")


class CannotSignIn(GroundgateError):
    """The judge has no way to sign in on this run (a fork's pull_request run gets no secrets, no OIDC token)."""

    exit_code = 3


class GitHubRefused(GroundgateError):
    """GitHub refused a request the action needs; the gate's verdict still stands."""

    exit_code = 3


class CannotWrite(GroundgateError):
    """An output could not be written (a full disk, a folder without write permission, a symbolic
    link on its path): the environment's to fix, not a bug, and not bad input."""

    exit_code = 5


def tolerant_output() -> None:
    """stdout and stderr print what their encoding cannot hold as a replacement character (``LANG=C``,
    ``PYTHONIOENCODING=ascii``): a report full of em dashes must not turn a verdict into exit 4. A stream
    that was closed (``>&-``: Python makes it None) writes to /dev/null, as if asked to."""
    import os
    import sys
    from contextlib import suppress

    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for the whole process
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for the whole process
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with suppress(OSError, ValueError):  # a closed or unusual stream: left as it is
                reconfigure(errors="replace")


def one_line(text: str) -> str:
    """Collapse a message to one line so it reads as one log line and one annotation."""
    return " ".join(str(text).split())


def chain(exc: BaseException) -> Iterator[BaseException]:
    """``exc`` and what caused it, outermost first (a client library wraps the transport's error)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__

"""GitHub Actions workflow commands, step outputs and the job summary.

Values are escaped the way the runner expects (`%`, CR, LF in data; also `:` and `,` in
properties), multi-line outputs use a random heredoc delimiter, and secrets are masked before
anything that could contain them is printed. Every text this prints goes through ``log_safe`` first,
so no user text can form a workflow command of its own.
"""

from __future__ import annotations

import errno
import secrets
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from groundgate.errors import one_line
from groundgate.report.escape import log_safe
from groundgate.rules import Outcome


def escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(value: str) -> str:
    return escape_data(value).replace(":", "%3A").replace(",", "%2C")


class Log:
    """Where workflow commands go (stdout on a runner); one object so tests can capture it."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdout

    def _command(self, name: str, message: str, **properties: object) -> None:
        props = ",".join(f"{k}={escape_property(log_safe(str(v)))}" for k, v in properties.items() if v is not None)
        self.stream.write(f"::{name}{' ' + props if props else ''}::{escape_data(log_safe(message))}\n")
        self.stream.flush()

    def mask(self, secret: str | None) -> None:
        if secret:
            for line in secret.splitlines():
                if line.strip():  # the secret itself, unaltered, or the mask would not match it
                    self.stream.write(f"::add-mask::{escape_data(line)}\n")
            self.stream.flush()

    def error(
        self, message: str, *, title: str = "groundgate", file: str | None = None, line: int | None = None
    ) -> None:
        self._command("error", message, title=title, file=file, line=line)

    def warning(
        self, message: str, *, title: str = "groundgate", file: str | None = None, line: int | None = None
    ) -> None:
        self._command("warning", message, title=title, file=file, line=line)

    def info(self, message: str) -> None:
        message = log_safe(message)
        self.stream.write(message if message.endswith("\n") else message + "\n")
        self.stream.flush()

    @contextmanager
    def group(self, title: str) -> Iterator[None]:
        self.stream.write(f"::group::{escape_data(log_safe(title))}\n")
        self.stream.flush()  # a live log shows what the run is doing now
        try:
            yield
        finally:
            self.stream.write("::endgroup::\n")
            self.stream.flush()


def outputs_of(
    counts: Mapping[Outcome, int], verdict: str, results_path: str = "", report_path: str = "", *, accepted: int = 0
) -> dict[str, str]:
    """The step's outputs (action.yml's ``outputs``) for a verdict and its counts. On a pull request ``counts``
    are what still blocks once people have spoken and ``accepted`` the blocking rows they accepted, as the
    headline and the report count them."""
    return {
        "verdict": verdict,
        "blocking-regressions": str(counts.get(Outcome.REGRESSION, 0)),
        "regressions": str(counts.get(Outcome.REGRESSION, 0) + counts.get(Outcome.REVIEW, 0)),
        "new-non-answers": str(counts.get(Outcome.NEW_NON_ANSWER, 0)),
        "unstable": str(counts.get(Outcome.UNSTABLE, 0)),
        "errors": str(counts.get(Outcome.ERROR, 0)),
        "unsupported-figures": str(counts.get(Outcome.UNSUPPORTED_FIGURE, 0) + counts.get(Outcome.BLOCKING_FIGURE, 0)),
        "accepted": str(accepted),
        "results-path": results_path,
        "report-path": report_path,
    }


def set_outputs(path: Path | None, outputs: dict[str, str]) -> None:
    """Append outputs to $GITHUB_OUTPUT; every value uses the heredoc form, so any text is safe."""
    if path is None:
        return
    with path.open("a", encoding="utf-8") as handle:
        for name, value in outputs.items():
            delimiter = f"ghadelimiter_{secrets.token_hex(16)}"
            while delimiter in value:  # pragma: no cover - 128 random bits
                delimiter = f"ghadelimiter_{secrets.token_hex(16)}"
            handle.write(f"{name}<<{delimiter}\n{value}\n{delimiter}\n")


def append_summary(path: Path | None, markdown: str) -> None:
    if path is None:
        return
    with path.open("a", encoding="utf-8") as handle:
        handle.write(markdown if markdown.endswith("\n") else markdown + "\n")


NO_ROOM = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})


def to_runner(log: Log, what: str, write: Callable[[], None], *, failing: bool = False) -> None:
    """Write one of the runner's files (the job summary, the step's outputs). One with no room for it (a full
    disk, a quota) is a warning: the verdict, its exit code, the comment and the check run stand. Any other
    failure is unexpected (exit 4), unless the run is ``failing`` already: then the error it reports counts."""
    try:
        write()
    except OSError as exc:
        if not failing and exc.errno not in NO_ROOM:
            raise
        log.warning(f"could not write {what}: {one_line(str(exc))}")


def repository_path(workspace: Path, path: str) -> str:
    """``path`` (relative to the workspace) relative to the root of the checkout that holds it.

    GitHub wants annotation paths and blob links relative to the repository root. With
    ``actions/checkout`` ``path: repo`` the workspace is not that root: the nearest folder inside the
    workspace holding ``.git`` is. Without one (files from an artifact), the workspace is the root."""
    root = workspace.resolve()
    full = root / path
    for folder in full.parents:
        if not folder.is_relative_to(root):
            break
        if (folder / ".git").exists():
            return full.relative_to(folder).as_posix()
    return Path(path).as_posix()

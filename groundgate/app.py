"""The job itself, shared by the CLI and the action: load, judge, compare, write.

Clients (the judges, the cache) are built by ``wiring`` and handed in; nothing here reads the
environment, so tests drive it with clients pointed at local servers.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from groundgate import compare
from groundgate.cases import Inputs, load_inputs, lookalike
from groundgate.errors import DeadlinePassed, InputError, Interrupted
from groundgate.judges.runner import Deadline
from groundgate.results import Results
from groundgate.settings import Settings
from groundgate.wiring import Judges, options


def load(settings: Settings) -> Inputs:
    """The three files, and no category that only looks like a blocking one (a way to dodge the gate)."""
    assert settings.cases  # the settings refuse a run without the three files
    assert settings.baseline
    assert settings.candidate
    inputs = load_inputs(settings.cases, settings.baseline, settings.candidate, settings.rubric, settings.root)
    first: dict[str, int] = {}  # each category's first line, read forwards (the cases live in a store on disk)
    for case in inputs.cases:
        first.setdefault(case.category, case.line)
    for category, line in first.items():
        if (blocking := lookalike(category, settings.blocking_categories)) is not None:
            raise InputError(
                settings.cases,
                line,
                "category",
                f"{category!r} looks like the blocking category {blocking!r} but is spelled with other characters: "
                "write it in plain letters",
            )
    return inputs


def run(settings: Settings, inputs: Inputs, judges: Judges) -> Results:
    """Judge and compare; the score cache is saved even when the run is cut short, and a cache that
    cannot be saved is a warning of the results, never the end of the run."""
    judge = judges.judge
    stopped: KeyboardInterrupt | None = None
    try:
        results = compare.run(inputs, judge, options(settings, judges.rescorer))
    except KeyboardInterrupt as exc:  # SIGINT, or SIGTERM as a cancelled workflow sends it
        stopped = exc
    finally:
        late = _close_and_save(judges)
        stopped = stopped or late
    cache = judge.cache
    if stopped is not None:
        name = _signal_name(stopped)
        saved = ""
        if cache is not None:
            saved = (
                f"; {len(cache)} scores are in the cache {settings.cache}" if cache.writable else "; no cache written"
            )
            saved = f"; {cache.unsaved}" if cache.unsaved else saved
        raise Interrupted(
            f"interrupted by {name} after {judge.calls.total} judge calls{saved}: the run did not finish, so there is no verdict",
            name,
        ) from None
    if cache is not None and cache.unsaved:
        results.warnings.append(cache.unsaved)
    if settings.results:
        results.write(settings.path(settings.results))
    return results


def _close_and_save(judges: Judges) -> KeyboardInterrupt | None:
    """Release the judges and save the cache; a signal during either is returned, not raised, so the
    save still happens (the save itself holds SIGINT and SIGTERM until it is done)."""
    stopped = None
    try:
        judges.close()
    except KeyboardInterrupt as exc:
        stopped = exc
    try:
        if judges.judge.cache is not None:
            judges.judge.cache.save()
    except KeyboardInterrupt as exc:  # held during the save, delivered the moment it ended
        stopped = stopped or exc
    return stopped


def _signal_name(stop: KeyboardInterrupt) -> str:
    return str(stop) if str(stop).startswith("SIG") else "SIGINT"  # Ctrl-C carries no name


RENDER_FLOOR = 5.0  # seconds the report always gets, even when the judging used the whole deadline


class _Overtime(BaseException):
    """The deadline passed while presenting: a BaseException, so no ``except Exception`` swallows it."""


@contextmanager
def presenting(
    results: Results, written: Path | None, deadline: Deadline | None = None, deadline_name: str = "--deadline"
) -> Iterator[None]:
    """Rendering, writing and printing a finished run's report. ``--deadline`` covers it: what is left
    of it, or a tenth of it (at least 5 s) when the judging used more, so a run that hit its deadline
    still reports what it judged. A stop or an overrun says what was written (``written``: the results
    file, if any) instead of claiming nothing was."""
    kept = (
        f"the results, verdict {results.verdict}, are in {written}"
        if written
        else f"the verdict was {results.verdict}, and no results file was asked for"
    )
    armed = {"on": deadline is not None and threading.current_thread() is threading.main_thread()}

    def overtime(signum: int, frame: object) -> None:
        if armed["on"]:
            raise _Overtime

    previous: Any = None
    if deadline is not None and armed["on"]:
        left = deadline.seconds if deadline.at is None else deadline.at - time.monotonic()
        previous = signal.signal(signal.SIGALRM, overtime)
        signal.setitimer(signal.ITIMER_REAL, max(left, deadline.seconds / 10, RENDER_FLOOR))
    try:
        yield
    except _Overtime:
        raise DeadlinePassed(
            f"the run's deadline ({deadline_name} {deadline.seconds if deadline else 0:g} s) passed while the "
            f"report was being written: {kept}; the report is incomplete"
        ) from None
    except KeyboardInterrupt as exc:
        name = _signal_name(exc)
        raise Interrupted(
            f"interrupted by {name} while the report was being written: {kept}; the report is incomplete", name
        ) from None
    finally:
        if armed["on"]:
            armed["on"] = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)

"""The job itself, shared by the CLI and the action: load, judge, compare, write.

Clients (the judges, the cache) are built by ``wiring`` and handed in; nothing here reads the
environment, so tests drive it with clients pointed at local servers.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from groundgate import compare
from groundgate.cases import Inputs, category_sizes, listed_ids, load_inputs
from groundgate.errors import Interrupted
from groundgate.results import Results
from groundgate.settings import DEFAULT_BLOCKING, Settings
from groundgate.wiring import Judges, options

if TYPE_CHECKING:
    from groundgate.selftest import Tally


def load(settings: Settings) -> Inputs:
    """The three files; a category that only looks like a blocking one is refused (a way to dodge the gate)."""
    assert settings.cases  # the settings refuse a run without the three files
    assert settings.baseline
    assert settings.candidate
    inputs = load_inputs(
        settings.cases,
        settings.baseline,
        settings.candidate,
        settings.rubric,
        settings.root,
        settings.blocking_categories,
        end_to_end=settings.mode == "end-to-end",
    )
    return replace(inputs, warnings=[*empty_blocking(settings, category_sizes(inputs.cases)), *inputs.warnings])


def empty_blocking(settings: Settings, sizes: Mapping[str, int]) -> list[str]:
    """A blocking category without a case is most often a typo ('polcy'): said, or the category that was
    meant silently stops blocking. The default list is not a choice: it is named only when none of it
    has a case, so nothing can block."""
    blocking = settings.blocking_categories
    empty = sorted(name for name in blocking if not sizes.get(name))
    if not empty or (blocking == DEFAULT_BLOCKING and len(empty) < len(blocking)):
        return []
    where = f"{settings.spelled('blocking_categories')} names"
    found = listed_ids(sorted(sizes))
    return [
        f"{where} {name!r}, a blocking category with no cases in {settings.cases}: nothing there can block "
        f"(a typo, in it or in the cases?); the cases' categories are {found}"
        for name in empty
    ]


def run(settings: Settings, inputs: Inputs, judges: Judges) -> Results:
    """Judge and compare; the score cache is saved even when the run is cut short."""
    judge = judges.judge
    stopped: KeyboardInterrupt | None = None
    try:
        results = compare.run(inputs, judge, options(settings, judges.rescorer))
    except KeyboardInterrupt as exc:  # SIGINT, or SIGTERM as a cancelled workflow sends it
        stopped = exc
    finally:
        judges.close()
        if judge.cache is not None:
            judge.cache.save()
    if stopped is not None:
        name = str(stopped) if str(stopped).startswith("SIG") else "SIGINT"  # Ctrl-C carries no name
        cache = judge.cache
        saved = ""
        if cache is not None:
            saved = (
                f"; {len(cache)} scores are in the cache {settings.cache}" if cache.writable else "; no cache written"
            )
        raise Interrupted(
            f"interrupted by {name} after {judge.calls.total} judge calls{saved}: the run did not finish, so there is no verdict",
            name,
        ) from None
    if settings.results:
        results.write(settings.path(settings.results))
    return results


def selftest(settings: Settings, judges: Judges) -> Tally:
    """The planted suite (``groundgate.selftest``) judged by the run's judge under its rules, for the CLI's
    ``selftest`` and the action's ``selftest: true`` alike."""
    from groundgate import selftest  # only this job needs it

    try:
        with tempfile.TemporaryDirectory(prefix="groundgate-selftest-") as folder:
            inputs = selftest.load(Path(folder), settings.rubric)
            return selftest.run(judges.judge, inputs, options(settings, judges.rescorer))
    finally:
        judges.close()

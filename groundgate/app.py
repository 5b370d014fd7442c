"""The job itself, shared by the CLI and the action: load, judge, compare, write.

Clients (the judges, the cache) are built by ``wiring`` and handed in; nothing here reads the
environment, so tests drive it with clients pointed at local servers.
"""

from __future__ import annotations

from groundgate import compare
from groundgate.cases import Inputs, load_inputs
from groundgate.errors import Interrupted
from groundgate.results import Results
from groundgate.settings import Settings
from groundgate.wiring import Judges, options


def load(settings: Settings) -> Inputs:
    """The three files; a category that only looks like a blocking one is refused (a way to dodge the gate)."""
    assert settings.cases  # the settings refuse a run without the three files
    assert settings.baseline
    assert settings.candidate
    return load_inputs(
        settings.cases,
        settings.baseline,
        settings.candidate,
        settings.rubric,
        settings.root,
        settings.blocking_categories,
    )


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

"""The job itself, shared by the CLI and the action: load, judge, compare, write.

Clients (the judges, the cache) are built by ``wiring`` and handed in; nothing here reads the
environment or imports the wiring, so tests drive it with clients pointed at local servers.
"""

from __future__ import annotations

import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from groundgate import compare
from groundgate.cases import Inputs, category_sizes, listed_ids, load_inputs
from groundgate.errors import DeadlinePassed, Interrupted, OverBudget
from groundgate.evidence import Options, Rescorer
from groundgate.judges.limits import CALLS, Deadline
from groundgate.judges.runner import Runner
from groundgate.results import Plan, Results
from groundgate.rules import Outcome, gate_exit
from groundgate.settings import DEFAULT_BLOCKING, Settings
from groundgate.wording import listed

if TYPE_CHECKING:
    from groundgate.selftest import Tally


@dataclass
class Judges:
    """The run's judge and its second opinion, ready to use (``wiring.judges``); ``close`` releases both."""

    judge: Runner
    rescorer: Rescorer

    def close(self) -> None:
        self.judge.close()
        if self.rescorer.judge is not None:
            self.rescorer.judge.close()


def options(settings: Settings, rescorer: Rescorer) -> Options:
    """The comparison's rules, derived from the settings."""
    return Options(
        blocking=settings.blocking_categories,
        rescorer=rescorer,
        rescore_baseline=settings.rescore_baseline,
        min_cases_to_block=settings.min_cases_to_block,
        shard=settings.shard,
        keep_texts=settings.keep_texts,
        noise_sample=settings.noise_sample,
        model_under_test=settings.model_under_test,
        end_to_end=settings.mode == "end-to-end",
        prices=settings.price_per_million_tokens,
        tripwire=settings.tripwire,
        claims=settings.claims,
    )


def load(settings: Settings, base: Callable[[Inputs], Inputs] | None = None) -> Inputs:
    """The three files; a category that only looks like a blocking one is refused (a way to dodge the gate).
    ``base``: what a pull request's base branch makes of them (``github.action.at_base``), before a blocking
    category without cases is looked for."""
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
    if base is not None:
        inputs = base(inputs)
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


def budgeted(settings: Settings, inputs: Inputs, judges: Judges, rules: Options | None = None) -> Plan:
    """The run's plan (under ``rules``, else the settings' own), with its budget; a plan the budget cannot cover
    stops here, before any call."""
    planned = compare.plan(inputs, judges.judge, rules or options(settings, judges.rescorer))
    planned = planned.model_copy(update={"max_calls": settings.max_calls, "max_tokens": settings.max_tokens})
    # The minimum a refusal names completes every run: the first verdicts, the noise sample and a re-score of every
    # changed answer (fluency and claims only spend what is left); a budget between the two may stop early.
    fix = "(the first verdicts and a re-score of every changed answer: enough for any run to reach a verdict), or judge fewer cases at a time (--shard, input shard)"
    if settings.max_calls is not None and planned.calls > settings.max_calls:
        flag = settings.spelled("max_calls")
        raise OverBudget(
            f"the plan needs {planned.calls:,} judge calls (up to {planned.calls_at_most:,} with re-scores and "
            f"fluency), over the budget of {settings.max_calls:,} ({flag}): raise {flag} to at least "
            f"{planned.verdict_calls:,} {fix}"
        )
    if settings.max_tokens is not None and planned.tokens is not None and planned.tokens > settings.max_tokens:
        flag = settings.spelled("max_tokens")
        raise OverBudget(
            f"the plan needs about {planned.tokens:,} tokens (estimate; up to {planned.tokens_at_most or 0:,} with "
            f"re-scores and fluency), over the budget of {settings.max_tokens:,} ({flag}): raise {flag} to at "
            f"least {planned.verdict_tokens or planned.tokens:,} {fix}"
        )
    return planned


def run(settings: Settings, inputs: Inputs, judges: Judges, say: Callable[[str], None] | None = None) -> Results:
    """Plan (said through ``say``, checked against the budget), judge and compare; the score cache is
    saved even when the run is cut short, and a cache that cannot be saved is a warning of the results,
    never the end of the run. A run whose budget refuses a call the verdict needs (a first verdict, a re-score)
    has no verdict; calls no verdict needs (fluency, the noise sample, claims) are left out, and said."""
    judge = judges.judge
    planned = budgeted(settings, inputs, judges)
    if say is not None:
        say(planned.said())
    stopped: KeyboardInterrupt | None = None
    try:
        results = compare.run(inputs, judge, options(settings, judges.rescorer), planned)
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
    if judge.budget.reached:  # a first verdict or a re-score was refused: rows not judged
        blocks = gate_exit(results.verdict, results.counts, settings.fail_on) == 1
        # Said, and the run written as it stands: a confirmed blocking row blocks, as when the deadline passes;
        # otherwise the rows not judged leave it without a verdict (exit 3), and what the paid calls found is kept.
        said = over_budget(settings, results, judge.budget.reached == CALLS, blocks)
        results.warnings.append(said)
        if say is not None:
            say(said)
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


SHOWN = 10  # rows not judged a budget message names


def over_budget(settings: Settings, results: Results, calls: bool, blocks: bool = False) -> str:
    """One line: which budget the run reached, after how many calls, and the rows it left unjudged; ``blocks``:
    the rows judged hold a confirmed blocking regression, so the verdict stands without the rest (fail wins over
    rows not judged, ``rules.gate_exit``)."""
    flag = settings.spelled("max_calls" if calls else "max_tokens")
    what = f"{settings.max_calls:,} judge calls" if calls else f"{settings.max_tokens:,} tokens"
    missing = [row.id for row in results.rows if row.outcome is Outcome.ERROR]
    named = listed([repr(cid) for cid in missing], SHOWN)
    left = f"{len(missing)} row(s) not judged: {named}" if missing else "re-scores not made"
    return (
        f"the run reached its budget of {what} ({flag}) after {results.calls.total:,} judge calls and "
        f"{results.calls.tokens:,} tokens, and stopped calling: {left}; "
        + ("the verdict stands on the blocking rows judged. " if blocks else "no verdict. ")
        + f"Raise {flag}"
        + (f" to at least {least:,}" if (least := _least(results, calls)) else "")
        + (f" (the plan: {results.plan.said().removeprefix('plan: ')})" if results.plan else "")
    )


def _least(results: Results, calls: bool) -> int | None:
    """The budget that completes every run of this plan (``Plan.verdict_calls``, ``verdict_tokens``)."""
    if results.plan is None:
        return None
    return results.plan.verdict_calls if calls else results.plan.verdict_tokens


def selftest(settings: Settings, judges: Judges) -> Tally:
    """The planted suite (``groundgate.selftest``) judged by the run's judge under its rules, for the CLI's
    ``selftest`` and the action's ``selftest: true`` alike; a budget (``--max-calls``, ``--max-tokens``) its plan
    does not fit in is refused before the first call, as ``compare`` refuses one."""
    from groundgate import selftest  # only this job needs it

    try:
        with tempfile.TemporaryDirectory(prefix="groundgate-selftest-") as folder:
            inputs = selftest.load(Path(folder), settings.rubric)
            rules = options(settings, judges.rescorer)
            budgeted(settings, inputs, judges, selftest.rules(rules))  # a budget too small is refused before calling
            return selftest.run(judges.judge, inputs, rules)
    finally:
        judges.close()

"""The action's entry point: read the workflow's inputs, build the real clients, run the gate.

Thin on purpose: settings -> wiring -> run -> present and publish. Everything the runner provides
arrives here through the environment; nothing below this file reads it. Every way a run can end
without a verdict ends here: one ::error line, the same message with its fix in the job summary and
on the pull request (its own comment and check run), and its own exit code, never 1.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

from groundgate import app, files, settings, wiring
from groundgate.errors import (
    GroundgateError,
    InputError,
    InternalError,
    Interrupted,
    UsageError,
    one_line,
    stop_on_sigterm,
    tolerant_output,
)
from groundgate.event import GitHubRun
from groundgate.github import action, adjudicate
from groundgate.github.publisher import Publisher
from groundgate.github.workflow import Log, append_summary, repository_path, set_outputs, to_runner
from groundgate.progress import ProgressLine
from groundgate.redact import Redactor
from groundgate.report import render_failure


def main(environ: Mapping[str, str]) -> int:
    tolerant_output()
    log = Log()
    stop_on_sigterm()
    run = GitHubRun()
    config: settings.Settings | None = None
    publisher: Publisher | None = None
    secrets = settings.read_secrets(environ)
    try:
        for secret in secrets:
            log.mask(secret)
        run = GitHubRun.from_environ(environ)
        files.own_by(Path(environ["GITHUB_WORKSPACE"]) if environ.get("GITHUB_WORKSPACE") else None)
        config = settings.from_action(environ, run)
        settings.check_outputs(config)
        publisher = wiring.publisher(config)
        if config.adjudicating:  # a comment, or a re-run from the Checks tab: people's commands on the kept verdict
            if publisher is None:
                raise UsageError("a comment's run needs the 'github-token' input and the repository to adjudicate")
            return adjudicate.respond(config, publisher, log)
        if config.selftest:
            judges = wiring.judges(config, progress=ProgressLine(log.stream))
            return action.selftest(config, judges, log)
        deadline, memory = None, None
        if config.merging:
            results, memory = action.merge_shards(config, log, publisher)
        else:
            target = action.where(config.github or run, publisher, log)  # where the verdict goes, found once
            inputs = action.load(config, log, publisher, target)
            cache = wiring.cache(config)
            for note in cache.notes if cache is not None else []:
                log.warning(note)
            judges = wiring.judges(config, progress=ProgressLine(log.stream), cache=cache)
            results = action.judge(config, inputs, judges, log)
            deadline = judges.judge.deadline
            with app.presenting(results, config.results, deadline, config.spelled("deadline")):
                return action.present(config, results, publisher, log, target, targeted=True, held=inputs.held)
        with app.presenting(results, config.results, deadline, config.spelled("deadline")):
            return action.present(config, results, publisher, log, held=memory)
    except GroundgateError as exc:
        error: GroundgateError = exc
    except KeyboardInterrupt as exc:  # SIGINT, or SIGTERM from a cancelled workflow, before judging began
        name = str(exc) if str(exc).startswith("SIG") else "SIGINT"
        error = Interrupted(f"interrupted by {name} before judging began: no verdict", name)
    except Exception as exc:
        error = InternalError.of(exc)
    error.args = (Redactor(secrets)(str(error)),)  # the summary and the PR get no mask: take secrets out here
    if isinstance(error, InputError):
        where = repository_path(config.root, error.path) if config else error.path  # GitHub's path
        log.error(one_line(str(error)), file=where, line=error.line, title="groundgate: bad input")
    else:
        log.error(one_line(str(error)))
    summary, outputs = render_failure(error, action.failure_links(config, error)), action.outputs_without_verdict()
    to_runner(log, "the job summary", lambda: append_summary(run.summary_path, summary), failing=True)
    to_runner(log, "the step's outputs", lambda: set_outputs(run.output_path, outputs), failing=True)
    if run.event_name not in (
        "issue_comment",
        "check_run",
    ):  # a re-presenting run that failed leaves the verdict as it stands
        _tell_the_pull_request(environ, run, config, publisher, error, log)
    return error.exit_code


def _tell_the_pull_request(
    environ: Mapping[str, str],
    run: GitHubRun,
    config: settings.Settings | None,
    publisher: Publisher | None,
    error: GroundgateError,
    log: Log,
) -> None:
    try:
        config = config or settings.publishing_only(environ, run)
        publisher = publisher or (wiring.publisher(config) if config else None)
        if config is not None and publisher is not None:
            action.present_failure(config, error, publisher, log)
    except Exception as exc:
        log.warning(f"could not tell the pull request there is no verdict: {one_line(str(exc))}")


if __name__ == "__main__":
    sys.exit(main(os.environ))

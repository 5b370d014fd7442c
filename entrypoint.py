"""The action's entry point: read the workflow's inputs, build the real clients, run the gate.

Thin on purpose: settings -> wiring -> run -> present and publish. Everything the runner provides
arrives here through the environment; nothing below this file reads it. Every error the user can
fix ends here as one ::error line, the same message with its fix in the job summary, and its exit code.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

from groundgate import settings, wiring
from groundgate.errors import GroundgateError, InputError, one_line, stop_on_sigterm
from groundgate.github import action
from groundgate.github.workflow import Log, append_summary
from groundgate.progress import ProgressLine
from groundgate.report import render_failure


def main(environ: Mapping[str, str]) -> int:
    log = Log()
    stop_on_sigterm()
    run = None
    try:
        run = settings.GitHubRun.from_environ(environ)
        for secret in settings.read_secrets(environ):
            log.mask(secret)
        config = settings.from_action(environ, run)
        publisher = wiring.publisher(config)
        if config.merging:
            results = action.merge_shards(config, log)
        else:
            inputs = action.load(config, log)
            cache = wiring.cache(config)
            for note in cache.notes if cache is not None else []:
                log.warning(note)
            judges = wiring.judges(config, progress=ProgressLine(log.stream), cache=cache)
            results = action.judge(config, inputs, judges, log)
        return action.present(config, results, publisher, log)
    except InputError as exc:
        log.error(one_line(str(exc)), file=exc.path, line=exc.line, title="groundgate: bad input")
        append_summary(run.summary_path if run else None, render_failure(exc))
        return exc.exit_code
    except GroundgateError as exc:
        log.error(one_line(str(exc)))
        append_summary(run.summary_path if run else None, render_failure(exc))
        return exc.exit_code


if __name__ == "__main__":
    sys.exit(main(os.environ))

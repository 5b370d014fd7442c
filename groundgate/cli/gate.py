"""The gate's commands: ``compare`` judges and decides; ``merge`` and ``report`` present results already
written, without judging."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime

from groundgate import app, gitlog, settings, wiring
from groundgate.cases import load_cases
from groundgate.cli.output import console, out, say, warn, write_report
from groundgate.progress import ProgressLine
from groundgate.readback import read_results
from groundgate.report import render
from groundgate.report.context import ReportContext


def compare(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    flags = {key: value for key, value in vars(args).items() if key != "command"}
    config = settings.from_flags(flags, environ)
    settings.check_outputs(config)
    if config.dry_run:
        return dry_run(config)
    inputs = app.load(config)
    assert config.baseline  # the settings refuse a compare without it
    inputs = replace(inputs, baseline_age=gitlog.baseline_age(config.path(config.baseline), datetime.now(UTC)))
    for warning in inputs.warnings:
        warn(warning)
    cache = wiring.cache(config)
    for note in cache.notes if cache is not None else []:
        warn(note)
    judges = wiring.judges(config, progress=ProgressLine(sys.stderr), cache=cache)
    results = app.run(config, inputs, judges, say=say)
    with app.presenting(results, config.results, judges.judge.deadline):
        write_report(results, config.report, "summary", config.results)
        console(results, config.report, config.results, environ)
    return results.exit_code


def merge(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    from groundgate.merge import merge  # only this command needs it

    read = [("--cases", args.cases), *((f"shard {str(path)!r}", path) for path in args.shards)]
    settings.refuse_overwrite([("--results", args.results), ("--report", args.report)], read)
    parts = [read_results(path) for path in args.shards]
    cases = load_cases(args.cases, parts[0].judge.rubric) if args.cases else None
    results = merge(parts, cases)
    if args.results:
        results.write(args.results)
    with app.presenting(results, args.results):
        write_report(results, args.report, "summary", args.results)
        console(results, args.report, args.results, environ)
    return results.exit_code


def report(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    settings.refuse_overwrite([("--report", args.report)], [("--results", args.results)])
    results = read_results(args.results)
    write_report(results, args.report, args.size, args.results)
    if args.format == "markdown":
        out(render(results, args.size, ReportContext(full_report=f"the results file ({args.results.name})")))
    else:
        console(results, args.report, args.results, environ)
    return results.exit_code


def dry_run(config: settings.Settings) -> int:
    """The run's plan and what it will spend (``forecast``), from the same settings, inputs, cache (read only)
    and budget as the run: nothing is called and nothing written; a plan over the budget is refused as the run
    would refuse it (exit 2)."""
    from groundgate.forecast import Quota, forecast, said  # only the dry run needs it

    inputs = app.load(config)
    for warning in inputs.warnings:
        warn(warning)
    cache = wiring.cache(config, write=False)
    for note in cache.notes if cache is not None else []:
        warn(note)
    judges = wiring.judges(config, cache=cache)
    try:
        planned = app.budgeted(config, inputs, judges)
        options = app.options(config, judges.rescorer)
        found = forecast(
            inputs,
            judges.judge,
            options,
            planned,
            Quota(rpm=config.max_rpm, tpm=config.max_tpm),
            config.reasoning_model,
        )
    finally:
        judges.close()
    cases = f"{len(inputs.cases):,}" if config.shard is None else f"shard {config.shard[0]}/{config.shard[1]} of the"
    out(
        f"dry run: {cases} cases judged by the {judges.judge.info.kind} judge; nothing was called and nothing "
        f"written\n" + said(found, judges.judge.max_concurrency, config.spelled("max_rpm"), config.spelled("max_tpm"))
    )
    return 0

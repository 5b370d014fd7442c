"""The gate's commands: ``compare`` judges and decides; ``merge`` and ``report`` present results already
written, without judging."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping

from groundgate import app, settings, wiring
from groundgate.cases import load_cases
from groundgate.cli.output import console, out, say, warn, write_report
from groundgate.progress import ProgressLine
from groundgate.readback import read_results
from groundgate.report import render
from groundgate.report.context import ReportContext


def compare(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    config = settings.from_flags({key: value for key, value in vars(args).items() if key != "command"}, environ)
    settings.check_outputs(config)
    inputs = app.load(config)
    for warning in inputs.warnings:
        warn(warning)
    cache = wiring.cache(config)
    for note in cache.notes if cache is not None else []:
        warn(note)
    judges = wiring.judges(config, progress=ProgressLine(sys.stderr), cache=cache, notice=warn)
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
    ids = [case.id for case in load_cases(args.cases, parts[0].judge.rubric)] if args.cases else None
    results = merge(parts, ids)
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

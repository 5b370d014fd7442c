"""The ``groundgate`` command: the same comparison and report as the action, from a terminal.

Thin: flags become one ``Settings`` (where unset flags fall back to environment variables; the API
key is read only from AZURE_OPENAI_API_KEY, never from a flag, so it cannot land in shell history or
process listings), ``wiring`` builds the clients, ``app`` runs the job, and the report is printed.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NoReturn

from groundgate import __version__, app, settings, wiring
from groundgate.calibrate import calibrate, render_calibration
from groundgate.errors import GroundgateError, one_line, stop_on_sigterm
from groundgate.merge import merge
from groundgate.progress import ProgressLine
from groundgate.report import LIMITS, ReportContext, Target, render
from groundgate.report.console import render_console
from groundgate.results import Results, read_results


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """One line, exit 2: a usage mistake is bad input like any other."""
        self.exit(2, f"groundgate: error: {one_line(message)} (see '{self.prog} --help')\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="groundgate", description="Gate LLM changes on row-by-row groundedness flips.")
    parser.add_argument("--version", action="version", version=f"groundgate {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    c = commands.add_parser("compare", help="judge baseline and candidate responses and gate on flips")
    c.add_argument("--cases", required=True, type=Path, help="cases JSONL: id, category, query, context")
    c.add_argument("--baseline", required=True, type=Path, help="baseline responses JSONL: id, response")
    c.add_argument("--candidate", required=True, type=Path, help="candidate responses JSONL: id, response")
    c.add_argument("--blocking-categories", default=None, help="comma-separated (default policy,pricing,safety)")
    _judge_flags(c)
    c.add_argument("--cache", type=Path, default=None, help="persistent score cache file (JSON)")
    c.add_argument("--shard", default=None, metavar="K/N", help="judge only shard K of N (merge with groundgate merge)")
    c.add_argument(
        "--second-opinion",
        default=None,
        metavar="none|same|deployment:NAME|groundedness-pro",
        help="who re-scores newly ungrounded rows (default same: the judge again, which is not independent)",
    )
    c.add_argument("--azure-ai-project", default=None, help="[AZURE_AI_PROJECT] for groundedness-pro")
    c.add_argument("--rescore-baseline", action="store_true", help="also re-score the baseline side of flipped rows")
    c.add_argument(
        "--min-cases-to-block",
        type=int,
        default=None,
        help="smaller blocking categories need an independent confirmation",
    )
    c.add_argument("--model-under-test", default=None, help="refuse to run if the judge is this model")
    c.add_argument("--allow-self-judging", action="store_true", help="run even when the judge is the model under test")
    c.add_argument("--results", type=Path, default=None, help="write the results JSON here")
    c.add_argument("--report", type=Path, default=None, help="write the markdown report here")

    r = commands.add_parser("report", help="render the report again from a results file, without judging")
    r.add_argument("--results", type=Path, required=True, help="a results file written by compare --results")
    r.add_argument("--report", type=Path, default=None, help="write the markdown report here")
    r.add_argument("--format", choices=["console", "markdown"], default="console", help="what to print")
    r.add_argument(
        "--size", choices=list(LIMITS), default="summary", help="fit the markdown to a PR comment, check run or summary"
    )

    k = commands.add_parser("calibrate", help="measure the judge's agreement with human labels")
    k.add_argument("--cases", required=True, type=Path, help="cases JSONL")
    k.add_argument("--responses", required=True, type=Path, help="responses JSONL (id, response) that people labelled")
    k.add_argument(
        "--labels", required=True, type=Path, help='labels JSONL: {"id", "grounded": true|false} or a 1-5 "score"'
    )
    k.add_argument("--results", type=Path, default=None, help="write the calibration JSON here")
    k.add_argument("--report", type=Path, default=None, help="write the markdown here")
    _judge_flags(k)

    m = commands.add_parser("merge", help="combine the results of the shards of one run into one verdict")
    m.add_argument("shards", nargs="+", type=Path, metavar="RESULTS", help="results files written by compare --shard")
    m.add_argument("--results", type=Path, default=None, help="write the merged results JSON here")
    m.add_argument("--report", type=Path, default=None, help="write the markdown report here")
    return parser


def _judge_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--judge", choices=["azure", "figures"], default="azure", help="azure (LLM judge) or figures")
    p.add_argument("--rubric", choices=["query", "no-query"], default="query", help="groundedness rubric mode")
    p.add_argument("--azure-endpoint", default=None, help="[AZURE_OPENAI_ENDPOINT]")
    p.add_argument("--judge-deployment", default=None, help="[AZURE_OPENAI_DEPLOYMENT]")
    p.add_argument("--api-version", default=None, help="[AZURE_OPENAI_API_VERSION]")
    p.add_argument("--reasoning-model", action="store_true", help="the judge is a reasoning model (o3, o4-mini, gpt-5)")
    p.add_argument("--max-concurrency", type=int, default=None, help="judge calls in flight at once (default 8)")
    p.add_argument("--max-rpm", type=float, default=None, help="cap judge requests per minute (client side)")
    p.add_argument(
        "--call-timeout", type=float, default=None, help="seconds one judge call may take, retries included (300)"
    )
    p.add_argument("--deadline", type=float, default=None, help="seconds all the judging of a run may take")
    p.add_argument(
        "--max-consecutive-failures",
        type=int,
        default=None,
        help="stop calling the judge after this many failed calls in a row (default 10; 0 never)",
    )


def _calibrate(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    # The judge settings are validated by the same model as compare's; the responses fill both sides.
    values = {key: value for key, value in vars(args).items() if key not in ("command", "responses", "labels")}
    values.update(baseline=args.responses, candidate=args.responses, results=None, report=None)
    config = settings.from_flags(values, environ)
    judges = wiring.judges(config, progress=ProgressLine(sys.stderr))
    try:
        calibration = calibrate(args.cases, args.responses, args.labels, judges.judge)
    finally:
        judges.close()
    text = render_calibration(calibration)
    if args.results:
        args.results.write_text(calibration.model_dump_json(indent=2, by_alias=True) + "\n", encoding="utf-8")
    if args.report:
        args.report.write_text(text, encoding="utf-8")
    sys.stdout.write(text)
    return 3 if calibration.errors else 0


def _write_report(results: Results, path: Path | None, size: Target, results_path: Path | None) -> None:
    if path is None:
        return
    where = f"the results file ({results_path.name})" if results_path else "the results file (`--results`)"
    text = render(results, size, ReportContext(full_report=where))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _compare(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    config = settings.from_flags({key: value for key, value in vars(args).items() if key != "command"}, environ)
    inputs = app.load(config)
    for warning in inputs.warnings:
        _warn(warning)
    cache = wiring.cache(config)
    for note in cache.notes if cache is not None else []:
        _warn(note)
    results = app.run(config, inputs, wiring.judges(config, progress=ProgressLine(sys.stderr), cache=cache))
    _write_report(results, config.report, "summary", config.results)
    sys.stdout.write(render_console(results))
    return results.exit_code


def _warn(message: str) -> None:
    print(f"groundgate: warning: {one_line(message)}", file=sys.stderr)


def _merge(args: argparse.Namespace) -> int:
    results = merge([read_results(path) for path in args.shards])
    if args.results:
        results.write(args.results)
    _write_report(results, args.report, "summary", args.results)
    sys.stdout.write(render_console(results))
    return results.exit_code


def _report(args: argparse.Namespace) -> int:
    results = read_results(args.results)
    _write_report(results, args.report, args.size, args.results)
    if args.format == "markdown":
        sys.stdout.write(
            render(results, args.size, ReportContext(full_report=f"the results file ({args.results.name})"))
        )
    else:
        sys.stdout.write(render_console(results))
    return results.exit_code


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    environ = os.environ if environ is None else environ
    if threading.current_thread() is threading.main_thread():
        stop_on_sigterm()
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error already printed as one line
        return exc.code if isinstance(exc.code, int) else 2
    try:
        if args.command == "compare":
            return _compare(args, environ)
        if args.command == "merge":
            return _merge(args)
        if args.command == "calibrate":
            return _calibrate(args, environ)
        return _report(args)
    except GroundgateError as exc:
        print(f"groundgate: error: {one_line(str(exc))}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt as exc:
        print(f"groundgate: interrupted by {exc or 'SIGINT'} before judging began", file=sys.stderr)
        return 143 if str(exc) == "SIGTERM" else 130


if __name__ == "__main__":
    sys.exit(main())

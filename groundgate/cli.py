"""The ``groundgate`` command: the same comparison and report as the action, from a terminal.

Thin: flags become one ``Settings`` (where unset flags fall back to environment variables; the API
keys are read only from AZURE_OPENAI_API_KEY and OPENAI_API_KEY, never from a flag, so they cannot
land in shell history or process listings), ``wiring`` builds the clients, ``app`` runs the job, and the report is printed.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import threading
from collections.abc import Mapping, Sequence
from contextlib import suppress
from pathlib import Path
from typing import NoReturn, TextIO

from groundgate import __version__, app, settings, wiring
from groundgate.cases import load_cases
from groundgate.errors import (
    CannotWrite,
    GroundgateError,
    InternalError,
    UsageError,
    one_line,
    stop_on_sigterm,
    tolerant_output,
)
from groundgate.files import write_text
from groundgate.progress import ProgressLine
from groundgate.readback import read_results
from groundgate.redact import Redactor
from groundgate.report import LIMITS, Target, render
from groundgate.report.console import columns, render_console
from groundgate.report.context import ReportContext
from groundgate.report.escape import log_safe
from groundgate.results import Results
from groundgate.settings import IDENTITY_VARIABLES, SECRET_VARIABLES


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """One line, exit 2: a usage mistake is bad input like any other."""
        _err(log_safe(f"groundgate: error: {one_line(message)} (see '{self.prog} --help')"))
        self.exit(2)


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
        metavar="none|same|deployment:NAME|openai:MODEL|groundedness-pro",
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
    c.add_argument(
        "--noise-sample",
        type=int,
        default=None,
        metavar="N",
        help="re-score N rows whose bucket did not change, to measure the judge's noise (default 0: off)",
    )
    c.add_argument("--model-under-test", default=None, help="refuse to run if the judge is this model")
    c.add_argument("--allow-self-judging", action="store_true", help="run even when the judge is the model under test")
    c.add_argument(
        "--mode",
        choices=["frozen", "end-to-end"],
        default=None,
        help="frozen (default): judge every answer against the case's recorded context; end-to-end: also against "
        "the context a response record carries, shown beside the verdict, which the recorded context decides",
    )
    c.add_argument("--results", type=Path, default=None, help="write the results JSON here")
    c.add_argument(
        "--keep-texts",
        action="store_true",
        help="every row of the results keeps its query, context and responses (default: only rows to read)",
    )
    c.add_argument("--report", type=Path, default=None, help="write the markdown report here")
    _tripwire_flags(c)

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

    b = commands.add_parser("bridge", help="score the same responses with the current judge and a new one")
    b.add_argument("--cases", required=True, type=Path, help="cases JSONL")
    b.add_argument("--responses", required=True, type=Path, help="responses JSONL (id, response), usually the baseline")
    b.add_argument(
        "--to",
        required=True,
        metavar="deployment:NAME|openai:MODEL",
        help="the new judge: another Azure deployment at the same endpoint, or a model at the OpenAI-compatible server",
    )
    b.add_argument("--results", type=Path, default=None, help="write the bridge JSON here")
    b.add_argument("--report", type=Path, default=None, help="write the markdown here")
    _judge_flags(b)
    b.add_argument(
        "--blocking-categories",
        default=None,
        help="comma-separated (default policy,pricing,safety): crossings there first",
    )

    m = commands.add_parser("merge", help="combine the results of the shards of one run into one verdict")
    m.add_argument("shards", nargs="+", type=Path, metavar="RESULTS", help="results files written by compare --shard")
    m.add_argument("--cases", type=Path, default=None, help="the cases file: names any case the shards do not cover")
    m.add_argument("--results", type=Path, default=None, help="write the merged results JSON here")
    m.add_argument("--report", type=Path, default=None, help="write the markdown report here")

    t = commands.add_parser(
        "selftest", help="judge a planted suite with known answers: what the gate catches with this judge"
    )
    _judge_flags(t)

    a = commands.add_parser(
        "labels", help="collect people's /groundgate adjudications from a repository's pull requests into a labels file"
    )
    a.add_argument("--repo", required=True, metavar="OWNER/REPO", help="the repository whose pull requests to read")
    a.add_argument(
        "--since", default=None, metavar="DATE", help="only adjudications made on or after DATE (2026-01-31)"
    )
    a.add_argument("--output", type=Path, default=None, help="write the labels JSONL here (default: print it)")
    a.add_argument(
        "--check-name", default=settings.DEFAULT_CHECK_NAME, help="the check run groundgate keeps verdicts in"
    )
    a.add_argument("--api-url", default=None, help="[GITHUB_API_URL] GitHub's API (https://api.github.com)")

    j = commands.add_parser(
        "judges", help="list the models an OpenAI-compatible server offers, as --judge-model takes them"
    )
    j.add_argument(
        "--openai-base-url",
        default=None,
        help="[OPENAI_BASE_URL] the OpenAI-compatible server (https://api.openai.com/v1)",
    )
    return parser


def _judge_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--judge",
        choices=["azure", "openai", "figures"],
        default="azure",
        help="azure (Azure OpenAI), openai (any OpenAI-compatible server) or figures (offline)",
    )
    p.add_argument("--rubric", choices=["query", "no-query"], default="query", help="groundedness rubric mode")
    p.add_argument("--azure-endpoint", default=None, help="[AZURE_OPENAI_ENDPOINT]")
    p.add_argument("--judge-deployment", default=None, help="[AZURE_OPENAI_DEPLOYMENT]")
    p.add_argument("--api-version", default=None, help="[AZURE_OPENAI_API_VERSION]")
    p.add_argument("--judge-model", default=None, help="the openai judge's model, as the server names it")
    p.add_argument(
        "--openai-base-url",
        default=None,
        help="[OPENAI_BASE_URL] the OpenAI-compatible server (https://api.openai.com/v1)",
    )
    p.add_argument("--reasoning-model", action="store_true", help="the judge is a reasoning model (o3, o4-mini, gpt-5)")
    p.add_argument("--max-concurrency", type=int, default=None, help="judge calls in flight at once (default 8)")
    p.add_argument("--max-rpm", type=float, default=None, help="cap judge requests per minute (client side)")
    p.add_argument(
        "--max-tpm",
        type=float,
        default=None,
        help="cap judge tokens per minute, counted as the service charges them (prompt plus max_tokens)",
    )
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
    p.add_argument("--max-calls", type=int, default=None, help="the run's budget of judge calls")
    p.add_argument("--max-tokens", type=int, default=None, help="the run's budget of judge tokens")
    p.add_argument(
        "--price-per-million-tokens",
        default=None,
        metavar="IN,OUT",
        help="the judge's price per million prompt and answer tokens: the run's cost in the report",
    )


def _tripwire_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--tripwire",
        choices=["warn", "block"],
        default=None,
        help="warn (default): a row the judge did not flag whose candidate newly states a figure its context never "
        "states is a row to read; block: in a blocking category it fails the check too",
    )
    p.add_argument(
        "--claims",
        choices=["true", "false"],
        default=None,
        help="split the answer of each row to read into claims, one more judge call each (default true)",
    )


def _calibrate(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    from groundgate.calibrate import calibrate, render_calibration  # only this command needs them

    # The judge settings are validated by the same model as compare's; the responses fill both sides.
    values = {key: value for key, value in vars(args).items() if key not in ("command", "responses", "labels")}
    values.update(baseline=args.responses, candidate=args.responses)
    names = {"baseline": "--responses", "candidate": "--responses"}
    config = settings.from_flags(values, environ, names)
    settings.check_outputs(config, names, [("--labels", args.labels)])
    judges = wiring.judges(config, progress=ProgressLine(sys.stderr))
    try:
        calibration = calibrate(args.cases, args.responses, args.labels, judges.judge)
    finally:
        judges.close()
    text = render_calibration(calibration)
    if args.results:
        write_text(args.results, calibration.model_dump_json(indent=2, by_alias=True) + "\n")
    if args.report:
        write_text(args.report, text)
    _out(text)
    return 3 if calibration.errors else 0


def _bridge(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    from groundgate.bridge import bridge, check_new_judge, render_bridge, render_bridge_console  # only this command

    # The current judge comes from the usual judge flags; the new one is built as a second opinion would be.
    values = {key: value for key, value in vars(args).items() if key not in ("command", "responses", "to")}
    values.update(baseline=args.responses, candidate=args.responses, second_opinion=args.to)
    names = {"second_opinion": "--to", "baseline": "--responses", "candidate": "--responses"}
    check_new_judge(args.to)
    config = settings.from_flags(values, environ, names)
    check_new_judge(args.to, config)
    settings.check_outputs(config, names)
    judges = wiring.judges(config, progress=ProgressLine(sys.stderr))
    try:
        assert judges.rescorer.judge is not None  # check_new_judge refused every choice without a judge
        result = bridge(args.cases, args.responses, judges.judge, judges.rescorer.judge, config.blocking_categories)
    finally:
        judges.close()
    if args.results:
        write_text(args.results, result.model_dump_json(indent=2, by_alias=True) + "\n")
    if args.report:
        write_text(args.report, render_bridge(result))
    _out(render_bridge_console(result, columns(environ)))
    return result.exit_code


def _write_report(results: Results, path: Path | None, size: Target, results_path: Path | None) -> None:
    if path is None:
        return
    where = f"the results file ({results_path.name})" if results_path else "the results file (`--results`)"
    text = render(results, size, ReportContext(full_report=where))
    write_text(path, text)


def _console(results: Results, report: Path | None, results_path: Path | None, environ: Mapping[str, str]) -> None:
    """Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org); the width is
    the terminal's. The full list is in the report or the results written, or in those a rerun writes."""
    colour = sys.stdout.isatty() and not environ.get("NO_COLOR") and environ.get("TERM") != "dumb"
    if report:
        where = f"the report ({report})"
    elif results_path:
        where = f"the results file ({results_path})"
    else:
        where = "the report: run again with --report FILE"
    _out(render_console(results, colour=colour, where=where, columns=columns(environ)))


def _compare(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    config = settings.from_flags({key: value for key, value in vars(args).items() if key != "command"}, environ)
    settings.check_outputs(config)
    inputs = app.load(config)
    for warning in inputs.warnings:
        _warn(warning)
    cache = wiring.cache(config)
    for note in cache.notes if cache is not None else []:
        _warn(note)
    judges = wiring.judges(config, progress=ProgressLine(sys.stderr), cache=cache, notice=_warn)
    results = app.run(config, inputs, judges, say=_say)
    with app.presenting(results, config.results, judges.judge.deadline):
        _write_report(results, config.report, "summary", config.results)
        _console(results, config.report, config.results, environ)
    return results.exit_code


def _out(text: str) -> None:
    """Everything the CLI prints to stdout: it may run inside a workflow step, so nothing in it may
    form a workflow command. A stdout that cannot take it (a full disk, ``| head`` gone) is an output not
    written (exit 5), never a bug; stdout then goes to /dev/null, so the exit's own flush cannot fail too."""
    try:
        sys.stdout.write(log_safe(text))
        sys.stdout.flush()
    except OSError as exc:
        _to_nowhere(sys.stdout)
        raise CannotWrite(f"stdout: cannot write the console report: {exc.strerror or exc}") from None


def _err(line: str) -> None:
    """One line to stderr. A stderr that cannot take it (a full disk, a closed pipe) loses the line and
    nothing else: a warning, or the error line, is not worth the verdict's exit code."""
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        _to_nowhere(sys.stderr)


def _to_nowhere(stream: TextIO) -> None:
    """A stream that failed writes to /dev/null from now on: what is still in its buffer, flushed when the
    process exits, cannot fail again and turn the exit code into Python's 120."""
    with suppress(OSError, ValueError):
        nowhere = os.open(os.devnull, os.O_WRONLY)
        os.dup2(nowhere, stream.fileno())
        os.close(nowhere)


def _say(message: str) -> None:
    _err(log_safe(f"groundgate: {one_line(message)}"))


def _warn(message: str) -> None:
    _err(log_safe(f"groundgate: warning: {one_line(message)}"))


def _merge(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    from groundgate.merge import merge  # only this command needs it

    read = [("--cases", args.cases), *((f"shard {str(path)!r}", path) for path in args.shards)]
    settings.refuse_overwrite([("--results", args.results), ("--report", args.report)], read)
    parts = [read_results(path) for path in args.shards]
    ids = [case.id for case in load_cases(args.cases, parts[0].judge.rubric)] if args.cases else None
    results = merge(parts, ids)
    if args.results:
        results.write(args.results)
    with app.presenting(results, args.results):
        _write_report(results, args.report, "summary", args.results)
        _console(results, args.report, args.results, environ)
    return results.exit_code


def _report(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    settings.refuse_overwrite([("--report", args.report)], [("--results", args.results)])
    results = read_results(args.results)
    _write_report(results, args.report, args.size, args.results)
    if args.format == "markdown":
        _out(render(results, args.size, ReportContext(full_report=f"the results file ({args.results.name})")))
    else:
        _console(results, args.report, args.results, environ)
    return results.exit_code


def _judges(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    """The models the server lists, one per line, spelled as --judge-model takes them; the key (if the
    server needs one) from OPENAI_API_KEY, as for judging."""
    from groundgate.errors import JudgeUnreachable, JudgeUnusable
    from groundgate.judges.openai import ModelsRefused, offered_models

    url = args.openai_base_url or environ.get("OPENAI_BASE_URL") or settings.OPENAI_BASE_URL
    name = "--openai-base-url" if args.openai_base_url else "--openai-base-url or OPENAI_BASE_URL"
    if not re.fullmatch(settings.BASE_URL, url):
        raise UsageError(f"{name}: {settings.BASE_URL_HINT} (got {url!r})")
    try:
        models = offered_models(url, environ.get("OPENAI_API_KEY"))
    except ModelsRefused as exc:
        if exc.status is None:
            raise JudgeUnreachable(f"cannot reach the judge server {url}: {exc}") from None
        if exc.status in (401, 403):
            raise JudgeUnusable(
                f"the judge server {url} refused the API key (HTTP {exc.status}): set OPENAI_API_KEY to a key it accepts"
            ) from None
        raise JudgeUnusable(
            f"the judge server {url} does not list models at {url.rstrip('/')}/models ({exc}): check {name} "
            "(OpenAI-compatible servers usually end in /v1)"
        ) from None
    if not models:
        _warn(f"the judge server {url} lists no models")
    redact = _redact(environ)  # a server's model ids are its text: no secret of this run is printed
    _out("".join(f"{redact(model)}\n" for model in models))
    return 0


def _selftest(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    """The planted suite through the same settings, judge and rules as compare (``app.selftest``): exit 1
    when the gate missed a planted regression it must catch, 3 when rows were not judged."""
    from groundgate import selftest  # only this command needs it

    config = settings.from_flags({**{k: v for k, v in vars(args).items() if k != "command"}, "selftest": True}, environ)
    found = app.selftest(config, wiring.judges(config, progress=ProgressLine(sys.stderr), notice=_warn))
    _out(selftest.render(found))
    return selftest.exit_code(found)


LABELS_WAIT = 900.0  # seconds `groundgate labels` may wait for GitHub's rate limits in all
LABELS_PRS = 50  # pull requests a page; each one's last commits are read for the newest verdict kept on them


def _labels(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    """Every adjudication kept on the repository's pull requests, as the labels file calibrate reads. The
    token from GITHUB_TOKEN (or GH_TOKEN), never a flag: it needs to read pull requests and check runs."""
    from datetime import UTC, datetime

    from groundgate.github.adjudicate import history
    from groundgate.labels import write

    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9._-]+", args.repo):
        raise UsageError(f"--repo: write it as OWNER/REPO (got {args.repo!r})")
    token = environ.get("GITHUB_TOKEN") or environ.get("GH_TOKEN")
    if not token:
        raise UsageError("GITHUB_TOKEN: set it to a token that can read the repository's pull requests and checks")
    since = None
    if args.since:
        try:
            since = datetime.fromisoformat(args.since)
        except ValueError:
            raise UsageError(
                f"--since: give a date, 2026-01-31, or a time, 2026-01-31T09:00 (got {args.since!r})"
            ) from None
        since = since if since.tzinfo else since.replace(tzinfo=UTC)
    if args.output:
        settings.refuse_overwrite([("--output", args.output)], [])
    api = args.api_url or environ.get("GITHUB_API_URL") or "https://api.github.com"
    reader = wiring.github(token, api, args.repo, LABELS_WAIT)
    found = history(reader, args.check_name, LABELS_PRS, 3, everything=True, since=since)
    if args.output:
        write(found, args.output)
    else:
        _out("".join(label.model_dump_json() + "\n" for label in found))
    prs = len({label.pr for label in found})
    _say(f"{len(found)} label(s) from {prs} pull request(s) of {args.repo}")
    return 0


def _redact(environ: Mapping[str, str]) -> Redactor:
    names = (*SECRET_VARIABLES, *IDENTITY_VARIABLES, "GITHUB_TOKEN", "GH_TOKEN")
    return Redactor(environ.get(name) for name in names)


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    environ = os.environ if environ is None else environ
    tolerant_output()
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
            return _merge(args, environ)
        if args.command == "calibrate":
            return _calibrate(args, environ)
        if args.command == "bridge":
            return _bridge(args, environ)
        if args.command == "judges":
            return _judges(args, environ)
        if args.command == "selftest":
            return _selftest(args, environ)
        if args.command == "labels":
            return _labels(args, environ)
        return _report(args, environ)
    except GroundgateError as exc:
        _err(log_safe(f"groundgate: error: {one_line(_redact(environ)(str(exc)))}"))
        return exc.exit_code
    except KeyboardInterrupt as exc:  # while loading, or in a command that keeps nothing of a cut-short run
        name = "SIGTERM" if str(exc) == "SIGTERM" else "SIGINT"  # Ctrl-C's KeyboardInterrupt carries no name
        _err(f"groundgate: interrupted by {name}: {args.command} did not finish; nothing written")
        return 143 if name == "SIGTERM" else 130
    except Exception as exc:
        error = InternalError.of(exc)
        _err(log_safe(f"groundgate: error: {_redact(environ)(str(error))}"))
        return error.exit_code


if __name__ == "__main__":
    sys.exit(main())

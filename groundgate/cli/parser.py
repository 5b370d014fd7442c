"""The command line's grammar: every command and flag, in one parser (``docs/cli.md`` is generated from it).

Unset flags are ``None`` here and fall back to environment variables in ``settings``; API keys have no
flag at all, so they cannot land in shell history or process listings.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import NoReturn

from groundgate import __version__, settings, starter
from groundgate.cli.output import err
from groundgate.errors import one_line
from groundgate.report import LIMITS
from groundgate.report.escape import log_safe


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """One line, exit 2: a usage mistake is bad input like any other."""
        err(log_safe(f"groundgate: error: {one_line(message)} (see '{self.prog} --help')"))
        self.exit(2)


EXIT_CODES = (
    "exit codes: 0 pass; 1 a blocking regression, and nothing else; 2 bad input or usage, or a judge that refused "
    "its configuration or does not answer in the rubric's format (one line naming the file, line and field, or "
    "the setting); 3 rows not judged, or no verdict (a judge down, a budget reached, the deadline); 4 a bug "
    "(please report it); 5 an output that could not be written; 130/143 interrupted by SIGINT/SIGTERM"
)


def parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="groundgate",
        description="Gate LLM changes on row-by-row groundedness flips.",
        epilog=EXIT_CODES,
    )
    parser.add_argument("--version", action="version", version=f"groundgate {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    i = commands.add_parser(
        "init",
        help="write a workflow and a starter suite into this repository, overwriting nothing",
        description="Write .github/workflows/groundgate.yml (least-privilege permissions, the action pinned by its "
        "release commit when this package knows it) and a starter suite (cases, baseline, candidate and a README "
        "on how CI makes the candidate and when the baseline moves), then print the next steps. Nothing is "
        "overwritten: a file already there stops it before it writes anything (exit 2).",
    )
    i.add_argument(
        "--judge",
        choices=list(starter.JUDGES),
        default=None,
        help="the judge the workflow uses, with its inputs (default: asked)",
    )
    i.add_argument("--suite", default="evals", metavar="DIR", help="the suite's folder in the repository")
    i.add_argument(
        "--action",
        default=None,
        metavar="OWNER/REPO@REF",
        help="the action the workflow uses (default: the release this package came from, pinned by its commit)",
    )

    c = commands.add_parser("compare", help="judge baseline and candidate responses and gate on flips")
    c.add_argument("--cases", required=True, type=Path, help="cases JSONL: id, category, query, context")
    c.add_argument("--baseline", required=True, type=Path, help="baseline responses JSONL: id, response")
    c.add_argument("--candidate", required=True, type=Path, help="candidate responses JSONL: id, response")
    c.add_argument("--blocking-categories", default=None, help="comma-separated (default policy,pricing,safety)")
    judge_flags(c)
    c.add_argument("--cache", type=Path, default=None, help="persistent score cache file (JSON)")
    c.add_argument("--shard", default=None, metavar="K/N", help="judge only shard K of N (merge with groundgate merge)")
    c.add_argument(
        "--second-opinion",
        default=None,
        metavar="none|same|deployment:NAME|openai:MODEL|groundedness-pro|foundry",
        help="who re-scores newly ungrounded rows (default same: the judge again, which is not independent)",
    )
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
    tripwire_flags(c)
    c.add_argument(
        "--dry-run",
        action="store_true",
        help="call nothing, write nothing: print the run's calls, tokens and cost (low, expected, high) and the "
        "least time the judge's quota (--max-rpm, --max-tpm) gives it",
    )

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
    judge_flags(k)

    b = commands.add_parser("bridge", help="score the same responses with the current judge and a new one")
    b.add_argument("--cases", required=True, type=Path, help="cases JSONL")
    b.add_argument("--responses", required=True, type=Path, help="responses JSONL (id, response), usually the baseline")
    b.add_argument(
        "--to",
        required=True,
        metavar="deployment:NAME|openai:MODEL|foundry",
        help="the new judge: another Azure deployment at the same endpoint, a model at the OpenAI-compatible server, "
        "or the Foundry project's evaluators (--azure-ai-project, --evaluator-version) on --judge-deployment",
    )
    b.add_argument("--results", type=Path, default=None, help="write the bridge JSON here")
    b.add_argument("--report", type=Path, default=None, help="write the markdown here")
    judge_flags(b)
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
    judge_flags(t)

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

    d = commands.add_parser(
        "doctor",
        help="one judge call with these settings: does the judge answer in the rubric's format, how long, what cost",
        description="Check the repository's workflows for a path filter that would leave a required check waiting, "
        "then score one sample answer with the judge these flags configure, as a run's first call would, "
        "and say whether the answer came back in the rubric's format, how long it took and the tokens (and, with "
        "--price-per-million-tokens, the money) it cost. Exit 0: the judge is fit; 2: a setting must change (a "
        "key, a model, a parameter the server refuses, answers not in the rubric's format); 3: the judge could not "
        "be reached or refused service. With --cases, it also probes a self-hosted judge's context window with "
        "prompts of growing length and says the largest prompt the suite sends.",
    )
    judge_flags(d)
    d.add_argument("--cases", type=Path, default=None, help="the suite's cases: say its largest prompt")
    d.add_argument("--baseline", type=Path, default=None, help="with --cases: the baseline's answers, in the prompts")
    d.add_argument("--candidate", type=Path, default=None, help="with --cases: the candidate's answers, in the prompts")

    j = commands.add_parser(
        "judges", help="list the models an OpenAI-compatible server offers, as --judge-model takes them"
    )
    j.add_argument(
        "--openai-base-url",
        default=None,
        help="[OPENAI_BASE_URL] the OpenAI-compatible server (https://api.openai.com/v1)",
    )
    return parser


def judge_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--judge",
        choices=["azure", "openai", "figures", "foundry"],
        default="azure",
        help="azure (Azure OpenAI), openai (any OpenAI-compatible server), figures (offline) or foundry "
        "(a Foundry project's catalog evaluators)",
    )
    p.add_argument("--rubric", choices=["query", "no-query"], default="query", help="groundedness rubric mode")
    p.add_argument("--azure-endpoint", default=None, help="[AZURE_OPENAI_ENDPOINT]")
    p.add_argument(
        "--judge-deployment", default=None, help="[AZURE_OPENAI_DEPLOYMENT] (foundry: the project's deployment)"
    )
    p.add_argument(
        "--azure-ai-project", default=None, help="[AZURE_AI_PROJECT] the Foundry project (foundry, groundedness-pro)"
    )
    p.add_argument(
        "--evaluator-version",
        default=None,
        metavar="V",
        help="foundry: the catalog version to pin (4, or groundedness=4,fluency=3), or 'latest' to record the newest",
    )
    p.add_argument("--api-version", default=None, help="[AZURE_OPENAI_API_VERSION]")
    p.add_argument("--judge-model", default=None, help="the openai judge's model, as the server names it")
    p.add_argument(
        "--openai-base-url",
        default=None,
        help="[OPENAI_BASE_URL] the OpenAI-compatible server (https://api.openai.com/v1)",
    )
    p.add_argument("--reasoning-model", action="store_true", help="the judge is a reasoning model (o3, o4-mini, gpt-5)")
    p.add_argument(
        "--max-concurrency",
        type=int,
        default=None,
        help="judge calls in flight at once (default 16; the foundry judge: 4 runs)",
    )
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


def tripwire_flags(p: argparse.ArgumentParser) -> None:
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

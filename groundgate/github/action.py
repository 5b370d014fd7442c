"""The container action: workflow inputs in, comment + check run + summary + outputs out.

``entrypoint.py`` reads the environment, builds the clients and calls ``run``; everything here
takes what it needs as arguments, so tests drive it with clients pointed at local servers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, SecretStr, ValidationError

from groundgate import app
from groundgate.errors import GitHubRefused, InputError, UsageError, one_line
from groundgate.github.publisher import Publisher, annotations_for, conclusion_for
from groundgate.github.workflow import Log, append_summary, set_outputs
from groundgate.judges import Judge
from groundgate.merge import merge
from groundgate.progress import ProgressLine
from groundgate.report import Links, ReportContext, marker, render
from groundgate.report.console import render_console
from groundgate.results import Results, read_results
from groundgate.rules import Outcome
from groundgate.settings import Settings, build_settings

# Every input of action.yml, in its order; a test keeps action.yml, this and the README in agreement.
COMPARE_INPUTS = (
    "cases", "baseline", "candidate", "blocking-categories", "judge", "azure-endpoint", "judge-deployment",
    "api-version", "reasoning-model", "rubric", "max-concurrency", "max-rpm", "cache-path", "shard",
    "second-opinion", "azure-ai-project", "rescore-baseline", "min-cases-to-block", "model-under-test",
    "allow-self-judging", "call-timeout", "deadline",
)  # fmt: skip
FIELDS = {name: name.replace("-", "_") for name in COMPARE_INPUTS} | {"cache-path": "cache"}
ACTION_ONLY_INPUTS = (
    "azure-api-key", "azure-client-id", "azure-tenant-id", "github-token", "comment", "check-run", "check-name", "fail-on",
    "merge-results",
)  # fmt: skip
INPUTS = COMPARE_INPUTS + ACTION_ONLY_INPUTS
OUTPUTS = (
    "verdict", "blocking-regressions", "regressions", "new-non-answers", "unstable", "errors", "results-path", "report-path",
)  # fmt: skip
OUT_DIR = ".groundgate"
PR_EVENTS = ("pull_request", "pull_request_target")

FailOn = Literal["blocking", "any-regression", "never"]


def input_name(field: str) -> str:
    names = {value: key for key, value in FIELDS.items()}
    return f"input '{names.get(field, field.replace('_', '-'))}'"


class ActionSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    azure_api_key: SecretStr | None = None
    azure_client_id: str | None = None
    azure_tenant_id: str | None = None
    github_token: SecretStr | None = None
    comment: bool = True
    check_run: bool = True
    check_name: str = "groundgate"
    fail_on: FailOn = "blocking"
    merge_results: str | None = None  # glob(s) of shard results: merge and publish instead of judging


def read_inputs(environ: Mapping[str, str]) -> dict[str, str]:
    """INPUT_<NAME> as the runner sets it (hyphens kept), or with underscores; empty means unset."""
    values = {}
    for name in INPUTS:
        for key in (f"INPUT_{name.upper()}", f"INPUT_{name.upper().replace('-', '_')}"):
            value = environ.get(key, "").strip()
            if value:
                values[name] = value
                break
    return values


def parse_inputs(values: Mapping[str, str], workspace: Path) -> tuple[Settings | None, ActionSettings, dict[str, str]]:
    """Typed settings, with the three data paths resolved inside the workspace (no comparison
    settings when the step merges shard results). Returns also the repository-relative paths."""
    try:
        action = ActionSettings.model_validate(
            {name.replace("-", "_"): values[name] for name in ACTION_ONLY_INPUTS if name in values}
        )
    except ValidationError as exc:
        first = exc.errors()[0]
        raise UsageError(f"{input_name(str(first['loc'][0]))}: {first['msg']}") from None
    if action.merge_results:
        return None, action, {}
    fields: dict[str, str | None] = {FIELDS[name]: values.get(name) for name in COMPARE_INPUTS}
    relative = {}
    for name in ("cases", "baseline", "candidate"):
        if not values.get(name):
            raise UsageError(f"input '{name}' is required: the path of the {name} JSONL file in the repository")
        path = inside_workspace(workspace, values[name], name)
        fields[name] = str(path)
        relative[name] = path.relative_to(workspace.resolve()).as_posix()
    if values.get("cache-path"):
        fields["cache"] = str(inside_workspace(workspace, values["cache-path"], "cache-path"))
    fields["results"] = str(workspace / OUT_DIR / "results.json")
    return build_settings(fields, input_name), action, relative


def inside_workspace(workspace: Path, value: str, name: str) -> Path:
    """The path resolved (symlinks followed); refused when it leaves the workspace."""
    root = workspace.resolve()
    path = (root / value).resolve()
    if not path.is_relative_to(root):
        raise UsageError(f"input '{name}': {value!r} is outside the workspace; give a path inside the repository")
    return path


@dataclass(frozen=True)
class RunContext:
    """What the runner tells a container action about the run."""

    workspace: Path
    repository: str | None
    event_name: str | None
    sha: str | None
    pr_number: int | None
    head_sha: str | None
    from_fork: bool
    server_url: str
    api_url: str
    run_id: str | None
    output_path: Path | None
    summary_path: Path | None

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> RunContext:
        event: dict[str, Any] = {}
        event_path = environ.get("GITHUB_EVENT_PATH")
        if event_path and Path(event_path).is_file():
            try:
                event = json.loads(Path(event_path).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                event = {}
        event_name = environ.get("GITHUB_EVENT_NAME")
        pr = event.get("pull_request") if event_name in PR_EVENTS else None
        head_repo = ((pr or {}).get("head") or {}).get("repo") or {}
        base_repo = ((pr or {}).get("base") or {}).get("repo") or {}
        from_fork = (
            bool(pr) and event_name == "pull_request" and head_repo.get("full_name") != base_repo.get("full_name")
        )

        def path(name: str) -> Path | None:
            value = environ.get(name)
            return Path(value) if value else None

        return cls(
            workspace=Path(environ.get("GITHUB_WORKSPACE") or "."),
            repository=environ.get("GITHUB_REPOSITORY"),
            event_name=event_name,
            sha=environ.get("GITHUB_SHA"),
            pr_number=int(pr["number"]) if pr and "number" in pr else None,
            head_sha=((pr or {}).get("head") or {}).get("sha") or environ.get("GITHUB_SHA"),
            from_fork=from_fork,
            server_url=environ.get("GITHUB_SERVER_URL") or "https://github.com",
            api_url=environ.get("GITHUB_API_URL") or "https://api.github.com",
            run_id=environ.get("GITHUB_RUN_ID"),
            output_path=path("GITHUB_OUTPUT"),
            summary_path=path("GITHUB_STEP_SUMMARY"),
        )


def gate_exit(results: Results, fail_on: FailOn) -> int:
    """Exit code: 1 when the gate blocks (fail wins over error), 3 when rows were not judged."""
    if results.verdict == "fail" and fail_on != "never":
        return 1
    if fail_on == "any-regression" and results.counts[Outcome.REVIEW]:
        return 1
    return 3 if results.verdict == "error" else 0


def outputs_for(results: Results, results_path: str, report_path: str) -> dict[str, str]:
    c = results.counts
    return {
        "verdict": results.verdict,
        "blocking-regressions": str(c[Outcome.REGRESSION]),
        "regressions": str(c[Outcome.REGRESSION] + c[Outcome.REVIEW]),
        "new-non-answers": str(c[Outcome.NEW_NON_ANSWER]),
        "unstable": str(c[Outcome.UNSTABLE]),
        "errors": str(c[Outcome.ERROR]),
        "results-path": results_path,
        "report-path": report_path,
    }


def _judge(
    settings: Settings,
    relative: Mapping[str, str],
    judge: Callable[[], Judge],
    second: Callable[[], Judge | str | None],
    log: Log,
) -> Results:
    with log.group("groundgate: loading cases and responses"):
        try:
            inputs = app.load(settings)
        except InputError as exc:  # name the file as the repository knows it
            by_path = {str(getattr(settings, name)): relative[name] for name in relative}
            raise InputError(by_path.get(exc.path, exc.path), exc.line, exc.field, exc.message) from None
        for warning in inputs.warnings:
            log.warning(warning)
        inputs = replace(
            inputs,
            cases_path=relative["cases"],
            baseline_path=relative["baseline"],
            candidate_path=relative["candidate"],
        )
        log.info(f"{len(inputs.cases)} cases from {relative['cases']}")
    with log.group(f"groundgate: judging {len(inputs.cases)} cases"):
        return app.run(settings, inputs, judge(), ProgressLine(log.stream), log.warning, second())


def _merge(patterns: str, workspace: Path, log: Log) -> Results:
    root = workspace.resolve()
    paths: list[Path] = []
    for pattern in (p.strip() for p in re.split(r"[\n,]", patterns) if p.strip()):
        if Path(pattern).is_absolute() or ".." in Path(pattern).parts:
            raise UsageError(f"input 'merge-results': {pattern!r} is outside the workspace")
        found = sorted(p for p in root.glob(pattern) if p.resolve().is_relative_to(root) and p.is_file())
        if not found:
            raise UsageError(f"input 'merge-results': no results file matches {pattern!r}")
        paths += found
    with log.group(f"groundgate: merging {len(paths)} shard results"):
        results = merge([read_results(path) for path in dict.fromkeys(paths)])
    results.write(root / OUT_DIR / "results.json")
    return results


def run(
    settings: Settings | None,
    action: ActionSettings,
    relative: Mapping[str, str],
    ctx: RunContext,
    judge: Callable[[], Judge],
    publisher: Publisher | None,
    log: Log,
    second: Callable[[], Judge | str | None] = lambda: "same",
) -> int:
    """Judge (or merge shards), report and publish. GitHub refusing anything is a warning: the gate still decides."""
    if settings is None:
        assert action.merge_results
        results = _merge(action.merge_results, ctx.workspace, log)
        relative = {"cases": results.inputs.cases}
    else:
        results = _judge(settings, relative, judge, second, log)
    log.info(render_console(results))

    exit_code = gate_exit(results, action.fail_on)
    links = (
        Links(ctx.server_url, ctx.repository, ctx.head_sha, relative["cases"])
        if ctx.repository and ctx.head_sha
        else None
    )
    run_url = f"{ctx.server_url}/{ctx.repository}/actions/runs/{ctx.run_id}" if ctx.repository and ctx.run_id else None
    in_summary = f"[the job summary]({run_url})" if run_url else "the job summary"
    full = ReportContext(
        check_name=action.check_name, links=links, full_report=f"the results file ({OUT_DIR}/results.json)"
    )
    short = ReportContext(check_name=action.check_name, links=links, full_report=in_summary)

    summary = render(results, "summary", full)
    report_path = ctx.workspace / OUT_DIR / "report.md"
    report_path.parent.mkdir(parents=True, exist_ok=True)
    report_path.write_text(summary, encoding="utf-8")
    append_summary(ctx.summary_path, summary)
    set_outputs(ctx.output_path, outputs_for(results, f"{OUT_DIR}/results.json", f"{OUT_DIR}/report.md"))

    if publisher is not None and ctx.repository:
        _publish(results, action, relative, ctx, publisher, short, exit_code, log)
    return exit_code


def _publish(
    results: Results,
    action: ActionSettings,
    relative: Mapping[str, str],
    ctx: RunContext,
    publisher: Publisher,
    context: ReportContext,
    exit_code: int,
    log: Log,
) -> None:
    if ctx.from_fork:
        log.warning(
            "this pull request comes from a fork, so its token is read-only: the report is in the job summary only. "
            "To comment, post from a separate workflow_run workflow that downloads the results artifact (see the README)."
        )
        return
    with log.group("groundgate: publishing to GitHub"):
        if action.comment and ctx.pr_number is not None:
            try:
                how, url = publisher.upsert_comment(
                    ctx.pr_number, render(results, "comment", context), marker(action.check_name)
                )
                log.info(f"comment {how}: {url}")
            except GitHubRefused as exc:
                log.warning(f"{one_line(str(exc))}. The report is in the job summary.")
        if action.check_run and ctx.head_sha:
            conclusion, title = conclusion_for(results, exit_code)
            try:
                publisher.publish_check(
                    name=action.check_name,
                    head_sha=ctx.head_sha,
                    conclusion=conclusion,
                    title=title,
                    summary=render(results, "check", context),
                    annotations=annotations_for(results, relative["cases"]),
                )
                log.info(f"check run '{action.check_name}': {conclusion}")
            except GitHubRefused as exc:
                log.warning(f"{one_line(str(exc))}. The job's own status still carries the verdict.")

"""The container action's steps: load and judge (or merge shard results), then report and publish.

``entrypoint.py`` builds the settings and the clients and calls these in order; everything here
takes what it needs as arguments, so tests drive it with clients pointed at local servers.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from groundgate import app
from groundgate.cases import Inputs, load_cases, yardstick
from groundgate.errors import GitHubRefused, GroundgateError, Interrupted, UsageError, one_line
from groundgate.github.publisher import Publisher, annotations_for
from groundgate.github.workflow import Log, append_summary, set_outputs
from groundgate.merge import merge
from groundgate.report import Links, ReportContext, marker, render, render_failure, verdict_headline
from groundgate.report.console import render_console
from groundgate.results import Results, read_results
from groundgate.rules import Outcome, gate_exit
from groundgate.settings import OUT_DIR, GitHubRun, Settings, inside_workspace
from groundgate.wiring import Judges


def load(settings: Settings, log: Log, publisher: Publisher | None = None) -> Inputs:
    """The inputs; on a pull request also what it changed in the cases and baseline files."""
    with log.group("groundgate: loading cases and responses"):
        inputs = app.load(settings)
        for warning in inputs.warnings:
            log.warning(warning)
        log.info(f"{len(inputs.cases)} cases from {inputs.cases_path}")
        run = settings.github
        if publisher is not None and run is not None and run.base_sha and run.pr_number is not None:
            assert settings.cases  # loaded above
            assert settings.baseline
            try:
                then = [publisher.file_at(p.as_posix(), run.base_sha) for p in (settings.cases, settings.baseline)]
            except GitHubRefused as exc:
                log.warning(f"{one_line(str(exc))}: cannot tell whether this pull request edits the cases or baseline")
            else:
                inputs = replace(inputs, yardstick=yardstick(run.base_sha, then[0], then[1], inputs, settings.rubric))
    return inputs


def judge(settings: Settings, inputs: Inputs, judges: Judges, log: Log) -> Results:
    with log.group(f"groundgate: judging {len(inputs.cases)} cases"):
        return app.run(settings, inputs, judges)


def merge_shards(settings: Settings, log: Log) -> Results:
    """The shard results the ``merge-results`` globs name, inside the workspace, as one run."""
    assert settings.merge_results
    root = settings.root.resolve()
    paths: list[Path] = []
    for pattern in (p.strip() for p in re.split(r"[\n,]", settings.merge_results) if p.strip()):
        if Path(pattern).is_absolute() or ".." in Path(pattern).parts:
            raise UsageError(f"input 'merge-results': {pattern!r} is outside the workspace")
        found = sorted(p for p in root.glob(pattern) if p.resolve().is_relative_to(root) and p.is_file())
        if not found:
            raise UsageError(f"input 'merge-results': no results file matches {pattern!r}")
        paths += found
    with log.group(f"groundgate: merging {len(paths)} shard results"):
        parts = [read_results(path) for path in dict.fromkeys(paths)]
        results = merge(parts, _case_ids(settings, parts))
    results.write(root / OUT_DIR / "results.json")
    return results


def _case_ids(settings: Settings, parts: list[Results]) -> list[str] | None:
    """The suite's case ids from the cases file in the workspace (the input, or the path the shards
    recorded), so a merge can name what is missing; None when it is not at hand."""
    written = str(settings.cases) if settings.cases else parts[0].inputs.cases if parts else None
    if not written:
        return None
    try:
        path = inside_workspace(settings.root, written, "cases")
    except UsageError:
        return None  # a path from a results file is data, not a place to read from
    if not settings.path(path).is_file():
        return None
    return [case.id for case in load_cases(path, parts[0].judge.rubric, settings.root)]


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


def present(settings: Settings, results: Results, publisher: Publisher | None, log: Log) -> int:
    """Report file, job summary, outputs, the comment and the check run, then the console. GitHub
    refusing anything is a warning: the gate still decides, and the exit code says how."""
    run = settings.github or GitHubRun()
    cases_path = results.inputs.cases
    exit_code = gate_exit(results.verdict, results.counts, settings.fail_on)
    links = Links(run.server_url, run.repository, run.head_sha, cases_path) if run.repository and run.head_sha else None
    in_summary = f"[the job summary]({run.run_url})" if run.run_url else "the job summary"
    full = ReportContext(
        check_name=settings.check_name,
        links=links,
        full_report=f"the results file ({OUT_DIR}/results.json)",
        fail_on=settings.fail_on,
    )
    short = ReportContext(
        check_name=settings.check_name,
        links=links,
        full_report=f"{in_summary} and the results file ({OUT_DIR}/results.json)",
        fail_on=settings.fail_on,
    )

    summary = render(results, "summary", full)
    report_path = settings.root / OUT_DIR / "report.md"
    report_path.parent.mkdir(parents=True, exist_ok=True)
    report_path.write_text(summary, encoding="utf-8")
    append_summary(run.summary_path, summary)
    set_outputs(run.output_path, outputs_for(results, f"{OUT_DIR}/results.json", f"{OUT_DIR}/report.md"))

    if publisher is not None:
        _publish(settings, run, results, publisher, short, log)
    # Last, so the end of the log is the console's last screen: the rows that block and the verdict.
    log.info(render_console(results, settings.fail_on, where=f"the job summary and {OUT_DIR}/report.md"))
    return exit_code


def _publish(
    settings: Settings,
    run: GitHubRun,
    results: Results,
    publisher: Publisher,
    context: ReportContext,
    log: Log,
) -> None:
    if run.from_fork:
        log.warning(
            "this pull request comes from a fork, so its token is read-only: the report is in the job summary only. "
            "To comment, post from a separate workflow_run workflow that downloads the results artifact (see the README)."
        )
        return
    with log.group("groundgate: publishing to GitHub"):
        if settings.comment and run.pr_number is not None:
            try:
                how, url = publisher.upsert_comment(
                    run.pr_number, render(results, "comment", context), marker(settings.check_name)
                )
                log.info(f"comment {how}: {url}")
            except GitHubRefused as exc:
                log.warning(f"{one_line(str(exc))}. The report is in the job summary.")
        if settings.check_run and run.head_sha:
            top = verdict_headline(results, settings.fail_on)
            conclusion, title = top.conclusion, top.text
            try:
                publisher.publish_check(
                    name=settings.check_name,
                    head_sha=run.head_sha,
                    conclusion=conclusion,
                    title=title,
                    summary=render(results, "check", context),
                    annotations=annotations_for(results, results.inputs.cases),
                )
                log.info(f"check run '{settings.check_name}': {conclusion}")
            except GitHubRefused as exc:
                log.warning(f"{one_line(str(exc))}. The job's own status still carries the verdict.")


def present_failure(settings: Settings, error: GroundgateError, publisher: Publisher, log: Log) -> None:
    """A run that ends without a verdict says so where the last verdict stands: its own comment and
    its check run, so a stale "Passed" cannot outlive a run that failed on bad input or was cancelled."""
    run = settings.github or GitHubRun()
    if run.from_fork:
        return
    text = render_failure(error)
    interrupted = isinstance(error, Interrupted)
    try:
        if settings.comment and run.pr_number is not None:
            how, url = publisher.upsert_comment(
                run.pr_number, text + "\n" + marker(settings.check_name) + "\n", marker(settings.check_name)
            )
            log.info(f"comment {how}: {url}")
        if settings.check_run and run.head_sha:
            publisher.publish_check(
                name=settings.check_name,
                head_sha=run.head_sha,
                conclusion="cancelled" if interrupted else "failure",
                title=f"No verdict: {'interrupted' if interrupted else 'groundgate could not run'} (exit {error.exit_code})",
                summary=text,
                annotations=[],
            )
    except GitHubRefused as exc:
        log.warning(f"{one_line(str(exc))}. The job summary says why there is no verdict.")

"""The container action's steps: load and judge (or merge shard results), then report and publish.

``entrypoint.py`` builds the settings and the clients and calls these in order; everything here
takes what it needs as arguments, so tests drive it with clients pointed at local servers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

from groundgate import app, gitindex
from groundgate.app import Judges
from groundgate.baseline_age import BaselineAge, age
from groundgate.cases import Case, Inputs, Yardstick, load_cases
from groundgate.errors import (
    GitHubRefused,
    GroundgateError,
    InputError,
    InternalError,
    Interrupted,
    UsageError,
    one_line,
)
from groundgate.event import PR_EVENTS, GitHubRun
from groundgate.files import write_text
from groundgate.github import adjudicate
from groundgate.github import kept as keeping
from groundgate.github.annotations import annotations_for
from groundgate.github.publisher import Publisher, Pull
from groundgate.github.workflow import (
    Log,
    append_summary,
    outputs_of,
    repository_path,
    set_outputs,
    to_runner,
)
from groundgate.memory import Memory
from groundgate.merge import merge
from groundgate.readback import read_results
from groundgate.report import render, render_failure
from groundgate.report.console import render_console
from groundgate.report.context import ReportContext, marker
from groundgate.report.escape import inline
from groundgate.report.headline import headline_note, on_the_check, verdict_headline
from groundgate.report.links import Links
from groundgate.report.people import POINTER
from groundgate.results import Results
from groundgate.rules import gate_exit, plural, verdict_of
from groundgate.settings import FORK_RECIPE, OUT_DIR, OUTPUTS, Settings, inside_workspace
from groundgate.yardstick import decided_at_base, read_base, yardstick


def load(settings: Settings, log: Log, publisher: Publisher | None = None, target: Target | None = None) -> Inputs:
    """The inputs; on a pull request also what it changed in the cases and baseline files, and for the rows it
    edited the base commit's versions: the base branch's yardstick decides (see docs/action.md, The yardstick check)."""
    with log.group("groundgate: loading cases and responses"):
        run, base = settings.github, None
        # a pull request, or a merge queue's group (what would land): the base's yardstick decides either way
        if publisher is not None and run is not None and run.base_sha:
            base = partial(at_base, settings, publisher=publisher, base_sha=run.base_sha, log=log)
        inputs = app.load(settings, base)
        if publisher is not None:
            inputs = replace(inputs, baseline_age=baseline_age(settings, publisher, log))
            inputs = replace(inputs, held=held(settings, publisher, target, log))
        for warning in inputs.warnings:
            log.warning(warning)
        log.info(f"{len(inputs.cases)} cases from {inputs.cases_path}")
    return inputs


def baseline_age(settings: Settings, publisher: Publisher, log: Log) -> BaselineAge | None:
    """How old the baseline answers are: the commit that last changed the baseline file, reachable from the
    commit the run compares with (a pull request's base: its yardstick decides; else the commit under test).
    GitHub not telling is a line in the log, never the end of the run."""
    run = settings.github or GitHubRun()
    sha = run.base_sha if run.pr_number is not None and run.base_sha else run.head_sha
    if not sha or settings.baseline is None:
        return None
    path = repository_path(settings.root, settings.baseline.as_posix())
    try:
        found = publisher.last_change(path, sha)
    except GitHubRefused as exc:
        log.info(f"the baseline's age could not be read: {one_line(str(exc))}")
        return None
    return age(found[0], found[1], datetime.now(UTC), path, "github") if found else None


def held(settings: Settings, publisher: Publisher, target: Target | None, log: Log) -> Memory:
    """The answers this pull request's earlier verdicts blocked on (``sticky``), read before judging from every
    record groundgate kept on the commits its head has been at (``kept.gather``: a union, never the latest record
    alone), so that no rerun, push, shard or new pull request from the same branch can re-roll them. A shard reads
    them as a single job does. When they cannot all be read (GitHub refusing, a record damaged, a record that had
    no room for all of them), the run stops before judging: ``kept.Unreadable``, exit 3, no verdict, rather than a
    verdict judged afresh."""
    run = settings.github
    if run is None or target is None or not target.head_sha:
        return Memory()
    if (why := keeping.unkeyed(settings, fork=True)) is not None:
        log.warning(why)
    prs = remembered(run, target)
    if not prs:
        if run.event_name in PR_EVENTS or (run.via_workflow_run and run.triggered_by in PR_EVENTS):
            raise keeping.Unreadable(
                f"no open pull request could be found whose head is commit {target.head_sha[:12]}, so the answers "
                "its verdicts blocked on cannot be read: no verdict is given, since one judged afresh could pass "
                "them. Rerun the job once the pull request is open at this commit (see docs/security.md, The "
                "verdict's memory)"
            )
        return Memory()
    try:
        kept: list[keeping.Kept] = []
        commits: list[str] = []
        for pr in prs:  # a commit that is the head of several pull requests is held by what any of them blocked on
            found = keeping.gather(
                publisher,
                settings.check_name,
                pr,
                target.head_sha,
                keeping.key_of(settings),
                keeping.home_of(settings),
            )
            kept += found.kept
            commits += found.commits
        found = keeping.Found(tuple(kept), tuple(dict.fromkeys(commits)))
    except keeping.Unreadable:
        raise
    except Exception as exc:  # GitHub answering what nobody planned for, or a bug: not a reason to judge afresh
        raise keeping.Unreadable.because(str(InternalError.of(exc))) from None
    memory = found.memory()
    if memory.lost:
        raise keeping.Unreadable(
            f"the memory of this pull request's verdicts is not whole ({'; '.join(memory.lost)}): no verdict is "
            "given on what is left of it, since one could pass an answer it no longer holds (see docs/security.md, "
            "The verdict's memory)"
        )
    if memory:
        log.info(
            f"{plural(len(memory), 'answer')} this pull request's verdicts blocked on, from {plural(len(found.kept), 'record')} "
            f"on {plural(len(found.commits), 'commit')}: held while they are the same answers"
        )
    return memory


def remembered(run: GitHubRun, target: Target) -> tuple[int, ...]:
    """The pull requests whose verdicts' memory this run's verdict is judged with: the one it is for; a merge
    queue's (its branch names it, for a ``merge_group`` event and for the fork recipe's ``workflow_run`` after
    one); else every open pull request whose head is the commit judged (the fork recipe, when several are)."""
    if target.pr_number is not None:
        return (target.pr_number,)
    if run.queued_pr is not None:
        return (run.queued_pr,)
    return target.heads_of


def at_base(settings: Settings, inputs: Inputs, *, publisher: Publisher, base_sha: str, log: Log) -> Inputs:
    """A pull request's inputs compared with its base commit's cases and baseline (``Inputs.yardstick``), the
    rows it edited in their base versions; unreadable base files leave the PR's deciding, and say so."""
    assert settings.cases  # loaded already
    assert settings.baseline
    # GitHub names files from the repository's root, not the workspace (actions/checkout's `path:`)
    paths = [repository_path(settings.root, p.as_posix()) for p in (settings.cases, settings.baseline)]
    try:
        then = [publisher.file_at(path, base_sha) for path in paths]
    except GitHubRefused as exc:
        # Never skipped in silence: the report, the console and the check run say it (see docs/action.md)
        why = one_line(str(exc))
        log.warning(f"this pull request's edits to the cases and baseline could not be checked: {why}")
        return replace(inputs, yardstick=Yardstick(base=base_sha, unchecked=why))
    base = read_base(then[0], then[1], settings.rubric)
    moved = yardstick(base_sha, base, inputs, settings.blocking_categories)
    return decided_at_base(replace(inputs, yardstick=moved), base)


def judge(settings: Settings, inputs: Inputs, judges: Judges, log: Log) -> Results:
    with log.group(f"groundgate: judging {len(inputs.cases)} cases"):
        return app.run(settings, inputs, judges, say=log.info)


def selftest(settings: Settings, judges: Judges, log: Log) -> int:
    """``selftest: true``: the planted suite judged by this step's judge (``app.selftest``); what the gate
    caught in the log and the job summary. Nothing is posted to a pull request: it is about the judge."""
    from groundgate import selftest as planted  # only this job needs it

    with log.group("groundgate: the self-test, the planted suite judged by this step's judge"):
        found = app.selftest(settings, judges)
    text = planted.render(found)
    append_summary((settings.github or GitHubRun()).summary_path, f"## groundgate self-test\n\n{text}")
    log.info(text)
    return planted.exit_code(found)


def merge_shards(settings: Settings, log: Log, publisher: Publisher | None = None) -> tuple[Results, Memory | None]:
    """The shard results the ``merge-results`` globs name, inside the workspace, as one run, and the verdicts' memory
    read for it. On a pull request the merge reads the verdict's memory again, as a single job would before judging
    (``held``), and takes only shards that judged with all of it: a shard that read less (or nothing) could have
    passed an answer held there."""
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
    for path in paths:  # a shard's artifact is never in git, nor behind a link: a pull request may have written it
        if path.resolve() != path:  # a link the checkout made (download-artifact writes none): git tracks the link
            raise keeping.Unreadable(
                f"input 'merge-results': {path.relative_to(root)} is reached through a symbolic link: a pull request "
                "may have committed one where a failed shard's artifact would be, so no verdict is given"
            )
        if (known := gitindex.tracked(path)) is not False:
            git = "is tracked in git" if known else "may be tracked in git (its checkout's index cannot be read)"
            raise keeping.Unreadable(
                f"input 'merge-results': {path.relative_to(root)} {git}: a pull request may have committed it where "
                "a failed shard's artifact would be, so no verdict is given; download the shards' artifacts to a "
                "folder the repository does not track"
            )
    with log.group(f"groundgate: merging {len(paths)} shard results"):
        parts = [read_results(path) for path in dict.fromkeys(paths)]
        results = merge(parts, _cases(settings, parts))
        memory = None
        if publisher is not None and settings.github is not None:
            memory = held(settings, publisher, where(settings.github, publisher, log), log)
            for part in parts:
                _judged_with(part, memory)
    results.write(root / OUT_DIR / "results.json")
    return results, memory


def _judged_with(part: Results, memory: Memory) -> None:
    """A shard's results judged with every answer ``memory`` holds; else no verdict (``kept.Unreadable``)."""
    shard = f"shard {part.shard.index} of {part.shard.count}" if part.shard else "a shard"
    if part.memory is None and memory:
        raise keeping.Unreadable(
            f"{shard} judged without reading the answers this pull request's verdicts blocked on ({len(memory):,} of "
            "them): no verdict is given on it, since it could pass one of them. Give the shard jobs the permissions "
            "the merge job reads them with (checks: read, pull-requests: read; see examples/workflow-sharded.yml)"
        )
    if part.memory is not None and (lacking := part.memory.lacks(memory)):
        raise keeping.Unreadable(
            f"{shard} judged without {lacking:,} of the answers this pull request's verdicts blocked on (a verdict "
            "was kept between the shard and the merge): no verdict is given on it; rerun the shards and the merge"
        )


def _cases(settings: Settings, parts: list[Results]) -> list[Case] | None:
    """The suite's cases from the cases file in the workspace (the input, or the path the shards recorded), so a
    merge can name what is missing and check each row's shard; None when it is not at hand."""
    written = str(settings.cases) if settings.cases else parts[0].inputs.cases if parts else None
    if not written:
        return None
    try:
        path = inside_workspace(settings.root, written, "cases")
    except UsageError:
        return None  # a path from a results file is data, not a place to read from
    if not settings.path(path).is_file():
        return None
    return load_cases(path, parts[0].judge.rubric, settings.root)


def outputs_for(results: Results, results_path: str, report_path: str) -> dict[str, str]:
    return outputs_of(results.counts, results.verdict, results_path, report_path)


@dataclass(frozen=True)
class Target:
    """Where this run's verdict goes: the commit for the check run, the pull request for the comment."""

    head_sha: str | None
    pr_number: int | None
    author: str | None = None  # who opened the pull request
    heads_of: tuple[int, ...] = ()  # with no pull request to post to: the open ones whose head is this commit


def present(
    settings: Settings,
    results: Results,
    publisher: Publisher | None,
    log: Log,
    target: Target | None = None,
    *,
    targeted: bool = False,
    held: Memory | None = None,
) -> int:
    """Report file, job summary, outputs, the comment and the check run, then the console. GitHub
    refusing anything is a warning: the gate still decides, and the exit code says how. On a pull request
    people's adjudications are applied first: a blocking row they accepted no longer fails the job. ``held``:
    the verdicts' memory the run read before judging, which its record carries if it cannot be read again."""
    run = settings.github or GitHubRun()
    cases_path = repository_path(settings.root, results.inputs.cases)
    target = target if targeted else where(run, publisher, log)  # found once, before judging, when it could be
    people = _people(settings, results, publisher, target, cases_path, log, held)
    decided = people.people.decision if people else None
    exit_code = (
        decided.exit_code(results.counts) if decided else gate_exit(results.verdict, results.counts, settings.fail_on)
    )
    links = Links(run.server_url, run.repository, run.head_sha, cases_path) if run.repository and run.head_sha else None
    in_summary = f"[the job summary]({run.run_url})" if run.run_url else "the job summary"
    about = {
        "commit": run.head_sha,
        "commit_url": f"{run.server_url}/{run.repository}/commit/{run.head_sha}" if links else None,
        "run_url": run.run_url,
        "run_id": run.run_id,
    }
    full = ReportContext(
        check_name=settings.check_name,
        links=links,
        full_report=f"the results file ({OUT_DIR}/results.json)",
        fail_on=settings.fail_on,
        people=people.people if people else None,
        **about,
    )
    short = replace(full, full_report=f"{in_summary} and the results file ({OUT_DIR}/results.json)")

    summary = render(results, "summary", full)
    console = render_console(results, settings.fail_on, where=f"the job summary and {OUT_DIR}/report.md", people=full.people)  # fmt: skip
    write_text(settings.root / OUT_DIR / "report.md", summary)
    outputs = outputs_for(results, f"{OUT_DIR}/results.json", f"{OUT_DIR}/report.md")
    if decided is not None:  # what people's adjudications leave: what still blocks, and what they accepted apart
        left = decided.counts(results.counts)
        outputs = outputs_of(left, verdict_of(left), outputs["results-path"], outputs["report-path"], accepted=len(decided.accepted))  # fmt: skip
    to_runner(log, "the job summary", lambda: append_summary(run.summary_path, summary))
    to_runner(log, "the step's outputs", lambda: set_outputs(run.output_path, outputs))

    if publisher is not None and target is not None:
        try:
            _publish(settings, target, results, publisher, short, cases_path, log, people)
        except Exception as exc:  # GitHub answering what nobody planned for, or a bug: the verdict is decided
            log.warning(
                f"publishing stopped: {InternalError.of(exc)}. The verdict stands; the job's exit code carries it."
            )
    # Last, so the end of the log is the console's last screen: the rows that block and the verdict.
    log.info(console)
    return exit_code


def where(run: GitHubRun, publisher: Publisher | None, log: Log) -> Target | None:
    """Where to publish (``_target``), or None; a failure to find out is a warning: the verdict is decided."""
    if publisher is None:
        return None
    try:
        return _target(run, publisher, log)
    except Exception as exc:
        log.warning(f"publishing stopped: {InternalError.of(exc)}. The verdict stands; the job's exit code carries it.")
        return None


def _people(
    settings: Settings,
    results: Results,
    publisher: Publisher | None,
    target: Target | None,
    cases_path: str,
    log: Log,
    held: Memory | None = None,
) -> adjudicate.Adjudicated | None:
    """People's adjudications of a pull request's verdict, when it has a check run to keep the record in;
    anything unplanned leaves the judge's verdict standing (fail closed), with a warning."""
    run = settings.github or GitHubRun()
    pr = target.pr_number if target is not None else None
    if pr is None:
        pr = run.queued_pr  # the queue judges the pull request it is named after: its people's word stands there too
    if publisher is None or target is None or pr is None or not target.head_sha or not settings.check_run:
        return None
    try:
        author = target.author if target.pr_number is not None else publisher.pull(pr).author
        found = adjudicate.for_judging_run(
            settings, results, publisher, target.head_sha, pr, author, cases_path, headline_note(results), log, held
        )
        if target.pr_number is None:  # a merge queue's commit: no command names its verdict, so none is offered
            found = replace(found, people=replace(found.people, blocking=()))
        return found
    except GitHubRefused as exc:
        log.warning(f"the adjudications of #{pr} could not be read ({one_line(str(exc))}). The judge's verdict stands.")
        return None
    except Exception as exc:
        log.warning(f"people's adjudications were not applied: {InternalError.of(exc)}. The judge's verdict stands.")
        return None


def outputs_without_verdict() -> dict[str, str]:
    """The outputs of a run that ended without a verdict: ``verdict=error``, and counts of 0 (none known)."""
    return {name: "error" if name == "verdict" else "0" for name in OUTPUTS if not name.endswith("-path")}


def _target(run: GitHubRun, publisher: Publisher, log: Log) -> Target | None:
    """Where to publish, or None to publish nothing. A fork's pull_request run has a read-only token.
    A workflow_run run publishes for the run that triggered it: on that run's head commit, and on the
    pull request whose head that commit still is; if the PR has moved on, a newer run will report."""
    if run.from_fork:
        log.warning(
            "this pull request comes from a fork, so its token is read-only: the report is in the job summary only. "
            f"To comment and add a check run, judge it from a workflow_run workflow: see {FORK_RECIPE}."
        )
        return None
    if run.event_name == "merge_group":
        return Target(run.head_sha, None)  # a merge queue: no pull request to comment on
    if not run.via_workflow_run:
        return Target(run.head_sha, run.pr_number, run.pr_author)
    if not run.head_sha:
        log.warning("the workflow_run payload names no head commit: nothing published")
        return None
    if run.triggered_by not in PR_EVENTS:
        return Target(run.head_sha, None)
    try:
        pulls = publisher.pulls_of_run(run.head_sha, run.listed_pulls, run.head_label)
    except GitHubRefused as exc:
        log.warning(f"{one_line(str(exc))}. The report is in the job summary.")
        return None
    same_head, current = pulls_of(pulls, run.head_sha, run.head_repo, run.head_branch)
    if len(current) > 1:
        numbers = ", ".join(f"#{p.number}" for p in current)
        text = (
            f"{len(current)} open pull requests ({numbers}) have the head {run.head_label or run.head_sha[:12]} at "
            f"commit {run.head_sha[:12]}: the verdict is posted to none of them, since it cannot tell which one "
            "it is for; the check run on the commit carries it"
        )
        log.warning(text)
        to_runner(
            log,
            "the job summary",
            lambda: append_summary(run.summary_path, f"**Not posted to a pull request:** {inline(text)}."),
        )
        return Target(run.head_sha, None, heads_of=tuple(p.number for p in current))
    if current:
        return Target(run.head_sha, current[0].number, current[0].author)
    if not same_head:
        log.info(f"no pull request of {run.repository} has commit {run.head_sha[:12]}: check run only, no comment")
        return Target(run.head_sha, None)
    pull = same_head[0]
    now = "is closed" if not pull.open else f"has moved on to {pull.head_sha[:12]}"
    log.info(
        f"pull request #{pull.number} {now} since commit {run.head_sha[:12]} was judged: posting nothing, "
        "so this older result cannot overwrite a newer one (the report is in the job summary)"
    )
    return None


def pulls_of(
    pulls: list[Pull], head_sha: str, head_repo: str | None, head_branch: str | None
) -> tuple[list[Pull], list[Pull]]:
    """The pull requests whose head is the triggering run's repository and branch (open ones first),
    and of those the open ones whose head is still its commit: the run judged exactly one of these, or
    it cannot be told which. A PR on the same commit from another branch or fork is never one of them."""
    same_head = [
        p
        for p in pulls
        if (head_repo is None or (p.head_repo or "").casefold() == head_repo.casefold())
        and (head_branch is None or p.head_ref == head_branch)
    ]
    same_head.sort(key=lambda p: (not p.open, p.number))
    return same_head, [p for p in same_head if p.open and p.head_sha == head_sha]


def _publish(
    settings: Settings,
    target: Target,
    results: Results,
    publisher: Publisher,
    context: ReportContext,
    cases_path: str,
    log: Log,
    people: adjudicate.Adjudicated | None = None,
) -> None:
    with log.group("groundgate: publishing to GitHub"):
        if settings.comment and target.pr_number is not None:
            try:
                how, url = publisher.upsert_comment(
                    target.pr_number,
                    render(results, "comment", context),
                    marker(settings.check_name),
                    people.own if people is not None else None,
                )
                log.info(f"comment {how}: {url}")
                adjudicate.retire(publisher, people.left if people is not None else None, log)
            except GitHubRefused as exc:
                log.warning(f"{one_line(str(exc))}. The report is in the job summary.")
        if settings.check_run and target.head_sha:
            top = on_the_check(verdict_headline(results, settings.fail_on, context.people), headline_note(results))
            conclusion, title = top.conclusion, top.text
            annotations = annotations_for(results, cases_path, settings.fail_on)
            if people is not None:
                annotations = adjudicate.annotate(annotations, people.people.decision, cases_path)
            try:
                publisher.publish_check(
                    name=settings.check_name,
                    head_sha=target.head_sha,
                    conclusion=conclusion,
                    title=title,
                    summary=render(results, "check", context),
                    annotations=annotations,
                    text=keeping.to_write(people.record, settings) if people is not None else None,
                )
                log.info(f"check run '{settings.check_name}' on {target.head_sha[:12]}: {conclusion}")
            except GitHubRefused as exc:
                log.warning(f"{one_line(str(exc))}. The job's own status still carries the verdict.")


def failure_links(settings: Settings | None, error: GroundgateError) -> Links | None:
    """Where a bad input file's line is on GitHub (the commit under test), so its ``file:line`` is a link; None
    for any other error, outside a workflow, or a file outside the repository."""
    run = settings.github if settings is not None else None
    if settings is None or run is None or not isinstance(error, InputError) or not (run.repository and run.head_sha):
        return None
    path = repository_path(settings.root, error.path)
    if Path(path).is_absolute() or ".." in Path(path).parts:
        return None
    return Links(run.server_url, run.repository, run.head_sha, path)


def present_failure(settings: Settings, error: GroundgateError, publisher: Publisher, log: Log) -> None:
    """A run that ends without a verdict says so where the last verdict stands: its own comment and
    its check run, so a stale "Passed" cannot outlive a run that failed on bad input or was cancelled."""
    run = settings.github or GitHubRun()
    if run.from_fork:  # read-only token: the job summary says it
        return
    target = _target(run, publisher, log)
    if target is None:
        return
    text = render_failure(error, failure_links(settings, error))
    interrupted = isinstance(error, Interrupted)
    if settings.comment and target.pr_number is not None:
        mark = marker(settings.check_name)
        try:  # the pointer to the last verdict's record stays, and the adjudications it holds with it
            own = next(
                (c for c in publisher.comments(target.pr_number) if c.mine and mark in c.body and c.tampered is None),
                None,
            )  # one someone else edited names no verdict groundgate stands by
            kept = POINTER.search(own.body) if own is not None else None
            body = text + "\n" + (kept.group(0) + "\n" if kept else "") + mark + "\n"
            how, url = publisher.upsert_comment(target.pr_number, body, mark, own)
            log.info(f"comment {how}: {url}")
        except GitHubRefused as exc:
            log.warning(f"{one_line(str(exc))}. The job summary says why there is no verdict.")
    if settings.check_run and target.head_sha:
        try:
            publisher.publish_check(
                name=settings.check_name,
                head_sha=target.head_sha,
                conclusion="cancelled" if interrupted else "failure",
                title=f"No verdict: {'interrupted' if interrupted else 'groundgate could not run'} (exit {error.exit_code})",
                summary=text,
                annotations=[],
            )
        except GitHubRefused as exc:
            log.warning(f"{one_line(str(exc))}. The job summary says why there is no verdict.")

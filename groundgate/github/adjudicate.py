"""People in the loop, on GitHub: the ``/groundgate`` commands of a pull request's comments (``hearing``),
applied to the verdicts groundgate kept in its check runs (``kept``), and the verdict re-presented with them.

Two ways in. A judging run (``pull_request``, or ``workflow_run`` for a fork) reads the commands before it
publishes, binds them to the verdicts kept on the pull request's commits (``kept``, ``binding``: an acceptance made
on an answer a push left unchanged still stands), and publishes the record of its own verdict in its check run,
with every answer the pull request's verdicts blocked on.
A re-presenting run judges nothing and runs none of the pull request's files (with ``candidate`` set it reads the
candidate and cases files at the commit an accept names, as data: ``vouched``): on a comment
(``issue_comment``) or on a re-run of the check run asked for from the Checks tab (``check_run``
``rerequested``), it takes the record of the newest check run of its name on the commit, applies the
commands of the people allowed to give them, and publishes the verdict again: a new check run on that commit
(the older one completed as superseded) and its own comment, edited in place. A command that was applied gets
a reaction; one that was not, a reply saying why.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from urllib.parse import quote

from markupsafe import Markup

from groundgate.adjudication import (
    ADJUDICABLE,
    PREFIX,
    Decision,
    Entry,
    Judged,
    Said,
    Verdict,
    answer_digest,
    blocks,
)
from groundgate.binding import Vouched, bind, decide
from groundgate.errors import GitHubRefused, one_line
from groundgate.event import GitHubRun
from groundgate.github import kept as keeping
from groundgate.github import recent
from groundgate.github.annotations import Annotation
from groundgate.github.hearing import LEFT_NOTE, Heard, Who, hear
from groundgate.github.publisher import Comment, Publisher
from groundgate.github.vouched import in_git, named_commits
from groundgate.github.workflow import Log, append_summary, outputs_of, repository_path, set_outputs, to_runner
from groundgate.labels import Label, Precision, labels_of, latest_per_answer, precision
from groundgate.memory import Memory
from groundgate.record import Record, RecordError, decode, fit
from groundgate.report import LIMITS
from groundgate.report.context import marker
from groundgate.report.escape import inline
from groundgate.report.headline import Facts, counts_parts, headline_of, on_the_check
from groundgate.report.headline import facts as facts_of
from groundgate.report.links import Links, commits_linked
from groundgate.report.people import People, heading, render_people, represent
from groundgate.report.render import environment
from groundgate.results import Results, rows_with
from groundgate.rules import Conclusion, FailOn, Headline, Outcome, verdict_of
from groundgate.settings import Settings
from groundgate.sticky import blocked_on, carried

HISTORY_PRS = 20  # pull requests updated last whose verdicts a judging run reads for the judge's precision
REPLY_PROBLEMS = 20  # problems a reply lists: the rest are counted (a reply stays far below GitHub's 65,536)
PROBLEM_LIMIT = 400  # characters of each
REPLY_LIMIT = 60_000


# ---- the record of a judging run's verdict


def judged_rows(results: Results) -> list[Judged]:
    """The rows people may adjudicate, with the digest of what was judged."""
    return [
        Judged(
            id=row.id,
            category=row.category,
            outcome=row.outcome,
            before=row.before,
            after=row.after,
            line=row.line,
            digest=answer_digest(row.query, row.context, row.candidate),
            held_from=row.held_from,
        )
        for row in rows_with(results.rows, ADJUDICABLE)
    ]


def record_of(results: Results, settings: Settings, head: str, pr: int | None, cases_path: str, note: str) -> Record:
    """The record of a judging run's verdict, its ledger empty (``for_judging_run`` fills it)."""
    found = facts_of(results)
    return Record(
        check=settings.check_name,
        head=head,
        pr=pr,
        cases_path=cases_path,
        fail_on=settings.fail_on,
        cases=len(results.rows),
        counts={o: n for o, n in found.counts.items() if n},
        regressions_by_category=dict(found.blocking),
        review_by_category=dict(found.review),
        small_by_category=dict(found.small),
        to_read=found.to_read,
        unreachable=found.unreachable,
        note=note,
        rows=judged_rows(results),
        blocking=sum(n for o, n in results.counts.items() if blocks(o, settings.fail_on)),
        memory=2,
        blocked=blocked_on(rows_with(results.rows, [Outcome.REGRESSION]), head)
        if blocks(Outcome.REGRESSION, settings.fail_on)
        else [],
    )


@dataclass(frozen=True)
class Adjudicated:
    """A verdict with people in it, ready to publish: what the report shows, and the record to keep."""

    people: People
    record: Record
    own: Comment | None = None  # this check's comment on the pull request, found while reading the commands
    left: Comment | None = None  # its comment someone else edited: left as it is, a new one is written


def still_blocking(rows: Iterable[Judged], decision: Decision, fail_on: FailOn) -> tuple[tuple[str, str], ...]:
    """The rows that block once people have spoken, in the verdict's order: each id with its answer's digest (the
    command to paste names both)."""
    standing = {s.row.id: s for s in decision.rows}
    return tuple(
        (r.id, r.digest) for r in rows if blocks(r.outcome, fail_on) and (r.id not in standing or standing[r.id].blocks)
    )


def for_judging_run(
    settings: Settings,
    results: Results,
    publisher: Publisher,
    head: str,
    pr: int,
    author: str | None,
    cases_path: str,
    note: str,
    log: Log,
    held: Memory | None = None,
) -> Adjudicated:
    """A judging run's verdict with the commands of its pull request applied, read again from their comments, and
    bound to the verdicts groundgate kept on the pull request's commits (``kept.gather``: every check run of its
    name on every commit its head has been at) as ``binding`` allows: nothing a record says makes a row greener.
    Its record carries every answer the pull request's verdicts blocked on, its own first (``held``: what the run
    read before judging, carried when the records cannot be read again). Whatever cannot be read leaves the
    judge's verdict standing, and says so."""
    record = record_of(results, settings, head, pr, cases_path, note)
    notes: list[str] = []
    try:
        heard = hear(publisher, pr, Who.of(settings, author), settings.check_name)
    except GitHubRefused as exc:
        log.warning(f"people's adjudications could not be read: {one_line(str(exc))}. The judge's verdict stands.")
        notes.append("People's adjudications could not be read from the pull request: the judge's verdict stands.")
        heard = Heard()
    if heard.left is not None:
        who = f"@{heard.left.tampered}"
        log.warning(f"groundgate's comment on #{pr} was edited by {who}: it is no longer read or updated; a new one is written")  # fmt: skip
        notes.append(
            f"groundgate's earlier comment was edited by {who}, so groundgate no longer reads or updates it: a new "
            "comment holds the report (the verdicts are read from the check runs, never from a comment)."
        )
    unread = False
    try:
        found = keeping.gather(
            publisher, settings.check_name, pr, head, keeping.key_of(settings), keeping.home_of(settings)
        )
        for line in found.said(pr):
            log.warning(line)
            notes.append(f"{line[0].upper()}{line[1:]}.")
    except keeping.Unreadable as exc:
        found = keeping.Found()
        unread = True
        log.warning(f"the pull request's earlier verdicts could not be read ({one_line(str(exc))}): no adjudication is carried")  # fmt: skip
        notes.append("The pull request's earlier verdicts could not be read: no adjudication was applied.")
    verdicts = [Verdict({row.id: row for row in record.rows}, None, head), *found.verdicts(pr)]
    base = settings.github.base_sha if settings.github is not None else None
    git = in_git_of(settings, publisher, heard.said, verdicts, found.mine(pr), base)
    entries, problems = bind(heard.said, found.ledger(pr), verdicts, frozen=heard.frozen, vouched=git)
    decision = decide(record.rows, entries, settings.fail_on, problems=problems, heard=heard.counted)
    own = record.blocked
    memory = held if unread and held is not None else found.memory()
    blocked = [*own, *carried(memory, own)]  # what earlier verdicts blocked on stays on record
    update = {"ledger": list(decision.ledger), "previous": found.previous(pr, head), "blocked": blocked}
    record = fit(record.model_copy(update=update))
    decision = replace(decision, missing=record.missing)
    people = People(
        decision,
        head,
        _precision(publisher, settings.check_name, log),
        tuple(notes),
        still_blocking(record.rows, decision, settings.fail_on),
        small=frozenset(record.small_by_category),
    )
    return Adjudicated(people, record, heard.own, heard.left)


def in_git_of(
    settings: Settings,
    publisher: Publisher,
    said: Sequence[Said],
    verdicts: Sequence[Verdict],
    records: Iterable[keeping.Kept],
    base: str | None,
) -> Vouched | None:
    """What git vouches for about the answers of the verdicts people's accepts name (``vouched``), when the workflow
    names its candidate file (``candidate``: in the comment's workflow too, where the candidate is committed); None
    when it names none. The cases are read where the workflow and the records say they are (the answer is git's
    either way). GitHub refusing raises: no accept is bound on a guess."""
    if settings.candidate is None:
        return None
    commits = named_commits(said, verdicts)
    if not commits:
        return None
    root = settings.root
    cases = [repository_path(root, settings.cases.as_posix())] if settings.cases is not None else []
    cases += [k.record.cases_path for k in records]
    candidate = repository_path(root, settings.candidate.as_posix())
    return in_git(
        publisher, candidate, cases, commits, base=base, rubric=settings.rubric, blocking=settings.blocking_categories
    )


def _precision(publisher: Publisher, check_name: str, log: Log) -> Precision | None:
    try:
        return precision(history(publisher, check_name, HISTORY_PRS))
    except GitHubRefused as exc:
        log.warning(f"the judge's precision on this repository's adjudicated verdicts could not be read: {one_line(str(exc))}")  # fmt: skip
        return None


def history(
    publisher: Publisher,
    check_name: str,
    prs: int,
    commits: int = 1,
    *,
    everything: bool = False,
    since: datetime | None = None,
) -> list[Label]:
    """People's adjudications on the repository's pull requests, from the newest record of each (its ledger
    holds every adjudication of the pull request's life, carried from verdict to verdict)."""
    found: list[Label] = []
    seen: set[int] = set()
    for kept in recent.verdicts(publisher, check_name, prs, commits, all_pages=everything, since=since):
        if kept.pr in seen:
            continue
        try:
            record = decode(kept.text, check=check_name, head=kept.commit)
        except RecordError:
            continue  # not a verdict of this version: an older commit's may be
        if record.pr != kept.pr:
            continue
        seen.add(kept.pr)
        found += [label for label in labels_of(record.ledger, kept.pr) if since is None or label.at >= since]
    return latest_per_answer(found)


def retire(publisher: Publisher, left: Comment | None, log: Log) -> None:
    """groundgate's comment someone else edited, after a new one was written: its report replaced by one line
    saying why, without the marker that would find it again (best effort: the new comment holds the report)."""
    if left is None:
        return
    try:
        publisher.edit_comment(left.id, LEFT_NOTE.format(who=f"`@{left.tampered}`") + "\n")
    except GitHubRefused as exc:
        log.warning(f"groundgate's edited comment could not be retired: {one_line(str(exc))}")


# ---- presenting a verdict with people in it


def annotate(annotations: Iterable[Annotation], decision: Decision, cases_path: str) -> list[Annotation]:
    """The verdict's annotations, saying who accepted or confirmed each row: an accepted blocking row is a
    notice, no longer a failure."""
    by_line: dict[int, list[tuple[str, str]]] = {}
    for s in decision.rows:
        for e in s.by:
            by_line.setdefault(s.row.line, []).append((e.verb.value, e.login))
    accepted = {s.row.line for s in decision.accepted}
    found = []
    for a in annotations:
        said = by_line.get(a.line) if a.path == cases_path else None
        if not said:
            found.append(a)
            continue
        words = "; ".join(f"{verb}ed by @{login}" for verb, login in said)
        level = "notice" if a.line in accepted else a.level
        found.append(
            replace(a, level=level, title=f"{a.title} ({words})"[:255], message=f"People: {words}. {a.message}")
        )
    return found


def headline_for(decision: Decision, kept: Record) -> tuple[Headline, Counter[Outcome]]:
    """The headline of a recorded verdict once people have spoken, and the counts the gate decides on."""
    found = Facts(
        kept.counts,
        kept.regressions_by_category,
        kept.review_by_category,
        kept.small_by_category,
        kept.to_read,
        kept.unreachable,
        held={row.id: row.held_from for row in kept.rows if row.held_from is not None},
    )
    return headline_of(found, kept.fail_on, decision), decision.counts(kept.counts)


# ---- a re-presenting run: a comment, or a re-run asked for from the Checks tab


def mentions_command(*bodies: str | None) -> bool:
    return any(PREFIX in (body or "").casefold() for body in bodies)


def respond(settings: Settings, publisher: Publisher, log: Log) -> int:
    """A re-presenting run: apply people's commands to the verdict kept on a commit and publish it again.
    Judges nothing, runs none of the pull request's files. On a comment, the commit is the pull request's
    head; on a re-run of the check run (``check_run`` ``rerequested``), the commit the check run is on. Exits
    0 when the verdict was presented again (it lives in the check run, not in this job's status, which sits
    on the default branch)."""
    run = settings.github
    assert run is not None
    if run.event_name == "check_run":
        return _rerequested(settings, publisher, log, run)
    if run.pr_number is None:
        log.info("the comment is on an issue, not a pull request: nothing to adjudicate")
        return 0
    if not mentions_command(run.comment_body, run.comment_before):
        log.info(f"the comment holds no {PREFIX} command: nothing to do")
        return 0
    pull = publisher.pull(run.pr_number)
    if (why := keeping.unkeyed(settings, fork=pull.head_repo != run.repository)) is not None:
        log.warning(why)
    return _represent(settings, publisher, log, run, run.pr_number, pull.head_sha, pull.author, pull.base_sha)


def _rerequested(settings: Settings, publisher: Publisher, log: Log, run: GitHubRun) -> int:
    """A re-run of a check run asked for from the Checks tab: groundgate's own (this check's name) is presented
    again on the commit it is on (``check_run.head_sha``, never GITHUB_SHA: the default branch's head), with
    every command read again. Nothing is judged: this workflow's files are the default branch's, not the pull
    request's. To judge again, re-run the judging workflow's jobs."""
    if run.action != "rerequested" or run.requested_check != settings.check_name or not run.head_sha:
        what = f"check run {run.requested_check!r}" if run.requested_check else "a check run"
        log.info(f"a check_run event ({run.action or 'no action'}) for {what}: groundgate re-presents only its own check run '{settings.check_name}' when a re-run is asked for")  # fmt: skip
        return 0
    head = run.head_sha
    number = run.pr_number
    if number is None:  # a fork's pull request is not listed in the payload: the open one whose head it is
        found = [p for p in publisher.pulls_of_run(head) if p.open and p.head_sha == head]
        if len(found) != 1:
            log.info(f"{len(found)} open pull requests have commit {head[:12]} as their head: the verdict is presented on none")  # fmt: skip
            return 0
        pull = found[0]
    else:
        pull = publisher.pull(number)
    log.info(f"a re-run of '{settings.check_name}' on {head[:12]} was asked for: its kept verdict is presented again, nothing is judged")  # fmt: skip
    return _represent(settings, publisher, log, run, pull.number, head, pull.author, pull.base_sha)


def _represent(
    settings: Settings,
    publisher: Publisher,
    log: Log,
    run: GitHubRun,
    number: int,
    head: str,
    author: str | None,
    base: str | None = None,
) -> int:
    try:
        found = keeping.newest(publisher, settings.check_name, head)
    except RecordError as exc:
        _reply(publisher, settings, number, run, f"the verdict on the commit {head[:12]} cannot be used: {exc}. Rerun the gate, then post the command again.")  # fmt: skip
        raise GitHubRefused(f"the check run '{settings.check_name}' on {head[:12]}: {exc}") from None
    if found is None:
        why = (
            f"there is no verdict of '{settings.check_name}' on the commit {head[:12]} yet (its judging run has "
            "not finished, or could not publish a check run)"
        )
        log.info(f"{why}: nothing to apply the commands to")
        _reply(publisher, settings, number, run, f"{why}. Post the command again once the verdict is there.")
        return 0
    key = keeping.key_of(settings)
    try:
        gathered = keeping.gather(publisher, settings.check_name, number, head, key, keeping.home_of(settings))
    except keeping.Unreadable as exc:
        _reply(publisher, settings, number, run, f"the verdicts kept on this pull request cannot all be read: {exc}. Rerun the gate, then post the command again.")  # fmt: skip
        raise GitHubRefused(f"the verdicts kept on #{number}: {exc}") from None
    mine = [k for k in gathered.kept if k.record.head == head and k.record.pr == number]  # newest first
    if not mine:  # one commit, two pull requests: the verdicts on it were made for the other one
        why = f"the newest verdict on the commit {head[:12]} was made for pull request #{found[0].record.pr}"
        log.info(f"{why}: nothing applied")
        _reply(publisher, settings, number, run, f"{why}, not this one. Rerun this pull request's gate, then post the command again.")  # fmt: skip
        return 0
    for line in gathered.said(number):
        log.warning(line)
    signed = [k for k in mine if k.signed]
    if key is not None and not signed:  # nothing here is groundgate's: presenting one would sign a look-alike
        why = gathered.unbound(number, head, mine) or f"groundgate signed no record on commit {head[:12]}"
        log.warning(f"{why}: nothing is presented again")
        _reply(publisher, settings, number, run, why)  # the reply's template ends the sentence
        return 0
    chosen = _strictest(mine, signed if key is not None else mine)
    if chosen is None or chosen.run is None:
        why = (
            f"the verdicts kept on the commit {head[:12]} disagree on which rows block (a check run of this name "
            "that groundgate did not write, or a baseline the base branch changed since)"
        )
        log.warning(f"{why}: none is presented again, and the check says so")
        publisher.publish_check(
            name=settings.check_name,
            head_sha=head,
            conclusion="failure",
            title=f"No verdict: {why}"[:200],
            summary=f"{why}. Rerun the gate's judging job: its verdict decides.",
            annotations=[],
        )
        _reply(publisher, settings, number, run, f"{why}. Rerun the gate's judging job: its verdict decides.")
        return 0
    kept, check = chosen, chosen.run
    with log.group(f"groundgate: people's adjudications on #{number} at {head[:12]}"):
        heard = hear(publisher, number, Who.of(settings, author), settings.check_name)
        verdicts = gathered.verdicts(number)
        git = in_git_of(settings, publisher, heard.said, verdicts, gathered.mine(number), base)
        entries, problems = bind(heard.said, gathered.ledger(number), verdicts, frozen=heard.frozen, vouched=git)
        decision = decide(
            kept.record.rows,
            entries,
            kept.record.fail_on,
            problems=problems,
            missing=kept.record.missing,
            heard=heard.counted,
        )
        changed = list(decision.ledger) != sorted(kept.record.ledger, key=Entry.order)
        if not changed and heard.left is None and run.event_name != "check_run":
            log.info("no adjudication changed: the verdict stands as it is published")
            _answer(publisher, settings, number, run, heard, decision, head, log)
            return 0
        record = fit(kept.record.model_copy(update={"ledger": list(decision.ledger), "published": kept.published}))
        top, left = headline_for(decision, record)
        links = Links(run.server_url, run.repository, head, record.cases_path) if run.repository else None
        people = People(
            decision,
            head,
            _precision(publisher, settings.check_name, log),
            blocking=still_blocking(record.rows, decision, record.fail_on),
            counts=tuple(counts_parts(record.cases, record.counts, record.small_by_category, decision)),
            small=frozenset(record.small_by_category),
        )
        section = str(render_people(people, links))
        held = [row.held_from for row in record.rows if row.held_from is not None]
        top_line = str(commits_linked(Markup(heading(top.icon, top.text + record.note)), held, links))  # noqa: S704 - heading() escaped it
        top = on_the_check(top, record.note)  # a removed blocking case in the title, as the judging run put it
        title = top.text
        summary = represent(
            check.summary or "", top_line, people, section, marker(settings.check_name), LIMITS["check"]
        )
        annotations = annotate(publisher.annotations(check.id), decision, record.cases_path)
        conclusion: Conclusion = top.conclusion
        publisher.publish_check(
            name=settings.check_name,
            head_sha=head,
            conclusion=conclusion,
            title=title,
            summary=summary,
            annotations=annotations,
            text=keeping.to_write(record, settings),
        )
        log.info(f"check run '{settings.check_name}' on {head[:12]}: {conclusion} ({title})")
        if settings.comment and (heard.own is not None or heard.left is not None):
            base = heard.own.body if heard.own is not None else (check.summary or "")  # never text someone else edited
            body = represent(base, top_line, people, section, marker(settings.check_name), LIMITS["comment"])
            how, url = publisher.upsert_comment(number, body, marker(settings.check_name), heard.own)
            log.info(f"comment {how}: {url}")
            retire(publisher, heard.left, log)
        _answer(publisher, settings, number, run, heard, decision, head, log)
    outputs = outputs_of(left, verdict_of(left), accepted=len(decision.accepted))
    to_runner(log, "the job summary", lambda: append_summary(run.summary_path, summary))
    to_runner(log, "the step's outputs", lambda: set_outputs(run.output_path, outputs))
    return 0


def _strictest(records: Sequence[keeping.Kept], among: Sequence[keeping.Kept]) -> keeping.Kept | None:
    """Of one commit's records of this pull request (newest first), the newest of ``among`` (those groundgate signed,
    with a record key: a look-alike is never presented again, nor signed) that blocks on every row any of the
    others blocks on: records only ever make a verdict stricter, so one that blocks on less than another of its commit
    (a check run of this name some other workflow wrote, or a verdict from before the base changed a baseline) is
    not the one presented again. None when no record blocks on all the others do."""
    sets = [{row.id for row in k.record.rows if blocks(row.outcome, k.record.fail_on)} for k in records]
    for kept, mine in zip(records, sets, strict=True):
        if kept not in among:
            continue
        if all(other <= mine for other in sets) and all(kept.record.missing >= k.record.missing for k in records):
            return kept
    return None


def _answer(
    publisher: Publisher,
    settings: Settings,
    number: int,
    run: GitHubRun,
    heard: Heard,
    decision: Decision,
    head: str,
    log: Log,
) -> None:
    """The comment that started this run gets a reaction when every command in it was applied, or one reply
    saying what was not, and why."""
    cid = run.comment_id
    if cid is None or run.action == "deleted":
        return
    if cid in heard.refused:
        _reply(publisher, settings, number, run, f"nothing changed: {heard.refused[cid]}", head=head)
        return
    problems = [*heard.problems.get(cid, []), *decision.problems.get(cid, ())]
    if problems:
        _reply(publisher, settings, number, run, "some of it was not applied", problems, head=head)
    elif heard.applied(cid):
        try:
            publisher.react(cid, "+1")
        except GitHubRefused as exc:  # the verdict is published: a reaction is a courtesy
            log.warning(f"the reaction to comment {cid} could not be added: {one_line(str(exc))}")


def _reply(
    publisher: Publisher,
    settings: Settings,
    number: int,
    run: GitHubRun,
    why: str,
    problems: Sequence[str] = (),
    *,
    head: str | None = None,
) -> None:
    """Say once, in a reply of its own (edited, not repeated, when the comment is edited), why a comment
    changed nothing. Its marker is this check's marker function applied to the comment it answers. However
    many lines a comment holds, the reply lists the first REPLY_PROBLEMS problems, each cut short, and
    counts the rest: it stays far below GitHub's 65,536 characters."""
    if run.comment_id is None or not settings.comment:
        return
    mark = marker(f"{settings.check_name} reply {run.comment_id}")
    env = environment().overlay(finalize=lambda value: value if isinstance(value, Markup) else inline(value))
    url = f"{run.server_url}/{quote(run.repository or '')}/pull/{number}#issuecomment-{run.comment_id}"
    listed = [p if len(p) <= PROBLEM_LIMIT else p[: PROBLEM_LIMIT - 1] + "…" for p in problems[:REPLY_PROBLEMS]]
    body = env.get_template("reply.md.j2").render(
        who=run.comment_author or "",
        why=why if len(why) <= 2 * PROBLEM_LIMIT else why[: 2 * PROBLEM_LIMIT - 1] + "…",
        problems=listed,
        more=len(problems) - len(listed),
        head=Markup(head[:12]) if head else None,  # noqa: S704 - a hex sha
        url=Markup(url),  # noqa: S704 - ours: the server, the repository and two numbers
        marker=Markup(mark),  # noqa: S704 - ours
    )
    assert len(body) <= REPLY_LIMIT, len(body)  # bounded above: never GitHub's 422
    publisher.upsert_comment(number, body, mark)

"""People in the loop, on GitHub: the ``/groundgate`` commands of a pull request's comments, who may give
them, and the verdict re-presented with them.

Two ways in. A judging run (``pull_request``, or ``workflow_run`` for a fork) reads the commands before it
publishes, carries the ledger of the pull request's previous verdict forward (so an acceptance made on an
answer a push left unchanged still stands), and publishes the record of its own verdict in its check run.
A comment's run (``issue_comment``) judges nothing and reads none of the pull request's files: it takes the
record of the newest check run of its name on the pull request's head commit, applies the commands of the
people allowed to give them, and publishes the verdict again: a new check run on that commit (the older one
completed as superseded) and its own comment, edited in place.

Who may: a person (never a bot) whose permission on the repository (``GET /repos/{o}/{r}/collaborators/
{username}/permission``) is at least ``adjudicators``, who is not the pull request's author unless
``allow-author-adjudication``, in a comment last edited by its own author (someone with write access can
edit another's comment; the words count only as their author left them). Every run checks every command
again, so an edited comment, or a person who lost the permission, counts as it is now.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
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
    bind,
    blocks,
    decide,
    parse_commands,
)
from groundgate.errors import GitHubRefused, one_line
from groundgate.event import GitHubRun
from groundgate.github.annotations import Annotation
from groundgate.github.publisher import CheckRunFound, Comment, Publisher
from groundgate.github.workflow import Log, append_summary, outputs_of, set_outputs, to_runner
from groundgate.labels import Label, Precision, labels_of, latest_per_answer, precision
from groundgate.record import Record, RecordError, decode, fit, text
from groundgate.report import LIMITS
from groundgate.report.context import marker
from groundgate.report.escape import inline
from groundgate.report.headline import Facts, facts, headline_of, on_the_check
from groundgate.report.links import Links
from groundgate.report.people import POINTER, People, heading, render_people, represent
from groundgate.report.render import environment
from groundgate.results import Results, rows_with
from groundgate.rules import Conclusion, Headline, Outcome, verdict_of
from groundgate.settings import Settings

ROLE_RANK = {"none": 0, "read": 1, "triage": 2, "write": 3, "maintain": 4, "admin": 5}
HISTORY_PRS = 20  # pull requests updated last whose verdicts a judging run reads for the judge's precision


@dataclass(frozen=True)
class Who:
    """Who may adjudicate on this pull request."""

    adjudicators: str  # the least role: write, maintain or admin
    allow_author: bool
    author: str | None  # the pull request's author

    @classmethod
    def of(cls, settings: Settings, author: str | None) -> Who:
        return cls(settings.adjudicators, settings.allow_author_adjudication, author)


@dataclass
class Heard:
    """A pull request's comments as groundgate hears them: the commands that count, why the others do
    not (comment id -> reason), what could not be read in them, and this check's own report comment."""

    said: list[Said] = field(default_factory=list)
    refused: dict[int, str] = field(default_factory=dict)
    problems: dict[int, list[str]] = field(default_factory=dict)
    own: Comment | None = None


def hear(publisher: Publisher, number: int, who: Who, check_name: str) -> Heard:
    """Every comment's commands, checked against who may give them."""
    heard = Heard()
    roles: dict[str, str] = {}
    mark = marker(check_name)
    for comment in publisher.comments(number):
        if comment.mine:
            if heard.own is None and mark in comment.body:
                heard.own = comment
            continue
        commands, problems = parse_commands(comment.body)
        if not commands and not problems:
            continue
        why = _refusal(comment, who, roles, publisher)
        if why is not None:
            heard.refused[comment.id] = why
            continue
        assert comment.author is not None  # a comment without an author is refused above
        if problems:
            heard.problems[comment.id] = problems
        heard.said += [Said(comment.id, comment.author, comment.at, c, i) for i, c in enumerate(commands)]
    return heard


def _refusal(comment: Comment, who: Who, roles: dict[str, str], publisher: Publisher) -> str | None:
    """Why this comment's commands do not count, or None when they do."""
    author = comment.author
    if author is None:
        return "the account that wrote it no longer exists"
    if comment.bot:
        return f"@{author} is a bot: only people adjudicate"
    if comment.editor is not None and comment.editor.casefold() != author.casefold():
        return (
            f"it was last edited by @{comment.editor}, not by @{author} who wrote it: commands count only as their "
            "author left them"
        )
    if who.author is not None and author.casefold() == who.author.casefold() and not who.allow_author:
        return (
            f"@{author} opened this pull request, and its author does not adjudicate its own rows "
            "(the workflow's input allow-author-adjudication says so)"
        )
    if author.casefold() not in roles:
        try:
            roles[author.casefold()] = publisher.permission(author)
        except GitHubRefused as exc:
            return f"the permission of @{author} could not be read ({one_line(str(exc))})"
    role = roles[author.casefold()]
    if ROLE_RANK.get(role, 0) < ROLE_RANK[who.adjudicators]:
        return (
            f"@{author} has {role!r} permission on this repository, and adjudicating needs {who.adjudicators!r} "
            "or more (the workflow's input adjudicators)"
        )
    return None


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
        )
        for row in rows_with(results.rows, ADJUDICABLE)
    ]


def record_of(results: Results, settings: Settings, head: str, pr: int | None, cases_path: str, note: str) -> Record:
    """The record of a judging run's verdict, its ledger empty (``for_judging_run`` fills it)."""
    found = facts(results)
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
    )


def _read(publisher: Publisher, check_name: str, head: str) -> tuple[Record, datetime | None, CheckRunFound] | None:
    """The record on a commit's newest check run of this name, when it has one; RecordError when it cannot
    be read; the time its verdict was first shown."""
    found = publisher.latest_check(check_name, head)
    if found is None:
        return None
    kept = decode(found.text, check=check_name, head=head)
    return kept, kept.published or found.completed, found


def _last_verdict(publisher: Publisher, check_name: str, head: str) -> tuple[Record, datetime | None] | None:
    """The newest record on a commit's check runs of this name, for the adjudications it carries: a run that
    reached no verdict after it (bad input, an outage, a cancelled job) left it standing beneath."""
    problem: RecordError | None = None
    for found in publisher.checks(check_name, head):
        try:
            kept = decode(found.text, check=check_name, head=head)
        except RecordError as exc:
            problem = problem or exc
            continue
        return kept, kept.published or found.completed
    if problem is not None:
        raise problem
    return None


def _earlier(publisher: Publisher, check_name: str, kept: Record) -> Verdict | None:
    """The verdict before ``kept`` on its pull request (where commands posted while ``kept`` was being
    published were made): read only when such a command is found."""
    if kept.previous is None or kept.previous == kept.head:
        return None
    try:
        before = _last_verdict(publisher, check_name, kept.previous)
    except (RecordError, GitHubRefused):
        return None
    if before is None or before[0].pr != kept.pr:
        return None
    return Verdict({row.id: row for row in before[0].rows}, before[1])


def _needs_earlier(said: Iterable[Said], kept: Record, published: datetime | None) -> bool:
    known = {(e.comment, e.key) for e in kept.ledger}
    return any((s.comment, s.command.key) not in known and published is not None and s.at <= published for s in said)


@dataclass(frozen=True)
class Adjudicated:
    """A verdict with people in it, ready to publish: what the report shows, and the record to keep."""

    people: People
    record: Record
    own: Comment | None = None  # this check's comment on the pull request, found while reading the commands


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
) -> Adjudicated:
    """A judging run's verdict with the commands of its pull request applied: bound as the ledger of the
    previous verdict (named by this check's own comment) recorded them, or to that verdict when they came
    after it. Whatever cannot be read leaves the judge's verdict standing, and says so."""
    record = record_of(results, settings, head, pr, cases_path, note)
    notes: list[str] = []
    try:
        heard = hear(publisher, pr, Who.of(settings, author), settings.check_name)
    except GitHubRefused as exc:
        log.warning(f"people's adjudications could not be read: {one_line(str(exc))}. The judge's verdict stands.")
        notes.append("People's adjudications could not be read from the pull request: the judge's verdict stands.")
        heard = Heard()
    verdicts = [Verdict({row.id: row for row in record.rows}, None)]
    ledger: Sequence[Entry] = ()
    previous = None
    found = POINTER.search(heard.own.body) if heard.own is not None else None
    if found is not None:
        try:
            before = _last_verdict(publisher, settings.check_name, found.group(1))
        except (RecordError, GitHubRefused) as exc:
            before = None
            log.warning(f"the previous verdict's record could not be read ({one_line(str(exc))}): its adjudications are not carried over")  # fmt: skip
        if before is not None and before[0].pr == pr:
            kept, published = before
            previous, ledger = kept.head, kept.ledger
            verdicts.append(Verdict({row.id: row for row in kept.rows}, published))
            if _needs_earlier(heard.said, kept, published) and (earlier := _earlier(publisher, settings.check_name, kept)):  # fmt: skip
                verdicts.append(earlier)
    entries, problems = bind(heard.said, ledger, verdicts)
    decision = decide(record.rows, entries, settings.fail_on, problems=problems)
    record = fit(record.model_copy(update={"ledger": list(decision.ledger), "previous": previous}))
    decision = replace(decision, missing=record.missing)
    people = People(decision, head, _precision(publisher, settings.check_name, log), tuple(notes))
    return Adjudicated(people, record, heard.own)


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
    for kept in publisher.verdicts(check_name, prs, commits, all_pages=everything, since=since):
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
    )
    return headline_of(found, kept.fail_on, decision), decision.counts(kept.counts)


# ---- a comment's run


def mentions_command(*bodies: str | None) -> bool:
    return any(PREFIX in (body or "").casefold() for body in bodies)


def respond(settings: Settings, publisher: Publisher, log: Log) -> int:
    """A comment's run: apply people's commands to the verdict kept on the pull request's head commit and
    publish it again. Judges nothing, reads none of the pull request's files. Exits 0 when the verdict was
    presented again (it lives in the check run, not in this job's status, which sits on the default branch)."""
    run = settings.github
    assert run is not None
    if run.pr_number is None:
        log.info("the comment is on an issue, not a pull request: nothing to adjudicate")
        return 0
    if not mentions_command(run.comment_body, run.comment_before):
        log.info(f"the comment holds no {PREFIX} command: nothing to do")
        return 0
    number = run.pr_number
    pull = publisher.pull(number)
    try:
        found = _read(publisher, settings.check_name, pull.head_sha)
    except RecordError as exc:
        _reply(publisher, settings, number, run, f"the verdict on the head commit {pull.head_sha[:12]} cannot be used: {exc}. Rerun the gate, then post the command again.")  # fmt: skip
        raise GitHubRefused(f"the check run '{settings.check_name}' on {pull.head_sha[:12]}: {exc}") from None
    if found is None:
        why = (
            f"there is no verdict of '{settings.check_name}' on the pull request's head commit {pull.head_sha[:12]} "
            "yet (its judging run has not finished, or could not publish a check run)"
        )
        log.info(f"{why}: nothing to apply the commands to")
        _reply(publisher, settings, number, run, f"{why}. Post the command again once the verdict is there.")
        return 0
    kept, published, check = found
    if kept.pr != number:  # one commit, two pull requests: the newest verdict on it was made for the other one
        why = f"the newest verdict on the head commit {pull.head_sha[:12]} was made for pull request #{kept.pr}"
        log.info(f"{why}: nothing applied")
        _reply(publisher, settings, number, run, f"{why}, not this one. Rerun this pull request's gate, then post the command again.")  # fmt: skip
        return 0
    with log.group(f"groundgate: people's adjudications on #{number} at {pull.head_sha[:12]}"):
        heard = hear(publisher, number, Who.of(settings, pull.author), settings.check_name)
        verdicts = [Verdict({row.id: row for row in kept.rows}, published)]
        if _needs_earlier(heard.said, kept, published) and (earlier := _earlier(publisher, settings.check_name, kept)):  # fmt: skip
            verdicts.append(earlier)
        entries, problems = bind(heard.said, kept.ledger, verdicts)
        decision = decide(kept.rows, entries, kept.fail_on, problems=problems, missing=kept.missing)
        if list(decision.ledger) == sorted(kept.ledger, key=Entry.order):
            log.info("no adjudication changed: the verdict stands as it is published")
            _answer(publisher, settings, number, run, heard, decision)
            return 0
        kept = fit(kept.model_copy(update={"ledger": list(decision.ledger), "published": published}))
        top, left = headline_for(decision, kept)
        links = Links(run.server_url, run.repository, pull.head_sha, kept.cases_path) if run.repository else None
        people = People(decision, pull.head_sha, _precision(publisher, settings.check_name, log))
        section = str(render_people(people, links))
        top_line = heading(top.icon, top.text + kept.note)  # the report's heading adds the notes
        top = on_the_check(top, kept.note)  # a removed blocking case in the title, as the judging run put it
        title = top.text
        summary = represent(check.summary or "", top_line, section, marker(settings.check_name), LIMITS["check"])
        annotations = annotate(publisher.annotations(check.id), decision, kept.cases_path)
        conclusion: Conclusion = top.conclusion
        publisher.publish_check(
            name=settings.check_name,
            head_sha=pull.head_sha,
            conclusion=conclusion,
            title=title,
            summary=summary,
            annotations=annotations,
            text=text(kept),
        )
        log.info(f"check run '{settings.check_name}' on {pull.head_sha[:12]}: {conclusion} ({title})")
        if heard.own is not None and settings.comment:
            body = represent(heard.own.body, top_line, section, marker(settings.check_name), LIMITS["comment"])
            how, url = publisher.upsert_comment(number, body, marker(settings.check_name), heard.own)
            log.info(f"comment {how}: {url}")
        _answer(publisher, settings, number, run, heard, decision)
    outputs = outputs_of(left, verdict_of(left))
    to_runner(log, "the job summary", lambda: append_summary(run.summary_path, summary))
    to_runner(log, "the step's outputs", lambda: set_outputs(run.output_path, outputs))
    return 0


def _answer(
    publisher: Publisher, settings: Settings, number: int, run: GitHubRun, heard: Heard, decision: Decision
) -> None:
    """One reply to the comment that started this run, when some of it could not be applied."""
    cid = run.comment_id
    if cid is None:
        return
    if cid in heard.refused:
        _reply(publisher, settings, number, run, f"nothing changed: {heard.refused[cid]}")
        return
    problems = [*heard.problems.get(cid, []), *decision.problems.get(cid, ())]
    if problems:
        _reply(publisher, settings, number, run, "some of it was not applied", problems)


def _reply(
    publisher: Publisher, settings: Settings, number: int, run: GitHubRun, why: str, problems: Sequence[str] = ()
) -> None:
    """Say once, in a reply of its own (edited, not repeated, when the comment is edited), why a comment
    changed nothing. Its marker is this check's marker function applied to the comment it answers."""
    if run.comment_id is None or not settings.comment:
        return
    mark = marker(f"{settings.check_name} reply {run.comment_id}")
    env = environment().overlay(finalize=lambda value: value if isinstance(value, Markup) else inline(value))
    url = f"{run.server_url}/{quote(run.repository or '')}/pull/{number}#issuecomment-{run.comment_id}"
    body = env.get_template("reply.md.j2").render(
        who=run.comment_author or "",
        why=why,
        problems=problems,
        url=Markup(url),  # noqa: S704 - ours: the server, the repository and two numbers
        marker=Markup(mark),  # noqa: S704 - ours
    )
    publisher.upsert_comment(number, body, mark)

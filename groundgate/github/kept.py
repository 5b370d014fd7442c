"""The verdicts groundgate kept on a pull request's commits, read back: only from check runs (written by the
app alone), each record checked (``groundgate.record``) and made for this pull request.

Which commits to read is the only thing taken from elsewhere, and never from anything a pull request's author
can write: the commit being judged or re-presented (a rerun, or a comment's run since), the pull request's
head before this push (``before`` in GitHub's own event payload), the commit groundgate's own comment names
while nobody else has edited it, and, from each record, the verdict before it (``previous``). Every record
found adds its ledger: a revoke or a confirm any of them holds stands, so a pointer to an older verdict can
bring back nothing a later one withdrew.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from groundgate.adjudication import PIN, Entry, Said, Verb, Verdict
from groundgate.errors import GitHubRefused
from groundgate.github.publisher import CheckRunFound, Publisher
from groundgate.record import Record, RecordError, decode

CHAIN = 10  # verdicts read back along `previous` for commands that name an older one, or came before it


@dataclass(frozen=True)
class Kept:
    """A verdict groundgate kept: its record and when it was first shown (GitHub's time)."""

    record: Record
    published: datetime | None

    @property
    def verdict(self) -> Verdict:
        return Verdict({row.id: row for row in self.record.rows}, self.published, self.record.head)


def newest(publisher: Publisher, check_name: str, head: str) -> tuple[Kept, CheckRunFound] | None:
    """The record on a commit's newest check run of this name (the one GitHub shows), when it has one;
    RecordError when that run holds none or a damaged one."""
    found = publisher.latest_check(check_name, head)
    if found is None:
        return None
    record = decode(found.text, check=check_name, head=head)
    return Kept(record, record.published or found.completed), found


def last(publisher: Publisher, check_name: str, head: str) -> Kept | None:
    """The newest record on a commit's check runs of this name, for the adjudications it carries: a run that
    reached no verdict after it (bad input, an outage, a cancelled job) left it standing beneath."""
    problem: RecordError | None = None
    for found in publisher.checks(check_name, head):
        try:
            record = decode(found.text, check=check_name, head=head)
        except RecordError as exc:
            problem = problem or exc
            continue
        return Kept(record, record.published or found.completed)
    if problem is not None:
        raise problem
    return None


def previous(publisher: Publisher, check_name: str, pr: int, commits: Iterable[str | None]) -> list[Kept]:
    """The newest record of this pull request on each of these commits, newest first. A commit whose records
    cannot be read is passed over (RecordError when none could be read and one failed: the caller says so)."""
    found: dict[str, Kept] = {}
    problem: RecordError | None = None
    for commit in dict.fromkeys(c for c in commits if c):
        try:
            kept = last(publisher, check_name, commit)
        except RecordError as exc:
            problem = problem or exc
            continue
        if kept is not None and kept.record.pr == pr:
            found[commit] = kept
    if not found and problem is not None:
        raise problem
    return sorted(found.values(), key=lambda k: k.published or datetime.min.replace(tzinfo=UTC), reverse=True)


def ledger_of(found: Sequence[Kept]) -> list[Entry]:
    """Every entry of these records (newest first), each command's binding as the newest record holds it."""
    entries: dict[tuple[int, str, str], Entry] = {}
    for kept in found:
        for entry in kept.record.ledger:
            entries.setdefault((entry.comment, entry.key, entry.row), entry)
    return sorted(entries.values(), key=Entry.order)


def wanted(said: Sequence[Said], verdicts: Sequence[Verdict], known: Iterable[Entry]) -> tuple[set[str], bool]:
    """What the verdicts at hand do not answer: the commits fresh commands name that none of them judged,
    and whether an unnamed one came before the oldest of them was shown."""
    recorded = {(e.comment, e.key) for e in known}
    fresh = [s for s in said if (s.comment, s.command.key) not in recorded and s.command.verb is not Verb.REVOKE]
    heads = [v.head for v in verdicts if v.head]
    pins = {
        s.command.pin
        for s in fresh
        if s.command.pin and PIN.fullmatch(s.command.pin) and not any(h.startswith(s.command.pin) for h in heads)
    }
    shown = [v.published for v in verdicts if v.published is not None]
    early = bool(shown) and any(s.command.pin is None and s.at <= min(shown) for s in fresh)
    return pins, early


def older(
    publisher: Publisher, check_name: str, pr: int, found: Sequence[Kept], said: Sequence[Said], verdicts: list[Verdict]
) -> list[Verdict]:
    """The verdicts before the ones at hand, along each record's ``previous``, as far as fresh commands need
    them (one names an older verdict, or came before the oldest one was shown), CHAIN at most."""
    more: list[Verdict] = []
    seen = {kept.record.head for kept in found}
    queue = [kept.record.previous for kept in found]
    known = [e for kept in found for e in kept.record.ledger]
    while queue and len(more) < CHAIN:
        pins, early = wanted(said, [*verdicts, *more], known)
        if not pins and not early:
            break
        commit = queue.pop(0)
        if commit is None or commit in seen:
            continue
        seen.add(commit)
        try:
            kept = last(publisher, check_name, commit)
        except (RecordError, GitHubRefused):
            continue
        if kept is None or kept.record.pr != pr:
            continue
        more.append(kept.verdict)
        queue.append(kept.record.previous)
    return more

"""The verdicts groundgate kept on a pull request's commits, read back (``groundgate.record``): the pull request's
memory (the answers its verdicts blocked on, people's confirms and revokes) and the verdicts people's commands
are bound to.

Where: every check run of this name, not only the newest, on every commit the pull request's head has been at —
its commits, and the heads its force pushes replaced, as GitHub's own timeline keeps them — and the same for the
other pull requests from its head branch, and on the commit judged now, whichever pull request's verdict is kept
there (a new pull request from the same branch meets the old one's), and on the commits the records name as the
verdict before theirs (``previous``). Never a commit
groundgate's comment names, nor the event's ``before``: the chain depends on nothing an edited comment, a
cancelled run or an event without ``before`` can break.

What is trusted of them: a check run of this name is no proof that groundgate wrote it. Any workflow of the
repository with ``checks: write`` can create one (as the GitHub Actions app, like groundgate's), and GitHub files
a check run made with a workflow's token in whichever check suite it chooses, so neither its app nor its check
suite's workflow run (path, event, branch) says which workflow made it. So records only ever make a verdict
stricter: the answers blocked on are the union of every record's (``sticky.memory_of``), confirms and revokes
stand from any record of this pull request, and an accept is read again from its comment on every run and bound
only to an answer every record of the verdict it names agrees on, and that the candidate file holds at that commit
when git tracks it (``binding``, ``vouched``).

What a record key adds (``signing``): a record whose seal verifies with the run's key, and that is at home (sealed in
this repository, for the check run that holds it, saying when its verdict was first shown: ``signed``), is
groundgate's, since only jobs that run from the default branch hold the key. One moved from the check run it was
sealed for gives no verdict (``Unreadable``); when a verdict was shown is read only from signed records. Every other record of the name stays data that can only make a
verdict stricter; an accept binds only at a commit with at least one verified record (and every record agreeing, and
git where it applies). A run without a key that finds a signed record of the pull request binds no accept at all,
rather than fall back to the weaker rule; a record signed with another key counts as unsigned, and the run says so
naming both key ids.

What cannot be read is said, never passed over: GitHub refusing, or a record groundgate cannot read whole, raises
``Unreadable`` (the judging run then gives no verdict: exit 3).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from groundgate.adjudication import Entry, Judged, Verdict
from groundgate.errors import GitHubRefused, GroundgateError, one_line
from groundgate.github.publisher import CheckRunFound, Publisher
from groundgate.memory import Memory
from groundgate.record import NoRecord, Record, RecordError, decode, opened, sealed, text
from groundgate.settings import Settings
from groundgate.signing import RecordKey, Seal
from groundgate.sticky import memory_of

# Every commit a pull request's head has been: its commits, and the heads its force pushes replaced (GitHub's own
# timeline: nothing the pull request's author can write). A page of each a request, both paged on together.
HEADS_QUERY = """
query($owner: String!, $name: String!, $number: Int!, $commits: String, $pushes: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      commits(first: 100, after: $commits) { nodes { commit { oid } } pageInfo { hasNextPage endCursor } }
      timelineItems(first: 100, after: $pushes, itemTypes: [HEAD_REF_FORCE_PUSHED_EVENT]) {
        nodes { ... on HeadRefForcePushedEvent { createdAt beforeCommit { oid } afterCommit { oid } } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
}
"""
KEYLESS = (
    "this pull request's records are signed: give this workflow `record-key` to verify them (no accept binds "
    "until then; where this repository signs no records, a check run of groundgate's name that groundgate did not "
    "write carries the signature)"
)
LINKS = 50  # commits read beyond the pull request's own because a record names them as the verdict before its


class Unreadable(GroundgateError):
    """The pull request's earlier verdicts could not all be read, or a record did not keep all it should: no
    verdict may pass on what is left (exit 3)."""

    exit_code = 3

    @classmethod
    def because(cls, why: str) -> Unreadable:
        return cls(
            f"the verdicts this pull request was given before could not all be read ({one_line(why)}): no verdict is "
            "given without them, since one judged afresh could pass an answer they blocked on. Rerun the job once "
            "GitHub answers (see docs/security.md, The verdict's memory)"
        )


@dataclass(frozen=True)
class Kept:
    """A verdict groundgate kept: its record and when it was first shown (GitHub's time, or the record's word)."""

    record: Record
    published: datetime | None
    run: CheckRunFound | None = None  # the check run that holds it
    seal: Seal | None = None  # the seal that follows it, verified or not
    signed: bool = False  # its seal verifies with the run's record key: groundgate wrote it

    @property
    def verdict(self) -> Verdict:
        return Verdict({row.id: row for row in self.record.rows}, self.published, self.record.head)


@dataclass(frozen=True)
class Found:
    """Every record read on a pull request's commits (any pull request's), and the commits read."""

    kept: tuple[Kept, ...] = ()
    commits: tuple[str, ...] = ()
    heads: tuple[str, ...] = ()  # the commits that were this pull request's head: the only ones an accept may name
    key_id: str | None = None  # the id of the run's record key; None: it has none

    def keyless(self, pr: int) -> bool:
        """This run has no record key, and a record of the pull request carries a seal: its accepts cannot be
        checked against what groundgate signed, so none binds (never today's weaker rule in silence)."""
        return self.key_id is None and any(k.seal is not None for k in self.mine(pr))

    def rotated(self) -> list[str]:
        """The ids of the keys that sealed records found here other than the run's (a rotated key)."""
        if self.key_id is None:
            return []
        return sorted({k.seal.key_id for k in self.kept if k.seal is not None and k.seal.key_id != self.key_id})

    def said(self, pr: int) -> list[str]:
        """What the run says once about the records' signatures (the log, the report's notes)."""
        if self.keyless(pr):
            return [KEYLESS]
        if others := self.rotated():
            return [
                f"records of this pull request are signed with record key id {', '.join(others)}, not this run's "
                f"{self.key_id}: they count as unsigned (a rotated key; give the workflow the key that signed them "
                "to keep accepting at their verdicts)"
            ]
        return []

    def unbound(self, pr: int, head: str, records: Sequence[Kept]) -> str | None:
        """Why no accept binds at the verdict on ``head`` (``Verdict.unbound``), or None."""
        if self.keyless(pr):
            return KEYLESS
        if self.key_id is None or any(k.signed for k in records):
            return None
        others = sorted({k.seal.key_id for k in records if k.seal is not None and k.seal.key_id != self.key_id})
        also = (
            f" with this workflow's record key (key id {self.key_id}; its records are signed with key id "
            f"{', '.join(others)}: a rotated key)"
            if others
            else ""
        )
        if not others and not any(k.signed for k in self.mine(pr)):
            return (
                f"groundgate signed no record on commit {head[:12]}, nor on any commit of this pull request: this "
                f"workflow verifies records with a record key (key id {self.key_id}), and either the workflow that "
                "judges the pull request has none (the plain pull_request recipe: then take `record-key` and "
                "`environment:` out of this workflow, and accepts bind as they did), or its runs here were all "
                "cancelled or have not finished (rerun the judging job, or wait for it, then paste the command its "
                "report offers)"
            )
        return (
            f"groundgate signed no record on commit {head[:12]}{also} (its run may have been cancelled, and a check "
            "run of groundgate's name there is not groundgate's): accept at a verdict groundgate published"
        )

    def mine(self, pr: int) -> list[Kept]:
        """This pull request's records, newest shown first."""
        return sorted(
            (k for k in self.kept if k.record.pr == pr),
            key=lambda k: k.published or datetime.min.replace(tzinfo=UTC),
            reverse=True,
        )

    def memory(self) -> Memory:
        """What every record found blocked on: a union (whichever pull request's: they only hold more)."""
        return memory_of(((k.record, k.run.url if k.run is not None else None) for k in self.kept), self.commits)

    def verdicts(self, pr: int) -> list[Verdict]:
        """This pull request's verdicts, one a commit, newest shown first, each as its records agree (``agreed``):
        only on commits that were its head (its commits, its force pushes). A record's own ``pr`` and ``previous``
        are written by whoever posts it, so a commit reached only through them (another branch's, another pull
        request's from the same branch) holds no verdict of this pull request's that an accept could name."""
        by: dict[str, list[Kept]] = {}
        for kept in self.mine(pr):
            if kept.record.head in self.heads:
                by.setdefault(kept.record.head, []).append(kept)
        found = [
            replace(agreed(head, records), unbound=self.unbound(pr, head, records)) for head, records in by.items()
        ]
        return sorted(found, key=lambda v: v.published or datetime.min.replace(tzinfo=UTC), reverse=True)

    def ledger(self, pr: int) -> list[Entry]:
        """Every entry of this pull request's records, each variant once (``binding.bind`` weighs them)."""
        entries: dict[str, Entry] = {}
        for kept in self.mine(pr):
            for entry in kept.record.ledger:
                entries.setdefault(entry.model_dump_json(), entry)
        return sorted(entries.values(), key=Entry.order)

    def previous(self, pr: int, head: str) -> str | None:
        """The commit of this pull request's newest verdict before one on ``head`` (a record's link back)."""
        return next((k.record.head for k in self.mine(pr) if k.record.head != head), None)


def agreed(head: str, records: Sequence[Kept]) -> Verdict:
    """One commit's verdict as all its records of the pull request give it: the rows every one of them lists with
    the same answer (``rows``: the only answers an accept can bind to), every answer any of them gives a row
    (``answers``: what a confirm disputes), and the rows they disagree on, with what each check run says of them
    (``said_by``: an accept naming such a row is said back, naming them); shown when the first of them says it was (a rerun of the commit
    shows the same answers again: an accept posted between the two names them)."""
    answers: dict[str, set[str]] = {}
    listed: dict[str, int] = {}
    first: dict[str, Judged] = {}
    variants: dict[str, dict[str, Judged]] = {}
    for kept in records:
        for row in {r.id: r for r in kept.record.rows}.values():
            answers.setdefault(row.id, set()).add(row.digest)
            listed[row.id] = listed.get(row.id, 0) + 1
            first.setdefault(row.id, row)
            variants.setdefault(row.id, {}).setdefault(row.digest, row)
    settled = {rid for rid, digests in answers.items() if len(digests) == 1 and listed[rid] == len(records)}
    said_by: dict[str, tuple[tuple[str, str | None], ...]] = {}
    for rid in set(answers) - settled:  # who says what of a row they disagree on, oldest check run first
        each = [(k, {r.id: r.digest for r in k.record.rows}.get(rid)) for k in records]
        ordered = sorted(each, key=lambda kd: kd[0].run.id if kd[0].run is not None else 0)
        said_by[rid] = tuple((k.run.url if k.run is not None else "a record", digest) for k, digest in ordered)
    pool = [k for k in records if k.signed] or records  # with a key, only what groundgate sealed says when
    shown = [k.published for k in pool if k.published is not None]
    published = min(shown) if shown else None
    return Verdict(
        {rid: first[rid] for rid in settled},
        published,
        head,
        answers={rid: frozenset(d) for rid, d in answers.items()},
        unsettled=frozenset(answers) - settled,
        variants={rid: tuple(found.values()) for rid, found in variants.items()},
        said_by=said_by,
    )


def key_of(settings: Settings) -> RecordKey | None:
    """The run's record key (``record-key``), or None."""
    return RecordKey(settings.record_key.get_secret_value()) if settings.record_key is not None else None


def home_of(settings: Settings) -> int | None:
    """This repository's numeric id (``GITHUB_REPOSITORY_ID``): where a signed record says it was sealed."""
    return settings.github.repository_id if settings.github is not None else None


def unkeyed(settings: Settings, fork: bool) -> str | None:
    """The warning a run of the fork recipe's shape gives when its record key is empty (the environment not attached
    to the job, or the secret's name misspelt): a ``workflow_run`` judging job, or a comment's run on a pull request
    from a fork. It would otherwise write unsigned records and bind accepts by the weaker rule without a word."""
    run = settings.github
    if settings.record_key is not None or run is None:
        return None
    if run.event_name != "workflow_run" and not (run.event_name in ("issue_comment", "check_run") and fork):
        return None
    return (
        "this run has no record key (`record-key` is empty): its records are not signed, and an accept binds by the "
        "weaker rule a branch workflow can satisfy. With the fork recipe's signed records, attach the environment "
        "that holds GROUNDGATE_RECORD_KEY to this job and check the secret's name (docs/security.md, The verdict's "
        "memory); without them, nothing is wrong"
    )


def to_write(record: Record, settings: Settings) -> str | Callable[[int | None, datetime | None], str]:
    """What a check run holding ``record`` gets as its ``output.text``: with a record key, the record sealed in its
    home (``record.sealed``), once GitHub has made the check run; without one, the record as it is."""
    key, home = key_of(settings), home_of(settings)
    if key is None or home is None:
        return text(record)
    return lambda run, at: sealed(record, key, home, run, at)


def gather(
    publisher: Publisher,
    check_name: str,
    pr: int,
    head: str,
    key: RecordKey | None = None,
    home: int | None = None,
) -> Found:
    """Every record on every commit pull request #pr's head has been at, on ``head``, and on the commits records
    name as the verdict before theirs (LINKS at most). Unreadable when GitHub refuses, when a check run of this
    name holds a record that cannot be read whole (a record is never passed over in silence), or one sealed for
    another check run (``signed``). ``home``: this repository's numeric id, which a signed record names."""
    try:
        own_heads = list(dict.fromkeys([head, *heads(publisher, pr)]))
        commits = list(dict.fromkeys([*own_heads, *branch_heads(publisher, pr)]))
    except GitHubRefused as exc:
        raise Unreadable.because(str(exc)) from None
    own = set(commits)
    queue, seen, links = list(commits), set(), 0
    kept: list[Kept] = []
    while queue:
        commit = queue.pop(0)
        if commit in seen:
            continue
        seen.add(commit)
        try:
            runs = publisher.checks(check_name, commit, gone_ok=commit not in own)
        except GitHubRefused as exc:
            raise Unreadable.because(str(exc)) from None
        for found in runs:
            read = _read(found, check_name, commit)
            if read is None:
                continue
            record, data, seal = read
            mine = signed(key, home, found, record, data, seal)
            # a signed record says when it was first shown inside its seal; only an unsigned one (whose word is
            # worth nothing to an accept anyway) falls back on its check run's completed_at, which a PATCH sets
            published = record.published if mine else (record.published or found.completed)
            kept.append(Kept(record, published, found, seal, mine))
            link = record.previous
            if link and link not in seen and link not in queue and links < LINKS:
                queue.append(link)
                links += 1
    return Found(tuple(kept), tuple(seen), tuple(own_heads), key.id if key is not None else None)


def signed(
    key: RecordKey | None, home: int | None, found: CheckRunFound, record: Record, data: bytes, seal: Seal | None
) -> bool:
    """Whether a record is groundgate's: sealed with the run's key, in this repository (``home``), in the check
    run that holds it, saying when it was shown. One sealed in another repository with the same key (a fork's or a
    mirror's, which share commits; one key copied into two environments) counts as unsigned. One sealed here for
    another check run was moved (an older genuine record PATCHed over a newer one): groundgate never moves a
    record, so nothing legitimate did, and the verdict it replaced cannot be read: Unreadable (no verdict)."""
    if key is None or home is None or not key.verifies(data, seal):
        return False
    if record.repository != home or record.run is None or record.published is None:
        return False  # sealed in another repository, or before records named their home
    if record.run != found.id:
        raise Unreadable(
            f"the check run {found.url} holds a record groundgate signed for another check run, "
            f"{re.sub(r'[0-9]+$', str(record.run), found.url)}: a signed record was moved, which groundgate never "
            "does, so the record that check run held is gone and what it blocked on cannot be read. No verdict is "
            "given (one judged afresh could pass an answer it blocked on): find who changed the check run (a "
            "workflow with `checks: write`; see docs/security.md, The verdict's memory)"
        )
    return True


def heads(publisher: Publisher, number: int) -> list[str]:
    """Every commit pull request #number's head has been at, as GitHub keeps it: its commits, oldest first, then
    the heads its force pushes replaced and the ones they pushed (a force push drops the old commits from the
    list; the timeline keeps them). A force push whose replaced head GitHub no longer names (``beforeCommit`` null)
    leaves the chain unreadable: ``Unreadable``, never a verdict judged without it."""
    owner, name = publisher.repository.split("/", 1)
    found: dict[str, None] = {}
    lost: list[str] = []  # when the force pushes whose replaced head GitHub no longer names were made
    cursors: dict[str, str | None] = {"commits": None, "pushes": None}
    more = {"commits": True, "pushes": True}
    while any(more.values()):
        variables = {"owner": owner, "name": name, "number": number, **cursors}
        data = publisher.graphql(HEADS_QUERY, variables, f"read the commits and force pushes of #{number}", "pulls")
        pull = (data.get("repository") or {}).get("pullRequest")
        if pull is None:
            raise GitHubRefused(f"GitHub did not answer with pull request #{number}'s commits")
        for kind, page in (("commits", pull.get("commits") or {}), ("pushes", pull.get("timelineItems") or {})):
            if not more[kind]:
                continue
            for node in page.get("nodes") or []:
                if kind == "commits":
                    oids = [((node or {}).get("commit") or {}).get("oid")]
                else:
                    oids = [((node or {}).get(end) or {}).get("oid") for end in ("beforeCommit", "afterCommit")]
                    if node and not isinstance(oids[0], str):
                        lost.append(str(node.get("createdAt") or "a time GitHub does not say"))
                found.update(dict.fromkeys(oid for oid in oids if isinstance(oid, str)))
            info = page.get("pageInfo") or {}
            more[kind] = bool(info.get("hasNextPage") and info.get("endCursor"))
            cursors[kind] = info.get("endCursor") or cursors[kind]
    if lost:
        raise Unreadable(
            f"pull request #{number}'s head was force-pushed (at {lost[0]}) from a commit GitHub no longer names, so "
            "the verdicts given on that commit cannot be read: no verdict is given, since one judged afresh could "
            "pass an answer they blocked on. What can be done: push that commit to a branch of this repository "
            "again if someone has it (GitHub then names it), or close this pull request and open one from a new "
            "branch, whose verdicts start afresh in sight of this one's (see docs/security.md, The verdict's memory)"
        )
    return list(found)


def branch_heads(publisher: Publisher, pr: int) -> list[str]:
    """Every commit the other pull requests from this one's head branch had as their head (a pull request closed and
    opened again from the same branch, before or after a force push, meets the old one's verdicts)."""
    pull = publisher.pull(pr)
    if pull.head_repo is None or pull.head_ref is None:
        return []  # the head's fork was deleted: no branch to find others by
    label = f"{pull.head_repo.split('/', 1)[0]}:{pull.head_ref}"
    others = [p.number for p in publisher.branch_pulls(label) if p.number != pr and p.head_repo == pull.head_repo]
    return [commit for number in others for commit in heads(publisher, number)]


def _read(found: CheckRunFound, check_name: str, commit: str) -> tuple[Record, bytes, Seal | None] | None:
    """The record in a check run of this name, its bytes and its seal, or None when it holds none (a run that
    reached no verdict)."""
    try:
        return opened(found.text, check=check_name, head=commit)
    except NoRecord:
        return None
    except RecordError as exc:
        raise Unreadable.because(f"the check run {found.url} holds a record groundgate cannot read: {exc}") from None


def newest(publisher: Publisher, check_name: str, head: str) -> tuple[Kept, CheckRunFound] | None:
    """The record on a commit's newest check run of this name (the one GitHub shows), when it has one;
    RecordError when that run holds none or a damaged one."""
    found = publisher.latest_check(check_name, head)
    if found is None:
        return None
    record = decode(found.text, check=check_name, head=head)
    return Kept(record, record.published or found.completed, found), found

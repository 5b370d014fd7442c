"""People's commands bound to answers, and which rows still block once they have spoken. Pure: no GitHub, no clock.

The records groundgate keeps on GitHub are no proof of anything: a check run of groundgate's name can be written by
any workflow of the repository with ``checks: write``. So what they hold can only make a verdict stricter: an accept
counts only while its comment says it (heard again on every run) and binds only to an answer every record of the
verdict it names agrees on, and, with a record key, only at a verdict one of whose records groundgate signed
(``Verdict.unbound`` says why not); a confirm disputes every answer any record bound it to; a revoke that only a
record holds withdraws accepts, never confirms. The commands themselves, and who may give them, are ``adjudication``'s.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from functools import partial

from groundgate.adjudication import (
    DIGEST_SAID,
    REASON_LIMIT,
    Decision,
    Entry,
    Judged,
    Said,
    Standing,
    State,
    Verb,
    Verdict,
    blocks,
    named,
    quoted,
)
from groundgate.rules import FailOn
from groundgate.wording import listed


def pinned(pin: str, at: datetime, verdicts: Sequence[Verdict]) -> Verdict | str:
    """The verdict a command names by its commit, or why it names none: no verdict of the pull request on
    record has that commit, two do (an abbreviation too short), or it was not shown yet when the command
    was posted (nobody could have read it)."""
    found = {v.head: v for v in verdicts if v.head is not None and v.head.startswith(pin)}
    if not found:
        return (
            f"it names commit {pin[:12]}, which is not a verdict of this pull request groundgate has on record "
            "(it reads the verdicts of the pull request's last pushes): name the commit of the report you read"
        )
    if len(found) > 1:
        return f"commit {pin} is the start of {len(found)} commits judged on this pull request: write more of it"
    [verdict] = found.values()
    if verdict.published is None or verdict.published >= at:
        return f"the verdict on commit {pin[:12]} was not shown yet when this was written, so it cannot be about it"
    return verdict


def bind(
    said: Sequence[Said],
    ledger: Iterable[Entry],
    verdicts: Sequence[Verdict],
    *,
    frozen: Iterable[int] = (),
    vouched: Vouched | None = None,
) -> tuple[list[Entry], dict[int, list[str]]]:
    """Every command, one entry per row it names (a confirm or a revoke may have several: below). The ledgers of
    the records groundgate kept are not proof of anything (a check run of groundgate's name can be written by any
    workflow of the repository), so nothing from them can make a row greener:

    - an accept counts only while its comment says it (``said``: heard again on every run), bound to the answer
      its comment names (``ID@DIGEST``, 64 bits at least) when that is the answer the verdict it names (``at``)
      judged as every source says it: every record of that verdict lists the row with that answer, and, where git
      tracks the candidate file at that commit (``vouched``: commit -> row id -> the digests its answer can have),
      it is also the answer the file holds. Records that disagree, an answer git does not hold, or two answers named for
      the row by one writer about one verdict (``_clashing``) bind it to nothing, said back. A ledger's entry for
      it can only make its time earlier (never later than its comment's own);
    - a confirm binds to every answer any record of the verdict it names gave the row (without ``at``: of every
      verdict shown before it was posted), and to every answer a ledger bound it to: it disputes more, never
      fewer; once its comment no longer counts (deleted, or edited by someone else) the ledger's entries stand;
    - a revoke stands as every ledger and its comment give it, kept at its earliest and its latest time (``decide``
      withdraws an accept by the latest, a confirm only by the earliest, and a confirm only by a revoke heard now).

    A command about a row the verdict it names does not list (or on which its records disagree), or naming a
    verdict not on record, is a problem, said back to its author; one posted before any verdict on record is kept
    unbound (it applies to no answer). A person withdraws their confirm with revoke, or by editing it into another
    command; an accept by deleting it, editing it, or revoke. What someone else made a comment say (``frozen``)
    counts for nothing: its confirms and revokes stand as recorded, its accepts are gone."""
    clashing = _clashing(said, verdicts)
    known: dict[tuple[int, str, str], list[Entry]] = {}
    for entry in ledger:
        known.setdefault((entry.comment, entry.key, entry.row), []).append(entry)
    entries: list[Entry] = []
    done: set[tuple[int, str, str]] = set()
    problems: dict[int, list[str]] = {}
    for s in sorted(said, key=lambda s: (s.at, s.comment, s.index)):
        verb = s.command.verb
        shown = [v for v in verdicts if v.published is not None and v.published < s.at]  # newest first
        targets = shown[:1] if verb is not Verb.CONFIRM else shown
        if s.command.pin is not None and verb is not Verb.REVOKE:
            found = pinned(s.command.pin, s.at, verdicts)
            if isinstance(found, str):
                problems.setdefault(s.comment, []).append(f"'{quoted(s.command.text)}': {found}")
                continue
            targets = [found]
        unknown: list[str] = []
        for row_id in dict.fromkeys(s.command.ids):
            ident = (s.comment, s.command.key, row_id)
            variants = known.get(ident, [])
            made = partial(_entry, s, row_id)
            if verb is Verb.REVOKE:
                earlier = [e for e in (*ledger_entries(known), *entries) if e.order() < (s.at, s.comment, s.index)]
                if not variants and not any(
                    e.row == row_id and e.login.casefold() == s.login.casefold() for e in earlier
                ):
                    problems.setdefault(s.comment, []).append(f"{named(row_id)}: nothing of yours to revoke on it")
                    continue
                times = sorted({s.at, *(e.at for e in variants)})
                entries += [made(None, at=at) for at in dict.fromkeys((times[0], times[-1]))]
                done.add(ident)
                continue
            if verb is Verb.ACCEPT:
                target = targets[0] if targets else None
                start = s.command.answer(row_id) or ""
                judged = _bound(s, row_id, start, target, vouched, clashing) if target is not None else None
                if isinstance(judged, str):
                    if judged not in problems.setdefault(s.comment, []):
                        problems[s.comment].append(judged)
                    continue
                if judged is None:
                    unknown.append(row_id)
                    continue
                entries.append(made(judged, target, at=min([s.at, *(e.at for e in variants)])))
                done.add(ident)
                continue
            answers = {(d, t.head): t.judged(row_id, d) for t in targets for d in t.digests(row_id)}
            answers |= {(e.digest, e.head): None for e in variants if e.digest is not None and (e.digest, e.head) not in answers}  # fmt: skip
            if targets and not answers:
                unknown.append(row_id)
                continue
            at = max([s.at, *(e.at for e in variants)])
            done.add(ident)
            if not answers:
                entries.append(made(None, at=at))
                problems.setdefault(s.comment, []).append(
                    f"{named(row_id)}: posted before any verdict groundgate has on record, so it is about no answer: "
                    "post it again now that the verdict is here"
                )
                continue
            for (digest, head), judged in answers.items():
                entries.append(made(judged, at=at, digest=digest, head=head))
        if unknown:
            names = listed([named(u) for u in unknown[:10]], 10, len(unknown))
            problems.setdefault(s.comment, []).append(
                f"{names}: not a row people can adjudicate in the verdict it is about (a blocking regression, "
                "a regression to review, an unstable row, a new non-answer or an unsupported figure): check the id "
                "against the comment"
            )
    heard = {s.comment for s in said} - set(frozen)
    for ident, variants in known.items():
        verb = variants[0].verb
        if ident in done or verb is Verb.ACCEPT or (verb is Verb.CONFIRM and ident[0] in heard):
            continue  # an accept counts only as its comment says it now; a confirm its author edited away is gone
        entries += list({(e.verb, e.digest, e.at): e for e in variants}.values())
    return sorted(entries, key=Entry.order), problems


# What git vouches for, where it tracks the candidate file: commit -> row id -> the digests the row's answer at that
# commit can have (with the query and context of its case there, or at the base): ``github.vouched``.
Vouched = Mapping[str, Mapping[str, frozenset[str]]]
AVOID = "accept nothing you did not read in the report groundgate posted"


def _clashing(said: Sequence[Said], verdicts: Sequence[Verdict]) -> dict[tuple[str, str, str], list[str]]:
    """(writer, commit, row) -> the answers named, where one writer's accepts (in one command or several) name two
    different answers for one row of one verdict: a verdict judged one answer, so one of them is not what it judged
    (a forged report's command, pasted). Neither counts until the writer deletes or edits one."""
    named: dict[tuple[str, str, str], list[str]] = {}
    for s in said:
        if s.command.verb is not Verb.ACCEPT or s.command.pin is None:
            continue
        found = pinned(s.command.pin, s.at, verdicts)
        if isinstance(found, str) or found.head is None:
            continue
        for row_id, start in s.command.answers:
            named.setdefault((s.login.casefold(), found.head, row_id), []).append(start)
    return {
        key: starts
        for key, starts in named.items()
        if any(not (a.startswith(b) or b.startswith(a)) for a in starts for b in starts)
    }


def _bound(
    s: Said, row_id: str, start: str, target: Verdict, vouched: Vouched | None, clashing: Mapping[tuple[str, str, str], list[str]]
) -> Judged | str | None:  # fmt: skip
    """The answer of ``target`` an accept binds to; or why it binds to none (said back to its writer: two answers named
    for the row, an answer the candidate file in git does not hold, records that disagree about the row's answer, an
    answer no record gives it); None when the verdict has no such row people may adjudicate.

    Every record of the commit must list the row with the answer the accept names (one that does not list it could be
    hiding another answer: a look-alike lists the answer it offers for a row groundgate's record does not list); and
    where git holds the candidate file at the commit, the answer must also be the one the file holds there, which no
    workflow can rewrite. Git only ever takes away: a judging run cannot tell a committed candidate it judged from a
    file the author committed beside the one a step made, so git alone never binds an accept."""
    head = (target.head or "")[:12]
    if target.unbound is not None:
        return target.unbound  # one sentence for every row of the verdict, said once (``bind``)
    starts = clashing.get((s.login.casefold(), target.head or "", row_id))
    if starts is not None:
        names = ", ".join(f"@{d[:DIGEST_SAID]}" for d in dict.fromkeys(starts))
        return (
            f"{named(row_id)}: your accepts name two answers for it in the verdict on commit {head} ({names}), which "
            f"judged one: neither counts. Delete or edit the one you did not read in the report, and {AVOID}"
        )
    if not start:
        return None
    allowed = (vouched or {}).get(target.head or "")
    if allowed is not None and not any(d.startswith(start) for d in allowed.get(row_id, ())):
        return (
            f"{named(row_id)}@{start[:DIGEST_SAID]}: not the answer the candidate file holds at {head} — it is another "
            f"answer: {AVOID}"
        )
    if target.named(row_id, start) and row_id in target.unsettled:
        said = "; ".join(
            f"{where}: {f'@{d[:DIGEST_SAID]}' if d else 'does not list it'}" for where, d in target.said_by.get(row_id, ())[:4]
        )  # fmt: skip
        return (
            f"{named(row_id)}: the check runs of groundgate's name on commit {head} disagree about its answer "
            f"({said or 'not all of them list it'}), so this accepts nothing (one was not written by groundgate): {AVOID}"
        )
    agreed = target.agreed(row_id, start)
    if agreed is not None and (allowed is None or agreed.digest in allowed.get(row_id, ())):
        return agreed
    return _another(row_id, start, target) if row_id in target.variants or row_id in target.rows else None


def ledger_entries(known: Mapping[tuple[int, str, str], Sequence[Entry]]) -> Iterator[Entry]:
    return (entry for variants in known.values() for entry in variants)


def _entry(
    s: Said,
    row_id: str,
    judged: Judged | None,
    target: Verdict | None = None,
    *,
    at: datetime,
    digest: str | None = None,
    head: str | None = None,
) -> Entry:
    return Entry(
        comment=s.comment,
        key=s.command.key,
        index=s.index,
        login=s.login,
        verb=s.command.verb,
        row=row_id,
        at=at,
        digest=digest or (judged.digest if judged else None),
        outcome=judged.outcome if judged else None,
        bucket=judged.after if judged else None,
        category=judged.category if judged else None,
        reason=s.command.reason[:REASON_LIMIT],
        head=head or (target.head if judged and target is not None else None),
    )


def _another(row_id: str, start: str, verdict: Verdict) -> str:
    return (
        f"{named(row_id)}: the verdict on commit {(verdict.head or '')[:12]} did not judge the answer this command "
        f"names (@{start}), so it accepts nothing: paste the command from the report of the verdict you read"
    )


def _standing(mine: Sequence[Entry], heard: Collection[int] | None) -> list[Entry]:
    """One person's standing word on one row (``bind``'s entries, variants included): their latest accept, when
    nothing of theirs came after it (a confirm, or any revoke at its latest time); and their confirms that no
    later accept of theirs replaced and no revoke heard now withdrew (at its earliest time: a ledger cannot make a
    confirm go away)."""
    accepts = [e for e in mine if e.verb is Verb.ACCEPT]
    grouped: dict[tuple[Verb, int, str], list[Entry]] = {}
    for e in mine:
        if e.verb is not Verb.ACCEPT:
            grouped.setdefault((e.verb, e.comment, e.key), []).append(e)
    latest = max(accepts, key=Entry.order) if accepts else None
    if latest is not None and any(max(e.order() for e in v) > latest.order() for v in grouped.values()):
        latest = None
    standing = [latest] if latest is not None else []
    withdrawn = [
        min(e.order() for e in v)
        for (verb, comment, _), v in grouped.items()
        if verb is Verb.REVOKE and (heard is None or comment in heard)
    ]
    for (verb, _, _), v in grouped.items():
        when = max(e.order() for e in v)
        if verb is Verb.CONFIRM and not any(t > when for t in withdrawn) and not any(a.order() > when for a in accepts):
            standing += v
    return standing


def decide(
    rows: Sequence[Judged],
    entries: Iterable[Entry],
    fail_on: FailOn,
    *,
    problems: Mapping[int, Sequence[str]] | None = None,
    missing: int = 0,
    heard: Collection[int] | None = None,
) -> Decision:
    """Which rows still block. Per row and person their standing word counts (``_standing``; ``heard``: the
    comments whose commands count now, None for all). A blocking row stops blocking when someone accepted its
    current answer and nobody confirmed it (people who disagree leave the judge's verdict standing); an accept
    made on another answer is voided. ``missing``: blocking rows the verdict's record could not hold; they keep
    blocking."""
    ledger = tuple(sorted(entries, key=Entry.order))
    by: dict[tuple[str, str], list[Entry]] = {}
    for entry in ledger:
        by.setdefault((entry.row, entry.login.casefold()), []).append(entry)
    said: dict[str, list[Entry]] = {}
    for (row_id, _), mine in by.items():
        said.setdefault(row_id, []).extend(_standing(mine, heard))
    found = []
    for row in rows:
        spoken = sorted(said.get(row.id, []), key=Entry.order)
        if not spoken and not blocks(row.outcome, fail_on):
            continue
        applying = tuple({(e.comment, e.key): e for e in spoken if e.digest == row.digest}.values())
        voided = tuple(
            {(e.comment, e.key): e for e in spoken if e.digest != row.digest and (e.comment, e.key) not in {(a.comment, a.key) for a in applying}}.values()
        )  # fmt: skip
        verbs = {e.verb for e in applying}
        state: State = (
            "disputed" if verbs == {Verb.ACCEPT, Verb.CONFIRM}
            else "accepted" if Verb.ACCEPT in verbs
            else "confirmed" if verbs
            else "voided"
        )  # fmt: skip
        blocking = blocks(row.outcome, fail_on)
        if spoken:
            found.append(Standing(row, state, applying, voided, blocking, blocking and state != "accepted"))
    return Decision(ledger, tuple(found), {k: tuple(v) for k, v in (problems or {}).items()}, fail_on, missing)

"""Sticky blocks: a rerun does not re-roll a verdict. Pure: no GitHub, no clock.

The re-score that confirms a flip is a fresh call by design, and so is every first verdict a cache does not
hold: a pull request's author who reruns the judging job (or pushes an empty commit) rolls the judge's dice
again, and a confirmed blocking regression would become *unstable* (a row to read) on the roll that disagrees.
So an answer a verdict of this pull request blocked on as a confirmed regression keeps blocking while it is the
same answer to the same question in the same context (``adjudication.answer_digest``), whatever a later roll
of the judge says, until a writer accepts it (``/groundgate accept``, which binds to that digest too). A
changed answer is judged afresh. Holding only ever makes a verdict stricter: a row held is a blocking
regression, never the other way round.

The answers blocked on travel with each verdict's record (``Record.blocked``), carried from verdict to verdict
like the ledger, so a push that brings a blocked answer back after a push that changed it holds it too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from groundgate.adjudication import Blocked, Judged, answer_digest, blocks
from groundgate.record import Record
from groundgate.rules import BLOCKING, Outcome

Held = Mapping[str, Mapping[str, str]]  # case id -> answer digest -> the commit whose verdict first blocked on it


def blocked_by(record: Record) -> list[Blocked]:
    """The answers a recorded verdict blocked on as confirmed regressions, with those it carried, oldest first."""
    found = list(record.blocked)
    if blocks(Outcome.REGRESSION, record.fail_on):
        found += [Blocked.of(row, record.head) for row in record.rows if row.outcome is Outcome.REGRESSION]
    return found


def held_of(records: Iterable[Record]) -> dict[str, dict[str, str]]:
    """What the given verdicts of a pull request (newest first) blocked on: the first commit each answer
    blocked at, as the newest record that holds it says."""
    held: dict[str, dict[str, str]] = {}
    for record in records:
        for entry in blocked_by(record):
            held.setdefault(entry.id, {}).setdefault(entry.digest, entry.head)
    return held


def carried(records: Iterable[Record], rows: Sequence[Judged]) -> list[Blocked]:
    """What a new verdict's record carries: every answer earlier verdicts (newest first) blocked on, each once,
    but those its own rows hold as confirmed regressions already (``blocked_by`` reads them from the rows, a
    held one with the commit that first blocked on it)."""
    own = {(row.id, row.digest) for row in rows if row.outcome is Outcome.REGRESSION}
    seen: dict[tuple[str, str], Blocked] = {}
    for record in records:
        for entry in blocked_by(record):
            if (entry.id, entry.digest) not in own:
                seen.setdefault((entry.id, entry.digest), entry)
    return list(seen.values())


def holds(
    held: Held, case_id: str, query: str | None, context: str, answer: str, outcome: Outcome, blocking: bool
) -> str | None:
    """The commit of the verdict that blocked on this very answer, when the row is to stay a blocking
    regression: a blocking category's row whose answer was blocked on, judged now as anything that does not
    block (unstable, a tie, still ungrounded...). An error row is not held: it has no verdict to replace,
    and a row not judged never passes. None: the row stands as judged."""
    if not held or not blocking or outcome in BLOCKING or outcome is Outcome.ERROR:
        return None
    digest = answer_digest(query, context, answer)
    # Under its id, or under any other: the digest is the question, the context and the answer, so a case renamed
    # (or re-keyed) with the same three is the same answer blocked on, and a new id buys no fresh roll.
    found = held.get(case_id, {}).get(digest)
    return found if found is not None else next((at for by in held.values() if (at := by.get(digest))), None)


def said(commit: str) -> str:
    """What a held row says, wherever it is shown."""
    return (
        f"held: blocked at {commit[:12]} with this same answer; a rerun's re-score does not clear it "
        "— accept it or change the answer"
    )

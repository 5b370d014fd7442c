"""Sticky blocks: a rerun does not re-roll a verdict. Pure: no GitHub, no clock.

The re-score that confirms a flip is a fresh call by design, and so is every first verdict a cache does not
hold: a pull request's author who reruns the judging job (or pushes an empty commit) rolls the judge's dice
again, and a confirmed blocking regression would become *unstable* (a row to read) on the roll that disagrees.
So an answer a verdict of this pull request blocked on as a confirmed regression keeps blocking while a reader
reads the same answer to the same question in the same context, against the same baseline answer
(``memory.reading_key``), under any case id, whatever a later roll of the judge says, until a writer accepts it.
A changed answer is judged afresh, and so is a row whose baseline answer the base branch has since changed: the
hold belonged to the flip it confirmed. Holding only ever makes a verdict stricter: a row held is a blocking
regression, never the other way round.

The memory is a union (``memory_of``): every record found adds what it blocked on and nothing takes it away, so a
record someone else wrote (a check run of the same name from a workflow on the pull request's branch) can make the
verdict stricter and never greener. A record that had no room for every answer says how many it cut; the memory
is then not whole, and no verdict may pass on it (``Memory.lost``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from groundgate.adjudication import blocks
from groundgate.memory import REASON_KEPT, Blocked, BlockedAs, Memory, reading_key
from groundgate.record import Record, unpack
from groundgate.results import Row
from groundgate.rules import BLOCKING, Outcome


def memory_of(records: Iterable[Record | tuple[Record, str | None]], commits: Sequence[str] = ()) -> Memory:
    """The union of what these records blocked on, in any order: nothing one record holds is taken away by
    another. A record may come with the check run it was read from (its URL): each answer then names it."""
    keys: dict[str, Blocked] = {}
    digests: dict[str, Blocked] = {}
    lost: list[str] = []
    for found in records:
        record, run = found if isinstance(found, tuple) else (found, None)
        for entry in blocked_by(record):
            entry = entry.model_copy(update={"run": run}) if run is not None else entry
            into = keys if entry.key is not None else digests
            known = entry.key if entry.key is not None else entry.digest
            if known is None:
                continue
            into[known] = _older(into.get(known), entry)
        if record.cut:
            lost.append(
                f"the record of the verdict on {record.head[:12]} had no room for {record.cut:,} of the answers "
                "the pull request's verdicts blocked on"
            )
        if record.cut_ledger:
            lost.append(
                f"the record of the verdict on {record.head[:12]} had no room for {record.cut_ledger:,} of the "
                "confirms and revokes people gave"
            )
    return Memory(keys, digests, tuple(commits), tuple(lost))


def _older(known: Blocked | None, entry: Blocked) -> Blocked:
    """One answer blocked on in two records: the one found first stands, unless only the other kept the words of
    the verdict that blocked on it (a commit and its words are kept together)."""
    return entry if known is None or (known.said is None and entry.said is not None) else known


def blocked_by(record: Record) -> list[Blocked]:
    """The answers a recorded verdict blocked on as confirmed regressions, with those it carried. A record that
    keeps them by reading key lists every one (``blocked``, ``bare``); an older one listed only those it carried
    and left its own regression rows to be read as the answers it blocked on (held by their exact digest)."""
    found = list(record.blocked)
    for head, packed in record.bare.items():
        found += [Blocked(id="", head=head, key=key) for key in unpack(packed)]
    if record.memory == 1 and blocks(Outcome.REGRESSION, record.fail_on):
        found += [
            Blocked(id=row.id, head=row.held_from or record.head, digest=row.digest)
            for row in record.rows
            if row.outcome is Outcome.REGRESSION
        ]
    return found


def blocked_on(rows: Iterable[Row], head: str) -> list[Blocked]:
    """What a verdict on ``head`` blocks on: its confirmed regressions in blocking categories (a held row with
    the commit and the words of the verdict that first blocked on it), by reading key."""
    found = []
    for row in rows:
        if row.outcome is not Outcome.REGRESSION or not row.blocking:
            continue
        key = reading_key(row.query, row.context, row.candidate, row.baseline)
        said = row.blocked_as if row.held_from else blocked_as(row)
        found.append(Blocked(id=row.id, head=row.held_from or head, key=key, said=said))
    return found


def blocked_as(row: Row) -> BlockedAs:
    """What a verdict that blocks on a row says of it: its buckets, scores and reason."""
    reason = row.rescore_reason or row.after_reason
    return BlockedAs(
        before=row.before,
        after=row.after,
        before_score=row.before_score,
        after_score=row.after_score,
        rescore_score=row.rescore_score,
        confirmed_by=row.confirmed_by,
        reason=reason[:REASON_KEPT] if reason else None,
    )


def carried(memory: Memory, own: Sequence[Blocked]) -> list[Blocked]:
    """What a new verdict's record carries: every answer earlier verdicts blocked on, each once, but those it
    blocks on itself (``own``)."""
    mine = {entry.key for entry in own}
    return [entry for key, entry in memory.keys.items() if key not in mine] + list(memory.digests.values())


def holds(
    memory: Memory,
    query: str | None,
    context: str,
    answer: str,
    baseline: str,
    outcome: Outcome,
    blocking: bool,
    digest: str | None = None,
) -> Blocked | None:
    """The entry of the verdict that blocked on this very answer, when the row is to stay a blocking regression:
    a blocking category's row whose answer, read as a reader reads it, was blocked on against the same baseline
    answer, judged now as anything that does not block (unstable, a tie, still ungrounded...). Under any case id:
    a case renamed with the same question, context and answer is the same answer blocked on. An error row is not
    held: it has no verdict to replace, and a row not judged never passes. ``digest``: the answer's exact digest,
    for records written before reading keys. None: the row stands as judged."""
    if not memory or not blocking or outcome in BLOCKING or outcome is Outcome.ERROR:
        return None
    found = memory.keys.get(reading_key(query, context, answer, baseline)) if memory.keys else None
    if found is None and digest is not None:
        found = memory.digests.get(digest)
    return found


def said(commit: str) -> str:
    """What a held row says, wherever it is shown."""
    return (
        f"held: blocked at {commit[:12]} with this same answer; a rerun's re-score does not clear it "
        "— accept it or change the answer"
    )

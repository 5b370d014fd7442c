"""The verdict as groundgate keeps it on GitHub, for people's commands to be applied to later without
judging again: a compact, versioned record in the check run's ``output.text``, on the commit it judged.

A run on a comment (``issue_comment``) reads nothing of the pull request's files and calls no judge: it
re-presents the record of the newest check run of its name on the pull request's head commit. Only a
GitHub App can write a check run (a pull request's author cannot, from a fork: its token is read-only),
and the record is checked before it is used: its SHA-256 (a record cut short or damaged is refused), its
version, and that it names the check and the commit it was found on (a record copied to another commit
or check name is refused). User text in it (ids, categories, reasons) is inside base64, so nothing in it
can end the hidden block it travels in.
"""

from __future__ import annotations

import base64
import hashlib
import re
import zlib
from collections.abc import Callable
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from groundgate.adjudication import Blocked, Entry, Judged, blocks
from groundgate.rules import FailOn, Outcome

VERSION: Literal[1] = 1
UNPACKED = 16 * 1024 * 1024  # bytes a record may unpack to
ID_KEPT = 80  # characters of a case id a record keeps beside an answer blocked on, when the record is full
LIMIT = 65_000  # characters: GitHub takes at most 65,535 in a check run's output.text
_BLOCK = re.compile(r"<!-- groundgate-record v(\d+) sha256=([0-9a-f]{64})\n([A-Za-z0-9+/=\n]*)\n-->")
ABOUT = (
    "groundgate keeps this verdict's record here, so that `/groundgate` commands on the pull request can be "
    "applied without judging again (see docs/adjudication.md)."
)


class RecordError(Exception):
    """A record that is not one groundgate wrote for this check and commit, or that was cut short."""


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    version: Literal[1] = VERSION
    check: str  # the check run's name
    head: str  # the commit judged
    pr: int | None
    cases_path: str  # the cases file, from the repository root: where the annotations go
    fail_on: FailOn
    cases: int
    counts: dict[Outcome, int]
    regressions_by_category: dict[str, int] = Field(default_factory=dict)
    review_by_category: dict[str, int] = Field(default_factory=dict)
    small_by_category: dict[str, int] = Field(default_factory=dict)  # REVIEW rows of blocking categories too small
    to_read: int = 0  # rows to read whatever their outcome (answers that talk to the judge), not counted already
    unreachable: str | None = None  # where the judge was that could not be reached (an outage)
    note: str = ""  # what the headline adds (the pull request moved the yardstick, ...): groundgate's words
    rows: list[Judged]  # the rows people may adjudicate, blocking ones first, as many as fit
    blocking: int  # rows that block under fail-on, in all: those not in `rows` keep blocking
    ledger: list[Entry] = Field(default_factory=list)
    published: datetime | None = None  # when this verdict was first shown (GitHub's clock); None: on its first run
    previous: str | None = None  # the commit of the verdict before this one on the pull request, if any
    blocked: list[Blocked] = Field(default_factory=list)  # answers verdicts of the pull request blocked on (sticky)

    @property
    def missing(self) -> int:
        """Blocking rows the record could not hold: no command can reach them, so they keep blocking."""
        return self.blocking - sum(1 for row in self.rows if blocks(row.outcome, self.fail_on))


def encode(record: Record) -> str:
    """The hidden block: the record's JSON, compressed and base64-encoded, under its SHA-256."""
    data = record.model_dump_json().encode("utf-8")
    packed = base64.b64encode(zlib.compress(data, 9)).decode("ascii")
    lines = "\n".join(packed[i : i + 76] for i in range(0, len(packed), 76))
    return f"<!-- groundgate-record v{VERSION} sha256={hashlib.sha256(data).hexdigest()}\n{lines}\n-->"


def text(record: Record) -> str:
    """A check run's ``output.text``: one line for people, and the record."""
    return f"{ABOUT}\n\n{encode(record)}\n"


def decode(found: str | None, *, check: str, head: str) -> Record:
    """The record in a check run's text, checked: whole, of this version, for this check and commit."""
    match = _BLOCK.search(found or "")
    if match is None:
        raise RecordError(
            "it holds no groundgate record (its run reached no verdict, or groundgate is older than adjudication)"
        )
    if int(match.group(1)) != VERSION:
        raise RecordError(f"its record is of version {match.group(1)}, not {VERSION}: rerun the gate")
    try:
        inflate = zlib.decompressobj()
        data = inflate.decompress(base64.b64decode(match.group(3).replace("\n", ""), validate=True), UNPACKED)
    except (ValueError, zlib.error):
        raise RecordError("its record is damaged") from None
    if inflate.unconsumed_tail or not inflate.eof:
        raise RecordError("its record is damaged or too large")
    if hashlib.sha256(data).hexdigest() != match.group(2):
        raise RecordError("its record does not match its SHA-256: cut short or edited")
    try:
        record = Record.model_validate_json(data)
    except ValidationError as exc:
        raise RecordError(f"its record does not read as one: {exc.errors()[0]['msg']}") from None
    if record.check != check or record.head != head:
        raise RecordError(f"its record is of check {record.check!r} on commit {record.head[:12]}, not this one")
    return record


def fit(record: Record, limit: int = LIMIT) -> Record:
    """The record, as large as the check run can hold: every row when they fit; otherwise the blocking rows
    first and as many others as fit. A confirmed regression whose row does not fit is kept in the compact form
    a rerun holds it by (``blocked``: id, answer digest, commit), so that no size of record lets a rerun judge
    that answer afresh; the rest of a cut blocking row keeps blocking (``missing``). The ledger gives way first
    (its newest entries kept), then, only past several hundred of them, the oldest answers blocked on."""
    if len(text(record)) <= limit:
        return record
    blocking = [row for row in record.rows if blocks(row.outcome, record.fail_on)]
    others = [row for row in record.rows if not blocks(row.outcome, record.fail_on)]
    sticky = blocks(Outcome.REGRESSION, record.fail_on)

    def carried(cut: list[Judged]) -> list[Blocked]:
        own = [Blocked.of(row, record.head) for row in cut if sticky and row.outcome is Outcome.REGRESSION]
        return [_compact(entry) for entry in [*record.blocked, *own]]

    def fits(rows: list[Judged], ledger: list[Entry], held: list[Blocked]) -> bool:
        return len(text(record.model_copy(update={"rows": rows, "ledger": ledger, "blocked": held}))) <= limit

    must = carried(blocking)  # what the record must carry should no row fit
    held = must
    ledger = list(record.ledger)
    while ledger and not fits([], ledger, held):
        ledger = ledger[(len(ledger) + 1) // 2 :]  # the newest half (one entry that cannot fit: none)
    while held and not fits([], ledger, held):
        held = held[(len(held) + 1) // 2 :]  # the last resort: the newest answers blocked on
    if len(held) < len(must):
        return record.model_copy(update={"rows": [], "ledger": ledger, "blocked": held})
    keep = _largest(len(blocking), lambda n: fits(blocking[:n], ledger, carried(blocking[n:])))
    if keep < len(blocking):
        return record.model_copy(
            update={"rows": blocking[:keep], "ledger": ledger, "blocked": carried(blocking[keep:])}
        )
    held = carried([])  # every blocking row fits: what earlier verdicts blocked on, long ids cut
    more = _largest(len(others), lambda n: fits(blocking + others[:n], ledger, held))
    return record.model_copy(update={"rows": blocking + others[:more], "ledger": ledger, "blocked": held})


def _compact(entry: Blocked) -> Blocked:
    """A held answer is found by its digest under any id (``sticky.holds``): a long id is cut to ID_KEPT
    characters, so that long ids cannot crowd answers out of a record."""
    return entry if len(entry.id) <= ID_KEPT else entry.model_copy(update={"id": entry.id[:ID_KEPT]})


def _largest(n: int, ok: Callable[[int], bool]) -> int:
    """The largest k in 0..n with ok(k), for ok true at 0 and monotone (a binary search)."""
    low, high = 0, n
    while low < high:
        mid = (low + high + 1) // 2
        if ok(mid):
            low = mid
        else:
            high = mid - 1
    return low

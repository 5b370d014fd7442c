"""The verdict as groundgate keeps it on GitHub, for people's commands to be applied to later without judging
again and for the next verdict to remember what this one blocked on: a compact, versioned record in the check
run's ``output.text``, on the commit it judged.

A record is checked before it is used: its SHA-256 (a record cut short or damaged is refused), its version, and
that it names the check and the commit it was found on. User text in it (ids, categories, reasons) is inside
base64, so nothing in it can end the hidden block it travels in. The SHA-256 is a checksum, not a signature: any
workflow of the repository with ``checks: write`` can write a well-formed record, so what a record holds is only
ever weighed to make a verdict stricter (``github.kept``, ``sticky``, ``binding``; docs/security.md, The verdict's
memory). With a record key (``signing``), the record is followed by its seal: an HMAC-SHA256 over the same bytes,
which only a job holding the key can write; only a record whose seal verifies is groundgate's.
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

from groundgate.adjudication import Entry, Judged, Verb, blocks
from groundgate.memory import KEY_HEX, Blocked
from groundgate.rules import FailOn, Outcome
from groundgate.signing import RecordKey, Seal

VERSION: Literal[1] = 1
UNPACKED = 16 * 1024 * 1024  # bytes a record may unpack to
ID_KEPT = 80  # characters of a case id a record keeps beside an answer blocked on, when the record is full
LIMIT = 65_000  # characters: GitHub takes at most 65,535 in a check run's output.text (a seal adds 123 more)
_BLOCK = re.compile(
    r"<!-- groundgate-record v(\d+) sha256=([0-9a-f]{64})\n([A-Za-z0-9+/=\n]*)\n-->"
    r"(?:\n<!-- groundgate-seal key=([0-9a-f]{1,64}) hmac-sha256=([0-9a-f]{64}) -->)?"
)
ABOUT = (
    "groundgate keeps this verdict's record here, so that `/groundgate` commands on the pull request can be "
    "applied without judging again (see docs/adjudication.md)."
)


class RecordError(Exception):
    """A record that is not one groundgate wrote for this check and commit, or that was cut short."""


class NoRecord(RecordError):
    """A check run that holds no record at all (its run reached no verdict)."""


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
    # How it keeps them: 1, its own regression rows are answers it blocked on too, held by their exact digest;
    # 2, every one is in `blocked` or `bare`, held by how a reader reads it (``memory.reading_key``).
    memory: Literal[1, 2] = 1
    bare: dict[str, str] = Field(default_factory=dict)  # commit -> the keys of more answers blocked there, packed
    cut: int = 0  # answers blocked on it had no room for: its memory is not whole, and no verdict passes on it
    cut_ledger: int = 0  # confirms and revokes it had no room for: the same
    # A signed record's home, inside its seal (``sealed``): the repository (its numeric id, which a rename or a
    # transfer keeps and a fork or a mirror does not share) and the check run that holds it. A sealed record
    # found anywhere else was moved there: groundgate never moves one.
    repository: int | None = None
    run: int | None = None

    @property
    def missing(self) -> int:
        """Blocking rows the record could not hold: no command can reach them, so they keep blocking."""
        return self.blocking - sum(1 for row in self.rows if blocks(row.outcome, self.fail_on))


def encode(record: Record, key: RecordKey | None = None) -> str:
    """The hidden block: the record's JSON, compressed and base64-encoded, under its SHA-256; with a key, followed
    by its seal (the key's id and the HMAC-SHA256 of the same JSON bytes)."""
    data = record.model_dump_json().encode("utf-8")
    packed = base64.b64encode(zlib.compress(data, 9)).decode("ascii")
    lines = "\n".join(packed[i : i + 76] for i in range(0, len(packed), 76))
    block = f"<!-- groundgate-record v{VERSION} sha256={hashlib.sha256(data).hexdigest()}\n{lines}\n-->"
    if key is None:
        return block
    seal = key.seal(data)
    return f"{block}\n<!-- groundgate-seal key={seal.key_id} hmac-sha256={seal.mac} -->"


def text(record: Record, key: RecordKey | None = None) -> str:
    """A check run's ``output.text``: one line for people, and the record (signed with ``key``)."""
    return f"{ABOUT}\n\n{encode(record, key)}\n"


def sealed(record: Record, key: RecordKey, repository: int, run: int | None, at: datetime | None) -> str:
    """A check run's ``output.text`` for a signed record, written once GitHub has made the check run: the record names
    its repository and the check run ``run`` that holds it, and when its verdict was first shown (``published``, the
    check run's creation on GitHub's clock when it was not shown before), all inside the seal. So a sealed record
    replayed in another repository, moved to another check run or backdated is told from one at home. With ``run``
    None (the check run not made yet) it is at no home: read as unsigned, its blocks kept, no accept bound to it."""
    home = {"repository": repository, "run": run, "published": record.published or at}
    return text(record.model_copy(update=home), key)


def decode(found: str | None, *, check: str, head: str) -> Record:
    """The record in a check run's text, checked: whole, of this version, for this check and commit."""
    return opened(found, check=check, head=head)[0]


def opened(found: str | None, *, check: str, head: str) -> tuple[Record, bytes, Seal | None]:
    """The record in a check run's text, checked as ``decode`` checks it, with the exact bytes it was read from and
    the seal that follows it, if any (``RecordKey.verifies`` tells whether it is groundgate's)."""
    match = _BLOCK.search(found or "")
    if match is None:
        raise NoRecord(
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
    seal = Seal(match.group(4), match.group(5)) if match.group(4) else None
    return record, data, seal


def fit(record: Record, limit: int = LIMIT) -> Record:
    """The record, as large as the check run can hold. What decides a verdict goes first, each searched for the
    most that fits beside what went before (never halved): the confirms and revokes of the ledger (they only make
    a verdict stricter, and stand when their comment is gone), then every answer blocked on in its bare form (its
    key, packed by commit), then the blocking rows (a cut one keeps blocking: ``missing``), then the words of the
    verdicts that blocked on those answers, then the accepts (re-read from their comments on every run: the
    ledger keeps them for the labels), then the other rows. What does not fit of the first two is counted
    (``cut``, ``cut_ledger``), never dropped in silence: a reader then knows its memory is not whole."""
    record = upgraded(record)
    if len(text(record)) <= limit:
        return record
    strict = [e for e in record.ledger if e.verb is not Verb.ACCEPT]  # oldest first: the newest are kept
    accepts = [e for e in record.ledger if e.verb is Verb.ACCEPT]
    worded = [b for b in record.blocked if b.key is not None]
    keyed = worded + [Blocked(id="", head=h, key=k) for h, packed in record.bare.items() for k in unpack(packed)]
    legacy = [b for b in record.blocked if b.key is None]
    blocking = [row for row in record.rows if blocks(row.outcome, record.fail_on)]
    others = [row for row in record.rows if not blocks(row.outcome, record.fail_on)]
    got = {"strict": 0, "legacy": 0, "keys": 0, "rows": 0, "said": 0, "accepts": 0, "others": 0}

    def shaped(name: str = "", n: int = 0) -> Record:
        at = {**got, name: n} if name else got
        keys, said = at["keys"], min(at["said"], at["keys"], len(worded))
        bare: dict[str, str] = {}
        for entry in keyed[said:keys]:
            bare[entry.head] = bare.get(entry.head, "") + (entry.key or "")
        ledger = strict[len(strict) - at["strict"] :] + accepts[len(accepts) - at["accepts"] :]
        return record.model_copy(
            update={
                "ledger": sorted(ledger, key=Entry.order),
                "blocked": [*legacy[: at["legacy"]], *(b.compact(ID_KEPT, words=True) for b in worded[:said])],
                "bare": bare,
                "rows": blocking[: at["rows"]] + others[: at["others"]],
                "cut": record.cut + len(keyed) - keys + len(legacy) - at["legacy"],
                "cut_ledger": record.cut_ledger + len(strict) - at["strict"],
            }
        )

    wanted = {"strict": len(strict), "legacy": len(legacy), "keys": len(keyed), "rows": len(blocking)}
    wanted |= {"said": len(worded), "accepts": len(accepts), "others": len(others)}
    for name, many in wanted.items():
        got[name] = _largest(min(many, got["keys"]) if name == "said" else many, lambda k: len(text(shaped(name, k))) <= limit)  # noqa: B023  # fmt: skip
    return shaped()


def upgraded(record: Record) -> Record:
    """A record written before reading keys, as one that lists every answer it blocked on in ``blocked``: its own
    regression rows join it as answers held by their exact digest, so that cutting a row never loses one."""
    if record.memory == 2:
        return record
    own = [
        Blocked(id=row.id, head=row.held_from or record.head, digest=row.digest)
        for row in record.rows
        if row.outcome is Outcome.REGRESSION and blocks(Outcome.REGRESSION, record.fail_on)
    ]
    return record.model_copy(update={"memory": 2, "blocked": [*record.blocked, *own]})


def unpack(packed: str) -> list[str]:
    """The keys of a record's ``bare`` answers on one commit."""
    return [packed[i : i + KEY_HEX] for i in range(0, len(packed) - KEY_HEX + 1, KEY_HEX)]


def _largest(n: int, ok: Callable[[int], bool]) -> int:
    """The largest k in 0..n with ok(k), for ok true at 0 and monotone (a binary search; n itself first, the
    usual answer)."""
    if ok(n):
        return n
    low, high = 0, n - 1
    while low < high:
        mid = (low + high + 1) // 2
        if ok(mid):
            low = mid
        else:
            high = mid - 1
    return low

"""The verdict's memory, as data: the answers a pull request's verdicts blocked on, each with what the verdict
that blocked on it said. Kept in every verdict's record (``groundgate.record``), read back as a union before the
next verdict (``groundgate.sticky``, ``groundgate.github.kept``). Pure: no GitHub, no clock.

An answer blocked on is known by how a reader reads it (``reading_key``): its question, its context, the answer
and the baseline answer it was compared with, each as ``lookalike.skeleton`` draws it (compatibility forms
folded, look-alike letters taken as one, white space and characters that draw nothing dropped). A trailing space,
a no-break space, a Cyrillic 'о' in a word or a zero-width space is the same answer, under any case id; a baseline
answer the base branch has since changed makes it another flip, judged as it now stands.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from groundgate.lookalike import skeleton
from groundgate.rules import Bucket

# 64 bits. A key is compared only to find an answer to hold: two answers that shared one could only hold one more
# row (stricter), never release one, so it needs no more bits than chance needs; at 64 a record keeps twice as many.
KEY_HEX = 16
REASON_KEPT = 300  # characters of the blocking verdict's reason a record keeps, while it has room


def reading(text: str) -> str:
    """A text as a reader reads it (``lookalike.skeleton``)."""
    return skeleton(text)


def reading_key(query: str | None, context: str, answer: str, baseline: str) -> str:
    """What an answer blocked on is held by: its question, context, answer and baseline answer as a reader reads
    them, length-prefixed (no two splits collide)."""
    digest = hashlib.sha256()
    for part in (query or "", context, answer, baseline):
        data = reading(part).encode("utf-8", "surrogatepass")
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()[:KEY_HEX]


class _Lean(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    @model_serializer(mode="wrap")
    def _lean(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Fields at None are left out: a record carries thousands of these."""
        data: dict[str, Any] = handler(self)
        return {k: v for k, v in data.items() if v is not None}


class BlockedAs(_Lean):
    """What the verdict that blocked on an answer said of it: its buckets, its scores, its reason (cut). A later
    roll of the judge does not decide a held row; this does, and the report shows it."""

    before: Bucket | None = None
    after: Bucket | None = None
    before_score: float | None = None
    after_score: float | None = None
    rescore_score: float | None = None
    confirmed_by: str | None = None
    reason: str | None = None


class Blocked(_Lean):
    """An answer a verdict of the pull request blocked on as a confirmed regression, with the commit of the first
    verdict that did: it stays blocking while a reader reads the same answer, question, context and baseline.
    ``key``: ``reading_key``; ``digest``: the exact digest (``adjudication.answer_digest``) that records written
    before reading keys kept instead, held by that digest alone."""

    id: str
    head: str
    key: str | None = None
    digest: str | None = None
    said: BlockedAs | None = None
    # the check run whose record it was read from (``sticky.memory_of``), for the report to link: never kept in a record
    run: str | None = Field(default=None, exclude=True)

    def compact(self, id_kept: int, *, words: bool = False) -> Blocked:
        """What a full record keeps of it: the id cut to ``id_kept`` characters (an answer is held by its key
        under any id: the id only names it), and the verdict's words only with ``words``."""
        return Blocked(
            id=self.id[:id_kept], head=self.head, key=self.key, digest=self.digest, said=self.said if words else None
        )


@dataclass(frozen=True)
class Memory:
    """What the pull request's verdicts blocked on, as every record found holds it: each answer once, with the
    first commit that blocked on it (``keys``; ``digests`` for records written before reading keys), the commits
    whose records were read, and what makes it less than whole (records that cut answers for room)."""

    keys: dict[str, Blocked] = field(default_factory=dict)
    digests: dict[str, Blocked] = field(default_factory=dict)
    commits: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()  # why answers blocked on are missing from it, one sentence each

    def __bool__(self) -> bool:
        return bool(self.keys or self.digests)

    def __len__(self) -> int:
        return len(self.keys) + len(self.digests)

"""Which of the base branch's cases each of a pull request's cases is, so that renaming a case cannot move it
off the yardstick it is measured against.

A case is what it asks and what it is judged against, not its id: the candidate's answer on a row is the
model's answer to that row's query and context. So the base case a pull request's case *is* is found by

1. the same id with the same query and context (read as a reader sees them): that case, unmoved;
2. otherwise, among the base cases not kept that way, the one it shares the most with, in this order: the
   query (the question the answer answers), the context, the id as it reads (``lookalike.skeleton``, case
   folded: 'Refund-1', 'refund‐1' with U+2010, a Cyrillic 'е', fullwidth letters, a zero-width joiner or a
   trailing space all read as 'refund-1'). Ties go to a base case in a blocking category, then to the same
   id, then to the first in the base file.

Every link counts: a case split in two is that case twice; two cases whose ids were swapped are each the case
whose query they carry; a case deleted and re-added under a new id in another category is the deleted case.
A base case that no case of the pull request *is* was removed. A case renamed and rewritten in query and
context alike shares nothing with its old self: it is a new case, and the old one is named as removed.

A base case whose question no case of the pull request asks any more (``Matched.unasked``) is kept by its id or
context, and judged at the base, but the answer judged there answers another question: where the candidate is
made in CI from the pull request's cases (the recommended workflow), the model is never asked the base's
question, so a regression on it cannot show. In a blocking category that is named as a removal is.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import regex

from groundgate.cases import Case
from groundgate.lookalike import skeleton, visible

_SPACE = regex.compile(r"\s+")


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def reads_as_id(case_id: str) -> str:
    """An id as it reads: equal for ids a reader cannot tell apart (case included, across two files)."""
    return skeleton(case_id, fold_case=True)


def _query(text: str | None) -> str | None:
    """A query as it reads (short: the TR39 skeleton, case folded); None when there is none."""
    if text is None or not text.strip():
        return None
    return _digest(skeleton(text, fold_case=True))


def _context(text: str) -> str:
    """A context as it reads, cheaply (it may be long): invisible characters and compatibility forms gone,
    case folded, white space collapsed. A context edited any other way is edited."""
    return _digest(_SPACE.sub(" ", visible(text).casefold()))


@dataclass(frozen=True, slots=True)
class _Read:
    id: str
    query: str | None
    context: str

    @classmethod
    def of(cls, case: Case) -> _Read:
        return cls(reads_as_id(case.id), _query(case.query), _context(case.context))


def _same(a: Case, b: Case) -> bool:
    """Whether two records of one id read as the same case (query and context), without reading them twice
    when they are the same text."""
    if a.query == b.query and a.context == b.context:
        return True
    left, right = _Read.of(a), _Read.of(b)
    return (left.query, left.context) == (right.query, right.context)


@dataclass(frozen=True)
class Matched:
    """Each pull request case's base case (by PR id; absent: a case new in the pull request), the base
    cases no case of the pull request is (in base file order), and the base cases in a blocking category that
    some case of the pull request is but whose question (query, as read) none asks any more (in base file
    order)."""

    base_of: dict[str, str]
    removed: list[str]
    unasked: list[str] = dataclasses.field(default_factory=list)

    @property
    def renamed(self) -> dict[str, str]:
        """PR id -> base id, where they differ."""
        return {pid: bid for pid, bid in self.base_of.items() if pid != bid}


def match(base: Mapping[str, Case], head: Iterable[Case], blocking: frozenset[str] = frozenset()) -> Matched:
    """Which base case each of ``head`` is (see the module's docstring)."""
    base_of: dict[str, str] = {}
    loose: list[Case] = []
    kept: set[str] = set()
    for case in head:
        then = base.get(case.id)
        if then is not None and _same(then, case):
            base_of[case.id] = case.id
            kept.add(case.id)
        else:
            loose.append(case)
    asked = set(kept)  # base ids a case of the pull request asks the question of
    questions: set[str | None] = set()  # the loose cases' queries as read
    if loose:
        found = _links(base, kept, blocking)
        for case in loose:
            if (link := found(case, questions)) is not None:
                base_of[case.id] = link[0]
                if link[1]:
                    asked.add(link[0])
    taken = set(base_of.values())
    in_order = [bid for bid, _ in sorted(base.items(), key=lambda item: item[1].line)]
    removed = [bid for bid in in_order if bid not in taken]
    maybe = {bid for bid in taken - asked if base[bid].category in blocking}
    return Matched(base_of, removed, _unasked(base, kept, questions, in_order, maybe))


def _unasked(
    base: Mapping[str, Case], kept: set[str], questions: set[str | None], in_order: list[str], maybe: set[str]
) -> list[str]:
    """Of ``maybe`` (blocking base cases whose own cases in the pull request all ask something else), those whose
    question no case of the pull request asks at all, under any id: no loose case's (``questions``), and no kept
    case's (each asks its base version's question)."""
    wanted = {bid: q for bid in maybe if (q := _query(base[bid].query)) is not None and q not in questions}
    if not wanted:
        return []
    asked = {_query(base[kid].query) for kid in kept}
    return [bid for bid in in_order if bid in wanted and wanted[bid] not in asked]


def _links(base: Mapping[str, Case], kept: set[str], blocking: frozenset[str]) -> _Finder:
    """How a loose case of the pull request finds its base case among those not kept unmoved."""
    by: dict[str, dict[str, list[Case]]] = {"id": {}, "query": {}, "context": {}}
    for bid, case in base.items():
        if bid in kept:
            continue
        read = _Read.of(case)
        for field, key in (("id", read.id), ("query", read.query), ("context", read.context)):
            if key is not None:
                by[field].setdefault(key, []).append(case)
    return _Finder(by, blocking)


class _Finder:
    def __init__(self, by: dict[str, dict[str, list[Case]]], blocking: frozenset[str]) -> None:
        self.by, self.blocking = by, blocking

    def __call__(self, case: Case, questions: set[str | None]) -> tuple[str, bool] | None:
        """The base case ``case`` is, and whether it asks that case's question; its query as read goes into
        ``questions``."""
        read = _Read.of(case)
        questions.add(read.query)
        shared: dict[str, tuple[Case, set[str]]] = {}
        for field, key in (("id", read.id), ("query", read.query), ("context", read.context)):
            for then in self.by[field].get(key, []) if key is not None else []:
                shared.setdefault(then.id, (then, set()))[1].add(field)
        if not shared:
            return None

        def rank(item: tuple[Case, set[str]]) -> tuple[bool, bool, bool, bool, bool, int]:
            then, fields = item
            return (
                "query" in fields,
                "context" in fields,
                "id" in fields,
                then.category in self.blocking,
                then.id == case.id,
                -then.line,
            )

        then, fields = max(shared.values(), key=rank)
        return then.id, "query" in fields

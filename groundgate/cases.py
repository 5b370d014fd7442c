"""Load and validate the frozen cases and the two response files (JSONL).

Every record keeps its file and line so that errors, annotations and report links can point at it.
Nothing is silently dropped: a record either loads or stops the run with an InputError.
"""

from __future__ import annotations

import hashlib
import heapq
import itertools
import sqlite3
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictStr, ValidationError

from groundgate.baseline_age import BaselineAge
from groundgate.errors import InputError, MissingResponses
from groundgate.jsonl import read_jsonl
from groundgate.lookalike import reads_as, skeleton, visible
from groundgate.memory import Memory
from groundgate.store import Store
from groundgate.wording import listed

Rubric = Literal["query", "no-query"]
UNCATEGORIZED = "uncategorized"


class _Loaded:
    """What a case and a response share: equal by their fields, hashed by id and line. ``_fields``
    lists the constructor's arguments in order."""

    __slots__ = ()
    id: str
    line: int

    def _fields(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash((self.id, self.line))


class Case(_Loaded):
    """One frozen case. A run keeps its cases in its store (``groundgate.store``) and builds these a
    batch at a time."""

    __slots__ = ("category", "context", "id", "line", "query")  # one per case: no per-object dict

    def __init__(self, case_id: str, category: str, query: str | None, context: str, line: int) -> None:
        self.id, self.category, self.query, self.context, self.line = case_id, category, query, context, line

    def _fields(self) -> tuple[str, str, str | None, str, int]:
        return (self.id, self.category, self.query, self.context, self.line)

    def __repr__(self) -> str:
        return f"Case(id={self.id!r}, category={self.category!r}, query={self.query!r}, line={self.line})"


class Response(_Loaded):
    """One side's answer to a case (and, in end-to-end runs, the context live retrieval gave it)."""

    __slots__ = ("context", "id", "line", "response")  # one per case and side: no per-object dict

    def __init__(self, case_id: str, response: str, line: int, context: str | None = None) -> None:
        self.id, self.response, self.line = case_id, response, line
        self.context = context  # end-to-end runs: what live retrieval returned on this side

    def _fields(self) -> tuple[str, str, int, str | None]:
        return (self.id, self.response, self.line, self.context)

    def __repr__(self) -> str:
        return f"Response(id={self.id!r}, line={self.line})"

    def recorded(self) -> Response:
        """This answer as the gate judges it: against the case's recorded context, whatever the record says."""
        return self if self.context is None else Response(self.id, self.response, self.line)


Edit = Literal["id", "category", "query", "context", "baseline response"]


class AtBase(BaseModel):
    """A row the base branch's yardstick decided: the pull request edited its case or baseline response, and
    the base commit's versions were judged (``decided_at_base``). The PR's edits are shown, never deciding."""

    model_config = ConfigDict(extra="forbid")

    line: int = Field(ge=1, le=2**63 - 1)  # the case's line in the base branch's cases file: what was judged
    edited: list[Edit]  # what the pull request changed of it ("id": renamed, ``Yardstick.renamed`` says from what)


class Yardstick(BaseModel):
    """What a pull request changed in the files the gate measures against (the cases and the
    baseline), compared with its base branch: reviewers must see when the yardstick moved."""

    model_config = ConfigDict(extra="forbid")

    base: str  # the base commit compared with
    cases: list[str] = Field(default_factory=list)  # ids added, removed, or whose category, query or context changed
    baseline: list[str] = Field(default_factory=list)  # ids whose baseline response was added, removed or changed
    added: list[str] = Field(default_factory=list)  # of ``cases``, the ids of cases new in this pull request
    removed: list[str] = Field(default_factory=list)  # base ids no case of the pull request is (not even renamed)
    note: str | None = None  # a file new in this PR, or unreadable at the base
    unchecked: str | None = None  # why the base files could not be read: the PR's edits to them are unknown
    # of ``removed``, those in a blocking category at the base: no longer judged, and named
    removed_blocking: list[str] = Field(default_factory=list)
    at_base: dict[str, AtBase] = Field(default_factory=dict)  # edited rows judged with the base's versions, by id
    # the cases file does not exist at the base (the pull request that adopts the gate): every case is its own
    new_suite: bool = False
    # ids the pull request gave a base case (``matching``): PR id -> the base's id; judged as that case
    renamed: dict[str, str] = Field(default_factory=dict)
    # base ids in a blocking category whose question no case of the pull request asks any more (``matching``):
    # judged at the base, but on an answer to another question, so named as a removal is
    unasked_blocking: list[str] = Field(default_factory=list)


SCHEMA = """
CREATE TABLE cases(line INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, key TEXT NOT NULL UNIQUE,
                   category TEXT NOT NULL, query TEXT, context TEXT NOT NULL);
CREATE TABLE responses(side INTEGER NOT NULL, id TEXT NOT NULL, line INTEGER NOT NULL, response TEXT NOT NULL,
                       context TEXT, PRIMARY KEY (side, id)) WITHOUT ROWID;
CREATE INDEX responses_in_file_order ON responses(side, line);
"""
BASELINE, CANDIDATE = 0, 1
_JOINED = (
    "SELECT c.line, c.id, c.category, c.query, c.context, b.response, b.line, b.context, k.response, k.line, "
    "k.context FROM cases c JOIN responses b ON b.side = 0 AND b.id = c.id "
    "JOIN responses k ON k.side = 1 AND k.id = c.id"
)
BATCH = 2000  # cases held in memory at once when a run goes through its inputs
_CASES = "SELECT line, id, category, query, context FROM cases"


def _case(line: int, case_id: str, category: str, query: str | None, context: str) -> Case:
    return Case(case_id, category, query, context, line)


Triple = tuple[Case, Response, Response]


class StoredCases(Sequence[Case]):
    """The cases of a run's store in case-file order, optionally one shard of them; read a batch at a time."""

    def __init__(self, store: Store, shard: tuple[int, int] | None = None) -> None:
        self.store, self.shard = store, shard
        self._length: int | None = None
        if shard is not None:
            assign_stored(store, shard[1])

    def mine(self, prefix: str = "") -> tuple[str, tuple[Any, ...]]:
        """The condition (on the cases table, aliased ``c.`` as ``prefix`` says) keeping this shard's cases, and its
        argument."""
        if self.shard is None:
            return "", ()
        mine = (
            "c.id IN (SELECT id FROM shards WHERE shard = ?)"
            if prefix
            else "id IN (SELECT id FROM shards WHERE shard = ?)"
        )
        return mine, (self.shard[0],)

    def batches(self) -> Iterator[list[Case]]:
        for window in self.store.windows(_CASES, "line", *self.mine(), size=BATCH):
            yield [_case(*row) for row in window]

    def __iter__(self) -> Iterator[Case]:
        for batch in self.batches():
            yield from batch

    def __len__(self) -> int:
        if self._length is None:
            if self.shard is None:
                self._length = int(self.store.one("SELECT count(*) FROM cases")[0])
            else:
                self._length = int(self.store.one("SELECT count(*) FROM shards WHERE shard = ?", (self.shard[0],))[0])
        return self._length

    def __reversed__(self) -> Iterator[Case]:
        for window in self.store.windows(_CASES, "line", *self.mine(), size=BATCH, descending=True):
            yield from (_case(*row) for row in window)

    def __getitem__(self, index: Any) -> Any:
        """One case by position: one query each (``OFFSET``), for a few lookups, never for a loop."""
        if isinstance(index, int) and self.shard is None and index >= 0:
            found = self.store.one(f"{_CASES} ORDER BY line LIMIT 1 OFFSET ?", (index,))
            if found is None:
                raise IndexError(index)
            return _case(*found)
        return list(self)[index]


class StoredResponses(Mapping[str, Response]):
    """One side's responses in a run's store, by case id."""

    def __init__(self, store: Store, side: int) -> None:
        self.store, self.side = store, side

    def __getitem__(self, case_id: str) -> Response:
        found = self.store.one(
            "SELECT response, line, context FROM responses WHERE side = ? AND id = ?", (self.side, case_id)
        )
        if found is None:
            raise KeyError(case_id)
        return Response(case_id, found[0], found[1], found[2])

    def __iter__(self) -> Iterator[str]:
        for window in self.store.windows("SELECT line, id FROM responses", "line", "side = ?", (self.side,)):
            yield from (cid for _, cid in window)

    def values(self) -> Iterator[Response]:  # type: ignore[override]  # one pass, not one query per id
        for window in self.store.windows(
            "SELECT line, id, response, context FROM responses", "line", "side = ?", (self.side,)
        ):
            yield from (Response(cid, response, line, context) for line, cid, response, context in window)

    def __len__(self) -> int:
        return int(self.store.one("SELECT count(*) FROM responses WHERE side = ?", (self.side,))[0])


@dataclass(frozen=True)
class Inputs:
    """Cases with a baseline and a candidate response for each, in case-file order. A run's inputs live
    in its store (``load_inputs``); tests may hand in a list and two dicts."""

    cases: Sequence[Case]
    baseline: Mapping[str, Response]
    candidate: Mapping[str, Response]
    cases_path: str
    baseline_path: str
    candidate_path: str
    warnings: list[str] = field(default_factory=list)
    digests: dict[str, str] = field(default_factory=dict)  # sha256 of each file: which run this is
    yardstick: Yardstick | None = None  # set by the action on pull requests
    baseline_age: BaselineAge | None = None  # the baseline file's last change (the action: GitHub; the CLI: git)
    own_context: bool = False  # response records' own contexts were kept: an end-to-end run
    held: Memory = field(
        default_factory=Memory
    )  # answers the PR's verdicts blocked on (``sticky``), read by the action

    def batches(self) -> Iterator[list[Triple]]:
        """Each case with its two responses, in case-file order, a batch at a time: a run never holds
        more of its inputs than one batch."""
        if isinstance(self.cases, StoredCases):
            for window in self.cases.store.windows(_JOINED, "c.line", *self.cases.mine("c."), size=BATCH):
                yield [
                    (Case(cid, cat, query, ctx, line), Response(cid, b, b_line, b_ctx), Response(cid, k, k_line, k_ctx))
                    for line, cid, cat, query, ctx, b, b_line, b_ctx, k, k_line, k_ctx in window
                ]
            return
        cases = list(self.cases)
        for start in range(0, len(cases), BATCH):
            yield [(c, self.baseline[c.id], self.candidate[c.id]) for c in cases[start : start + BATCH]]

    def __iter__(self) -> Iterator[Triple]:
        for batch in self.batches():
            yield from batch


# What one case weighs in a shard: the characters its calls carry, the rubric's own text (about 1,400 tokens,
# the same in every call) included, so that a shard of many short cases is not taken for a light one.
CALL_CHARS = 6_500


def case_weight(context: str, query: str | None) -> int:
    return CALL_CHARS + len(context) + len(query or "")


def assign(weights: Iterable[tuple[str, int]], count: int) -> Iterator[tuple[str, int]]:
    """Each case's shard (1..count), the suite's estimated tokens shared as evenly as the cases allow: ``weights``
    (case id, weight) heaviest first, ties by id, each case to the shard lightest so far (ties: the lowest
    index). Deterministic from the case ids and texts alone, so every shard process and the merge agree; a
    shard's load exceeds the lightest one's by at most one case's weight."""
    loads = [(0, index) for index in range(1, count + 1)]
    for case_id, weight in weights:
        load, index = heapq.heappop(loads)
        yield case_id, index
        heapq.heappush(loads, (load + weight, index))


def shards_of(cases: Iterable[Case], count: int) -> dict[str, int]:
    """Each case's shard (``assign``), for cases in memory."""
    weighed = sorted(((c.id, case_weight(c.context, c.query)) for c in cases), key=lambda w: (-w[1], w[0]))
    return dict(assign(weighed, count))


def assign_stored(store: Store, count: int) -> None:
    """``assign`` over a run's store, once: the ``shards`` table holds each case's shard."""
    if store.one("SELECT count(*) FROM sqlite_master WHERE name = 'shards'")[0]:
        return
    store.run("CREATE TABLE ranked(rank INTEGER PRIMARY KEY, id TEXT NOT NULL, weight INTEGER NOT NULL)")
    # The weight is Python's, as the merge's (``shards_of``): SQLite's length() stops at a NUL character.
    store.function("case_weight", 2, case_weight)
    store.run(
        "INSERT INTO ranked(id, weight) SELECT id, case_weight(context, query) AS weight "
        "FROM cases ORDER BY weight DESC, id"
    )
    store.run("CREATE TABLE shards(id TEXT PRIMARY KEY, shard INTEGER NOT NULL) WITHOUT ROWID")
    rows = (
        row for window in store.windows("SELECT rank, id, weight FROM ranked", "rank", size=BATCH) for row in window
    )
    assigned = assign(((case_id, weight) for _, case_id, weight in rows), count)
    while batch := list(itertools.islice(assigned, BATCH)):
        store.many("INSERT INTO shards VALUES (?, ?)", batch)
    store.run("DROP TABLE ranked")


def category_sizes(cases: Sequence[Case]) -> dict[str, int]:
    """Cases per category, in order of first appearance."""
    if isinstance(cases, StoredCases) and cases.shard is None:
        found = cases.store.all(
            "SELECT category, count(*), min(line) AS first FROM cases GROUP BY category ORDER BY first"
        )
        return {category: n for category, n, _ in found}
    return dict(Counter(case.category for case in cases))


def sorted_ids(cases: Sequence[Case]) -> Iterator[str]:
    """The cases' ids in code-point order (SQLite orders UTF-8 text byte by byte: the same order)."""
    if isinstance(cases, StoredCases) and cases.shard is None:
        for window in cases.store.windows("SELECT id FROM cases", "id", size=BATCH):
            yield from (cid for (cid,) in window)
        return
    yield from sorted(case.id for case in cases)


def shard(inputs: Inputs, index: int, count: int) -> Inputs:
    if isinstance(inputs.cases, StoredCases):
        return replace(inputs, cases=StoredCases(inputs.cases.store, (index, count)))
    of = shards_of(inputs.cases, count)
    return replace(inputs, cases=[case for case in inputs.cases if of[case.id] == index])


class _CaseRecord(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: StrictStr
    category: StrictStr | None = None
    query: StrictStr | None = None
    context: StrictStr | None = None


class _ResponseRecord(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: StrictStr
    response: StrictStr
    context: StrictStr | None = None


_Record = TypeVar("_Record", _CaseRecord, _ResponseRecord)


def _id_key(case_id: str) -> str:
    """Ids that read the same must not be two cases: compare them as a reader sees them."""
    return "\0" + skeleton(case_id)


def normalize_category(category: str | None) -> str:
    """Categories compare as they read, case-insensitively; a missing one is 'uncategorized'.

    'policy' with a zero-width space, a soft hyphen, a variation selector, a Hangul filler or in
    fullwidth letters is 'policy' (``lookalike.visible``): a look-alike must not dodge a blocking category."""
    text = visible(category or "").casefold()
    return sys.intern(text) if text else UNCATEGORIZED  # a few names, a million rows: one string each


def lookalike(category: str, blocking: frozenset[str]) -> str | None:
    """The blocking category this one (as written) reads as without being it ('pоlicy' with a Cyrillic
    'о', 'poli\u0301cy', small capitals), if any: such a category is refused, never silently non-blocking."""
    if normalize_category(category) in blocking:
        return None
    return reads_as(category, blocking)


def _records(path: Path, root: Path, model: type[_Record], digest: Any = None) -> Iterator[tuple[int, _Record]]:
    """(line, validated record) for each record; the first invalid one stops with its line and field."""
    for line, obj in read_jsonl(path, root, digest):
        try:
            yield line, model.model_validate(obj)
        except ValidationError as exc:
            first = exc.errors()[0]
            field_name = ".".join(str(part) for part in first["loc"]) or None
            message = "missing" if first["type"] == "missing" else first["msg"].lower()
            raise InputError(path, line, field_name, message) from None


def _duplicate(path: Path, line: int, case_id: str, first: int) -> InputError:
    return InputError(path, line, "id", f"duplicate id {case_id!r} (first on line {first})")


def _lookalike(path: Path, line: int, case_id: str, first: int) -> InputError:
    return InputError(
        path,
        line,
        "id",
        f"id {case_id!r} looks the same as the id on line {first} (the same once invisible characters, accents and "
        "compatibility forms are dropped and confusable characters are taken as the ones they are drawn like)",
    )


def _check_case(path: Path, line: int, record: _CaseRecord, rubric: Rubric) -> None:
    if record.context is None or not record.context.strip():
        raise InputError(
            path,
            line,
            "context",
            "missing or empty: groundedness has nothing to check against; "
            "cases without retrieved context need reference-answer checks instead",
        )
    if rubric == "query" and (record.query is None or not record.query.strip()):
        raise InputError(
            path, line, "query", "missing or blank, and the rubric mode is 'query' (use --rubric no-query)"
        )


def _check_response(path: Path, line: int, record: _ResponseRecord) -> None:
    if record.context is not None and not record.context.strip():
        raise InputError(path, line, "context", "empty: leave the field out to judge against the case's frozen context")


def _case_records(path: Path, root: Path, digest: Any) -> Iterator[tuple[int, _CaseRecord]]:
    for line, record in _records(path, root, _CaseRecord, digest):
        if not record.id.strip():
            raise InputError(path, line, "id", "empty")
        yield line, record


def load_cases(path: Path, rubric: Rubric, root: Path = Path(), digest: Any = None) -> list[Case]:
    """The cases in memory: for the commands that read a labelled set or a base branch's file, not a run."""
    cases: list[Case] = []
    seen: dict[str, int] = {}
    keys: dict[str, int] = {}
    for line, record in _case_records(path, root, digest):
        if record.id in seen:
            raise _duplicate(path, line, record.id, seen[record.id])
        if _id_key(record.id) in keys:
            raise _lookalike(path, line, record.id, keys[_id_key(record.id)])
        _check_case(path, line, record, rubric)
        seen[record.id] = keys[_id_key(record.id)] = line
        assert record.context is not None  # checked above
        cases.append(Case(record.id, normalize_category(record.category), record.query, record.context, line))
    return cases


def load_responses(path: Path, root: Path = Path(), digest: Any = None) -> dict[str, Response]:
    """One side's responses in memory, by id (see ``load_cases``)."""
    responses: dict[str, Response] = {}
    for line, record in _records(path, root, _ResponseRecord, digest):
        if record.id in responses:
            raise _duplicate(path, line, record.id, responses[record.id].line)
        _check_response(path, line, record)
        responses[record.id] = Response(record.id, record.response, line, record.context)
    return responses


def listed_ids(ids: Sequence[str], count: int | None = None) -> str:
    """The first 20 ids, quoted, and how many more (of ``count`` in all, when only the first are at hand)."""
    return listed([repr(i) for i in ids[:20]], 20, len(ids) if count is None else count)


def _check_category(path: Path, line: int, category: str | None, blocking: frozenset[str]) -> None:
    if category is not None and (name := lookalike(category, blocking)) is not None:
        raise InputError(
            path,
            line,
            "category",
            f"{category!r} looks like the blocking category {name!r} but is spelled with other characters: "
            "write it in plain letters",
        )


def _store_cases(
    store: Store, path: Path, rubric: Rubric, root: Path, digest: Any, blocking: frozenset[str] = frozenset()
) -> None:
    checked: set[str | None] = set()  # categories as written: a few names, a million rows
    for line, record in _case_records(path, root, digest):
        if record.category not in checked:
            _check_category(path, line, record.category, blocking)
            checked.add(record.category)
        row = (line, record.id, _id_key(record.id), normalize_category(record.category), record.query, record.context)
        try:  # a duplicate id is named before anything else wrong with its record, as load_cases does
            store.run("INSERT INTO cases VALUES (?, ?, ?, ?, ?, ?)", row)
        except sqlite3.IntegrityError:
            if (first := store.one("SELECT line FROM cases WHERE id = ?", (record.id,))) is not None:
                raise _duplicate(path, line, record.id, first[0]) from None
            if (first := store.one("SELECT line FROM cases WHERE key = ?", (_id_key(record.id),))) is not None:
                raise _lookalike(path, line, record.id, first[0]) from None
            _check_case(path, line, record, rubric)  # no context: the NOT NULL column refused it
            raise
        _check_case(path, line, record, rubric)


def _store_responses(store: Store, side: int, path: Path, root: Path, digest: Any, own_context: bool) -> int:
    """One side's responses; their own contexts only when ``own_context`` (an end-to-end run). Returns how
    many records carried a context that is not kept."""
    dropped = 0
    for line, record in _records(path, root, _ResponseRecord, digest):
        context = record.context if own_context else None
        dropped += record.context is not None and context is None
        try:
            store.run("INSERT INTO responses VALUES (?, ?, ?, ?, ?)", (side, record.id, line, record.response, context))
        except sqlite3.IntegrityError:
            first = store.one("SELECT line FROM responses WHERE side = ? AND id = ?", (side, record.id))
            raise _duplicate(path, line, record.id, first[0]) from None
        _check_response(path, line, record)
    return dropped


def load_inputs(
    cases_path: Path,
    baseline_path: Path,
    candidate_path: Path,
    rubric: Rubric,
    root: Path = Path(),
    blocking: frozenset[str] = frozenset(),
    end_to_end: bool = False,
) -> Inputs:
    """Load all three files (relative to ``root``) into the run's store (``groundgate.store``) and check
    that every case has a response on both sides, and that no category reads as one of ``blocking``
    without being it (a way to dodge the gate). A response's own ``context`` is kept only for an
    end-to-end run: otherwise the response files, which a pull request controls, could choose what their
    answers are judged against."""
    digests = {name: hashlib.sha256() for name in ("cases", "baseline", "candidate")}
    store = Store(SCHEMA)
    _store_cases(store, cases_path, rubric, root, digests["cases"], blocking)
    if store.one("SELECT 1 FROM cases LIMIT 1") is None:
        raise InputError(cases_path, None, None, "no cases: the file holds no records")
    warnings = []
    for path, side, name in ((baseline_path, BASELINE, "baseline"), (candidate_path, CANDIDATE, "candidate")):
        if dropped := _store_responses(store, side, path, root, digests[name], end_to_end):
            warnings.append(
                f"{path}: {dropped} response(s) carry their own 'context', not used: every answer is judged against "
                "the cases' recorded context (the end-to-end mode also judges each side against its own, beside the verdict)"
            )
    missing = []
    for path, side in ((baseline_path, BASELINE), (candidate_path, CANDIDATE)):
        absent = "FROM cases c WHERE NOT EXISTS (SELECT 1 FROM responses r WHERE r.side = ? AND r.id = c.id)"
        count = store.one(f"SELECT count(*) {absent}", (side,))[0]
        if count:
            first = [cid for (cid,) in store.all(f"SELECT c.id {absent} ORDER BY c.line LIMIT 20", (side,))]
            missing.append(f"{path}: field 'id': no response for {count} case(s): {listed_ids(first, count)}")
        extra = "FROM responses r WHERE r.side = ? AND NOT EXISTS (SELECT 1 FROM cases c WHERE c.id = r.id)"
        count = store.one(f"SELECT count(*) {extra}", (side,))[0]
        if count:
            first = [rid for (rid,) in store.all(f"SELECT r.id {extra} ORDER BY r.line LIMIT 20", (side,))]
            warnings.append(
                f"{path}: {count} response(s) for ids that are not cases, not used: {listed_ids(first, count)}"
            )
    if missing:
        raise MissingResponses("; ".join(missing))
    return Inputs(
        digests={name: digest.hexdigest() for name, digest in digests.items()},
        cases=StoredCases(store),
        baseline=StoredResponses(store, BASELINE),
        candidate=StoredResponses(store, CANDIDATE),
        cases_path=str(cases_path),
        baseline_path=str(baseline_path),
        candidate_path=str(candidate_path),
        warnings=warnings,
        own_context=end_to_end,
    )

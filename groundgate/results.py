"""The results model: the contract between the engine and everything that presents it.

Written as JSON and read back by ``groundgate report`` (and later ``merge``), so it is versioned:
a reader refuses a schema it does not know instead of misreading it.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import fields
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    ValidatorFunctionWrapHandler,
    WrapSerializer,
    WrapValidator,
    model_serializer,
    model_validator,
)
from pydantic.dataclasses import dataclass

from groundgate.baseline_age import BaselineAge
from groundgate.cases import Yardstick
from groundgate.files import write_parts
from groundgate.judges import Calls as Calls  # part of the results file; re-exported for its readers
from groundgate.judges import JudgeInfo as JudgeInfo
from groundgate.judges.claims import Label
from groundgate.memory import BlockedAs, Memory
from groundgate.noise import Noise as Noise  # part of the results file; re-exported for its readers
from groundgate.noise import NoiseSample as NoiseSample
from groundgate.rules import Bucket, Cell, GateVerdict, Outcome, Tripwire, cell, gate_exit, worse
from groundgate.rules import tally as tally  # where the report finds it
from groundgate.stats import sign_test
from groundgate.store import Store
from groundgate.wording import duration

# 2: the rules a file's rows were decided under, end-to-end verdicts, answers that talk to the judge;
# 3: the tripwire (its outcomes, a row's new figures, the file's tripwire mode) and the claims of rows to read
SCHEMA_VERSION = 3
BATCH_ROWS = 2000  # rows read from a results file before they go to disk


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


# A check run's page as GitHub names it (``html_url``): the only thing a held row's ``held_by`` may be, since the
# report links it (a results file is data).
RUN_URL = re.compile(r"https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:/[A-Za-z0-9_.-]+)+/runs/[0-9]{1,20}")

# Fields a row leaves out of the file while they hold their default: texts that only rows a person
# reads carry, and figures most rows never have. Every other field is always written.
ROW_SPARSE = frozenset({
    "context", "baseline", "candidate", "baseline_context", "candidate_context", "baseline_rescore_score",
    "baseline_rescore_reason", "rescore_model", "before_fluency", "after_fluency", "live", "talks_to_judge", "unreachable",
    "new_figures", "claims", "held_from", "held_by", "blocked_as", "figures_unread",
})  # fmt: skip


@dataclass(slots=True, config=ConfigDict(extra="forbid"))
class Live:
    """End-to-end runs: the row judged again with each side against its own retrieved context, first
    verdicts only (the first verdict stands: no re-score). Shown beside the row's outcome, never deciding
    the verdict: the response files, which a pull request controls, must not choose what is measured."""

    outcome: Outcome
    before: Bucket | None
    after: Bucket | None
    before_score: float | None
    after_score: float | None
    reason: str | None = None  # the candidate's reason against its own context, or why a side was not judged


@dataclass(slots=True, config=ConfigDict(extra="forbid"))
class UnsupportedFigure:
    """The tripwire's finding: a figure the candidate newly states, as it wrote it, that its context never
    states (nor its query, nor the baseline unsupported), with the context's nearest figures as written there;
    ``said``: the figure with its unit, normalised ('45 days' for 'quarante-cinq jours'); ``sentence``: the
    context's sentence that holds the nearest figure, what the figure was compared with."""

    figure: str
    nearest: list[str]
    said: str = ""
    sentence: str = ""
    # unsupported: no context figure backs it; elsewhere: the context states it only of something else (``basis``:
    # what it states it of), a row to read as well; derived: it follows from the context's figures by one simple
    # step (``basis``: how, '£9 a month × 12'), listed apart and never a row to read on its own.
    status: Literal["unsupported", "elsewhere", "derived", "unread"] = "unsupported"
    basis: str = ""

    @property
    def flagged(self) -> bool:
        return self.status not in ("derived", "unread")


@dataclass(slots=True, config=ConfigDict(extra="forbid"))
class Claim:
    """One claim of a candidate's answer as the judge model split and labelled it, with the context's
    nearest span (the claims call: ``judges.claims``). Shown under a row to read; it never decides anything."""

    claim: str
    label: Label
    context: str = ""


@dataclass(slots=True, config=ConfigDict(extra="forbid"))
class Row:
    """One case's outcome. A slotted dataclass, not a model: a million rows of 31 fields cost a
    third of the memory without a per-row ``__dict__``."""

    id: str
    category: str
    line: Annotated[int, Field(ge=0, le=2**63 - 1)]  # a line number, kept in a SQLite integer
    blocking: bool
    outcome: Outcome
    before: Bucket | None
    after: Bucket | None
    before_score: float | None
    after_score: float | None
    rescore_score: float | None = None
    before_reason: str | None = None
    after_reason: str | None = None
    rescore_reason: str | None = None
    confirmed_by: str | None = None  # who re-scored the flip: same, none, deployment:<name>, groundedness-pro
    baseline_rescore_score: float | None = None
    baseline_rescore_reason: str | None = None
    before_model: str | None = None  # the judge model the service reported for each score
    after_model: str | None = None
    rescore_model: str | None = None  # may differ from after_model: an independent second opinion, or a drift
    drift: bool = False  # end-to-end runs: the two sides were judged against different contexts
    note: str | None = None
    error: str | None = None
    unreachable: str | None = None  # the judge's endpoint, when the error is that it could not be reached (an outage)
    before_fluency: float | None = None
    after_fluency: float | None = None
    query: str | None = None
    context: str = ""
    baseline: str = ""
    candidate: str = ""
    baseline_context: str | None = None
    candidate_context: str | None = None
    live: Live | None = None  # end-to-end runs, rows where a side carries its own retrieved context
    talks_to_judge: str | None = None  # which answer addresses the judge, and how ("candidate: 'score 5'")
    new_figures: list[UnsupportedFigure] | None = None  # the tripwire's, whatever the outcome; such rows keep texts
    figures_unread: str | None = None  # the language of a row whose figures the tripwire does not read ('Russian')
    claims: list[Claim] | None = None  # rows to read, when the judge model split the answer into claims
    held_from: str | None = None  # a blocking regression held (``sticky``): the commit that blocked on this answer
    held_by: str | None = None  # a held row: the check run whose record holds it (its URL), for the report to link
    blocked_as: BlockedAs | None = None  # a held row: what that verdict said of it (this row's scores are this run's)

    @model_serializer(mode="wrap")
    def _lean(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Sparse fields only when they differ from their default (a million rows would otherwise write a
        million empty contexts and answers); reading the file back fills them in."""
        data: dict[str, Any] = handler(self)
        return {k: v for k, v in data.items() if k not in ROW_SPARSE or v != ROW_DEFAULTS[k]}

    @model_validator(mode="after")
    def _buckets(self) -> Row:
        """Only a row the judge could not score may lack a bucket; any other is not a row groundgate wrote."""
        if self.outcome is not Outcome.ERROR and (self.before is None or self.after is None):
            raise ValueError(f"a {self.outcome.value} row needs both buckets")
        return self


ROW_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(Row)}
ROW_ADAPTER = TypeAdapter(Row)


class Fluency(_Model):
    consulted: bool
    reason: str | None = None  # why it was not consulted
    mean_delta: float | None = None  # candidate minus baseline, over `rows`
    rows: int = 0  # tied rows with both fluency scores
    skipped: int = 0  # tied rows where either fluency score was missing


class Plan(_Model):
    """What the run expected to spend, said before its first judge call."""

    calls: int  # made whatever the judge answers: first verdicts not cached nor repeated in their row, the noise sample
    calls_at_most: int  # with every re-score and fluency call the answers could need
    # What the verdict can need at most: ``calls`` and a re-score of every changed answer (not fluency, not claims).
    # A budget of at least this always reaches a verdict; it is the least a refused budget is told to rise to.
    verdict_calls: int = 0
    verdict_tokens: int | None = None
    tokens: int | None = None  # estimated for `calls`; None: this judge's tokens are not counted
    tokens_at_most: int | None = None
    max_calls: int | None = None  # the budget (--max-calls, --max-tokens), when set
    max_tokens: int | None = None
    quota_seconds: float | None = None  # the fewest seconds the judge's quota allows `calls`, where it is known
    quota: str | None = None  # the same in words: 'about 12 min at 150k TPM'

    def said(self) -> str:
        """One line for the console and the report's footer."""
        extra = f" (up to {self.calls_at_most:,} with re-scores and fluency)" if self.calls_at_most > self.calls else ""
        tokens = ""
        if self.tokens is not None and self.tokens_at_most is not None:
            most = f", up to {_millions(self.tokens_at_most)}" if self.tokens_at_most > self.tokens else ""
            tokens = f", about {_millions(self.tokens)} tokens{most} (estimate)"
        caps = [f"{n:,} {what}" for n, what in ((self.max_calls, "calls"), (self.max_tokens, "tokens")) if n]
        budget = f"; budget {' and '.join(caps)}" if caps else ""
        quota = f"; the judge's quota makes it {self.quota}" if self.quota else ""
        return f"plan: {self.calls:,} judge call{'' if self.calls == 1 else 's'}{extra}{tokens}{budget}{quota}"


def quota_waited(calls: Calls) -> str | None:
    """How much of the run waited for the judge's quota, for the console and the report's footer."""
    if calls.quota_seconds < 1 and not calls.throttled:
        return None
    held = f"calls waited {duration(calls.quota_seconds)} for the judge's quota" if calls.quota_seconds >= 1 else ""
    refused = f"{calls.throttled:,} refused (HTTP 429) and sent again" if calls.throttled else ""
    return "; ".join(part for part in (held, refused) if part)


class Cost(_Model):
    """What the judge calls cost at the prices given (--price-per-million-tokens), from the tokens reported."""

    price_per_million: tuple[float, float]  # prompt tokens, answer tokens
    prompt_tokens: int
    answer_tokens: int
    amount: float

    @classmethod
    def of(cls, prices: tuple[float, float], tokens: int, answer_tokens: int) -> Cost:
        prompt = max(0, tokens - answer_tokens)
        amount = (prompt * prices[0] + answer_tokens * prices[1]) / 1e6
        return cls(price_per_million=prices, prompt_tokens=prompt, answer_tokens=answer_tokens, amount=round(amount, 6))

    def said(self) -> str:
        return (
            f"cost about {self.amount:,.2f} ({_millions(self.prompt_tokens)} prompt tokens at {self.price_per_million[0]:g}"
            f"/M, {_millions(self.answer_tokens)} answer tokens at {self.price_per_million[1]:g}/M)"
        )


def _millions(tokens: int) -> str:
    return f"{tokens / 1e6:.1f}M" if tokens >= 100_000 else f"{tokens:,}"


class InputPaths(_Model):
    cases: str
    baseline: str
    candidate: str


class CategoryStats(_Model):
    name: str
    cases: int
    worse: int  # rows that moved to a lower bucket
    better: int
    p_value: float | None  # exact two-sided sign test on worse vs better; a figure, never a gate


def category_stats(rows: Sequence[Row]) -> list[CategoryStats]:
    """Per category: rows that moved to a worse or a better bucket, and the exact sign test on them."""
    totals: dict[str, list[int]] = {}
    for (category, _, _, before, after), n in tally(rows).items():
        counts = totals.setdefault(category, [0, 0, 0])
        counts[0] += n
        if before is not None and after is not None and before is not after:
            counts[1 if worse(before, after) else 2] += n
    return [
        CategoryStats(name=name, cases=n, worse=down, better=up, p_value=sign_test(down, up))
        for name, (n, down, up) in sorted(totals.items())
    ]


def outcome_counts(rows: Sequence[Row]) -> Counter[Outcome]:
    counts: Counter[Outcome] = Counter()
    for (_, _, outcome, _, _), n in tally(rows).items():
        counts[outcome] += n
    return counts


# Rows a person reads whatever their outcome, marked in the store so a report finds them without a pass.
TALKS, LIVE_FLIP = 1, 2  # an answer addresses the judge; newly ungrounded against its own retrieved context
LIVE_FLIPS = frozenset({Outcome.REGRESSION, Outcome.REVIEW, Outcome.UNSTABLE})


def marks(row: Row) -> int:
    return (TALKS if row.talks_to_judge is not None else 0) | (
        LIVE_FLIP if row.live is not None and row.live.outcome in LIVE_FLIPS else 0
    )


def rows_marked(rows: Sequence[Row], mark: int) -> Iterator[Row]:
    """The rows with this mark, in order (from the store by its index)."""
    if isinstance(rows, StoredRows):
        yield from (row for window in rows.marked(mark) for _, row in window)
        return
    yield from (row for row in rows if marks(row) & mark)


def count_marked(rows: Sequence[Row], mark: int, outside: Iterable[Outcome] = ()) -> int:
    """How many rows have this mark (of an outcome not in ``outside``)."""
    skip = frozenset(outside)
    if isinstance(rows, StoredRows):
        return rows.count_marked(mark, skip)
    return sum(1 for row in rows if marks(row) & mark and row.outcome not in skip)


def rows_with(rows: Sequence[Row], outcomes: Iterable[Outcome]) -> Iterator[Row]:
    """The rows with these outcomes, in order: from the store by its index, not a pass over every row."""
    if isinstance(rows, StoredRows):
        yield from (row for window in rows.of(outcomes) for _, row in window)
        return
    wanted = frozenset(outcomes)
    yield from (row for row in rows if row.outcome in wanted)


def rows_by_id(rows: Sequence[Row], ids: Iterable[str]) -> Iterator[Row]:
    """The rows with these ids (a few dozen), in order: from the store by its index on ids."""
    wanted = set(ids)
    if isinstance(rows, StoredRows):
        yield from rows.with_ids(wanted)
        return
    yield from (row for row in rows if row.id in wanted)


ROWS_TABLE = (
    "CREATE TABLE rows(pos INTEGER PRIMARY KEY, id TEXT NOT NULL, line INTEGER NOT NULL, outcome TEXT NOT NULL, "
    "data TEXT NOT NULL, marks INTEGER NOT NULL)"
)
ROWS_INDEX = (
    "CREATE INDEX rows_by_outcome ON rows(outcome, pos); CREATE INDEX rows_marked ON rows(pos) WHERE marks != 0"
)


class StoredRows(Sequence[Row]):
    """A run's rows on disk, in order, as the JSON lines of the results file (``groundgate.store``): a
    million unremarkable rows cost a few counters in memory, not a million objects."""

    def __init__(self) -> None:
        self.store = Store(f"{ROWS_TABLE}; {ROWS_INDEX};")
        self.tally: Counter[Cell] = Counter()
        self._length = 0
        self._indexed = False  # rows_by_id: made when a merge first looks rows up by id

    def extend(self, rows: Iterable[Row]) -> None:
        added = []
        for row in rows:
            self.tally[cell(row)] += 1
            added.append(
                (self._length, row.id, row.line, row.outcome.value, ROW_ADAPTER.dump_json(row).decode(), marks(row))
            )
            self._length += 1
        self.store.many("INSERT INTO rows VALUES (?, ?, ?, ?, ?, ?)", added)

    def sort_by_line(self) -> None:
        """Rows in order of their line in the cases file, rows of one line in the order they came (a
        stable sort, as ``sorted`` is): shards' rows merged into the suite's order, on disk."""
        self.store.run("DROP INDEX rows_by_outcome")
        self.store.run("DROP INDEX rows_marked")
        self.store.run("ALTER TABLE rows RENAME TO unsorted")
        self.store.run(ROWS_TABLE)
        self.store.run(
            "INSERT INTO rows SELECT row_number() OVER (ORDER BY line, pos) - 1, id, line, outcome, data, marks "
            "FROM unsorted"
        )
        self.store.run("DROP TABLE unsorted")  # and its index by id, if any
        self._indexed = False
        for index in ROWS_INDEX.split("; "):
            self.store.run(index)

    def ids(self) -> Iterator[str]:
        for window in self.store.windows("SELECT pos, id FROM rows", "pos"):
            yield from (cid for _, cid in window)

    def sorted_ids(self) -> Iterator[str]:
        """The rows' ids in code-point order (SQLite orders UTF-8 text byte by byte: the same order), each
        once: ids held by two rows are read once, so ``doubled`` is asked first."""
        self._by_id()
        for window in self.store.windows("SELECT id FROM rows", "id"):
            yield from (cid for (cid,) in window)

    def doubled(self) -> tuple[list[str], int]:
        """The first ids that more than one row holds, in order, and how many there are."""
        self._by_id()
        twice = "FROM (SELECT id FROM rows GROUP BY id HAVING count(*) > 1)"
        return [cid for (cid,) in self.store.all(f"SELECT id {twice} ORDER BY id LIMIT 20")], int(
            self.store.one(f"SELECT count(*) {twice}")[0]
        )

    def has_id(self, case_id: str) -> bool:
        self._by_id()
        return self.store.one("SELECT 1 FROM rows WHERE id = ?", (case_id,)) is not None

    def with_ids(self, ids: set[str]) -> Iterator[Row]:
        if not ids:
            return
        self._by_id()
        marks = ", ".join("?" * len(ids))
        found = f"SELECT data FROM rows WHERE id IN ({marks}) ORDER BY pos"  # noqa: S608 - placeholders only
        for (data,) in self.store.all(found, tuple(ids)):
            yield ROW_ADAPTER.validate_json(data)

    def _by_id(self) -> None:
        if not self._indexed:
            self.store.run("CREATE INDEX rows_by_id ON rows(id)")
            self._indexed = True

    def replace(self, positions: Sequence[int], rows: Sequence[Row]) -> None:
        """New versions of rows already stored, outcome and buckets unchanged (fluency scores added)."""
        assert all(cell(row) == cell(self[pos]) for pos, row in zip(positions, rows, strict=True))
        self.store.many(
            "UPDATE rows SET data = ? WHERE pos = ?",
            [(ROW_ADAPTER.dump_json(row).decode(), pos) for pos, row in zip(positions, rows, strict=True)],
        )

    def of(self, outcomes: Iterable[Outcome]) -> Iterator[list[tuple[int, Row]]]:
        """(position, row) of the rows with these outcomes, in order, a batch at a time."""
        names = sorted(o.value for o in outcomes)
        marks = ", ".join("?" * len(names))
        for window in self.store.windows("SELECT pos, data FROM rows", "pos", f"outcome IN ({marks})", names):
            yield [(pos, ROW_ADAPTER.validate_json(data)) for pos, data in window]

    def marked(self, mark: int) -> Iterator[list[tuple[int, Row]]]:
        """(position, row) of the rows with this mark, in order, a batch at a time."""
        for window in self.store.windows("SELECT pos, data FROM rows", "pos", "marks != 0 AND marks & ?", (mark,)):
            yield [(pos, ROW_ADAPTER.validate_json(data)) for pos, data in window]

    def count_marked(self, mark: int, outside: frozenset[Outcome] = frozenset()) -> int:
        by_outcome = self.store.all(
            "SELECT outcome, count(*) FROM rows WHERE marks != 0 AND marks & ? GROUP BY outcome", (mark,)
        )
        return sum(int(n) for outcome, n in by_outcome if Outcome(outcome) not in outside)

    def lines(self) -> Iterator[str]:
        """Each row as the results file writes it."""
        for window in self.store.windows("SELECT pos, data FROM rows", "pos"):
            yield from (data for _, data in window)

    def __iter__(self) -> Iterator[Row]:
        validate = ROW_ADAPTER.validate_json
        for line in self.lines():
            yield validate(line)

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, int):
            pos = index + self._length if index < 0 else index
            found = self.store.one("SELECT data FROM rows WHERE pos = ?", (pos,))
            if found is None:
                raise IndexError(index)
            return ROW_ADAPTER.validate_json(found[0])
        return list(self)[index]

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Sequence)
            and len(self) == len(other)
            and all(a == b for a, b in zip(self, other, strict=True))
        )

    __hash__ = None  # type: ignore[assignment]


class Shard(_Model):
    index: int
    count: int


class Suite(_Model):
    """The whole suite a (sharded) run belongs to: what merge checks the shards' rows against."""

    cases: int
    ids_digest: str  # sha256 of the sorted case ids, one per line


def ids_digest(ids: Iterable[str], presorted: bool = False) -> str:
    """sha256 of the ids in code-point order, one per line; fed a line at a time when they come sorted."""
    digest = hashlib.sha256()
    for index, cid in enumerate(ids if presorted else sorted(ids)):
        digest.update((f"\n{cid}" if index else cid).encode("utf-8"))
    return digest.hexdigest()


def _keep_stored(rows: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    """A run's rows stay on disk (validated as they were stored); rows read from a file are a list."""
    return rows if isinstance(rows, StoredRows) else handler(rows)


def _rows_as_list(rows: Sequence[Row], handler: SerializerFunctionWrapHandler) -> Any:
    return handler(list(rows))


class Remembered(_Model):
    """The verdict's memory a run judged with (``sticky``): the commits whose records were read and the answers it
    held, as their keys (``memory.reading_key``; ``digests`` from records written before those). A merge reads the
    memory again and takes only shards that judged with all of it, so shards hold what a single job would."""

    commits: list[str]
    keys: list[str] = Field(default_factory=list)
    digests: list[str] = Field(default_factory=list)

    @classmethod
    def of(cls, memory: Memory) -> Remembered | None:
        """What a run read, or None when it read nothing (no pull request: nothing to remember)."""
        if not memory.commits:
            return None
        return cls(commits=list(memory.commits), keys=sorted(memory.keys), digests=sorted(memory.digests))

    def lacks(self, memory: Memory) -> int:
        """How many answers of ``memory`` this run did not hold."""
        return len(set(memory.keys) - set(self.keys)) + len(set(memory.digests) - set(self.digests))


class Results(_Model):
    schema_version: Literal[3] = 3
    tool_version: str
    verdict: GateVerdict
    counts: dict[Outcome, int]
    blocking_categories: list[str]
    rows: Annotated[Sequence[Row], WrapValidator(_keep_stored), WrapSerializer(_rows_as_list)]
    fluency: Fluency
    judge: JudgeInfo
    calls: Calls
    inputs: InputPaths
    warnings: list[str] = Field(default_factory=list)
    wall_seconds: float = 0.0
    shard: Shard | None = None
    fingerprint: str = ""  # the inputs and the judge: shards of one run share it
    mode: Literal["frozen", "end-to-end"] = "frozen"
    categories: list[CategoryStats] = Field(default_factory=list)
    category_sizes: dict[str, int] = Field(default_factory=dict)  # of the whole suite
    suite: Suite | None = None
    yardstick: Yardstick | None = None  # pull requests: what the PR changed in the cases and baseline files
    baseline_age: BaselineAge | None = None  # the last change of the baseline file, when git or GitHub could tell
    noise: Noise | None = None  # the measured noise floor (--noise-sample); None when not measured
    model_under_test: str | None = None  # as the run was told (--model-under-test)
    # The rules the rows were decided under, besides blocking_categories and judge.second_opinion: whatever
    # reads the file re-derives every row's outcome under them.
    min_cases_to_block: int = Field(default=0, ge=0)
    rescore_baseline: bool = False
    tripwire: Tripwire = "warn"  # block: a tripwire row in a blocking category fails the check
    plan: Plan | None = None  # what the run expected to spend, said before its first call
    cost: Cost | None = None  # what it spent, at the prices given (--price-per-million-tokens)
    memory: Remembered | None = None  # a pull request's: the answers its earlier verdicts blocked on, as judged with

    @property
    def exit_code(self) -> int:
        """The CLI's exit code (the action's ``fail-on`` may make it stricter or laxer)."""
        return gate_exit(self.verdict, self.counts)

    def write(self, path: Path) -> None:
        write_parts(path, self.json_parts())

    def json_parts(self) -> Iterator[str]:
        """The compact JSON of ``model_dump_json``, row by row: 1M rows are written without holding
        their whole text (the serialised file was the run's largest single allocation)."""
        head = self.model_dump_json(exclude={"rows"})
        yield head[:-1] + ',"rows":['
        if isinstance(self.rows, StoredRows):
            lines: Iterable[str] = self.rows.lines()
        else:
            lines = (ROW_ADAPTER.dump_json(row).decode() for row in self.rows)
        for index, line in enumerate(lines):
            yield ("," if index else "") + line
        yield "]}\n"

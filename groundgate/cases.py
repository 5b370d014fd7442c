"""Load and validate the frozen cases and the two response files (JSONL).

Every record keeps its file and line so that errors, annotations and report links can point at it.
Nothing is silently dropped: a record either loads or stops the run with an InputError.
"""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictStr, ValidationError

from groundgate.errors import InputError, MissingResponses
from groundgate.spool import Spool, Stored, get

Rubric = Literal["query", "no-query"]
UNCATEGORIZED = "uncategorized"


class _Loaded:
    """What a case and a response share: equal by their fields read as text, whether kept in memory or
    in a spool, and pickled to a worker process as text (a handle into this process's spool means
    nothing there). ``_fields`` lists the constructor's arguments in order."""

    __slots__ = ()
    id: str
    line: int

    def _fields(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash((self.id, self.line))

    def __reduce__(self) -> tuple[type[_Loaded], tuple[Any, ...]]:
        return (type(self), self._fields())


class Case(_Loaded):
    """One frozen case. Its context may live in the run's spool (``groundgate.spool``): read when a
    judge call or a shown row needs it, not held for the whole run."""

    __slots__ = ("_context", "_spool", "category", "id", "line", "query")  # one per case: no per-object dict

    def __init__(
        self, case_id: str, category: str, query: str | None, context: str, line: int, spool: Spool | None = None
    ) -> None:
        self.id, self.category, self.query, self.line = case_id, category, query, line
        self._spool = spool
        self._context: Stored = spool.put(context) if spool is not None else context

    @property
    def context(self) -> str:
        return str(get(self._spool, self._context))

    def _fields(self) -> tuple[str, str, str | None, str, int]:
        return (self.id, self.category, self.query, self.context, self.line)

    def __repr__(self) -> str:
        return f"Case(id={self.id!r}, category={self.category!r}, query={self.query!r}, line={self.line})"


class Response(_Loaded):
    """One side's answer to a case (and, in end-to-end runs, the context live retrieval gave it); its
    texts may live in the run's spool, like a case's context."""

    __slots__ = ("_context", "_response", "_spool", "id", "line")  # one per case and side: no per-object dict

    def __init__(
        self, case_id: str, response: str, line: int, context: str | None = None, spool: Spool | None = None
    ) -> None:
        self.id, self.line = case_id, line
        self._spool = spool
        self._response: Stored = spool.put(response) if spool is not None else response
        self._context: Stored | None = spool.put(context) if spool is not None and context is not None else context

    @classmethod
    def sharing(cls, twin: Response, case_id: str, line: int, context: str | None) -> Response:
        """A response whose text is ``twin``'s (an unchanged answer): stored once for both sides."""
        made = cls(case_id, "", line, context, twin._spool)
        made._response = twin._response
        return made

    @property
    def response(self) -> str:
        return str(get(self._spool, self._response))

    @property
    def context(self) -> str | None:  # end-to-end runs: what live retrieval returned on this side
        return get(self._spool, self._context)

    def _fields(self) -> tuple[str, str, int, str | None]:
        return (self.id, self.response, self.line, self.context)

    def __repr__(self) -> str:
        return f"Response(id={self.id!r}, line={self.line})"


class Yardstick(BaseModel):
    """What a pull request changed in the files the gate measures against (the cases and the
    baseline), compared with its base branch: reviewers must see when the yardstick moved."""

    model_config = ConfigDict(extra="forbid")

    base: str  # the base commit compared with
    cases: list[str] = Field(default_factory=list)  # ids added, removed, or whose category, query or context changed
    baseline: list[str] = Field(default_factory=list)  # ids whose baseline response was added, removed or changed
    note: str | None = None  # a file new in this PR, or unreadable at the base


@dataclass(frozen=True)
class Inputs:
    """Cases with a baseline and a candidate response for each, in case-file order."""

    cases: list[Case]
    baseline: dict[str, Response]
    candidate: dict[str, Response]
    cases_path: str
    baseline_path: str
    candidate_path: str
    warnings: list[str] = field(default_factory=list)
    digests: dict[str, str] = field(default_factory=dict)  # sha256 of each file: which run this is
    yardstick: Yardstick | None = None  # set by the action on pull requests


def in_shard(case_id: str, index: int, count: int) -> bool:
    """A stable 1/count slice by a hash of the id: the same case lands in the same shard everywhere."""
    digest = hashlib.sha256(case_id.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % count == index - 1


def shard(inputs: Inputs, index: int, count: int) -> Inputs:
    cases = [case for case in inputs.cases if in_shard(case.id, index, count)]
    return replace(inputs, cases=cases)


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


def _visible(text: str) -> str:
    """Text as it reads: compatibility forms folded (fullwidth 'ｐ' is 'p'), invisible format
    characters (zero-width spaces, soft hyphens, direction marks) dropped, outer spaces trimmed."""
    folded = unicodedata.normalize("NFKC", text)
    return "".join(c for c in folded if unicodedata.category(c) != "Cf").strip()


def _id_key(case_id: str) -> str:
    """Ids that look the same must not be two cases: compare them as they read."""
    return "\0" + _visible(case_id)


def normalize_category(category: str | None) -> str:
    """Categories compare as they read, case-insensitively; a missing one is 'uncategorized'.

    'policy' with a zero-width space, a soft hyphen or in fullwidth letters is 'policy': a look-alike
    must not dodge a blocking category."""
    text = _visible(category or "").casefold()
    return sys.intern(text) if text else UNCATEGORIZED  # a few names, a million rows: one string each


@cache
def _latin(char: str) -> str:
    """The Latin letter a character of another script is drawn like (Cyrillic 'р' -> 'p'), or itself."""
    found: list[dict[str, Any]] = []
    if not char.isascii():
        from confusable_homoglyphs import confusables  # parses ~1 MB of Unicode data: only when needed

        found = confusables.is_confusable(char, greedy=True, preferred_aliases=["latin"]) or []
    for entry in found:
        for glyph in entry["homoglyphs"]:
            if glyph["n"].startswith("LATIN ") and len(glyph["c"]) == 1:
                return str(glyph["c"]).casefold()
    return char


# Latin letters and digits that are drawn alike in many fonts: one class each.
_DRAWN_ALIKE = str.maketrans("l1|0", "iiio")


def skeleton(category: str) -> str:
    """What a category looks like on screen: letters of other scripts drawn as Latin (Unicode TR39 data),
    and 'l', '1', 'i' (and '0', 'o') taken as one shape each."""
    return "".join(_latin(char) for char in category).translate(_DRAWN_ALIKE)


def lookalike(category: str, blocking: frozenset[str]) -> str | None:
    """The blocking category this one is drawn like without being it ('pоlicy' with a Cyrillic 'о'), if any."""
    if category in blocking:
        return None
    drawn = skeleton(category)
    return next((name for name in sorted(blocking) if skeleton(name) == drawn), None)


def read_jsonl(path: Path, root: Path = Path(), digest: Any = None) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (line number, object) for each non-blank line; UTF-8 only, a leading BOM tolerated.

    The file is ``root / path``; errors name ``path`` as the user wrote it. Read one line at a time (a
    million cases are never all in memory as bytes); ``digest``, a hashlib object, is fed every byte
    read, so the file's hash is of exactly what was loaded."""
    try:
        with (root / path).open("rb") as stream:
            for number, raw in enumerate(stream, start=1):
                if digest is not None:
                    digest.update(raw)
                if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
                    raw = raw[3:]
                obj = _parse(path, number, raw)
                if obj is not None:
                    yield number, obj
    except FileNotFoundError:
        raise InputError(path, None, None, "file not found") from None
    except OSError as exc:
        raise InputError(path, None, None, f"cannot read: {exc.strerror or exc}") from None


def _parse(path: Path, number: int, raw: bytes) -> dict[str, Any] | None:
    """One line's object; None for a blank line."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(path, number, None, f"not UTF-8 (byte {exc.start + 1})") from None
    if not text.strip():
        return None
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(path, number, None, f"invalid JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise InputError(path, number, None, "invalid JSON: nested too deeply") from None
    except ValueError:  # Python refuses integers of more than 4,300 digits
        raise InputError(path, number, None, "invalid JSON: a number with too many digits") from None
    if not isinstance(obj, dict):
        raise InputError(path, number, None, f"expected a JSON object, got {type(obj).__name__}")
    try:
        where = _surrogate(obj)
    except RecursionError:
        raise InputError(path, number, None, "invalid JSON: nested too deeply") from None
    if where is not None:
        raise InputError(
            path, number, where, "holds an unpaired UTF-16 surrogate escape (like \\ud800): not valid Unicode"
        )
    return obj


def _surrogate(value: Any, where: str | None = None) -> str | None:
    """The field holding a lone surrogate (valid JSON, but no UTF-8 can carry it), if any."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return where or "key"
        return None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        name = f"{where}.{key}" if where else str(key)
        if isinstance(key, str) and _surrogate(key, name) is not None:
            return name
        found = _surrogate(item, name)
        if found is not None:
            return found
    return None


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


def load_cases(
    path: Path, rubric: Rubric, root: Path = Path(), digest: Any = None, spool: Spool | None = None
) -> list[Case]:
    cases: list[Case] = []
    seen: dict[str, int] = {}
    for line, record in _records(path, root, _CaseRecord, digest):
        if not record.id.strip():
            raise InputError(path, line, "id", "empty")
        if record.id in seen:
            raise InputError(path, line, "id", f"duplicate id {record.id!r} (first on line {seen[record.id]})")
        if _id_key(record.id) in seen:
            first = seen[_id_key(record.id)]
            raise InputError(
                path,
                line,
                "id",
                f"id {record.id!r} looks the same as the id on line {first} (equal once Unicode-normalised, "
                "invisible characters dropped and trimmed)",
            )
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
        seen[record.id] = seen[_id_key(record.id)] = line
        cases.append(Case(record.id, normalize_category(record.category), record.query, record.context, line, spool))
    return cases


def load_responses(
    path: Path,
    root: Path = Path(),
    ids: Mapping[str, str] | None = None,
    other: Mapping[str, Response] | None = None,
    digest: Any = None,
    spool: Spool | None = None,
) -> dict[str, Response]:
    """``ids`` (the cases' own id strings) and ``other`` (the other side's responses) let identical
    strings be stored once: an unchanged answer, the id in three files."""
    responses: dict[str, Response] = {}
    for line, record in _records(path, root, _ResponseRecord, digest):
        if record.id in responses:
            first = responses[record.id].line
            raise InputError(path, line, "id", f"duplicate id {record.id!r} (first on line {first})")
        if record.context is not None and not record.context.strip():
            raise InputError(
                path, line, "context", "empty: leave the field out to judge against the case's frozen context"
            )
        rid = record.id
        if ids is not None:
            rid = ids.get(rid, rid)
        if other is not None and (twin := other.get(rid)) is not None and twin.response == record.response:
            responses[rid] = Response.sharing(twin, rid, line, record.context)
        else:
            responses[rid] = Response(rid, record.response, line, record.context, spool)
    return responses


def _ids(ids: list[str]) -> str:
    shown = ", ".join(repr(i) for i in ids[:20])
    return shown + (f" and {len(ids) - 20} more" if len(ids) > 20 else "")


def load_inputs(
    cases_path: Path, baseline_path: Path, candidate_path: Path, rubric: Rubric, root: Path = Path()
) -> Inputs:
    """Load all three files (relative to ``root``) and check that every case has a response on both sides.
    Their longer texts go to one spool (``groundgate.spool``), read back when needed."""
    digests = {name: hashlib.sha256() for name in ("cases", "baseline", "candidate")}
    spool = Spool()
    cases = load_cases(cases_path, rubric, root, digests["cases"], spool)
    if not cases:
        raise InputError(cases_path, None, None, "no cases: the file holds no records")
    case_ids = {case.id: case.id for case in cases}
    baseline = load_responses(baseline_path, root, case_ids, digest=digests["baseline"], spool=spool)
    candidate = load_responses(candidate_path, root, case_ids, baseline, digests["candidate"], spool)
    missing = []
    warnings = []
    for path, responses in ((baseline_path, baseline), (candidate_path, candidate)):
        absent = [case.id for case in cases if case.id not in responses]
        if absent:
            missing.append(f"{path}: field 'id': no response for {len(absent)} case(s): {_ids(absent)}")
        extra = [rid for rid in responses if rid not in case_ids]
        if extra:
            warnings.append(f"{path}: {len(extra)} response(s) for ids that are not cases, not used: {_ids(extra)}")
    if missing:
        raise MissingResponses("; ".join(missing))
    return Inputs(
        digests={name: digest.hexdigest() for name, digest in digests.items()},
        cases=cases,
        baseline=baseline,
        candidate=candidate,
        cases_path=str(cases_path),
        baseline_path=str(baseline_path),
        candidate_path=str(candidate_path),
        warnings=warnings,
    )


def _fingerprint(*fields: str | None) -> bytes:
    """A record's fields as a digest: comparing a million records does not hold a million contexts."""
    return hashlib.sha256(json.dumps(fields).encode()).digest()


def _changed(base: Mapping[str, object], head: Mapping[str, object]) -> list[str]:
    return sorted(cid for cid in set(base) | set(head) if base.get(cid) != head.get(cid))


def _at_base(
    data: bytes | None, what: str, read: Callable[[Path], dict[str, object]], notes: list[str]
) -> dict[str, object]:
    """id -> what identifies its record, in a file as the base branch has it (empty, with a note, when
    the file is new or unreadable there)."""
    if data is None:
        notes.append(f"the {what} file is new in this pull request")
        return {}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{what}.jsonl"
        path.write_bytes(data)
        try:
            return read(path)
        except InputError as exc:
            notes.append(f"the base branch's {what} file is not valid ({exc.message})")
            return {}


def yardstick(
    ref: str, cases_at_base: bytes | None, baseline_at_base: bytes | None, inputs: Inputs, rubric: Rubric
) -> Yardstick:
    """Which case ids and baseline responses differ between ``ref`` and the files under test."""

    def cases(found: list[Case]) -> dict[str, object]:
        return {c.id: _fingerprint(c.category, c.query, c.context) for c in found}

    def responses(found: dict[str, Response]) -> dict[str, object]:
        return {r.id: _fingerprint(r.response, r.context) for r in found.values()}

    notes: list[str] = []
    base_cases = _at_base(cases_at_base, "cases", lambda path: cases(load_cases(path, rubric)), notes)
    base_baseline = _at_base(baseline_at_base, "baseline", lambda path: responses(load_responses(path)), notes)
    head_cases, head_baseline = cases(inputs.cases), responses(inputs.baseline)
    return Yardstick(
        base=ref,
        cases=_changed(base_cases, head_cases),
        baseline=_changed(base_baseline, head_baseline),
        note="; ".join(notes) or None,
    )

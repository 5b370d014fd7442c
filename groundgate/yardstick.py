"""The yardstick a pull request is measured against: its base commit's cases and baseline files, what the
pull request changed of them, and the rows whose base versions decide (a PR cannot move its own yardstick).
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeVar

from groundgate.cases import (
    AtBase,
    Case,
    Edit,
    Inputs,
    Response,
    Rubric,
    StoredCases,
    Yardstick,
    load_cases,
    load_responses,
)
from groundgate.errors import InputError
from groundgate.matching import Matched, match

_Read = TypeVar("_Read")


def _fingerprint(*fields: str | None) -> bytes:
    """A record's fields as a digest: comparing a million records does not hold a million contexts."""
    return hashlib.sha256(json.dumps(fields).encode()).digest()


def _changed(base: Mapping[str, object], head: Mapping[str, object]) -> list[str]:
    return sorted(cid for cid in set(base) | set(head) if base.get(cid) != head.get(cid))


@dataclass(frozen=True)
class Base:
    """The cases and baseline files as a pull request's base commit has them; None where a file is new in
    the pull request or not valid there (``notes`` say which)."""

    cases: dict[str, Case] | None
    baseline: dict[str, Response] | None
    notes: list[str] = field(default_factory=list)
    new_cases: bool = False  # the cases file does not exist at the base: the suite is new in the pull request


def _at_base(data: bytes | None, what: str, read: Callable[[Path], _Read], notes: list[str]) -> _Read | None:
    """A file as the base branch has it, read by ``read``; None, with a note, when it is new or not valid there."""
    if data is None:
        notes.append(f"the {what} file is new in this pull request")
        return None
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{what}.jsonl"
        path.write_bytes(data)
        try:
            return read(path)
        except InputError as exc:
            notes.append(f"the base branch's {what} file is not valid ({exc.message})")
            return None


def read_base(cases_at_base: bytes | None, baseline_at_base: bytes | None, rubric: Rubric) -> Base:
    """The base commit's cases and baseline files (their bytes; None when they do not exist there)."""
    notes: list[str] = []
    cases = _at_base(cases_at_base, "cases", lambda path: {c.id: c for c in load_cases(path, rubric)}, notes)
    baseline = _at_base(baseline_at_base, "baseline", load_responses, notes)
    return Base(cases, baseline, notes, new_cases=cases_at_base is None)


def _answer(response: Response, own_context: bool) -> tuple[str, str | None]:
    """What of a response the run reads: its own context only in an end-to-end run."""
    return response.response, response.context if own_context else None


_CASE_FIELDS: tuple[Edit, ...] = ("category", "query", "context")


def edited(
    base_case: Case, base_answer: Response | None, case: Case, answer: Response, own_context: bool
) -> list[Edit]:
    """What a pull request changed of one case and its baseline response, compared with the base's."""
    found: list[Edit] = [name for name in _CASE_FIELDS if getattr(base_case, name) != getattr(case, name)]
    if base_answer is not None and _answer(base_answer, own_context) != _answer(answer, own_context):
        found.append("baseline response")
    return found


def yardstick(ref: str, base: Base, inputs: Inputs, blocking: frozenset[str] = frozenset()) -> Yardstick:
    """Which case ids and baseline responses differ between ``ref`` and the files under test; which base case
    each of the pull request's cases is (``matching.match``: the same id, or renamed); and, when both base files
    were read and are valid, the rows whose base versions decide (``at_base``): every row the pull request
    renamed or edited."""

    def cases(found: Iterable[Case]) -> dict[str, object]:
        return {c.id: _fingerprint(c.category, c.query, c.context) for c in found}

    def responses(found: Iterable[Response]) -> dict[str, object]:  # a context only where the run reads it
        return {r.id: _fingerprint(*_answer(r, inputs.own_context)) for r in found}

    base_cases = cases((base.cases or {}).values())
    base_baseline = responses((base.baseline or {}).values())
    head_cases, head_baseline = cases(inputs.cases), responses(inputs.baseline.values())
    # nothing to match against without the base's cases: every case of the pull request is its own
    found = Matched({}, []) if base.cases is None else match(base.cases, inputs.cases, blocking)
    renamed = found.renamed
    gone = set(renamed.values()) - set(head_cases)  # base ids renamed away: shown under their new ids
    at_base: dict[str, AtBase] = {}
    if base.cases is not None and base.baseline is not None:
        for case, answer, _ in inputs:
            if (bid := found.base_of.get(case.id)) is None:
                continue
            then = base.cases[bid]
            what = edited(then, base.baseline.get(bid), case, answer, inputs.own_context)
            if bid != case.id:
                what = ["id", *what]
            if what:
                at_base[case.id] = AtBase(line=then.line, edited=what)
    removed = found.removed if base.cases is not None else []
    return Yardstick(
        base=ref,
        cases=[cid for cid in _changed(base_cases, head_cases) if cid not in gone],
        baseline=[cid for cid in _changed(base_baseline, head_baseline) if cid not in gone],
        added=sorted(cid for cid in head_cases if cid not in found.base_of),
        removed=sorted(removed),
        note="; ".join(base.notes) or None,
        removed_blocking=[cid for cid in removed if base.cases is not None and base.cases[cid].category in blocking],
        renamed=renamed,
        at_base=at_base,
        new_suite=base.new_cases,
        unasked_blocking=found.unasked,
    )


def decided_at_base(inputs: Inputs, base: Base) -> Inputs:
    """The inputs with the base commit's case and baseline response for each row of ``inputs.yardstick.at_base``
    (under its base id, when the pull request renamed it): a pull request cannot move the yardstick its own rows
    are measured against (a context that now holds the invented figure, an ungrounded baseline, a category that
    does not block, a new id). Each row keeps its id and its place (its line in the pull request's file);
    ``AtBase.line`` says where the version judged is."""
    stick = inputs.yardstick
    if stick is None or not stick.at_base or base.cases is None or base.baseline is None:
        return inputs
    then = {pid: base.cases[stick.renamed.get(pid, pid)] for pid in stick.at_base}  # PR id -> the base's case
    kept = {pid: r for pid, case in then.items() if (r := base.baseline.get(case.id)) is not None}  # else the PR's
    if isinstance(inputs.cases, StoredCases):
        store = inputs.cases.store
        store.many(
            "UPDATE cases SET category = ?, query = ?, context = ? WHERE id = ?",
            [(c.category, c.query, c.context, pid) for pid, c in then.items()],
        )
        store.many(
            "UPDATE responses SET response = ?, context = ? WHERE side = 0 AND id = ?",
            [(*_answer(r, inputs.own_context), pid) for pid, r in kept.items()],
        )
        return inputs

    def case(c: Case) -> Case:  # in memory (tests): new objects, same places
        b = then.get(c.id)
        return c if b is None else Case(c.id, b.category, b.query, b.context, c.line)

    def answer(r: Response) -> Response:
        b = kept.get(r.id)
        return r if b is None else Response(r.id, b.response, r.line, _answer(b, inputs.own_context)[1])

    return replace(
        inputs,
        cases=[case(c) for c in inputs.cases],
        baseline={cid: answer(r) for cid, r in inputs.baseline.items()},
    )

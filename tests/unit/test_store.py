"""A run keeps its inputs and rows in a private store on disk: what is judged and what is written must
still be exactly what was loaded and decided, batch boundaries and all."""

from __future__ import annotations

import functools
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from groundgate import cases as cases_module
from groundgate.cases import load_inputs, sorted_ids
from groundgate.cli import main
from groundgate.results import ROW_ADAPTER, Row, StoredRows
from groundgate.rules import Bucket, Outcome
from groundgate.store import Store
from tests.support.big_run import big_run
from tests.support.cli import compare_argv

LONG = "Refunds are accepted within 30 days of delivery, with the receipt, at any of our stores. "
TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=200)  # any Unicode JSON can carry


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(TEXT, TEXT, TEXT, TEXT), min_size=1, max_size=30))
def test_every_text_reads_back_as_it_was_written(tmp_path: Path, texts: list[tuple[str, str, str, str]]) -> None:
    cases = [
        {"id": f"c{n}", "category": "x", "query": f"q{q}", "context": c + "."} for n, (q, c, _, _) in enumerate(texts)
    ]
    base = [{"id": f"c{n}", "response": b} for n, (_, _, b, _) in enumerate(texts)]
    cand = [{"id": f"c{n}", "response": k, "context": k + "!"} for n, (_, _, _, k) in reversed(list(enumerate(texts)))]
    inputs = load_inputs(
        write(tmp_path, "cases.jsonl", cases),
        write(tmp_path, "b.jsonl", base),
        write(tmp_path, "c.jsonl", cand),
        "query",
        end_to_end=True,
    )
    got = [(c.id, c.query, c.context, b.response, k.response, k.context) for c, b, k in inputs]
    assert got == [(f"c{n}", f"q{q}", c + ".", b, k, k + "!") for n, (q, c, b, k) in enumerate(texts)]
    assert [inputs.candidate[f"c{n}"].response for n in range(len(texts))] == [k for *_, k in texts]


def test_rows_read_back_and_write_as_they_were_stored(tmp_path: Path) -> None:
    rows = list(big_run(2500).rows)  # more than one window of the store
    stored = StoredRows()
    stored.extend(rows[:1000])
    stored.extend(rows[1000:])
    assert list(stored) == rows
    assert list(stored.lines()) == [ROW_ADAPTER.dump_json(row).decode() for row in rows]
    assert (len(stored), stored[0], stored[-1], stored[1234]) == (len(rows), rows[0], rows[-1], rows[1234])


def write(folder: Path, name: str, rows: list[dict[str, str]]) -> Path:
    path = folder / name
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def loaded(folder: Path) -> tuple[Path, Path, Path]:
    cases = write(
        folder,
        "cases.jsonl",
        [{"id": f"c{n}", "category": "policy", "query": "q?", "context": f"{n}: {LONG * (n + 1)}ü"} for n in range(3)],
    )
    baseline = write(folder, "b.jsonl", [{"id": f"c{n}", "response": f"{LONG} (base {n})"} for n in range(3)])
    candidate = write(
        folder,
        "c.jsonl",
        [{"id": "c0", "response": f"{LONG} (base 0)"}]  # unchanged: stored once for both sides
        + [{"id": f"c{n}", "response": f"{LONG} (new {n})", "context": f"live {n} {LONG}"} for n in (1, 2)],
    )
    return cases, baseline, candidate


def test_what_is_judged_is_what_was_loaded_even_if_the_files_change(tmp_path: Path) -> None:
    cases, baseline, candidate = loaded(tmp_path)
    inputs = load_inputs(cases, baseline, candidate, "query", end_to_end=True)
    frozen = load_inputs(cases, baseline, candidate, "query")
    assert frozen.candidate["c2"].context is None  # a response's own context is kept for an end-to-end run only
    assert "1 response(s) carry their own 'context', not used" not in " ".join(frozen.warnings)
    assert "2 response(s) carry their own 'context', not used" in " ".join(frozen.warnings)
    for path in (cases, baseline, candidate):  # a process rewriting the inputs mid-run changes nothing
        path.write_text(path.read_text().replace("Refunds", "Nothing"), encoding="utf-8")
    assert [c.context for c in inputs.cases] == [f"{n}: {LONG * (n + 1)}ü" for n in range(3)]
    assert [inputs.baseline[f"c{n}"].response for n in range(3)] == [f"{LONG} (base {n})" for n in range(3)]
    assert inputs.candidate["c0"].response == inputs.baseline["c0"].response
    assert inputs.candidate["c2"].context == f"live 2 {LONG}"
    assert inputs.candidate["c0"].context is None


def test_no_room_for_the_texts_is_one_line_and_not_a_verdict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cases, baseline, candidate = loaded(tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "gone"))  # as TMPDIR naming a folder that vanished
    code = main(compare_argv(cases, baseline, candidate), environ={})
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert len(err.splitlines()) == 1
    assert "temporary file for the inputs' texts" in err
    assert "set TMPDIR" in err


IDS = st.lists(st.text(st.characters(exclude_categories=["Cs"]), max_size=12), unique=True, max_size=40)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(IDS, st.integers(min_value=1, max_value=5))
def test_ids_come_back_in_code_point_order_however_they_begin(tmp_path: Path, ids: list[str], batch: int) -> None:
    """The suite's digest and merge's checks read ids sorted by the store, a window at a time: every id
    must come back, once, in Python's order ('#x', ' x' and '' sort before any number as text)."""
    rows = [Row(id=cid, category="x", line=n, blocking=False, outcome=Outcome.TIE, before=Bucket.GROUNDED,
                after=Bucket.GROUNDED, before_score=5.0, after_score=5.0) for n, cid in enumerate(ids)]  # fmt: skip
    stored = StoredRows()
    stored.extend(rows)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Store, "windows", functools.partialmethod(Store.windows, size=batch))
        assert list(stored.sorted_ids()) == sorted(ids)
        assert list(stored.ids()) == ids
        cases = [cid for cid in ids if cid.strip() and "\n" not in cid]
        folder = tmp_path / str(len(list(tmp_path.iterdir())))
        folder.mkdir()
        case_rows = [{"id": cid, "category": "x", "query": "q?", "context": "c"} for cid in cases]
        if cases and len({cases_module._id_key(c) for c in cases}) == len(cases):  # no look-alikes: they are refused
            answers = [{"id": cid, "response": "r"} for cid in cases]
            inputs = load_inputs(
                write(folder, "cases.jsonl", case_rows), write(folder, "b.jsonl", answers),
                write(folder, "c.jsonl", answers), "query",
            )  # fmt: skip
            assert list(sorted_ids(inputs.cases)) == sorted(cases)
            assert [case.id for case in inputs.cases] == cases

"""The inputs' longer texts live in a spool on disk: what is judged must still be exactly what was loaded."""

from __future__ import annotations

import json
import pickle
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.cases import load_inputs
from groundgate.cli import main
from groundgate.judges import JudgeRequest, Purpose
from groundgate.spool import Spool
from tests.support.cli import compare_argv

LONG = "Refunds are accepted within 30 days of delivery, with the receipt, at any of our stores. "


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(max_size=300), max_size=30))
def test_every_text_reads_back_as_it_was_put(texts: list[str]) -> None:
    spool = Spool()
    stored = [spool.put(text) for text in texts]
    assert [spool.get(s) for s in reversed(stored)] == list(reversed(texts))
    assert [spool.get(spool.put(t)) for t in texts] == texts  # writes after reads are read back too


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
    inputs = load_inputs(cases, baseline, candidate, "query")
    for path in (cases, baseline, candidate):  # a process rewriting the inputs mid-run changes nothing
        path.write_text(path.read_text().replace("Refunds", "Nothing"), encoding="utf-8")
    assert [c.context for c in inputs.cases] == [f"{n}: {LONG * (n + 1)}ü" for n in range(3)]
    assert [inputs.baseline[f"c{n}"].response for n in range(3)] == [f"{LONG} (base {n})" for n in range(3)]
    assert inputs.candidate["c0"].response == inputs.baseline["c0"].response
    assert inputs.candidate["c2"].context == f"live 2 {LONG}"
    assert inputs.candidate["c0"].context is None


def test_a_request_sent_to_a_worker_process_carries_the_texts(tmp_path: Path) -> None:
    """Worker processes are spawned: they cannot read this process's spool, so requests travel as text."""
    inputs = load_inputs(*loaded(tmp_path), "query")
    case = inputs.cases[2]
    request = JudgeRequest.of(case, inputs.candidate["c2"], Purpose.GROUNDEDNESS)
    sent = pickle.loads(pickle.dumps(request))
    assert (sent.response, sent.grounding, sent.case.context) == (request.response, f"live 2 {LONG}", case.context)
    assert sent.case == case
    assert "_spool" not in pickle.dumps(request).decode("latin-1")  # no handle into this process's file


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

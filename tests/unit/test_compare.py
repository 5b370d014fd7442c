"""The comparison engine, with a scripted judge: which calls are made, and one outcome per case."""

from __future__ import annotations

import itertools
import json
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from groundgate import cases as cases_module
from groundgate import compare
from groundgate.cases import Case, Response, load_inputs
from groundgate.evidence import Options, Rescorer
from groundgate.judges import JudgeRequest, Purpose
from groundgate.merge import merge
from groundgate.readback import read_results
from groundgate.report import render
from groundgate.results import StoredRows
from groundgate.rules import Bucket, Outcome, bucket_of
from tests.support.inputs import make_inputs
from tests.support.scripted import Given, ScriptedJudge

BLOCKING = Options(frozenset({"policy"}))


def by_text(table: dict[str, Any]) -> ScriptedJudge:
    """Responses are keys; a value is a score, None (no score), or a list consumed call by call."""

    def score(request: JudgeRequest) -> Given:
        if request.purpose is Purpose.FLUENCY:
            return float(table.get("fluency:" + request.response, 4))
        value = table[request.response]
        if isinstance(value, list):
            return value.pop(0)  # type: ignore[no-any-return]
        return value  # type: ignore[no-any-return]

    return ScriptedJudge(score)


def test_confirmed_flip_in_blocking_category_fails() -> None:
    judge = by_text({"good": 5, "bad": [2, 2]})
    results = compare.run(make_inputs([("r1", "policy", "good", "bad")]), judge, BLOCKING)
    row = results.rows[0]
    assert (row.outcome, row.before, row.after, row.rescore_score) == (Outcome.REGRESSION, "grounded", "ungrounded", 2)
    assert results.verdict == "fail"
    assert results.exit_code == 1
    assert judge.asked(Purpose.RESCORE) == [("r1", "bad")]
    assert results.fluency.consulted is False
    assert results.fluency.reason == "the judge's confirmed regressions block the change, so fluency gets no vote"


def test_flip_outside_blocking_categories_is_review_and_passes() -> None:
    results = compare.run(make_inputs([("r1", "shipping", "good", "bad")]), by_text({"good": 5, "bad": 2}), BLOCKING)
    assert results.rows[0].outcome is Outcome.REVIEW
    assert results.verdict == "pass"


def test_rescore_disagreeing_is_unstable() -> None:
    results = compare.run(make_inputs([("r1", "policy", "good", "bad")]), by_text({"good": 4, "bad": [2, 4]}), BLOCKING)
    assert results.rows[0].outcome is Outcome.UNSTABLE
    assert results.rows[0].rescore_score == 4
    assert results.verdict == "pass"


def test_empty_response_is_a_non_answer_without_a_judge_call() -> None:
    judge = by_text({"good": 5})
    results = compare.run(make_inputs([("r1", "policy", "good", "  \n")]), judge, BLOCKING)
    row = results.rows[0]
    assert row.outcome is Outcome.NEW_NON_ANSWER
    assert row.after is Bucket.NON_ANSWER
    assert row.after_reason == "empty response"
    assert judge.asked(Purpose.GROUNDEDNESS) == [("r1", "good")]


def test_judge_failure_on_either_side_or_rescore_is_an_error_and_never_passes() -> None:
    rows = [("a", "x", "none", "good"), ("b", "x", "good", "none"), ("c", "x", "good", "flaky")]
    results = compare.run(make_inputs(rows), by_text({"good": 5, "none": None, "flaky": [2, None]}), BLOCKING)
    assert [r.outcome for r in results.rows] == [Outcome.ERROR] * 3
    assert [r.error.split(":")[0] for r in results.rows if r.error] == ["baseline", "candidate", "re-score"]
    assert results.verdict == "error"
    assert results.exit_code == 3


def test_fail_wins_over_error() -> None:
    rows = [("a", "policy", "good", "bad"), ("b", "x", "none", "good")]
    results = compare.run(make_inputs(rows), by_text({"good": 5, "bad": 2, "none": None}), BLOCKING)
    assert results.verdict == "fail"


def test_fluency_only_on_ties_with_mean_delta_and_skips() -> None:
    rows = [
        ("t1", "x", "g1", "g1b"),
        ("t2", "x", "g2", "g2b"),
        ("t3", "x", "p3", "p3b"),
        ("m", "x", "u", "g4"),
    ]
    table: dict[str, Any] = {"g1": 5, "g1b": 5, "g2": 5, "g2b": 5, "p3": 4, "p3b": 4, "u": 2, "g4": 5}
    table.update({"fluency:g1": 3, "fluency:g1b": 5, "fluency:g2": 4, "fluency:g2b": 3})
    judge = by_text(table)
    original = judge.scripted.script

    def with_gap(request: JudgeRequest) -> Given:
        if request.purpose is Purpose.FLUENCY and request.response == "p3b":
            return None
        return original(request)

    judge.scripted.script = with_gap
    results = compare.run(make_inputs(rows), judge, BLOCKING)
    assert {r.id for r in results.rows if r.outcome is Outcome.TIE} == {"t1", "t2", "t3"}
    assert sorted(resp for _, resp in judge.asked(Purpose.FLUENCY)) == sorted(["g1", "g1b", "g2", "g2b", "p3", "p3b"])
    assert results.fluency.consulted
    assert results.fluency.rows == 2
    assert results.fluency.skipped == 1
    assert results.fluency.mean_delta == 0.5  # (+2 and -1) / 2


def test_no_ties_means_no_fluency_calls() -> None:
    judge = by_text({"n": 3})
    results = compare.run(make_inputs([("a", "x", "n", "n")]), judge, BLOCKING)
    assert results.rows[0].outcome is Outcome.UNCHANGED
    assert judge.asked(Purpose.FLUENCY) == []
    assert results.fluency.consulted is False


buckets_scores = st.sampled_from([1.0, 2.0, 3.0, 4.0, 5.0, None])


def specs_up_to(n: int) -> st.SearchStrategy[list[tuple[str, Given, Given, Given]]]:
    """(category, baseline score, candidate score, re-score) per case."""
    row = st.tuples(st.sampled_from(["policy", "shipping"]), buckets_scores, buckets_scores, buckets_scores)
    return st.lists(row, min_size=1, max_size=n)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(
    specs_up_to(25),
    st.integers(min_value=1, max_value=4),
)
def test_outcomes_partition_cases_and_calls_are_exactly_the_needed_ones(
    spec: list[tuple[str, Given, Given, Given]], concurrency: int
) -> None:
    rows = [(f"id{n}", cat, f"b{n}", f"c{n}") for n, (cat, *_) in enumerate(spec)]
    scripted = {f"b{n}": b for n, (_, b, _, _) in enumerate(spec)}
    after = {f"c{n}": c for n, (_, _, c, _) in enumerate(spec)}
    rescore = {f"c{n}": r for n, (_, _, _, r) in enumerate(spec)}

    def score(request: JudgeRequest) -> Given:
        if request.purpose is Purpose.FLUENCY:
            return 4.0
        if request.purpose is Purpose.RESCORE:
            return rescore[request.response]
        return scripted.get(request.response, after.get(request.response))

    judge = ScriptedJudge(score, max_concurrency=concurrency)
    results = compare.run(make_inputs(rows), judge, BLOCKING)

    assert [r.id for r in results.rows] == [r[0] for r in rows]  # one outcome per case, in order
    assert sum(results.counts.values()) == len(rows)
    newly = {
        f"id{n}"
        for n, (_, b, c, _) in enumerate(spec)
        if b is not None
        and c is not None
        and bucket_of(c) is Bucket.UNGROUNDED
        and bucket_of(b) is not Bucket.UNGROUNDED
    }
    assert {cid for cid, _ in judge.asked(Purpose.RESCORE)} == newly
    ties = {r.id for r in results.rows if r.outcome is Outcome.TIE}
    fluency_ids = {cid for cid, _ in judge.asked(Purpose.FLUENCY)}
    if results.counts[Outcome.REGRESSION]:
        assert fluency_ids == set()
    else:
        assert fluency_ids == ties
    assert results.calls.total == len(judge.scripted.log)
    errors = {
        f"id{n}" for n, (_, b, c, r) in enumerate(spec) if b is None or c is None or (f"id{n}" in newly and r is None)
    }
    assert {r.id for r in results.rows if r.outcome is Outcome.ERROR} == errors
    expected = "fail" if results.counts[Outcome.REGRESSION] else "error" if errors else "pass"
    assert results.verdict == expected


def test_only_rows_a_person_reads_carry_their_texts_unless_asked() -> None:
    rows = [("r", "policy", "good", "bad"), ("m", "x", "vague", "good"), ("t", "x", "good", "good")]
    table = {"good": 5, "bad": [2, 2], "vague": 4}
    lean = compare.run(make_inputs(rows), by_text(dict(table, bad=[2, 2])), BLOCKING)
    by_id = {row.id: row for row in lean.rows}
    assert (by_id["r"].outcome, by_id["r"].baseline, by_id["r"].candidate, by_id["r"].context) == (
        Outcome.REGRESSION, "good", "bad", "ctx"
    )  # fmt: skip
    for cid in ("m", "t"):  # moved, tie: ids, buckets, scores and reasons only
        assert (by_id[cid].query, by_id[cid].context, by_id[cid].baseline, by_id[cid].candidate) == ("q?", "", "", "")
        assert by_id[cid].after_reason
    full = compare.run(make_inputs(rows), by_text(dict(table, bad=[2, 2])), Options(BLOCKING.blocking, keep_texts=True))
    assert {row.id: (row.baseline, row.candidate) for row in full.rows}["m"] == ("vague", "good")


def test_results_write_lean_and_read_back_whole(tmp_path: Path) -> None:
    rows = [("r", "policy", "good", "bad"), ("t", "x", "good", "good")]
    results = compare.run(make_inputs(rows), by_text({"good": 5, "bad": [2, 2]}), BLOCKING)
    path = tmp_path / "results.json"
    results.write(path)
    raw = {row["id"]: row for row in json.loads(path.read_text())["rows"]}
    assert "baseline" not in raw["t"]  # a default, left out
    assert raw["t"]["rescore_score"] is None  # a key of the contract, always there
    assert raw["r"]["candidate"] == "bad"
    assert read_results(path).rows == results.rows


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    specs_up_to(20),
    st.sampled_from(["same", "none", "deployment:other"]),
    st.integers(min_value=0, max_value=12),
    st.booleans(),
    st.sampled_from([None, (1, 2)]),
    st.booleans(),
)
def test_every_results_file_a_run_writes_reads_back_under_its_own_rules(
    spec: list[tuple[str, Given, Given, Given]],
    second: str,
    min_cases: int,
    rescore_baseline: bool,
    shard: tuple[int, int] | None,
    end_to_end: bool,
) -> None:
    """Whatever reads a results file re-derives every row under the file's rules (``audit``): a file a run
    wrote, under any of them, is never refused."""
    scores = {f"b{n}": b for n, (_, b, _, _) in enumerate(spec)} | {f"c{n}": c for n, (_, _, c, _) in enumerate(spec)}
    rescores = {f"c{n}": r for n, (_, _, _, r) in enumerate(spec)}
    rows = [(f"id{n}", cat, f"b{n}" if n % 5 else "", f"c{n} score 5" if n % 4 == 1 else f"c{n}") for n, (cat, *_) in enumerate(spec)]  # fmt: skip

    def score(request: JudgeRequest) -> Given:
        text = request.response.removesuffix(" score 5")
        if request.purpose is Purpose.FLUENCY:
            return 4.0
        if request.purpose is Purpose.RESCORE:
            return rescores.get(text, scores.get(text))
        return scores.get(text) if request.context is None else 5.0  # against its own context: grounded

    inputs = make_inputs(rows)
    own = {i: Response(i, c, n, context="live") for n, (i, _, _, c) in enumerate(rows, 1) if n % 3 == 0}
    inputs = replace(inputs, candidate={**inputs.candidate, **own})
    rescorer = Rescorer(second, ScriptedJudge(score)) if second.startswith("deployment:") else Rescorer(second)
    options = Options(
        frozenset({"policy"}), rescorer, rescore_baseline, min_cases, shard=shard, noise_sample=3, end_to_end=end_to_end
    )
    results = compare.run(inputs, ScriptedJudge(score), options)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "results.json"
        results.write(path)
        again = read_results(path)
    assert list(again.rows) == list(results.rows)
    talking = {i for n, (i, *_) in enumerate(rows) if n % 4 == 1}
    assert all((row.talks_to_judge == "candidate: 'score 5'") == (row.id in talking) for row in again.rows)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    specs_up_to(30),
    st.integers(min_value=1, max_value=7),
    st.sampled_from([None, (1, 2), (2, 2)]),
    st.integers(min_value=0, max_value=5),
)
def test_a_run_in_batches_from_its_store_decides_what_one_pass_in_memory_does(
    spec: list[tuple[str, Given, Given, Given]], batch: int, shard: tuple[int, int] | None, noise: int
) -> None:
    """A run goes through its stored inputs a batch at a time and writes its rows to disk as it goes;
    where the batches break must change no row, count, call, fluency figure or noise sample."""
    scores = {f"b{n}": b for n, (_, b, _, _) in enumerate(spec)} | {f"c{n}": c for n, (_, _, c, _) in enumerate(spec)}
    rescores = {f"c{n}": r for n, (_, _, _, r) in enumerate(spec)}
    rows = [
        (f"id{n}", cat, f"b{n}" if n % 5 else "", f"c{n}" if n % 7 else f"b{n}") for n, (cat, *_) in enumerate(spec)
    ]

    def score(request: JudgeRequest) -> Given:
        if request.purpose is Purpose.FLUENCY:
            return float(len(request.response) % 5 + 1)
        if request.purpose is Purpose.RESCORE:
            return rescores.get(request.response, scores.get(request.response))
        return scores.get(request.response)

    options = Options(frozenset({"policy"}), shard=shard, noise_sample=noise)
    whole = compare.run(make_inputs(rows), ScriptedJudge(score), options)
    with tempfile.TemporaryDirectory() as folder:
        files = [Path(folder) / name for name in ("cases.jsonl", "b.jsonl", "c.jsonl")]
        for path, records in zip(
            files,
            (
                [{"id": i, "category": cat, "query": "q?", "context": "ctx"} for i, cat, _, _ in rows],
                [{"id": i, "response": b} for i, _, b, _ in reversed(rows)],  # any order: joined by id
                [{"id": i, "response": c} for i, _, _, c in rows],
            ),
            strict=True,
        ):
            path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        loaded = load_inputs(files[0], files[1], files[2], "query")
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(cases_module, "BATCH", batch)
            batched = compare.run(loaded, ScriptedJudge(score), options)
        assert isinstance(batched.rows, StoredRows)
        assert list(batched.rows) == list(whole.rows)
        for name in ("verdict", "counts", "fluency", "categories", "category_sizes", "suite", "noise", "warnings"):
            assert getattr(batched, name) == getattr(whole, name), name
        assert batched.calls.model_dump() == whole.calls.model_dump()
        written = [json.loads("".join(results.json_parts()))["rows"] for results in (batched, whole)]
        assert written[0] == written[1]
        timeless = [results.model_copy(update={"wall_seconds": 0.0}) for results in (batched, whole)]
        for target in ("comment", "check", "summary"):
            assert render(timeless[0], target) == render(timeless[1], target)


def test_the_progress_line_counts_the_whole_phase_across_batches(tmp_path: Path) -> None:
    """Judged a batch at a time, a phase still reads as one: it starts once, never goes back, and ends
    at the calls it made (later batches estimated at the share of fresh calls seen so far)."""
    n = 23
    lines = [json.dumps({"id": f"c{i}", "category": "x", "query": "q?", "context": "ctx"}) for i in range(n)]
    (tmp_path / "cases.jsonl").write_text("\n".join(lines), encoding="utf-8")
    for name, word in (("b.jsonl", "same"), ("c.jsonl", "new")):  # every third answer unchanged: deduplicated
        records = [{"id": f"c{i}", "response": f"{word if i % 3 else 'same'} {i}"} for i in range(n)]
        (tmp_path / name).write_text("\n".join(json.dumps(r) for r in records), encoding="utf-8")
    inputs = load_inputs(tmp_path / "cases.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl", "query")
    judge = ScriptedJudge(lambda request: 5.0, fluency=False)
    seen: list[tuple[str, int, int]] = []
    judge.progress = lambda phase, done, total: seen.append((phase, done, total))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cases_module, "BATCH", 4)
        results = compare.run(inputs, judge, BLOCKING)
    grounded = [(done, total) for phase, done, total in seen if phase == "groundedness"]
    assert results.calls.groundedness == n + sum(1 for i in range(n) if i % 3)  # each answer once
    assert grounded[0] == (0, grounded[0][1])
    assert [done for done, _ in grounded].count(0) == 1  # the phase starts once
    assert all(a <= b for (a, _), (b, _) in itertools.pairwise(grounded))  # never goes back
    assert all(done <= total for done, total in grounded)
    assert grounded[-1] == (results.calls.groundedness, results.calls.groundedness)


def test_a_responses_own_context_changes_nothing_unless_the_run_is_end_to_end() -> None:
    """The response files are what a pull request controls: a context they carry is never what the verdict
    is measured against. The end-to-end mode, set by the run, adds each side's own verdict beside it."""
    rows = [(f"id{n}", "policy", "30 days.", "45 days." if n == 3 else "30 days.") for n in range(8)]
    made = make_inputs(rows)
    inputs = replace(
        made,
        cases=[Case(c.id, c.category, c.query, "Returns within 30 days.", c.line) for c in made.cases],
        candidate=dict(made.candidate, id3=Response("id3", "45 days.", 4, context="Returns within 45 days.")),
    )

    def judge() -> ScriptedJudge:  # grounded when the answer's figure is in the context it is judged against
        return ScriptedJudge(lambda r: 5.0 if r.response.split()[0] in r.grounding else 1.0)

    frozen = compare.run(inputs, judge(), BLOCKING)
    assert (frozen.mode, frozen.verdict, frozen.rows[3].outcome) == ("frozen", "fail", Outcome.REGRESSION)
    assert frozen.rows[3].live is None
    parts = [compare.run(inputs, judge(), Options(BLOCKING.blocking, shard=(k, 2), end_to_end=True)) for k in (1, 2)]
    assert [part.mode for part in parts] == ["end-to-end", "end-to-end"]
    both = merge(parts)
    assert (both.mode, both.verdict) == ("end-to-end", "fail")  # the recorded context decides
    row = next(r for r in both.rows if r.id == "id3")
    assert row.outcome is Outcome.REGRESSION
    assert row.live is not None
    assert row.live.outcome is Outcome.TIE  # grounded in its own context: shown, not deciding
    assert all(r.live is None for r in both.rows if r.id != "id3")  # no own context: nothing to judge again

"""The base branch's yardstick decides: which rows of a pull request take the base commit's case and baseline
response (``yardstick.yardstick``'s ``at_base``, ``yardstick.decided_at_base``), and that no edit of them moves a verdict."""

from __future__ import annotations

import hashlib
import json
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from groundgate import compare
from groundgate.cases import AtBase, Inputs, load_inputs
from groundgate.evidence import Options
from groundgate.judges import JudgeRequest
from groundgate.results import Results
from groundgate.yardstick import decided_at_base, read_base, yardstick
from tests.support.scripted import Score, ScriptedJudge

BLOCKING = frozenset({"policy"})
Record = dict[str, Any]


def jsonl(records: list[Record]) -> bytes:
    return "".join(json.dumps(r) + "\n" for r in records).encode()


def pr_inputs(folder: Path, cases: list[Record], baseline: list[Record], candidate: list[Record]) -> Inputs:
    for name, records in (("cases", cases), ("baseline", baseline), ("candidate", candidate)):
        (folder / f"{name}.jsonl").write_bytes(jsonl(records))
    return load_inputs(folder / "cases.jsonl", folder / "baseline.jsonl", folder / "candidate.jsonl", "query")


def judged(inputs: Inputs, base_cases: bytes | None, base_baseline: bytes | None) -> Inputs:
    """What the action does on a pull request (``action.load``), without GitHub."""
    base = read_base(base_cases, base_baseline, "query")
    return decided_at_base(Inputs(**{**inputs.__dict__, "yardstick": yardstick("base", base, inputs, BLOCKING)}), base)


CASES = [
    {"id": "a", "category": "policy", "query": "q-a?", "context": "ctx a"},
    {"id": "b", "category": "policy", "query": "q-b?", "context": "ctx b"},
    {"id": "c", "category": "faq", "query": "q-c?", "context": "ctx c"},
    {"id": "d", "category": "policy", "query": "q-d?", "context": "ctx d"},
]
BASELINE = [{"id": r["id"], "response": f"base {r['id']}"} for r in CASES]


def test_each_edited_row_takes_the_base_version_added_ones_keep_their_own(tmp_path: Path) -> None:
    cases = [
        {**CASES[0], "context": "ctx a, now with 45 days"},  # an edited context
        {**CASES[1], "category": "faq", "query": "another?"},  # an edited category and query
        CASES[2],  # untouched, but its baseline response edited
        {"id": "e", "category": "policy", "query": "q-e?", "context": "ctx e"},  # added; d removed
    ]
    baseline = [BASELINE[0], BASELINE[1], {"id": "c", "response": "edited c"}, {"id": "e", "response": "base e"}]
    candidate = [{"id": r["id"], "response": "x"} for r in cases]
    inputs = judged(pr_inputs(tmp_path, cases, baseline, candidate), jsonl(CASES), jsonl(BASELINE))
    stick = inputs.yardstick
    assert stick is not None
    assert stick.at_base == {
        "a": AtBase(line=1, edited=["context"]),
        "b": AtBase(line=2, edited=["category", "query"]),
        "c": AtBase(line=3, edited=["baseline response"]),
    }
    assert (stick.added, stick.removed, stick.removed_blocking) == (["e"], ["d"], ["d"])
    rows = {case.id: (case.category, case.query, case.context, case.line, b.response) for case, b, _ in inputs}
    assert rows == {
        "a": ("policy", "q-a?", "ctx a", 1, "base a"),  # the base's text, at the PR's place
        "b": ("policy", "q-b?", "ctx b", 2, "base b"),
        "c": ("faq", "q-c?", "ctx c", 3, "base c"),
        "e": ("policy", "q-e?", "ctx e", 4, "base e"),  # nothing else exists: the PR's own
    }


def test_when_a_base_file_is_new_or_not_valid_the_prs_files_decide(tmp_path: Path) -> None:
    cases = [{**CASES[0], "category": "faq"}, *CASES[1:]]
    for base_cases, base_baseline, note in (
        (None, jsonl(BASELINE), "the cases file is new in this pull request"),
        (jsonl(CASES), None, "the baseline file is new in this pull request"),
        (b"not json\n", jsonl(BASELINE), "the base branch's cases file is not valid"),
    ):
        inputs = judged(pr_inputs(tmp_path, cases, BASELINE, BASELINE), base_cases, base_baseline)
        assert inputs.yardstick is not None
        assert note in (inputs.yardstick.note or "")
        assert inputs.yardstick.at_base == {}
        assert next(iter(inputs))[0].category == "faq"


def test_in_memory_inputs_take_the_base_versions_too(tmp_path: Path) -> None:
    stored = pr_inputs(tmp_path, [{**CASES[0], "context": "edited"}, *CASES[1:]], BASELINE, BASELINE)
    listed = Inputs(**{**stored.__dict__, "cases": list(stored.cases), "baseline": dict(stored.baseline.items())})
    assert next((c.context, c.line) for c, _, _ in judged(listed, jsonl(CASES), jsonl(BASELINE))) == ("ctx a", 1)


# --- the property: the PR's edits to rows present at the base never move their verdicts ----------------------

TEXT = st.sampled_from(["30 days", "45 days", "5 days", "none", "ask support"])
FIELD = st.sampled_from(["category", "query", "context", "baseline"])


def score(request: JudgeRequest) -> Score:
    """A judge that reads everything it is given: any change of context, query or answer may change its score."""
    digest = hashlib.sha256(f"{request.case.context}|{request.case.query}|{request.response}".encode()).digest()
    return float(digest[0] % 5 + 1)


def run(folder: Path, cases: list[Record], baseline: list[Record], candidate: list[Record], base: tuple[bytes, bytes] | None) -> Results:  # fmt: skip
    folder.mkdir()
    inputs = pr_inputs(folder, cases, baseline, candidate)
    if base is not None:
        inputs = judged(inputs, *base)
    return compare.run(inputs, ScriptedJudge(score), Options(BLOCKING))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(st.sampled_from(["policy", "faq"]), TEXT, TEXT, TEXT), min_size=1, max_size=6),
    st.lists(st.tuples(st.integers(0, 5), FIELD, TEXT, st.sampled_from(["policy", "faq", "pricing"]))),
    st.sets(st.integers(1, 5), max_size=2),  # never the first case: a suite keeps one
    st.integers(0, 2),
)
def test_edits_to_the_yardstick_never_change_a_rows_verdict(
    suite: list[tuple[str, str, str, str]], edits: list[tuple[int, str, str, str]], removed: set[int], added: int
) -> None:
    base_cases = [{"id": f"id{n}", "category": cat, "query": q, "context": f"ctx {ctx}"} for n, (cat, q, ctx, _) in enumerate(suite)]  # fmt: skip
    base_baseline = [{"id": f"id{n}", "response": answer} for n, (*_, answer) in enumerate(suite)]
    cases, baseline = [dict(r) for r in base_cases], [dict(r) for r in base_baseline]
    for n, field, text, category in edits:
        if n < len(cases):
            if field == "baseline":
                baseline[n]["response"] = text
            else:
                cases[n][field] = category if field == "category" else text
    cases += [{"id": f"new{k}", "category": "policy", "query": "q", "context": "ctx 45 days"} for k in range(added)]
    baseline += [{"id": f"new{k}", "response": "30 days"} for k in range(added)]
    kept = [n for n in range(len(cases)) if n not in removed]
    cases, baseline = [cases[n] for n in kept], [baseline[n] for n in kept]
    answers = {r["id"]: f"{r['id']} says 45 days" for r in base_cases + cases}
    candidate = [{"id": r["id"], "response": answers[r["id"]]} for r in cases]
    with tempfile.TemporaryDirectory() as folder:
        pr = run(Path(folder) / "pr", cases, baseline, candidate, (jsonl(base_cases), jsonl(base_baseline)))
        every = [{"id": r["id"], "response": answers[r["id"]]} for r in base_cases]  # the same answers
        at_base = run(Path(folder) / "base", base_cases, base_baseline, every, None)
    both = {r["id"] for r in base_cases} & {r["id"] for r in cases}
    # fluency is a whole-run figure (consulted only when nothing regressed): cases added or removed may change it
    fluency: dict[str, Any] = {} if not added and not removed else {"before_fluency": None, "after_fluency": None}
    mine = {row.id: replace(row, line=0, **fluency) for row in pr.rows if row.id in both}
    theirs = {row.id: replace(row, line=0, **fluency) for row in at_base.rows if row.id in both}
    assert mine == theirs
    if not added and not removed:
        assert (pr.verdict, pr.counts, pr.fluency) == (at_base.verdict, at_base.counts, at_base.fluency)

"""The base branch's yardstick decides: which rows of a pull request take the base commit's case and baseline
response (``yardstick.yardstick``'s ``at_base``, ``yardstick.decided_at_base``), and that no edit of them moves a verdict."""

from __future__ import annotations

import hashlib
import json
import tempfile
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from groundgate import compare
from groundgate.cases import AtBase, Inputs, load_inputs
from groundgate.evidence import Options
from groundgate.judges import JudgeRequest
from groundgate.lookalike import skeleton
from groundgate.results import Results
from groundgate.yardstick import decided_at_base, read_base, yardstick
from tests.support.scripted import Given, ScriptedJudge

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
FIELD = st.sampled_from(["category", "query", "context", "baseline", "id", "swap"])
# New ids for case id-N: the ways a reader cannot tell from 'id-N' (case, U+2010 hyphen, Cyrillic 'і', a trailing
# space, a zero-width joiner, fullwidth letters), and a plain new name
RENAMES = st.sampled_from(
    ["Id-{}", "id\u2010{}", "\u0456d-{}", "id-{} ", "id-\u200d{}", "\uff49\uff44-{}", "renamed-{}"]
)

EDIT = st.tuples(
    st.integers(0, 5), FIELD, TEXT, st.sampled_from(["policy", "faq", "pricing"]), RENAMES, st.integers(0, 5)
)


def score(request: JudgeRequest) -> Given:
    """A judge that reads everything it is given: any change of context, query or answer may change its score."""
    digest = hashlib.sha256(f"{request.case.context}|{request.case.query}|{request.response}".encode()).digest()
    return float(digest[0] % 5 + 1)


def run(folder: Path, cases: list[Record], baseline: list[Record], candidate: list[Record], base: tuple[bytes, bytes] | None) -> Results:  # fmt: skip
    folder.mkdir()
    inputs = pr_inputs(folder, cases, baseline, candidate)
    if base is not None:
        inputs = judged(inputs, *base)
    return compare.run(inputs, ScriptedJudge(score), Options(BLOCKING))


Edits = list[tuple[int, str, str, str, str, int]]


def edit(base_cases: list[Record], base_baseline: list[Record], edits: Edits) -> tuple[list[Record], list[Record], list[int]]:  # fmt: skip
    """The pull request's cases and baseline after ``edits``, and which base row each case came from."""
    cases, baseline = [dict(r) for r in base_cases], [dict(r) for r in base_baseline]
    origin = list(range(len(cases)))
    for n, field, text, category, rename, m in edits:
        if n >= len(cases):
            continue
        if field == "baseline":
            baseline[n]["response"] = text
        elif field == "id":  # renamed: the same case under another id (one the file's other ids do not read as)
            if skeleton(new := rename.format(n)) not in {skeleton(r["id"]) for k, r in enumerate(cases) if k != n}:
                cases[n]["id"] = baseline[n]["id"] = new
        elif field == "swap" and m < len(cases) and m != n:  # two cases swap their ids
            cases[n]["id"], cases[m]["id"] = cases[m]["id"], cases[n]["id"]
            baseline[n]["id"], baseline[m]["id"] = baseline[m]["id"], baseline[n]["id"]
        elif field != "swap":
            cases[n][field] = category if field == "category" else text
    return cases, baseline, origin


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(st.sampled_from(["policy", "faq"]), TEXT, TEXT, TEXT), min_size=1, max_size=6),
    st.lists(EDIT),
    st.sets(st.integers(1, 5), max_size=2),  # never the first case: a suite keeps one
    st.integers(0, 2),
)
def test_edits_and_renames_never_change_a_rows_verdict(
    suite: list[tuple[str, str, str, str]], edits: Edits, removed: set[int], added: int
) -> None:
    """Every row of the pull request that is a base case (the same id, or renamed: ``matching``) is judged exactly
    as the base files judge its answer on that case; every base case is such a row's or named as removed; a case
    renamed with its question and context kept is judged as itself."""
    base_cases = [{"id": f"id-{n}", "category": cat, "query": q, "context": f"ctx {ctx}"} for n, (cat, q, ctx, _) in enumerate(suite)]  # fmt: skip
    base_baseline = [{"id": f"id-{n}", "response": answer} for n, (*_, answer) in enumerate(suite)]
    cases, baseline, origin = edit(base_cases, base_baseline, edits)
    cases += [{"id": f"new{k}", "category": "policy", "query": "q", "context": "ctx 45 days"} for k in range(added)]
    baseline += [{"id": f"new{k}", "response": "30 days"} for k in range(added)]
    origin += [-1 - k for k in range(added)]
    kept = [n for n in range(len(cases)) if n not in removed]
    cases, baseline, origin = [cases[n] for n in kept], [baseline[n] for n in kept], [origin[n] for n in kept]
    # the model's answer follows the question and context it was given, whatever the case's id
    answer = {case["id"]: f"row {o} says 45 days" for case, o in zip(cases, origin, strict=True)}
    candidate = [{"id": r["id"], "response": answer[r["id"]]} for r in cases]
    base = (jsonl(base_cases), jsonl(base_baseline))
    with tempfile.TemporaryDirectory() as folder:
        pr = run(Path(folder) / "pr", cases, baseline, candidate, base)
        stick = pr.yardstick
        assert stick is not None
        ids: list[str] = [r["id"] for r in cases if r["id"] not in stick.added]
        is_case = {pid: stick.renamed.get(pid, pid) for pid in ids}
        shared: dict[str, list[str]] = {}  # base id -> the PR's rows that are it (a split case: several)
        for pid, bid in is_case.items():
            shared.setdefault(bid, []).append(pid)
        expected = {}
        for turn in range(max(map(len, shared.values()), default=0)):  # one base run per answer a base case gets
            every = [{"id": r["id"], "response": answer[p[turn]] if len(p := shared.get(r["id"], [])) > turn else "x"} for r in base_cases]  # fmt: skip
            at_base = run(Path(folder) / f"base{turn}", base_cases, base_baseline, every, None)
            expected.update({p[turn]: row for row in at_base.rows if len(p := shared.get(row.id, [])) > turn})
    plain: dict[str, Any] = {"line": 0, "id": "", "before_fluency": None, "after_fluency": None}  # fluency: whole-run
    mine = {row.id: replace(row, **plain) for row in pr.rows if row.id in is_case}
    assert mine == {pid: replace(row, **plain) for pid, row in expected.items()}
    # nothing leaves the yardstick unseen: every base case is a row's, or named as removed (blocking ones apart)
    assert sorted(set(shared) | set(stick.removed)) == sorted(r["id"] for r in base_cases)
    assert not set(shared) & set(stick.removed)
    categories = {r["id"]: r["category"] for r in base_cases}
    assert stick.removed_blocking == [bid for bid in stick.removed if categories[bid] in BLOCKING]
    # a case renamed with its question and context as they were is that case, when no other case asks the same (in
    # the base, or in the pull request: two of its cases asking one base case's question cannot both be it)
    pairs = Counter((r["query"], r["context"]) for r in base_cases)
    asked = Counter((r["query"], r["context"]) for r in cases)
    for case, o in zip(cases, origin, strict=True):
        then = base_cases[o] if o >= 0 else None
        pair = (case["query"], case["context"])
        if then is not None and pair == (then["query"], then["context"]) and pairs[pair] == 1 and asked[pair] == 1:
            assert is_case[case["id"]] == then["id"]


# ---- a blocking case whose question the pull request no longer asks


def unasked(tmp_path: Path, cases: list[Record]) -> list[str]:
    baseline = [{"id": r["id"], "response": "x"} for r in cases]
    inputs = judged(pr_inputs(tmp_path, cases, baseline, baseline), jsonl(CASES), jsonl(BASELINE))
    assert inputs.yardstick is not None
    return inputs.yardstick.unasked_blocking


def test_a_blocking_case_asked_another_question_is_named_whatever_links_it(tmp_path: Path) -> None:
    """The candidate is the model's answer to the PR's query: a case kept by its id (or its context) but asked
    something else is judged at the base on an answer to another question, and the base's question is never put
    to the model. Named, as a removal is; a question moved to another id, or reworded only as a reader cannot
    see (case, white space, a look-alike letter), is still asked."""
    a, b, c, d = CASES
    assert unasked(tmp_path, [{**a, "query": "Other?"}, b, c, d]) == ["a"]  # the same id, another question
    # renamed, its context kept, its question changed: linked by the context, still another question
    assert unasked(tmp_path, [{**a, "id": "a2", "query": "Other?"}, b, c, d]) == ["a"]
    # the old question moved under another id, reworded, beside a decoy that keeps the id: still not asked
    decoy = [{**a, "query": "Other?", "context": "ctx z"}, {**a, "id": "a-new", "query": "q-a"}, b, c, d]
    assert unasked(tmp_path, decoy) == ["a"]
    assert unasked(tmp_path, [{**a, "query": "Q-A ?"}, b, c, d]) == []  # the same question as it reads
    assert unasked(tmp_path, [{**a, "query": "q-\u0430?"}, b, c, d]) == []  # a Cyrillic 'а'
    assert unasked(tmp_path, [{**a, "id": "a2"}, b, c, d]) == []  # renamed, same question
    assert unasked(tmp_path, [{**a, "context": "ctx a2"}, b, c, d]) == []  # a context edit: judged at the base
    assert unasked(tmp_path, [a, b, {**c, "query": "Other?"}, d]) == []  # not a blocking category
    assert unasked(tmp_path, [b, c, d]) == []  # removed: named as removed, not twice
    # its question asked under another id, with another case's context: asked
    assert unasked(tmp_path, [{**a, "query": "Other?"}, b, c, d, {**b, "id": "b2", "query": "q-a?"}]) == []

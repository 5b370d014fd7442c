"""What a run will cost, said before the first call, and the budget that caps it (--max-calls,
--max-tokens): a plan over the budget never calls the judge, a run that reaches it midway never passes."""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.azure import decide_by_text
from tests.support.cli import groundgate
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.quota import prompt_tokens
from tests.support.paths import EXAMPLES

Start = Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
# The bundled example with the regressing candidate: 17 first verdicts (3 answers repeat their baseline),
# then re-scores of the flips the offline figures judge finds.
EXAMPLE = ("--cases", str(EXAMPLES / "cases.jsonl"), "--baseline", str(EXAMPLES / "baseline.jsonl"),
           "--candidate", str(EXAMPLES / "candidate-regression.jsonl"), "--judge", "figures")  # fmt: skip


def test_the_plan_is_said_before_judging_and_kept_in_the_results(tmp_path: Path) -> None:
    proc = groundgate("compare", *EXAMPLE, "--results", str(tmp_path / "r.json"))
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr.startswith("groundgate: plan: 17 judge calls (up to 24 with re-scores and fluency)\n")
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["plan"] == {
        "calls": 17, "calls_at_most": 24, "verdict_calls": 24, "verdict_tokens": None, "tokens": None,
        "tokens_at_most": None, "max_calls": None, "max_tokens": None, "quota_seconds": None, "quota": None,
    }  # fmt: skip
    assert data["calls"]["total"] - data["calls"]["rescore"] == 17  # the plan's first verdicts, all of them made


def test_a_plan_over_the_budget_stops_before_the_first_call(tmp_path: Path) -> None:
    proc = groundgate("compare", *EXAMPLE, "--max-calls", "16", "--results", str(tmp_path / "r.json"))
    assert proc.returncode == 2
    assert proc.stderr.splitlines()[-1] == (
        "groundgate: error: the plan needs 17 judge calls (up to 24 with re-scores and fluency), over the budget "
        "of 16 (--max-calls): raise --max-calls to at least 24 (the first verdicts and a re-score of every changed "
        "answer: enough for any run to reach a verdict), or judge fewer cases at a time (--shard, input shard)"
    )
    assert "Verdict" not in proc.stdout
    assert not (tmp_path / "r.json").exists()


def test_a_run_that_reaches_the_budget_midway_has_no_verdict_and_writes_what_it_judged(tmp_path: Path) -> None:
    """Issue 43.5: the re-scores of its flips were not made, so there is no verdict (never 0); but the paid calls
    are not lost: the results, the report and the console say what was judged, and name the rows left."""
    proc = groundgate(
        "compare", *EXAMPLE, "--max-calls", "17", "--results", str(tmp_path / "r.json"), "--report", str(tmp_path / "r.md")
    )  # fmt: skip
    assert proc.returncode == 3, proc.stderr
    last = proc.stderr.splitlines()[-1]
    assert last.startswith(
        "groundgate: the run reached its budget of 17 judge calls (--max-calls) after 17 judge calls and 0 "
        "tokens, and stopped calling: "
    )
    assert re.search(r"\d+ row\(s\) not judged: 'refund-007'", last)
    assert "no verdict. Raise --max-calls to at least 24 (the plan: 17 judge calls (up to 24" in last
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["verdict"] == "error"
    assert {row["id"] for row in data["rows"] if row["outcome"] == "error"} == {"refund-007", "standard-shipping"}
    assert data["counts"]["new_non_answer"] == 1  # what the paid calls found stands
    assert any(w.startswith("the run reached its budget") for w in data["warnings"])
    assert (tmp_path / "r.md").read_text().startswith("## ⛔ groundgate: No verdict\\: 2 of 10 rows not judged")
    assert (
        proc.stdout.rstrip().splitlines()[-1] == "Verdict: No verdict: 2 of 10 rows not judged, so the gate cannot pass"
    )


@pytest.mark.timeout(900)  # 20 runs of the command, each its own process: on a loaded machine past five minutes
@settings(max_examples=10, deadline=None)
@given(flips=st.lists(st.sampled_from(["policy", "shipping", "none"]), min_size=1, max_size=6), extras=st.booleans())
def test_the_budget_a_refusal_names_completes_every_run(flips: list[str], extras: bool) -> None:
    """Issue 43.5: the minimum a refused budget is told to rise to reaches a verdict whatever the judge finds (a
    flip in a blocking category or not, several), with the noise sample and fluency in the plan or not."""
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        rows = [
            (f"r{n}", "shipping" if kind == "shipping" else "policy", kind != "none") for n, kind in enumerate(flips)
        ]
        (where / "cases.jsonl").write_text("".join(
            json.dumps({"id": i, "category": c, "query": "How long?", "context": "Refunds take 5 business days."}) + "\n"
            for i, c, _ in rows
        ))  # fmt: skip
        (where / "b.jsonl").write_text("".join(json.dumps({"id": i, "response": "Refunds take 5 business days."}) + "\n" for i, _, _ in rows))  # fmt: skip
        (where / "c.jsonl").write_text("".join(
            json.dumps({"id": i, "response": "Refunds take 9 business days." if flip else "They take 5 business days."}) + "\n"
            for i, _, flip in rows
        ))  # fmt: skip
        argv = ("compare", "--judge", "figures", "--cases", str(where / "cases.jsonl"), "--baseline",
                str(where / "b.jsonl"), "--candidate", str(where / "c.jsonl"), "--results", str(where / "r.json"),
                "--report", str(where / "r.md"), "--noise-sample", "2" if extras else "0")  # fmt: skip
        refused = groundgate(*argv, "--max-calls", "1")
        assert refused.returncode == 2
        [least] = re.findall(r"raise --max-calls to at least (\d+)", refused.stderr)
        proc = groundgate(*argv, "--max-calls", least)
        assert proc.returncode in (0, 1), proc.stderr  # a verdict, never 3
        assert proc.returncode == (1 if any(c == "policy" and f for _, c, f in rows) else 0)
        assert json.loads((where / "r.json").read_text())["counts"]["error"] == 0


def test_the_token_estimate_and_budget_with_a_model_judge(fake_azure: Start, tmp_path: Path) -> None:
    fake = fake_azure(decide_by_text)
    rows = [(f"p{n}", "policy", f"fine {n}", f"fine {n} polished") for n in range(4)]
    (tmp_path / "cases.jsonl").write_text(
        "".join(
            json.dumps({"id": i, "category": c, "query": "q?", "context": "ctx " * 200}) + "\n" for i, c, _, _ in rows
        )
    )
    (tmp_path / "b.jsonl").write_text("".join(json.dumps({"id": i, "response": b}) + "\n" for i, _, b, _ in rows))
    (tmp_path / "c.jsonl").write_text("".join(json.dumps({"id": i, "response": c}) + "\n" for i, _, _, c in rows))
    env = {"AZURE_OPENAI_API_KEY": "k"}
    flags = ("compare", "--cases", str(tmp_path / "cases.jsonl"), "--baseline", str(tmp_path / "b.jsonl"),
             "--candidate", str(tmp_path / "c.jsonl"), "--azure-endpoint", fake.endpoint, "--judge-deployment", "d")  # fmt: skip
    proc = groundgate(*flags, "--results", str(tmp_path / "r.json"), "--price-per-million-tokens", "2.5,10", env=env)
    assert proc.returncode == 0, proc.stderr
    plan = json.loads((tmp_path / "r.json").read_text())["plan"]
    # 8 first verdicts of a ~1,500-token prompt plus a 200-token context and the answer each
    assert plan["calls"] == 8
    assert 8 * 1500 < plan["tokens"] < 8 * 2200
    said = f"groundgate: plan: 8 judge calls (up to {plan['calls_at_most']} with re-scores and fluency), about "
    assert proc.stderr.startswith(said)
    assert re.search(r"about [\d,]+ tokens, up to [\d,]+ \(estimate\)$", proc.stderr.splitlines()[0])
    cost = json.loads((tmp_path / "r.json").read_text())["cost"]
    assert cost["price_per_million"] == [2.5, 10.0]
    prompts = sum(prompt_tokens(prompt.body) for prompt in fake.prompts)  # the fake's usage, 16 calls
    answers = cost["answer_tokens"]
    assert len(fake.prompts) == 16
    assert cost["prompt_tokens"] == prompts
    assert cost["amount"] == (prompts * 2.5 + answers * 10) / 1e6
    assert f"({prompts:,} prompt tokens at 2.5/M, {answers:,} answer tokens at 10/M)" in proc.stdout
    before = len(fake.prompts)
    over = groundgate(*flags, "--max-tokens", str(plan["tokens"] - 1), env=env)
    assert over.returncode == 2
    assert f"over the budget of {plan['tokens'] - 1:,} (--max-tokens)" in over.stderr
    assert len(fake.prompts) == before  # not one call


# ---- calls no verdict needs spend only what the verdict's calls leave


def suite(folder: Path, flips: int) -> tuple[str, ...]:
    """Six policy rows whose answers were reworded and stay grounded (ties: fluency is asked of them), and
    ``flips`` faq rows that newly hallucinate (re-scored; they do not block)."""
    rows = [(f"p{n}", "policy", f"fine {n}", f"fine {n} polished") for n in range(6)]
    rows += [(f"f{n}", "faq", f"fine {n}", f"HALLUCINATE {n}") for n in range(flips)]
    (folder / "cases.jsonl").write_text(
        "".join(json.dumps({"id": i, "category": c, "query": "q?", "context": "ctx"}) + "\n" for i, c, _, _ in rows)
    )
    (folder / "b.jsonl").write_text("".join(json.dumps({"id": i, "response": b}) + "\n" for i, _, b, _ in rows))
    (folder / "c.jsonl").write_text("".join(json.dumps({"id": i, "response": c}) + "\n" for i, _, _, c in rows))
    return ("compare", "--cases", str(folder / "cases.jsonl"), "--baseline", str(folder / "b.jsonl"),
            "--candidate", str(folder / "c.jsonl"), "--judge-deployment", "d", "--noise-sample", "2",
            "--results", str(folder / "r.json"), "--report", str(folder / "r.md"))  # fmt: skip


def test_a_budget_at_the_plans_minimum_keeps_a_passing_run_and_says_what_it_left_out(
    fake_azure: Start, tmp_path: Path
) -> None:
    """The plan's minimum (first verdicts and the noise sample) covers the verdict: the fluency of the ties does
    not fit, is left out and said, and the run passes with its results and report written."""
    fake = fake_azure(decide_by_text)
    argv = (*suite(tmp_path, 0), "--azure-endpoint", fake.endpoint)
    env = {"AZURE_OPENAI_API_KEY": "k"}
    full = groundgate(*argv, env=env)
    assert full.returncode == 0, full.stderr
    plan = json.loads((tmp_path / "r.json").read_text())["plan"]
    assert (plan["calls"], plan["calls_at_most"]) == (
        14,
        32,
    )  # 12 first verdicts, 2 noise; up to 6 re-scores, 12 fluency
    (tmp_path / "r.json").unlink()
    (tmp_path / "r.md").unlink()
    proc = groundgate(*argv, "--max-calls", "14", env=env)
    assert proc.returncode == 0, proc.stderr  # was 3: "every row judged, but not fluency on ties; no verdict"
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["verdict"] == "pass"
    assert data["calls"]["total"] == 14
    assert data["fluency"]["reason"] == "the run's budget left no judge calls for it"
    [said] = [w for w in data["warnings"] if w.startswith("the run's budget")]
    assert said.startswith(
        "the run's budget (--max-calls 14) left out 12 fluency calls: none of them decides the verdict"
    )
    assert (tmp_path / "r.md").is_file()
    assert "left out 12 fluency calls" in proc.stdout


_UNBUDGETED: dict[
    int, dict[str, object]
] = {}  # the whole run of each suite (by its flips): one each, not one an example


@pytest.mark.timeout(900)  # up to 17 runs of the command, each its own process (12 examples, 5 suites whole)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(flips=st.integers(0, 4), share=st.floats(0, 1))
def test_a_budget_between_the_plans_minimum_and_its_whole_never_loses_a_judged_run(
    fake_azure: Start, tmp_path_factory: pytest.TempPathFactory, flips: int, share: float
) -> None:
    """Never exit 3 when every row was judged (first verdicts and re-scores): the results and the report are
    written, whatever fluency, the noise sample or claims did not fit. A budget that refuses a call the verdict
    needs (a re-score) leaves rows not judged, names them, and is the only way to exit 3."""
    folder = tmp_path_factory.mktemp("budget")
    fake = fake_azure(decide_by_text)
    argv = (*suite(folder, flips), "--azure-endpoint", fake.endpoint)
    env = {"AZURE_OPENAI_API_KEY": "k"}
    if flips not in _UNBUDGETED:  # the same suite and judge give the same plan and counts: run it whole once
        full = groundgate(*argv, env=env)
        assert full.returncode == 0, full.stderr
        _UNBUDGETED[flips] = json.loads((folder / "r.json").read_text())
        for name in ("r.json", "r.md"):
            (folder / name).unlink()
    whole: dict[str, Any] = _UNBUDGETED[flips]
    plan, needed = whole["plan"], whole["calls"]["groundedness"] + whole["calls"]["rescore"]  # the verdict's calls
    budget = plan["calls"] + round(share * (plan["calls_at_most"] - plan["calls"]))
    proc = groundgate(*argv, "--max-calls", str(budget), env=env)
    if budget >= needed:
        assert proc.returncode == 0, proc.stderr
        data = json.loads((folder / "r.json").read_text())
        assert (data["verdict"], data["counts"]) == (whole["verdict"], whole["counts"])
        assert (folder / "r.md").is_file()
        assert data["calls"]["total"] <= budget
    else:
        assert proc.returncode == 3, proc.stderr
        assert "row(s) not judged" in proc.stderr.splitlines()[-1]
        data = json.loads((folder / "r.json").read_text())  # what was judged is written all the same
        assert data["verdict"] == "error"
        assert (folder / "r.md").is_file()


def test_a_budget_that_leaves_a_flip_unconfirmed_keeps_a_confirmed_blocking_regression(tmp_path: Path) -> None:
    """Two policy answers newly invent a figure; the budget covers the first verdicts and one re-score. Whichever
    flip gets it is a confirmed blocking regression: the change blocks (fail wins over rows not judged, as it does
    when the deadline passes), the results and the report are written, and the row the budget left is named. It
    was exit 3, "no verdict", and nothing written: the regression found was lost."""
    cases = [("p1", "Refunds are issued within 5 business days."), ("p2", "The warranty lasts 24 months.")]
    (tmp_path / "cases.jsonl").write_text(
        "".join(json.dumps({"id": i, "category": "policy", "query": "q?", "context": c}) + "\n" for i, c in cases)
    )
    (tmp_path / "b.jsonl").write_text(
        json.dumps({"id": "p1", "response": "Within 5 business days."}) + "\n"
        + json.dumps({"id": "p2", "response": "It lasts 24 months."}) + "\n"
    )  # fmt: skip
    (tmp_path / "c.jsonl").write_text(
        json.dumps({"id": "p1", "response": "Within 9 business days."}) + "\n"
        + json.dumps({"id": "p2", "response": "It lasts 36 months."}) + "\n"
    )  # fmt: skip
    argv = ("compare", "--judge", "figures", "--cases", str(tmp_path / "cases.jsonl"), "--baseline",
            str(tmp_path / "b.jsonl"), "--candidate", str(tmp_path / "c.jsonl"), "--results", str(tmp_path / "r.json"),
            "--report", str(tmp_path / "r.md"), "--noise-sample", "0")  # fmt: skip
    proc = groundgate(*argv, "--max-calls", "5")  # 4 first verdicts, 1 re-score of the 2 the flips need
    assert proc.stderr.startswith("groundgate: plan: 4 judge calls"), proc.stderr
    assert proc.returncode == 1, proc.stderr
    data = json.loads((tmp_path / "r.json").read_text())
    outcomes = sorted(row["outcome"] for row in data["rows"])
    assert (data["verdict"], outcomes) == ("fail", ["error", "regression"])
    [left] = [row["id"] for row in data["rows"] if row["outcome"] == "error"]
    [said] = [w for w in data["warnings"] if w.startswith("the run reached its budget")]
    assert f"1 row(s) not judged: {left!r}" in said
    assert "the verdict stands" in said
    assert all(row.get("unreachable") is None for row in data["rows"])  # a budget is no outage of the judge
    assert data["calls"]["unsent"] == 0  # nor the circuit breaker's doing
    report = (tmp_path / "r.md").read_text()
    assert report.startswith("## 🚫 groundgate: Blocks merge\\: 1 answer now makes unsupported claims")
    assert "could not be reached" not in report
    assert proc.stdout.rstrip().splitlines()[-1].startswith("Verdict: Blocks merge:")

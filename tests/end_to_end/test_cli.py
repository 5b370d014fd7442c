"""The CLI end to end, as a user runs it: a subprocess, real files, documented exit codes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from groundgate.results import Results, ids_digest
from groundgate.rules import Outcome
from tests.support.azure import decide_by_text
from tests.support.cli import PROGRESS, example, groundgate
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.paths import EXAMPLES
from tests.support.suites import nul_suite

ROW_KEYS = {
    "id", "category", "outcome", "before", "after", "before_score", "after_score", "rescore_score",
    "before_reason", "after_reason", "rescore_reason", "error",
}  # fmt: skip


def test_example_passes_with_review_rows(tmp_path: Path) -> None:
    proc = example("candidate.jsonl", tmp_path / "r.json")
    assert proc.returncode == 0, proc.stderr
    lines: list[str] = []  # as written, before wrapping to the width (not a terminal: 120 columns)
    for line in proc.stdout.splitlines():
        assert len(line) <= 120
        if line.startswith("    "):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    # the example's baseline is dated by the git history of this checkout (docs/report.md): not this test's
    lines = [line for line in lines if not line.startswith(("The baseline answers", "WARNING: The baseline answers"))]
    assert lines == [
        "Judge: figures, rubric query; 17 judge calls (4 deduplicated)",
        "Fluency not consulted: the figures judge does not measure fluency",
        f"Not listed: 1 moved, 1 still ungrounded (backlog); the full list is in the results file ({tmp_path / 'r.json'}).",
        "10 cases · 1 regression to review · 1 new non-answer · 1 moved · 1 still ungrounded · 6 unchanged",
        '  NON-ANSWER [account] change-email: candidate stopped answering (grounded -> non-answer): "Could you tell me which account you mean?"',
        "  REVIEW [shipping] standard-shipping: grounded -> ungrounded; read before shipping: figures not in the context: 2, 4",
        "Decided by the offline figures judge; each flip re-scored by the same judge again (not an independent second opinion).",
        "Verdict: Does not block merge: 2 rows to read before shipping",
    ]
    # the plan, said before the first call; then at most progress lines, however long the judging took (a
    # loaded machine may take more than the second before the first sign of life: timings are not this test's)
    said = proc.stderr.splitlines()
    assert said[0] == "groundgate: plan: 16 judge calls (up to 22 with re-scores and fluency)"
    assert all(PROGRESS.match(line) for line in said[1:]), said


def test_the_console_fits_the_terminal_and_never_points_to_a_file_it_did_not_write() -> None:
    proc = groundgate(
        "compare", "--judge", "figures", "--cases", str(EXAMPLES / "cases.jsonl"),
        "--baseline", str(EXAMPLES / "baseline.jsonl"), "--candidate", str(EXAMPLES / "candidate-regression.jsonl"),
        env={"COLUMNS": "60"},
    )  # fmt: skip
    assert proc.returncode == 1, proc.stderr
    lines = proc.stdout.splitlines()
    assert max(len(line) for line in lines) <= 60
    assert "(--report)" not in proc.stdout
    printed = " ".join(proc.stdout.split())
    assert "the full list is in the report: run again with --report FILE." in printed
    assert lines[-2:] == ["Verdict: Blocks merge: 1 answer now makes unsupported claims", "    — policy 1"]
    decided = next(i for i, line in enumerate(lines) if line.startswith("Decided by the offline figures judge;"))
    assert lines[decided - 2].startswith("  REGRESSION [policy] refund-007: grounded -> ungrounded")


def test_example_regression_fails_with_exit_1_and_complete_results(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    proc = example("candidate-regression.jsonl", path)
    assert proc.returncode == 1, proc.stderr
    assert "REGRESSION [policy] refund-007: grounded -> ungrounded" in proc.stdout
    data = json.loads(path.read_text())
    assert data["verdict"] == "fail"
    assert data["schema_version"] == 3
    assert set(data["counts"]) == {o.value for o in Outcome}
    assert sum(data["counts"].values()) == len(data["rows"]) == 10
    for row in data["rows"]:
        assert row.keys() >= ROW_KEYS
    refund = next(r for r in data["rows"] if r["id"] == "refund-007")
    assert (refund["outcome"], refund["before_score"], refund["after_score"], refund["rescore_score"]) == (
        "regression",
        5,
        2,
        2,
    )
    assert set(data["fluency"]) >= {"consulted", "mean_delta", "rows", "skipped"}
    assert set(data["judge"]) >= {"kind", "deployment", "api_version", "rubric", "reasoning", "sdk_version", "model"}
    Results.model_validate(data)  # the schema reads back


def test_report_renders_again_from_results(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    first = example("candidate-regression.jsonl", path)
    again = groundgate("report", "--results", str(path))
    assert again.returncode == 1
    assert again.stdout == first.stdout


def test_report_and_merge_print_no_workflow_command(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    proc = groundgate(
        "compare", "--judge", "figures", "--cases", str(EXAMPLES / "cases.jsonl"), "--shard", "1/1",
        "--baseline", str(EXAMPLES / "baseline.jsonl"), "--candidate", str(EXAMPLES / "candidate-regression.jsonl"),
        "--results", str(path),
    )  # fmt: skip
    assert proc.returncode == 1, proc.stderr
    data = json.loads(path.read_text())
    for row in data["rows"]:
        if row["outcome"] == "regression":
            row["id"] = "##[error]owned"
            row["rescore_reason"] = "fine ##[warning]also owned"
    data["warnings"] = ["\n::error::forged"]
    data["suite"]["ids_digest"] = ids_digest(row["id"] for row in data["rows"])  # a forger keeps merge's check quiet
    path.write_text(json.dumps(data))
    for args in (["report", "--results", str(path)], ["report", "--results", str(path), "--format", "markdown"],
                 ["merge", str(path)]):  # fmt: skip
        proc = groundgate(*args)
        assert "owned" in proc.stdout, (args, proc.stderr)
        assert "##[" not in proc.stdout + proc.stderr, args
        assert not any(line.lstrip().startswith("::") for line in (proc.stdout + proc.stderr).splitlines()), args


def test_report_refuses_foreign_json(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text('{"schema_version": 99}')
    proc = groundgate("report", "--results", str(path))
    assert proc.returncode == 2
    assert "r.json: field 'schema_version': expected 3, found 99" in proc.stderr


def test_azure_judge_from_environment(
    tmp_path: Path, fake_azure: Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
) -> None:
    fake = fake_azure(decide_by_text)
    rows = [("p1", "policy", "fine", "HALLUCINATE now"), ("s1", "shipping", "fine", "fine polished")]
    (tmp_path / "cases.jsonl").write_text(
        "".join(json.dumps({"id": i, "category": c, "query": "q?", "context": "ctx"}) + "\n" for i, c, _, _ in rows)
    )
    (tmp_path / "b.jsonl").write_text("".join(json.dumps({"id": i, "response": b}) + "\n" for i, _, b, _ in rows))
    (tmp_path / "c.jsonl").write_text("".join(json.dumps({"id": i, "response": c}) + "\n" for i, _, _, c in rows))
    env = {
        "AZURE_OPENAI_ENDPOINT": fake.endpoint,
        "AZURE_OPENAI_DEPLOYMENT": "judge-4o",
        "AZURE_OPENAI_API_KEY": "secret-key-123",
        "AZURE_OPENAI_API_VERSION": "2024-10-21",
    }
    proc = groundgate(
        "compare", "--cases", str(tmp_path / "cases.jsonl"), "--baseline", str(tmp_path / "b.jsonl"),
        "--candidate", str(tmp_path / "c.jsonl"), "--results", str(tmp_path / "r.json"), env=env,
    )  # fmt: skip
    assert proc.returncode == 1, proc.stderr
    assert "secret-key-123" not in proc.stdout + proc.stderr
    assert {h["api-key"] for _, h, _ in fake.raw} == {"secret-key-123"}
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["judge"]["deployment"] == "judge-4o"
    assert data["judge"]["api_version"] == "2024-10-21"
    assert data["calls"]["rescore"] == 1


def test_markdown_report_written_and_rendered_again_without_judging(tmp_path: Path) -> None:
    results, report = tmp_path / "r.json", tmp_path / "report.md"
    proc = groundgate(
        "compare", "--judge", "figures", "--cases", str(EXAMPLES / "cases.jsonl"), "--baseline", str(EXAMPLES / "baseline.jsonl"),
        "--candidate", str(EXAMPLES / "candidate-regression.jsonl"), "--results", str(results), "--report", str(report),
    )  # fmt: skip
    assert proc.returncode == 1
    written = report.read_text()
    assert written.startswith("## 🚫 groundgate: Blocks merge\\: 1 answer now makes unsupported claims — policy 1\n")
    assert '<!-- groundgate-report check="groundgate" -->' in written
    again = groundgate("report", "--results", str(results), "--format", "markdown")
    assert again.returncode == 1
    assert again.stdout == written
    comment = groundgate("report", "--results", str(results), "--format", "markdown", "--size", "comment")
    assert comment.stdout == written  # small enough that every size is the whole report


def test_text_from_a_results_file_forms_no_workflow_command(tmp_path: Path) -> None:
    """judge.deployment, judge.kind, confirmed_by and fluency.reason come from a file a PR can craft."""
    path = tmp_path / "r.json"
    example("candidate.jsonl", path)
    data = json.loads(path.read_text())
    data["judge"].update(deployment="d\n::error::pwned", kind="k ##[error]pwned", model="::add-mask::x")
    data["fluency"]["reason"] = "r\n::stop-commands::token"
    for row in data["rows"]:
        row["confirmed_by"] = "##[warning]also"
    path.write_text(json.dumps(data))
    for args in (("report", "--results", str(path)), ("merge", str(path))):
        proc = groundgate(*args)
        for line in (proc.stdout + proc.stderr).splitlines():
            assert not line.lstrip().startswith("::"), line
            assert "##[" not in line, line


def test_shards_of_a_suite_with_a_nul_in_a_context_merge(tmp_path: Path) -> None:
    """Two shard processes and the merge weigh a context holding a NUL character alike: the merge took the
    shards' correct results for a wrong split and refused them (exit 2)."""
    nul_suite(tmp_path)
    for k in (1, 2):
        proc = groundgate(
            "compare", "--judge", "figures", "--cases", str(tmp_path / "cases.jsonl"), "--baseline",
            str(tmp_path / "baseline.jsonl"), "--candidate", str(tmp_path / "candidate.jsonl"), "--shard", f"{k}/2",
            "--results", str(tmp_path / f"r{k}.json"),
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr
    merged = groundgate("merge", str(tmp_path / "r1.json"), str(tmp_path / "r2.json"), "--cases", str(tmp_path / "cases.jsonl"))  # fmt: skip
    assert merged.returncode == 0, merged.stderr

"""The tripwire and the claims as a user meets them: the action beside a lazy judge (every answer 5) on the
example's regressing candidate, and a results file whose tripwire rows a pull-request author edited."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from tests.support.action import PATHS, event, run_action
from tests.support.cli import compare_argv, groundgate
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply, claims_reply
from tests.support.fakes.github import FakeGitHub
from tests.support.paths import EXAMPLES

StartAzure = Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]


def lazy_with_claims(prompt: Prompt) -> Reply:
    """Every answer fully grounded; the 45 days named when asked for the claims."""
    if prompt.kind == "claims":
        return claims_reply(("You have 45 days to return an item", "contradicted", "within 30 days of purchase"))
    return Reply(score=5, reason="looks fine")


def inputs(fake: FakeAzureOpenAI, **more: str) -> dict[str, str]:
    return {
        **PATHS, "candidate": "evals/candidate-regression.jsonl", "judge": "azure", "azure-endpoint": fake.endpoint,
        "judge-deployment": "judge-4o", "azure-api-key": "test-key", **more,
    }  # fmt: skip


def test_beside_a_lazy_judge_the_invented_figures_are_rows_to_read(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: StartAzure
) -> None:
    run = run_action(workspace, gh, inputs(fake_azure(lazy_with_claims)), event_path=event(tmp_path))
    assert run.code == 0, run.stdout + run.stderr  # warn: never blocks
    assert (run.outputs["verdict"], run.outputs["unsupported-figures"]) == ("pass", "3")
    rows = {row["id"]: row for row in json.loads((workspace / ".groundgate/results.json").read_text())["rows"]}
    assert {cid for cid, row in rows.items() if row["outcome"] == "unsupported_figure"} == {
        "refund-007",  # 45 days
        "student-discount",  # 20%, where the baseline's unsupported figure was 15%
        "standard-shipping",  # 2-4 business days
    }
    assert rows["warranty-length"]["outcome"] == "tie"  # 24 month, as the context has it
    [check] = gh.check_runs.values()
    assert check["conclusion"] == "neutral"
    levels = {(a["start_line"], a["annotation_level"]) for a in check["annotations"]}
    assert levels == {(1, "warning"), (5, "warning"), (6, "warning")}
    [annotation] = [a for a in check["annotations"] if a["start_line"] == 1]
    assert annotation["title"] == "groundgate unsupported figure: refund-007 [policy]"
    assert annotation["message"].startswith(
        "The candidate newly states 45 days; the context states 30 days, 5 business days: “returns_policy.md: "
        "Items can be returned within 30 days of purchase with proof of purchase.”; the judge may have missed this"
    )  # the figure with its unit, and the context's sentence it was compared with (issue 38)
    body = gh.comments_on(7)[0]["body"]
    assert "### Unsupported figures (3)" in body
    assert "**Why:** newly states **45 days**; the context states 30 days, 5 business days\\: “returns\\_policy" in body
    assert "- **Contradicted:** “You have 45 days to return an item” — the context says: “within 30 days of purchase”" in body  # fmt: skip
    assert "FIGURE [policy] refund-007: newly states 45 days; the context states 30 days" in run.stdout


def test_tripwire_block_fails_the_job_on_the_blocking_categories_figures(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: StartAzure
) -> None:
    fake = fake_azure(lazy_with_claims)
    run = run_action(workspace, gh, inputs(fake, tripwire="block", claims="false"), event_path=event(tmp_path))
    assert run.code == 1, run.stdout + run.stderr
    assert (run.outputs["verdict"], run.outputs["blocking-regressions"], run.outputs["unsupported-figures"]) == ("fail", "0", "3")  # fmt: skip
    [check] = gh.check_runs.values()
    assert check["conclusion"] == "failure"
    assert check["output"]["title"].startswith("Blocks merge: 2 answers newly state figures their context never states")
    assert {p.kind for p in fake.prompts} == {"groundedness"}  # claims: false
    assert run.stdout.rstrip().splitlines()[-1] == "Verdict: " + check["output"]["title"]


def test_a_tripwire_row_relabelled_in_a_results_file_is_refused(tmp_path: Path, fake_azure: StartAzure) -> None:
    fake = fake_azure(lazy_with_claims)
    results = tmp_path / "r.json"
    proc = groundgate(
        "compare", "--cases", str(EXAMPLES / "cases.jsonl"), "--baseline", str(EXAMPLES / "baseline.jsonl"),
        "--candidate", str(EXAMPLES / "candidate-regression.jsonl"), "--azure-endpoint", fake.endpoint,
        "--judge-deployment", "judge-4o", "--tripwire", "block", "--results", str(results),
        env={"AZURE_OPENAI_API_KEY": "test-key"},
    )  # fmt: skip
    assert proc.returncode == 1, proc.stdout + proc.stderr
    data = json.loads(results.read_text())
    for row in data["rows"]:
        if row["outcome"] == "blocking_figure":  # made to look like ties, counts and verdict to match
            row["outcome"] = "tie"
            data["counts"]["blocking_figure"] -= 1
            data["counts"]["tie"] += 1
    data["verdict"] = "pass"
    results.write_text(json.dumps(data))
    again = groundgate("report", "--results", str(results))
    assert again.returncode == 2
    assert (
        "field 'rows.0.outcome': row 'refund-007': says tie but its buckets and new figures make it a blocking "
        "category's tripwire row: an edited results file is not a verdict"
    ) in again.stderr


def test_an_answer_of_fifty_thousand_figures_is_read_in_linear_time(tmp_path: Path) -> None:
    """The tripwire and the figures judge compared every figure an answer states with every other (50,000
    figures: half an hour of CPU). The CPU limit is a generous guard against that, not a measurement
    (bench/tripwire.py measures)."""
    invented = " ".join(f"{n} days." for n in range(50_000))
    (tmp_path / "cases.jsonl").write_text(
        json.dumps({"id": "r", "category": "shipping", "query": "q?", "context": "Ships within 30 days."}) + "\n"
    )
    (tmp_path / "b.jsonl").write_text(json.dumps({"id": "r", "response": "Ships within 30 days."}) + "\n")
    (tmp_path / "c.jsonl").write_text(json.dumps({"id": "r", "response": f"Ships within 30 days. {invented}"}) + "\n")
    argv = compare_argv(tmp_path / "cases.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl")
    proc = subprocess.run(
        [sys.executable, "-m", "groundgate.cli", *argv, "--results", str(tmp_path / "r.json")],
        env={"PATH": os.environ.get("PATH", "")}, capture_output=True, text=True, timeout=600, check=False,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_CPU, (120, 120)),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr  # a regression to review: shipping does not block
    [row] = json.loads((tmp_path / "r.json").read_text())["rows"]
    assert row["outcome"] == "review"
    assert [f["figure"] for f in row["new_figures"]] == [f"{n} days" for n in range(20)]  # the first twenty
    check = groundgate("report", "--results", str(tmp_path / "r.json"))  # the audit reads them again
    assert check.returncode == 0, check.stderr


def test_a_suite_in_five_languages_through_the_cli(tmp_path: Path) -> None:
    """Issue 38 as a user meets it: French, German, Japanese, Korean and Chinese cases whose answers restate
    their figures in another form pass with the offline figures judge (it shares the tripwire's extraction);
    one invented figure, 60日 where the context says 三十日, is caught, and blocks in a blocking category."""
    cases = [
        ("fr-1", "Vous disposez de 30 jours pour retourner un article.", "Vous avez trente jours pour le retourner."),
        ("de-1", "Das Jahresabo kostet 1.200 Euro.", "Das Jahresabo kostet 1200 €."),
        ("ja-1", "返品は商品到着後三十日以内に限ります。", "返品は到着後30日以内に受け付けます。"),
        ("ko-1", "고객센터는 오전 9시부터 오후 6시까지 운영합니다.", "고객센터는 9:00부터 18:00까지 운영합니다."),
        ("zh-1", "客服7×24小时在线。", "客服全天24小时、每周7天在线。"),
    ]
    (tmp_path / "cases.jsonl").write_text(
        "".join(
            json.dumps({"id": cid, "category": "policy", "query": "?", "context": c}, ensure_ascii=False) + "\n"
            for cid, c, _ in cases
        ),
        encoding="utf-8",
    )
    (tmp_path / "b.jsonl").write_text(
        "".join(json.dumps({"id": cid, "response": c}, ensure_ascii=False) + "\n" for cid, c, _ in cases),
        encoding="utf-8",
    )

    def candidate(answers: dict[str, str]) -> Path:
        path = tmp_path / "c.jsonl"
        path.write_text("".join(json.dumps({"id": cid, "response": answers.get(cid, a)}, ensure_ascii=False) + "\n" for cid, _, a in cases), encoding="utf-8")  # fmt: skip
        return path

    argv = compare_argv(tmp_path / "cases.jsonl", tmp_path / "b.jsonl", candidate({}), "--results", str(tmp_path / "r.json"))  # fmt: skip
    restated = groundgate(*argv)
    assert restated.returncode == 0, restated.stdout + restated.stderr
    rows = {row["id"]: row for row in json.loads((tmp_path / "r.json").read_text())["rows"]}
    assert {cid: row["outcome"] for cid, row in rows.items()} == dict.fromkeys(rows, "tie")
    assert all("new_figures" not in row for row in rows.values())

    invented = groundgate(*compare_argv(tmp_path / "cases.jsonl", tmp_path / "b.jsonl", candidate({"ja-1": "返品は到着後60日以内に受け付けます。"}), "--results", str(tmp_path / "r.json")))  # fmt: skip
    assert invented.returncode == 1, invented.stdout + invented.stderr
    [row] = [row for row in json.loads((tmp_path / "r.json").read_text())["rows"] if row["outcome"] != "tie"]
    assert (row["id"], row["outcome"]) == ("ja-1", "regression")
    assert [(f["figure"], f["said"], f["nearest"]) for f in row["new_figures"]] == [
        ("60日", "within 60 days", ["三十日"])
    ]
    assert row["new_figures"][0]["sentence"] == "返品は商品到着後三十日以内に限ります。"
    check = groundgate("report", "--results", str(tmp_path / "r.json"))  # the audit derives the figures again
    assert (check.returncode, check.stderr) == (1, ""), check.stderr  # the same blocking verdict, no refusal

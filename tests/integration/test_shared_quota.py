"""Shards on one quota (issue 45.3), at the wire: one fake deployment charging and enforcing its quota as Azure
does (``support.fakes.quota``), four ``groundgate compare --shard K/4`` processes started together against it,
as a matrix runs them. Each shard paces to its part of the deployment's limits, so together they keep to the
whole; timings are measured in ``bench/quota.py --shards 4``, never asserted here."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from groundgate.cases import Case, shards_of
from tests.support.cli import groundgate
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.quota import AzureQuota

SHARDS = 4


def decide(prompt: Prompt) -> Reply:
    return Reply(score=4 if prompt.kind == "fluency" else 5)


def test_four_shards_on_one_deployment_keep_to_its_quota_together(tmp_path: Path) -> None:
    """Each shard read the deployment's whole limits from its headers and paced to them: four shards sent four
    times the quota, and the deployment refused what the slowest shard then waited out."""
    rows = [(f"case-{n:02d}", f"Returns are accepted within {n + 10} days. " * (1 + n % 5)) for n in range(40)]
    (tmp_path / "cases.jsonl").write_text(
        "".join(json.dumps({"id": i, "category": "policy", "query": "How long?", "context": c}) + "\n" for i, c in rows)
    )
    for side in ("baseline", "candidate"):
        answers = "".join(json.dumps({"id": i, "response": f"Within the window, {side}."}) + "\n" for i, _ in rows)
        (tmp_path / f"{side}.jsonl").write_text(answers)
    quota = AzureQuota(tpm=300_000)
    with FakeAzureOpenAI(decide, quota=quota) as fake:

        def shard(k: int) -> int:
            proc = groundgate(
                "compare", "--cases", str(tmp_path / "cases.jsonl"), "--baseline", str(tmp_path / "baseline.jsonl"),
                "--candidate", str(tmp_path / "candidate.jsonl"), "--azure-endpoint", fake.endpoint,
                "--judge-deployment", "judge-4o", "--shard", f"{k}/{SHARDS}", "--results", str(tmp_path / f"r{k}.json"),
                env={"AZURE_OPENAI_API_KEY": "test-key"},
            )  # fmt: skip
            assert proc.returncode == 0, proc.stderr
            return proc.returncode

        with ThreadPoolExecutor(SHARDS) as pool:
            assert list(pool.map(shard, range(1, SHARDS + 1))) == [0] * SHARDS
    assert quota.tally.refused <= 0.02 * quota.tally.requests, (quota.tally.refused, quota.tally.requests)
    parts = [json.loads((tmp_path / f"r{k}.json").read_text()) for k in range(1, SHARDS + 1)]
    assert sum(len(part["rows"]) for part in parts) == len(rows)
    assert all(part["counts"]["error"] == 0 for part in parts)
    merged = groundgate("merge", *(str(tmp_path / f"r{k}.json") for k in range(1, SHARDS + 1)), "--cases",
                        str(tmp_path / "cases.jsonl"))  # fmt: skip
    assert merged.returncode == 0, merged.stderr


def suite(where: Path, rows: list[tuple[str, str]], name: str) -> None:
    (where / f"{name}-cases.jsonl").write_text(
        "".join(json.dumps({"id": i, "category": "policy", "query": "How long?", "context": c}) + "\n" for i, c in rows)
    )
    for side in ("baseline", "candidate"):
        (where / f"{name}-{side}.jsonl").write_text(
            "".join(json.dumps({"id": i, "response": f"Within the window, {side}."}) + "\n" for i, _ in rows)
        )


@pytest.mark.parametrize("shard", [None, "1/4"])  # None: the control, the same cases as a suite of their own
def test_a_shard_rerun_alone_is_not_held_to_a_quarter_of_an_idle_deployment(tmp_path: Path, shard: str | None) -> None:
    """One shard of four re-run alone, as 'Re-run failed jobs' does, with a deadline; nobody else uses the 80k TPM
    deployment. The shard paced to a quarter of it (about 4 min for its calls), its forecast passed the deadline the
    same calls meet at the deployment's real rate, and the run stopped at once (exit 3) saying the deployment's quota
    was 20k TPM. A share its headers have not yet measured does not stop a run, and once they show nobody else
    (SHARED_AFTER) the shard takes the whole."""
    rows = [(f"case-{n:02d}", f"Returns are accepted within {n + 10} days. " * 60) for n in range(40)]
    suite(tmp_path, rows, "all")
    mine = shards_of([Case(i, "policy", "How long?", c, n + 1) for n, (i, c) in enumerate(rows)], SHARDS)
    suite(tmp_path, [r for r in rows if mine[r[0]] == 1], "one")
    quota = AzureQuota(tpm=80_000)
    name = "all" if shard else "one"
    with FakeAzureOpenAI(decide, quota=quota) as fake:
        proc = groundgate(
            "compare", "--cases", str(tmp_path / f"{name}-cases.jsonl"), "--baseline",
            str(tmp_path / f"{name}-baseline.jsonl"), "--candidate", str(tmp_path / f"{name}-candidate.jsonl"),
            "--azure-endpoint", fake.endpoint, "--judge-deployment", "judge-4o", "--deadline", "120",
            "--results", str(tmp_path / "r.json"), *(["--shard", shard] if shard else []),
            env={"AZURE_OPENAI_API_KEY": "test-key"},
        )  # fmt: skip
    data = json.loads((tmp_path / "r.json").read_text())
    said = {row["error"] for row in data["rows"] if row.get("error")}
    assert proc.returncode == 0, (proc.returncode, data["counts"], said, proc.stderr[-300:])
    assert "not sent" not in proc.stderr
    assert "(20k TPM and 120 RPM, the deployment's)" not in proc.stderr  # a quarter is never named its quota
    if shard:
        assert "this shard's part, a quarter of the deployment's 80k TPM and 480 RPM" in proc.stderr

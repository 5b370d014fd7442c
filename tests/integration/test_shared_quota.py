"""Shards on one quota (issue 45.3), at the wire: one fake deployment charging and enforcing its quota as Azure
does (``support.fakes.quota``), four ``groundgate compare --shard K/4`` processes started together against it,
as a matrix runs them. Each shard paces to its part of the deployment's limits, so together they keep to the
whole; timings are measured in ``bench/quota.py --shards 4``, never asserted here."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

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

"""``groundgate compare --judge foundry`` as a user runs it: a subprocess signed in keyless with
DefaultAzureCredential (a managed identity's endpoint, as App Service gives one) to the fake Foundry project."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.azure import decide_by_text
from tests.support.cli import error_line, groundgate
from tests.support.fakes.foundry import MSI, MSI_SECRET, FakeFoundry, from_prompts
from tests.support.inputs import WriteJsonl

ROWS = [
    ("p1", "policy", "The refund window is 30 days.", "HALLUCINATE a 45 day window"),
    ("g1", "general", "Use the portal.", "polished: use the portal"),
]


@pytest.fixture
def foundry(tmp_path: Path) -> Iterator[FakeFoundry]:
    with FakeFoundry(tmp_path, from_prompts(decide_by_text)) as fake:
        yield fake


def files(write: WriteJsonl) -> list[str]:
    cases = write("cases.jsonl", [{"id": i, "category": c, "query": "How long?", "context": "30 days."} for i, c, _, _ in ROWS])  # fmt: skip
    baseline = write("baseline.jsonl", [{"id": i, "response": b} for i, _, b, _ in ROWS])
    candidate = write("candidate.jsonl", [{"id": i, "response": k} for i, _, _, k in ROWS])
    return ["--cases", str(cases), "--baseline", str(baseline), "--candidate", str(candidate)]


def signed_in(fake: FakeFoundry) -> dict[str, str]:
    """The environment of a machine with a managed identity, trusting the fake's certificate."""
    return {
        "IDENTITY_ENDPOINT": f"{fake.base_url}{MSI}",
        "IDENTITY_HEADER": MSI_SECRET,
        "SSL_CERT_FILE": str(fake.cert),
        "REQUESTS_CA_BUNDLE": str(fake.cert),
    }


def test_compare_with_the_foundry_judge_signs_in_keyless_and_records_the_pinned_evaluators(
    foundry: FakeFoundry, write_jsonl: WriteJsonl, tmp_path: Path
) -> None:
    results = tmp_path / "results.json"
    proc = groundgate(
        "compare", "--judge", "foundry", "--azure-ai-project", foundry.endpoint, "--judge-deployment", "judge-4o",
        "--evaluator-version", "groundedness=4,fluency=3", *files(write_jsonl), "--results", str(results),
        env=signed_in(foundry),
    )  # fmt: skip
    assert proc.returncode == 1, proc.stderr  # the policy row's regression blocks
    data = json.loads(results.read_text())
    assert data["judge"]["kind"] == "foundry"
    assert data["judge"]["models"] == ["builtin.groundedness@4 (gpt-4o-2024-11-20)"]
    assert [r["outcome"] for r in data["rows"]] == ["regression", "tie"]
    assert "builtin.groundedness@4" in proc.stdout
    authorizations = {headers.get("authorization") for _, path, headers, _ in foundry.requests if MSI not in path}
    assert authorizations == {"Bearer foundry-token"}  # the managed identity's token, on every request
    assert {version for _, version, _ in foundry.graded()} == {"4"}


def test_without_an_evaluator_version_the_run_is_refused(foundry: FakeFoundry, write_jsonl: WriteJsonl) -> None:
    proc = groundgate(
        "compare", "--judge", "foundry", "--azure-ai-project", foundry.endpoint, "--judge-deployment", "judge-4o",
        *files(write_jsonl), env=signed_in(foundry),
    )  # fmt: skip
    assert proc.returncode == 2
    assert error_line(proc.stderr) == (
        "groundgate: error: --evaluator-version: a Foundry evaluator runs its latest version unless one is pinned, so "
        "verdicts could change without a commit: set --evaluator-version to the catalog version to pin, or to "
        "'latest' to take the newest and record it"
    )
    assert foundry.requests == []


def test_latest_is_taken_only_when_asked_for_and_the_version_used_is_shown(
    foundry: FakeFoundry, write_jsonl: WriteJsonl, tmp_path: Path
) -> None:
    foundry.catalog["builtin.groundedness"].append("5")
    results = tmp_path / "results.json"
    proc = groundgate(
        "compare", "--judge", "foundry", "--azure-ai-project", foundry.endpoint, "--judge-deployment", "judge-4o",
        "--evaluator-version", "latest", *files(write_jsonl), "--results", str(results), env=signed_in(foundry),
    )  # fmt: skip
    assert proc.returncode == 1, proc.stderr
    assert json.loads(results.read_text())["judge"]["models"] == ["builtin.groundedness@5 (gpt-4o-2024-11-20)"]
    assert "builtin.groundedness@5" in proc.stdout
    assert [c["evaluator_version"] for e in foundry.sent("create_eval") for c in e["testing_criteria"]] == ["5"]

"""``groundgate compare --judge foundry`` as a user runs it: a subprocess signed in keyless with
DefaultAzureCredential (a managed identity's endpoint, as App Service gives one) to the fake Foundry project."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.azure import decide_by_text
from tests.support.cli import error_line, groundgate
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
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


def written(letter: str) -> Callable[[Prompt], Reply]:
    """The score written in the response after ``letter`` ('A5 B2': A scores 5, B scores 2)."""

    def decide(prompt: Prompt) -> Reply:
        found = re.search(rf"\b{letter}(\d)\b", prompt.response)
        assert found, prompt.response
        return Reply(score=int(found[1]), reason=f"judge {letter} says {found[1]}")

    return decide


def test_bridge_measures_a_move_from_the_sdk_judge_to_the_foundry_evaluator(
    fake_azure: Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI], write_jsonl: WriteJsonl, tmp_path: Path
) -> None:
    rows = [("r1", "A5 B5"), ("r2", "A4 B4"), ("r3", "A5 B2"), ("r4", "A2 B2")]
    cases = write_jsonl("cases.jsonl", [{"id": i, "category": "policy", "query": "q?", "context": "ctx"} for i, _ in rows])  # fmt: skip
    responses = write_jsonl("responses.jsonl", [{"id": i, "response": r} for i, r in rows])
    azure = fake_azure(written("A"))
    with FakeFoundry(tmp_path, from_prompts(written("B"))) as foundry:
        proc = groundgate(
            "bridge", "--cases", str(cases), "--responses", str(responses), "--judge-deployment", "judge-4o",
            "--to", "foundry", "--azure-ai-project", foundry.endpoint, "--evaluator-version", "4,",
            env={**signed_in(foundry), "AZURE_OPENAI_ENDPOINT": azure.endpoint, "AZURE_OPENAI_API_KEY": "k" * 32},
        )  # fmt: skip
        assert proc.returncode == 2
        assert "--evaluator-version: give the catalog version to pin" in proc.stderr
        proc = groundgate(
            "bridge", "--cases", str(cases), "--responses", str(responses), "--judge-deployment", "judge-4o",
            "--to", "foundry", "--azure-ai-project", foundry.endpoint, "--evaluator-version", "groundedness=4,fluency=3",
            "--results", str(tmp_path / "bridge.json"),
            env={**signed_in(foundry), "AZURE_OPENAI_ENDPOINT": azure.endpoint, "AZURE_OPENAI_API_KEY": "k" * 32},
        )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    data = json.loads((tmp_path / "bridge.json").read_text())
    assert data["new"]["kind"] == "foundry"
    assert data["new"]["models"] == ["builtin.groundedness@4 (gpt-4o-2024-11-20)"]
    assert [(r["id"], r["current_bucket"], r["new_bucket"], r["crosses"]) for r in data["changed"]] == [
        ("r3", "grounded", "ungrounded", True)
    ]
    assert len(foundry.graded()) == len(rows)


def test_a_dry_run_says_the_service_counts_the_tokens_and_calls_nothing(write_jsonl: WriteJsonl) -> None:
    proc = groundgate(
        "compare", "--judge", "foundry", "--azure-ai-project", "https://127.0.0.1:9/api/projects/gate",
        "--judge-deployment", "judge-4o", "--evaluator-version", "latest", *files(write_jsonl), "--dry-run",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "tokens: not estimated: Foundry's evaluation runs call the model and count them" in proc.stdout
    assert "calls no model" not in proc.stdout


def test_a_project_that_cannot_be_reached_ends_without_a_verdict_named_as_an_outage(
    foundry: FakeFoundry, write_jsonl: WriteJsonl, tmp_path: Path
) -> None:
    gone = "https://127.0.0.1:9/api/projects/gate"  # the discard port: nothing listens (signed in by the fake's MSI)
    results = tmp_path / "results.json"
    proc = groundgate(
        "compare", "--judge", "foundry", "--azure-ai-project", gone, "--judge-deployment", "judge-4o",
        "--evaluator-version", "4", *files(write_jsonl), "--results", str(results), env=signed_in(foundry),
    )  # fmt: skip
    assert proc.returncode == 3, proc.stderr  # no verdict: never a pass, never a blocking regression
    said = f"the judge deployment judge-4o at {gone} could not be reached: 2 of 2 rows not judged"
    assert f"Verdict: No verdict: {said}" in " ".join(proc.stdout.split())
    data = json.loads(results.read_text())
    assert data["verdict"] == "error"
    assert {r["outcome"] for r in data["rows"]} == {"error"}
    assert all("the Foundry project could not be reached" in r["error"] for r in data["rows"])
    assert "Traceback" not in proc.stderr


def test_foundry_as_second_opinion_on_the_judges_own_deployment_is_the_judge_again(
    fake_azure: Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI], write_jsonl: WriteJsonl, tmp_path: Path
) -> None:
    """Foundry's builtin.groundedness is the SDK's groundedness rubric: run on the deployment --judge-deployment
    names (the Azure judge's own, serving the same model) it is the same judge under another name, so it cannot
    confirm a flip where a small blocking category needs an independent confirmation (hostile review, finding 4:
    it exited 1, 'another endpoint')."""
    azure = fake_azure(decide_by_text)
    with FakeFoundry(tmp_path, from_prompts(decide_by_text)) as foundry:
        results = tmp_path / "r.json"
        proc = groundgate(
            "compare", "--judge", "azure", "--judge-deployment", "judge-4o", "--second-opinion", "foundry",
            "--azure-ai-project", foundry.endpoint, "--evaluator-version", "groundedness=4,fluency=3",
            "--min-cases-to-block", "5", *files(write_jsonl), "--results", str(results),
            env={**signed_in(foundry), "AZURE_OPENAI_ENDPOINT": azure.endpoint, "AZURE_OPENAI_API_KEY": "k" * 32},
        )  # fmt: skip
        assert len(foundry.sent("create_run")) == 1  # the flip was re-scored there: by the same judge again
    assert proc.returncode == 0, proc.stderr  # review: a small category's flip no independent judge confirmed
    data = json.loads(results.read_text())
    row = next(r for r in data["rows"] if r["id"] == "p1")
    assert (row["outcome"], row["confirmed_by"]) == ("review", "same")
    assert row["rescore_model"] == "builtin.groundedness@4 (gpt-4o-2024-11-20)"
    assert data["judge"]["second_opinion_basis"].startswith("nothing: it runs on the judge's own deployment (judge-4o)")
    said = "the second opinion foundry runs on the judge's own deployment (judge-4o), the same model and rubric"
    assert any(w.startswith(said) for w in data["warnings"]), data["warnings"]


class Unread(FakeFoundry):
    """A project whose results are not in the shape openai's types give them: the hallucinated answer's score as a
    string ('2'), the polished one's out of range (7.0)."""

    def _output_item(self, run: Any, n: int) -> dict[str, Any]:
        item = super()._output_item(run, n)
        sent = json.dumps(run.items[n])
        if "HALLUCINATE" in sent or "polished" in sent:
            item["results"][0]["score"] = "2" if "HALLUCINATE" in sent else 7.0
        return item


def test_scores_the_service_sent_in_another_shape_are_rows_not_judged_and_the_line_names_the_service(
    write_jsonl: WriteJsonl, tmp_path: Path
) -> None:
    """Hostile review, finding 9: a score as a string or out of 1..5 stopped the run (exit 2, no results file)
    with advice for a local model (a larger model, JSON mode) a Foundry user cannot act on. The service read the
    model's answer itself: its shape is the service's, the rows are not judged (exit 3), the results written."""
    with Unread(tmp_path, from_prompts(decide_by_text)) as foundry:
        results = tmp_path / "r.json"
        proc = groundgate(
            "compare", "--judge", "foundry", "--azure-ai-project", foundry.endpoint, "--judge-deployment", "judge-4o",
            "--evaluator-version", "groundedness=4,fluency=3", *files(write_jsonl), "--results", str(results),
            env=signed_in(foundry),
        )  # fmt: skip
        foundry.violations.clear()  # the fake's contract check rightly objects to a string score
    assert proc.returncode == 3, proc.stderr
    data = json.loads(results.read_text())
    assert data["verdict"] == "error"
    errors = {r["id"]: r["error"] for r in data["rows"]}
    said = "which groundgate does not read as a score (a number in 1..5): the row is not judged"
    assert errors["p1"] == f"candidate: Foundry's builtin.groundedness sent score '2' (a string), {said}"
    assert errors["g1"] == f"candidate: Foundry's builtin.groundedness sent score 7.0, {said}"
    assert "response_format" not in proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr

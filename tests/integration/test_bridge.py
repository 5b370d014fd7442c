"""``groundgate bridge``: the same responses scored by the current judge and its successor, through
the CLI as a user runs it, against fake Azure OpenAI deployments and an OpenAI-compatible server."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import error_line, groundgate, interruptible
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.openai import FakeOpenAI
from tests.support.inputs import WriteJsonl

StartAzure = Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
StartOpenAI = Callable[..., FakeOpenAI]
KEY = "sk-proj-BRIDGEKEY0123456789"
INJECTION = "fine | <b>bold</b> @octocat ::error::x"

# (id, category, response): the response says what each judge scores it, "A<score>" for the current
# judge and "B<score>" for the new one, so the expected matrix can be read off this table.
ROWS = [
    ("r1", "shipping", "A5 B5"),
    ("r2", "shipping", "A5 B5, again"),
    ("r3", "billing", "A4 B4"),
    ("r4", "billing", "A3 B3"),
    ("r5", "policy", "A2 B2"),
    ("r6", "policy", "A1 B2"),  # 1 and 2 are one bucket: no change
    ("r7", "policy", "A5 B2"),  # crosses: the new judge finds the baseline ungrounded
    ("r8", "pricing", "A2 B4"),  # crosses: the new judge finds it partial
    ("r9", "shipping", "A5 B4"),
    ("r10", "billing", "A4 B3"),
    ("r11", "billing", "   "),  # empty: a non-answer under any judge, never sent
]
MATRIX = {
    "ungrounded": {"ungrounded": 2, "non_answer": 0, "partial": 1, "grounded": 0},
    "non_answer": {"ungrounded": 0, "non_answer": 1, "partial": 0, "grounded": 0},
    "partial": {"ungrounded": 0, "non_answer": 1, "partial": 1, "grounded": 0},
    "grounded": {"ungrounded": 1, "non_answer": 0, "partial": 1, "grounded": 2},
}
KAPPA = (0.6 - 0.25) / 0.75  # observed 6 of 10; chance (3*3 + 1*2 + 2*3 + 4*2) / 100


def scripted(
    letter_for: Callable[[Prompt], str], failing: frozenset[tuple[str, str]] = frozenset()
) -> Callable[[Prompt], Reply]:
    """Scores written in the response for the judge ``letter_for`` names; ``failing`` (letter, text) gives no score."""

    def decide(prompt: Prompt) -> Reply:
        letter = letter_for(prompt)
        if (letter, prompt.response) in failing:
            return Reply(score=None, reason="could not decide", model=f"model-{letter}")
        match = re.search(rf"\b{letter}(\d)\b", prompt.response)
        assert match, prompt.response
        reason = INJECTION if letter == "B" and prompt.response == "A5 B2" else f"judge {letter} says {match[1]}"
        return Reply(score=int(match[1]), reason=reason, model=f"model-{letter}")

    return decide


def by_deployment(prompt: Prompt) -> str:
    return {"judge-a": "A", "judge-b": "B"}[prompt.deployment]


def write_files(write_jsonl: WriteJsonl, rows: list[tuple[str, str, str]] = ROWS) -> list[str]:
    cases = [
        {"id": i, "category": c, "query": "How long do I have?", "context": "Returns within 30 days."}
        for i, c, _ in rows
    ]
    responses = [{"id": i, "response": r} for i, _, r in rows]
    return [
        "--cases",
        str(write_jsonl("cases.jsonl", cases)),
        "--responses",
        str(write_jsonl("baseline.jsonl", responses)),
    ]


def azure_env(fake: FakeAzureOpenAI) -> dict[str, str]:
    return {"AZURE_OPENAI_ENDPOINT": fake.endpoint, "AZURE_OPENAI_API_KEY": KEY}


def run_bridge(files: list[str], tmp_path: Path, *flags: str, env: dict[str, str]) -> tuple[Any, dict[str, Any], str]:
    proc = groundgate(
        "bridge", *files, *flags, "--results", str(tmp_path / "bridge.json"), "--report", str(tmp_path / "bridge.md"),
        env=env,
    )  # fmt: skip
    data = json.loads((tmp_path / "bridge.json").read_text()) if (tmp_path / "bridge.json").exists() else {}
    report = (tmp_path / "bridge.md").read_text() if (tmp_path / "bridge.md").exists() else ""
    return proc, data, report


def test_two_deployments_give_the_matrix_kappa_and_the_changed_rows_crossings_first(
    fake_azure: StartAzure, write_jsonl: WriteJsonl, tmp_path: Path
) -> None:
    fake = fake_azure(scripted(by_deployment))
    proc, data, report = run_bridge(
        write_files(write_jsonl), tmp_path, "--judge-deployment", "judge-a", "--to", "deployment:judge-b",
        env=azure_env(fake),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert data["schema"] == "groundgate-bridge"
    figures = data["bridge"]
    assert figures["matrix"] == MATRIX  # all 16 cells, zeros included
    assert (figures["rows"], figures["same_bucket"]) == (10, 6)
    assert figures["kappa"] == pytest.approx(KAPPA)
    changed = [(r["id"], r["current_bucket"], r["new_bucket"], r["crosses"]) for r in data["changed"]]
    assert changed == [
        ("r7", "grounded", "ungrounded", True),
        ("r8", "ungrounded", "partial", True),
        ("r9", "grounded", "partial", False),
        ("r10", "partial", "non_answer", False),
    ]
    assert data["changed"][0]["new_reason"] == INJECTION
    assert (data["current"]["models"], data["new"]["models"]) == (["model-A"], ["model-B"])
    assert (data["empty"], data["errors"]) == (1, [])
    # every non-empty response judged exactly once by each deployment; the empty one by neither
    assert Counter(p.deployment for p in fake.prompts) == {"judge-a": 10, "judge-b": 10}
    assert "   " not in {p.response for p in fake.prompts}
    assert (data["current"]["calls"], data["new"]["calls"]) == (10, 10)
    # the terminal: plain text (no markdown escapes), the crossings in blocking categories named
    assert "\\" not in proc.stdout
    assert "**" not in proc.stdout
    printed = " ".join(proc.stdout.split())
    assert (
        "2 rows cross the ungrounded line, the line the gate blocks on; 2 in the blocking categories "
        "(policy, pricing, safety), the ones to read with a person:" in printed
    )
    assert "INTO UNGROUNDED r7 [policy, blocking] grounded (5) -> ungrounded (2): fine | <b>bold</b>" in printed
    assert "OUT OF UNGROUNDED r8 [pricing, blocking] ungrounded (2) -> partial (4): judge B says 4" in printed
    assert printed.split("Verdict of the bridge: ")[-1].startswith("10 responses scored by both judges, 6 (60%)")
    # the report: figures a reviewer reads, crossings in their own table, other changes folded away
    assert "| r7 | policy (blocking) |" in report
    assert "- 2 in the blocking categories (policy, pricing, safety): the ones to read with a person." in report
    assert "**6 (60%) in the same bucket**, Cohen's kappa 0.47 (moderate agreement" in report
    assert "**2 row(s) cross the ungrounded line**" in report
    assert "- 1 the new judge finds ungrounded and the current judge does not." in report
    assert "- 1 the current judge finds ungrounded and the new judge does not." in report
    assert "| **grounded (5)** | 1 | 0 | 1 | **2** |" in report
    crossing = report.split("### Across the ungrounded line (2)")[1].split("<details>")[0]
    assert [line.split(" | ")[0] for line in crossing.strip().splitlines()[2:]] == ["| r7", "| r8"]
    assert "<summary>Other rows that change bucket (2)</summary>" in report
    # the new judge's reason is user text: no table break, tag, mention or workflow command survives
    assert "<b>" not in report
    assert "@octocat" not in report.replace("`@octocat`", "")
    assert not re.search(r"^::", proc.stdout, re.MULTILINE)
    assert "1 empty response(s) are non-answers under any judge" in report.replace("\\", "")
    assert KEY not in proc.stdout + proc.stderr + report + json.dumps(data)


def test_crossings_in_the_blocking_categories_come_first_and_are_marked(
    fake_azure: StartAzure, write_jsonl: WriteJsonl, tmp_path: Path
) -> None:
    fake = fake_azure(scripted(by_deployment))
    proc, data, report = run_bridge(
        write_files(write_jsonl), tmp_path, "--judge-deployment", "judge-a", "--to", "deployment:judge-b",
        "--blocking-categories", "pricing", env=azure_env(fake),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert data["blocking_categories"] == ["pricing"]
    assert [(r["id"], r["blocking"]) for r in data["changed"][:2]] == [("r8", True), ("r7", False)]
    assert "| r8 | pricing (blocking) |" in report
    assert "| r7 | policy |" in report
    printed = " ".join(proc.stdout.split())
    assert "1 in the blocking categories (pricing)" in printed
    assert printed.index("OUT OF UNGROUNDED r8 [pricing, blocking]") < printed.index("INTO UNGROUNDED r7 [policy]")


def test_an_openai_compatible_model_as_the_new_judge(
    fake_azure: StartAzure, fake_openai: StartOpenAI, write_jsonl: WriteJsonl, tmp_path: Path
) -> None:
    azure = fake_azure(scripted(lambda p: "A"))
    other = fake_openai(scripted(lambda p: "B"), api_key=KEY)
    proc, data, report = run_bridge(
        write_files(write_jsonl), tmp_path, "--judge-deployment", "judge-a", "--to", "openai:gpt-4.1-judge",
        env={**azure_env(azure), "OPENAI_BASE_URL": other.url, "OPENAI_API_KEY": KEY},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert data["bridge"]["matrix"] == MATRIX
    assert data["new"]["kind"] == "openai"
    assert data["new"]["deployment"] == "gpt-4.1-judge"
    assert {b["model"] for _, _, b in other.raw} == {"gpt-4.1-judge"}
    judged = [b for _, _, b in other.raw if b.get("max_tokens") != 1]  # a count's check asks one token: no judgement
    assert len(judged) == 10
    assert f"the OpenAI-compatible model gpt-4.1-judge at `{other.url}`" in report.replace("\\", "")


def test_rows_a_judge_could_not_score_are_listed_left_out_and_exit_3(
    fake_azure: StartAzure, write_jsonl: WriteJsonl, tmp_path: Path
) -> None:
    fake = fake_azure(scripted(by_deployment, failing=frozenset({("B", "A4 B4"), ("A", "A5 B4")})))
    proc, data, report = run_bridge(
        write_files(write_jsonl), tmp_path, "--judge-deployment", "judge-a", "--to", "deployment:judge-b",
        env=azure_env(fake),
    )  # fmt: skip
    assert proc.returncode == 3, proc.stderr
    assert [(e["id"], e["judge"]) for e in data["errors"]] == [("r3", "new"), ("r9", "current")]
    assert all("judge gave no score" in e["message"] for e in data["errors"])
    assert (data["bridge"]["rows"], data["bridge"]["same_bucket"]) == (8, 5)
    assert [r["id"] for r in data["changed"]] == ["r7", "r8", "r10"]
    assert "### Not scored (2)" in report
    assert "8 responses scored by both judges (2 more could not be scored" in report


def test_the_same_model_behind_both_deployments_is_called_a_noise_measurement(
    fake_azure: StartAzure, write_jsonl: WriteJsonl, tmp_path: Path
) -> None:
    fake = fake_azure(lambda p: Reply(score=5, model="gpt-4o-2024-11-20"))
    proc, data, _ = run_bridge(
        write_files(write_jsonl), tmp_path, "--judge-deployment", "judge-a", "--to", "deployment:judge-b",
        env=azure_env(fake),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert data["bridge"]["kappa"] == 1.0
    assert data["changed"] == []
    assert any("measures the judge's own noise, not a change of model" in w for w in data["warnings"])


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--to", "same"], "--to: give the new judge as deployment:NAME, openai:MODEL or foundry (got 'same')"),
        (["--to", "groundedness-pro"], "--to: give the new judge as deployment:NAME, openai:MODEL or foundry"),
        (["--to", "deployment:Judge-A"], "--to: 'deployment:Judge-A' is the current judge"),
        (
            ["--to", "deployment:has space"],
            "--to: give the new judge as deployment:NAME, openai:MODEL or foundry (got 'deployment:has space')",
        ),
        (["--to", "deployment:"], "(got 'deployment:')"),
        (
            ["--to", "deployment:judge-b", "--judge", "figures"],
            "--judge figures: the offline figures judge is no model",
        ),
        (["--to", "openai:gpt-4.1"], "OPENAI_API_KEY"),
        (["--to", "deployment:judge-b", "--rubric", "sideways"], "--rubric"),
    ],
)
def test_bad_flags_are_one_line_and_exit_2_before_any_call(
    fake_azure: StartAzure, write_jsonl: WriteJsonl, tmp_path: Path, flags: list[str], message: str
) -> None:
    fake = fake_azure(scripted(by_deployment))
    proc, data, _ = run_bridge(
        write_files(write_jsonl), tmp_path, "--judge-deployment", "judge-a", *flags, env=azure_env(fake)
    )
    assert proc.returncode == 2, proc.stderr
    [line] = proc.stderr.strip().splitlines()
    assert message in line
    assert "Traceback" not in proc.stderr
    assert fake.prompts == []
    assert data == {}


@pytest.mark.parametrize(
    ("cases", "responses", "message"),
    [
        ([{"id": "r1", "category": "policy", "query": "q", "context": "c"}, {"id": "r2", "category": "policy", "query": "q"}],
         [{"id": "r1", "response": "A5 B5"}, {"id": "r2", "response": "A5 B5"}],
         "cases.jsonl:2: field 'context'"),
        ([{"id": "r1", "category": "policy", "query": "q", "context": "c"}, {"id": "r2", "category": "policy", "query": "q", "context": "c"}],
         [{"id": "r1", "response": "A5 B5"}],
         "baseline.jsonl: field 'id': no response for 1 case(s): 'r2'"),
        ([{"id": "r1", "category": "policy", "query": "q", "context": "c"}],
         [{"id": "r1", "response": "A5 B5"}, {"id": "r1", "response": "A2 B2"}],
         "baseline.jsonl:2: field 'id': duplicate id 'r1' (first on line 1)"),
        ([{"id": "r1", "category": "policy", "query": "q", "context": "c"}],
         [{"id": "r1", "response": 5}],
         "baseline.jsonl:1: field 'response'"),
    ],
)  # fmt: skip
def test_bad_input_names_file_line_and_field_and_exits_2(
    fake_azure: StartAzure,
    write_jsonl: WriteJsonl,
    tmp_path: Path,
    cases: list[dict[str, Any]],
    responses: list[dict[str, Any]],
    message: str,
) -> None:
    fake = fake_azure(scripted(by_deployment))
    files = [
        "--cases",
        str(write_jsonl("cases.jsonl", cases)),
        "--responses",
        str(write_jsonl("baseline.jsonl", responses)),
    ]
    proc, data, _ = run_bridge(
        files, tmp_path, "--judge-deployment", "judge-a", "--to", "deployment:judge-b", env=azure_env(fake)
    )
    assert proc.returncode == 2, proc.stderr
    [line] = proc.stderr.strip().splitlines()
    assert line.startswith("groundgate: error: ")
    assert message in line
    assert fake.prompts == []
    assert data == {}


def test_a_results_path_that_cannot_be_written_is_refused_before_judging(
    fake_azure: StartAzure, write_jsonl: WriteJsonl, tmp_path: Path
) -> None:
    fake = fake_azure(scripted(by_deployment))
    proc = groundgate(
        "bridge", *write_files(write_jsonl), "--judge-deployment", "judge-a", "--to", "deployment:judge-b",
        "--results", str(tmp_path), env=azure_env(fake),
    )  # fmt: skip
    assert proc.returncode == 2
    assert "--results:" in proc.stderr
    assert "is a directory" in proc.stderr
    assert fake.prompts == []


@pytest.mark.parametrize(("stop", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_stop_signal_names_itself_and_writes_nothing(
    fake_azure: StartAzure, write_jsonl: WriteJsonl, tmp_path: Path, stop: signal.Signals, code: int
) -> None:
    def decide(prompt: Prompt) -> Reply:
        if prompt.deployment == "judge-b":
            return Reply(fault="stall", delay=60)  # the new judge hangs: the run is stopped mid-judging
        return scripted(by_deployment)(prompt)

    fake = fake_azure(decide)
    proc = subprocess.Popen(
        [sys.executable, "-m", "groundgate.cli", "bridge", *write_files(write_jsonl), "--judge-deployment", "judge-a",
         "--to", "deployment:judge-b", "--results", str(tmp_path / "bridge.json"), "--report", str(tmp_path / "bridge.md")],
        env={**azure_env(fake), "PATH": ""}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=interruptible,
    )  # fmt: skip
    deadline = time.monotonic() + 30
    while not any(p.deployment == "judge-b" for p in fake.prompts) and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.3)
    proc.send_signal(stop)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == code
    assert (
        err.strip().splitlines()[-1]
        == f"groundgate: interrupted by {stop.name}: bridge did not finish; nothing written"
    )
    assert "Traceback" not in err
    assert not (tmp_path / "bridge.json").exists()
    assert not (tmp_path / "bridge.md").exists()


def test_a_new_deployment_that_does_not_exist_stops_on_its_first_call(
    fake_azure: StartAzure, write_jsonl: WriteJsonl, tmp_path: Path
) -> None:
    def decide(prompt: Prompt) -> Reply:
        if prompt.deployment == "judge-typo":
            return Reply(http_status=404, reason="DeploymentNotFound")
        return scripted(by_deployment)(prompt)

    fake = fake_azure(decide)
    proc, data, _ = run_bridge(
        write_files(write_jsonl), tmp_path, "--judge-deployment", "judge-a", "--to", "deployment:judge-typo",
        env=azure_env(fake),
    )  # fmt: skip
    assert proc.returncode == 2, proc.stderr
    line = error_line(proc.stderr)  # a progress line may come first on a loaded machine
    assert "has no deployment 'judge-typo'" in line
    assert sum(1 for p in fake.prompts if p.deployment == "judge-typo") == 1
    assert data == {}

"""``groundgate doctor``: one judge call with the run's settings, the real CLI against the local Azure OpenAI
and OpenAI-compatible servers: the format, the time, the cost, and the exit code of each way a judge fails."""

from __future__ import annotations

import json
import re
import socket
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.cli import groundgate
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.openai import FakeOpenAI
from tests.support.fakes.quota import count_tokens, prompt_tokens

Start = Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
StartOpenAI = Callable[..., FakeOpenAI]
KEY = "a-key-of-the-judge"
PROSE = "The response is well supported by the context, which states a 30-day window. I would rate it highly."


def azure(fake: FakeAzureOpenAI, *extra: str) -> list[str]:
    return ["doctor", "--azure-endpoint", fake.endpoint, "--judge-deployment", "judge-4o", *extra]


def openai(fake: FakeOpenAI, *extra: str) -> list[str]:
    return ["doctor", "--judge", "openai", "--openai-base-url", fake.url, "--judge-model", "gpt-4o", *extra]


def said(stdout: str) -> dict[str, str]:
    return {line.split(":", 1)[0]: line for line in stdout.splitlines() if ":" in line}


def test_a_judge_in_the_rubrics_format_is_ready_with_its_time_and_cost(fake_azure: Start) -> None:
    fake = fake_azure(lambda prompt: Reply(score=5, reason="every claim is in the context"))
    run = groundgate(*azure(fake, "--price-per-million-tokens", "2.5,10"), env={"AZURE_OPENAI_API_KEY": KEY})
    assert run.returncode == 0, run.stderr
    assert [p.kind for p in fake.prompts] == ["groundedness"]  # one call
    assert "30 days" in (fake.prompts[0].context or "")
    lines = said(run.stdout)
    assert lines["judge"] == f"judge: the azure judge, deployment 'judge-4o', at {fake.endpoint} (rubric query)"
    assert lines["answer"] == "answer: in the rubric's format: score 5 (grounded), model gpt-4o-2024-11-20"
    assert lines["reason"] == "reason: every claim is in the context"
    assert re.fullmatch(r"time: \d+\.\d\d s for one call \(a new connection included\)", lines["time"])
    # the fake counts the prompt and the answer its own way (support.fakes.quota)
    prompt = prompt_tokens(fake.prompts[0].body)
    answer = count_tokens(json.dumps({"reason": "every claim is in the context", "status": "completed", "score": 5}))
    said_tokens = f"tokens: {prompt + answer:,} ({prompt:,} prompt, {answer:,} answer), as the judge reported them"
    assert lines["tokens"] == said_tokens
    assert lines["cost"].startswith(f"cost: {(prompt * 2.5 + answer * 10) / 1e6:.2g} for this call (at 2.5 per million")
    assert run.stdout.splitlines()[-1].startswith("ready: the judge answers in the rubric's format")
    assert run.stderr == ""


@pytest.mark.parametrize("server", ["azure", "openai"])
def test_a_judge_that_answers_in_prose_is_a_setting_to_change(
    fake_azure: Start, fake_openai: StartOpenAI, server: str
) -> None:
    if server == "azure":
        on_azure = fake_azure(lambda prompt: Reply(content=PROSE))
        argv, env, prompts = azure(on_azure), {"AZURE_OPENAI_API_KEY": KEY}, on_azure.prompts
    else:
        on_openai = fake_openai(lambda prompt: Reply(content=PROSE), api_key=KEY)
        argv, env, prompts = openai(on_openai), {"OPENAI_API_KEY": KEY}, on_openai.prompts
    run = groundgate(*argv, env=env)
    assert run.returncode == 2, run.stdout + run.stderr
    assert len(prompts) == 1
    lines = said(run.stdout)
    assert lines["answer"].startswith("answer: none usable: ")
    assert "time" in lines
    assert "ready" not in lines
    [error] = run.stderr.strip().splitlines()
    assert error.startswith("groundgate: error: the ")
    assert "does not answer in the rubric's format" in error
    assert "JSON mode" in error  # the fix


def test_without_prices_the_cost_is_unknown_and_openai_works_alike(fake_openai: StartOpenAI) -> None:
    fake = fake_openai(lambda prompt: Reply(score=4, reason="mostly supported"), api_key=KEY)
    run = groundgate(*openai(fake), env={"OPENAI_API_KEY": KEY})
    assert run.returncode == 0, run.stderr
    lines = said(run.stdout)
    assert lines["answer"].startswith("answer: in the rubric's format: score 4 (partial)")
    assert lines["cost"] == "cost: unknown: give the judge's prices with --price-per-million-tokens IN,OUT"
    assert f"at {fake.url}" in lines["judge"]


def test_a_refused_key_is_a_setting_to_change(fake_openai: StartOpenAI) -> None:
    fake = fake_openai(lambda prompt: Reply(score=5), api_key=KEY)
    run = groundgate(*openai(fake), env={"OPENAI_API_KEY": "another-key-entirely"})
    assert run.returncode == 2, run.stdout + run.stderr
    [error] = run.stderr.strip().splitlines()
    assert "OPENAI_API_KEY" in error
    assert "another-key-entirely" not in run.stdout + run.stderr


def test_a_judge_that_cannot_be_reached_is_exit_3_and_one_line() -> None:
    with socket.socket() as closed:  # a port nothing listens on: the connection is refused
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    argv = ["doctor", "--azure-endpoint", f"http://127.0.0.1:{port}", "--judge-deployment", "judge-4o"]
    run = groundgate(*argv, env={"AZURE_OPENAI_API_KEY": KEY})
    assert run.returncode == 3, run.stdout + run.stderr
    [error] = run.stderr.strip().splitlines()
    assert "could not be reached or refused service" in error


def test_a_judge_that_scores_a_grounded_answer_low_is_named(fake_azure: Start) -> None:
    fake = fake_azure(lambda prompt: Reply(score=1, reason="no"))
    run = groundgate(*azure(fake), env={"AZURE_OPENAI_API_KEY": KEY})
    assert run.returncode == 0, run.stderr
    assert said(run.stdout)["note"].startswith(
        "note: the sample answer says only what its context says, yet the judge scored it 1"
    )


def test_missing_settings_are_usage_errors() -> None:
    run = groundgate("doctor", "--judge", "openai", env={"OPENAI_API_KEY": KEY})
    assert run.returncode == 2
    [error] = run.stderr.strip().splitlines()
    assert "--judge-model" in error


def test_the_judges_model_and_reason_reach_the_terminal_escaped(fake_azure: Start) -> None:
    """The model id and the reason are the judge server's text, as ``groundgate judges`` already treats its
    model ids: an escape sequence in them (an OSC title, a colour, a bidirectional override) is shown, never
    obeyed by the terminal. They were printed raw."""
    osc, colour = "\x1b]0;owned\x07", "\x1b[31m"
    fake = fake_azure(lambda prompt: Reply(score=5, reason=f"fine{colour}\u202eok", model=f"gpt-4o{osc}"))
    run = groundgate(*azure(fake), env={"AZURE_OPENAI_API_KEY": KEY})
    assert run.returncode == 0, run.stderr
    assert "\x1b" not in run.stdout
    assert "\u202e" not in run.stdout
    lines = said(run.stdout)
    assert lines["answer"] == "answer: in the rubric's format: score 5 (grounded), model gpt-4o\\x1b]0;owned\\x07"
    assert lines["reason"] == "reason: fine\\x1b[31m\\u202eok"


FILTERED = """\
name: groundgate
on:
  pull_request:
    paths: [evals/**, prompts/**]
  merge_group:
jobs:
  gate:
    name: groundedness gate
    runs-on: ubuntu-latest
    steps:
      - uses: your-org/groundgate@v0
"""


def test_a_path_filter_on_the_gates_workflow_is_flagged(tmp_path: Path) -> None:
    """Issue 45.5: a required check whose workflow filters pull requests by path never reports on one that touches
    no matching path, and branch protection waits for it forever: doctor names the file and the filter, from
    anywhere in the repository; a workflow that does not run groundgate, or filters inside the job, is not named."""
    workflows = tmp_path / ".github" / "workflows"
    workflows.mkdir(parents=True)
    (workflows / "gate.yml").write_text(FILTERED)
    (workflows / "docs.yaml").write_text(FILTERED.replace("your-org/groundgate@v0", "actions/setup-python@v7"))
    (workflows / "ignored.yml").write_text(
        FILTERED.replace("paths:", "paths-ignore:").replace("pull_request:", "pull_request_target:")
    )
    (workflows / "inside.yml").write_text(FILTERED.replace("    paths: [evals/**, prompts/**]\n", ""))
    (tmp_path / "evals").mkdir()
    run = groundgate("doctor", "--judge", "figures", cwd=tmp_path / "evals")
    assert run.returncode == 0, run.stderr
    found = [line for line in run.stdout.splitlines() if line.startswith("workflow: ")]
    assert found == [
        "workflow: .github/workflows/gate.yml: `on.pull_request.paths` filters which pull requests run the gate: a "
        "required check never reports on one that touches no matching path, and branch protection waits for it "
        "forever. Run the workflow on every pull request and skip inside the job instead "
        "(docs/action.md#which-check-to-require)",
        "workflow: .github/workflows/ignored.yml: `on.pull_request_target.paths-ignore` filters which pull requests run "
        "the gate: a required check never reports on one that touches no matching path, and branch protection waits "
        "for it forever. Run the workflow on every pull request and skip inside the job instead "
        "(docs/action.md#which-check-to-require)",
    ]
    assert run.stdout.splitlines()[-1].startswith("ready: ")  # the judge's check follows, as before

"""``groundgate compare --dry-run``: the plan, its tokens, its cost and the time the quota gives it, with the
real CLI pointed at the local judge servers, which must receive nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.support.cli import groundgate
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.openai import FakeOpenAI
from tests.support.paths import EXAMPLES

Start = Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
StartOpenAI = Callable[..., FakeOpenAI]
FILES = [
    "--cases", str(EXAMPLES / "cases.jsonl"), "--baseline", str(EXAMPLES / "baseline.jsonl"),
    "--candidate", str(EXAMPLES / "candidate.jsonl"),
]  # fmt: skip
KEY = {"AZURE_OPENAI_API_KEY": "a-key-of-the-judge", "OPENAI_API_KEY": "a-key-of-the-judge"}


def azure(fake: FakeAzureOpenAI, *extra: str) -> list[str]:
    return ["compare", *FILES, "--azure-endpoint", fake.endpoint, "--judge-deployment", "judge-4o", *extra]


def figures(line: str) -> tuple[float, float, float]:
    """The low, expected and high figures of one line ('calls: 16 low · 32 expected · 44 high')."""
    found = re.findall(r"([\d,.]+)(M?) (low|expected|high)", line)
    assert [what for *_, what in found] == ["low", "expected", "high"], line
    return tuple(float(n.replace(",", "")) * (1e6 if m else 1) for n, m, _ in found)  # type: ignore[return-value]


def lines(stdout: str) -> dict[str, str]:
    return {line.split(":", 1)[0]: line for line in stdout.splitlines() if ":" in line}


def test_the_plan_is_printed_and_the_azure_judge_receives_nothing(fake_azure: Start, tmp_path: Path) -> None:
    fake = fake_azure(lambda prompt: Reply(score=5))
    results, report = tmp_path / "results.json", tmp_path / "report.md"
    run = groundgate(
        *azure(fake, "--dry-run", "--max-rpm", "60", "--price-per-million-tokens", "2.5,10"),
        "--results", str(results), "--report", str(report), env=KEY,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert fake.accepted == 0  # not one connection, let alone a request
    assert not results.exists()
    assert not report.exists()
    said = lines(run.stdout)
    assert "nothing was called and nothing written" in said["dry run"]
    calls, tokens, cost = figures(said["calls"]), figures(said["tokens"]), figures(said["cost"])
    assert 0 < calls[0] <= calls[1] <= calls[2]
    assert 0 < tokens[0] <= tokens[1] <= tokens[2]
    assert 0 < cost[0] <= cost[1] <= cost[2]
    assert "(at 2.5 per million prompt tokens, 10 per million answer tokens)" in said["cost"]
    # the quota's floor: 60 requests a minute is a second a call
    assert f"at least {int(calls[1])} s for the expected calls at --max-rpm 60" in said["time"]


def test_without_prices_the_cost_is_unknown_never_zero(fake_openai: StartOpenAI) -> None:
    fake = fake_openai(lambda prompt: Reply(score=5), api_key=KEY["OPENAI_API_KEY"])
    run = groundgate(
        "compare", *FILES, "--judge", "openai", "--openai-base-url", fake.url, "--judge-model", "gpt-4o", "--dry-run",
        env=KEY,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert fake.accepted == 0
    said = lines(run.stdout)
    assert said["cost"].startswith("cost: unknown: give the judge's prices with --price-per-million-tokens")
    assert "0.00" not in run.stdout
    assert "$" not in run.stdout
    assert "no quota set (--max-rpm, --max-tpm)" in said["time"]


def test_a_dry_run_needs_no_api_key_since_it_calls_nothing(fake_openai: StartOpenAI, fake_azure: Start) -> None:
    """Issue 45.5: neither an OpenAI-compatible judge nor one as the second opinion asks for a key in a dry run;
    the run itself still does (one line naming the variable)."""
    server = fake_openai(lambda prompt: Reply(score=5), api_key=KEY["OPENAI_API_KEY"])
    judged = ("compare", *FILES, "--judge", "openai", "--openai-base-url", server.url, "--judge-model", "gpt-4o")
    dry = groundgate(*judged, "--dry-run", env={})
    assert dry.returncode == 0, dry.stderr
    assert "nothing was called and nothing written" in lines(dry.stdout)["dry run"]
    deployment = fake_azure(lambda prompt: Reply(score=5))
    second = (*azure(deployment, "--second-opinion", "openai:llama3.1:8b", "--openai-base-url", server.url),)
    assert groundgate(*second, "--dry-run", env={"AZURE_OPENAI_API_KEY": "k"}).returncode == 0
    assert server.accepted == deployment.accepted == 0
    run = groundgate(*judged, env={})
    assert run.returncode == 2
    assert run.stderr.splitlines()[-1].startswith("groundgate: error: OPENAI_API_KEY: an OpenAI-compatible judge needs")


def test_a_plan_over_the_budget_is_refused_as_the_run_would_refuse_it(fake_azure: Start) -> None:
    fake = fake_azure(lambda prompt: Reply(score=5))
    run = groundgate(*azure(fake, "--dry-run", "--max-calls", "3"), env=KEY)
    assert run.returncode == 2
    assert fake.accepted == 0
    [line] = run.stderr.strip().splitlines()
    assert line.startswith("groundgate: error: the plan needs 16 judge calls")
    assert "--max-calls" in line


def test_a_passing_run_spends_between_low_and_high_as_the_dry_run_said(fake_azure: Start, tmp_path: Path) -> None:
    """Every answer grounded, so nothing flips: the run makes the low calls (its first verdicts), fluency on
    its ties (the expected figure counts each row's; the run asks once for an answer two rows share) and the
    claims of its rows to read (the example's new figures), never more than the high figure."""
    fake = fake_azure(lambda prompt: Reply(score=5))
    planned = groundgate(*azure(fake, "--dry-run"), env=KEY)
    assert planned.returncode == 0, planned.stderr
    low, expected, high = figures(lines(planned.stdout)["calls"])
    ran = groundgate(*azure(fake, "--results", str(tmp_path / "r.json")), env=KEY)
    assert ran.returncode == 0, ran.stderr
    made: dict[str, Any] = json.loads((tmp_path / "r.json").read_text())["calls"]
    assert made["total"] == len(fake.prompts) <= high
    assert made["groundedness"] + made["noise"] == low
    assert 0 < made["fluency"] <= expected - low
    assert made["rescore"] == 0


def test_the_offline_judge_counts_no_tokens_and_no_cost(tmp_path: Path) -> None:
    run = groundgate("compare", *FILES, "--judge", "figures", "--dry-run", "--price-per-million-tokens", "1,1")
    assert run.returncode == 0, run.stderr
    said = lines(run.stdout)
    assert said["tokens"] == "tokens: none counted: this judge calls no model"
    assert said["cost"] == "cost: nothing: this judge calls no model"


def test_the_cache_is_read_never_written_and_its_scores_cost_no_call(fake_azure: Start, tmp_path: Path) -> None:
    fake = fake_azure(lambda prompt: Reply(score=5))
    cache = tmp_path / "scores.json"
    assert groundgate(*azure(fake, "--dry-run", "--cache", str(cache)), env=KEY).returncode == 0
    assert sorted(tmp_path.iterdir()) == []  # neither the cache nor its lock file
    assert groundgate(*azure(fake, "--cache", str(cache)), env=KEY).returncode == 0
    kept, asked = cache.read_bytes(), len(fake.prompts)
    planned = groundgate(*azure(fake, "--dry-run", "--cache", str(cache)), env=KEY)
    assert planned.returncode == 0, planned.stderr
    # every first verdict is in the cache: one call checks the cached scores are this judge model's
    assert figures(lines(planned.stdout)["calls"])[0] == 1
    assert cache.read_bytes() == kept
    assert len(fake.prompts) == asked


def test_a_warm_cache_plans_the_call_that_checks_it(fake_azure: Start, tmp_path: Path) -> None:
    """A rerun whose first verdicts the cache holds makes one real call (the cached scores count only if this
    judge still reports their model): the plan said 0, so a budget at the plan's minimum left that call to take
    a re-score's place, and the dry run's low figure was below what any such run spends."""
    fake = fake_azure(lambda prompt: Reply(score=5))
    cache = tmp_path / "scores.json"
    argv = azure(fake, "--cache", str(cache), "--noise-sample", "0", "--results", str(tmp_path / "r.json"))
    assert groundgate(*argv, env=KEY).returncode == 0
    again = groundgate(*argv, env=KEY)
    assert again.returncode == 0, again.stderr
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["calls"]["groundedness"] == 1
    assert data["plan"]["calls"] == 1  # was 0

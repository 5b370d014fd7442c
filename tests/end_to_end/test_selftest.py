"""``groundgate selftest`` and the action's ``selftest: true`` as a user runs them: the planted suite judged by
the configured judge, the table the README shows, and an exit code a workflow job can fail on."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.support.action import event, run_action
from tests.support.cli import groundgate
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.github import FakeGitHub
from tests.support.paths import ROOT

FIGURES_ROW = "| a plausible figure the context never states (must catch) | 8 | 8 | 8 | 8 |"


def test_the_figures_judges_self_test_passes_and_prints_the_readmes_table() -> None:
    proc = groundgate("selftest", "--judge", "figures")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.rstrip().endswith("PASSED: the gate caught every planted regression it must catch.")
    table = proc.stdout.split("\n\n")[1]
    assert table.startswith("| planted | cases | judge | tripwire | together |")
    assert FIGURES_ROW in table
    assert f"With the figures judge:\n\n{table}\n" in (ROOT / "docs/method.md").read_text()


def test_the_self_test_runs_the_configured_judge(
    fake_azure: Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI],
) -> None:
    fake = fake_azure(lambda prompt: Reply(score=5))  # a lazy judge: every answer fully grounded
    proc = groundgate(
        "selftest", "--judge", "azure", "--azure-endpoint", fake.endpoint, "--judge-deployment", "judge-4o",
        env={"AZURE_OPENAI_API_KEY": "test-key"},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr  # the tripwire and the injection check catch what they must
    assert "Self-test of the azure judge with the tripwire, 66 planted cases" in proc.stdout
    assert "| a plausible figure the context never states (must catch) | 8 | 0 | 8 | 8 |" in proc.stdout
    assert "| a promise the context never makes, in words | 6 | 0 | 0 | 0 |" in proc.stdout
    assert {p.kind for p in fake.prompts} == {"groundedness"}  # the self-test makes no claims calls
    assert {p.deployment for p in fake.prompts} == {"judge-4o"}


def test_a_budget_the_self_tests_plan_does_not_fit_in_is_refused_before_the_first_call(
    fake_azure: Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI],
) -> None:
    """As ``compare`` refuses one: exit 2 and one line, not a run to exit 3 and a table of zeros."""
    fake = fake_azure(lambda prompt: Reply(score=5))
    proc = groundgate(
        "selftest", "--judge", "azure", "--azure-endpoint", fake.endpoint, "--judge-deployment", "judge-4o",
        "--max-calls", "1", env={"AZURE_OPENAI_API_KEY": "test-key"},
    )  # fmt: skip
    assert proc.returncode == 2, proc.stdout + proc.stderr
    [line] = proc.stderr.splitlines()
    assert line.startswith("groundgate: error: the plan needs ")
    assert ", over the budget of 1 (--max-calls): raise --max-calls to at least " in line
    assert proc.stdout == ""
    assert fake.prompts == []  # not one call


def test_the_actions_self_test_writes_the_summary_and_posts_nothing(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    run = run_action(workspace, gh, {"selftest": "true", "judge": "figures"}, event_path=event(tmp_path))
    assert run.code == 0, run.stdout + run.stderr
    assert run.summary.startswith("## groundgate self-test\n\nSelf-test of the figures judge")
    assert FIGURES_ROW in run.summary
    assert "PASSED: the gate caught every planted regression it must catch." in run.stdout
    assert gh.comments_on(7) == []
    assert gh.check_runs == {}

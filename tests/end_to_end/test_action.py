"""The action end to end, as the runner runs it: entrypoint.py in a subprocess with INPUT_* and
GITHUB_* variables, a workspace, a pull-request event, a fake GitHub and a fake Azure OpenAI."""

from __future__ import annotations

import html
import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from groundgate.report import marker
from tests.support.action import HEAD_SHA, PATHS, event, run_action
from tests.support.azure import decide_by_text
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.github import FakeGitHub, Fault
from tests.support.paths import EXAMPLES


@pytest.fixture
def gh() -> Iterator[FakeGitHub]:
    with FakeGitHub() as server:
        yield server


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "workspace"
    (ws / "evals").mkdir(parents=True)
    for name in ("cases.jsonl", "baseline.jsonl", "candidate.jsonl", "candidate-regression.jsonl"):
        shutil.copy(EXAMPLES / name, ws / "evals" / name)
    return ws


def test_blocking_regression_fails_the_job_comments_and_annotates(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    run = run_action(
        workspace, gh, {**PATHS, "candidate": "evals/candidate-regression.jsonl"}, event_path=event(tmp_path)
    )
    assert run.code == 1, run.stdout + run.stderr
    assert run.outputs == {
        "verdict": "fail",
        "blocking-regressions": "1",
        "regressions": "2",
        "new-non-answers": "1",
        "unstable": "0",
        "errors": "0",
        "results-path": ".groundgate/results.json",
        "report-path": ".groundgate/report.md",
    }
    assert run.summary.startswith("## 🚫 groundgate: Blocked")
    assert "(https://github.example/o/r/blob/" + HEAD_SHA + "/evals/cases.jsonl#L1)" in run.summary
    assert json.loads((workspace / ".groundgate/results.json").read_text())["verdict"] == "fail"
    [comment] = gh.comments_on(7)
    assert marker("groundgate / verdict") in comment["body"]
    assert "[the job summary](https://github.example/o/r/actions/runs/42)" not in comment["body"]  # it all fit
    [check] = gh.check_runs.values()
    assert (check["name"], check["head_sha"], check["conclusion"]) == ("groundgate / verdict", HEAD_SHA, "failure")
    assert check["output"]["title"] == "1 blocking groundedness regression(s)"
    levels = {(a["path"], a["start_line"], a["annotation_level"]) for a in check["annotations"]}
    assert levels == {
        ("evals/cases.jsonl", 1, "failure"),
        ("evals/cases.jsonl", 6, "warning"),
        ("evals/cases.jsonl", 7, "notice"),
    }
    assert "::group::groundgate: judging 10 cases" in run.stdout
    assert "REGRESSION [policy] refund-007" in run.stdout
    assert "::add-mask::ghs_test" in run.stdout


def test_clean_candidate_passes_and_a_rerun_updates_the_comment(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    first = run_action(
        workspace, gh, {**PATHS, "candidate": "evals/candidate-regression.jsonl"}, event_path=event(tmp_path)
    )
    assert first.code == 1
    second = run_action(workspace, gh, {**PATHS, "candidate": "evals/candidate.jsonl"}, event_path=event(tmp_path))
    assert second.code == 0, second.stdout
    assert second.outputs["verdict"] == "pass"
    [comment] = gh.comments_on(7)
    assert "Needs review" in comment["body"]
    assert "comment updated" in second.stdout
    [check] = gh.check_runs.values()  # the rerun completed the same commit's check run again
    assert check["conclusion"] == "neutral"
    assert "check run 'groundgate / verdict' on f00dfacef00d: neutral" in second.stdout


def test_403_on_comment_and_check_degrades_to_summary_with_the_gates_exit_code(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    gh.faults += [
        Fault("POST", r"/repos/o/r/issues/7/comments", 403, times=99, message="Resource not accessible by integration"),
        Fault("POST", r"/repos/o/r/check-runs", 403, times=99, message="Resource not accessible by integration"),
    ]
    run = run_action(
        workspace, gh, {**PATHS, "candidate": "evals/candidate-regression.jsonl"}, event_path=event(tmp_path)
    )
    assert run.code == 1
    warnings = [line for line in run.stdout.splitlines() if line.startswith("::warning")]
    assert len(warnings) == 2
    assert all("HTTP 403" in w and "pull-requests: write" in w for w in warnings)
    assert run.summary.startswith("## 🚫 groundgate: Blocked")


def test_fork_pull_request_warns_once_and_writes_only_the_summary(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    run = run_action(
        workspace, gh, {**PATHS, "candidate": "evals/candidate.jsonl"}, event_path=event(tmp_path, fork=True)
    )
    assert run.code == 0
    [warning] = [line for line in run.stdout.splitlines() if line.startswith("::warning")]
    assert "comes from a fork" in warning
    assert "workflow_run" in warning
    assert gh.comments == {}
    assert gh.check_runs == {}
    assert gh.requests == []
    assert run.summary


def test_push_event_gets_a_check_run_but_no_comment(workspace: Path, gh: FakeGitHub) -> None:
    run = run_action(workspace, gh, {**PATHS, "candidate": "evals/candidate.jsonl"}, event_name="push")
    assert run.code == 0
    assert gh.comments == {}
    [check] = gh.check_runs.values()
    assert check["head_sha"] == "mergecommitsha"


def test_fail_on_any_regression_and_never(workspace: Path, gh: FakeGitHub, tmp_path: Path) -> None:
    strict = run_action(
        workspace,
        gh,
        {**PATHS, "candidate": "evals/candidate.jsonl", "fail-on": "any-regression"},
        event_path=event(tmp_path),
    )
    assert strict.code == 1  # the shipping REVIEW row now fails the job
    lenient = run_action(
        workspace,
        gh,
        {**PATHS, "candidate": "evals/candidate-regression.jsonl", "fail-on": "never"},
        event_path=event(tmp_path),
    )
    assert lenient.code == 0
    assert lenient.outputs["verdict"] == "fail"


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"cases": "../outside.jsonl"}, "input 'cases': '../outside.jsonl' is outside the workspace"),
        ({"cases": "/etc/passwd"}, "input 'cases': '/etc/passwd' is outside the workspace"),
        ({"fail-on": "sometimes"}, "input 'fail-on'"),
        ({"max-concurrency": "many"}, "input 'max-concurrency'"),
        ({"judge": "azure"}, "needs an endpoint"),
    ],
)
def test_bad_inputs_are_one_error_line(workspace: Path, inputs: dict[str, str], message: str) -> None:
    run = run_action(workspace, None, {**PATHS, "candidate": "evals/candidate.jsonl", **inputs})
    assert run.code == 2
    errors = [line for line in run.stdout.splitlines() if line.startswith("::error")]
    assert len(errors) == 1
    assert message in errors[0]
    assert "Traceback" not in run.stderr
    assert run.summary.startswith("## ⛔ groundgate could not run")  # the same message, where reviewers look
    assert message in html.unescape(run.summary.replace("\\", ""))  # escaped markdown, read as a reviewer sees it


def test_symlink_leaving_the_workspace_is_refused(workspace: Path, tmp_path: Path) -> None:
    (tmp_path / "secret.jsonl").write_text("{}")
    (workspace / "evals" / "link.jsonl").symlink_to(tmp_path / "secret.jsonl")
    run = run_action(workspace, None, {**PATHS, "candidate": "evals/link.jsonl"})
    assert run.code == 2
    assert "input 'candidate': 'evals/link.jsonl' is outside the workspace" in run.stdout


def test_bad_case_line_is_annotated_on_its_file(workspace: Path) -> None:
    cases = workspace / "evals" / "cases.jsonl"
    cases.write_text(cases.read_text() + '{"id": "broken", "query": "q"}\n')
    run = run_action(workspace, None, {**PATHS, "candidate": "evals/candidate.jsonl"})
    assert run.code == 2
    [error] = [line for line in run.stdout.splitlines() if line.startswith("::error")]
    assert error.startswith("::error title=groundgate%3A bad input,file=evals/cases.jsonl,line=11::")
    assert "evals/cases.jsonl:11: field 'context': missing or empty" in error
    assert "evals/cases.jsonl:11: field 'context': missing or empty" in html.unescape(run.summary.replace("\\", ""))


def test_azure_judge_with_a_masked_key(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
) -> None:
    fake = fake_azure(
        lambda p: decide_by_text(p) if "45 days" not in p.response else Reply(score=2, reason="invents 45 days")
    )
    inputs = {
        **PATHS, "candidate": "evals/candidate-regression.jsonl", "judge": "azure", "azure-endpoint": fake.endpoint,
        "judge-deployment": "judge-4o", "azure-api-key": "sk-very-secret", "api-version": "2024-10-21",
    }  # fmt: skip
    run = run_action(workspace, gh, inputs, event_path=event(tmp_path))
    assert run.code == 1, run.stdout + run.stderr
    assert "::add-mask::sk-very-secret" in run.stdout
    assert run.stdout.count("sk-very-secret") == 1  # only the mask command itself
    assert "sk-very-secret" not in run.stderr
    assert {h["api-key"] for _, h, _ in fake.raw} == {"sk-very-secret"}
    assert "invents 45 days" in gh.comments_on(7)[0]["body"]


def test_matrix_shards_then_a_merge_step_publishes_one_verdict(workspace: Path, gh: FakeGitHub, tmp_path: Path) -> None:
    (workspace / "shards").mkdir()
    for k in (1, 2):
        shard = run_action(
            workspace, gh, {**PATHS, "candidate": "evals/candidate-regression.jsonl", "shard": f"{k}/2", "comment": "false", "check-run": "false", "fail-on": "never"},
            event_path=event(tmp_path),
        )  # fmt: skip
        assert shard.code == 0, shard.stdout
        shutil.copy(workspace / ".groundgate/results.json", workspace / "shards" / f"results-{k}.json")
    assert gh.comments == {}
    merged = run_action(
        workspace,
        gh,
        {"merge-results": "shards/*.json", "cases": "", "baseline": "", "candidate": ""},
        event_path=event(tmp_path),
    )
    assert merged.code == 1, merged.stdout
    assert merged.outputs["verdict"] == "fail"
    assert merged.outputs["blocking-regressions"] == "1"
    [comment] = gh.comments_on(7)
    assert "Blocked" in comment["body"]
    [check] = gh.check_runs.values()
    assert {a["path"] for a in check["annotations"]} == {"evals/cases.jsonl"}


def test_inputs_read_as_the_runner_sets_them() -> None:
    from groundgate.settings import read_inputs

    environ = {
        "INPUT_CASES": "evals/cases.jsonl",
        "INPUT_FAIL-ON": "never",  # the runner keeps hyphens
        "INPUT_CHECK_NAME": "docs-gate",  # the underscore spelling is accepted too
        "INPUT_AZURE-ENDPOINT": "",  # an input the user did not set arrives empty: unset
        "INPUT_JUDGE": "  figures  ",
    }
    assert read_inputs(environ) == {
        "cases": "evals/cases.jsonl",
        "fail-on": "never",
        "check-name": "docs-gate",
        "judge": "figures",
    }

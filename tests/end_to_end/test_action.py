"""The action end to end, as the runner runs it: entrypoint.py in a subprocess with INPUT_* and
GITHUB_* variables, a workspace, a pull-request event, a fake GitHub and a fake Azure OpenAI."""

from __future__ import annotations

import dataclasses
import html
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from groundgate.report.context import marker
from tests.support.action import BASE_SHA, HEAD_SHA, PATHS, action_environment, event, forged_shards, run_action
from tests.support.azure import decide_by_text
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.github import FakeGitHub, Fault
from tests.support.fakes.openai import FakeOpenAI
from tests.support.paths import ROOT
from tests.support.report_checks import inline_text, links, parse, seen


def heading(markdown: str) -> str:
    """The report's heading as a reader sees it."""
    tokens = parse(markdown)
    assert tokens[0].type == "heading_open"
    return inline_text(tokens[1])


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
        "unsupported-figures": "0",
        "accepted": "0",
        "results-path": ".groundgate/results.json",
        "report-path": ".groundgate/report.md",
    }
    assert run.summary.startswith(
        "## 🚫 groundgate: Blocks merge\\: 1 answer now makes unsupported claims — policy 1\n"
    )
    assert "(https://github.example/o/r/blob/" + HEAD_SHA + "/evals/cases.jsonl#L1)" in run.summary
    assert json.loads((workspace / ".groundgate/results.json").read_text())["verdict"] == "fail"
    [comment] = gh.comments_on(7)
    assert marker("groundgate / verdict") in comment["body"]
    assert "[the job summary](https://github.example/o/r/actions/runs/42)" not in comment["body"]  # it all fit
    [check] = gh.check_runs.values()
    assert (check["name"], check["head_sha"], check["conclusion"]) == ("groundgate / verdict", HEAD_SHA, "failure")
    assert check["output"]["title"] == "Blocks merge: 1 answer now makes unsupported claims — policy 1"
    assert run.stdout.rstrip().splitlines()[-1] == "Verdict: " + check["output"]["title"]
    assert comment["body"].startswith(
        "## 🚫 groundgate: Blocks merge\\: 1 answer now makes unsupported claims — policy 1\n"
    )
    levels = {(a["path"], a["start_line"], a["annotation_level"]) for a in check["annotations"]}
    assert levels == {
        ("evals/cases.jsonl", 1, "failure"),
        ("evals/cases.jsonl", 6, "warning"),
        ("evals/cases.jsonl", 7, "notice"),
    }
    assert "::group::groundgate: judging 10 cases" in run.stdout
    assert "REGRESSION [policy] refund-007" in run.stdout
    assert "::add-mask::ghs_test" in run.stdout


def test_clean_candidate_passes_and_a_rerun_updates_the_comment_and_supersedes_the_check_run(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    first = run_action(
        workspace, gh, {**PATHS, "candidate": "evals/candidate-regression.jsonl"}, event_path=event(tmp_path)
    )
    assert first.code == 1
    second = run_action(workspace, gh, {**PATHS, "candidate": "evals/candidate.jsonl"}, event_path=event(tmp_path))
    assert second.code == 0, second.stdout
    assert second.outputs["verdict"] == "pass"
    [comment] = gh.comments_on(7)  # one comment, updated in place, its id past 2^31 as GitHub's are
    assert comment["id"] > 2**31
    assert comment["body"].startswith("## ⚠️ groundgate: Does not block merge\\: 2 rows to read before shipping\n")
    assert "comment updated" in second.stdout
    older, check = sorted(gh.check_runs.values(), key=lambda r: r["id"])  # the rerun's own check run
    assert check["conclusion"] == "neutral"
    assert "failure" not in {a["annotation_level"] for a in check["annotations"]}  # no stale blocking annotation
    assert (older["conclusion"], older["output"]["title"]) == (
        "neutral",
        "Superseded by a newer run of groundgate / verdict",
    )
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
    assert all("HTTP 403" in w for w in warnings)
    assert "'permissions: pull-requests: write'" in warnings[0]  # each names what its own write needs
    assert "'permissions: checks: write'" in warnings[1]
    assert run.summary.startswith(
        "## 🚫 groundgate: Blocks merge\\: 1 answer now makes unsupported claims — policy 1\n"
    )


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
    # nothing written; the only requests read the base branch's cases and baseline (the yardstick check) and
    # the baseline file's last change (its age)
    assert [(r.method, r.path) for r in gh.requests] == [
        ("GET", "/repos/o/r/contents/evals/cases.jsonl"),
        ("GET", "/repos/o/r/contents/evals/baseline.jsonl"),
        ("GET", "/repos/o/r/commits"),
    ]
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
    title = "Blocks merge (fail-on: any-regression): 1 answer now makes unsupported claims — shipping 1"
    assert [c["output"]["title"] for c in gh.check_runs.values()] == [title]
    assert heading(gh.comments_on(7)[0]["body"]) == f"🚫 groundgate: {title}"
    lenient = run_action(
        workspace,
        gh,
        {**PATHS, "candidate": "evals/candidate-regression.jsonl", "fail-on": "never"},
        event_path=event(tmp_path),
    )
    assert lenient.code == 0
    assert lenient.outputs["verdict"] == "fail"
    title = "Does not block merge (fail-on: never), but 1 answer now makes unsupported claims — policy 1"
    assert [c["output"]["title"] for c in gh.check_runs.values()][-1] == title
    assert [c["conclusion"] for c in gh.check_runs.values()][-1] == "neutral"
    assert heading(gh.comments_on(7)[0]["body"]) == f"⚠️ groundgate: {title}"
    assert lenient.stdout.rstrip().splitlines()[-1] == f"Verdict: {title}"


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"cases": "../outside.jsonl"}, "input 'cases': '../outside.jsonl' is outside the workspace"),
        ({"cases": "/etc/passwd"}, "input 'cases': '/etc/passwd' is outside the workspace"),
        ({"fail-on": "sometimes"}, "input 'fail-on'"),
        ({"max-concurrency": "many"}, "input 'max-concurrency'"),
        ({"noise-sample": "-1"}, "input 'noise-sample'"),
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
    assert run.summary.startswith("## ⛔ groundgate: No verdict")  # the same message, where reviewers look
    assert message in html.unescape(run.summary.replace("\\", ""))  # escaped markdown, read as a reviewer sees it
    assert run.outputs == {  # as action.yml documents: an error, and no count known
        "verdict": "error", "blocking-regressions": "0", "regressions": "0", "new-non-answers": "0", "unstable": "0",
        "errors": "0", "unsupported-figures": "0", "accepted": "0",
    }  # fmt: skip


def test_noise_sample_and_model_under_test_reach_the_comment(workspace: Path, gh: FakeGitHub, tmp_path: Path) -> None:
    inputs = {**PATHS, "candidate": "evals/candidate.jsonl", "noise-sample": "3", "model-under-test": "gpt-4o-mini"}
    run = run_action(workspace, gh, inputs, event_path=event(tmp_path))
    assert run.code == 0, run.stdout + run.stderr
    results = json.loads((workspace / ".groundgate/results.json").read_text())
    assert (results["noise"]["sampled"], results["calls"]["noise"]) == (3, 3)
    assert results["model_under_test"] == "gpt-4o-mini"
    [comment] = gh.comments_on(7)
    assert "(0%, 95% CI 0%–71%)" in comment["body"]
    assert "Model under test: gpt\\-4o\\-mini." in comment["body"]
    assert "3 for the noise sample" in comment["body"]


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
    assert "evals/cases.jsonl:11: field 'context': missing or empty" in seen(run.summary)


def test_bad_input_on_a_pull_request_links_its_file_and_line_in_the_comment(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    cases = workspace / "evals" / "cases.jsonl"
    cases.write_text(cases.read_text() + '{"id": "broken", "query": "q"}\n')
    run = run_action(workspace, gh, {**PATHS, "candidate": "evals/candidate.jsonl"}, event_path=event(tmp_path))
    assert run.code == 2
    [comment] = gh.comments_on(7)
    url = f"https://github.example/o/r/blob/{HEAD_SHA}/evals/cases.jsonl#L11"
    for body in (comment["body"], run.summary):
        assert body.startswith("## ⛔ groundgate: No verdict\n")
        assert ("evals/cases.jsonl:11", url) in links(body)  # the reader clicks through to the line
        assert "evals/cases.jsonl:11: field 'context': missing or empty" in seen(body)


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


def test_openai_judge_with_a_masked_key(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_openai: Callable[..., FakeOpenAI]
) -> None:
    fake = fake_openai(
        lambda p: decide_by_text(p) if "45 days" not in p.response else Reply(score=2, reason="invents 45 days"),
        api_key="sk-proj-very-secret",
    )
    inputs = {
        **PATHS, "candidate": "evals/candidate-regression.jsonl", "judge": "openai", "judge-model": "gpt-4o-2024-11-20",
        "openai-base-url": fake.url, "openai-api-key": "sk-proj-very-secret", "model-under-test": "gpt-4o-mini",
    }  # fmt: skip
    run = run_action(workspace, gh, inputs, event_path=event(tmp_path))
    assert run.code == 1, run.stdout + run.stderr
    assert "::add-mask::sk-proj-very-secret" in run.stdout
    assert run.stdout.count("sk-proj-very-secret") == 1  # only the mask command itself
    assert "sk-proj-very-secret" not in run.stderr + run.summary
    assert {h["authorization"] for _, h, _ in fake.raw} == {"Bearer sk-proj-very-secret"}
    assert {b["model"] for _, _, b in fake.raw} == {"gpt-4o-2024-11-20"}
    results = (workspace / ".groundgate/results.json").read_text()
    assert "sk-proj-very-secret" not in results
    judge = json.loads(results)["judge"]
    assert (judge["kind"], judge["deployment"], judge["base_url"]) == ("openai", "gpt-4o-2024-11-20", fake.url)
    [comment] = gh.comments_on(7)
    assert "invents 45 days" in comment["body"]
    assert "sk-proj-very-secret" not in comment["body"]
    assert run.outputs["verdict"] == "fail"


def test_openai_judge_refusing_the_key_names_the_input(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_openai: Callable[..., FakeOpenAI]
) -> None:
    fake = fake_openai(decide_by_text, api_key="sk-the-right-one")
    inputs = {
        **PATHS, "candidate": "evals/candidate.jsonl", "judge": "openai", "judge-model": "gpt-4o-2024-11-20",
        "openai-base-url": fake.url, "openai-api-key": "sk-proj-wrong-key",
    }  # fmt: skip
    run = run_action(workspace, gh, inputs, event_path=event(tmp_path))
    assert run.code == 2, run.stdout + run.stderr
    [error] = [line for line in run.stdout.splitlines() if line.startswith("::error")]
    assert "refused the API key (HTTP 401): set input 'openai-api-key' to a key it accepts" in error
    assert "set input 'openai-api-key'" in html.unescape(run.summary.replace("\\", ""))
    assert len(fake.raw) == 1
    assert "wrong-key" not in run.stdout.replace("::add-mask::sk-proj-wrong-key", "") + run.stderr + run.summary


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
    assert comment["body"].startswith(
        "## 🚫 groundgate: Blocks merge\\: 1 answer now makes unsupported claims — policy 1\n"
    )
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


def test_a_merge_step_refuses_a_shard_file_missing_a_row(workspace: Path, gh: FakeGitHub, tmp_path: Path) -> None:
    def drop(data: dict[str, Any]) -> None:
        data["rows"] = [row for row in data["rows"] if row["outcome"] != "regression"]  # the crafted file

    forged_shards(workspace, gh, tmp_path, drop)
    merged = run_action(
        workspace, gh, {"merge-results": "shards/*.json", "cases": "", "baseline": "", "candidate": ""}, event_path=event(tmp_path)
    )  # fmt: skip
    assert merged.code == 2
    assert "no row for 1 case(s): 'refund-007'" in merged.stdout
    [comment] = gh.comments_on(7)  # no verdict: the PR is told so, never "Passed"
    assert comment["body"].startswith("## ⛔ groundgate: No verdict")


def test_a_pr_that_edits_the_baseline_says_so_in_the_headline(workspace: Path, gh: FakeGitHub, tmp_path: Path) -> None:
    """The PR rewrote refund-007's baseline answer and added a case: the yardstick moved, and reviewers see which ids."""
    cases = (workspace / "evals/cases.jsonl").read_bytes()
    gh.files[(BASE_SHA, "evals/cases.jsonl")] = b"\n".join(cases.splitlines()[:-1]) + b"\n"  # the last case is new
    baseline = (workspace / "evals/baseline.jsonl").read_text()
    gh.files[(BASE_SHA, "evals/baseline.jsonl")] = baseline.replace("30 days", "thirty days", 1).encode()
    last_id = json.loads(cases.splitlines()[-1])["id"]
    run = run_action(workspace, gh, {**PATHS, "candidate": "evals/candidate.jsonl"}, event_path=event(tmp_path))
    assert run.code == 0, run.stdout
    headline = run.summary.splitlines()[0]
    assert headline.endswith("the PR changes the yardstick")
    visible = html.unescape(run.summary.replace("\\", ""))
    assert f"Cases added: [{last_id}](https://github.example/o/r/blob/" in visible
    assert "Baseline responses changed: [refund-007](https://github.example/o/r/blob/" in visible
    [comment] = gh.comments_on(7)
    assert "edits what the gate measures against" in comment["body"]
    assert "WARNING: this pull request edits what the gate measures against" in run.stdout
    results = json.loads((workspace / ".groundgate/results.json").read_text())
    assert results["yardstick"] == {
        "base": BASE_SHA, "cases": [last_id], "baseline": ["refund-007"], "added": [last_id], "removed": [],
        "note": None, "unchecked": None, "removed_blocking": [],
        "at_base": {"refund-007": {"line": 1, "edited": ["baseline response"]}},  # the base's answer was judged
        "new_suite": False,  # the cases file is at the base: not the pull request that adds the suite
        "renamed": {}, "unasked_blocking": [],
    }  # fmt: skip


def test_a_pr_that_leaves_the_yardstick_alone_says_nothing_of_it(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    for name in ("cases", "baseline"):
        gh.files[(BASE_SHA, f"evals/{name}.jsonl")] = (workspace / f"evals/{name}.jsonl").read_bytes()
    run = run_action(workspace, gh, {**PATHS, "candidate": "evals/candidate.jsonl"}, event_path=event(tmp_path))
    assert run.code == 0
    assert "yardstick" not in run.summary
    assert json.loads((workspace / ".groundgate/results.json").read_text())["yardstick"]["cases"] == []


# --- runs that end without a verdict, and GitHub that cannot be reached in time -------------------


def test_a_run_without_a_verdict_replaces_the_last_verdict_on_the_pr(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    first = run_action(workspace, gh, {**PATHS, "candidate": "evals/candidate.jsonl"}, event_path=event(tmp_path))
    assert first.code == 0
    [comment] = gh.comments_on(7)
    assert "Does not block merge" in comment["body"]
    cases = workspace / "evals" / "cases.jsonl"
    cases.write_text(cases.read_text() + '{"id": "broken", "query": "q"}\n')
    second = run_action(workspace, gh, {**PATHS, "candidate": "evals/candidate.jsonl"}, event_path=event(tmp_path))
    assert second.code == 2
    [comment] = gh.comments_on(7)  # the same comment, updated: no stale "Needs review" left standing
    assert comment["body"].startswith("## ⛔ groundgate: No verdict")
    assert "field \\'context\\'" in comment["body"] or "field &#x27;context&#x27;" in comment["body"]
    assert comment["body"].rstrip().endswith(marker("groundgate / verdict"))
    latest = max(gh.check_runs.values(), key=lambda r: r["id"])
    assert (latest["conclusion"], latest["output"]["title"]) == (
        "failure",
        "No verdict: groundgate could not run (exit 2)",
    )


def test_bad_settings_also_replace_the_last_verdict(workspace: Path, gh: FakeGitHub, tmp_path: Path) -> None:
    run_action(workspace, gh, {**PATHS, "candidate": "evals/candidate.jsonl"}, event_path=event(tmp_path))
    again = run_action(
        workspace,
        gh,
        {**PATHS, "candidate": "evals/candidate.jsonl", "max-concurrency": "many"},
        event_path=event(tmp_path),
    )
    assert again.code == 2
    [comment] = gh.comments_on(7)
    assert comment["body"].startswith("## ⛔ groundgate: No verdict")


@pytest.mark.parametrize(
    "fault",
    [
        Fault(
            "POST",
            r".*/comments",
            403,
            times=20,
            message="API rate limit exceeded",
            headers={"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "9999999999"},
        ),
        Fault("POST", r".*/comments", 403, times=20, message="secondary rate limit", headers={"Retry-After": "3600"}),
        Fault("POST", r".*/comments", 502, times=50, message="bad gateway"),
    ],
    ids=["primary-rate-limit-an-hour-out", "retry-after-an-hour", "5xx-past-the-retries"],
)
def test_github_that_asks_for_an_hour_gets_a_warning_not_the_hour(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fault: Fault
) -> None:
    gh.faults.append(fault)
    run = run_action(
        workspace, gh, {**PATHS, "candidate": "evals/candidate-regression.jsonl"}, event_path=event(tmp_path)
    )  # run_action's own timeout (300 s) fails this test if the action waits for GitHub's hour
    assert run.code == 1  # the gate's verdict, not GitHub's trouble
    warnings = [line for line in run.stdout.splitlines() if line.startswith("::warning")]
    assert any("write the comment on #7" in w for w in warnings), run.stdout
    assert "Traceback" not in run.stderr
    assert gh.check_runs  # the check run still went through


def test_github_unreachable_is_no_verdict_rather_than_one_judged_afresh(workspace: Path, tmp_path: Path) -> None:
    """On a pull request the verdict needs what its earlier verdicts blocked on (docs/security.md, The verdict's
    memory): GitHub unreachable, the run says so and gives no verdict (exit 3), never one judged afresh."""
    closed = FakeGitHub()  # started and stopped at once: its port refuses connections
    with closed:
        pass
    run = run_action(
        workspace, closed, {**PATHS, "candidate": "evals/candidate-regression.jsonl"}, event_path=event(tmp_path)
    )
    assert run.code == 3
    assert "GitHub could not be reached" in run.stdout
    assert "no verdict is given without them" in run.stdout
    assert "Traceback" not in run.stderr


def test_an_unexpected_answer_while_reading_the_earlier_verdicts_is_no_verdict_not_exit_4(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    """GitHub answers the check-run listing with something nobody planned for: the earlier verdicts cannot be read,
    so there is no verdict (exit 3, saying why), neither a bug's exit 4 nor a verdict judged afresh."""
    gh.faults.append(Fault("GET", rf"/repos/o/r/commits/{HEAD_SHA}/check-runs", 200, times=99, body=[1, 2]))
    run = run_action(
        workspace, gh, {**PATHS, "candidate": "evals/candidate-regression.jsonl"}, event_path=event(tmp_path)
    )
    assert run.code == 3, run.stdout
    [error] = [line for line in run.stdout.splitlines() if line.startswith("::error")]
    assert "could not all be read (internal error, please report it: TypeError" in error
    assert run.outputs["verdict"] == "error"


def test_an_unexpected_error_while_publishing_never_changes_the_verdict(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    """The comment is posted, then GitHub answers the check-run listing with something nobody planned for (after the
    two readings of the earlier verdicts, before judging and before publishing, have had their answers)."""
    gh.faults.append(Fault("GET", rf"/repos/o/r/commits/{HEAD_SHA}/check-runs", 200, times=99, body=[1, 2], skip=2))
    run = run_action(
        workspace, gh, {**PATHS, "candidate": "evals/candidate-regression.jsonl"}, event_path=event(tmp_path)
    )
    assert run.code == 1, run.stdout  # the blocking regression, not exit 4
    assert run.outputs["verdict"] == "fail"
    [warning] = [line for line in run.stdout.splitlines() if line.startswith("::warning")]
    assert "publishing stopped: internal error, please report it:" in warning
    assert "The verdict stands" in warning
    assert "::error" not in run.stdout
    assert "no verdict" not in run.summary  # no second summary
    [comment] = gh.comments_on(7)
    assert comment["body"].startswith("## 🚫 groundgate: Blocks merge")  # the comment just posted stays
    assert run.stdout.rstrip().splitlines()[-1].startswith("Verdict: Blocks merge")


def test_an_unexpected_failure_is_one_line_and_exit_4(workspace: Path, tmp_path: Path) -> None:
    """A runner whose GITHUB_OUTPUT is a folder: nothing groundgate plans for, so one line and exit 4, never 1."""
    folder = tmp_path / "output-is-a-folder"
    folder.mkdir()
    run = run_action(
        workspace, None, {**PATHS, "candidate": "evals/candidate.jsonl"}, extra_env={"GITHUB_OUTPUT": str(folder)}
    )
    assert run.code == 4
    [error] = [line for line in run.stdout.splitlines() if line.startswith("::error")]
    assert "internal error, please report it: IsADirectoryError" in error
    assert "Traceback" not in run.stderr


def test_sigterm_while_loading_inputs_exits_143_without_a_verdict(workspace: Path, tmp_path: Path) -> None:
    fifo = workspace / "evals" / "slow.jsonl"
    os.mkfifo(fifo)  # reading it blocks until someone writes: the run is caught in the middle of loading
    env = action_environment(
        workspace, None, {**PATHS, "cases": "evals/slow.jsonl", "candidate": "evals/candidate.jsonl"}
    )
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "entrypoint.py")], cwd=workspace, env=env, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("::group::groundgate: loading"):
            break
    time.sleep(0.5)  # into the blocking open()
    proc.send_signal(signal.SIGTERM)
    rest, _ = proc.communicate(timeout=60)
    assert proc.returncode == 143
    assert "::error title=groundgate::interrupted by SIGTERM before judging began: no verdict" in rest


@pytest.mark.parametrize("link", [".groundgate", ".groundgate/report.md", ".groundgate/results.json"])
def test_a_committed_symlink_cannot_make_the_action_write_outside_the_workspace(
    workspace: Path, tmp_path: Path, link: str
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (workspace / ".groundgate").mkdir(exist_ok=True)
    if link == ".groundgate":
        (workspace / ".groundgate").rmdir()
        (workspace / link).symlink_to(outside, target_is_directory=True)
    else:
        (workspace / link).symlink_to(outside / "target")
    run = run_action(workspace, None, {**PATHS, "candidate": "evals/candidate.jsonl"})
    assert run.code == 2
    assert "is a symbolic link, and groundgate writes through no link" in run.stdout
    assert list(outside.iterdir()) == []  # nothing written there


def test_a_judge_that_echoes_the_key_cannot_leak_it_anywhere(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
) -> None:
    def echo(prompt: Prompt) -> Reply:
        if "45 days" in prompt.response:
            return Reply(http_status=400, reason=f"bad request with headers api-key: {prompt.headers['api-key']}")
        # The model name the judge reports reaches the results, the report's footer and the comment too.
        return dataclasses.replace(decide_by_text(prompt), model=f"gpt-4o {prompt.headers['api-key']}")

    fake = fake_azure(echo)
    inputs = {
        **PATHS, "candidate": "evals/candidate-regression.jsonl", "judge": "azure", "azure-endpoint": fake.endpoint,
        "judge-deployment": "judge-4o", "azure-api-key": "sk-very-secret-key",
    }  # fmt: skip
    run = run_action(workspace, gh, inputs, event_path=event(tmp_path))
    assert run.code == 3  # the row could not be judged
    results = (workspace / ".groundgate/results.json").read_text()
    assert "bad request with headers api-key: ***" in results  # the cause is kept, the key is not
    assert '"gpt-4o ***"' in results
    written = [results, (workspace / ".groundgate/report.md").read_text(), run.summary, run.stderr]
    written += [c["body"] for c in gh.comments.values()]
    written += [json.dumps(r) for r in gh.check_runs.values()]
    written.append(run.stdout.replace("::add-mask::sk-very-secret-key", ""))
    assert not [text for text in written if "sk-very-secret-key" in text]


def test_without_a_deadline_the_action_stops_before_githubs_job_limit_and_says_the_forecast(
    tmp_path: Path, gh: FakeGitHub
) -> None:
    """A deployment whose headers say one request a minute, and whose answers never contradict it (one call at a
    time, each held for its turn): 400 cases would take hours. With no `deadline` input the action still has one (5 h
    30 min, under GitHub's six-hour job limit), so the run stops at once with no verdict, naming the forecast, and
    writes its results, instead of sitting until GitHub kills the job with nothing written."""

    def slow_quota(prompt: Prompt) -> Reply:
        return Reply(score=5, headers={"x-ratelimit-limit-requests": "1"})

    workspace = tmp_path / "workspace"
    (workspace / "evals").mkdir(parents=True)
    files: dict[str, list[dict[str, str]]] = {"cases": [], "baseline": [], "candidate": []}
    for k in range(400):
        case = {
            "id": f"fee-{k}",
            "category": "pricing",
            "query": f"What is fee {k}?",
            "context": f"Fee {k} is {k} EUR.",
        }
        files["cases"].append(case)
        files["baseline"].append({"id": f"fee-{k}", "response": f"Fee {k} is {k} EUR."})
        files["candidate"].append({"id": f"fee-{k}", "response": f"It is {k} EUR."})
    for name, records in files.items():
        (workspace / "evals" / f"{name}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    gh.add_pull(7, HEAD_SHA, author="contributor")
    with FakeAzureOpenAI(slow_quota) as fake:
        inputs = {
            **PATHS, "candidate": "evals/candidate.jsonl", "judge": "azure", "azure-endpoint": fake.endpoint,
            "judge-deployment": "judge-4o", "azure-api-key": "test-key", "claims": "false", "max-concurrency": "1",
        }  # fmt: skip
        done = run_action(workspace, gh, inputs, event_path=event(tmp_path, head_sha=HEAD_SHA))
        sent = len(fake.prompts)
    assert done.code == 3, done.stdout[-3000:]
    assert sent <= 2
    assert "past the run's deadline (" in done.stdout
    results = json.loads((workspace / ".groundgate" / "results.json").read_text())
    assert results["verdict"] != "pass"
    assert (workspace / ".groundgate" / "report.md").is_file()

"""Where the action publishes, as the runner starts it: fork PRs judged from a workflow_run run, merge
queues, one check run that agrees with the step, paths inside a checkout, files later steps can read,
and a log no user text can drive."""

from __future__ import annotations

import json
import shutil
import stat
from pathlib import Path

import pytest

from groundgate.report.context import marker
from tests.support.action import (
    BASE_SHA,
    FORK_SHA,
    HEAD_SHA,
    PATHS,
    PUSH_SHA,
    QUEUE_SHA,
    event,
    merge_group_event,
    push_event,
    run_action,
    workflow_run_event,
)
from tests.support.fakes.github import FakeGitHub, Fault

REGRESSION = {**PATHS, "candidate": "evals/candidate-regression.jsonl"}
CLEAN = {**PATHS, "candidate": "evals/candidate.jsonl"}


# ---- fork pull requests, judged from a trusted workflow_run run


def test_workflow_run_for_a_fork_pr_publishes_on_its_head_and_its_pr(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    gh.add_pull(7, FORK_SHA, head_repo="someone/r")
    run = run_action(
        workspace, gh, REGRESSION, event_name="workflow_run", event_path=workflow_run_event(tmp_path, pull_requests=[])
    )
    assert run.code == 1, run.stdout + run.stderr
    [check] = gh.check_runs.values()
    assert (check["head_sha"], check["conclusion"]) == (FORK_SHA, "failure")  # not GITHUB_SHA, the default branch
    [comment] = gh.comments_on(7)
    assert "Blocks merge" in comment["body"]
    assert f"Reflects commit [`{FORK_SHA[:12]}`](https://github.example/o/r/commit/{FORK_SHA})" in comment["body"]
    assert "made by [workflow run 42](https://github.example/o/r/actions/runs/42)" in comment["body"]
    assert f"/blob/{FORK_SHA}/evals/cases.jsonl#L1" in comment["body"]
    asked = [(r.path, r.query.get("head")) for r in gh.requests if r.method == "GET" and "/pulls" in r.path]
    assert asked[:2] == [(f"/repos/o/r/commits/{FORK_SHA}/pulls", None), ("/repos/o/r/pulls", ["someone:patch-1"])]


def test_workflow_run_finds_a_fork_pr_by_its_head_when_the_commit_lists_none(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    gh.add_pull(7, FORK_SHA, head_repo="someone/r", by_commit=False)
    run = run_action(workspace, gh, CLEAN, event_name="workflow_run", event_path=workflow_run_event(tmp_path))
    assert run.code == 0, run.stdout
    assert len(gh.comments_on(7)) == 1
    assert [c["head_sha"] for c in gh.check_runs.values()] == [FORK_SHA]


def test_workflow_run_posts_nothing_when_the_pr_has_moved_on(workspace: Path, gh: FakeGitHub, tmp_path: Path) -> None:
    gh.add_pull(7, FORK_SHA, head_repo="someone/r")
    gh.move_pull(7, "abcdef" * 6 + "abcd")
    run = run_action(workspace, gh, REGRESSION, event_name="workflow_run", event_path=workflow_run_event(tmp_path))
    assert run.code == 1  # the job still says what this commit's data showed
    assert gh.comments == {}
    assert gh.check_runs == {}
    assert [r for r in gh.requests if r.method in ("POST", "PATCH") and r.path != "/graphql"] == []
    assert f"pull request #7 has moved on to abcdefabcdef since commit {FORK_SHA[:12]} was judged" in run.stdout
    assert run.summary.startswith("## 🚫 groundgate: Blocks merge")


def test_workflow_run_uses_the_pr_its_payload_lists(workspace: Path, gh: FakeGitHub, tmp_path: Path) -> None:
    gh.add_pull(9, FORK_SHA, head_repo="o/r", by_commit=False)
    path = workflow_run_event(tmp_path, pull_requests=[9], owner="o")
    run = run_action(workspace, gh, CLEAN, event_name="workflow_run", event_path=path)
    assert run.code == 0
    assert len(gh.comments_on(9)) == 1


def test_a_fork_pull_request_run_without_credentials_points_to_the_recipe(workspace: Path, tmp_path: Path) -> None:
    inputs = {**CLEAN, "judge": "azure", "azure-endpoint": "https://judge.example", "judge-deployment": "judge-4o"}
    keyless = {**inputs, "azure-client-id": "client", "azure-tenant-id": "tenant"}
    for given in (inputs, keyless):
        run = run_action(workspace, None, given, event_path=event(tmp_path, fork=True))
        assert run.code == 3
        [error] = [line for line in run.stdout.splitlines() if line.startswith("::error")]
        assert "comes from a fork" in error
        assert "examples/fork-prs/" in error
        assert "id-token" not in error
        assert "Traceback" not in run.stderr


# ---- merge queues


def test_merge_group_gets_a_check_run_on_the_queue_head_and_no_comment(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    run = run_action(workspace, gh, REGRESSION, event_name="merge_group", event_path=merge_group_event(tmp_path))
    assert run.code == 1
    assert gh.comments == {}
    [check] = gh.check_runs.values()
    assert (check["head_sha"], check["conclusion"]) == (QUEUE_SHA, "failure")


def test_the_fork_recipe_reports_on_the_merge_queues_commit(workspace: Path, gh: FakeGitHub, tmp_path: Path) -> None:
    """The recipe's first workflow also runs for the queue; its workflow_run then checks the queue's head, with the
    memory of the pull request the queue's branch names (it reads that pull request's verdicts, never comments)."""
    gh.add_pull(7, HEAD_SHA)
    queue = "gh-readonly-queue/main/pr-7-" + HEAD_SHA
    path = workflow_run_event(tmp_path, QUEUE_SHA, owner="o", branch=queue, triggered_by="merge_group")
    run = run_action(workspace, gh, REGRESSION, event_name="workflow_run", event_path=path)
    assert run.code == 1
    [check] = gh.check_runs.values()
    assert (check["name"], check["head_sha"], check["conclusion"]) == ("groundgate / verdict", QUEUE_SHA, "failure")
    assert gh.comments == {}
    assert not [r for r in gh.requests if r.method != "GET" and "/pulls" in r.path]  # nothing posted to it


# ---- every event the action handles, reruns and token kinds, fed GitHub's own example payloads


@pytest.mark.parametrize(
    ("name", "fork", "commit", "commented"),
    [
        ("pull_request", False, HEAD_SHA, True),
        ("pull_request_target", True, HEAD_SHA, True),  # the base repository's token, even for a fork's PR
        ("merge_group", False, QUEUE_SHA, False),
        ("push", False, PUSH_SHA, False),
    ],
)
def test_each_event_puts_the_check_on_its_commit(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, name: str, fork: bool, commit: str, commented: bool
) -> None:
    path = {
        "merge_group": lambda: merge_group_event(tmp_path),
        "push": lambda: push_event(tmp_path),
    }.get(name, lambda: event(tmp_path, fork=fork, name=name))()
    if name == "merge_group":
        gh.add_pull(7, HEAD_SHA)  # the pull request the queue's branch is named after (its adjudications are read)
    run = run_action(workspace, gh, REGRESSION, event_name=name, event_path=path)
    assert run.code == 1, run.stdout
    [check] = gh.check_runs.values()
    assert (check["head_sha"], check["conclusion"]) == (commit, "failure")  # never GITHUB_SHA, a merge commit
    assert len(gh.comments_on(7)) == (1 if commented else 0)
    assert "::warning" not in run.stdout


def test_a_push_that_deletes_its_ref_is_refused_and_nothing_is_published(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    path = push_event(tmp_path, deleted=True)
    deleted = json.loads(path.read_text())
    run = run_action(
        workspace, gh, CLEAN, event_name="push", event_path=path, extra_env={"GITHUB_SHA": "d" * 40}
    )  # GITHUB_SHA is the default branch's head on such a run
    assert run.code == 2
    [error] = [line for line in run.stdout.splitlines() if line.startswith("::error")]
    assert f"this push deletes {deleted['ref']} (its commit is {'0' * 40})" in error
    assert gh.check_runs == {}
    assert [r for r in gh.requests if r.method != "GET"] == []
    assert run.outputs["verdict"] == "error"


def test_a_rerun_updates_the_same_comment_and_links_its_attempt(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    first = run_action(workspace, gh, REGRESSION, event_path=event(tmp_path, action="opened"))
    assert first.code == 1
    rerun = run_action(workspace, gh, CLEAN, event_path=event(tmp_path), extra_env={"GITHUB_RUN_ATTEMPT": "2"})
    assert rerun.code == 0, rerun.stdout
    [comment] = gh.comments_on(7)
    assert "Does not block merge" in comment["body"]
    assert "made by [workflow run 42](https://github.example/o/r/actions/runs/42/attempts/2)" in comment["body"]
    latest = max(gh.check_runs.values(), key=lambda c: c["id"])
    assert (latest["head_sha"], latest["conclusion"]) == (HEAD_SHA, "neutral")  # the rerun's verdict, not the first
    assert "(https://github.example/o/r/actions/runs/42/attempts/2)" in rerun.summary


@pytest.mark.parametrize(
    ("token", "me", "bot", "checks"),
    [
        ("ghs_workflow", None, "github-actions[bot]", True),  # GITHUB_TOKEN
        ("ghs_installation", None, "groundgate-app[bot]", True),  # a GitHub App installation token
        ("github_pat_fine", "release-bot", "", False),
        ("ghp_classic", "release-bot", "", False),
        ("gho_oauth", "release-bot", "", False),
    ],
    ids=["workflow-token", "app-installation-token", "fine-grained-pat", "classic-pat", "oauth-app-token"],
)
def test_every_token_kind_keeps_one_comment_and_says_what_it_cannot_do(
    workspace: Path, tmp_path: Path, token: str, me: str | None, bot: str, checks: bool
) -> None:
    with FakeGitHub(token=token, me=me, bot=bot) as gh:
        others = gh.add_comment(7, "someone else's report\n" + marker("groundgate / verdict"), "mallory")
        for attempt in ("1", "2"):
            run = run_action(
                workspace, gh, REGRESSION, event_path=event(tmp_path), extra_env={"GITHUB_RUN_ATTEMPT": attempt}
            )
            assert run.code == 1, run.stdout  # the verdict, whatever GitHub accepted
        mine = [c for c in gh.comments_on(7) if c["id"] != others]
        assert [c["login"] for c in mine] == [gh.identity]  # one comment, updated in place on the rerun
        assert "attempts/2" in mine[0]["body"]
        assert gh.comments[others]["body"].startswith("someone else's report")
        warnings = [line for line in run.stdout.splitlines() if line.startswith("::warning")]
        if checks:
            assert {c["head_sha"] for c in gh.check_runs.values()} == {HEAD_SHA}
            assert warnings == []
        else:
            assert gh.check_runs == {}
            [warning] = warnings
            assert (
                "personal access tokens (fine-grained or classic) and OAuth tokens cannot create check runs" in warning
            )
            assert "pull-requests: write" not in warning  # no permissions fix that cannot help


# ---- workflow_run: which pull request a verdict belongs to


def test_two_prs_on_one_commit_get_only_their_own_verdict(workspace: Path, gh: FakeGitHub, tmp_path: Path) -> None:
    gh.add_pull(7, FORK_SHA, head_repo="someone/r")  # the run judged this one: someone/r's patch-1
    gh.add_pull(8, FORK_SHA, head_repo="other/r", head_ref="fix")  # the same commit pushed by another fork
    run = run_action(workspace, gh, REGRESSION, event_name="workflow_run", event_path=workflow_run_event(tmp_path))
    assert run.code == 1
    assert len(gh.comments_on(7)) == 1
    assert gh.comments_on(8) == []
    run = run_action(
        workspace,
        gh,
        CLEAN,
        event_name="workflow_run",
        event_path=workflow_run_event(tmp_path, owner="other", branch="fix"),
    )
    assert run.code == 0
    assert "Blocks merge" in gh.comments_on(7)[0]["body"]  # untouched by the other fork's run
    assert "Does not block merge" in gh.comments_on(8)[0]["body"]


def test_an_ambiguous_pull_request_gets_nothing_and_the_check_run_still_reports(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    gh.add_pull(7, FORK_SHA)  # one branch of o/r, two open pull requests (say, into main and into a release branch)
    gh.add_pull(8, FORK_SHA)
    path = workflow_run_event(tmp_path, pull_requests=[7, 8], owner="o")
    run = run_action(workspace, gh, REGRESSION, event_name="workflow_run", event_path=path)
    assert run.code == 1
    assert gh.comments == {}
    [check] = gh.check_runs.values()
    assert (check["head_sha"], check["conclusion"]) == (FORK_SHA, "failure")
    [warning] = [line for line in run.stdout.splitlines() if line.startswith("::warning") and "open pull" in line]
    assert "2 open pull requests (#7, #8) have the head o:patch-1" in warning
    assert run.summary.count("Not posted to a pull request") == 1


# ---- one truthful check


@pytest.mark.parametrize(
    ("fail_on", "candidate", "code", "conclusion", "title"),
    [
        (
            "blocking",
            "candidate-regression",
            1,
            "failure",
            "Blocks merge: 1 answer now makes unsupported claims — policy 1",
        ),
        ("blocking", "candidate", 0, "neutral", "Does not block merge: 2 rows to read before shipping"),
        (
            "any-regression",
            "candidate-regression",
            1,
            "failure",
            "Blocks merge (fail-on: any-regression): 2 answers now make unsupported claims — policy 1 · shipping 1",
        ),
        (
            "any-regression",
            "candidate",
            1,
            "failure",
            "Blocks merge (fail-on: any-regression): 1 answer now makes unsupported claims — shipping 1",
        ),
        (
            "never",
            "candidate-regression",
            0,
            "neutral",
            "Does not block merge (fail-on: never), but 1 answer now makes unsupported claims — policy 1",
        ),
        ("never", "candidate", 0, "neutral", "Does not block merge: 2 rows to read before shipping"),
    ],
)
def test_the_check_runs_conclusion_agrees_with_the_exit_code(
    workspace: Path,
    gh: FakeGitHub,
    tmp_path: Path,
    fail_on: str,
    candidate: str,
    code: int,
    conclusion: str,
    title: str,
) -> None:
    inputs = {**PATHS, "candidate": f"evals/{candidate}.jsonl", "fail-on": fail_on}
    run = run_action(workspace, gh, inputs, event_path=event(tmp_path))
    assert run.code == code, run.stdout
    [check] = gh.check_runs.values()
    assert check["conclusion"] == conclusion
    assert title in check["output"]["title"]


# ---- paths and files


def test_annotations_and_links_are_relative_to_the_checkout_not_the_workspace(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    repo = workspace / "repo"  # actions/checkout with path: repo
    (repo / ".git").mkdir(parents=True)
    shutil.move(workspace / "evals", repo / "evals")
    inputs = {k: f"repo/{v}" for k, v in REGRESSION.items()}
    run = run_action(workspace, gh, inputs, event_path=event(tmp_path))
    assert run.code == 1
    [check] = gh.check_runs.values()
    assert {a["path"] for a in check["annotations"]} == {"evals/cases.jsonl"}
    assert f"/blob/{HEAD_SHA}/evals/cases.jsonl#L1" in run.summary
    assert (workspace / ".groundgate" / "report.md").is_file()  # outputs stay in the workspace


def _checkout_at(workspace: Path, folder: str = "repo") -> dict[str, str]:
    """actions/checkout with ``path: repo``: the repository in a folder of the workspace; the inputs name it."""
    repo = workspace / folder
    (repo / ".git").mkdir(parents=True)
    shutil.move(workspace / "evals", repo / "evals")
    return {k: f"{folder}/{v}" for k, v in CLEAN.items()}


def test_with_a_checkout_path_the_yardstick_is_compared_at_the_repository_path(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    """GitHub names files from the repository's root: asking for the workspace path (repo/evals/...) gets a 404,
    and every PR would be told it changes the yardstick. Untouched: no word of it; one line edited: that id."""
    inputs = _checkout_at(workspace)
    run = run_action(workspace, gh, inputs, event_path=event(tmp_path))
    assert run.code == 0, run.stdout
    assert [r.path for r in gh.requests if "/contents/" in r.path] == [
        "/repos/o/r/contents/evals/cases.jsonl",
        "/repos/o/r/contents/evals/baseline.jsonl",
    ]
    assert "yardstick" not in run.summary
    assert "WARNING: this pull request" not in run.stdout
    baseline = workspace / "repo/evals/baseline.jsonl"
    lines = baseline.read_text().splitlines(keepends=True)
    first = json.loads(lines[0])
    lines[0] = json.dumps({**first, "response": first["response"] + " Thank you."}) + "\n"
    baseline.write_text("".join(lines))
    edited = run_action(workspace, gh, inputs, event_path=event(tmp_path))
    assert edited.code == 0, edited.stdout
    assert edited.summary.splitlines()[0].endswith("the PR changes the yardstick")
    warning = next(line for line in edited.summary.splitlines() if "edits what the gate measures against" in line)
    assert "Cases " not in warning  # no case was added, edited or removed
    assert f"Baseline responses changed: [{first['id'].replace('-', chr(92) + '-')}](" in warning
    yardstick = json.loads((workspace / ".groundgate/results.json").read_text())["yardstick"]
    assert (yardstick["cases"], yardstick["baseline"], yardstick["note"]) == ([], [first["id"]], None)


def test_with_a_checkout_path_a_bad_line_is_annotated_at_its_repository_path(workspace: Path, tmp_path: Path) -> None:
    inputs = _checkout_at(workspace)
    cases = workspace / "repo/evals/cases.jsonl"
    cases.write_text(cases.read_text() + '{"id": "broken", "query": "q"}\n')
    run = run_action(workspace, None, inputs, event_path=event(tmp_path))
    assert run.code == 2
    [error] = [line for line in run.stdout.splitlines() if line.startswith("::error")]
    assert error.startswith("::error title=groundgate%3A bad input,file=evals/cases.jsonl,line=11::")
    assert "repo/evals/cases.jsonl:11" in error  # the message names the input as the workflow wrote it


# ---- GitHub's real answers: big base files, a base that cannot be read


def test_a_5_mb_suite_on_the_base_branch_reaches_its_verdict_and_the_yardstick_check(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    """The contents API answers files of 1-100 MB with encoding "none" and no content; 1,000 cases with
    1 KB contexts are past 1 MB. The base's 5 MB file is read through the Git blobs API."""
    cases = workspace / "evals/cases.jsonl"
    padding = " The store is open every day of the week." * 12_500  # ~500 KB of context, no figures in it
    records = [json.loads(line) for line in cases.read_text().splitlines()]
    cases.write_text("".join(json.dumps({**r, "context": r["context"] + padding}) + "\n" for r in records))
    assert cases.stat().st_size > 5_000_000
    at_base = [dict(r, context=r["context"] + padding) for r in records]
    at_base[-1]["query"] += " (edited by this pull request)"
    gh.files[(BASE_SHA, "evals/cases.jsonl")] = "".join(json.dumps(r) + "\n" for r in at_base).encode()
    run = run_action(workspace, gh, REGRESSION, event_path=event(tmp_path))
    assert run.code == 1, run.stdout + run.stderr  # the verdict, not exit 4
    # the base's query was edited: the question of that policy case is no longer asked (docs/security.md)
    assert run.summary.splitlines()[0].endswith(
        "the PR changes the yardstick · no longer asks the question of 1 blocking case\\: gift\\-card\\-expiry"
    )
    yardstick = json.loads((workspace / ".groundgate/results.json").read_text())["yardstick"]
    assert (yardstick["cases"], yardstick["unchecked"]) == ([records[-1]["id"]], None)
    assert len([r for r in gh.requests if "/git/blobs/" in r.path]) == 1  # the big one, whole; the baseline inline


@pytest.mark.parametrize(
    ("fault", "says", "fix"),
    [
        (Fault("GET", r".*/contents/.*", 403, times=9, message="Resource not accessible by integration"),
         "HTTP 403: Resource not accessible by integration", "'permissions: contents: read'"),
        (Fault("GET", r".*/contents/.*", 403, times=9, message="This API returns blobs up to 100 MB in size.",
               errors=[{"resource": "Blob", "field": "data", "code": "too_large"}]),
         "larger than GitHub's API serves", None),
        (Fault("GET", r".*/contents/.*", 502, times=99, message="Server Error"), "GitHub could not be reached", None),
    ],
    ids=["permissions", "too-large", "5xx"],
)  # fmt: skip
def test_a_base_that_cannot_be_read_is_said_plainly_never_skipped(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fault: Fault, says: str, fix: str | None
) -> None:
    """A PR could edit the baseline to hide a regression; when its base cannot be read that check cannot run,
    and the report, the console and the check run say so, with the permissions fix only when it is one."""
    gh.faults.append(fault)
    run = run_action(workspace, gh, CLEAN, event_path=event(tmp_path))
    assert run.code == 0, run.stdout  # the verdict stands: see the README for why it does not block
    [warning] = [line for line in run.stdout.splitlines() if "could not be checked" in line and line.startswith("::")]
    assert says in warning
    assert (fix in warning) if fix else ("permissions" not in warning)
    assert "WARNING: this pull request's edits to the cases and baseline could not be checked" in run.stdout
    assert run.summary.splitlines()[0].endswith("the yardstick could not be checked")
    [check] = gh.check_runs.values()
    assert "could not be checked" in check["output"]["summary"]
    [comment] = gh.comments_on(7)
    assert "could not be checked" in comment["body"]
    assert "edits what the gate measures against" not in comment["body"]
    assert json.loads((workspace / ".groundgate/results.json").read_text())["yardstick"]["unchecked"]


def test_files_left_in_the_workspace_are_readable_by_later_steps(workspace: Path, tmp_path: Path) -> None:
    inputs = {**CLEAN, "cache-path": ".groundgate-cache/scores.json", "cache-secret": "a-secret-for-the-cache"}
    run = run_action(workspace, None, inputs, event_path=event(tmp_path), umask=0o077)
    assert run.code == 0, run.stdout
    modes = {
        path.relative_to(workspace).as_posix(): stat.S_IMODE(path.stat().st_mode)
        for path in workspace.rglob("*")
        if path.parts[len(workspace.parts)] in (".groundgate", ".groundgate-cache")
    }
    assert modes == {
        ".groundgate": 0o755,
        ".groundgate/results.json": 0o644,
        ".groundgate/report.md": 0o644,
        ".groundgate-cache": 0o755,
        ".groundgate-cache/scores.json": 0o644,
        ".groundgate-cache/scores.json.lock": 0o644,  # the writers' lock, left beside the cache
    }
    assert json.loads((workspace / ".groundgate-cache/scores.json").read_text())["entries"]


# ---- the log


def test_no_user_text_forms_a_workflow_command(workspace: Path, tmp_path: Path) -> None:
    hostile = "x ##[error]owned ##[set-output name=verdict;]pass"
    cases = [json.loads(line) for line in (workspace / "evals/cases.jsonl").read_text().splitlines()]
    renames = {cases[0]["id"]: hostile, cases[5]["id"]: "::error::owned"}
    for name in ("cases.jsonl", "baseline.jsonl", "candidate-regression.jsonl"):
        path = workspace / "evals" / name
        records = [json.loads(line) for line in path.read_text().splitlines()]
        for record in records:
            record["id"] = renames.get(record["id"], record["id"])
        if name == "candidate-regression.jsonl":
            records.append({"id": "\n::warning::unknown id", "response": "r"})  # a warning quotes it
        path.write_text("".join(json.dumps(r) + "\n" for r in records))
    run = run_action(workspace, None, REGRESSION, event_path=event(tmp_path))
    assert run.code == 1, run.stdout
    assert "##[" not in run.stdout
    for line in run.stdout.replace("\r", "\n").splitlines():
        if line.strip().startswith("::"):
            assert line.split("::")[1].split()[0] in {"add-mask", "group", "endgroup", "warning", "error"}, line
    assert "owned" in run.stdout  # shown, not dropped
    assert not any(
        line.strip().startswith(("::error::owned", "::warning::unknown")) for line in run.stdout.splitlines()
    )

"""The example workflows are recipes users copy: they must do what the README says they do (the
schema and zizmor check their form in scripts/test; these check their meaning)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from groundgate.recipes import path_filters
from groundgate.settings import DEFAULT_CHECK_NAME
from tests.support.paths import ROOT

EXAMPLES = ROOT / "examples"
GROUP = "groundgate-${{ github.event.pull_request.number || github.ref }}"
GATES = ("workflow.yml", "workflow-sharded.yml", "workflow-candidate.yml")


def load(name: str) -> dict[str, Any]:
    return YAML(typ="safe").load((EXAMPLES / name).read_text())  # type: ignore[no-any-return]


def steps(workflow: dict[str, Any]) -> list[dict[str, Any]]:
    return [step for job in workflow["jobs"].values() for step in job.get("steps", [])]


def groundgate_steps(workflow: dict[str, Any]) -> list[dict[str, Any]]:
    return [step for step in steps(workflow) if step.get("uses", "").startswith("your-org/groundgate@")]


@pytest.mark.parametrize("name", GATES)
def test_gates_run_in_merge_queues_with_one_run_per_pr(name: str) -> None:
    workflow = load(name)
    assert set(workflow["on"]) == {"pull_request", "merge_group"}
    assert workflow["concurrency"] == {"group": GROUP, "cancel-in-progress": True}


@pytest.mark.parametrize(
    "name", [*GATES, "warm-cache.yml", "fork-prs/groundgate.yml", "fork-prs/groundgate-inputs.yml"]
)
def test_no_job_shares_the_check_runs_name(name: str) -> None:
    workflow = load(name)
    names = [job.get("name", key) for key, job in workflow["jobs"].items()]
    assert DEFAULT_CHECK_NAME not in names
    assert all("check-name" not in step.get("with", {}) for step in groundgate_steps(workflow))  # the default


def test_the_default_branch_saves_the_cache_pull_requests_restore() -> None:
    warm, gate = load("warm-cache.yml"), load("workflow.yml")
    assert warm["on"]["push"]["branches"] == ["main"]
    [job] = warm["jobs"].values()
    assert job["if"] == "github.ref == format('refs/heads/{0}', github.event.repository.default_branch)"
    [save] = [s for s in steps(warm) if s.get("uses", "").startswith("actions/cache/save@")]
    [restore] = [s for s in steps(gate) if s.get("uses", "").startswith("actions/cache/restore@")]
    assert not [s for s in steps(gate) if s.get("uses", "").startswith(("actions/cache@", "actions/cache/save@"))]
    assert save["with"]["key"].startswith(restore["with"]["restore-keys"])  # the PR finds it by prefix
    [warm_step], [gate_step] = groundgate_steps(warm), groundgate_steps(gate)
    assert (
        save["with"]["path"]
        == restore["with"]["path"]
        == warm_step["with"]["cache-path"]
        == gate_step["with"]["cache-path"]
    )
    assert warm_step["with"]["candidate"] == warm_step["with"]["baseline"]  # judges the baseline, blocks nothing
    assert warm_step["with"]["fail-on"] == "never"


def test_the_fork_recipe_never_runs_the_forks_code_with_secrets() -> None:
    inputs, trusted = load("fork-prs/groundgate-inputs.yml"), load("fork-prs/groundgate.yml")
    assert set(inputs["on"]) == {"pull_request", "merge_group"}  # the queue's commit gets the check run too
    assert "secrets." not in (EXAMPLES / "fork-prs/groundgate-inputs.yml").read_text().replace("NO secrets.", "")
    [upload] = [s for s in steps(inputs) if s.get("uses", "").startswith("actions/upload-artifact@")]
    assert trusted["on"]["workflow_run"] == {"workflows": [inputs["name"]], "types": ["completed"]}
    [job] = trusted["jobs"].values()
    assert job["if"] == (
        "(github.event.workflow_run.event == 'pull_request' || github.event.workflow_run.event == 'merge_group') "
        "&& github.event.workflow_run.conclusion == 'success'"
    )
    [checkout] = [s for s in steps(trusted) if s.get("uses", "").startswith("actions/checkout@")]
    assert "ref" not in checkout["with"]  # the default branch: trusted cases and baseline
    assert checkout["with"]["persist-credentials"] is False
    assert not [s for s in steps(trusted) if "run" in s or s.get("uses", "").startswith("./")]
    [download] = [s for s in steps(trusted) if s.get("uses", "").startswith("actions/download-artifact@")]
    assert download["with"]["name"] == upload["with"]["name"]
    assert download["with"]["run-id"] == "${{ github.event.workflow_run.id }}"
    [gate] = groundgate_steps(trusted)
    assert gate["with"]["candidate"].startswith(download["with"]["path"] + "/")
    assert not gate["with"]["cases"].startswith(download["with"]["path"])  # cases and baseline are not the fork's
    assert not gate["with"]["baseline"].startswith(download["with"]["path"])


def test_the_comment_workflow_reads_nothing_of_the_pull_request_and_holds_least_privilege() -> None:
    """examples/adjudicate.yml: issue_comment runs in the base repository's context, so it must not check out
    or run anything of the pull request, and holds only what it writes with."""
    text = (EXAMPLES / "adjudicate.yml").read_text()
    workflow = load("adjudicate.yml")
    assert workflow["on"] == {
        "issue_comment": {"types": ["created", "edited", "deleted"]},
        "check_run": {"types": ["rerequested"]},  # a re-run from the Checks tab: presented again, never judged
    }
    assert workflow["permissions"] == {}
    [job] = workflow["jobs"].values()
    assert job["permissions"] == {"checks": "write", "pull-requests": "write", "contents": "read"}
    assert "github.event.issue.pull_request" in job["if"]
    assert f"github.event.check_run.name == '{DEFAULT_CHECK_NAME}'" in job["if"]
    assert workflow["concurrency"]["cancel-in-progress"] is False  # a newer comment waits; each run reads them all
    [step] = steps(workflow)  # no checkout: nothing of the pull request is on disk
    assert step["uses"].startswith("your-org/groundgate@")
    declared = set(YAML(typ="safe").load((ROOT / "action.yml").read_text())["inputs"])
    assert set(step.get("with", {})) <= declared - {"cases", "baseline", "candidate", "check-name"}
    # as shipped it works with the plain recipe, whose judging job signs nothing: no key, no environment; the fork
    # recipe's two lines are there, commented out and marked (its one secret, from the environment only
    # default-branch jobs can use: docs/security.md)
    assert "environment" not in job
    assert "record-key" not in step.get("with", {})
    assert re.findall(r"secrets\.(\w+)", text) == ["GROUNDGATE_RECORD_KEY"]
    marked = re.findall(r"# FORK RECIPE: uncomment.*\n\s*# (environment: groundgate-memory|record-key: .*)", text)
    assert marked == ["environment: groundgate-memory", "record-key: ${{ secrets.GROUNDGATE_RECORD_KEY }}"]
    assert DEFAULT_CHECK_NAME not in [j.get("name") for j in workflow["jobs"].values()]


def test_the_fork_recipes_trusted_job_signs_the_verdicts_records_with_a_key_of_the_default_branch() -> None:
    """examples/fork-prs/groundgate.yml: the workflow_run job (at the default branch's ref) takes the record key from
    the environment limited to the default branch; the pull_request part holds no secret at all."""
    trusted, inputs = load("fork-prs/groundgate.yml"), (EXAMPLES / "fork-prs/groundgate-inputs.yml").read_text()
    [job] = trusted["jobs"].values()
    assert job["environment"] == "groundgate-memory"
    [step] = [s for s in job["steps"] if s.get("uses", "").startswith("your-org/groundgate@")]
    assert step["with"]["record-key"] == "${{ secrets.GROUNDGATE_RECORD_KEY }}"
    assert "${{ secrets." not in inputs


def test_the_candidate_is_answered_in_ci_and_the_baseline_moves_after_a_merge() -> None:
    """The two things a newcomer had to guess: the gate's job writes the candidate the gate reads, from the pull
    request's prompt, before the gate; after a merge, the default branch's answers go to the baseline file the
    gate reads, in a pull request of their own."""
    gate, refresh = load("workflow-candidate.yml"), load("refresh-baseline.yml")
    [job] = gate["jobs"].values()
    names = [step.get("name", step.get("uses", "")) for step in job["steps"]]
    answer, judge = names.index("Answer the cases with this pull request's prompt"), names.index("groundgate")
    assert answer < judge
    inputs = job["steps"][judge]["with"]
    assert inputs["candidate"] in job["steps"][answer]["run"]
    assert job["permissions"] == {"contents": "read", "pull-requests": "write", "checks": "write"}
    assert set(refresh["on"]) == {"push", "workflow_dispatch"}
    assert refresh["on"]["push"]["branches"] == ["main"]
    [moving] = refresh["jobs"].values()
    assert moving["if"] == "github.ref == format('refs/heads/{0}', github.event.repository.default_branch)"
    written = next(step for step in moving["steps"] if "answer.py" in step.get("run", ""))
    assert f"{inputs['cases']} {inputs['baseline']}" in written["run"]
    opened = moving["steps"][-1]["run"]
    assert "gh pr create" in opened
    assert f"-- {inputs['baseline']}" in opened  # it commits the baseline and nothing else
    assert not groundgate_steps(refresh)


ACTIONS = ROOT / "tests/support/descriptions/actions"  # each pinned action's action.yml, as its commit holds it
PINNED = re.compile(r"uses: (actions/[\w./-]+)@([0-9a-f]{40})")
WHERE_USED = [
    *sorted((ROOT / "examples").rglob("*.yml")),
    *sorted((ROOT / ".github/workflows").glob("*.yml")),
    ROOT / "groundgate/starter/workflow.yml.j2",
    ROOT / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
]


def described(action: str, commit: str) -> dict[str, Any]:
    """The action.yml GitHub runs for ``action`` at ``commit`` (vendored: see tests/support/descriptions/README)."""
    name = action.removeprefix("actions/").replace("/", "_")
    path = ACTIONS / f"{name}@{commit}.yml"
    assert path.is_file(), (
        f"{action}@{commit} is not a vendored release: pin one of {sorted(p.name for p in ACTIONS.iterdir())}"
    )
    return YAML(typ="safe").load(path.read_text())  # type: ignore[no-any-return]


@pytest.mark.parametrize("path", WHERE_USED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_javascript_action_a_recipe_uses_is_pinned_to_a_node_24_release(path: Path) -> None:
    """Issue 45.5: GitHub made Node 24 the runners' default on 2026-06-02 and scheduled Node 20's removal; a
    recipe pins each action by commit, to a release whose action.yml runs on node24, and passes only inputs
    that release declares."""
    text = path.read_text()
    for action, commit in PINNED.findall(text):
        assert described(action, commit)["runs"]["using"] == "node24", (path, action)
    if path.suffix != ".yml":
        return
    for step in steps(YAML(typ="safe").load(text)):
        found = PINNED.match(f"uses: {step.get('uses', '')}")
        if found:
            declared = described(*found.groups()).get("inputs") or {}
            assert set(step.get("with", {})) <= set(declared), (
                path,
                found[1],
                set(step.get("with", {})) - set(declared),
            )


@pytest.mark.parametrize("path", [p for p in WHERE_USED if p.suffix == ".yml"], ids=lambda p: str(p.relative_to(ROOT)))
def test_no_recipe_filters_the_gates_pull_requests_by_path(path: Path) -> None:
    """What ``groundgate doctor`` flags in a user's workflow is in none of ours."""
    assert path_filters(path.read_text(), path.name) == []

"""Reruns do not re-roll a verdict: a row the gate blocked on stays blocking while its answer is the same, until a
writer accepts it. The judge here confirms the regressed answer's flip on the first run and disagrees with
itself on every later re-score, as a rerun of a noisy judge can; the runner runs the action against the fake
GitHub, as it would a ``Re-run jobs``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from groundgate.record import decode
from tests.support.action import HEAD_SHA, PATHS, event, run_action
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.github import FakeGitHub
from tests.support.people import CHECK, comment, latest, report, write_candidate

PUSHED = "5ec0dd5ec0dd5ec0dd5ec0dd5ec0dd5ec0dd5ec0"
ANSWER = "45 days"  # what the example's regressing candidate invents for refund-007


class Dice:
    """A judge that scores the invented answer 2 at its first verdict of a run, and its re-score ``rescore``."""

    def __init__(self) -> None:
        self.rescore = 2
        self.start = 0

    def __call__(self, server: FakeAzureOpenAI) -> Callable[[Prompt], Reply]:
        def decide(prompt: Prompt) -> Reply:
            if ANSWER not in prompt.response:
                return Reply(score=5, reason="grounded")
            seen = sum(1 for p in server.prompts[self.start :] if p.response == prompt.response)
            return Reply(score=2 if seen <= 1 else self.rescore, reason=f"scored {2 if seen <= 1 else self.rescore}")

        return decide


def azure(fake: FakeAzureOpenAI, candidate: str) -> dict[str, str]:
    return {
        **PATHS, "candidate": candidate, "judge": "azure", "azure-endpoint": fake.endpoint,
        "judge-deployment": "judge-4o", "azure-api-key": "test-key", "claims": "false",
    }  # fmt: skip


def rows(workspace: Path) -> dict[str, dict[str, object]]:
    data = json.loads((workspace / ".groundgate/results.json").read_text())
    return {row["id"]: row for row in data["rows"]}


def test_a_rerun_whose_re_score_disagrees_does_not_clear_a_blocking_regression(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
) -> None:
    dice = Dice()
    fake = fake_azure(lambda prompt: Reply())
    fake.decide = dice(fake)
    inputs = azure(fake, "evals/candidate-regression.jsonl")

    def rerun(head: str = HEAD_SHA, candidate: str = "evals/candidate-regression.jsonl") -> int:
        """A judging run of ``head`` (a push moves the pull request there first; a rerun replays the last push)."""
        dice.start = len(fake.prompts)
        commits = pr.pulls[7]["commits"]
        if pr.pulls[7]["head_sha"] != head:
            pr.move_pull(7, head)
        before = commits[-2] if len(commits) > 1 else None
        found = run_action(
            workspace, pr, azure(fake, candidate), event_path=event(tmp_path, head_sha=head, before=before)
        )
        return found.code

    first = run_action(workspace, pr, inputs, event_path=event(tmp_path))
    assert first.code == 1, first.stdout + first.stderr
    assert rows(workspace)["refund-007"]["outcome"] == "regression"

    dice.rescore = 4  # every later re-score of the same answer disagrees: without the hold, the row is unstable
    dice.start = len(fake.prompts)
    again = run_action(workspace, pr, inputs, event_path=event(tmp_path))
    assert again.code == 1, again.stdout + again.stderr
    held = rows(workspace)["refund-007"]
    assert (held["outcome"], held["rescore_score"], held["held_from"]) == ("regression", 4.0, HEAD_SHA)
    check = latest(pr)
    assert check["conclusion"] == "failure"
    assert check["output"]["title"].startswith("Blocks merge: 1 answer now makes unsupported claims")
    said = report(pr)
    assert f"blocked at {HEAD_SHA[:12]} with this same answer" in said
    assert "a rerun's re-score does not clear it" in said
    assert "held: blocked at" in again.stdout  # the console says it too
    kept = decode(check["output"]["text"], check=CHECK, head=HEAD_SHA)
    assert [(r.id, r.outcome, r.held_from) for r in kept.rows if r.id == "refund-007"] == [
        ("refund-007", "regression", HEAD_SHA)
    ]
    assert rerun() == 1  # and again: a held row's own record holds it

    # A push that leaves the answer as it is holds it too; its rerun as well.
    assert rerun(PUSHED) == 1
    assert rows(workspace)["refund-007"]["held_from"] == HEAD_SHA
    assert rerun(PUSHED) == 1

    # A writer accepts it: it no longer blocks, as any accepted blocking regression.
    comment(tmp_path, pr, "alice", "/groundgate accept refund-007 -- 45 days is the new policy")
    assert latest(pr, PUSHED)["conclusion"] == "neutral"
    assert rerun(PUSHED) == 0

    # A push that changes the answer is judged afresh: this judge's re-score now disagrees, so it is unstable.
    changed = write_candidate(workspace, "changed.jsonl", {"refund-007": "You have 45 days to return it."})
    third = "7b1d7b1d7b1d7b1d7b1d7b1d7b1d7b1d7b1d7b1d"
    assert rerun(third, changed) == 0
    fresh = rows(workspace)["refund-007"]
    assert (fresh["outcome"], fresh.get("held_from")) == ("unstable", None)

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
from tests.support.rolls import Dice as Rolls
from tests.support.rolls import Judge, judging
from tests.support.rolls import rows as rolled_rows

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
    # the title, the heading and "Decided by" say the row is held, from which verdict (point 10)
    assert check["output"]["title"] == (
        f"Blocks merge: 1 answer now makes unsupported claims — policy 1; 1 held from the verdict on {HEAD_SHA[:12]}"
    )
    said = report(pr)
    at = f"[{HEAD_SHA[:12]}](https://github.example/o/r/commit/{HEAD_SHA})"
    assert said.startswith(f"## 🚫 groundgate: Blocks merge: 1 answer now makes unsupported claims — policy 1; 1 held from the verdict on {at}")  # fmt: skip
    assert f"and by the verdict on {at} for 1 held row, which this run's roll of the judge does not clear" in said
    assert "### Held from an earlier verdict (1)" in said
    # its row shows the verdict that blocked on it (its buckets, scores and reason), then this run's roll
    assert f"grounded → ungrounded · 5 → 2, re-score 2; this run 5 → 2, re-score 4 · **held** from {at}" in said
    assert f"**Why** (the verdict on {at} that blocked on it): scored 2" in said
    assert "**This run's roll** (grounded → ungrounded; it does not clear a held row): scored 4" in said
    assert "held: blocked at" in again.stdout  # the console says it too
    assert f"(5 -> 2, re-score 2 at {HEAD_SHA[:12]}; this run 5 -> 2, re-score 4)" in again.stdout
    kept = decode(check["output"]["text"], check=CHECK, head=HEAD_SHA)
    assert [(r.id, r.outcome, r.held_from) for r in kept.rows if r.id == "refund-007"] == [
        ("refund-007", "regression", HEAD_SHA)
    ]
    # the record keeps the blocking verdict's own words with the answer it holds
    [words] = [b.said for b in kept.blocked if b.id == "refund-007"]
    assert words is not None
    assert (words.after_score, words.rescore_score, words.reason) == (2.0, 2.0, "scored 2")
    assert rows(workspace)["refund-007"]["blocked_as"] == {"before": "grounded", "after": "ungrounded", "before_score": 5.0, "after_score": 2.0, "rescore_score": 2.0, "confirmed_by": "same", "reason": "scored 2"}  # fmt: skip
    assert rerun() == 1  # and again: a held row's own record holds it

    # A push that leaves the answer as it is holds it too; its rerun as well.
    assert rerun(PUSHED) == 1
    assert rows(workspace)["refund-007"]["held_from"] == HEAD_SHA
    pushed = report(pr)  # the verdict it is held from, linked, beside the commit the report reflects
    assert f"**held** from {at}" in pushed
    assert f"Reflects commit [{PUSHED[:12]}](https://github.example/o/r/commit/{PUSHED})" in pushed
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


def test_a_held_row_links_the_check_run_whose_record_holds_it(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """A rerun after the judge's other roll holds refund-007: the row names the commit that blocked on it, and links
    the check run whose record holds it, in the comment and the check run's report (and results.json keeps it)."""
    dice = Rolls()
    fake = fake_azure(dice)
    assert judging(workspace, pr, tmp_path, fake, HEAD_SHA).code == 1
    first = latest(pr)
    dice.later()
    again = judging(workspace, pr, tmp_path, fake, HEAD_SHA)
    assert again.code == 1
    url = f"https://github.example/o/r/runs/{first['id']}"
    assert rolled_rows(again)["refund-007"]["held_by"] == url
    link = f"([its check run]({url}))"
    [mine] = [c["body"] for c in pr.comments_on(7) if c["login"] == pr.bot and "groundgate-report" in c["body"]]
    assert link in mine, mine
    assert link in latest(pr)["output"]["summary"]

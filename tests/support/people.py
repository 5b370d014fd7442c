"""A pull request as people and the runner meet it, against the fake GitHub: the judging run of a push (or its
rerun), a comment's run, and what the report and the check run say. Shared by the end-to-end tests of people's
commands and of sticky blocks."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import requests

from groundgate.record import Record, RecordError, decode
from tests.support.action import HEAD_SHA, PATHS, SECOND, Run, comment_event, event, run_action
from tests.support.fakes.azure_openai import FakeAzureOpenAI
from tests.support.fakes.github import FakeGitHub
from tests.support.rolls import judging, with_answers

CHECK = "groundgate / verdict"
ACCEPT_BOTH = (
    "Looked at both.\n/groundgate accept refund-007 premium-price -- the new return policy and price are intended"
)


def write_candidate(workspace: Path, name: str, changes: dict[str, str]) -> str:
    """The example candidate with some answers replaced: the figures judge finds a figure that is not in
    the context ungrounded, so each of these is a blocking regression."""
    lines = []
    for line in (workspace / "evals/candidate.jsonl").read_text().splitlines():
        record = json.loads(line)
        record["response"] = changes.get(record["id"], record["response"])
        lines.append(json.dumps(record))
    (workspace / "evals" / name).write_text("\n".join(lines) + "\n")
    return f"evals/{name}"


TWO = {"refund-007": "You have 45 days to return an item.", "premium-price": "Premium costs $15 per month."}


def judge(workspace: Path, gh: FakeGitHub, tmp_path: Path, candidate: str, head: str = HEAD_SHA) -> Run:
    """A judging run of the pull request at ``head`` (a push moves the pull request's head there first, and its
    event names the head it moved from; a rerun replays the event of the last push)."""
    commits = gh.pulls[7]["commits"]
    if gh.pulls[7]["head_sha"] != head:
        gh.move_pull(7, head)
    before = commits[-2] if len(commits) > 1 else None
    return run_action(
        workspace, gh, {**PATHS, "candidate": candidate}, event_path=event(tmp_path, head_sha=head, before=before)
    )


def answers_at(gh: FakeGitHub, head: str) -> dict[str, str]:
    """The answers groundgate's verdict on ``head`` judged, by row id (their digests): what the report's command
    names. From the check runs of groundgate's name there that hold a record, the first that lists a row first (the
    judging runs' own, before anything else wrote there)."""
    found: dict[str, str] = {}
    for run in sorted((r for r in gh.check_runs.values() if r["head_sha"] == head and r["name"] == CHECK), key=lambda r: r["id"]):  # fmt: skip
        try:
            record = decode((run["output"] or {}).get("text"), check=CHECK, head=head)
        except RecordError:
            continue
        for row in record.rows:
            found.setdefault(row.id, row.digest)
    return found


def pinned(body: str, head: str, answers: dict[str, str] | None = None) -> str:
    """A comment's accepts as a writer pastes them from the report: naming the commit of the verdict they read, and
    each id's answer (``ID@DIGEST``, from ``answers``) when the line names none."""
    lines = []
    for line in body.split("\n"):
        if line.startswith("/groundgate accept ") and " at " not in line:
            line = line.replace("/groundgate accept ", f"/groundgate accept at {head[:12]} ", 1)
        if line.startswith("/groundgate accept at ") and answers is not None:
            listed, dashes, reason = line.partition(" -- ")
            words = listed.split(" ")
            named = [w if "@" in w or w not in answers else f"{w}@{answers[w][:16]}" for w in words[4:]]
            line = " ".join(words[:4] + named) + dashes + reason
        lines.append(line)
    return "\n".join(lines)


def comment(
    tmp_path: Path, gh: FakeGitHub, login: str, body: str, *, judge_server: FakeAzureOpenAI | None = None, **inputs: Any
) -> Run:
    """Someone comments, an accept naming the verdict on the pull request's head and its answers as the report
    offers it; the
    issue_comment workflow runs in an empty workspace (no checkout), with an Azure judge configured that must
    never be called."""
    head = gh.pulls[7]["head_sha"]
    cid = gh.add_comment(7, pinned(body, head, answers_at(gh, head)), login)
    return on_comment(tmp_path, gh, cid, judge_server, **inputs)


def on_comment(
    tmp_path: Path, gh: FakeGitHub, cid: int, judge_server: FakeAzureOpenAI | None = None, **extra: Any
) -> Run:
    """The comment's run of comment ``cid``. Its workflow names no candidate unless ``candidate=PATH`` is given: then
    the candidate is committed, and the run reads it from GitHub at the commit an accept names (``github.vouched``)."""
    empty = tmp_path / f"comment-{cid}-{len(gh.requests)}" / "workspace"
    empty.mkdir(parents=True)
    inputs = {"cases": "evals/cases.jsonl", "baseline": "evals/baseline.jsonl"}  # `candidate`: git vouches (below)
    if judge_server is not None:
        inputs.update({"judge": "azure", "azure-endpoint": judge_server.endpoint, "judge-deployment": "judge-4o", "azure-api-key": "sk-unused"})  # fmt: skip
    action = extra.pop("action", "created")
    before = extra.pop("before", None)
    return run_action(
        empty,
        gh,
        {**inputs, **extra},
        event_name="issue_comment",
        event_path=comment_event(tmp_path, gh, cid, action=action, before=before),
    )


def latest(gh: FakeGitHub, head: str = HEAD_SHA) -> dict[str, Any]:
    return max(
        (r for r in gh.check_runs.values() if r["head_sha"] == head and r["name"] == CHECK), key=lambda r: r["id"]
    )


def readable(markdown: str) -> str:
    """Text as a reader reads it: markdown's escapes, entities, code-span ticks and the hidden places people's
    decisions fill (``report.marks``) taken off."""
    shown = re.sub(r"<!-- /?gg[^>]*-->", "", markdown)
    return html.unescape(shown.replace("\\", "").replace("`", ""))


def report(gh: FakeGitHub) -> str:
    [mine] = [c for c in gh.comments_on(7) if c["login"] == gh.bot and "groundgate-report" in c["body"] and "reply" not in c["body"]]  # fmt: skip
    return readable(mine["body"])


def replies(gh: FakeGitHub) -> list[str]:
    return [readable(c["body"]) for c in gh.comments_on(7) if c["login"] == gh.bot and " reply " in c["body"]]


def lookalike(gh: FakeGitHub, head: str, text: str, *, conclusion: str = "success") -> None:
    """What a workflow on the pull request's branch with ``checks: write`` can do, at the wire: create a check run
    of groundgate's name on ``head`` with the workflow's token (the GitHub Actions app's, as groundgate's own)."""
    answer = requests.post(
        f"{gh.url}/repos/o/r/check-runs",
        json={
            "name": CHECK, "head_sha": head, "status": "completed", "conclusion": conclusion,
            "output": {"title": "Passes", "summary": "No blocking regression.", "text": text},
        },
        headers={"Authorization": f"token {gh.token}", "Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"},
        timeout=10,
    )  # fmt: skip
    assert answer.status_code == 201, answer.text


def accepted_then_worse(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake: FakeAzureOpenAI, worse_answer: str
) -> tuple[str, Record]:
    """alice accepts refund-007's answer at HEAD_SHA (blocked, the command the report offers); the author then pushes
    ``worse_answer`` at SECOND, which blocks (the accept was about another answer). The worse candidate file and
    SECOND's record."""
    fine = with_answers(workspace, "fine.jsonl", {"refund-007": "You have 45 days to return an item."})
    assert judging(workspace, pr, tmp_path, fake, HEAD_SHA, fine).code == 1
    comment(tmp_path, pr, "alice", "/groundgate accept refund-007 -- 45 days is the new policy")
    assert latest(pr)["conclusion"] in ("success", "neutral")
    pr.move_pull(7, SECOND)
    worse = with_answers(workspace, "worse.jsonl", {"refund-007": worse_answer})
    assert judging(workspace, pr, tmp_path, fake, SECOND, worse, before=HEAD_SHA).code == 1
    return worse, decode(latest(pr, SECOND)["output"]["text"], check=CHECK, head=SECOND)


def patch_check_run(gh: FakeGitHub, rid: int, body: dict[str, Any]) -> None:
    """What a workflow on the pull request's branch with ``checks: write`` can do at the wire: update a check run
    the GitHub Actions app created (groundgate's own), as the same app."""
    answer = requests.patch(
        f"{gh.url}/repos/o/r/check-runs/{rid}",
        json=body,
        headers={"Authorization": f"token {gh.token}", "Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"},
        timeout=10,
    )  # fmt: skip
    assert answer.status_code == 200, answer.text

"""Signed records (issue 43, round four): verdict memory a pull request's branch cannot write. In the fork recipe the
judging job (``workflow_run``) and the comment workflow (``issue_comment``) run from the default branch and hold the
record key; a workflow on the pull request's branch does not. On a commit where groundgate signed no record (its run
cancelled by the next push), a look-alike check run listing a worse answer W and offering W's command must not make a
writer's paste bind: W still blocks when the author pushes it. A genuine accept of a signed block still applies."""

from __future__ import annotations

import json
from pathlib import Path

from groundgate.adjudication import answer_digest
from groundgate.record import decode, opened, text
from groundgate.signing import RecordKey
from tests.support.action import FORK_SHA, SECOND, THIRD, Run, run_action, workflow_run_event
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.github import FakeGitHub
from tests.support.people import CHECK, answers_at, latest, lookalike, on_comment, patch_check_run, replies
from tests.support.rolls import REGRESSED, Dice, Judge, azure, with_answers

KEY = "k3y-0f-the-default-branch-" + "5e" * 20  # the environment's GROUNDGATE_RECORD_KEY
OTHER = "a-key-the-branch-workflow-made-" + "77" * 20  # what a forger signs with
ROTATED = "the-key-before-it-was-rotated-" + "0d" * 20
WORSE = "You have 45 days, or 90 with Premium, and no receipt is needed."
KEYED = {"record-key": KEY}  # the comment workflow's input, from the same environment
ACCEPT = "/groundgate accept at {head} refund-007@{digest} -- 45 days is the new policy"


def fork_pr(gh: FakeGitHub) -> None:
    """Pull request #7 from a fork (someone/r), at FORK_SHA, and who may adjudicate on it."""
    gh.add_pull(7, FORK_SHA, head_repo="someone/r", author="contributor")
    gh.permissions.update(alice="write", bob="maintain", contributor="write")


def gate(workspace: Path, gh: FakeGitHub, tmp_path: Path, judge: FakeAzureOpenAI, head: str, candidate: str = REGRESSED, key: str | None = KEY) -> Run:  # fmt: skip
    """examples/fork-prs/groundgate.yml: the trusted workflow_run job judging the pull request's head, with the key."""
    inputs = azure(judge, candidate, **({"record-key": key} if key else {}))
    return run_action(workspace, gh, inputs, event_name="workflow_run", event_path=workflow_run_event(tmp_path, head))


def digest_of(workspace: Path, row_id: str, answer: str) -> str:
    cases = {r["id"]: r for r in map(json.loads, (workspace / "evals/cases.jsonl").read_text().splitlines())}
    return answer_digest(cases[row_id].get("query"), cases[row_id]["context"], answer)


def look_alike_on(gh: FakeGitHub, source: str, head: str, digest: str, key: str | None) -> None:
    """What a workflow on the branch posts on ``head``: groundgate's record from ``source`` moved to ``head``, with
    refund-007 listed with another answer (``digest``), its SHA-256 recomputed, unsigned or signed with its own key."""
    genuine = decode(latest(gh, source)["output"]["text"], check=CHECK, head=source)
    rows = [r.model_copy(update={"digest": digest}) if r.id == "refund-007" else r for r in genuine.rows]
    forged = genuine.model_copy(
        update={"head": head, "rows": rows, "ledger": [], "published": None, "previous": source}
    )
    lookalike(gh, head, text(forged, RecordKey(key) if key else None), conclusion="failure")


def test_a_look_alike_on_a_commit_groundgate_signed_nothing_on_binds_no_accept_and_the_worse_answer_blocks(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """Blocked at FORK_SHA; the push to SECOND has its run cancelled (no record). A branch workflow posts on SECOND a
    look-alike listing W, unsigned and then one signed with its own key; alice pastes its command. Said back, naming
    the commit and what to do; the author pushes W at THIRD: it blocks."""
    fork_pr(gh)
    fake = fake_azure(Dice())
    assert gate(workspace, gh, tmp_path, fake, FORK_SHA).code == 1
    gh.move_pull(7, SECOND)  # its run cancelled by the next push: no record of groundgate's on SECOND
    worse = digest_of(workspace, "refund-007", WORSE)
    look_alike_on(gh, FORK_SHA, SECOND, worse, None)
    look_alike_on(gh, FORK_SHA, SECOND, worse, OTHER)
    cid = gh.add_comment(7, ACCEPT.format(head=SECOND[:12], digest=worse[:16]), "alice")
    on_comment(tmp_path, gh, cid, None, **KEYED)
    gh.move_pull(7, THIRD)
    candidate = with_answers(workspace, "worse.jsonl", {"refund-007": WORSE}, source="candidate-regression.jsonl")
    run = gate(workspace, gh, tmp_path, fake, THIRD, candidate)
    assert run.code == 1, (run.code, latest(gh, THIRD)["output"]["title"])
    assert latest(gh, THIRD)["conclusion"] == "failure"
    [said] = replies(gh)
    assert f"groundgate signed no record on commit {SECOND[:12]}" in said, said
    assert "accept at a verdict groundgate published" in said
    assert f"key id {RecordKey(OTHER).id}" in said  # both key ids named
    assert f"key id {RecordKey(KEY).id}" in said


def test_rewriting_groundgates_signed_record_in_place_unsigns_it_and_binds_no_accept(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """Item 3: a branch workflow PATCHes groundgate's own check run on FORK_SHA so that its record lists W (copying
    the seal along): every record of FORK_SHA agrees on W, and the fork recipe has no git to tell. The seal no longer
    verifies, so no record there is groundgate's: alice's paste binds nothing, and W blocks."""
    fork_pr(gh)
    fake = fake_azure(Dice())
    assert gate(workspace, gh, tmp_path, fake, FORK_SHA).code == 1
    worse = digest_of(workspace, "refund-007", WORSE)
    for rid, check in list(gh.check_runs.items()):
        if check["head_sha"] == FORK_SHA and check["name"] == CHECK and (check["output"] or {}).get("text"):
            record, _, seal = opened(check["output"]["text"], check=CHECK, head=FORK_SHA)
            rows = [r.model_copy(update={"digest": worse}) if r.id == "refund-007" else r for r in record.rows]
            body = text(record.model_copy(update={"rows": rows, "ledger": []})).rstrip("\n")
            if seal is not None:  # the old seal, kept
                body += f"\n<!-- groundgate-seal key={seal.key_id} hmac-sha256={seal.mac} -->\n"
            patch_check_run(
                gh, rid, {"output": {**{k: check["output"][k] for k in ("title", "summary")}, "text": body}}
            )
    assert answers_at(gh, FORK_SHA)["refund-007"] == worse
    cid = gh.add_comment(7, ACCEPT.format(head=FORK_SHA[:12], digest=worse[:16]), "alice")
    on_comment(tmp_path, gh, cid, None, **KEYED)
    gh.move_pull(7, SECOND)
    candidate = with_answers(workspace, "worse.jsonl", {"refund-007": WORSE}, source="candidate-regression.jsonl")
    run = gate(workspace, gh, tmp_path, fake, SECOND, candidate)
    assert run.code == 1, (run.code, latest(gh, SECOND)["output"]["title"])
    assert f"groundgate signed no record on commit {FORK_SHA[:12]}" in replies(gh)[-1], replies(gh)


def test_a_genuine_accept_of_a_signed_block_still_applies(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """The key denies only what groundgate did not sign: the report's own command turns the check green, in the
    comment's run (which signs the record it presents again) and in the next judging run."""
    fork_pr(gh)
    fake = fake_azure(Dice())
    assert gate(workspace, gh, tmp_path, fake, FORK_SHA).code == 1
    _, data, seal = opened(latest(gh, FORK_SHA)["output"]["text"], check=CHECK, head=FORK_SHA)
    assert RecordKey(KEY).verifies(data, seal)  # groundgate's record is signed
    mine = answers_at(gh, FORK_SHA)["refund-007"]
    cid = gh.add_comment(7, ACCEPT.format(head=FORK_SHA[:12], digest=mine[:16]), "alice")
    on_comment(tmp_path, gh, cid, None, **KEYED)
    assert not replies(gh), replies(gh)
    presented = latest(gh, FORK_SHA)
    assert presented["conclusion"] in ("success", "neutral")
    _, data, seal = opened(presented["output"]["text"], check=CHECK, head=FORK_SHA)
    assert RecordKey(KEY).verifies(data, seal)  # the comment's run signs what it presents again
    assert gate(workspace, gh, tmp_path, fake, FORK_SHA).code == 0


def test_a_rotated_key_counts_the_old_records_as_unsigned_and_says_so_naming_both_key_ids(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """The verdict at FORK_SHA was signed with the key before rotation; the comment workflow now holds the new one.
    alice's genuine accept binds nothing, and the reply names both key ids (a rotated key is named, not guessed)."""
    fork_pr(gh)
    fake = fake_azure(Dice())
    assert gate(workspace, gh, tmp_path, fake, FORK_SHA, key=ROTATED).code == 1
    mine = answers_at(gh, FORK_SHA)["refund-007"]
    cid = gh.add_comment(7, ACCEPT.format(head=FORK_SHA[:12], digest=mine[:16]), "alice")
    on_comment(tmp_path, gh, cid, None, **KEYED)
    said = replies(gh)[-1]
    assert f"groundgate signed no record on commit {FORK_SHA[:12]}" in said, said
    assert RecordKey(ROTATED).id in said
    assert RecordKey(KEY).id in said
    assert latest(gh, FORK_SHA)["conclusion"] == "failure"


def two_invented(prompt: Prompt) -> Reply:
    """A judge that finds refund-007's 45 days and premium-price's $15 ungrounded, every other answer grounded."""
    if "45 days" in prompt.response or "$15" in prompt.response:
        return Reply(score=2, reason="The RESPONSE states a figure the CONTEXT does not.")
    return Reply(score=5, reason="Every claim in the response is supported by the CONTEXT.")


def test_a_comment_run_without_the_key_reading_signed_records_binds_no_accept_and_says_so_once(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """The judging job signs; the comment workflow was left without ``record-key``. It must not fall back to the
    weaker rule in silence: alice's accept of two genuine rows binds nothing, said in one line, once."""
    fork_pr(gh)
    fake = fake_azure(two_invented)
    candidate = with_answers(workspace, "two.jsonl", {"refund-007": "You have 45 days to return an item.", "premium-price": "Premium costs $15 per month."})  # fmt: skip
    assert gate(workspace, gh, tmp_path, fake, FORK_SHA, candidate).code == 1
    mine = answers_at(gh, FORK_SHA)
    body = f"/groundgate accept at {FORK_SHA[:12]} refund-007@{mine['refund-007'][:16]} premium-price@{mine['premium-price'][:16]} -- intended"  # fmt: skip
    on_comment(tmp_path, gh, gh.add_comment(7, body, "alice"))
    said = replies(gh)[-1]
    line = "this pull request's records are signed: give this workflow `record-key` to verify them"
    assert said.count(line.replace("`", "")) == 1, said
    assert latest(gh, FORK_SHA)["conclusion"] == "failure"


def test_the_record_key_never_appears_in_any_output(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """Masked before anything is printed; nowhere in the log (but the mask command itself, which the runner
    swallows), the job summary, the step's outputs, results.json, report.md, the check runs, the comments."""
    fork_pr(gh)
    fake = fake_azure(Dice())
    runs = [gate(workspace, gh, tmp_path, fake, FORK_SHA)]
    mine = answers_at(gh, FORK_SHA)["refund-007"]
    cid = gh.add_comment(7, ACCEPT.format(head=FORK_SHA[:12], digest=mine[:16]), "alice")
    runs.append(on_comment(tmp_path, gh, cid, None, **KEYED))
    for run in runs:
        assert f"::add-mask::{KEY}" in run.stdout
        log = run.stdout.replace(f"::add-mask::{KEY}", "")
        for where in (log, run.stderr, run.summary, json.dumps(run.outputs)):
            assert KEY not in where
        for name in ("results.json", "report.md"):
            path = run.workspace / ".groundgate" / name
            assert not path.exists() or KEY not in path.read_text()
    assert KEY not in json.dumps(gh.check_runs)
    assert KEY not in json.dumps(gh.comments)


def test_a_short_record_key_is_refused_without_showing_it(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    fork_pr(gh)
    run = gate(workspace, gh, tmp_path, fake_azure(Dice()), FORK_SHA, key="too-short-a-key")
    assert run.code == 2, run.stdout
    assert "record-key" in run.stdout
    assert "openssl rand -hex 32" in run.stdout
    assert "too-short-a-key" not in run.stdout.replace("::add-mask::too-short-a-key", "")

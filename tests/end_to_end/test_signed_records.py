"""Signed records (issue 43, round four): verdict memory a pull request's branch cannot write. In the fork recipe the
judging job (``workflow_run``) and the comment workflow (``issue_comment``) run from the default branch and hold the
record key; a workflow on the pull request's branch does not. On a commit where groundgate signed no record (its run
cancelled by the next push), a look-alike check run listing a worse answer W and offering W's command must not make a
writer's paste bind: W still blocks when the author pushes it. A genuine accept of a signed block still applies."""

from __future__ import annotations

import json
import re
from pathlib import Path

from groundgate.record import decode, opened, text
from groundgate.signing import RecordKey
from tests.support.action import FORK_SHA, HEAD_SHA, SECOND, THIRD
from tests.support.fakes.azure_openai import Prompt, Reply
from tests.support.fakes.github import FakeGitHub, Fault
from tests.support.people import CHECK, answers_at, latest, lookalike, on_comment, patch_check_run, replies
from tests.support.rolls import REGRESSED, Dice, Judge, judging, with_answers
from tests.support.signed import ACCEPT, ELSEWHERE, KEY, KEYED, OTHER, ROTATED, WORSE, digest_of, fork_pr, gate


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


# ---- round five: a signed record at home (its repository, its check run, its time, all sealed)


def test_a_record_sealed_in_another_repository_with_the_same_key_binds_no_accept_and_is_not_re_signed(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """Repositories A (``gh``) and B share the key (one org key copied into two environments) and, as forks and
    mirrors do, commits. A blocks at FORK_SHA; the run on SECOND is cancelled. In B, groundgate signs a record on
    SECOND listing the worse answer W; a branch workflow of A posts it verbatim on SECOND; alice pastes its command.
    Said back (groundgate signed nothing on SECOND here), nothing re-signed; the author pushes W at THIRD: it blocks."""
    fork_pr(gh)
    fake = fake_azure(Dice())
    assert gate(workspace, gh, tmp_path, fake, FORK_SHA).code == 1
    gh.move_pull(7, SECOND)
    candidate = with_answers(workspace, "worse.jsonl", {"refund-007": WORSE}, source="candidate-regression.jsonl")
    with FakeGitHub() as other:  # repository B: its own id, the same key
        other.add_pull(7, SECOND, head_repo="someone/r", author="contributor")
        (tmp_path / "b").mkdir()
        assert gate(workspace, other, tmp_path / "b", fake, SECOND, candidate, env=ELSEWHERE).code == 1
        genuine = latest(other, SECOND)["output"]["text"]
    _, data, seal = opened(genuine, check=CHECK, head=SECOND)
    assert RecordKey(KEY).verifies(data, seal)
    lookalike(gh, SECOND, genuine, conclusion="failure")
    worse = digest_of(workspace, "refund-007", WORSE)
    cid = gh.add_comment(7, ACCEPT.format(head=SECOND[:12], digest=worse[:16]), "alice")
    on_comment(tmp_path, gh, cid, None, **KEYED)
    assert f"groundgate signed no record on commit {SECOND[:12]}" in replies(gh)[-1], replies(gh)
    assert latest(gh, SECOND)["output"]["text"] == genuine  # nothing presented again, so nothing re-signed
    gh.move_pull(7, THIRD)
    run = gate(workspace, gh, tmp_path, fake, THIRD, candidate)
    assert run.code == 1, (run.code, latest(gh, THIRD)["output"]["title"])


def test_an_older_signed_record_moved_over_the_blocking_one_gives_no_verdict_naming_both_check_runs(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """The author's part 1 uploads a harmless candidate (groundgate passes FORK_SHA and signs R_B), then the regressed
    one (groundgate blocks and signs R_W). A branch workflow PATCHes R_W's check run with R_B's text, verbatim (its
    seal verifies). The next push, the judge's later roll scoring the blocked answer 5: no verdict (exit 3), naming
    both check runs, never a verdict judged afresh."""
    fork_pr(gh)
    dice = Dice()
    fake = fake_azure(dice)
    assert gate(workspace, gh, tmp_path, fake, FORK_SHA, "evals/candidate.jsonl").code == 0
    harmless = latest(gh, FORK_SHA)
    assert gate(workspace, gh, tmp_path, fake, FORK_SHA, REGRESSED).code == 1
    blocking = latest(gh, FORK_SHA)
    patch_check_run(gh, blocking["id"], {"output": {"title": blocking["output"]["title"], "summary": blocking["output"]["summary"], "text": harmless["output"]["text"]}})  # fmt: skip
    _, data, seal = opened(gh.check_runs[blocking["id"]]["output"]["text"], check=CHECK, head=FORK_SHA)
    assert RecordKey(KEY).verifies(data, seal)  # a genuine seal, moved
    gh.move_pull(7, SECOND)
    dice.later()
    run = gate(workspace, gh, tmp_path, fake, SECOND, REGRESSED)
    assert run.code == 3, (run.code, run.stdout[-2000:])
    said = " ".join(run.stdout.split())
    assert re.search(rf"runs/{blocking['id']}\b", said), said[-3000:]
    assert re.search(rf"runs/{harmless['id']}\b", said), said[-3000:]
    assert "a signed record was moved" in said
    assert not any(r["head_sha"] == SECOND and r["name"] == CHECK and r.get("conclusion") == "success" for r in gh.check_runs.values())  # fmt: skip


def test_an_accept_written_before_groundgate_published_a_verdict_there_stays_counted_for_nothing(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """Before groundgate's run on FORK_SHA lands, a branch workflow posts an unsigned look-alike there listing the answer
    the pull request really has; alice pastes its command and is told it counts for nothing. Then groundgate's run
    lands, signed and blocking; the author reruns it: still 1 (nobody read groundgate's report before accepting)."""
    fork_pr(gh)
    fake = fake_azure(Dice())
    with FakeGitHub() as scratch:  # the author builds the record with groundgate's own code, anywhere
        scratch.add_pull(7, FORK_SHA, head_repo="someone/r", author="contributor")
        (tmp_path / "scratch").mkdir()
        assert gate(workspace, scratch, tmp_path / "scratch", fake, FORK_SHA, key=None).code == 1
        built = latest(scratch, FORK_SHA)["output"]["text"]
    lookalike(gh, FORK_SHA, built, conclusion="failure")
    real = answers_at(gh, FORK_SHA)["refund-007"]
    cid = gh.add_comment(7, ACCEPT.format(head=FORK_SHA[:12], digest=real[:16]), "alice")
    on_comment(tmp_path, gh, cid, None, **KEYED)
    assert f"groundgate signed no record on commit {FORK_SHA[:12]}" in replies(gh)[-1], replies(gh)
    assert gate(workspace, gh, tmp_path, fake, FORK_SHA, REGRESSED).code == 1
    rerun = gate(workspace, gh, tmp_path, fake, FORK_SHA, REGRESSED)
    assert rerun.code == 1, (rerun.code, latest(gh, FORK_SHA)["output"]["title"])


def test_backdating_groundgates_own_check_run_does_not_make_an_earlier_accept_bind(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """As above, the look-alike emptied after alice's paste; a branch workflow PATCHes only ``completed_at`` of
    groundgate's signed check run to the year 2000 (its text untouched, still verifying). When groundgate published
    is in the sealed bytes, written on the first run too: the rerun still blocks."""
    fork_pr(gh)
    fake = fake_azure(Dice())
    with FakeGitHub() as scratch:
        scratch.add_pull(7, FORK_SHA, head_repo="someone/r", author="contributor")
        (tmp_path / "scratch").mkdir()
        assert gate(workspace, scratch, tmp_path / "scratch", fake, FORK_SHA, key=None).code == 1
        built = latest(scratch, FORK_SHA)["output"]["text"]
    lookalike(gh, FORK_SHA, built, conclusion="failure")
    fake_id = latest(gh, FORK_SHA)["id"]
    real = answers_at(gh, FORK_SHA)["refund-007"]
    on_comment(tmp_path, gh, gh.add_comment(7, ACCEPT.format(head=FORK_SHA[:12], digest=real[:16]), "alice"), None, **KEYED)  # fmt: skip
    patch_check_run(gh, fake_id, {"output": {"title": "gone", "summary": "gone", "text": "nothing here"}})
    assert gate(workspace, gh, tmp_path, fake, FORK_SHA, REGRESSED).code == 1
    mine = latest(gh, FORK_SHA)
    record, data, seal = opened(mine["output"]["text"], check=CHECK, head=FORK_SHA)
    assert RecordKey(KEY).verifies(data, seal)
    assert record.published is not None  # its time and its home, sealed on the first run
    assert record.run == mine["id"]
    patch_check_run(gh, mine["id"], {"conclusion": "failure", "completed_at": "2000-01-01T00:00:00Z"})
    rerun = gate(workspace, gh, tmp_path, fake, FORK_SHA, REGRESSED)
    assert rerun.code == 1, (rerun.code, latest(gh, FORK_SHA)["output"]["title"])


def test_a_keyed_comment_run_on_a_keyless_pull_request_says_what_is_true_in_one_sentence(
    workspace: Path, pr: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """The plain recipe (keyless judging job) with the comment workflow given the key: groundgate signed nothing on
    the pull request at all. The reply says so, and both reasons (no key in the judging workflow; every run
    cancelled) with what to do, not that a check run of groundgate's name is not groundgate's; one full stop."""
    judged = judging(workspace, pr, tmp_path, fake_azure(Dice()), HEAD_SHA)
    assert judged.code == 1
    assert "`record-key` is empty" not in judged.stdout  # the plain recipe: keyless by design
    mine = answers_at(pr, HEAD_SHA)["refund-007"]
    cid = pr.add_comment(7, ACCEPT.format(head=HEAD_SHA[:12], digest=mine[:16]), "alice")
    on_comment(tmp_path, pr, cid, None, **KEYED)
    said = " ".join(replies(pr)[-1].split())
    assert "nor on any commit of this pull request" in said, said
    assert "the plain pull_request recipe" in said
    assert "cancelled or have not finished" in said
    assert "is not groundgate's" not in said
    why = said.split(" Commands, one a line")[0]
    assert why.endswith("offers)."), why
    assert ".." not in why, why
    # the comment workflow as shipped (no key), its job rerun: the same comment applies, with no warning about a key
    shipped = on_comment(tmp_path, pr, cid)
    assert "`record-key` is empty" not in shipped.stdout
    assert latest(pr, HEAD_SHA)["conclusion"] in ("success", "neutral"), replies(pr)


def test_a_fork_recipe_run_whose_record_key_is_empty_warns_once(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """The environment not attached, or the secret misspelt: `record-key` arrives empty. The workflow_run gate and
    a comment's run on the fork's pull request each warn once, rather than run keyless in silence."""
    fork_pr(gh)
    run = gate(workspace, gh, tmp_path, fake_azure(Dice()), FORK_SHA, key=None)
    assert run.code == 1
    assert run.stdout.count("`record-key` is empty") == 1, run.stdout
    mine = answers_at(gh, FORK_SHA)["refund-007"]
    said = on_comment(tmp_path, gh, gh.add_comment(7, ACCEPT.format(head=FORK_SHA[:12], digest=mine[:16]), "alice"))
    assert said.stdout.count("`record-key` is empty") == 1, said.stdout


def test_a_reply_whose_reason_ends_its_own_sentence_gets_no_second_full_stop(
    workspace: Path, gh: FakeGitHub, tmp_path: Path
) -> None:
    """A command posted before any verdict is on the head: the reply says to post it again once it is there, and
    ends that sentence once (the reply's template adds a full stop only where the reason has none)."""
    fork_pr(gh)
    on_comment(tmp_path, gh, gh.add_comment(7, ACCEPT.format(head=FORK_SHA[:12], digest="0" * 16), "alice"), None, **KEYED)  # fmt: skip
    why = " ".join(replies(gh)[-1].split()).split(" Commands, one a line")[0]
    assert why.endswith("once the verdict is there."), why
    assert ".." not in why, why


def test_an_update_github_refuses_after_the_check_run_is_made_keeps_the_blocks_and_a_reroll_still_blocks(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, fake_azure: Judge
) -> None:
    """A keyed gate makes its check run, then seals the record in its home with the first update. GitHub refuses that
    update (502s; a job cancelled between the two does the same): the check run made first still holds the record,
    sealed for no check run (unsigned: it binds no accept) with its blocks. The author pushes SECOND with the same
    answer; the judge's other roll scores it grounded: it is held (second hostile review of signed records)."""
    fork_pr(gh)
    dice = Dice()
    fake = fake_azure(dice)
    gh.faults.append(Fault("PATCH", r"/repos/o/r/check-runs/\d+", 502, times=99, message="bad gateway"))
    assert gate(workspace, gh, tmp_path, fake, FORK_SHA, REGRESSED).code == 1
    shown = latest(gh, FORK_SHA)
    record, _, seal = opened(shown["output"]["text"], check=CHECK, head=FORK_SHA)
    assert record.run is None
    assert seal is not None
    assert record.blocked
    gh.faults.clear()
    dice.later()
    gh.move_pull(7, SECOND)
    run = gate(workspace, gh, tmp_path, fake, SECOND, REGRESSED)
    assert run.code == 1, (run.code, latest(gh, SECOND)["output"]["title"])

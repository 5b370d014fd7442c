"""No wasted judge calls: deduplication, the score cache, re-scores always fresh, rate cap,
throttle counting, many calls in flight in one process, progress, and shards that merge into one verdict."""

from __future__ import annotations

import io
import json
import os
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from groundgate import compare
from groundgate.cache import CachedScore, ScoreCache, derive_secret
from groundgate.cases import Case
from groundgate.evidence import Options
from groundgate.judges import JudgeRequest, Purpose, Score
from groundgate.judges.quota import MARGIN, Pace
from groundgate.judges.rubric import prompt_version
from groundgate.progress import ProgressLine
from groundgate.rules import Outcome
from tests.support.azure import decide_by_text, judge_for
from tests.support.cli import groundgate
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.forge import recount
from tests.support.inputs import make_inputs
from tests.support.paths import EXAMPLES

Start = Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
SECRET = derive_secret("test-key", "entries")
ROWS = [
    ("p1", "policy", "base one", "cand one"),
    ("p2", "policy", "base two", "base two"),  # unchanged answer: one call serves both sides
    ("s1", "shipping", "base three", "cand three HALLUCINATE"),
]


def responses_seen(fake: FakeAzureOpenAI, kind: str = "groundedness") -> list[str]:
    return sorted(p.response for p in fake.prompts if p.kind == kind)


def test_identical_answers_are_judged_once(fake_azure: Start) -> None:
    fake = fake_azure(decide_by_text)
    results = compare.run(make_inputs(ROWS), judge_for(fake), Options(frozenset({"policy"})))
    assert responses_seen(fake) == sorted(
        ["base one", "cand one", "base two", "base three", "cand three HALLUCINATE", "cand three HALLUCINATE"]
    )
    assert results.calls.deduplicated == 2  # p2's groundedness, and its fluency (a tie)
    assert results.calls.rescore == 1  # the flipped row's re-score is a second, fresh call


def test_warm_baseline_cache_makes_no_baseline_calls(fake_azure: Start, tmp_path: Path) -> None:
    fake = fake_azure(decide_by_text)
    cache = tmp_path / "scores.json"
    store = ScoreCache(cache, SECRET)
    compare.run(make_inputs(ROWS), judge_for(fake, cache=store), Options(frozenset({"policy"})))
    store.save()
    fake.prompts.clear()

    changed = [(i, c, b, k.replace("cand", "new cand")) for i, c, b, k in ROWS]
    second = judge_for(fake, cache=ScoreCache(cache, SECRET))
    results = compare.run(make_inputs(changed), second, Options(frozenset({"policy"})))
    assert not [r for r in responses_seen(fake) if r.startswith("base")]  # every baseline score came from the cache
    assert results.calls.cached == 5  # three baseline groundedness scores and two baseline fluency scores
    assert [r.outcome for r in results.rows] == [Outcome.TIE, Outcome.TIE, Outcome.REVIEW]


def test_rescores_are_never_answered_from_the_cache(fake_azure: Start, tmp_path: Path) -> None:
    fake = fake_azure(decide_by_text)
    for _ in range(2):
        store = ScoreCache(tmp_path / "scores.json", SECRET)
        results = compare.run(make_inputs(ROWS), judge_for(fake, cache=store), Options(frozenset({"policy"})))
        store.save()
    assert results.calls.rescore == 1
    assert results.calls.groundedness == 1  # the probe that confirms the judge model; the rest from cache
    # run 1: score + re-score; run 2: the score from the cache, the re-score fresh again
    assert responses_seen(fake).count("cand three HALLUCINATE") == 3


def test_the_noise_sample_reaches_the_judge_fresh_on_every_run(fake_azure: Start, tmp_path: Path) -> None:
    """The real SDK at the wire: a warm cache answers the sides, never the noise sample's re-scores."""
    asked: Counter[str] = Counter()

    def judge(prompt: Prompt) -> Reply:
        if prompt.kind == "groundedness":
            asked[prompt.response] += 1
        return Reply(score=4 if prompt.response == "same 2" and asked["same 2"] > 1 else 5)  # partial when asked again

    fake = fake_azure(judge)
    rows = [(f"t{i}", "faq", f"same {i}", f"same {i}") for i in range(6)]
    for _ in range(2):
        store = ScoreCache(tmp_path / "scores.json", SECRET)
        options = Options(frozenset({"policy"}), noise_sample=6)
        results = compare.run(make_inputs(rows), judge_for(fake, cache=store), options)
        store.save()
    seen = [p.response for p in fake.prompts if p.kind == "groundedness"]
    assert len(seen) == 6 + 6 + 1 + 6  # run 1: six answers, six noise; run 2: the probe, six noise again
    assert results.calls.noise == 6
    assert results.calls.cached == 11  # five answers' groundedness (one went to the probe) and six fluency scores
    assert results.calls.total == 7
    assert results.noise is not None
    assert (results.noise.sampled, results.noise.flipped) == (6, 1)  # 'same 2' came back partial


def test_cached_scores_from_another_judge_model_are_not_used(fake_azure: Start, tmp_path: Path) -> None:
    served = {"model": "gpt-4o-2024-08-06", "score": 5}
    fake = fake_azure(lambda p: Reply(score=served["score"], model=str(served["model"])))
    requests = [
        JudgeRequest(Case("p1", "x", "q?", "ctx", 1), text, Purpose.GROUNDEDNESS) for text in ("one", "two", "three")
    ]
    store = ScoreCache(tmp_path / "scores.json", SECRET)
    judge_for(fake, cache=store).score_all(requests)
    store.save()

    served.update(model="gpt-4o-2024-11-20", score=4)  # the deployment now runs another model version
    fake.prompts.clear()
    judge = judge_for(fake, cache=ScoreCache(tmp_path / "scores.json", SECRET))
    results = judge.score_all(requests)
    assert [r.score for r in results if isinstance(r, Score)] == [4.0, 4.0, 4.0]
    assert judge.calls.cached == 0
    assert len(fake.prompts) == 3  # one probe that learned the new model, then the two stale entries


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{not json", "not a groundgate score cache"),
        ('{"format": "something-else"}', "not a groundgate score cache"),
        ('{"format": "groundgate-score-cache", "version": 99, "entries": {}}', "version 99"),
    ],
)
def test_a_file_that_is_not_a_cache_of_this_version_is_reported_and_left_untouched(
    tmp_path: Path, content: str, problem: str
) -> None:
    path = tmp_path / "scores.json"
    path.write_text(content)
    cache = ScoreCache(path, SECRET)
    assert cache.problem is not None
    assert problem in cache.problem
    assert len(cache) == 0
    cache.put("fresh", CachedScore(5.0, "ok", "m"))
    cache.save()
    assert path.read_text() == content  # never written over: it may be someone's file


def test_malformed_entries_are_rejected_and_counted(tmp_path: Path) -> None:
    path = tmp_path / "scores.json"
    path.write_text(
        '{"format": "groundgate-score-cache", "version": 2, "entries": {"k": {"score": 99, "reason": "", "model": null}}}'
    )
    cache = ScoreCache(path, SECRET)
    assert cache.problem is not None
    assert "1 entries failed authentication" in cache.problem
    assert (len(cache), cache.rejected) == (0, 1)
    cache.put("fresh", CachedScore(5.0, "ok", "m"))
    cache.save()
    assert ScoreCache(path, SECRET).get("fresh") == CachedScore(5.0, "ok", "m")


def test_two_writers_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "scores.json"
    a, b = ScoreCache(path, SECRET), ScoreCache(path, SECRET)
    a.put("a", CachedScore(5.0, "ra", "m"))
    b.put("b", CachedScore(2.0, "rb", "m"))
    a.save()
    b.save()
    merged = ScoreCache(path, SECRET)
    assert (merged.get("a"), merged.get("b")) == (CachedScore(5.0, "ra", "m"), CachedScore(2.0, "rb", "m"))
    assert not list(tmp_path.glob("*.tmp"))


def test_rate_cap_spaces_call_starts() -> None:
    now = [100.0]
    slept: list[float] = []

    def wait() -> None:
        seconds = limiter.reserve()
        if seconds:
            slept.append(round(seconds, 6))
        now[0] += seconds

    limiter = Pace(rpm=120, clock=lambda: now[0])  # one call every 0.5 s, at 97% of the limit
    for _ in range(4):
        wait()
    assert slept == [round(0.5 / MARGIN, 6)] * 3
    now[0] += 10  # idle time is not banked into a burst
    wait()
    wait()
    assert slept[-1] == round(0.5 / MARGIN, 6)


def test_429_is_retried_by_the_sdk_counted_once_and_not_printed(
    fake_azure: Start, capfd: pytest.CaptureFixture[str]
) -> None:
    answers = [Reply(http_status=429, headers={"Retry-After": "1"}, reason="slow down"), Reply(score=4)]
    fake = fake_azure(lambda p: answers.pop(0) if len(answers) > 1 else answers[0])
    judge = judge_for(fake)
    judge.score_all([JudgeRequest(Case("a", "x", "q?", "c", 1), "r", Purpose.GROUNDEDNESS)])
    assert judge.calls.throttled == 1
    assert judge.calls.groundedness == 1
    out, err = capfd.readouterr()
    assert "Retrying" not in out + err  # no client's retry log (with a traceback)


def test_prompt_version_reads_the_sdks_prompt_files() -> None:
    assert len(prompt_version()) == 16
    assert prompt_version() != "e3b0c44298fc1c14"  # the digest of nothing: the prompty files were found


def child_processes() -> set[int]:
    """This process's live children, read from /proc (every thread's list)."""
    found: set[int] = set()
    for listing in Path(f"/proc/{os.getpid()}/task").glob("*/children"):
        try:
            found.update(int(pid) for pid in listing.read_text().split())
        except OSError:  # a thread that ended meanwhile
            continue
    return found


def test_many_calls_in_flight_give_the_same_results_in_order_in_one_process(fake_azure: Start) -> None:
    """A large batch at high concurrency stays in this process: worker processes no longer pay (README)."""
    fake = fake_azure(lambda p: Reply(score=int(p.response.split()[-1]) % 5 + 1, reason=p.response))
    requests = [
        JudgeRequest(Case(f"c{n}", "x", "q?", "ctx", n), f"answer {n}", Purpose.GROUNDEDNESS) for n in range(600)
    ]
    seen: list[tuple[int, int]] = []
    before = child_processes()
    judge = judge_for(fake, max_concurrency=64)
    started: set[int] = set()

    def watch(phase: str, done: int, total: int) -> None:
        started.update(child_processes() - before)
        seen.append((done, total))

    judge.progress = watch
    try:
        results = judge.score_all(requests)
    finally:
        judge.close()
    assert not started  # no process was started to judge
    assert [r.reason for r in results if isinstance(r, Score)] == [f"answer {n}" for n in range(600)]
    assert [r.score for r in results if isinstance(r, Score)] == [n % 5 + 1 for n in range(600)]
    assert judge.calls.groundedness == 600
    assert len(fake.prompts) == 600
    assert seen[-1] == (600, 600)


def test_progress_line_every_few_seconds() -> None:
    now = [0.0]
    out = io.StringIO()
    progress = ProgressLine(out, every=5, clock=lambda: now[0])
    progress("groundedness", 0, 100)
    for done in range(1, 101):
        now[0] += 0.5
        progress("groundedness", done, 100)
    lines = out.getvalue().splitlines()
    assert lines[0] == "groundedness: 10/100 judge calls, 2.0 calls/s, about 45 s left"
    assert lines[-1] == "groundedness: 100/100 judge calls, 2.0 calls/s"
    assert len(lines) == 10


def run_shard(tmp_path: Path, candidate: str, shard: str | None, name: str) -> Path:
    out = tmp_path / f"{name}.json"
    args = [
        "compare", "--judge", "figures", "--cases", str(EXAMPLES / "cases.jsonl"), "--baseline", str(EXAMPLES / "baseline.jsonl"),
        "--candidate", str(EXAMPLES / candidate), "--results", str(out),
    ]  # fmt: skip
    groundgate(*args, *(["--shard", shard] if shard else []))
    return out


def test_shards_merge_into_the_unsharded_verdict(tmp_path: Path) -> None:
    whole = json.loads(run_shard(tmp_path, "candidate-regression.jsonl", None, "whole").read_text())
    parts = [run_shard(tmp_path, "candidate-regression.jsonl", f"{k}/3", f"part{k}") for k in (1, 2, 3)]
    sizes = [len(json.loads(p.read_text())["rows"]) for p in parts]
    assert sum(sizes) == 10  # every case in exactly one shard (one shard may be empty: that merges too)
    merged_path = tmp_path / "merged.json"
    proc = groundgate("merge", *map(str, parts), "--results", str(merged_path))
    assert proc.returncode == 1
    merged = json.loads(merged_path.read_text())
    assert merged["verdict"] == whole["verdict"] == "fail"
    assert merged["counts"] == whole["counts"]
    assert [r["id"] for r in merged["rows"]] == [r["id"] for r in whole["rows"]]
    assert merged["shard"] is None


def test_merge_refuses_mixed_missing_or_repeated_shards(tmp_path: Path) -> None:
    one = run_shard(tmp_path, "candidate-regression.jsonl", "1/2", "a1")
    two = run_shard(tmp_path, "candidate-regression.jsonl", "2/2", "a2")
    other = run_shard(tmp_path, "candidate.jsonl", "2/2", "b2")
    for args, message in [
        ((one, other), "different runs"),
        ((one,), "shard(s) 2 of 2 missing"),
        ((one, one, two), "shard(s) 1 of 2 given more than once"),
    ]:
        proc = groundgate("merge", *map(str, args))
        assert proc.returncode == 2
        assert message in proc.stderr


def test_shard_flag_is_validated(tmp_path: Path) -> None:
    proc = groundgate(
        "compare", "--judge", "figures", "--cases", "c", "--baseline", "b", "--candidate", "k", "--shard", "3/2"
    )
    assert proc.returncode == 2
    assert proc.stderr == "groundgate: error: --shard: K/N needs 1 <= K <= N (got '3/2')\n"


def test_threads_share_the_judge_without_losing_counts() -> None:
    """A judge without an async path runs in the engine's threads (``asyncio.to_thread``): batch after batch,
    the same bounded pool serves it, and no call is lost or counted twice."""
    from groundgate.judges.engine import THREADS
    from tests.support.scripted import ScriptedJudge

    before = threading.active_count()
    judge = ScriptedJudge(lambda r: 5.0, max_concurrency=16)
    requests = [JudgeRequest(Case(f"c{n}", "x", "q", "c", n), f"r{n}", Purpose.GROUNDEDNESS) for n in range(500)]
    judge.score_all(requests[:250])
    during = threading.active_count()
    judge.score_all(requests[250:])  # the same threads serve every batch of the run
    judge.close()
    assert judge.calls.groundedness == 500
    assert len(judge.scripted.log) == 500
    assert threading.active_count() <= max(during, before + THREADS + 1)


def test_merge_refuses_results_of_another_rubric_mode(tmp_path: Path) -> None:
    parts = []
    for k, rubric in ((1, "query"), (2, "no-query")):
        out = tmp_path / f"{rubric}.json"
        groundgate(
            "compare", "--judge", "figures", "--rubric", rubric, "--cases", str(EXAMPLES / "cases.jsonl"),
            "--baseline", str(EXAMPLES / "baseline.jsonl"), "--candidate", str(EXAMPLES / "candidate.jsonl"),
            "--results", str(out), "--shard", f"{k}/2",
        )  # fmt: skip
        assert json.loads(out.read_text())["judge"]["rubric"] == rubric
        parts.append(out)
    proc = groundgate("merge", *map(str, parts))
    assert proc.returncode == 2
    assert "different runs" in proc.stderr


def test_prompt_files_are_read_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    prompt_version.cache_clear()
    reads: list[Path] = []
    original = Path.read_bytes

    def counting(path: Path) -> bytes:
        reads.append(path)
        return original(path)

    monkeypatch.setattr(Path, "read_bytes", counting)
    first = prompt_version()
    assert all(prompt_version() == first for _ in range(1000))
    prompty = [p for p in reads if p.suffix == ".prompty"]
    assert prompty  # the first call read the SDK's prompt files ...
    assert len(prompty) == len(set(prompty))  # ... once each, and later calls none


def edit_rows(path: Path, edit: Callable[[list[dict[str, Any]]], None]) -> Path:
    data = json.loads(path.read_text())
    edit(data["rows"])
    path.write_text(json.dumps(recount(data)))  # counts and verdict made to match: only coverage can tell
    return path


def test_merge_refuses_shards_whose_rows_are_not_the_suite_once_each(tmp_path: Path) -> None:
    """A crafted shard file that drops the blocking regression, doubles a row or moves one must not merge."""
    one = run_shard(tmp_path, "candidate-regression.jsonl", "1/2", "a1")
    two = run_shard(tmp_path, "candidate-regression.jsonl", "2/2", "a2")
    whole = json.loads(one.read_text())["rows"] + json.loads(two.read_text())["rows"]
    regression = next(r for r in whole if r["outcome"] == "regression")
    holder = one if any(r["id"] == regression["id"] for r in json.loads(one.read_text())["rows"]) else two
    other = two if holder == one else one

    def drop(rows: list[dict[str, Any]]) -> None:
        rows[:] = [r for r in rows if r["id"] != regression["id"]]

    dropped = tmp_path / "dropped.json"
    dropped.write_text(holder.read_text())
    edit_rows(dropped, drop)
    cases = str(EXAMPLES / "cases.jsonl")
    named = groundgate("merge", str(dropped), str(other), "--cases", cases)
    assert named.returncode == 2
    assert f"no row for 1 case(s): '{regression['id']}'" in named.stderr
    unnamed = groundgate("merge", str(dropped), str(other))
    assert unnamed.returncode == 2
    assert "the shard results hold 9 row(s) but the suite has 10 case(s)" in unnamed.stderr

    doubled = tmp_path / "doubled.json"
    doubled.write_text(other.read_text())
    edit_rows(doubled, lambda rows: rows.append(regression))
    proc = groundgate("merge", str(holder), str(doubled))
    assert proc.returncode == 2
    assert f"these cases appear in more than one shard result: '{regression['id']}'" in proc.stderr

    moved_from, moved_to = tmp_path / "from.json", tmp_path / "to.json"
    moved_from.write_text(holder.read_text())
    moved_to.write_text(other.read_text())
    edit_rows(moved_from, drop)
    edit_rows(moved_to, lambda rows: rows.append(regression))
    # A case's shard follows from the suite's texts (shards are balanced by tokens): the cases file says it
    proc = groundgate("merge", str(moved_from), str(moved_to), "--cases", cases)
    assert proc.returncode == 2
    assert f"holds rows of other shards: '{regression['id']}'" in proc.stderr

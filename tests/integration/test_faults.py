"""A failing judge: every row ends as a score or an error with its cause, within a bounded time,
and the gate never passes while a row is unjudged. Each test finishes in seconds."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from groundgate import compare
from groundgate.evidence import Options
from groundgate.judges.limits import Deadline
from groundgate.results import Results
from groundgate.rules import Outcome
from tests.support.azure import judge_for
from tests.support.cli import interruptible
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.inputs import make_inputs

Start = Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
ROWS = [(f"r{n}", "policy", f"base {n}", f"cand {n}") for n in range(6)]


def run_with(fake: FakeAzureOpenAI, call_timeout: float, deadline: float | None = None) -> tuple[Results, float]:
    judge = judge_for(
        fake, max_concurrency=4, call_timeout=call_timeout, deadline=Deadline(deadline) if deadline else None
    )
    started = time.monotonic()
    try:
        results = compare.run(make_inputs(ROWS), judge, Options(frozenset({"policy"})))
    finally:
        judge.close()
    return results, time.monotonic() - started


def faulty(fault: Reply, on: str = "cand 1") -> Callable[[Prompt], Reply]:
    return lambda prompt: fault if prompt.response == on else Reply(score=5)


def assert_one_error(results: Results, cause: str) -> None:
    errors = [row for row in results.rows if row.outcome is Outcome.ERROR]
    assert [row.id for row in errors] == ["r1"]
    assert errors[0].error is not None
    assert cause in errors[0].error
    assert all(row.outcome is Outcome.TIE for row in results.rows if row.id != "r1")
    assert results.verdict == "error"  # a blocking-category row is unjudged: never a pass


def test_connection_dropped_mid_response(fake_azure: Start) -> None:
    results, took = run_with(fake_azure(faulty(Reply(fault="drop"))), call_timeout=3)
    assert_one_error(results, "candidate:")
    assert took < 20


def test_stalled_server_is_cut_off_by_the_call_timeout(fake_azure: Start) -> None:
    results, took = run_with(fake_azure(faulty(Reply(fault="stall", delay=30))), call_timeout=2)
    assert_one_error(results, "no answer within 2 s (call timeout)")
    assert took < 15


def test_slow_body_is_cut_off_by_the_call_timeout(fake_azure: Start) -> None:
    results, took = run_with(fake_azure(faulty(Reply(fault="slow", delay=30))), call_timeout=2)
    assert_one_error(results, "call timeout")
    assert took < 15


def test_500_on_some_requests_is_retried_by_the_sdk(fake_azure: Start) -> None:
    seen: Counter[str] = Counter()

    def flaky(prompt: Prompt) -> Reply:
        if prompt.kind == "fluency":
            return Reply(score=4)
        seen[prompt.response] += 1
        if prompt.response in ("cand 1", "cand 3") and seen[prompt.response] == 1:
            return Reply(http_status=500, reason="internal error")
        return Reply(score=5)

    results, _ = run_with(fake_azure(flaky), call_timeout=20)
    assert all(row.outcome is Outcome.TIE for row in results.rows)
    assert seen["cand 1"] == seen["cand 3"] == 2


def test_429_storm_with_retry_after_passes_and_is_counted(fake_azure: Start) -> None:
    seen: Counter[str] = Counter()

    def storm(prompt: Prompt) -> Reply:
        seen[prompt.response] += 1
        if seen[prompt.response] <= 2:
            return Reply(http_status=429, headers={"Retry-After": "1"}, reason="rate limited")
        return Reply(score=5)

    judge = judge_for(fake_azure(storm), max_concurrency=6, call_timeout=20)
    results = compare.run(make_inputs(ROWS), judge, Options(frozenset({"policy"})))
    judge.close()
    assert all(row.outcome is Outcome.TIE for row in results.rows)
    assert results.calls.throttled == 2 * 12  # two 429s for each of the twelve answers


def test_429_storm_without_retry_after_ends_as_errors_in_bounded_time(fake_azure: Start) -> None:
    fake = fake_azure(faulty(Reply(http_status=429, reason="rate limited")))
    results, took = run_with(fake, call_timeout=4)
    assert_one_error(results, "call timeout")
    assert took < 20


def test_the_run_deadline_stops_the_judging(fake_azure: Start) -> None:
    fake = fake_azure(lambda p: Reply(fault="stall", delay=30) if p.response.startswith("cand") else Reply(score=5))
    results, took = run_with(fake, call_timeout=60, deadline=3)
    assert {row.outcome for row in results.rows} == {Outcome.ERROR}
    assert all("deadline" in (row.error or "") for row in results.rows)
    assert results.verdict == "error"
    assert took < 15


def test_a_stalled_judge_cannot_hold_the_cli_open(fake_azure: Start, tmp_path: Path) -> None:
    fake = fake_azure(lambda p: Reply(fault="stall", delay=60) if "stuck" in p.response else Reply(score=5))
    (tmp_path / "cases.jsonl").write_text(
        json.dumps({"id": "a", "category": "policy", "query": "q?", "context": "c"}) + "\n"
    )
    (tmp_path / "b.jsonl").write_text(json.dumps({"id": "a", "response": "fine"}) + "\n")
    (tmp_path / "c.jsonl").write_text(json.dumps({"id": "a", "response": "stuck"}) + "\n")
    started = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "groundgate.cli", "compare", "--cases", str(tmp_path / "cases.jsonl"), "--baseline", str(tmp_path / "b.jsonl"),
         "--candidate", str(tmp_path / "c.jsonl"), "--azure-endpoint", fake.endpoint, "--judge-deployment", "d", "--call-timeout", "2"],
        env={"AZURE_OPENAI_API_KEY": "k", "PATH": ""}, capture_output=True, text=True, timeout=40, check=False,
    )  # fmt: skip
    assert proc.returncode == 3, proc.stderr
    printed = " ".join(proc.stdout.split())
    assert "NOT JUDGED: 1 row, the judge deployment d at " in printed
    assert "could not be reached: the judge gave no answer within 2 s (call timeout) Fix: " in printed
    assert proc.stdout.endswith(  # a judge that does not answer is an outage: no verdict, naming where it is
        f"Verdict: No verdict: the judge deployment d at {fake.endpoint.rstrip('/')} could not be reached: 1 of 1 row "
        "not judged\n"
    )
    assert time.monotonic() - started < 30  # the process exited without waiting for the stuck call


@pytest.mark.parametrize(("stop", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_stop_signal_flushes_the_cache_and_says_the_run_did_not_finish(
    fake_azure: Start, tmp_path: Path, stop: signal.Signals, code: int
) -> None:
    fake = fake_azure(lambda p: Reply(fault="stall", delay=60) if p.response.startswith("stuck") else Reply(score=5))
    cases = [{"id": f"c{n}", "category": "policy", "query": "q?", "context": "ctx"} for n in range(6)]
    (tmp_path / "cases.jsonl").write_text("".join(json.dumps(c) + "\n" for c in cases))
    (tmp_path / "b.jsonl").write_text(
        "".join(json.dumps({"id": c["id"], "response": f"fine {c['id']}"}) + "\n" for c in cases)
    )
    # The first two cases' candidates answer (the run's first calls are the judge's probe), the rest hang.
    (tmp_path / "c.jsonl").write_text(
        "".join(
            json.dumps({"id": c["id"], "response": f"{'fine' if n < 2 else 'stuck'} {c['id']} answer"}) + "\n"
            for n, c in enumerate(cases)
        )
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "groundgate.cli", "compare", "--cases", str(tmp_path / "cases.jsonl"), "--baseline", str(tmp_path / "b.jsonl"),
         "--candidate", str(tmp_path / "c.jsonl"), "--azure-endpoint", fake.endpoint, "--judge-deployment", "d",
         "--cache", str(tmp_path / "scores.json"), "--results", str(tmp_path / "r.json")],
        env={"AZURE_OPENAI_API_KEY": "k", "PATH": ""}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=interruptible,
    )  # fmt: skip
    deadline = time.monotonic() + 30
    while sum(1 for p in fake.prompts if p.response.startswith("stuck")) < 4 and time.monotonic() < deadline:
        time.sleep(0.1)  # every other answer is scored and the four stuck candidate calls are hanging
    time.sleep(0.5)
    proc.send_signal(stop)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == code
    assert f"interrupted by {stop.name} after 8 judge calls; 8 scores are in the cache" in err
    assert "the run did not finish, so there is no verdict" in err
    assert "Traceback" not in err
    assert len(json.loads((tmp_path / "scores.json").read_text())["entries"]) == 8  # the answered scores survive
    assert not (tmp_path / "r.json").exists()  # no verdict was written as if the run had finished

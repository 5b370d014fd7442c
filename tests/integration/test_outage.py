"""A judge that goes down, and a run stopped from outside, with the real CLI against the fake Azure
OpenAI server: the run ends quickly, keeps every score the judge answered, and starts no process
that could outlive it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply

Start = Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]


def write_suite(folder: Path, rows: int) -> list[str]:
    cases = [{"id": f"c{n}", "category": "policy", "query": "q?", "context": "ctx"} for n in range(rows)]
    (folder / "cases.jsonl").write_text("".join(json.dumps(c) + "\n" for c in cases))
    for side in ("baseline", "candidate"):
        (folder / f"{side}.jsonl").write_text(
            "".join(json.dumps({"id": c["id"], "response": f"{side} answer {c['id']}"}) + "\n" for c in cases)
        )
    return [
        "compare", "--cases", str(folder / "cases.jsonl"), "--baseline", str(folder / "baseline.jsonl"),
        "--candidate", str(folder / "candidate.jsonl"), "--judge-deployment", "judge-4o",
    ]  # fmt: skip


def start_cli(args: list[str], endpoint: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "groundgate.cli", *args, "--azure-endpoint", endpoint],
        env={"AZURE_OPENAI_API_KEY": "k", "PATH": os.environ.get("PATH", "")},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def children(pid: int) -> list[int]:
    """Every live descendant of ``pid``, read from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if fields[0] != "Z":
                parents[int(entry.name)] = int(fields[1])
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        kids = [p for p, pp in parents.items() if pp == parent]
        found += kids
        frontier += kids
    return found


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


class Gate:
    """A judge that answers the first ``answer`` calls and then hangs every later one."""

    def __init__(self, answer: int) -> None:
        self.answer = answer
        self.answered = 0
        self.hanging = 0
        self.lock = threading.Lock()

    def __call__(self, prompt: Prompt) -> Reply:
        with self.lock:
            if self.answered < self.answer:
                self.answered += 1
                return Reply(score=5)
            self.hanging += 1
        return Reply(fault="stall", delay=120)

    def wait(self, until: float = 120) -> None:
        deadline = time.monotonic() + until
        while not (self.answered == self.answer and self.hanging > 0) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert self.answered == self.answer, "the run never reached the judge"
        assert self.hanging > 0


@pytest.fixture
def reap() -> Iterator[list[int]]:
    """Pids to kill if a test fails before its processes ended."""
    pids: list[int] = []
    yield pids
    for pid in pids:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)


def test_sigterm_at_high_concurrency_stops_quickly_and_keeps_every_answered_score(
    fake_azure: Start, tmp_path: Path, reap: list[int]
) -> None:
    gate = Gate(answer=40)
    fake = fake_azure(gate)
    args = write_suite(tmp_path, 150)  # 300 answers at 32 in flight: once enough to start worker processes
    cache = tmp_path / "scores.json"
    proc = start_cli(
        [*args, "--max-concurrency", "32", "--cache", str(cache), "--results", str(tmp_path / "r.json")], fake.endpoint
    )
    reap.append(proc.pid)
    gate.wait()
    started = children(proc.pid)
    reap.extend(started)
    assert started == []  # one process does the judging: nothing to orphan if it is killed
    time.sleep(1.5)  # the 40 answers arrive
    sent = len(fake.prompts)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=20)  # seconds, not the minutes a stalled call could last
    assert proc.returncode == 143, err
    assert "interrupted by SIGTERM after" in err  # a call refused at connect under load may add one to the count
    assert "40 scores are in the cache" in err  # the promise: every answered score reached the cache
    assert "Traceback" not in err
    assert len(json.loads(cache.read_text())["entries"]) == 40  # every answered score was flushed
    assert not (tmp_path / "r.json").exists()
    time.sleep(1)
    assert len(fake.prompts) == sent  # no new call after the signal


@pytest.mark.parametrize(
    ("fault", "cause", "extra"),
    [
        (Reply(fault="drop"), "APIConnectionError", []),
        (Reply(http_status=500, reason="service down"), "call timeout", ["--call-timeout", "2"]),
    ],
    ids=["connection-dropped", "500-until-the-call-timeout"],
)
def test_a_judge_outage_opens_the_circuit_breaker(
    fake_azure: Start, tmp_path: Path, fault: Reply, cause: str, extra: list[str]
) -> None:
    fake = fake_azure(lambda prompt: fault)
    args = write_suite(tmp_path, 200)
    proc = subprocess.run(
        [sys.executable, "-m", "groundgate.cli", *args, "--azure-endpoint", fake.endpoint, "--max-concurrency", "4",
         "--max-consecutive-failures", "5", "--results", str(tmp_path / "r.json"), "--report", str(tmp_path / "r.md"),
         *extra],
        env={"AZURE_OPENAI_API_KEY": "k", "PATH": os.environ.get("PATH", "")},
        capture_output=True, text=True, timeout=90, check=False,
    )  # fmt: skip
    assert proc.returncode == 3, proc.stderr
    assert "Traceback" not in proc.stderr
    data = json.loads((tmp_path / "r.json").read_text())
    assert len(data["rows"]) == 200
    assert {row["outcome"] for row in data["rows"]} == {"error"}
    assert all(row["error"] for row in data["rows"])
    stopped = [row for row in data["rows"] if "circuit breaker" in row["error"]]
    assert len(stopped) >= 195
    assert all(cause in row["error"] for row in stopped)  # the cause of the outage, on every row
    asked = {p.response for p in fake.prompts}
    assert len(asked) <= 5 + 4  # five failures in a row, plus the calls already in flight
    assert data["calls"]["unsent"] == 400 - data["calls"]["groundedness"]
    assert data["verdict"] == "error"
    # an outage is no verdict on the change: one headline naming where the judge is, the error once
    endpoint = fake.endpoint.rstrip("/")
    assert {row["unreachable"] for row in data["rows"]} == {endpoint}
    headline = (
        f"No verdict: the judge deployment judge-4o at {endpoint} could not be reached: 200 of 200 rows not judged"
    )
    assert " ".join(proc.stdout.split()).endswith(f"Verdict: {headline}")
    report = (tmp_path / "r.md").read_text()
    assert report.startswith(
        f"## ⛔ groundgate: No verdict\\: the judge deployment judge\\-4o at `{endpoint}` could not be reached"
    )
    assert report.count(endpoint) == 1
    assert report.count(cause) == 1
    unsent = data["calls"]["unsent"]  # the circuit breaker's part, with its numbers, apart from the judge's error
    assert (
        f"<br>\n**The circuit breaker:** after 5 failed calls in a row, groundgate stopped calling the judge "
        f"(`max-consecutive-failures`): {unsent:,} calls not sent.<br>\n"
    ) in report
    assert "| --- |" not in report  # no table of zeros


def test_a_judge_that_answers_the_probe_then_turns_to_prose_is_not_called_unreachable(
    fake_azure: Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI], tmp_path: Path
) -> None:
    """The judge is reachable and answers: first in the rubric's format (the probe passes), then in prose, until
    the breaker stops calling it. That is no outage with a network fix: the headline, the report and the rows say
    the model stopped answering in the rubric's format, with the fix for that."""
    answered: list[int] = []

    def turns(prompt: Prompt) -> Reply:
        answered.append(1)
        return Reply(score=5) if len(answered) <= 6 else Reply(content="Let's think step by step: it is fine.")

    fake = fake_azure(turns)
    args = write_suite(tmp_path, 30)
    proc = subprocess.run(
        [sys.executable, "-m", "groundgate.cli", *args, "--azure-endpoint", fake.endpoint, "--max-concurrency", "1",
         "--results", str(tmp_path / "r.json"), "--report", str(tmp_path / "r.md")],
        env={"AZURE_OPENAI_API_KEY": "k", "PATH": os.environ.get("PATH", "")},
        capture_output=True, text=True, timeout=90, check=False,
    )  # fmt: skip
    assert proc.returncode == 3, proc.stderr
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["calls"]["unsent"] > 0  # the breaker stopped calling it
    assert {row.get("unreachable") for row in data["rows"]} == {None}  # none: not an outage
    headline = "No verdict: the judge stopped answering in the rubric's format: "
    said = " ".join(proc.stdout.split())
    report = (tmp_path / "r.md").read_text()
    assert f"Verdict: {headline}" in said
    assert report.startswith(
        "## ⛔ groundgate: No verdict\\: the judge stopped answering in the rubric&#x27;s format\\: "
    )
    for text in (said, report):
        assert "could not be reached" not in text
        assert "firewall" not in text
    assert "use a larger or instruction-tuned model, served with JSON mode" in report

"""What groundgate leaves behind when the machine is unkind: a stop signal in the middle of a save or
of the report, a full disk, a lock that cannot be opened, committed symbolic links, a stdout that is
not UTF-8. No score that was paid for is lost, no verdict is misreported, nothing is written outside
where it belongs."""

from __future__ import annotations

import array
import fcntl
import json
import os
import re
import resource
import shutil
import signal
import stat
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

import pytest

from tests.support.action import PATHS, event, run_action
from tests.support.azure import decide_by_text
from tests.support.cli import compare_argv, groundgate, interruptible
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.github import FakeGitHub
from tests.support.paths import EXAMPLES

Start = Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
ROWS = [
    ("refund", "policy", "Returns within 30 days.", "Returns within 45 days. HALLUCINATE"),
    ("ship", "shipping", "Ships in 2 days.", "Ships in 2 days."),
]


def write_inputs(folder: Path) -> list[str]:
    """The three files, and the flags that name them."""
    files = {name: folder / f"{name}.jsonl" for name in ("cases", "baseline", "candidate")}
    files["cases"].write_text(
        "".join(json.dumps({"id": i, "category": c, "query": "q?", "context": "ctx"}) + "\n" for i, c, _, _ in ROWS)
    )
    files["baseline"].write_text("".join(json.dumps({"id": i, "response": b}) + "\n" for i, _, b, _ in ROWS))
    files["candidate"].write_text("".join(json.dumps({"id": i, "response": k}) + "\n" for i, _, _, k in ROWS))
    return [f"--{name}={path}" for name, path in files.items()]


def azure_argv(folder: Path, fake: FakeAzureOpenAI, *extra: str) -> list[str]:
    return [sys.executable, "-m", "groundgate.cli", "compare", *write_inputs(folder),
            "--azure-endpoint", fake.endpoint, "--judge-deployment", "judge-4o", *extra]  # fmt: skip


ENV = {"PATH": os.environ.get("PATH", ""), "AZURE_OPENAI_API_KEY": "sk-judge-key"}


def many_regressions(folder: Path, count: int = 80) -> list[str]:
    """``compare`` of ``count`` policy answers that each invent a figure (the figures judge): a console
    report of several pages."""
    cases = [
        {"id": f"refund-{n:03d}", "category": "policy", "query": "How long?", "context": "Within 30 days."}
        for n in range(count)
    ]
    (folder / "cases.jsonl").write_text("".join(json.dumps(c) + "\n" for c in cases))
    for name, answer in (("baseline", "Within 30 days."), ("candidate", "Within 45 days.")):
        (folder / f"{name}.jsonl").write_text(
            "".join(json.dumps({"id": c["id"], "response": answer}) + "\n" for c in cases)
        )
    return compare_argv(folder / "cases.jsonl", folder / "baseline.jsonl", folder / "candidate.jsonl")


def limited(max_bytes: int) -> Callable[[], None]:
    """A ``preexec_fn``: no file this process writes may grow past ``max_bytes``, as on a full disk
    (Python ignores SIGXFSZ, so the write fails with EFBIG, as it fails with ENOSPC). Run it with
    ``NO_BYTECODE``: CPython takes a short write of a ``.pyc`` for a whole one, and leaves it truncated."""
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (max_bytes, max_bytes))


NO_BYTECODE = {"PYTHONDONTWRITEBYTECODE": "1"}


def until(condition: Callable[[], bool], what: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.05)


def waiting_for_lock(lock: Path) -> bool:
    """Some process is blocked taking ``lock`` (Linux lists blocked requests with '->')."""
    inode = os.stat(lock).st_ino
    return any(
        "->" in line and re.search(rf":{inode}\b", line) for line in Path("/proc/locks").read_text().splitlines()
    )


PIPE = 4096  # the smallest pipe Linux makes (a page): the console report of ``many_regressions`` is longer


def stalled(stdout: IO[str]) -> bool:
    """A pipe no one reads (``stdout``, made ``PIPE`` bytes long): full, so its writer is blocked."""
    unread = array.array("i", [0])
    fcntl.ioctl(stdout.fileno(), termios.FIONREAD, unread)
    return unread[0] >= PIPE


# ---- no paid score lost


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_during_the_cache_save_keeps_every_new_score(
    fake_azure: Start, tmp_path: Path, stop: signal.Signals
) -> None:
    fake = fake_azure(decide_by_text)
    cache, lock = tmp_path / "scores.json", tmp_path / "scores.json.lock"
    lock.touch()
    holder = os.open(lock, os.O_RDWR)
    fcntl.flock(holder, fcntl.LOCK_EX)  # another run saving: this run's save has to wait for it
    try:
        proc = subprocess.Popen(
            azure_argv(tmp_path, fake, "--cache", str(cache), "--results", str(tmp_path / "r.json")),
            env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=interruptible,
        )  # fmt: skip
        until(lambda: waiting_for_lock(lock), "the run's save waits for the lock")
        proc.send_signal(stop)  # a cancelled workflow, while the save waits
        time.sleep(0.2)
    finally:
        fcntl.flock(holder, fcntl.LOCK_UN)
        os.close(holder)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == (143 if stop is signal.SIGTERM else 130), err
    [kept] = re.findall(r"; (\d+) scores are in the cache", err)
    assert int(kept) > 0
    assert len(json.loads(cache.read_text())["entries"]) == int(kept)  # every score the run paid for
    assert not (tmp_path / "r.json").exists()  # no verdict
    assert not list(tmp_path.glob("*.tmp"))


def test_a_killed_saves_leftover_is_removed_by_the_next_run(fake_azure: Start, tmp_path: Path) -> None:
    fake = fake_azure(decide_by_text)
    cache = tmp_path / "scores.json"
    leftover = tmp_path / "scores.json.k1ll3d_x.tmp"  # what a save killed with SIGKILL leaves
    leftover.write_text('{"format": "groundgate-score-cache", "version": 2, "entr')
    proc = subprocess.run(
        azure_argv(tmp_path, fake, "--cache", str(cache)), env=ENV, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 1, proc.stderr
    assert not leftover.exists()
    assert json.loads(cache.read_text())["entries"]


@pytest.mark.parametrize("how", ["a lock file that cannot be opened", "a full disk"])
def test_a_cache_that_cannot_be_saved_is_a_warning_and_the_verdict_stands(
    fake_azure: Start, tmp_path: Path, how: str
) -> None:
    fake = fake_azure(decide_by_text)
    cache, results = tmp_path / "scores.json", tmp_path / "r.json"
    preexec = None
    if how == "a full disk":
        entry = {"score": 5.0, "reason": "x" * 40, "model": "m", "tokens": 0, "mac": "0" * 64}
        entries = {f"{n:064x}": entry for n in range(2000)}
        cache.write_text(
            json.dumps({"format": "groundgate-score-cache", "version": 2, "entries": entries}, separators=(",", ":"))
        )
        preexec = limited(cache.stat().st_size - 1)  # room for the results, not for the cache
    else:
        (tmp_path / "scores.json.lock").mkdir()
    before = cache.read_bytes() if cache.exists() else None
    proc = subprocess.run(
        azure_argv(tmp_path, fake, "--cache", str(cache), "--results", str(results)),
        env={**ENV, **NO_BYTECODE}, capture_output=True, text=True, check=False, preexec_fn=preexec,
    )  # fmt: skip
    assert proc.returncode == 1, proc.stderr  # the blocking regression, as judged
    warnings = [w for w in json.loads(results.read_text())["warnings"] if "score cache not saved" in w]
    assert len(warnings) == 1
    assert "new scores will be paid for again next time" in warnings[0]
    assert "WARNING: score cache not saved" in proc.stdout
    assert "REGRESSION [policy] refund" in proc.stdout
    assert (cache.read_bytes() if cache.exists() else None) == before
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.parametrize("output", ["--results", "--report"])
def test_an_output_on_a_full_disk_is_one_line_and_its_own_exit_code(tmp_path: Path, output: str) -> None:
    target = tmp_path / "out.file"
    proc = subprocess.run(
        [sys.executable, "-m", "groundgate.cli",
         *compare_argv(EXAMPLES / "cases.jsonl", EXAMPLES / "baseline.jsonl", EXAMPLES / "candidate-regression.jsonl"),
         output, str(target)],
        env={"PATH": os.environ.get("PATH", ""), **NO_BYTECODE}, capture_output=True, text=True, check=False,
        preexec_fn=limited(1000),
    )  # fmt: skip
    assert proc.returncode == 5
    assert proc.stderr.splitlines()[-1] == f"groundgate: error: {str(target)!r}: cannot write: File too large"
    assert "internal error" not in proc.stderr
    assert list(tmp_path.iterdir()) == []  # no half-written file, no temporary file


def test_a_stop_signal_while_the_report_is_printed_says_what_was_written(tmp_path: Path) -> None:
    results = tmp_path / "r.json"
    proc = subprocess.Popen(
        [sys.executable, "-m", "groundgate.cli", *many_regressions(tmp_path),
         "--results", str(results), "--report", str(tmp_path / "report.md")],
        env={"PATH": os.environ.get("PATH", ""), "PYTHONUNBUFFERED": "1"}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    stdout = proc.stdout
    fcntl.fcntl(stdout.fileno(), fcntl.F_SETPIPE_SZ, PIPE)  # a log reader that stopped reading
    until(lambda: stalled(stdout), "the console report fills the pipe")
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143
    assert "nothing written" not in err
    assert (
        f"interrupted by SIGTERM while the report was being written: the results, verdict fail, are in {results}" in err
    )
    assert json.loads(results.read_text())["verdict"] == "fail"


# ---- bounded: rendering inside --deadline, input lines, the escaper


def test_the_deadline_covers_writing_the_report(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "groundgate.cli", *many_regressions(tmp_path), "--results", str(tmp_path / "r.json"),
         "--deadline", "1"],
        env={"PATH": os.environ.get("PATH", ""), "PYTHONUNBUFFERED": "1"}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    assert proc.stderr is not None
    fcntl.fcntl(proc.stdout.fileno(), fcntl.F_SETPIPE_SZ, PIPE)  # the report cannot be written out
    stderr, errors = proc.stderr, list[str]()

    def read_errors() -> None:
        errors.extend(line for line in stderr if line.startswith("groundgate: error:"))  # until the process exits

    reader = threading.Thread(target=read_errors, daemon=True)
    reader.start()
    until(lambda: bool(errors), "the deadline stopped the run", seconds=120)
    proc.stdout.read()  # now drain stdout, so the process can flush it and exit
    assert proc.wait(timeout=60) == 3
    assert errors[0].startswith(
        "groundgate: error: the run's deadline (--deadline 1 s) passed while the report was being written: "
        f"the results, verdict fail, are in {tmp_path / 'r.json'}"
    )


def test_a_line_longer_than_16_mb_is_refused_without_reading_it(tmp_path: Path) -> None:
    long = tmp_path / "candidate.jsonl"
    with long.open("w") as out:
        out.write(json.dumps({"id": "refund-007", "response": "fine"}) + "\n")
        out.write('{"id": "x", "response": "' + "a" * (17 << 20) + '"}\n')
    for candidate, line in [(long, 2), (Path("/dev/zero"), 1)]:
        proc = subprocess.run(
            [sys.executable, "-m", "groundgate.cli",
             *compare_argv(EXAMPLES / "cases.jsonl", EXAMPLES / "baseline.jsonl", candidate)],
            env={"PATH": os.environ.get("PATH", "")}, capture_output=True, text=True, timeout=120, check=False,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30)),  # /dev/zero never ends
        )  # fmt: skip
        assert proc.returncode == 2, proc.stderr
        assert proc.stderr == f"groundgate: error: {candidate}:{line}: a line longer than 16 MB: not a JSONL record\n"


def test_a_results_file_that_never_ends_a_value_is_refused() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "groundgate.cli", "report", "--results", "/dev/zero"],
        env={"PATH": os.environ.get("PATH", "")}, capture_output=True, text=True, timeout=300, check=False,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30)),
    )  # fmt: skip
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith("groundgate: error: /dev/zero: not a results file: no JSON value within 256 MB")


def test_a_megabyte_of_mentions_and_a_megabyte_word_render_in_one_pass(tmp_path: Path) -> None:
    """The report's escaper was quadratic: one 3 MB answer of @mentions took 373 s. The CPU limit is a
    generous guard against that, not a measurement (bench/escape.py measures)."""
    mentions = " ".join(f"@user{n}" for n in range(150_000))  # over a megabyte
    cases = [
        {"id": "m", "category": "shipping", "query": "q?", "context": "Ships in 2 days."},
        {"id": "w", "category": "shipping", "query": "q?", "context": "Ships in 2 days."},
    ]
    (tmp_path / "cases.jsonl").write_text("".join(json.dumps(c) + "\n" for c in cases))
    (tmp_path / "b.jsonl").write_text(
        "".join(json.dumps({"id": c["id"], "response": "Ships in 2 days."}) + "\n" for c in cases)
    )
    (tmp_path / "k.jsonl").write_text(
        json.dumps({"id": "m", "response": f"Ships in 9 days. {mentions}"}) + "\n"
        + json.dumps({"id": "w", "response": "Ships in 9 days. " + "w" * 1_000_000}) + "\n"
    )  # fmt: skip
    report = tmp_path / "report.md"
    proc = subprocess.run(
        [sys.executable, "-m", "groundgate.cli",
         *compare_argv(tmp_path / "cases.jsonl", tmp_path / "b.jsonl", tmp_path / "k.jsonl"), "--report", str(report)],
        env={"PATH": os.environ.get("PATH", "")}, capture_output=True, text=True, timeout=600, check=False,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_CPU, (120, 120)),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    text = report.read_text()
    assert "`@user0 @user1 @user2`" not in text  # each mention is its own span, the spaces plain
    assert "`@user0` `@user1` `@user2`" in text
    assert not re.search(r"(?<![`\w])@user\d", text)  # no mention outside a code span
    assert "**2** regressions to review" in text  # the word's row too


# ---- no link followed


def test_a_committed_lock_file_link_makes_the_action_touch_nothing_outside(workspace: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "shadow").write_text("root's")
    os.chmod(outside / "shadow", 0o600)
    (workspace / ".groundgate-cache").mkdir()
    (workspace / ".groundgate-cache" / "scores.json.lock").symlink_to(outside / "shadow")
    inputs = {
        **PATHS, "candidate": "evals/candidate.jsonl", "cache-path": ".groundgate-cache/scores.json",
        "cache-secret": "a-cache-secret-for-links",
    }  # fmt: skip
    run = run_action(workspace, None, inputs, event_path=event(tmp_path))
    assert run.code == 0, run.stdout
    [warning] = [line for line in run.stdout.splitlines() if line.startswith("::warning") and "symbolic link" in line]
    assert "'.groundgate-cache/scores.json.lock' is a symbolic link" in warning
    assert "no cache this run" in warning
    assert sorted(p.name for p in outside.iterdir()) == ["shadow"]  # nothing created there
    assert stat.S_IMODE((outside / "shadow").stat().st_mode) == 0o600  # nor chmod-ed
    assert (outside / "shadow").read_text() == "root's"
    assert not (workspace / ".groundgate-cache" / "scores.json").exists()


def test_an_output_through_a_link_inside_the_workspace_is_refused_too(workspace: Path, tmp_path: Path) -> None:
    (workspace / "elsewhere").mkdir()
    (workspace / ".groundgate").symlink_to(workspace / "elsewhere", target_is_directory=True)
    run = run_action(workspace, None, {**PATHS, "candidate": "evals/candidate.jsonl"}, event_path=event(tmp_path))
    assert run.code == 2
    assert "'.groundgate' is a symbolic link, and groundgate writes through no link" in run.stdout
    assert list((workspace / "elsewhere").iterdir()) == []


def test_the_clis_outputs_refuse_a_link_before_any_judging(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "out").symlink_to(tmp_path / "real", target_is_directory=True)
    for flag in ("--results", "--report"):
        proc = groundgate(
            *compare_argv(EXAMPLES / "cases.jsonl", EXAMPLES / "baseline.jsonl", EXAMPLES / "candidate.jsonl"),
            flag, str(tmp_path / "out" / "file"),
        )  # fmt: skip
        assert proc.returncode == 2
        assert proc.stderr.startswith(f"groundgate: error: {flag}: ")
        assert "is a symbolic link" in proc.stderr
    assert list((tmp_path / "real").iterdir()) == []


# ---- a stdout or stderr that cannot be written: exit 1 is a blocking regression, never a broken pipe


def cli_with(candidate: str, *extra: str, stdout: int | None, stderr: int | None) -> int:
    return subprocess.run(
        [sys.executable, "-m", "groundgate.cli",
         *compare_argv(EXAMPLES / "cases.jsonl", EXAMPLES / "baseline.jsonl", EXAMPLES / candidate), *extra],
        env={"PATH": os.environ.get("PATH", "")}, stdout=stdout, stderr=stderr, check=False,
    ).returncode  # fmt: skip


def broken_pipe() -> int:
    """The write end of a pipe whose reader is gone (``| head -1`` after its line): every write is EPIPE."""
    read, write = os.pipe()
    os.close(read)
    return write


@pytest.mark.parametrize(
    ("candidate", "extra", "code"),
    [("candidate.jsonl", (), 0), ("candidate-regression.jsonl", (), 1), ("candidate.jsonl", ("--rubric", "nope"), 2)],
)
def test_a_stderr_that_cannot_be_written_keeps_the_exit_code(candidate: str, extra: tuple[str, ...], code: int) -> None:
    with open("/dev/full", "w") as full:
        assert cli_with(candidate, *extra, stdout=subprocess.DEVNULL, stderr=full.fileno()) == code
    pipe = broken_pipe()
    try:
        assert cli_with(candidate, *extra, stdout=subprocess.DEVNULL, stderr=pipe) == code
    finally:
        os.close(pipe)


@pytest.mark.parametrize("candidate", ["candidate.jsonl", "candidate-regression.jsonl"])
def test_a_console_that_cannot_be_written_is_an_output_not_written_never_exit_1_or_a_bug(
    tmp_path: Path, candidate: str
) -> None:
    pipe = broken_pipe()  # `groundgate compare ... 2>&1 | head -1`
    try:
        assert cli_with(candidate, stdout=pipe, stderr=pipe) == 5
    finally:
        os.close(pipe)
    with (tmp_path / "err").open("w") as err, open("/dev/full", "w") as full:
        assert cli_with(candidate, stdout=full.fileno(), stderr=err.fileno()) == 5
    assert (tmp_path / "err").read_text().splitlines()[-1] == (
        "groundgate: error: stdout: cannot write the console report: No space left on device"
    )


@pytest.mark.parametrize(
    ("candidate", "code", "conclusion"),
    [("candidate.jsonl", 0, "neutral"), ("candidate-regression.jsonl", 1, "failure")],
)
def test_a_job_summary_that_cannot_be_written_is_a_warning_and_the_verdict_is_published(
    workspace: Path, gh: FakeGitHub, tmp_path: Path, candidate: str, code: int, conclusion: str
) -> None:
    """The runner's summary file on a full disk: the verdict's exit code, comment and check run stand (it
    used to end in a traceback, exit 1 for a passing run, and nothing published)."""
    run = run_action(
        workspace, gh, {**PATHS, "candidate": f"evals/{candidate}"}, event_path=event(tmp_path),
        extra_env={"GITHUB_STEP_SUMMARY": "/dev/full"},
    )  # fmt: skip
    assert run.code == code, run.stdout + run.stderr
    assert "Traceback" not in run.stderr
    assert (
        "::warning title=groundgate::could not write the job summary: [Errno 28] No space left on device" in run.stdout
    )
    assert run.outputs["verdict"] == ("pass" if code == 0 else "fail")
    [check] = gh.check_runs.values()
    assert check["conclusion"] == conclusion
    assert len(gh.comments_on(7)) == 1


# ---- stdout that is not UTF-8


@pytest.mark.parametrize(
    "env", [{"PYTHONIOENCODING": "ascii"}, {"LANG": "C", "LC_ALL": "C", "PYTHONIOENCODING": "ascii"}]
)
def test_an_ascii_stdout_keeps_the_verdicts_exit_code(tmp_path: Path, env: dict[str, str]) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "groundgate.cli",
         *compare_argv(EXAMPLES / "cases.jsonl", EXAMPLES / "baseline.jsonl", EXAMPLES / "candidate-regression.jsonl")],
        env={"PATH": os.environ.get("PATH", ""), **env}, capture_output=True, check=False,
    )  # fmt: skip
    assert proc.returncode == 1, proc.stderr
    out = proc.stdout.decode("ascii")  # nothing but ASCII reached it
    assert "?" in out  # what ASCII cannot hold is a replacement character
    assert out.rstrip().splitlines()[-1].startswith("Verdict: ")


def test_the_action_with_an_ascii_stdout_keeps_the_verdicts_exit_code(workspace: Path, tmp_path: Path) -> None:
    shutil.copy(EXAMPLES / "candidate-regression.jsonl", workspace / "evals" / "candidate-regression.jsonl")
    run = run_action(
        workspace, None, {**PATHS, "candidate": "evals/candidate-regression.jsonl"}, event_path=event(tmp_path),
        extra_env={"PYTHONIOENCODING": "ascii", "LANG": "C", "LC_ALL": "C"},
    )  # fmt: skip
    assert run.code == 1, run.stdout + run.stderr
    assert run.outputs["verdict"] == "fail"
    assert "Blocks merge" in run.summary  # the job summary is a file: UTF-8 whatever the console


# ---- whose the files are


RUNNER = 1001  # the self-hosted runner's user and group: the workspace folder is theirs


@pytest.mark.skipif(os.geteuid() != 0, reason="the action's container runs as root: only root can give files away")
def test_everything_the_action_creates_in_the_workspace_belongs_to_the_workspaces_owner(
    workspace: Path, tmp_path: Path
) -> None:
    """On a self-hosted runner the runner's user must be able to remove what the root container left (the next
    checkout cleans the workspace): .groundgate/, the results, the report, the score cache, its folder and lock."""
    os.chown(workspace, RUNNER, RUNNER)
    outside = tmp_path / "outside-cache"  # a cache outside the workspace is not the runner's to own
    inputs = {
        **PATHS, "candidate": "evals/candidate.jsonl", "cache-path": ".groundgate-cache/scores.json",
        "cache-secret": "a-cache-secret-for-owners",
    }  # fmt: skip
    run = run_action(workspace, None, inputs, event_path=event(tmp_path))
    assert run.code == 0, run.stdout
    made = [".groundgate", ".groundgate/results.json", ".groundgate/report.md", ".groundgate-cache",
            ".groundgate-cache/scores.json", ".groundgate-cache/scores.json.lock"]  # fmt: skip
    assert {name: (workspace / name).stat().st_uid for name in made} == dict.fromkeys(made, RUNNER)
    assert {name: (workspace / name).stat().st_gid for name in made} == dict.fromkeys(made, RUNNER)
    assert (workspace / "evals").stat().st_uid == 0  # what groundgate did not create keeps its owner
    outside.mkdir()  # the CLI in a workflow's container: the same rule, and nothing outside the workspace is given
    evals = workspace / "evals"
    proc = groundgate(
        "compare", "--judge", "figures", "--cases", str(evals / "cases.jsonl"), "--baseline",
        str(evals / "baseline.jsonl"), "--candidate", str(evals / "candidate.jsonl"),
        "--results", str(workspace / "out" / "r.json"), "--report", str(outside / "report.md"),
        env={"GITHUB_WORKSPACE": str(workspace)},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert [(workspace / p).stat().st_uid for p in ("out", "out/r.json")] == [RUNNER, RUNNER]
    assert (outside / "report.md").stat().st_uid == 0

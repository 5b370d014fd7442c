"""What groundgate leaves behind when the machine is unkind: a stop signal in the middle of a save or
of the report, a full disk, a lock that cannot be opened, committed symbolic links, a stdout that is
not UTF-8. No score that was paid for is lost, no verdict is misreported, nothing is written outside
where it belongs."""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
from pathlib import Path

from tests.support.cli import compare_argv
from tests.support.paths import EXAMPLES

# ---- bounded: rendering inside --deadline, input lines, the escaper


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

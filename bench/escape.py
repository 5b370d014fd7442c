"""How long the report's escaper takes on the texts that made it quadratic, and a whole run with one.

    python -m bench.escape             # the escaper alone, then `groundgate compare` with a 3 MB answer

Prints seconds (CPU time of this process for the escaper, wall time of the run); asserts nothing.
The issue that made it linear measured, before: one 3 MB answer full of @mentions 373 s, one
500,000-character word 589 s.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from groundgate.report.escape import block, inline

MB = 1 << 20


def mentions(size: int) -> str:
    text, n = [], 0
    length = 0
    while length < size:
        word = f"@user{n}"
        text.append(word)
        length += len(word) + 1
        n += 1
    return " ".join(text)


TEXTS: dict[str, Callable[[], str]] = {
    "1 MB of @mentions": lambda: mentions(MB),
    "3 MB of @mentions": lambda: mentions(3 * MB),
    "3 MB of adjacent @a@b mentions": lambda: "@a@b" * (3 * MB // 4),
    "a 500,000-character word": lambda: "w" * 500_000,
    "a 3 MB word": lambda: "w" * 3 * MB,
    "3 MB of hexadecimal words": lambda: " ".join(["0a1b2c3d4e5f"] * (3 * MB // 13)),
    "3 MB of owner/repo#1 references": lambda: " ".join(["octo-org/hello.world#1234"] * (3 * MB // 26)),
    "3 MB of markdown specials": lambda: "*_[]<>&|`#" * (3 * MB // 10),
}


def escaper() -> None:
    for name, make in TEXTS.items():
        text = make()
        for kind, escape in (("block", block), ("inline", inline)):
            started = time.process_time()
            escape(text)
            print(f"{kind:6} {name:34} {len(text) / MB:5.1f} MB  {time.process_time() - started:6.2f} s")


def run() -> None:
    """``groundgate compare`` (figures judge) with one 3 MB answer of mentions to report: judging,
    results, the markdown report and the console, as a user runs it."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        case = {"id": "m", "category": "shipping", "query": "When?", "context": "Ships in 2 days."}
        (root / "cases.jsonl").write_text(json.dumps(case) + "\n")
        (root / "b.jsonl").write_text(json.dumps({"id": "m", "response": "Ships in 2 days."}) + "\n")
        (root / "k.jsonl").write_text(
            json.dumps({"id": "m", "response": "Ships in 9 days. " + mentions(3 * MB)}) + "\n"
        )
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "groundgate.cli", "compare", "--judge", "figures", "--cases", str(root / "cases.jsonl"),
             "--baseline", str(root / "b.jsonl"), "--candidate", str(root / "k.jsonl"),
             "--results", str(root / "r.json"), "--report", str(root / "r.md")],
            check=True, capture_output=True,
        )  # fmt: skip
        print(f"groundgate compare with a 3 MB answer of @mentions: {time.perf_counter() - started:.1f} s wall")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.parse_args()
    escaper()
    run()


if __name__ == "__main__":
    main()

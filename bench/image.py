"""What the action's image costs, measured without a Docker engine: the Dockerfile is replayed into a
fresh virtual environment (tests/support/image.py), then this prints the venv's size on disk and the
time from starting the image's ENTRYPOINT to its first judge request (a local fake Azure OpenAI).

Not the image itself: the base image's own size and the time to pull it and start a container are
not included. Run as ``python -m bench.image``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from tests.support.azure import decide_by_text
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.image import action_dockerfile, replay
from tests.support.paths import EXAMPLES


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 1e6


def first_request_seconds(python: str, entrypoint: str, work: Path) -> float:
    """Seconds from spawning the entrypoint to the fake judge receiving its first request."""
    workspace = work / "workspace"
    (workspace / "evals").mkdir(parents=True)
    for name in ("cases.jsonl", "baseline.jsonl", "candidate.jsonl"):
        shutil.copy(EXAMPLES / name, workspace / "evals" / name)
    first = threading.Event()

    def decide(prompt: Prompt) -> Reply:
        first.set()
        return decide_by_text(prompt)

    with FakeAzureOpenAI(decide) as fake:
        env = {
            "PATH": os.environ["PATH"], "GITHUB_WORKSPACE": str(workspace), "INPUT_CASES": "evals/cases.jsonl",
            "INPUT_BASELINE": "evals/baseline.jsonl", "INPUT_CANDIDATE": "evals/candidate.jsonl",
            "INPUT_JUDGE": "azure", "INPUT_AZURE-ENDPOINT": fake.endpoint, "INPUT_JUDGE-DEPLOYMENT": "judge",
            "INPUT_AZURE-API-KEY": "bench", "INPUT_API-VERSION": "2024-10-21",
        }  # fmt: skip
        start = time.perf_counter()
        proc = subprocess.Popen([python, entrypoint], cwd=workspace, env=env, stdout=subprocess.DEVNULL)
        got = first.wait(timeout=300)
        elapsed = time.perf_counter() - start
        proc.wait(timeout=300)
    if not got:
        raise SystemExit("the entrypoint never called the judge")
    return elapsed


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "image"
        started = time.perf_counter()
        python, entrypoint = replay(action_dockerfile(), root)
        installed = time.perf_counter() - started
        venv = root / "opt" / "groundgate" / "venv"
        starts = [first_request_seconds(python, entrypoint, Path(tmp) / f"run{n}") for n in range(3)]
        print(
            json.dumps(
                {
                    "python": sys.version.split()[0],
                    "venv_mb": round(size_mb(venv), 1),
                    "replay_install_seconds": round(installed, 1),
                    "start_to_first_judge_request_seconds": [round(s, 2) for s in starts],
                },
                indent=2,
            )
        )


if __name__ == "__main__":
    main()

"""Adaptive concurrency: does it lower the window only where the judge server queues calls?

    python -m bench.concurrency            # the model (seconds) and the wire (about 10 minutes)
    python -m bench.concurrency --model    # the model only: thousands of runs of the controller

The model (``tests/support/queueing.py``) runs the controller of ``groundgate.judges.concurrency`` on a
simulated clock, thousands of times: a hosted service (log-normal latencies independent of load, median
1.2 s, p99 8 s or 15 s), a runner slowed three times over for ten seconds, servers with 1 to 6 slots. The
wire runs the real OpenAI-compatible judge (the SDK, the runner, the dispatcher) against the fake judge of
``bench.fake_judge`` in its own process: a hosted-like server (log-normal latency, median 1.2 s, p99 8 s,
whatever is in flight) 20 times, and servers with 1, 2 and 4 slots (0.2 s a call) 3 times each; and the
figures judge, which has no server. Printed: how often the window was lowered, and where it settled.
Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.support.queueing import Server

ROOT = Path(__file__).resolve().parent.parent


def model(runs: int) -> None:
    from tests.support.queueing import hosted, run, slots, slowed

    print(f"the model, {runs:,} runs each (400 calls, cap 8, slow start):", flush=True)
    servers: list[tuple[str, Callable[[], Server]]] = [
        ("hosted, median 1.2 s, p99 8 s", lambda: hosted(1.2, 8.0)),
        ("hosted, median 1.2 s, p99 15 s", lambda: hosted(1.2, 15.0)),
        ("hosted, 3x slower for 10 s from 5 s", lambda: slowed(hosted(0.5, 1.0), 3.0, 5.0, 15.0)),
    ]
    for name, server in servers:
        lowered = sum(run(server(), seed=seed).lowered for seed in range(runs))
        print(f"  {name:<38} lowered in {lowered:,} of {runs:,} runs", flush=True)
    for count in (1, 2, 3, 4, 6):
        cap = 8 if count < 6 else 16
        windows = Counter(run(slots(count), seed=seed, cap=cap).window for seed in range(200))
        print(
            f"  {count} slot(s), cap {cap:<2}{'':22} settled on {dict(sorted(windows.items()))} (200 runs)", flush=True
        )


def wire_run(fake_args: list[str], calls: int, cap: int, seed: int) -> tuple[bool, int, int]:
    """One run of the real OpenAI-compatible judge against ``bench.fake_judge``: (lowered, final window, the
    most calls the server held at once, where it counts them)."""
    from groundgate.cases import Case
    from groundgate.judges import JudgeRequest, Purpose, openai
    from groundgate.judges.runner import Runner

    fake = subprocess.Popen([sys.executable, "-m", "bench.fake_judge", *fake_args, "--seed", str(seed)], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert fake.stdout is not None
    assert fake.stdin is not None
    url = fake.stdout.readline().strip()
    judge = Runner(openai.build(openai.OpenAIConfig(url, "judge", "query", "sk-test-key")), max_concurrency=cap,
                   call_timeout=300)  # fmt: skip
    case = Case("c", "policy", "How long?", "Returns within 30 days.", 1)
    judge.score_all([JudgeRequest(case, f"Within 30 days ({n}).", Purpose.GROUNDEDNESS) for n in range(calls)])
    gate = judge.concurrency
    judge.close()
    fake.stdin.close()
    fake.stdout.read()
    fake.wait(timeout=30)
    return gate.lowered, gate.window, gate.lowest


def wire(runs: int) -> None:
    print(f"\nthe wire (the SDK and the runner against bench.fake_judge; load {os.getloadavg()[0]:.1f}):", flush=True)
    hosted = [wire_run(["--openai", "--latency", "1.2", "--p99", "8"], 120, 8, seed) for seed in range(runs)]
    print(f"  hosted-like, median 1.2 s, p99 8 s, 120 calls, cap 8: lowered in {sum(h[0] for h in hosted)} of {runs} "
          f"runs; settled on {sorted(Counter(h[1] for h in hosted).items())} (load {os.getloadavg()[0]:.1f})",
          flush=True)  # fmt: skip
    for count in (1, 2, 4):
        done = [wire_run(["--slots", str(count), "--latency", "0.2"], 120, 8, seed) for seed in range(3)]
        print(f"  {count} slot(s), 0.2 s a call, 120 calls, cap 8: settled on {[d[1] for d in done]} "
              f"(load {os.getloadavg()[0]:.1f})", flush=True)  # fmt: skip
    from groundgate.cases import Case
    from groundgate.judges import JudgeRequest, Purpose
    from groundgate.judges.figures_judge import FiguresProvider
    from groundgate.judges.runner import Runner

    figures = Runner(FiguresProvider("query"), max_concurrency=8, call_timeout=300)
    case = Case("c", "policy", "How long?", "Returns within 30 days.", 1)
    figures.score_all([JudgeRequest(case, f"Within {n} days.", Purpose.GROUNDEDNESS) for n in range(2000)])
    print(f"  the figures judge, 2,000 calls, cap 8: window {figures.concurrency.window}, lowered: "
          f"{figures.concurrency.lowered}", flush=True)  # fmt: skip
    figures.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", action="store_true", help="the model only")
    parser.add_argument("--runs", type=int, default=20_000, help="model runs for each hosted case")
    parser.add_argument("--wire-runs", type=int, default=20, help="runs against the hosted-like fake")
    args = parser.parse_args()
    model(args.runs)
    if not args.model:
        wire(args.wire_runs)


if __name__ == "__main__":
    main()

"""Issue 28's measurements as one command: CPU per judge call, efficiency at high concurrency, the
speed-up against the method's sequential script, and the token estimate.

    python -m bench.speed            # about 15 minutes on 2 cores
    python -m bench.speed --quick    # CPU per call and the token estimate only

Each part runs in fresh processes against the fake judge of ``bench.fake_judge`` (its own process, so
its CPU is not counted). CPU is process CPU seconds (user + system), which load on the machine skews
less than wall time; the load average is printed beside every wall-time figure. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cpu_per_call(cases: int, concurrency: int) -> None:
    """In this process: ``cases`` groundedness calls through the runner and the Azure judge at 0 ms."""
    from groundgate.cases import Case
    from groundgate.judges import JudgeRequest, Purpose, azure
    from groundgate.judges.runner import Runner

    fake = subprocess.Popen([sys.executable, "-m", "bench.fake_judge", "--latency", "0"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert fake.stdout is not None
    assert fake.stdin is not None
    endpoint = fake.stdout.readline().strip()
    requests = [
        JudgeRequest(Case(f"c{n}", "x", f"Question {n}?", f"Source {n}: the limit is {n} days.", n),
                     f"The limit is {n} days.", Purpose.GROUNDEDNESS)
        for n in range(cases + 1)
    ]  # fmt: skip
    judge = Runner(azure.AzureProvider(azure.AzureConfig(endpoint, "bench", "query", api_key="bench")),
                   max_concurrency=concurrency, call_timeout=300)  # fmt: skip
    judge.score_all(requests[:1])  # the SDK's import and the evaluators' set-up: not a call's cost

    def cpu() -> float:
        used = resource.getrusage(resource.RUSAGE_SELF)
        return used.ru_utime + used.ru_stime

    before, started = cpu(), time.perf_counter()
    judge.score_all(requests[1:])
    spent, wall = cpu() - before, time.perf_counter() - started
    judge.close()
    fake.stdin.close()
    fake.wait(timeout=30)
    print(json.dumps({"cpu_ms": spent / cases * 1000, "wall": wall, "load": os.getloadavg()[0]}))


def measured(*command: str) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-m", "bench.speed", *command], cwd=ROOT, capture_output=True, text=True,
                          check=True)  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--runs", type=int, default=3, help="runs of the CPU measurement; the median is printed")
    parser.add_argument("--cpu", nargs=2, type=int, metavar=("CASES", "CONCURRENCY"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.cpu:
        cpu_per_call(*args.cpu)
        return
    print(f"bench.speed on {os.cpu_count()} cores, Python {sys.version.split()[0]}, load {os.getloadavg()[0]:.1f}")
    for concurrency in (8, 64):
        runs = [measured("--cpu", "1000", str(concurrency)) for _ in range(args.runs)]
        each = ", ".join(f"{r['cpu_ms']:.2f}" for r in runs)
        loads = ", ".join(f"{r['load']:.1f}" for r in runs)
        median = statistics.median(r["cpu_ms"] for r in runs)
        print(f"CPU per judge call, 1,000 calls at concurrency {concurrency}: median {median:.2f} ms "
              f"(runs: {each}; load {loads})", flush=True)  # fmt: skip
    subprocess.run([sys.executable, "-m", "bench.costs"], cwd=ROOT, check=False)
    if args.quick:
        return
    from bench.bench import measure, write_dataset

    with tempfile.TemporaryDirectory() as tmp:
        data = write_dataset(Path(tmp) / "large", 1000)
        for latency in (0.5, 2.0):
            row = measure(f"1,000 cases, {latency:g} s judge, 64 in flight", data, latency=latency, concurrency=64)
            print(f"  efficiency {row.efficiency:.2f} (load {os.getloadavg()[0]:.1f})", flush=True)
    for cases in (60, 500):
        print(
            f"\nagainst the seed's sequential loop, {cases} cases, 100 ms judge (python -m bench.startup):", flush=True
        )
        subprocess.run([sys.executable, "-m", "bench.startup", "--cases", str(cases), "--runs", "1"], cwd=ROOT,
                       check=False)  # fmt: skip


if __name__ == "__main__":
    main()

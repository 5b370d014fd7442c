"""A run bound by the judge's quota: how close to the quota's own bound it finishes, and how many of its
requests the deployment refused.

    python -m bench.quota                  # 500 cases at three quotas (about 12 minutes)
    python -m bench.quota --quick          # 150 cases at one quota (about 2 minutes)
    python -m bench.quota --rpm-only       # the issue's second run: --max-rpm at the quota's rate, headers stripped
    python -m bench.quota --groundgate DIR # the CLI of another checkout (e.g. the code before issue 35)
    python -m bench.quota --shards 4       # the same suite as 4 shards side by side on one deployment (a matrix)

The judge is the fake Azure OpenAI deployment of ``bench.fake_judge`` in its own process, charging and
enforcing a TPM quota as Azure documents (each request charged at arrival with its prompt's tokens plus its
max_tokens, tokens counted over 10-second periods and requests over 1-second ones, 429 with retry-after-ms,
the remaining headers: ``tests/support/fakes/quota.py``), answering after a fixed latency. ``groundgate
compare`` runs as a user runs it, in a fresh process. The quota's bound is the fewest seconds the deployment
allows for the requests it admitted, as it charged them (60 x charged tokens / TPM); the run's wall time
includes its start-up. Printed per run: the quota, calls, requests refused (429) and their share, rows not
judged, wall time, the bound and their ratio, and what the run said of the quota. With ``--shards N`` the
suite runs as N ``groundgate compare --shard K/N`` processes started together against the one deployment: the
wall time is the last shard's, the bound the whole suite's, and each shard's rows and wall time are printed too.
Each run's line is followed by the share of each 10-second period's allowance the deployment admitted.
Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.bench import write_dataset

ROOT = Path(__file__).resolve().parent.parent


def run(
    data: Path, cases: int, tpm: int, *, latency: float, concurrency: int, groundgate: Path, flags: list[str],
    headers: bool = True, shards: int = 1,
) -> dict[str, Any]:  # fmt: skip
    command = [sys.executable, "-m", "bench.fake_judge", "--latency", str(latency), "--tpm", str(tpm)]
    fake = subprocess.Popen([*command, *([] if headers else ["--no-headers"])], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert fake.stdout is not None
    assert fake.stdin is not None
    endpoint = fake.stdout.readline().strip()
    parts = [data / f"results-{k}.json" for k in range(1, shards + 1)]
    logs = [data / f"stderr-{k}.txt" for k in range(1, shards + 1)]  # files, not pipes: no shard blocks on its own
    started = time.perf_counter()
    running = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "groundgate.cli",
                "compare",
                "--cases",
                str(data / "cases.jsonl"),
                "--baseline",
                str(data / "baseline.jsonl"),
                "--candidate",
                str(data / "candidate.jsonl"),
                "--azure-endpoint",
                endpoint,
                "--judge-deployment",
                "bench",
                "--max-concurrency",
                str(concurrency),
                "--call-timeout",
                "300",
                "--results",
                str(part),
                *flags,
                *(["--shard", f"{k}/{shards}"] if shards > 1 else []),
            ],
            cwd=groundgate,
            env={**os.environ, "AZURE_OPENAI_API_KEY": "bench"},
            stdout=subprocess.DEVNULL,
            stderr=logs[k - 1].open("w"),
            text=True,
        )
        for k, part in enumerate(parts, 1)
    ]
    ended: dict[int, float] = {}
    while len(ended) < len(running):  # each shard's own wall time, as it ends
        for k, proc in enumerate(running):
            if k not in ended and proc.poll() is not None:
                ended[k] = time.perf_counter() - started
        time.sleep(0.05)
    walls = [ended[k] for k in range(len(running))]
    stderrs = [log.read_text() for log in logs]
    fake.stdin.close()
    stats = json.loads(fake.stdout.read().strip().splitlines()[-1])
    fake.wait(timeout=30)
    got = [json.loads(part.read_text()) if part.exists() else {} for part in parts]
    plan = [line for line in stderrs[0].splitlines() if "plan: " in line]
    return {
        "exit": max(proc.returncode for proc in running),
        "wall": max(walls),
        "walls": walls,
        "rows": [len(g.get("rows", [])) for g in got],
        "bound": stats["bound"],
        "requests": stats["requests"] + stats["refused"],
        "refused": stats["refused"],
        "refusals": stats.get("refusals", []),
        "periods": periods(stats.get("admissions", []), tpm),
        "span": span(stats.get("admissions", []), latency),
        "calls": sum(g.get("calls", {}).get("total", 0) for g in got),
        "errors": sum(g.get("counts", {}).get("error", 0) if g else -1 for g in got),
        "held": max(g.get("calls", {}).get("quota_seconds", 0.0) for g in got),
        "plan": plan[0] if plan else "",
        "tail": stderrs[0].strip().splitlines()[-1] if stderrs[0].strip() else "",
    }


def span(admissions: list[tuple[float, int]], latency: float) -> float:
    """Seconds from the deployment's first admission to its last answer: the run as the deployment saw it, without
    the processes' start-up (four shard processes importing on one machine's two cores, which a matrix's jobs,
    each on its own runner, do not share)."""
    return admissions[-1][0] - admissions[0][0] + latency if admissions else 0.0


def periods(admissions: list[tuple[float, int]], tpm: int) -> list[float]:
    """The share of each 10 seconds' allowance the deployment admitted, from the first admission's period to the
    last's (the fake's periods are fixed, as Azure's are)."""
    used: dict[int, int] = {}
    for at, charge in admissions:
        used[int(at // 10)] = used.get(int(at // 10), 0) + charge
    return [used.get(k, 0) / (tpm / 6) for k in range(min(used), max(used) + 1)] if used else []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--rpm-only", action="store_true")
    parser.add_argument("--cases", type=int, default=None)
    parser.add_argument("--tpm", type=int, nargs="*", default=None)
    parser.add_argument("--latency", type=float, default=0.5)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--groundgate", type=Path, default=ROOT, help="the checkout whose CLI runs")
    parser.add_argument("--shards", type=int, default=1, help="the suite as N shards side by side")
    args = parser.parse_args()
    cases = args.cases or (150 if args.quick else 500)
    quotas = args.tpm or ([600_000] if args.quick else [600_000, 1_200_000, 2_400_000])
    print(f"bench.quota on {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; {cases} cases, judge latency "
          f"{args.latency:g} s, --max-concurrency {args.concurrency}; groundgate at {args.groundgate}", flush=True)  # fmt: skip
    print(f"{'TPM':>10} {'calls':>6} {'requests':>8} {'429':>5} {'share':>6} {'not judged':>10} {'wall s':>7} "
          f"{'bound s':>7} {'ratio':>6} {'held s':>7}", flush=True)  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        data = write_dataset(Path(tmp) / "data", cases).folder
        for tpm in quotas:
            flags: list[str] = []
            headers = True
            if args.rpm_only:  # the second run: requests paced at the quota's rate, no headers to learn from
                flags = ["--max-rpm", str(tpm * 6 // 1000)]
                headers = False
            got = run(data, cases, tpm, latency=args.latency, concurrency=args.concurrency,
                      groundgate=args.groundgate, flags=flags, headers=headers, shards=args.shards)  # fmt: skip
            share = got["refused"] / got["requests"] if got["requests"] else 0.0
            print(f"{tpm:>10,} {got['calls']:>6.0f} {got['requests']:>8.0f} {got['refused']:>5.0f} {share:>6.1%} "
                  f"{got['errors']:>10.0f} {got['wall']:>7.1f} {got['bound']:>7.1f} {got['wall'] / got['bound']:>6.2f} "
                  f"{got['held']:>7.1f}   (exit {got['exit']:.0f}; load {os.getloadavg()[0]:.1f})", flush=True)  # fmt: skip
            print(f"    {got['plan']}", flush=True)
            print("    10-second periods used: " + " ".join(f"{share:.0%}" for share in got["periods"]), flush=True)
            print(f"    the deployment's first request to its last answer: {got['span']:.1f} s, "
                  f"{got['span'] / got['bound']:.2f} of the bound (start-up aside)", flush=True)  # fmt: skip
            if args.shards > 1:
                walls = ", ".join(f"{wall:.1f}" for wall in got["walls"])
                print(f"    {args.shards} shards: rows {got['rows']}, wall s {walls}", flush=True)
            if got["refusals"]:
                print(f"    refused at (s): {got['refusals']}", flush=True)


if __name__ == "__main__":
    main()

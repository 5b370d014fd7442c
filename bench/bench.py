"""Throughput and cost of a groundgate run, measured against a local fake judge.

    python -m bench.bench            # the full table (about ten minutes on 2 cores)
    python -m bench.bench --quick    # a smaller table (about two minutes)
    python -m bench.bench --noise    # what a 20-row noise sample adds to a usual PR run (about a minute)

Each scenario runs ``groundgate``'s comparison in a fresh process (so peak memory is its own)
against the fake Azure OpenAI server of ``bench.fake_judge``, itself in another process. Printed
per scenario: judge calls made vs the minimum the inputs need, wall time vs the ideal (calls x
latency / concurrency), efficiency (ideal / measured), calls the baseline side cost, and the run's
peak RSS.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INVENTED, UNSURE, CHANGED = 0.03, 0.05, 0.30  # cumulative shares of candidate answers


@dataclass(frozen=True)
class Dataset:
    folder: Path
    cases: int
    cold: int  # the fewest judge calls a run with no cache can make
    warm: int  # the fewest with the baseline side cached


PAD = " Further detail from the source document, as retrieved." * 37  # with it, a context of about 2 KB


def write_dataset(folder: Path, cases: int, long_contexts: bool = False) -> Dataset:
    """Cases whose candidate keeps 70% of the baseline's answers verbatim; 3% invent a figure.
    ``long_contexts``: each context about 2 KB, as retrieved passages are, instead of one sentence.

    Written a line at a time: the measured run is a child of this process, and a child's peak RSS
    starts from its parent's size when it is spawned."""
    folder.mkdir(parents=True, exist_ok=True)
    cold = warm = 0
    names = ("cases", "baseline", "candidate", "unchanged")
    files = {name: (folder / f"{name}.jsonl").open("w", encoding="utf-8") for name in names}
    try:
        for n in range(cases):
            cid = f"case-{n:06d}"
            context = f"Source {n}: the limit is {n} days." + (PAD if long_contexts else "")
            category = ["policy", "pricing", "shipping", "account"][n % 4]
            answer = f"The limit is {n} days."
            share = (n * 7919) % 1000 / 1000
            if share < INVENTED:
                new = f"The limit is {n + 1} days. [invented]"
            elif share < UNSURE:
                new = "Which product do you mean? [unsure]"
            elif share < CHANGED:
                new = f"It is {n} days, per the source."
            else:
                new = answer
            records = (
                {"id": cid, "category": category, "query": f"Question {n}?", "context": context},
                {"id": cid, "response": answer},
                {"id": cid, "response": new},
                {"id": cid, "response": answer},
            )
            for name, record in zip(names, records, strict=True):
                files[name].write(json.dumps(record) + "\n")
            changed, tie = new != answer, "[" not in new
            cold += 1 + changed + ("[invented]" in new) + (tie * (1 + changed))
            warm += changed + ("[invented]" in new) + (tie * changed)
    finally:
        for stream in files.values():
            stream.close()
    return Dataset(folder, cases, cold, warm)


def scenario(args: argparse.Namespace) -> None:
    """One run, in this process: print one JSON line of measurements."""
    from groundgate import compare
    from groundgate.cache import ScoreCache, derive_secret
    from groundgate.cases import load_inputs
    from groundgate.evidence import Options
    from groundgate.judges import JudgeInfo, Judgement, JudgeRequest, Provider, Score, azure
    from groundgate.judges.runner import Runner
    from groundgate.report import render

    class NullProvider(Provider):
        """No SDK and no network: what is left is groundgate's own work per case."""

        def __init__(self) -> None:
            self.info = JudgeInfo(kind="null", rubric="query")

        def score(self, request: JudgeRequest) -> Judgement:
            text = request.response
            return Score(2.0 if "[invented]" in text else 3.0 if "[unsure]" in text else 5.0, "", "null")

    folder = Path(args.data)
    started = time.perf_counter()
    inputs = load_inputs(folder / "cases.jsonl", folder / "baseline.jsonl", folder / args.candidate, "query")
    provider: Provider
    concurrency = 1
    if args.endpoint == "null":
        provider = NullProvider()
    elif args.endpoint == "figures":
        from groundgate.judges.figures_judge import FiguresProvider

        provider = FiguresProvider("query")
    else:
        provider = azure.AzureProvider(azure.AzureConfig(args.endpoint, "bench", "query", api_key="bench"))
        concurrency = args.concurrency
    cache = ScoreCache(Path(args.cache), derive_secret("bench", "entries")) if args.cache else None
    judge = Runner(provider, max_concurrency=concurrency, cache=cache)
    results = compare.run(
        inputs, judge, Options(frozenset(), noise_sample=args.noise_sample)
    )  # nothing blocks: fluency runs as in a passing PR
    for target in ("comment", "check", "summary"):
        render(results, target)
    written = folder / "results.json"
    results.write(written)
    wall = time.perf_counter() - started
    judge.close()
    if judge.cache is not None:
        judge.cache.save()
    print(json.dumps({
        "wall": wall,
        "calls": results.calls.model_dump(),
        "results_mb": written.stat().st_size / 1e6,
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "tokens": results.calls.tokens,
    }))  # fmt: skip


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Measured:
    name: str
    cases: int
    latency: float
    concurrency: int
    calls: int
    minimum: int
    baseline_calls: int
    wall: float
    peak_mb: float
    tokens: int

    @property
    def ideal(self) -> float:
        return self.calls * self.latency / self.concurrency

    @property
    def efficiency(self) -> float:
        return self.ideal / self.wall if self.wall and self.latency else float("nan")


def measure(name: str, data: Dataset, *, latency: float | None, concurrency: int = 8, port: int = 0,
            cache: Path | None = None, candidate: str = "candidate.jsonl", minimum: int | None = None,
            noise_sample: int = 0) -> Measured:  # fmt: skip
    fake = None
    endpoint = "null"
    if latency is not None:
        fake = subprocess.Popen(
            [sys.executable, "-m", "bench.fake_judge", "--latency", str(latency), "--port", str(port)],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert fake.stdout is not None
        endpoint = fake.stdout.readline().strip()
    command = [sys.executable, "-m", "bench.bench", "scenario", "--data", str(data.folder), "--endpoint", endpoint,
               "--concurrency", str(concurrency), "--candidate", candidate, "--noise-sample", str(noise_sample)]  # fmt: skip
    if cache is not None:
        command += ["--cache", str(cache)]
    try:
        out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    finally:
        stats = {"baseline": 0}
        if fake is not None:
            assert fake.stdin is not None
            assert fake.stdout is not None
            fake.stdin.close()
            stats = json.loads(fake.stdout.read().strip().splitlines()[-1])
            fake.wait(timeout=30)
    got = json.loads(out.stdout.strip().splitlines()[-1])
    row = Measured(name, data.cases, latency or 0.0, concurrency, got["calls"]["total"], data.cold if minimum is None else minimum,
                   stats["baseline"], got["wall"], got["peak_mb"], got["tokens"])  # fmt: skip
    print(f"{row.name:<34} {row.cases:>6} {row.latency * 1000:>6.0f} {row.concurrency:>5} {row.calls:>6} {row.minimum:>6} "
          f"{row.baseline_calls:>9} {row.wall:>8.1f} {row.ideal:>8.1f} {row.efficiency:>6.2f} {row.peak_mb:>7.0f}",
          flush=True)  # fmt: skip
    return row


def noise_cost(sample: int = 20, latency: float = 0.5) -> None:
    """A usual PR (1,000 cases, the baseline side cached, a 500 ms judge, 8 calls in flight) with and
    without ``--noise-sample 20``: the sample's calls are fresh, so they add calls, tokens and wall time."""
    print(f"{'scenario':<34} {'cases':>6} {'lat ms':>6} {'conc':>5} {'calls':>6} {'min':>6} {'baseline':>9} "
          f"{'wall s':>8} {'ideal s':>8} {'eff':>6} {'RSS MB':>7}")  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        data = write_dataset(work / "large", 1000)
        port = free_port()
        cache = work / "scores.json"
        measure("fill cache from the baseline", data, latency=0.0, concurrency=32, port=port, cache=cache,
                candidate="unchanged.jsonl", minimum=2 * data.cases)  # fmt: skip
        filled = cache.read_bytes()  # each PR run starts from the same baseline-only cache
        plain = measure("usual PR, no noise sample", data, latency=latency, port=port, cache=cache, minimum=data.warm)
        cache.write_bytes(filled)
        noisy = measure(f"usual PR, noise sample {sample}", data, latency=latency, port=port, cache=cache,
                        minimum=data.warm + sample, noise_sample=sample)  # fmt: skip
    extra = noisy.calls - plain.calls
    print(f"a {sample}-row noise sample adds {extra} judge calls ({extra / plain.calls:.0%} of this PR's {plain.calls}), "
          f"{noisy.tokens - plain.tokens:,} tokens and {noisy.wall - plain.wall:.1f} s "
          f"(ideal {extra * latency / 8:.1f} s at {latency * 1000:.0f} ms and 8 in flight)")  # fmt: skip


def whole(args: argparse.Namespace) -> None:
    """``groundgate compare --judge figures`` as a user runs it (settings, loading and the look-alike
    check, judging, results.json, the markdown report, the console), in this process: one JSON line."""
    import contextlib
    import io

    from groundgate.cli import main as cli

    folder = Path(args.data)
    started = time.perf_counter()
    argv = ["compare", "--judge", "figures", "--cases", str(folder / "cases.jsonl"), "--baseline",
            str(folder / "baseline.jsonl"), "--candidate", str(folder / args.candidate), "--results",
            str(folder / "results.json"), "--report", str(folder / "report.md"),
            "--blocking-categories", "safety"]  # fmt: skip  # no dataset category: every flip a REVIEW row, as before
    with contextlib.redirect_stdout(io.StringIO()):
        code = cli(argv, environ={})
    print(json.dumps({
        "code": code,
        "wall": time.perf_counter() - started,
        "results_mb": (folder / "results.json").stat().st_size / 1e6,
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }))  # fmt: skip


def reread(args: argparse.Namespace) -> None:
    """``groundgate report`` on a results file, in this process: one JSON line of measurements."""
    import contextlib
    import io

    from groundgate.cli import main as cli

    started = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        code = cli(
            ["report", "--results", args.results, "--report", str(Path(args.results).with_suffix(".md"))], environ={}
        )
    print(json.dumps({
        "code": code,
        "wall": time.perf_counter() - started,
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }))  # fmt: skip


def _measured(*command: str) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-m", "bench.bench", *command], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def scale() -> None:
    """Whole runs at 10,000 to 1,000,000 cases, each in a fresh process: wall time, peak memory, file size."""
    print(f"{'scenario':<36} {'cases':>9} {'wall s':>8} {'ms/case':>8} {'peak RSS MB':>12} {'results MB':>11}")

    def line(name: str, cases: int, got: dict[str, float]) -> None:
        size = f"{got['results_mb']:>11.1f}" if "results_mb" in got else f"{'':>11}"
        print(f"{name:<36} {cases:>9,} {got['wall']:>8.1f} {got['wall'] / cases * 1000:>8.2f} {got['peak_mb']:>12.0f} {size}", flush=True)  # fmt: skip

    with tempfile.TemporaryDirectory() as tmp:
        for cases, long_contexts in ((10_000, False), (100_000, False), (1_000_000, False), (100_000, True)):
            data = write_dataset(Path(tmp) / f"{cases}-{long_contexts}", cases, long_contexts)
            name = "groundgate compare, 2 KB contexts" if long_contexts else "groundgate compare --judge figures"
            line(name, cases, _measured("compare", "--data", str(data.folder)))
            if long_contexts:
                continue
            line("groundgate report on its results", cases, _measured("report", "--results", str(data.folder / "results.json")))  # fmt: skip
            if cases == 1_000_000:  # every row unremarkable: the candidate repeats the baseline
                line("compare, every row unchanged", cases, _measured("compare", "--data", str(data.folder), "--candidate", "unchanged.jsonl"))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command")
    s = sub.add_parser("scenario", help="one measured run (used by the table)")
    s.add_argument("--data", required=True)
    s.add_argument("--endpoint", required=True)
    s.add_argument("--concurrency", type=int, default=8)
    s.add_argument("--candidate", default="candidate.jsonl")
    s.add_argument("--cache")
    s.add_argument("--noise-sample", type=int, default=0)
    w = sub.add_parser("compare", help="groundgate compare --judge figures on a dataset (used by --scale)")
    w.add_argument("--data", required=True)
    w.add_argument("--candidate", default="candidate.jsonl", help="unchanged.jsonl: every row unremarkable")
    rr = sub.add_parser("report", help="groundgate report on a results file (used by --scale)")
    rr.add_argument("--results", required=True)
    parser.add_argument("--quick", action="store_true", help="smaller datasets and lower latency")
    parser.add_argument(
        "--scale",
        action="store_true",
        help="only the figures judge at 10,000, 100,000 and 1,000,000 cases (and `groundgate report` on each "
        "results file), and at 100,000 with 2 KB contexts",
    )
    parser.add_argument("--noise", action="store_true", help="only the cost of a 20-row noise sample on a usual PR")
    args = parser.parse_args()
    if args.command == "scenario":
        scenario(args)
        return
    if args.command == "report":
        reread(args)
        return
    if args.command == "compare":
        whole(args)
        return
    if args.noise:
        noise_cost()
        return
    if args.scale:
        scale()
        return

    print(f"groundgate benchmark on {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    print(f"{'scenario':<34} {'cases':>6} {'lat ms':>6} {'conc':>5} {'calls':>6} {'min':>6} {'baseline':>9} "
          f"{'wall s':>8} {'ideal s':>8} {'eff':>6} {'RSS MB':>7}")  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        small = write_dataset(work / "small", 100 if args.quick else 200)
        large = write_dataset(work / "large", 300 if args.quick else 1000)
        huge = write_dataset(work / "huge", 5000)
        sweep_latency = 0.2
        for concurrency in (1, 8, 32):
            measure(f"concurrency {concurrency}", small, latency=sweep_latency, concurrency=concurrency)
        target = 0.2 if args.quick else 0.5
        measure("target: cold", large, latency=target, concurrency=8)
        if not args.quick:
            measure("cold, 200 ms judge", large, latency=0.2, concurrency=8)
        port = free_port()  # the endpoint is part of the cache key: keep it across runs
        cache = work / "scores.json"
        measure("fill cache from the baseline", large, latency=0.0, concurrency=32, port=port, cache=cache,
                candidate="unchanged.jsonl", minimum=2 * large.cases)  # fmt: skip
        measure(
            "warm baseline cache (a usual PR)",
            large,
            latency=target,
            concurrency=8,
            port=port,
            cache=cache,
            minimum=large.warm,
        )
        null = measure("groundgate alone (no SDK)", huge, latency=None)
        print(f"groundgate's own overhead: {null.wall / huge.cases * 1000:.2f} ms per case "
              f"(load, dedupe, compare, three report sizes), {huge.cases} cases")  # fmt: skip
        if not args.quick:
            measure("5,000 cases, 0 ms judge", huge, latency=0.0, concurrency=32)


if __name__ == "__main__":
    main()

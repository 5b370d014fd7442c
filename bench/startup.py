"""Start-up cost of ``groundgate compare``, side by side with the method's reference script.

    python -m bench.startup                          # from the repository root: about 3 minutes on 2 cores
    python -m bench.startup --runs 1                 # one run of each, for a quick look
    python -m bench.startup --source /tmp/gg-head    # groundgate from another checkout (put first on PYTHONPATH)

Two ways to judge the same 60 cases against one local fake Azure OpenAI judge (``bench.fake_judge``'s
verdicts, served from this process on 127.0.0.1 with a fixed 100 ms latency per request):

* seed: the reference script, a plain sequential loop in a fresh ``python -c`` process.
  ``GroundednessEvaluator`` on the baseline then the candidate answer of each case, one re-score of
  each newly ungrounded row, then ``FluencyEvaluator`` on both sides of each tied row (the same
  partial (4) or grounded (5) bucket on both sides).
* groundgate: ``groundgate compare ... --judge azure --max-concurrency 8``, the API key in
  AZURE_OPENAI_API_KEY, also a fresh process.

Each is run ``--runs`` times (3) and the median is printed: wall seconds from process start to exit,
the speed-up (seed / groundgate), the judge calls the fake server received, and the time from
process start to the first judge request arriving at the server. Then a start-up breakdown:
interpreter start, ``import groundgate.cli`` alone, ``import azure.ai.evaluation`` alone, and
``import groundgate.cli`` after the SDK (what the package itself adds); ``python -X importtime -c
"import groundgate.cli"``'s top cumulative imports and the packages their own (self) import time
goes to; and each contender's time to its first judge call split into those parts. A run that
fails (say, a package mid-refactor) is shown and left out of the medians. Figures are printed,
never asserted.

The dataset is generated here, not by ``bench.bench.write_dataset``: at 60 cases that one puts all of
its invented figures in blocking categories, so groundgate (a blocking regression: fluency gets no
vote) would skip the fluency calls the reference script makes. Here the candidate invents a figure
in 4 shipping/account cases (review, not block), so both do the same judging.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from bench.fake_judge import decide_factory
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply

CATEGORIES = ("policy", "pricing", "shipping", "account")
INVENTED = frozenset({2, 19, 34, 51})  # shipping, account, shipping, account: newly ungrounded, non-blocking
UNSURE = frozenset({11, 42})  # the candidate asks back: a new non-answer
DEPLOYMENT = "bench"
API_KEY = "bench-key"

SEED = """\
import json, os, sys
from azure.ai.evaluation import AzureOpenAIModelConfiguration, FluencyEvaluator, GroundednessEvaluator

folder, endpoint, deployment = sys.argv[1:4]

def load(name):
    with open(os.path.join(folder, name + ".jsonl"), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]

def bucket(score):
    level = min(5, max(1, round(score)))
    return "ungrounded" if level <= 2 else ("non_answer", "partial", "grounded")[level - 3]

cases = load("cases")
baseline = {r["id"]: r["response"] for r in load("baseline")}
candidate = {r["id"]: r["response"] for r in load("candidate")}
model_config = AzureOpenAIModelConfiguration(
    azure_endpoint=endpoint, azure_deployment=deployment, api_key=os.environ["AZURE_OPENAI_API_KEY"]
)
groundedness = GroundednessEvaluator(model_config)
fluency = FluencyEvaluator(model_config)

rows = []
for case in cases:
    ask = {"query": case["query"], "context": case["context"]}
    before = groundedness(**ask, response=baseline[case["id"]])["groundedness"]
    after = groundedness(**ask, response=candidate[case["id"]])["groundedness"]
    rows.append({"case": case, "before": bucket(before), "after": bucket(after)})

regressions = review = unstable = 0
for row in rows:
    if row["after"] == "ungrounded" and row["before"] != "ungrounded":
        case = row["case"]
        again = groundedness(query=case["query"], context=case["context"], response=candidate[case["id"]])
        if bucket(again["groundedness"]) != "ungrounded":
            unstable += 1
        elif case["category"] in ("policy", "pricing", "safety"):
            regressions += 1
        else:
            review += 1

deltas = []
for row in rows:
    if row["before"] == row["after"] and row["before"] in ("partial", "grounded"):
        cid = row["case"]["id"]
        deltas.append(fluency(response=candidate[cid])["fluency"] - fluency(response=baseline[cid])["fluency"])

print(json.dumps({"regressions": regressions, "review": review, "unstable": unstable, "ties": len(deltas),
                  "fluency_delta": sum(deltas) / len(deltas) if deltas else None}))
"""


@dataclass(frozen=True)
class Dataset:
    folder: Path
    cases: int
    seed_calls: int  # the reference script's calls: no deduplication
    fewest_calls: int  # the fewest a run can make: identical judge inputs judged once


def write_cases(folder: Path, cases: int) -> Dataset:
    """Cases with a one-line context each; the candidate rewords a third of the answers, invents a
    figure in 4 (marked ``[invented]`` for the fake judge, as ``bench.bench`` does) and asks back in 2."""
    folder.mkdir(parents=True, exist_ok=True)
    rows, base, cand = [], [], []
    ties = reworded_ties = flips = 0
    for n in range(cases):
        cid = f"case-{n:03d}"
        category = CATEGORIES[n % 4]
        rows.append(
            {
                "id": cid,
                "category": category,
                "query": f"How many days is the {category} limit for item {n}?",
                "context": f"Source {n}: the {category} limit for item {n} is {n + 10} days.",
            }
        )
        answer = f"The limit is {n + 10} days."
        if n in INVENTED:
            new = f"The limit is {n + 10} days, or {n + 40} days with a premium plan. [invented]"
            flips += 1
        elif n in UNSURE:
            new = f"Which item do you mean, {n} or another one? [unsure]"
        elif n % 3 == 0:
            new = f"It is {n + 10} days, per the source."
            reworded_ties += 1
            ties += 1
        else:
            new = answer
            ties += 1
        base.append({"id": cid, "response": answer})
        cand.append({"id": cid, "response": new})
    for name, data in (("cases", rows), ("baseline", base), ("candidate", cand)):
        (folder / f"{name}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in data), encoding="utf-8")
    changed = len(INVENTED) + len(UNSURE) + reworded_ties
    seed = 2 * cases + flips + 2 * ties
    fewest = cases + changed + flips + ties + reworded_ties
    return Dataset(folder, cases, seed, fewest)


class Recorder:
    """Wraps the fake judge's verdicts: counts the requests that arrive and when the first one did."""

    def __init__(self, decide: Callable[[Prompt], Reply]) -> None:
        self._decide = decide
        self._lock = threading.Lock()
        self.calls: dict[str, int] = defaultdict(int)
        self.first: float | None = None  # time.monotonic() of the first request of this run

    def reset(self) -> None:
        with self._lock:
            self.calls = defaultdict(int)
            self.first = None

    def __call__(self, prompt: Prompt) -> Reply:
        now = time.monotonic()
        with self._lock:
            if self.first is None:
                self.first = now
            self.calls[prompt.kind] += 1
        return self._decide(prompt)


@dataclass
class Run:
    wall: float
    first: float | None  # seconds from process start to the first judge request at the server
    calls: dict[str, int]
    returncode: int
    stdout: str
    stderr: str

    @property
    def total(self) -> int:
        return sum(self.calls.values())


def run_once(command: Sequence[str], env: dict[str, str], cwd: Path, recorder: Recorder) -> Run:
    recorder.reset()
    started = time.monotonic()
    done = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, check=False)
    wall = time.monotonic() - started
    first = None if recorder.first is None else recorder.first - started
    return Run(wall, first, dict(recorder.calls), done.returncode, done.stdout, done.stderr)


@dataclass
class Series:
    """One contender's runs; a run that failed is shown but left out of the medians."""

    name: str
    ok: Callable[[Run], bool]
    runs: list[Run] = field(default_factory=list)

    @property
    def good(self) -> list[Run]:
        return [r for r in self.runs if self.ok(r)]

    def median(self, value: Callable[[Run], float | None]) -> float | None:
        values = [v for v in (value(r) for r in self.good) if v is not None]
        return statistics.median(values) if values else None

    def each(self, value: Callable[[Run], float | None]) -> str:
        shown = [value(r) if self.ok(r) else None for r in self.runs]
        return ", ".join("failed" if not self.ok(r) else fmt(v) for r, v in zip(self.runs, shown, strict=True))

    def explain(self, run: Run) -> None:
        if self.ok(run):
            return
        tail = (run.stderr.strip() or run.stdout.strip()).splitlines()[-4:]
        print(f"  ! {self.name} exited {run.returncode} after {run.total} judge calls; left out of the medians:")
        for line in tail:
            print(f"    {line}")


def fmt(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


# --- import-time breakdown -------------------------------------------------------------------


@dataclass(frozen=True)
class Imported:
    depth: int
    name: str
    self_us: int
    cumulative_us: int


def importtime(statement: str, env: dict[str, str], cwd: Path) -> list[Imported]:
    """``python -X importtime -c STATEMENT``: the imports the statement made (interpreter start-up's
    own, up to ``site``, left out), in the order Python reports them (children before parents)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", statement], env=env, cwd=cwd, capture_output=True, text=True
    )
    if done.returncode:
        raise RuntimeError(f"{statement!r} failed: {done.stderr.strip().splitlines()[-1:]}")
    rows: list[Imported] = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        self_us, cumulative, name = line.removeprefix("import time:").split("|", 2)
        depth = (len(name) - len(name.lstrip()) - 1) // 2
        rows.append(Imported(depth, name.strip(), int(self_us), int(cumulative)))
    last_site = max((i for i, r in enumerate(rows) if r.depth == 0 and r.name == "site"), default=-1)
    return rows[last_site + 1 :]


def median_imports(runs: list[list[Imported]]) -> list[Imported]:
    """Per module, the median of its self and cumulative times over the runs (the first run's order)."""
    selfs: dict[tuple[int, str], list[int]] = defaultdict(list)
    cumulatives: dict[tuple[int, str], list[int]] = defaultdict(list)
    for rows in runs:
        for r in rows:
            selfs[(r.depth, r.name)].append(r.self_us)
            cumulatives[(r.depth, r.name)].append(r.cumulative_us)
    return [
        Imported(r.depth, r.name, int(statistics.median(selfs[(r.depth, r.name)])),
                 int(statistics.median(cumulatives[(r.depth, r.name)])))
        for r in runs[0]
    ]  # fmt: skip


IMPORTS = {  # label: (set-up, the statement timed after it), each in a fresh process
    "interpreter start-up only (pass)": ("pass", "pass"),
    "import groundgate.cli": ("pass", "import groundgate.cli"),
    "import azure.ai.evaluation": ("pass", "import azure.ai.evaluation"),
    "import groundgate.cli after azure.ai.evaluation": ("import azure.ai.evaluation", "import groundgate.cli"),
}
Timed = tuple[float, float, list[str]]


def timed_import(statement: str, env: dict[str, str], cwd: Path, setup: str = "pass") -> Timed:
    """(seconds ``statement`` took inside a fresh process after ``setup``, seconds of the whole process,
    the modules the statement added to those ``setup`` had imported)."""
    code = (
        f"import json, sys, time; {setup}; _before = set(sys.modules); _t = time.perf_counter(); {statement}; "
        "_t = time.perf_counter() - _t; print(json.dumps([_t, sorted(set(sys.modules) - _before)]))"
    )
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd, capture_output=True, text=True, check=True)
    whole = time.monotonic() - started
    inside, added = json.loads(done.stdout.strip().splitlines()[-1])
    return float(inside), whole, list(added)


def startup_breakdown(
    env: dict[str, str], cwd: Path, runs: int, top: int, timings: dict[str, list[Timed]]
) -> dict[str, float]:
    """Print the import timings (taken between the runs, so load drifts alike) and the importtime listing."""
    print(f"\nstart-up breakdown (fresh processes, median of {runs}, taken between the runs above; ms)")
    print(
        f"  {'':<50} {'in-process':>10} {'process':>9} {'modules':>8}  (process: the whole python -c, set-up included)"
    )
    medians: dict[str, float] = {}
    added: dict[str, list[str]] = {}
    for label in IMPORTS:
        medians[label] = statistics.median(t[0] for t in timings[label])
        medians[label + " (process)"] = statistics.median(t[1] for t in timings[label])
        added[label] = timings[label][0][2]
        print(f"  {label:<50} {medians[label] * 1000:>10.0f} {medians[label + ' (process)'] * 1000:>9.0f} "
              f"{len(added[label]):>8}")  # fmt: skip
    extra = set(added["import groundgate.cli after azure.ai.evaluation"])
    print(f"  the SDK imports all but {len(extra)} of groundgate.cli's {len(added['import groundgate.cli'])} modules: "
          f"{', '.join(sorted(extra)[:12])}{' ...' if len(extra) > 12 else ''}")  # fmt: skip

    cli = median_imports([importtime("import groundgate.cli", env, cwd) for _ in range(runs)])
    cli_total = sum(r.cumulative_us for r in cli if r.depth == 0)
    print(f"\n  python -X importtime -c 'import groundgate.cli': {cli_total / 1000:.0f} ms in all; top {top} cumulative "
          "(* = not imported by azure.ai.evaluation itself):")  # fmt: skip
    print(f"    {'cumulative':>10} {'self':>7}  module")
    for r in sorted(cli, key=lambda r: r.cumulative_us, reverse=True)[:top]:
        mark = "*" if r.name in extra else " "
        print(f"    {r.cumulative_us / 1000:>10.1f} {r.self_us / 1000:>7.1f} {mark}{'  ' * r.depth}{r.name}")
    by_package: dict[str, int] = defaultdict(int)
    for r in cli:
        by_package[r.name.split(".")[0]] += r.self_us
    print("  by top-level package (self times summed; ms):")
    print(
        "    "
        + ", ".join(f"{name} {us / 1000:.0f}" for name, us in sorted(by_package.items(), key=lambda kv: -kv[1])[:top])
    )
    own = sorted((r for r in cli if r.name in extra), key=lambda r: r.self_us, reverse=True)
    print(f"  groundgate's own modules, self time (ms; {sum(r.self_us for r in own) / 1000:.0f} in all): "
          + ", ".join(f"{r.name} {r.self_us / 1000:.1f}" for r in own[:8]))  # fmt: skip
    return medians


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=60)
    parser.add_argument("--latency", type=float, default=0.1, help="the fake judge's seconds per request")
    parser.add_argument("--runs", type=int, default=3, help="runs of each measurement; the median is printed")
    parser.add_argument("--concurrency", type=int, default=16, help="groundgate's --max-concurrency (its default)")
    parser.add_argument("--top", type=int, default=15, help="how many imports to list")
    parser.add_argument(
        "--source", type=Path, default=None, help="run groundgate from this checkout (python -m groundgate.cli)"
    )
    args = parser.parse_args()

    env = {k: v for k, v in os.environ.items() if not k.startswith(("AZURE_", "PYTHON"))}
    env.update(AZURE_OPENAI_API_KEY=API_KEY, NO_PROXY="127.0.0.1,localhost", no_proxy="127.0.0.1,localhost")
    script = Path(sys.executable).with_name("groundgate")
    groundgate = [str(script)] if script.exists() else [sys.executable, "-m", "groundgate.cli"]
    if args.source is not None:
        env["PYTHONPATH"] = str(args.source.resolve())
        groundgate = [sys.executable, "-m", "groundgate.cli"]

    print(f"groundgate start-up benchmark: {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
          f"{args.cases} cases, fake judge {args.latency * 1000:.0f} ms/request, {args.runs} runs each")  # fmt: skip
    print(f"load average at start: {os.getloadavg()[0]:.2f} (other work on the machine skews start-up figures most)")
    decide = cast(Callable[[Prompt], Reply], decide_factory(args.latency, None))
    recorder = Recorder(decide)
    with tempfile.TemporaryDirectory(prefix="gg-startup-") as tmp, FakeAzureOpenAI(recorder) as fake:
        work = Path(tmp)
        data = write_cases(work / "data", args.cases)
        seed_command = [sys.executable, "-c", SEED, str(data.folder), fake.endpoint, DEPLOYMENT]
        gg_command = [
            *groundgate, "compare",
            "--cases", str(data.folder / "cases.jsonl"),
            "--baseline", str(data.folder / "baseline.jsonl"),
            "--candidate", str(data.folder / "candidate.jsonl"),
            "--judge", "azure", "--azure-endpoint", fake.endpoint, "--judge-deployment", DEPLOYMENT,
            "--max-concurrency", str(args.concurrency),
        ]  # fmt: skip
        seed = Series("seed", lambda r: r.returncode == 0)
        gg = Series("groundgate", lambda r: r.returncode in (0, 1) and r.total > 0)  # 0 pass, 1 a blocking regression
        timings: dict[str, list[Timed]] = defaultdict(list)
        broken = ""
        print(f"{'run':<14} {'wall s':>8} {'first call s':>13} {'judge calls':>12} {'exit':>5}")
        for n in range(args.runs):
            for series, command in ((seed, seed_command), (gg, gg_command)):
                run = run_once(command, env, work, recorder)
                series.runs.append(run)
                print(f"{series.name} {n + 1:<{13 - len(series.name)}} {run.wall:>8.2f} {fmt(run.first):>13} "
                      f"{run.total:>12} {run.returncode:>5}", flush=True)  # fmt: skip
                series.explain(run)
            for label, (setup, statement) in IMPORTS.items():
                try:
                    timings[label].append(timed_import(statement, env, work, setup))
                except subprocess.CalledProcessError as exc:
                    broken = f"{label}: {exc.stderr.strip().splitlines()[-1:]}"
        summarize(seed, gg, data)
        print(f"  load average after the runs: {os.getloadavg()[0]:.2f}")
        try:
            if broken:
                raise RuntimeError(broken)
            medians = startup_breakdown(env, work, args.runs, args.top, timings)
        except RuntimeError as exc:
            print(f"\nstart-up breakdown failed: {exc}")
            return
        taken_apart(seed, gg, medians, args.concurrency)


def summarize(seed: Series, gg: Series, data: Dataset) -> None:
    print(f"\nmedians (seed: {len(seed.good)} of {len(seed.runs)} runs, groundgate: {len(gg.good)} of {len(gg.runs)})")
    print(f"  {'':<40} {'seed':>10} {'groundgate':>11}")
    rows: list[tuple[str, Callable[[Run], float | None], int]] = [
        ("wall, process start to exit (s)", lambda r: r.wall, 2),
        ("start-up to first judge call (s)", lambda r: r.first, 2),
        ("first judge call to exit (s)", lambda r: None if r.first is None else r.wall - r.first, 2),
        ("judge calls at the fake server", lambda r: float(r.total), 0),
        ("  groundedness (re-scores included)", lambda r: float(r.calls.get("groundedness", 0)), 0),
        ("  fluency", lambda r: float(r.calls.get("fluency", 0)), 0),
    ]
    for label, value, digits in rows:
        print(f"  {label:<40} {fmt(seed.median(value), digits):>10} {fmt(gg.median(value), digits):>11}")
    print(f"  each run, wall s:   seed {seed.each(lambda r: r.wall)};  groundgate {gg.each(lambda r: r.wall)}")
    print(f"  each run, first s:  seed {seed.each(lambda r: r.first)};  groundgate {gg.each(lambda r: r.first)}")
    seed_wall, gg_wall = seed.median(lambda r: r.wall), gg.median(lambda r: r.wall)
    if seed_wall and gg_wall:
        print(f"  speed-up (seed wall / groundgate wall): {seed_wall / gg_wall:.1f}x")
    print(f"  judge calls the inputs need: seed {data.seed_calls} (no deduplication), "
          f"groundgate at least {data.fewest_calls} (identical inputs judged once)")  # fmt: skip


def taken_apart(seed: Series, gg: Series, medians: dict[str, float], concurrency: int) -> None:
    interpreter = medians["interpreter start-up only (pass) (process)"]
    sdk = medians["import azure.ai.evaluation"]
    own = medians["import groundgate.cli after azure.ai.evaluation"]
    seed_first, gg_first = seed.median(lambda r: r.first), gg.median(lambda r: r.first)
    print("\nstart-up to the first judge call, taken apart (medians; ms)")
    parts = {
        "seed": [("interpreter", interpreter), ("azure.ai.evaluation import", sdk)],
        "groundgate": [("interpreter", interpreter), ("azure.ai.evaluation import", sdk),
                       ("groundgate's own modules", own)],
    }  # fmt: skip
    for name, first in (("seed", seed_first), ("groundgate", gg_first)):
        if first is None:
            continue
        shown = " + ".join(f"{label} {ms * 1000:.0f}" for label, ms in parts[name])
        rest = first - sum(ms for _, ms in parts[name])
        note = (
            "  (below zero: the SDK import varies between processes by more than this part takes)" if rest < 0 else ""
        )
        print(f"  {name:<11} {first * 1000:>6.0f} = {shown} + the rest {rest * 1000:.0f}{note}")
    print("  the rest: the seed builds 2 evaluators, then its first call imports openai/httpx2 and builds a client;")
    print("  groundgate also parses flags, loads and hashes the inputs, builds the judge, keys the first batch and")
    print(f"  starts {concurrency} threads that each build 2 evaluators and make that first call at once")
    if seed_first is not None and gg_first is not None:
        print(f"  groundgate's start-up beyond the seed's: {(gg_first - seed_first) * 1000:.0f} ms")


if __name__ == "__main__":
    main()

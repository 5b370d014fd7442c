"""A real local model as the judge, on the bundled example: what it answers, how fast, and what the
gate makes of it. Run by ``bench/real_judge.sh``, which sets up the server; by hand:
``python -m bench.real_judge --base-url http://127.0.0.1:PORT/v1``.

Three measurements, each printed as it finishes:
1. every answer of the example (baseline and candidate) scored once, straight through the provider
   (no probe, no breaker): how many answers the rubric can use (parse rate), why the others failed,
   the buckets of the usable ones, and the latency of a call made alone;
2. the same call sent 4 at once: how the server answers calls in flight together (a single slot queues);
3. ``groundgate compare`` on the example as a user runs it, with the given ``--max-concurrency``:
   its exit code, its last line (the verdict, or why there is none) and its wall time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from groundgate.cases import load_cases, load_responses
from groundgate.judges import JudgeError, JudgeRequest, Purpose, Score
from groundgate.judges.openai import OpenAIConfig, OpenAIProvider, offered_models
from groundgate.rules import bucket_of

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def kind_of(error: JudgeError) -> str:
    text = error.message
    if "finish_reason: length" in text:
        return "cut at the token limit"
    if "not the rubric's JSON" in text:
        return "not JSON"
    if "judge status" in text:
        return "status not 'completed'"
    if "no score" in text or "outside 1..5" in text:
        return "no usable score"
    return "other: " + text[:80]


def timed(provider: object, request: JudgeRequest) -> tuple[float, object]:
    started = time.monotonic()
    result = provider.score(request)  # type: ignore[attr-defined]
    return time.monotonic() - started, result


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--max-concurrency", default="1")
    parser.add_argument("--skip-answers", action="store_true", help="only run the example through the CLI")
    args = parser.parse_args()
    key = os.environ.get("OPENAI_API_KEY", "")
    [model] = offered_models(args.base_url, key or None)[:1]
    print(f"model: {model} at {args.base_url}")
    provider = OpenAIProvider(OpenAIConfig(args.base_url, model, "query", key))
    cases = load_cases(EXAMPLES / "cases.jsonl", "query")

    if not args.skip_answers:
        requests = []
        for side in ("baseline", "candidate"):
            answers = load_responses(EXAMPLES / f"{side}.jsonl")
            requests += [JudgeRequest.of(case, answers[case.id], Purpose.GROUNDEDNESS) for case in cases]
        latencies, failures, buckets = [], Counter[str](), Counter[str]()
        shown: dict[str, str] = {}
        for request in requests:
            seconds, result = timed(provider, request)
            latencies.append(seconds)
            if isinstance(result, Score):
                buckets[bucket_of(result.score).value] += 1
            elif isinstance(result, JudgeError):
                kind = kind_of(result)
                failures[kind] += 1
                shown.setdefault(kind, result.message[:300])
        usable = sum(buckets.values())
        print(f"answers: {len(requests)}, usable (parse rate): {usable}/{len(requests)} = {usable / len(requests):.0%}")
        print(f"unusable: {dict(failures)}")
        for kind, message in shown.items():
            print(f"  e.g. {kind}: {message}")
        print(f"buckets of the usable answers: {dict(buckets)}")
        print(
            f"latency of a call made alone: median {statistics.median(latencies):.1f} s, "
            f"min {min(latencies):.1f} s, max {max(latencies):.1f} s"
        )

        with ThreadPoolExecutor(4) as pool:
            together = sorted(s for s, _ in pool.map(lambda request: timed(provider, request), requests[10:14]))
        print(f"4 calls sent at once: latencies {', '.join(f'{s:.1f}' for s in together)} s (one slot: they queue)")

    with tempfile.TemporaryDirectory() as out:
        results = Path(out) / "results.json"
        started = time.monotonic()
        proc = subprocess.run(
            [sys.executable, "-m", "groundgate.cli", "compare", "--cases", str(EXAMPLES / "cases.jsonl"),
             "--baseline", str(EXAMPLES / "baseline.jsonl"), "--candidate", str(EXAMPLES / "candidate.jsonl"),
             "--judge", "openai", "--judge-model", model, "--openai-base-url", args.base_url,
             "--max-concurrency", args.max_concurrency, "--results", str(results)],
            capture_output=True, text=True, check=False, env={**os.environ, "OPENAI_API_KEY": key or "local"},
        )  # fmt: skip
        wall = time.monotonic() - started
        last = (proc.stdout.strip().splitlines() or proc.stderr.strip().splitlines() or [""])[-1]
        print(f"groundgate compare (--max-concurrency {args.max_concurrency}): exit {proc.returncode} in {wall:.0f} s")
        print(f"  {last}")
        for line in proc.stderr.splitlines():
            if "warning" in line:
                print(f"  {line}")
        if results.exists():
            data = json.loads(results.read_text())
            print(
                f"  verdict {data['verdict']}, counts {{{', '.join(f'{k}: {v}' for k, v in data['counts'].items() if v)}}}"
            )
            print(f"  calls {data['calls']['total']}, not sent {data['calls']['unsent']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How long building the runner's cache keys takes: every judge request of a run gets one.

    python -m bench.keys              # 20,000 keys for an Azure judge (identity computed once per runner)

Prints seconds; asserts nothing.
"""

from __future__ import annotations

import argparse
import time

from groundgate.cases import Case
from groundgate.judges import JudgeRequest, Purpose, azure
from groundgate.judges.runner import Runner


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keys", type=int, default=20_000)
    args = parser.parse_args()
    provider = azure.AzureProvider(azure.AzureConfig("http://127.0.0.1:9", "bench", "query", api_key="bench"))
    runner = Runner(provider)
    requests = [
        JudgeRequest(Case(f"case-{n}", "policy", f"Question {n}?", f"Source {n}: " + "context " * 40, n),
                     f"Answer {n}.", Purpose.GROUNDEDNESS)
        for n in range(args.keys)
    ]  # fmt: skip
    started = time.perf_counter()
    keys = {runner.key(request) for request in requests}
    took = time.perf_counter() - started
    print(f"{len(keys):,} cache keys in {took:.3f} s ({took / len(keys) * 1e6:.1f} µs a key)")


if __name__ == "__main__":
    main()

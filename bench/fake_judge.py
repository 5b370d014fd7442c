"""The benchmark's judge: the fake Azure OpenAI server in its own process, with a fixed latency (or a
log-normal one, independent of load, as a hosted service's), optionally a quota charged and enforced as
Azure documents (``--tpm``: tests/support/fakes/quota.py), or a few parallel slots that queue the rest
(``--slots``: the fake OpenAI-compatible server, as llama.cpp's; ``--openai``: that server without slots), or
a plain requests-per-minute limit.

Run as ``python -m bench.fake_judge --latency 0.2``; it prints its endpoint (for ``--slots`` and ``--openai``:
its OpenAI base URL) on the first line, and what it saw as one JSON line when its standard input closes. Its own process,
so its threads do not compete with the judge client for the GIL.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import threading
import time
from typing import Any

from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.openai import FakeOpenAI
from tests.support.fakes.quota import AzureQuota

STATS: dict[str, Any] = {"requests": 0, "baseline": 0, "throttled": 0}


def decide_factory(latency: float, rpm: float | None, p99: float | None = None, seed: int = 0) -> object:
    lock = threading.Lock()
    window: list[float] = []
    draws = random.Random(seed)
    sigma = math.log(p99 / latency) / 2.326 if p99 else 0.0

    def decide(prompt: Prompt) -> Reply:
        if rpm:
            with lock:
                now = time.monotonic()
                while window and now - window[0] > 60:
                    window.pop(0)
                if len(window) >= rpm:
                    STATS["throttled"] += 1
                    return Reply(http_status=429, headers={"Retry-After": "1"}, reason="rate limited")
                window.append(now)
        if sigma:
            with lock:
                pause = latency * math.exp(draws.gauss(0, sigma))
            time.sleep(pause)
        else:
            time.sleep(latency)
        text = prompt.response
        with lock:
            STATS["requests"] += 1
            STATS["baseline"] += text.startswith("The limit is") and "[" not in text  # a baseline answer
        if prompt.kind == "fluency":
            return Reply(score=4 + (len(text) % 2))
        if "[invented]" in text:
            return Reply(score=2, reason="adds a figure the context lacks")
        if "[unsure]" in text:
            return Reply(score=3, reason="asks back")
        return Reply(score=5, reason="supported")

    return decide


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--latency", type=float, default=0.2, help="seconds a call takes (the median with --p99)")
    parser.add_argument("--p99", type=float, default=None, help="log-normal latency with this 99th percentile")
    parser.add_argument("--rpm", type=float, default=None)
    parser.add_argument("--tpm", type=int, default=None, help="a deployment's quota, as Azure charges and enforces it")
    parser.add_argument("--no-headers", action="store_true", help="the quota's rate-limit headers stripped")
    parser.add_argument("--slots", type=int, default=None, help="an OpenAI-compatible server with this many slots")
    parser.add_argument(
        "--openai", action="store_true", help="an OpenAI-compatible server, as many calls at once as come"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    decide = decide_factory(args.latency, args.rpm, args.p99, args.seed)
    quota = AzureQuota(args.tpm, headers=not args.no_headers) if args.tpm else None
    server: FakeAzureOpenAI | FakeOpenAI
    if args.slots:
        server = FakeOpenAI(lambda prompt: Reply(score=5), slots=args.slots, service=args.latency, port=args.port)
    elif args.openai:
        server = FakeOpenAI(decide, port=args.port)  # type: ignore[arg-type]
    else:
        server = FakeAzureOpenAI(decide, port=args.port, quota=quota)  # type: ignore[arg-type]
    with server as fake:
        print(fake.url if isinstance(fake, FakeOpenAI) else fake.endpoint, flush=True)
        sys.stdin.read()  # serve until the parent closes our stdin
    if quota is not None:
        tally = quota.tally
        STATS.update(admitted=tally.admitted, refused=tally.refused, charged=tally.charged, billed=tally.billed,
                     bound=quota.bound(tally.admitted, tally.charged), tpm=quota.tpm, rpm=quota.rpm, refusals=[round(t, 1) for t in tally.refusals], admissions=[(round(t, 2), c) for t, c in tally.admissions])  # fmt: skip
    if isinstance(server, FakeOpenAI):
        STATS.update(requests=len(server.prompts), arrivals_max=max(server.arrivals, default=0))
    print(json.dumps(STATS), flush=True)


if __name__ == "__main__":
    main()

"""The benchmark's judge: the fake Azure OpenAI server in its own process, with a fixed latency
and an optional requests-per-minute limit (answered with 429 and Retry-After when exceeded).

Run as ``python -m bench.fake_judge --latency 0.2``; it prints its endpoint on the first line.
Its own process, so its threads do not compete with the judge client for the GIL.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time

from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply

STATS = {"requests": 0, "baseline": 0, "throttled": 0}


def decide_factory(latency: float, rpm: float | None) -> object:
    lock = threading.Lock()
    window: list[float] = []

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
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--rpm", type=float, default=None)
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    with FakeAzureOpenAI(decide_factory(args.latency, args.rpm), port=args.port) as fake:  # type: ignore[arg-type]
        print(fake.endpoint, flush=True)
        sys.stdin.read()  # serve until the parent closes our stdin
    print(json.dumps(STATS), flush=True)


if __name__ == "__main__":
    main()

"""Judge servers as latency models, and the dispatcher's loop around ``Concurrency`` run on a simulated clock.

Pure and deterministic (a seeded random source, no threads, no sleeps): the unit tests drive the controller
with it, and ``bench/concurrency.py`` runs it thousands of times. A call is sent whenever fewer than the
window are in flight, as the dispatcher sends them; its ``crowd`` is the calls at the server when it left,
itself included, as ``judges.heard`` counts them; the server decides its latency.
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Callable

from groundgate.judges.concurrency import Concurrency

Server = Callable[[float, int, random.Random], float]  # (now, crowd, random) -> seconds until the answer


def hosted(median: float = 1.2, p99: float = 8.0) -> Server:
    """A hosted service: each call takes a log-normal draw, whatever else is in flight."""
    sigma = math.log(p99 / median) / 2.326

    def server(now: float, crowd: int, rng: random.Random) -> float:
        return median * math.exp(rng.gauss(0, sigma))

    return server


def slots(count: int, service: float = 0.4, spread: float = 0.02) -> Server:
    """A server with ``count`` parallel slots answering in order (first come, first served): a call starts
    when a slot is free and takes ``service`` seconds (log-normal, ``spread`` in log units)."""
    free = [0.0] * count

    def server(now: float, crowd: int, rng: random.Random) -> float:
        free.sort()
        begins = max(now, free[0])
        free[0] = begins + service * math.exp(rng.gauss(0, spread))
        return free[0] - now

    return server


def slowed(server: Server, factor: float, start: float, end: float) -> Server:
    """``server`` with every call sent between ``start`` and ``end`` seconds ``factor`` times as slow: a runner
    that is loaded for a while."""

    def slow(now: float, crowd: int, rng: random.Random) -> float:
        return server(now, crowd, rng) * (factor if start <= now < end else 1.0)

    return slow


def run(server: Server, calls: int = 400, cap: int = 8, seed: int = 0, slow_start: bool = True) -> Concurrency:
    """``calls`` calls through a ``Concurrency(cap)``; the controller as they left it."""
    rng = random.Random(seed)
    gate = Concurrency(cap, slow_start=slow_start)
    now, sent, in_flight = 0.0, 0, 0
    answers: list[tuple[float, int, float, int, tuple[int, int]]] = []

    def send() -> None:
        nonlocal sent, in_flight
        while in_flight < gate.window and sent < calls:
            in_flight += 1
            token = gate.begin()
            seconds = server(now, in_flight, rng)
            heapq.heappush(answers, (now + seconds, sent, seconds, in_flight, token))
            sent += 1

    send()
    while answers:
        now, _, seconds, crowd, token = heapq.heappop(answers)
        in_flight -= 1
        gate.finished(token, seconds, crowd)
        send()
    return gate

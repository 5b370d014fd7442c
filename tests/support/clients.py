"""The judge's client as it meets a deployment, in simulated time (written by a hostile review, hostile51, after
``paces.several_out_of_order`` was found to book a start at each look of the opening, which ``acquire`` never
does): each request leaves when its pace allows (as ``acquire``: look, and book only once the wait is over), at
most ``concurrency`` in flight, reaches the deployment a trip later (so admissions can be in another order than
starts), is answered after a latency (its headers as at admission, ``started`` as acquire said) or refused (the
429 back a trip later; ``refused`` gets the booked charge; the request is retried first). ``Other`` is a caller
that never backs off."""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from groundgate.judges.quota import Pace
from tests.support.fakes.quota import Admitted, AzureQuota, charged
from tests.support.paces import body, deployment_prompt, estimate


@dataclass
class Run:
    pace: Pace
    bodies: list[dict[str, Any]]
    start_at: float = 0.0
    trip: Callable[[], float] = lambda: 0.0
    latency: Callable[[], float] = lambda: 1.0
    lost: float = 0.0  # share of admitted requests whose answer never comes (timeout / 5xx after charge)
    lost_before: float = 0.0  # share of requests that fail before reaching the deployment (booked, never charged)
    headerless: float = 0.0  # share of answers without the tokens header
    pass_started: bool = True
    concurrency: int = 10_000  # calls in flight at once (the engine's max-concurrency)
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    # results
    sent: int = 0
    refused: int = 0
    done: int = 0
    end: float = 0.0
    parts: list[tuple[float, float]] = field(default_factory=list)
    retries: list[dict[str, Any]] = field(default_factory=list)
    admitted_charge: int = 0
    log: list[tuple[float, str, int]] = field(default_factory=list)  # (when, "A"dmitted/"R"efused, charge)
    # the simulation's state
    total: int = 0
    lost_count: int = 0
    queue: list[dict[str, Any]] = field(default_factory=list)
    flying: int = 0
    next: tuple[dict[str, Any], int] | None = None
    pending: float | None = None


@dataclass
class Other:
    """A caller that never backs off: ``share`` of the deployment's TPM in ``small`` requests, from ``start`` to ``stop``."""

    share: float
    start: float
    stop: float
    sent: int = 0
    refused: int = 0
    refusals: list[float] = field(default_factory=list)


def simulate(
    deployment: AzureQuota,
    runs: list[Run],
    now: list[float],
    others: Sequence[Other] = (),
    whole: int = 600_000,
    until: float = 10_000.0,
) -> None:
    events: list[tuple[float, int, str, Any]] = []
    seq = [0]

    def push(at: float, kind: str, payload: Any) -> None:
        seq[0] += 1
        heapq.heappush(events, (at, seq[0], kind, payload))

    def free(run: Run, at: float) -> None:
        run.flying -= 1
        if run.pending is None:  # no look pending: a slot or a retry to start
            run.pending = at
            push(at, "start", run)

    small = body(300, 200)
    for o in others:
        push(o.start, "other", o)
    for k, run in enumerate(runs):
        run.total = len(run.bodies)
        run.lost_count = 0
        run.queue = list(run.bodies)
        run.flying = 0
        run.next = None
        run.pending = run.start_at + 0.0001 * k
        push(run.pending, "start", run)
    while events:
        at, _, kind, payload = heapq.heappop(events)
        if at > until:
            break
        now[0] = at
        if kind == "other":
            o = payload
            if at < o.stop and any(r.done + r.lost_count < r.total for r in runs):
                o.sent += 1
                if not isinstance(deployment.admit(small), Admitted):
                    o.refused += 1
                    o.refusals.append(at)
                push(at + charged(small) / (o.share * whole / 60), "other", o)
            continue
        if kind == "start":
            run = payload
            if run.pending != at:
                continue  # a stale look
            if run.next is None:
                nxt = run.retries.pop(0) if run.retries else (run.queue.pop(0) if run.queue else None)
                if nxt is None:
                    run.pending = None
                    continue
                run.next = (nxt, run.pace.charge(estimate(nxt), int(nxt["max_tokens"])))
            sent, booked = run.next
            wait = run.pace._wait(booked, at)  # as acquire: look, and book only when the wait is over
            if wait > 0:
                run.pending = at + wait
                push(at + wait, "start", run)
                continue
            run.pace.reserve(booked)  # books at ``at`` exactly (the wait is over); acquire returns ``at``
            assert run.pace._last == at
            run.next = None
            start = at
            run.sent += 1
            run.flying += 1
            if run.rng.random() < run.lost_before:
                run.lost_count += 1  # never reaches the deployment (connection reset)
                push(at + 1.0, "free", run)
            else:
                push(at + run.trip(), "arrive", (run, sent, booked, start))
            if run.flying < run.concurrency:
                run.pending = at
                push(at, "start", run)
            else:
                run.pending = None
            continue
        if kind == "arrive":
            run, sent, booked, start = payload
            got = deployment.admit(sent)
            back = run.trip()
            run.log.append(
                (at, "A" if isinstance(got, Admitted) else "R", got.charge if isinstance(got, Admitted) else 0)
            )
            if isinstance(got, Admitted):
                run.admitted_charge += got.charge
                if run.rng.random() < run.lost:
                    run.lost_count += 1
                    push(start + 60.0, "free", run)  # the call timeout
                    continue
                push(at + run.latency(), "answer", (run, sent, booked, start, got.headers))
            else:
                push(at + back, "refusal", (run, sent, booked, got.headers))
            continue
        if kind == "answer":
            run, sent, booked, start, headers = payload
            if run.rng.random() < run.headerless:
                headers = {k: v for k, v in headers.items() if k != "x-ratelimit-remaining-tokens"}
            run.pace.answered(
                headers,
                charge=booked,
                estimate=estimate(sent),
                allowance=int(sent["max_tokens"]),
                counted=deployment_prompt(sent),
                started=start if run.pass_started else None,
            )
            run.done += 1
            run.end = at
            free(run, at)
            run.parts.append((at, run.pace._part()[0]))
            continue
        if kind == "refusal":
            run, sent, booked, headers = payload
            run.refused += 1
            run.pace.refused(headers, charge=booked)
            run.retries.append(sent)
            free(run, at)
            continue
        if kind == "free":
            free(payload, at)
            continue

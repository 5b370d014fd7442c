"""Requests for the quota's pace, and runs of several paces side by side on one fake deployment, with a clock
handed in (tests/unit/test_quota*.py)."""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import Any

from groundgate.judges.cost import tokens
from groundgate.judges.quota import Pace
from tests.support.fakes.quota import Admitted, AzureQuota, Tally, prompt_tokens


def body(prompt_words: int, max_tokens: int) -> dict[str, object]:
    return {"messages": [{"role": "user", "content": "word " * prompt_words}], "max_tokens": max_tokens}


def estimate(sent: dict[str, object]) -> int:
    """groundgate's estimate of a body's prompt (``judges.cost``)."""
    messages: list[dict[str, str]] = sent["messages"]  # type: ignore[assignment]
    return tokens(sum(len(m["content"]) for m in messages))


def charge(pace: Pace, sent: dict[str, object]) -> int:
    return pace.charge(estimate(sent), int(sent["max_tokens"]))  # type: ignore[call-overload]


def deployment_prompt(sent: dict[str, object]) -> int:
    """The deployment's own count of a body's prompt (the fake's tokenizer, not groundgate's estimate)."""
    return prompt_tokens(sent)


def answer(pace: Pace, sent: dict[str, object], headers: dict[str, str], started: float | None = None) -> None:
    """An answer to ``sent`` as the judge's client hands it to the pace: its headers, the service's count of its
    prompt, the answer tokens it reserved (``max_tokens``), so the pace counts the charge as the service did, and
    when its request started (None: just now)."""
    pace.answered(headers, charge=charge(pace, sent), estimate=estimate(sent), allowance=int(sent["max_tokens"]),  # type: ignore[call-overload]
                  counted=deployment_prompt(sent), started=started)  # fmt: skip


def used_by_period(tally: Tally) -> dict[int, int]:
    """The tokens the deployment admitted in each of its fixed 10-second periods (its number from 0)."""
    used: dict[int, int] = {}
    for at, taken in tally.admissions:
        used[int(at // 10)] = used.get(int(at // 10), 0) + taken
    return used


def side_by_side(deployment: AzureQuota, paces: list[Pace], now: list[float], each: int) -> None:
    """``each`` requests from every pace, started together, each at the times its pace gives; every answer comes
    back as its request is admitted (its headers to its pace), every refusal likewise."""
    sent = body(1200, 800)
    starts = [0.001 * k for k in range(len(paces))]  # when each may next start a request
    left = [each] * len(paces)
    while any(left):
        k = min((k for k in range(len(paces)) if left[k]), key=lambda k: starts[k])
        now[0] = starts[k]
        pace = paces[k]
        got = deployment.admit(sent)
        if isinstance(got, Admitted):
            left[k] -= 1
            answer(pace, sent, got.headers)
        else:
            pace.refused(got.headers, charge=charge(pace, sent))
        starts[k] = now[0] + pace.reserve(charge(pace, sent))


def several_out_of_order(
    deployment: AzureQuota, paces: list[Pace], now: list[float], each: int, latency: Callable[[], float]
) -> list[list[tuple[float, float]]]:
    """Runs side by side: each starts requests when its pace allows, charged at their start and answered after
    ``latency()`` seconds (so out of order), 429s at once; answers reach each pace in the order they come. Returns,
    for each pace, (when, the part it keeps to) after each of its answers."""
    sent = body(1200, 800)
    events: list[tuple[float, int, str, int, Any]] = []
    seq = 0
    for k in range(len(paces)):
        heapq.heappush(events, (0.001 * k, seq := seq + 1, "start", k, None))
    started = [0] * len(paces)
    done = [0] * len(paces)
    parts: list[list[tuple[float, float]]] = [[] for _ in paces]
    while sum(done) < each * len(paces):
        at, _, kind, k, got = heapq.heappop(events)
        now[0] = at
        pace = paces[k]
        if kind == "start":
            if started[k] >= each:
                continue
            got = deployment.admit(sent)
            if isinstance(got, Admitted):
                started[k] += 1
                heapq.heappush(events, (at + latency(), seq := seq + 1, "answer", k, (got, at)))
            else:
                pace.refused(got.headers, charge=charge(pace, sent))
            heapq.heappush(events, (at + pace.reserve(charge(pace, sent)), seq := seq + 1, "start", k, None))
        else:
            done[k] += 1
            admitted, started_at = got
            answer(pace, sent, admitted.headers, started=started_at)
            parts[k].append((at, pace._part()[0]))
    return parts


def out_of_order(
    deployment: AzureQuota, pace: Pace, now: list[float], n: int, latency: Callable[[], float]
) -> list[tuple[float, float]]:
    """One run alone, as ``several_out_of_order``: (when, the part it keeps to) after each answer."""
    return several_out_of_order(deployment, [pace], now, n, latency)[0]

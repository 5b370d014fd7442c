"""Requests for the quota's pace, and runs of several paces side by side on one fake deployment, with a clock
handed in (tests/unit/test_quota*.py)."""

from __future__ import annotations

from groundgate.judges.cost import tokens
from groundgate.judges.quota import Pace
from tests.support.fakes.quota import Admitted, AzureQuota, prompt_tokens


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


def answer(pace: Pace, sent: dict[str, object], headers: dict[str, str]) -> None:
    """An answer to ``sent`` as the judge's client hands it to the pace: its headers, the service's count of its
    prompt and the answer tokens it reserved (``max_tokens``), so the pace counts the charge as the service did."""
    pace.answered(headers, charge=charge(pace, sent), estimate=estimate(sent), allowance=int(sent["max_tokens"]),  # type: ignore[call-overload]
                  counted=deployment_prompt(sent))  # fmt: skip


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

"""An Azure OpenAI deployment's quota, charged and enforced as Azure documents it, for the fake servers.

From Azure OpenAI's "Quotas and limits" and "Manage Azure OpenAI quota" (rate limits) pages, not from
groundgate's code:

- A standard deployment has a tokens-per-minute limit (TPM) and a requests-per-minute limit set with it,
  6 RPM per 1,000 TPM.
- Each request is charged when it arrives, with its *estimated maximum* tokens: the prompt's tokens plus
  ``max_tokens`` (times ``best_of``/``n``), not what the answer later uses. A request without
  ``max_tokens`` is charged the model's whole output allowance.
- The limits expect an even flow: Azure evaluates them over short periods, "typically 1 or 10 seconds";
  a period whose allowance is spent answers every further request with HTTP 429 until the next period
  begins. Here requests are counted over 1-second periods (10-second ones when the RPM allows fewer than
  one request a second) and tokens over 10-second periods, each period's allowance being the minute's
  limit pro rata; periods are fixed, counted from the server's start.
- A refused request is not charged. Its 429 carries ``retry-after`` (whole seconds) and ``retry-after-ms``;
  every answer carries ``x-ratelimit-remaining-requests`` and ``x-ratelimit-remaining-tokens``, on two
  scales, as real deployments answer (the Microsoft Q&A thread "Rate limiting inconsistent with
  x-ratelimit-remaining-requests header"; Clemens Siebler's write-up of the two headers): the requests left
  in the current 10 seconds (a 300 RPM deployment starts at 50: RPM / 6) and the tokens left in the current
  minute (50,000 for 50k TPM). After five requests charged 648 tokens each: 45 and 46,760. No
  ``x-ratelimit-limit-*`` header (``limits=True``: sent, per minute, as OpenAI's API and some gateways do).
- An account without credit answers 429 with the error type and code ``insufficient_quota``, which no wait
  fixes.

Tokens are counted the fake's own way (words and punctuation marks, the way a BPE tokenizer splits English
text into about as many pieces, and each Chinese, Japanese or Korean character), deliberately not groundgate's estimate, so the client must learn the
service's count from its answers (``usage``) rather than assume its own.
"""

from __future__ import annotations

import json
import math
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# Han, kana and hangul: no spaces between words, and a tokenizer splits such text about one token a character
# (cl100k_base: 91 tokens for 86 characters of Japanese, 74 for 72 of Chinese, 89 for 92 of Korean; o200k_base
# 0.6-0.8 a character), never a run of it as one token.
CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\uff66-\uff9f"
# The Brahmic scripts (Devanagari to Sinhala), Thai, Lao, Tibetan, Myanmar and Khmer: cl100k_base counts them about
# a token a character or more (bpe-openai 0.1.4: Hindi 191 tokens for 188 characters, Bengali 144 for 118, Tamil
# 210 for 157, Thai 115 for 127), the open models' older tokenizers (Llama 2, Mistral) as many or more: a character
# a piece, never a word (Thai and Lao write no spaces between words: a word would be a whole sentence).
DENSE = "\u0900-\u0dff\u0e00-\u0eff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff"
PIECES = re.compile(rf"[{CJK}{DENSE}]|(?:(?![{CJK}{DENSE}])\w)+|[^\w\s]")
MESSAGE_OVERHEAD = 4  # tokens the chat format adds around each message
REQUESTS_WINDOW = 10.0  # seconds x-ratelimit-remaining-requests counts (the tokens' header counts the minute)
OUTPUT_ALLOWANCE = 4096  # what a request without max_tokens is charged for its answer
INSUFFICIENT = {
    "error": {
        "code": "insufficient_quota",
        "type": "insufficient_quota",
        "param": None,
        "message": "You exceeded your current quota, please check your plan and billing details.",
    }
}


def count_tokens(text: str) -> int:
    return len(PIECES.findall(text))


def prompt_tokens(body: dict[str, Any]) -> int:
    total = 3  # the reply's priming
    for message in body.get("messages", []):
        content = message.get("content")
        text = content if isinstance(content, str) else str(content)
        total += MESSAGE_OVERHEAD + count_tokens(text)
    return total


def verdict_usage(body: dict[str, Any], reason: str, score: int) -> tuple[int, int]:
    """The tokens the fakes bill a judge's answer ``{"reason", "status": "completed", "score"}`` to ``body``: all
    of them, and the answer's (``Score.tokens``, ``Score.answer_tokens``)."""
    answer = count_tokens(json.dumps({"reason": reason, "status": "completed", "score": score}))
    return prompt_tokens(body) + answer, answer


def charged(body: dict[str, Any]) -> int:
    """What the service reserves for a request at its arrival: prompt plus the largest answer it may get."""
    answer = body.get("max_tokens", body.get("max_completion_tokens"))
    allowance = int(answer) if isinstance(answer, int) and answer > 0 else OUTPUT_ALLOWANCE
    copies = max(int(body.get("best_of") or 1), int(body.get("n") or 1))
    return prompt_tokens(body) + allowance * copies


@dataclass
class Refusal:
    status: int
    body: dict[str, Any]
    headers: dict[str, str]


@dataclass
class Admitted:
    charge: int
    headers: dict[str, str]


@dataclass
class Tally:
    """What the deployment saw, for tests and the bench."""

    requests: int = 0
    admitted: int = 0
    refused: int = 0  # 429 for the rate limits
    exhausted: int = 0  # 429 insufficient_quota
    charged: int = 0  # tokens reserved at arrival by admitted requests
    billed: int = 0  # tokens the answers' usage reported
    admissions: list[tuple[float, int]] = field(default_factory=list)  # (seconds since start, charge)
    refusals: list[float] = field(default_factory=list)


class AzureQuota:
    """``AzureQuota(tpm=150_000)``: the deployment's limits; ``rpm`` defaults to 6 per 1,000 TPM."""

    def __init__(
        self,
        tpm: int,
        rpm: int | None = None,
        *,
        token_period: float = 10.0,
        request_period: float | None = None,
        exhausted: bool = False,
        headers: bool = True,
        limits: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.tpm = tpm
        self.headers = headers  # False: the rate-limit headers are stripped (a gateway in front of the deployment)
        self.rpm = rpm if rpm is not None else max(1, tpm * 6 // 1000)
        self.token_period = token_period
        self.request_period = request_period or (1.0 if self.rpm >= 60 else 10.0)
        self.exhausted = exhausted
        self._clock = clock
        self._start = clock()
        self._lock = threading.Lock()
        self._period: dict[str, tuple[int, int]] = {}  # kind -> (period index, spent in it)
        self._minute = (0, 0, 0)  # (minute index, requests, tokens)
        self._window = (0, 0)  # (10-second window index, requests): what x-ratelimit-remaining-requests counts
        self.limits = limits  # x-ratelimit-limit-requests and -tokens sent too (per minute)
        self.tally = Tally()

    def bound(self, requests: int, tokens: int) -> float:
        """Seconds the quota needs, at the least, for ``requests`` requests charged ``tokens`` in all."""
        return 60.0 * max(tokens / self.tpm, requests / self.rpm)

    def _allowance(self, kind: str) -> float:
        if kind == "tokens":
            return self.tpm * self.token_period / 60
        return max(1.0, self.rpm * self.request_period / 60)

    def _spent(self, kind: str, now: float) -> int:
        length = self.token_period if kind == "tokens" else self.request_period
        index = int(now // length)
        period, spent = self._period.get(kind, (index, 0))
        return spent if period == index else 0

    def _charge(self, kind: str, now: float, amount: int) -> None:
        length = self.token_period if kind == "tokens" else self.request_period
        self._period[kind] = (int(now // length), self._spent(kind, now) + amount)

    def _remaining(self, now: float, requests: int = 0, tokens: int = 0) -> dict[str, str]:
        minute, used_requests, used_tokens = self._minute
        if minute != int(now // 60):
            minute, used_requests, used_tokens = int(now // 60), 0, 0
        self._minute = (minute, used_requests + requests, used_tokens + tokens)
        window, in_window = self._window
        if window != int(now // REQUESTS_WINDOW):
            window, in_window = int(now // REQUESTS_WINDOW), 0
        self._window = (window, in_window + requests)
        if not self.headers:
            return {}
        per_window = self.rpm * REQUESTS_WINDOW / 60
        said = {
            "x-ratelimit-remaining-requests": str(max(0, math.floor(per_window - self._window[1]))),
            "x-ratelimit-remaining-tokens": str(max(0, self.tpm - self._minute[2])),
        }
        if self.limits:
            said |= {"x-ratelimit-limit-requests": str(self.rpm), "x-ratelimit-limit-tokens": str(self.tpm)}
        return said

    def admit(self, body: dict[str, Any]) -> Admitted | Refusal:
        """Charge a request at its arrival, or refuse it."""
        with self._lock:
            now = self._clock() - self._start
            self.tally.requests += 1
            if self.exhausted:
                self.tally.exhausted += 1
                return Refusal(429, INSUFFICIENT, self._remaining(now))
            charge = charged(body)
            over = [
                kind
                for kind, amount in (("requests", 1), ("tokens", charge))
                if self._spent(kind, now) and self._spent(kind, now) + amount > self._allowance(kind)
            ]
            if over:
                length = max(self.token_period if kind == "tokens" else self.request_period for kind in over)
                wait = length - now % length  # until the next period begins
                self.tally.refused += 1
                self.tally.refusals.append(now)
                which = "token rate limit" if "tokens" in over else "call rate limit"
                message = (
                    f"Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2024-02-15-preview "
                    f"have exceeded {which} of your current OpenAI S0 pricing tier. Please retry after "
                    f"{math.ceil(wait)} seconds."
                )
                headers = {"retry-after": str(math.ceil(wait)), "retry-after-ms": str(math.ceil(wait * 1000))}
                return Refusal(429, {"error": {"code": "429", "message": message}}, headers | self._remaining(now))
            self._charge("requests", now, 1)
            self._charge("tokens", now, charge)
            self.tally.admitted += 1
            self.tally.charged += charge
            self.tally.admissions.append((now, charge))
            return Admitted(charge, self._remaining(now, 1, charge))

    def billed(self, tokens: int) -> None:
        with self._lock:
            self.tally.billed += tokens

"""The judge interface: what compare asks for and what comes back.

compare never imports an SDK; it hands a batch of requests to a ``Runner`` (``judges.runner``) and
gets, for each, either a Verdict (a usable 1..5 score) or a JudgeError (anything else, with the
cause kept). A ``Provider`` (Azure, OpenAI-compatible, figures, GroundednessPro) scores one request
and nothing more; the runner wraps any provider the same way with deduplication, the cache, the judge loop
and limits.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from groundgate.cases import Case, Response, Rubric

if TYPE_CHECKING:
    from groundgate.judges.quota import Quota


class Purpose(StrEnum):
    GROUNDEDNESS = "groundedness"
    RESCORE = "rescore"  # a fresh groundedness call on a newly ungrounded row: never deduplicated
    NOISE = "noise"  # a fresh groundedness call on an unchanged row, to measure the judge's own noise
    FLUENCY = "fluency"
    CLAIMS = "claims"  # the answer of a row to read split into claims, each labelled against the context


class JudgeRequest:
    """One judge call to make: a case with one answer (a loaded Response, or a text of its own)."""

    __slots__ = ("_answer", "_context", "case", "purpose")  # one per call: no per-object dict

    def __init__(self, case: Case, response: str, purpose: Purpose, context: str | None = None) -> None:
        self.case, self.purpose = case, purpose
        self._answer: str | Response = response
        self._context = context  # this side's own retrieved context (end-to-end runs); else the case's

    @classmethod
    def of(cls, case: Case, answer: Response, purpose: Purpose) -> JudgeRequest:
        made = cls(case, "", purpose)
        made._answer = answer
        return made

    @property
    def response(self) -> str:
        return self._answer if isinstance(self._answer, str) else self._answer.response

    @property
    def context(self) -> str | None:
        return self._context if isinstance(self._answer, str) else self._answer.context

    @property
    def grounding(self) -> str:
        context = self.context
        return context if context is not None else self.case.context


@dataclass(frozen=True, slots=True)  # one per case or call: no per-object dict
class Verdict:
    score: float
    reason: str
    model: str | None = None
    tokens: int = 0
    answer_tokens: int = 0  # of ``tokens``, those of the judge's answer (the rest are the prompt's)


@dataclass(frozen=True, slots=True)  # one per case or call: no per-object dict
class JudgeError:
    message: str
    model: str | None = None
    # The judge refused its own configuration (a wrong key, an unknown model, an unsupported parameter):
    # every call would fail the same way, so on a run's first call it stops the run instead of each row.
    configuration: bool = False
    unavailable: bool = False  # the judge could not be reached or refused service: counts toward the circuit breaker
    sent: bool = True  # False: the circuit breaker had opened, no call was made
    # The judge answered, but not in the rubric's format (not its JSON, cut at the token limit, no score,
    # a score outside 1..5, a status other than 'completed'): a judge that mostly does this cannot do the job.
    malformed: bool = False
    budget: bool = False  # not sent: the run's own budget refused it (``limits.Budget``), no doing of the judge's
    tokens: int = 0  # what the service billed for the answer it gave (one it could not use included)
    answer_tokens: int = 0
    # What kept the call from an answer when it was not an outage: 'quota' (the deployment refused calls for its
    # rate limits), 'queue' (it waited in the server's queue), 'slow' (later calls were answered first), or
    # 'billing' (the account has no quota or credit left: every call will fail alike, so the run stops).
    cause: str | None = None


def unavailable(exc: BaseException) -> bool:
    """Whether an SDK failure says the judge service is down or refusing (5xx, 429 the SDK gave up on,
    401/403/404, connection errors, timeouts), rather than something wrong with one row (400, an
    odd answer). Walks the exception chain: the SDK wraps the transport's error."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        status = getattr(current, "status_code", None)
        if isinstance(status, int) and not isinstance(status, bool):
            return status >= 500 or status in (401, 403, 404, 408, 429)
        if isinstance(current, ConnectionError | TimeoutError) or type(current).__name__ in _TRANSPORT_ERRORS:
            return True
        current = current.__cause__ or current.__context__
    return False


_TRANSPORT_ERRORS = frozenset(
    {
        "APIConnectionError",  # openai, and its APITimeoutError
        "APITimeoutError",
        "ServiceRequestError",  # azure-core
        "ServiceResponseError",
        "ConnectError",  # the SDK's HTTP stack (httpx2, httpcore2)
        "ConnectTimeout",
        "ReadTimeout",
        "WriteTimeout",
        "PoolTimeout",
        "ReadError",
        "WriteError",
        "RemoteProtocolError",
    }
)


Judgement = Verdict | JudgeError
Timing = tuple[float, int]  # the server's latency for a call, and the requests at the server when it left


@dataclass
class JudgeInfo:
    """What a reader needs to know about the instrument that produced the scores."""

    kind: str
    rubric: Rubric
    deployment: str | None = None  # the Azure deployment, or the model an OpenAI-compatible judge is asked for
    base_url: str | None = None  # an OpenAI-compatible judge's server
    endpoint: str | None = None  # an Azure judge's endpoint: named when the judge could not be reached
    api_version: str | None = None
    reasoning: bool = False
    sdk_version: str | None = None
    models: list[str] = field(default_factory=list)
    fluency: bool = True
    claims: bool = True  # can split an answer into claims (``Purpose.CLAIMS``): an LLM judge can


@dataclass
class CallCounts:
    """Judge calls actually sent, by purpose; and the calls that were not needed.

    The results file's ``calls`` is built from this one record (``as_dict``), so the two cannot drift."""

    groundedness: int = 0
    rescore: int = 0
    fluency: int = 0
    noise: int = 0  # the noise sample's re-scores
    claims: int = 0  # answers of rows to read split into claims
    failed: int = 0
    tokens: int = 0
    answer_tokens: int = 0  # of ``tokens``, the judge's answers' (priced apart from the prompts')
    cached: int = 0  # answered from the persistent score cache
    deduplicated: int = 0  # served by another call with identical inputs in this run
    throttled: int = 0  # 429 answers for the rate limits (each request sent again when the pace allowed)
    resent: int = 0  # requests sent again after the server failed them (5xx, a dropped connection)
    longer: int = 0  # answers that reached the lower max_tokens groundgate reserves, asked again with the SDK's
    quota_seconds: float = 0.0  # seconds of the run during which calls waited for the quota's pace
    unsent: int = 0  # not sent because the circuit breaker had opened (each is an error)
    cache_rejected: int = 0  # entries in the score cache that failed authentication: never used

    @property
    def total(self) -> int:
        return self.groundedness + self.rescore + self.fluency + self.noise + self.claims

    def __add__(self, other: CallCounts) -> CallCounts:
        return CallCounts(**{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)})

    def as_dict(self) -> dict[str, float]:
        return {"total": self.total, **{f.name: getattr(self, f.name) for f in fields(self)}}


Progress = Callable[[str, int, int], None]  # (phase, done, total)


def checked_verdict(
    score: Any, status: Any, reason: Any, model: str | None, tokens: int = 0, answer_tokens: int = 0
) -> Judgement:
    """A score counts only when it is a finite number in 1..5 with status 'completed'; anything else the
    judge answered is not the rubric's format. ('skipped' is the rubric's word for an empty input, which
    groundgate never sends: an empty answer is a non-answer without a call.)"""
    reason_text = "" if reason is None else str(reason)

    def failed(problem: str) -> JudgeError:
        return JudgeError(f"{problem}: {reason_text}" if reason_text else problem, model, malformed=True)

    if status is not None and status != "completed":
        return failed(f"judge status {status!r}")
    if isinstance(score, bool) or not isinstance(score, int | float):
        return failed(f"judge gave no score ({score!r})")
    value = float(score)
    if math.isnan(value):
        return failed("judge gave no score")
    if not math.isfinite(value):
        return failed(f"judge score {value} is outside 1..5")
    if not 1 <= value <= 5:
        return failed(f"judge score {value:g} is outside 1..5")
    return Verdict(value, reason_text, model, tokens, answer_tokens)


class Provider(ABC):
    """Scores one request; no side effects beyond the call, no caching, no threads of its own.

    Process-wide set-up an SDK needs (logging, shared TLS, counters) is done once per process,
    never by a constructor. A provider whose SDK has an async path sets ``on_loop``: the runner then
    awaits ``ascore`` on the process's judge loop (``judges.loop``) instead of calling ``score`` on
    worker threads."""

    info: JudgeInfo
    on_loop = False
    slow_start = False  # a server whose parallel slots are unknown: start with one call in flight and grow

    @abstractmethod
    def score(self, request: JudgeRequest) -> Judgement:
        """One judge call; must not raise for per-row failures."""

    async def ascore(self, request: JudgeRequest) -> tuple[Judgement, Timing | None]:
        """One judge call awaited on the judge loop (``on_loop`` providers), and the server's latency for
        it with the requests at the server when it left (measured at the HTTP layer; None: not measured)."""
        raise NotImplementedError

    def pace(self, quota: Quota) -> bool:
        """Take the runner's quota; True if the provider paces each of its requests itself (it sees them
        leave, retries included), else the runner paces each call."""
        return False

    def ready(self) -> None:  # noqa: B027 - most providers need nothing first
        """Wait for what the first call needs and a call timeout must not count (an SDK's import)."""

    def close(self) -> None:  # noqa: B027 - most providers hold nothing open
        """Release what the provider holds open (connections); its scores are already returned."""

    def identity(self) -> dict[str, object]:
        """Everything besides the inputs that can change a score; part of every cache key."""
        return {"kind": self.info.kind, "rubric": self.info.rubric}

    def throttled(self) -> int:
        """How many throttling answers (HTTP 429) the provider's SDK has retried so far."""
        return 0

    def estimate(self) -> Callable[[JudgeRequest], int] | None:
        """Tokens a call is expected to cost, before it is made (``judges.cost``); None: not counted."""
        return None

"""The judge interface: what compare asks for and what comes back.

compare never imports an SDK; it hands a batch of requests to a ``Judge`` (``judges.runner.Runner``) and
gets, for each, either a Score (a usable 1..5 score) or a JudgeError (anything else, its ``Failure``
kept). A ``Provider`` (``judges.chat``'s Azure OpenAI and OpenAI-compatible judges, figures, GroundednessPro)
judges requests and nothing more; the runner wraps any provider the same way with deduplication, the cache
and the probe, and ``judges.engine`` makes every call the same way: on one event loop, within a window, a
call timeout and the run's deadline, paced to the judge's quota (``judges.quota``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from groundgate.cases import Case, Response
from groundgate.errors import chain

if TYPE_CHECKING:
    from groundgate.judges.quota import Limits, Pace


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
class Score:
    score: float
    reason: str
    model: str | None = None
    tokens: int = 0  # what the service billed for the call (answers asked again included)
    answer_tokens: int = 0  # of ``tokens``, those of the judge's answers (the rest are the prompts')


class Failure(StrEnum):
    """Why a call gave no score: what the breaker, the probe, the report and the results make of it."""

    ROW = "row"  # this row's trouble (a prompt too long for the model, a purpose the judge does not measure)
    MALFORMED = "malformed"  # the judge answered, not in the rubric's format (not its JSON, cut, no score, skipped)
    CONFIGURATION = "configuration"  # the judge refused its configuration (a wrong key, an unknown model): any call
    BILLING = "billing"  # the account has no quota or credit left: every call fails alike, the run stops
    UNAVAILABLE = "unavailable"  # not reached, or refused service (5xx, 429 given up on, a dropped connection, timeout)
    QUOTA = "quota"  # no answer within the call timeout while the deployment refused calls for its rate limits
    SLOW = "slow"  # no answer within the call timeout while calls sent after it were answered
    UNSENT = "unsent"  # not sent: the circuit breaker had opened on failures of the service
    HELD = "held"  # not sent: the breaker had opened while the deployment's quota held the calls
    UNFIT = "unfit"  # not sent: the breaker had opened on answers outside the rubric's format
    BUDGET = "budget"  # not sent: the run's own budget refused it

    @property
    def sent(self) -> bool:
        return self not in (Failure.UNSENT, Failure.HELD, Failure.UNFIT, Failure.BUDGET)

    @property
    def unavailable(self) -> bool:
        """For want of the service: counts toward the circuit breaker."""
        return self in (Failure.CONFIGURATION, Failure.BILLING, Failure.UNAVAILABLE, Failure.QUOTA)

    @property
    def outage(self) -> bool:
        """The judge could not be reached or refused service (a quota, a slow answer or a budget is none)."""
        return self in (Failure.CONFIGURATION, Failure.BILLING, Failure.UNAVAILABLE, Failure.UNSENT)


@dataclass(frozen=True, slots=True)  # one per case or call: no per-object dict
class JudgeError:
    message: str
    model: str | None = None
    kind: Failure = Failure.ROW
    tokens: int = 0  # what the service billed for the answer it gave (one it could not use included)
    answer_tokens: int = 0


Judgement = Score | JudgeError


class Estimator(Protocol):
    """Tokens a call is expected to cost, before it is made (``judges.cost.Estimator``)."""

    def __call__(self, request: JudgeRequest) -> int: ...
    def charge(self, request: JudgeRequest) -> int: ...


# Failures to reach a service, by their type's name: openai's and azure-core's (the SDKs are not imported here)
UNREACHED = frozenset({"APIConnectionError", "APITimeoutError", "ServiceRequestError", "ServiceResponseError"})


def unavailable(exc: BaseException) -> bool:
    """Whether a failure says the judge service is down or refusing (5xx, 429s given up on, 401/403/404, a
    connection that failed, a timeout), rather than something wrong with one row (400)."""
    for current in chain(exc):
        status = getattr(current, "status_code", None)
        if isinstance(status, int) and not isinstance(status, bool):
            return status >= 500 or status in (401, 403, 404, 408, 429)
        if isinstance(current, ConnectionError | TimeoutError) or type(current).__name__ in UNREACHED:
            return True
    return False


class JudgeInfo(BaseModel):
    """What a reader needs to know about the instrument that produced the scores: the provider's own, and
    the results' ``judge`` (with the models it reported and the second opinion)."""

    model_config = ConfigDict(extra="forbid")

    kind: str
    rubric: Literal["query", "no-query"]
    deployment: str | None = None  # the Azure deployment, or the model an OpenAI-compatible judge is asked for
    base_url: str | None = None  # an OpenAI-compatible judge's server
    api_version: str | None = None
    reasoning: bool = False
    sdk_version: str | None = None
    model: str | None = None  # as reported by the judge service; several are comma-joined
    models: list[str] = Field(default_factory=list)
    second_opinion: str = "same"
    second_opinion_basis: str | None = None  # what an independent second opinion's independence rests on
    endpoint: str | None = Field(default=None, exclude=True)  # an Azure judge's endpoint: named when unreachable
    fluency: bool = Field(default=True, exclude=True)  # measures fluency
    claims: bool = Field(default=True, exclude=True)  # can split an answer into claims (an LLM judge can)


class Calls(BaseModel):
    """Judge calls sent, by purpose, and the ones that were not needed: counted by the runner, written as the
    results' ``calls``."""

    model_config = ConfigDict(extra="forbid")

    groundedness: int = 0
    rescore: int = 0
    fluency: int = 0
    noise: int = 0  # the noise sample's re-scores of unchanged rows
    claims: int = 0  # the answers of rows to read split into claims and labelled (one call each)
    total: int = 0
    failed: int = 0
    tokens: int = 0  # as the judge's service billed them (answers it could not use included)
    answer_tokens: int = 0  # of those, the judge's answers' (the rest are the prompts')
    cached: int = 0  # answered from the persistent score cache
    deduplicated: int = 0  # identical inputs judged once in this run
    throttled: int = 0  # 429 answers for the judge's rate limits (each request sent again when the pace allowed)
    resent: int = 0  # requests sent again after the server failed them (5xx, a dropped connection)
    longer: int = 0  # answers that reached the lower max_tokens groundgate reserves, asked again with the SDK's
    runs: int = 0  # evaluation runs started by a judge that judges rows in runs (Foundry's): each holds calls above
    quota_seconds: float = 0.0  # seconds of the run during which calls waited for the quota's pace
    unsent: int = 0  # not sent because the circuit breaker had opened after consecutive failures
    cache_rejected: int = 0  # score-cache entries that failed authentication (forged or edited): never used

    def __add__(self, other: Calls) -> Calls:
        return Calls(**{name: getattr(self, name) + getattr(other, name) for name in Calls.model_fields})


@dataclass
class Link:
    """What the engine lends a provider's calls: the judge's pace, and a tally of what their requests met."""

    quota: Pace
    throttled: int = 0  # 429 answers for the rate limits (each request sent again under the pace)
    resent: int = 0  # requests sent again after a failure of the server (5xx, a dropped connection)
    longer: int = 0  # answers cut at the reserved max_tokens and asked again with the SDK's own
    runs: int = 0  # evaluation runs started (a provider that judges rows in runs)


class Provider:
    """Judges requests; no side effects beyond its calls, no caching, no threads or loop of its own.

    A provider with an async client overrides ``judge`` (awaited on the engine's loop, its requests paced
    through the ``Link``'s quota: ``paced``); any other implements ``score``, which the engine runs through
    ``asyncio.to_thread``. A service that judges rows in runs sets ``batch`` and overrides ``judge_all``."""

    info: JudgeInfo
    paced = False  # each of its requests waits for the quota's pace itself; else the engine paces each call
    hosted = True  # False: a self-hosted server, whose parallel slots only its owner knows (``max-concurrency``)
    batch = 1  # requests one call judges together

    def score(self, request: JudgeRequest) -> Judgement:
        """One call, for a provider without an async path; must not raise for per-row failures."""
        raise NotImplementedError

    async def judge(self, request: JudgeRequest, link: Link) -> Judgement:
        """One call on the engine's loop; must not raise for per-row failures."""
        return await asyncio.to_thread(self.score, request)

    async def judge_all(self, requests: Sequence[JudgeRequest], link: Link) -> list[Judgement]:
        """One call for up to ``batch`` requests, a judgement each, in order."""
        return [await self.judge(request, link) for request in requests]

    def ready(self) -> None:
        """Wait for what the first call needs and a call timeout must not count (an import, a client)."""

    def close(self) -> None:
        """Release what the provider holds open (connections); its judgements are already returned."""

    def identity(self) -> dict[str, object]:
        """Everything besides the inputs that can change a score; part of every cache key."""
        return {"kind": self.info.kind, "rubric": self.info.rubric}

    def estimate(self) -> Estimator | None:
        """Tokens a call is expected to cost, before it is made (``judges.cost``); None: not counted."""
        return None

    def warnings(self) -> list[str]:
        """What a reader of the results should know of how the judge's server answered, a sentence each."""
        return []


Progress = Callable[[str, int, int], None]  # (phase, done, total); a ``beat`` method also hears the calls in flight


class Judge(Protocol):
    """What compare, the plan and the forecast ask of a judge (``judges.runner.Runner``), and no more."""

    @property
    def info(self) -> JudgeInfo: ...
    @property
    def calls(self) -> Calls: ...
    def score_all(self, requests: Sequence[JudgeRequest], phase: str = ..., *, more: int = ...) -> list[Judgement]: ...
    def identity(self) -> dict[str, object]: ...
    def key(self, request: JudgeRequest) -> str: ...
    def cached(self, key: str) -> bool: ...
    def estimate(self) -> Estimator | None: ...
    def limits(self) -> Limits: ...
    def left_out(self, purpose: Purpose) -> int: ...
    def warnings(self) -> list[str]: ...
    def close(self) -> None: ...

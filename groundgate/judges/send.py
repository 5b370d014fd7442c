"""Each chat-completions request of an SDK judge as it leaves: paced to the judge's quota, and sent again
as the service asks.

azure-ai-evaluation sends each evaluator's request through its prompt flow's ``_send_with_retries``: it
retries a 429 after ``Retry-After`` (whole seconds, never ``retry-after-ms``) up to ten times and gives
up, whatever else is being sent meanwhile, so calls that keep arriving take the room a refused one waits
for, and a paced stream loses rows. groundgate puts ``send`` in its place (``judges.reuse``): every
request, a retry too, first waits for the quota's pace (``judges.quota``), which charges it as the service
will; a 429 for the rate limits pauses the pace until its ``retry-after-ms`` and slows it, and the refused
request is sent again ahead of new ones, for as long as the call timeout and the run's deadline allow (they
cancel the call). A 429 that says the account has no quota or credit left (``insufficient_quota`` and
OpenAI's billing codes) is raised at once: no wait fixes it. Any other failure is the SDK's to decide, by
its own rule (``openai_error_retryable``: 5xx and dropped connections backed off, 4xx raised), counted as a
request sent again. The prompt, the request and the parsing of the answer stay the SDK's own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import cache
from typing import Any

from groundgate.judges.heard import Listener, current
from groundgate.judges.quota import Quota, answer_allowance, prompt_estimate, retry_after

BILLING = frozenset(
    {
        "insufficient_quota",  # OpenAI's type and code for an account without quota or credit
        "billing_hard_limit_reached",
        "credit_balance_exhausted",
        "organization_spend_limit_exceeded",
        "project_spend_limit_exceeded",
        "organization_usage_limit_exceeded",
    }
)
MAX_RETRIES = 10  # the SDK's own, for failures other than a 429
CLAIMS_RETRIES = 2  # the openai client's own default: a claims call decides nothing, so it does not wait minutes
MAX_ENTITY_RETRIES = 3
MAX_REFUSALS = 60  # 429s one call takes before it gives up, should nothing else (timeout, deadline) stop it


def status_of(error: BaseException) -> int | None:
    status = getattr(error, "status_code", None)
    return status if isinstance(status, int) and not isinstance(status, bool) else None


def billing(error: BaseException) -> bool:
    """Whether a 429 says the account has no quota or credit left (a wait does not fix it)."""
    words = {str(getattr(error, name, "") or "").lower() for name in ("type", "code")}
    return status_of(error) == 429 and bool(words & BILLING)


def cut(answer: Any) -> bool:
    """Whether the model stopped at the token limit (``finish_reason: length``)."""
    choices = getattr(answer, "choices", None) or []
    return bool(choices) and getattr(choices[0], "finish_reason", None) == "length"


@cache
def sdk_retry_rule() -> Callable[..., tuple[bool, float]]:
    """The SDK's own rule for a failed request: whether to send it again, and after how long."""
    from azure.ai.evaluation._legacy.prompty._utils import openai_error_retryable

    return openai_error_retryable


async def send(
    client: Any,
    params: dict[str, Any],
    quota: Quota,
    timeout: Any = None,
    wrap: Any = None,
    retries: int = MAX_RETRIES,
    fuller: int | None = None,
) -> Any:
    """``client.chat.completions.create(**params)`` under the quota's pace, sent again as the module
    docstring says. ``wrap``: how a final failure is raised (the SDK wraps the openai client's error);
    ``retries``: how many times a failure other than a 429 is sent again at most; ``fuller``: the SDK's own
    ``max_tokens``, where the request reserves fewer (``judges.reuse``): an answer cut at the lower limit
    is asked again with it, once, so that the judge's answer is the one the SDK's own request gets."""
    from openai import NOT_GIVEN, OpenAIError

    retryable = sdk_retry_rule()
    sender = client.with_options(timeout=timeout or NOT_GIVEN)  # as the SDK does
    listener: Listener | None = current()
    estimate = prompt_estimate(params.get("messages"))
    allowance = answer_allowance(params)
    failures, entity = 0, [0]
    refusals = 0
    retry = False
    me = object()  # this request, to the quota: refused again and again alone, it tells no rate
    while True:
        charge = quota.charge(params)
        await quota.acquire(charge, retry=retry)
        try:
            answer = await sender.chat.completions.create(**params)
        except OpenAIError as error:
            if status_of(error) == 429 and not billing(error):
                refusals += 1
                if listener is not None:
                    listener.throttled += 1
                response = getattr(error, "response", None)
                headers = dict(getattr(response, "headers", {}) or {})
                quota.heard(headers)
                quota.refused(retry_after(headers), charge, request=me)
                if refusals < MAX_REFUSALS:
                    retry = True
                    continue
            elif status_of(error) != 429 and failures < retries:
                again, delay = retryable(error, failures, entity, MAX_ENTITY_RETRIES)
                if again:
                    failures += 1
                    quota.resent += 1
                    if listener is not None:
                        listener.resent += 1
                    await asyncio.sleep(delay)
                    retry = True
                    continue
            if wrap is not None:
                raise wrap(error=error) from error
            raise
        quota.answered()
        usage = getattr(answer, "usage", None)
        counted = getattr(usage, "prompt_tokens", None)
        if isinstance(counted, int) and counted > 0:
            quota.counted(estimate, counted)
            charge = counted + allowance
        if listener is not None and listener.headers:
            quota.heard(listener.headers, charge)
        if fuller is not None and allowance < fuller and cut(answer):
            params, allowance = {**params, "max_tokens": fuller}, fuller
            if listener is not None:  # billed, but never seen by the SDK: the call's tokens must count it
                listener.longer += 1
                listener.billed = (
                    listener.billed[0] + int(getattr(usage, "total_tokens", 0) or 0),
                    listener.billed[1] + int(getattr(usage, "completion_tokens", 0) or 0),
                )
            quota.longer += 1
            retry = False
            continue
        return answer

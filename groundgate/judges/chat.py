"""The LLM judge: the SDK's rubric (``judges.rubric``) sent through one ``openai`` client per judge, every
request paced to the judge's quota and sent again as the service asks, every answer read from the raw reply.

Azure OpenAI (``judges.azure``) and any OpenAI-compatible server (``judges.openai``) differ only in their
client and in how they name a setting to fix; the request, its pace and its reading are this module's. Each
request waits for the quota's pace (``judges.quota``), which charges it as the service will (prompt plus
``max_tokens``). A 429 for the rate limits pauses and slows the pace, and the refused request is sent again
ahead of new ones for as long as the call timeout and the run's deadline allow (they cancel the call); a 429
that says the account has no quota or credit left (``insufficient_quota`` and OpenAI's billing codes) ends the
call at once. Any other failure is sent again by the SDK's own rule (5xx and a dropped connection backed off:
3, 4, 6, 10, 18, 34, then 60 s; a 422 three times; other 4xx not). A rubric request reserves 400 answer
tokens where the SDK asks 800 (``cost.RESERVE``), and an answer cut there is asked again with the SDK's 800.
On a self-hosted server, an answer whose count of the prompt is short of what the server counts of prompts it
takes whole and fixed (the same for a longer prompt: the server cut both to its context window), or a refusal of
the prompt as longer than that window, is the row's failure, said as such (``judges.window``): never a score. A
hosted service refuses a prompt over its window and never cuts one: its counts are not read so.
"""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from groundgate.errors import one_line
from groundgate.judges import (
    Failure,
    JudgeError,
    JudgeInfo,
    Judgement,
    JudgeRequest,
    Link,
    Provider,
    Purpose,
    Score,
    rubric,
    unavailable,
)
from groundgate.judges import claims as claim_calls
from groundgate.judges import window as context_window
from groundgate.judges.cost import RESERVE as RESERVE  # bench/max_tokens.py sets it
from groundgate.judges.cost import Estimator, text_tokens
from groundgate.judges.retry import retry_after
from groundgate.rules import Bucket, bucket_of
from groundgate.wording import duration

if TYPE_CHECKING:
    from openai import APIStatusError, AsyncOpenAI, OpenAIError

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
MAX_ENTITY_RETRIES = 3  # the SDK's, for a 422
MAX_REFUSALS = 60  # 429s one call takes before it gives up, should nothing else (timeout, deadline) stop it
SDK_TIMEOUT = 600.0  # the SDK's own timeout of one request (the call timeout cancels a call sooner)
DROPPED = ("connection aborted", "server disconnected without sending a response")  # the SDK sends these again


@dataclass(frozen=True)
class Answer:
    """A chat-completions answer as it came: its content, why the model stopped, the model the service
    reported, and what the service billed (the answers asked again included)."""

    content: str | None
    finish_reason: str | None
    model: str | None
    tokens: int
    answer_tokens: int
    prompt_tokens: int  # the service's count of the last request's prompt
    kept: int = 0  # the same, cached tokens added back: what the window reads
    checked: bool = False  # its count was checked with a longer prompt already


def kept(usage: Any) -> int:
    """The prompt tokens the server counted: ``usage.prompt_tokens``, with ``prompt_tokens_details.cached_tokens``
    added back where sent (a server that counts only what it did not have cached, as Ollama 0.30 did, otherwise
    reads as one that cut the prompt; on a server that counts them in already the sum only errs high, which voids
    nothing)."""
    if usage is None:
        return 0
    details = getattr(usage, "prompt_tokens_details", None)
    cached = getattr(details, "cached_tokens", None) if details is not None else None
    extra = cached if isinstance(cached, int) and not isinstance(cached, bool) and cached > 0 else 0
    return (usage.prompt_tokens or 0) + extra


def server_window(path: str, body: object, model: str) -> int | None:
    """The context window a self-hosted server states: llama.cpp's ``/props``, Ollama's ``/api/ps`` (the entry of
    ``model``, or the one model loaded); None: not said."""

    def size(value: object) -> int | None:
        return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None

    if not isinstance(body, dict):
        return None
    if path == "/props":
        settings = body.get("default_generation_settings")
        found = size(settings.get("n_ctx")) if isinstance(settings, dict) else None
        return found or size(body.get("n_ctx"))
    models = [m for m in body.get("models") or [] if isinstance(m, dict)]
    named = [
        m for m in models if model in (m.get("name"), m.get("model"), str(m.get("name", "")).removesuffix(":latest"))
    ]
    chosen = named or (models if len(models) == 1 else [])
    return size(chosen[0].get("context_length")) if chosen else None


def ungrounded(judged: Judgement) -> bool:
    """Whether a judgement is a score in the ungrounded bucket (1-2)."""
    return isinstance(judged, Score) and not math.isnan(judged.score) and bucket_of(judged.score) is Bucket.UNGROUNDED


def status_of(error: BaseException) -> int | None:
    status = getattr(error, "status_code", None)
    return status if isinstance(status, int) and not isinstance(status, bool) else None


def billing(error: BaseException) -> bool:
    """Whether a 429 says the account has no quota or credit left (a wait does not fix it)."""
    words = {str(getattr(error, name, "") or "").lower() for name in ("type", "code")}
    return status_of(error) == 429 and bool(words & BILLING)


def again(error: OpenAIError, failures: int, entity: list[int]) -> float | None:
    """The SDK's rule for a failed request (``openai_error_retryable``): after how many seconds it is sent
    again, or None: not sent again."""
    from openai import APIConnectionError, APIStatusError, APITimeoutError

    delay: float | None = None
    if isinstance(error, APIConnectionError):
        retry = isinstance(error, APITimeoutError) or any(str(e).lower() in DROPPED for e in (error, error.__cause__))
    elif isinstance(error, APIStatusError):
        status = error.response.status_code
        if status == 422:
            retry, entity[0] = entity[0] < MAX_ENTITY_RETRIES, entity[0] + 1
        else:
            retry = status >= 500 or (status == 429 and error.type != "insufficient_quota")
        if retry and (asked := error.response.headers.get("Retry-After")) is not None:
            delay = retry_after({"retry-after": asked})  # seconds, or an HTTP-date
    else:
        retry = False
    return (delay or min(60, 2 + 2**failures)) if retry else None


class ChatJudge(Provider):
    """The rubric's groundedness and fluency, and groundgate's claims prompt, on one model of one service."""

    paced = True

    def __init__(self, info: JudgeInfo, model: str, *, secret: str | None = None) -> None:
        self.info = info
        self.model = model  # the deployment (Azure) or the model (OpenAI-compatible) a request names
        self._secret = secret  # scrubbed from every failure message, whatever the server echoes
        self._client: AsyncOpenAI | None = None
        self._estimate = Estimator(info.rubric, info.reasoning)
        self.window = context_window.Window()  # what the server counts of the prompts it takes whole
        self._asked: asyncio.Future[None] | None = None  # the server asked its window (``_server_window``)

    def client(self) -> AsyncOpenAI:
        """The judge's one async ``openai`` client (the openai client's own retries off: ``ask`` sends again)."""
        raise NotImplementedError

    def headers(self, prompt: rubric.Prompt) -> dict[str, str]:
        """The headers the SDK's evaluator sends with ``prompt``'s request."""
        return {"User-Agent": f"{rubric.SDK}/{rubric.sdk_version()}"}

    def configuration(self, error: APIStatusError) -> str | None:
        """The one line naming the setting to fix, for an answer no call could get past; None: another failure."""
        return None

    def where(self) -> str:
        """The judge as a message names it."""
        return f"the judge {self.info.deployment!r}"

    def identity(self) -> dict[str, object]:
        info = self.info
        return {
            "kind": info.kind,
            "rubric": info.rubric,
            "sdk": info.sdk_version,
            "prompts": rubric.prompt_version(),
            "reasoning": info.reasoning,
        }

    def estimate(self) -> Estimator:
        return self._estimate

    def warnings(self) -> list[str]:
        return self.window.notes()

    async def _server_window(self) -> None:
        """The window as a self-hosted server says it, asked once (after its first answer: Ollama lists a model
        only once loaded); a server that says nothing leaves it unknown."""
        if self._asked is None:
            self._asked = asyncio.ensure_future(self._ask_window())
        await asyncio.shield(self._asked)

    async def _ask_window(self) -> None:
        """llama.cpp's ``GET /props`` (``default_generation_settings.n_ctx``: a slot's window) and Ollama's
        ``GET /api/ps`` (the loaded model's ``context_length``), beside the OpenAI-compatible ``/v1``."""
        import httpx
        from openai import OpenAIError

        assert self._client is not None
        root = str(self._client.base_url).rstrip("/").removesuffix("/v1")
        for path in ("/props", "/api/ps"):
            try:
                answer = await self._client.get(f"{root}{path}", cast_to=httpx.Response, options={"timeout": 10.0})
                size = server_window(path, answer.json(), self.model)
            except (OpenAIError, httpx.HTTPError, ValueError):
                continue
            if size:
                self.window.size = size
                return

    def ready(self) -> None:
        """The client (its chat API imported: the openai client imports it on first use) and the groundedness
        prompt read and compiled: none of it is any call's time."""
        if self._client is None:
            self._client = self.client()
            assert self._client.chat.completions.with_raw_response is not None
            rubric.prompt("groundedness", self.info.rubric)

    def close(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            from groundgate.judges.engine import run

            run(client.close())

    async def judge(self, request: JudgeRequest, link: Link) -> Judgement:
        estimate = self._estimate.prompt(request)
        if request.purpose is Purpose.CLAIMS:
            params = claim_calls.params(
                self.model, request, with_query=self.info.rubric == "query", reasoning=self.info.reasoning
            )
            answer = await self.ask(params, link, estimate, retries=CLAIMS_RETRIES)
            if isinstance(answer, JudgeError):
                return answer
            return claim_calls.verdict(
                request, answer.content, answer.finish_reason, answer.model, answer.tokens, answer.answer_tokens
            )
        kind = "fluency" if request.purpose is Purpose.FLUENCY else "groundedness"
        prompt = rubric.prompt(kind, self.info.rubric)
        inputs = {"response": request.response}
        if kind == "groundedness":
            inputs["context"] = request.grounding
            if self.info.rubric == "query":
                inputs["query"] = request.case.query or ""
        params = prompt.params(self.model, self.info.reasoning, **inputs)
        fuller = params.get("max_tokens")  # a reasoning model's max_completion_tokens is left as it is
        if isinstance(fuller, int) and fuller > RESERVE:
            params["max_tokens"] = RESERVE
        confirming = request.purpose is Purpose.RESCORE
        answer = await self.ask(
            params, link, estimate, headers=self.headers(prompt), fuller=fuller, confirming=confirming
        )
        if isinstance(answer, JudgeError):
            return answer
        judged = rubric.read(answer.content, answer.finish_reason, answer.model, answer.tokens, answer.answer_tokens)
        if kind == "groundedness" and not self.hosted and not answer.checked and ungrounded(judged):
            # An ungrounded bucket decides a row (backlog, a re-score) as a regression does: a prompt the server
            # cut must not read as one, whatever the count looked like, so its count is checked as a re-score's.
            estimate_now = self._estimate.prompt(request)
            cut, spent = await self._check(params, link, self.headers(prompt), estimate_now, answer.kept)
            if cut is not None:
                return JudgeError(
                    cut, answer.model, Failure.ROW, answer.tokens + spent[0], answer.answer_tokens + spent[1]
                )
            if isinstance(judged, Score):
                judged = replace(judged, tokens=judged.tokens + spent[0], answer_tokens=judged.answer_tokens + spent[1])
        return judged

    async def _check(
        self, params: dict[str, Any], link: Link, headers: dict[str, str] | None, estimate: int, counted: int
    ) -> tuple[str | None, tuple[int, int]]:
        """A judgement's count checked with the same request made longer, as a re-score's is: the line that voids
        it (None: taken as a score), and what the check billed."""
        look = self.window.look(estimate, counted, confirming=True)
        if look.cut is not None or not look.ask:
            return look.cut, (0, 0)
        longer, added, spent = await self._longer(params, link, headers, estimate)
        if isinstance(longer, str):
            return context_window.unchecked_words(counted, look.expected, longer), spent
        return self.window.settle(estimate, counted, longer, added, confirming=True), spent

    async def ask(
        self,
        params: dict[str, Any],
        link: Link,
        estimate: int,
        *,
        headers: dict[str, str] | None = None,
        retries: int = MAX_RETRIES,
        fuller: object = None,
        confirming: bool = False,
    ) -> Answer | JudgeError:
        """``chat.completions.create(**params)`` under the quota's pace, sent again as the module docstring says;
        ``fuller``: the SDK's own ``max_tokens``, where ``params`` reserves fewer."""
        from openai import APIStatusError, OpenAIError

        self.ready()
        assert self._client is not None
        quota = link.quota
        allowance = next((v for k in ("max_tokens", "max_completion_tokens") if isinstance(v := params.get(k), int)), 0)
        failures, entity, refusals, retry = 0, [0], 0, False
        billed = (0, 0)
        me = object()  # this request, to the quota: refused again and again alone, it tells no rate
        while True:
            charge = quota.charge(estimate, allowance)
            started = await quota.acquire(charge, retry=retry)
            try:
                raw = await self._client.chat.completions.with_raw_response.create(
                    **params, extra_headers=headers, timeout=SDK_TIMEOUT
                )
            except OpenAIError as error:
                if status_of(error) == 429 and not billing(error) and isinstance(error, APIStatusError):
                    refusals += 1
                    link.throttled += 1
                    quota.refused(error.response.headers, charge, request=me)
                    asked = retry_after(error.response.headers)
                    if asked is not None and quota.longest is not None and asked > quota.longest:
                        return self._held(asked, quota.longest, billed)
                    if refusals < MAX_REFUSALS:
                        retry = True
                        continue
                elif status_of(error) != 429 and failures < retries and (delay := again(error, failures, entity)):
                    failures += 1
                    link.resent += 1
                    await asyncio.sleep(delay if quota.longest is None else min(delay, quota.longest))
                    retry = True
                    continue
                return self._failed(error, billed, estimate)
            try:
                reply = raw.parse()
            except (ValueError, TypeError) as exc:  # not a chat completion (a proxy's page, say)
                said = rubric.excerpt(raw.http_response.text)
                return JudgeError(f"the judge's server answered something else than a chat completion ({exc}): '{said}'",
                                  kind=Failure.MALFORMED)  # fmt: skip
            usage = reply.usage
            counted = (usage.prompt_tokens if usage is not None else 0) or 0
            cut, checked = None, False
            if not self.hosted:  # a hosted service refuses a prompt over its window and never cuts one
                await self._server_window()
                look = self.window.look(estimate, kept(usage), confirming=confirming)
                cut = look.cut
                if look.ask:  # a short count: the same request made longer says whether it is fixed (a cut)
                    checked = True
                    longer, added, spent_longer = await self._longer(params, link, headers, estimate)
                    billed = (billed[0] + spent_longer[0], billed[1] + spent_longer[1])
                    if isinstance(longer, str):
                        cut = context_window.unchecked_words(kept(usage), look.expected, longer)
                    else:
                        cut = self.window.settle(estimate, kept(usage), longer, added, confirming=confirming)
                if cut is None:  # it fits, but its answer may not: a server shifting its context drops its start
                    cut = self.window.edge(kept(usage) or look.expected, allowance, look.expected)
            quota.answered(raw.headers, charge=charge, estimate=estimate, allowance=allowance,
                           counted=0 if cut else counted, started=started)  # fmt: skip
            choice = reply.choices[0] if reply.choices else None
            spent = (usage.total_tokens or 0, usage.completion_tokens or 0) if usage is not None else (0, 0)
            billed = (billed[0] + spent[0], billed[1] + spent[1])
            if cut is not None:  # judged against a prompt it never saw whole: no score, never a confirmation
                return JudgeError(cut, reply.model or None, Failure.ROW, *billed)
            finish = choice.finish_reason if choice is not None else None
            if isinstance(fuller, int) and allowance < fuller and finish == "length":
                params, allowance, retry = {**params, "max_tokens": fuller}, fuller, False
                link.longer += 1
                continue
            content = choice.message.content if choice is not None else None
            return Answer(content, finish, reply.model or None, *billed, counted, kept(usage), checked or confirming)

    async def _longer(
        self, params: dict[str, Any], link: Link, headers: dict[str, str] | None, estimate: int
    ) -> tuple[int | str | None, int, tuple[int, int]]:
        """What the server counts of the same request with each message twice (a prompt about twice as long),
        one answer token asked: an int; None when it refuses that prompt as over its window (a
        server that refuses does not cut); a failure's words when no count came back. The estimated tokens that
        made it longer, and what it billed. A 429 is waited out, and a 5xx or a dropped connection sent again, as the
        judging call's are (within the call)."""
        from openai import APIStatusError, OpenAIError

        assert self._client is not None
        messages = list(params.get("messages") or [])
        added = 0
        for at, message in enumerate(messages):  # each message twice: the count of a whole prompt about doubles
            if isinstance(text := message.get("content"), str):
                messages[at] = {**message, "content": f"{text}\n\n{text}"}
                added += text_tokens(text)
        longer = {**params, "messages": messages}
        if isinstance(longer.get("max_tokens"), int):
            longer["max_tokens"] = 1
        quota = link.quota
        charge = quota.charge(2 * estimate, 1)
        refusals, retry, failures, entity = 0, False, 0, [0]
        while True:
            started = await quota.acquire(charge, retry=retry)
            try:
                raw = await self._client.chat.completions.with_raw_response.create(
                    **longer, extra_headers=headers, timeout=SDK_TIMEOUT
                )
                reply = raw.parse()
            except OpenAIError as error:
                if isinstance(error, APIStatusError) and context_window.refused(
                    error.status_code, error.body, str(error.message), 2 * estimate
                ):
                    return None, added, (0, 0)
                if isinstance(error, APIStatusError) and status_of(error) == 429 and not billing(error):
                    quota.refused(error.response.headers, charge)
                    asked = retry_after(error.response.headers)
                    refusals += 1
                    if refusals < MAX_REFUSALS and (asked is None or quota.longest is None or asked <= quota.longest):
                        retry = True
                        continue
                elif status_of(error) != 429 and failures < MAX_RETRIES and (delay := again(error, failures, entity)):
                    failures += 1  # a 5xx or a dropped connection, sent again by the judging call's rule
                    link.resent += 1
                    await asyncio.sleep(delay if quota.longest is None else min(delay, quota.longest))
                    retry = True
                    continue
                said = one_line(f"{type(error).__name__}: {getattr(error, 'message', None) or error}")
                if self._secret:
                    said = said.replace(self._secret, "***")
                return said, added, (0, 0)
            except (ValueError, TypeError) as exc:
                return f"not a chat completion ({exc})", added, (0, 0)
            break
        quota.answered(raw.headers, charge=charge, started=started)
        usage = reply.usage
        spent = (usage.total_tokens or 0, usage.completion_tokens or 0) if usage is not None else (0, 0)
        count = kept(usage)
        return (count if count > 0 else "it reported no prompt tokens"), added, spent

    def _held(self, asked: float, longest: float, billed: tuple[int, int]) -> JudgeError:
        """A 429 asking for a wait longer than the call may take: given up at once, not waited for."""
        return JudgeError(
            f"{self.where()} refused the call for its rate limits (HTTP 429) and asked to wait {duration(asked)} "
            f"(retry-after), longer than the call timeout ({longest:g} s): the quota, not the judge, held it; give "
            "the deployment more quota, or run later",
            kind=Failure.QUOTA,
            tokens=billed[0],
            answer_tokens=billed[1],
        )

    def _failed(self, error: OpenAIError, billed: tuple[int, int], estimate: int = 0) -> JudgeError:
        """A request that failed for good, as its row's error: what the service billed for answers it gave
        before, and no secret. A prompt refused as longer than the judge's context window is said as such."""
        from openai import APIStatusError

        too_long = None
        if isinstance(error, APIStatusError):
            too_long = context_window.refused(
                error.status_code, error.body, str(error.message), estimate, self.window.ratio()
            )
        if too_long is not None:
            failed = JudgeError(too_long, kind=Failure.ROW)
        elif billing(error):
            code = getattr(error, "code", None) or getattr(error, "type", None)
            failed = JudgeError(
                f"{self.where()} refused the call because the account has no quota or credit left (HTTP 429 "
                f"{code}): waiting does not fix that; add quota or credit to the account, or use another deployment",
                kind=Failure.BILLING,
            )
        elif isinstance(error, APIStatusError) and (problem := self.configuration(error)) is not None:
            failed = JudgeError(one_line(problem), kind=Failure.CONFIGURATION)
        else:
            kind = Failure.UNAVAILABLE if unavailable(error) else Failure.ROW
            failed = JudgeError(
                one_line(f"{type(error).__name__}: {getattr(error, 'message', None) or error}"), kind=kind
            )
        if self._secret and self._secret in failed.message:
            failed = replace(failed, message=failed.message.replace(self._secret, "***"))
        return replace(failed, tokens=billed[0], answer_tokens=billed[1])

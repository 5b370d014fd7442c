"""The SDK's async path as groundgate drives it: pinned to the SDK's internals it relies on, and
checked row for row against the SDK's own synchronous path (``evaluator(**inputs)``, what groundgate
called before), on the same scripted judge: the same requests on the wire, the same scores and reasons."""

from __future__ import annotations

import asyncio
import inspect
import json
import re
from collections.abc import Callable
from importlib.metadata import version
from typing import Annotated, Any, TypedDict

import pytest
from openai._utils import PropertyInfo

from groundgate.cases import Case, Rubric
from groundgate.judges import JudgeError, JudgeRequest, Purpose, Verdict, azure, heard, reuse, strict_scores, tls
from groundgate.judges.reuse import RESERVE
from tests.support.azure import judge_for
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.paths import ROOT


class Aliased(TypedDict, total=False):
    """A request parameter whose key the openai client's transform renames."""

    card_id: Annotated[str, PropertyInfo(alias="cardID")]
    limit: int


Start = Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
PINNED = "1.18.10"


def test_the_sdk_is_the_version_whose_internals_groundgate_pins() -> None:
    """An upgrade of azure-ai-evaluation must come with a look at judges/sdk.py and judges/reuse.py."""
    assert version("azure-ai-evaluation") == PINNED
    assert f"azure-ai-evaluation=={PINNED}" in (ROOT / "requirements.lock").read_text()
    assert f"azure-ai-evaluation=={PINNED}" in (ROOT / "pyproject.toml").read_text()


def test_the_internals_the_async_path_relies_on_are_there() -> None:
    azure.prepare_sdk()
    from azure.ai.evaluation import AzureOpenAIModelConfiguration, GroundednessEvaluator
    from azure.ai.evaluation._common.utils import construct_prompty_model_config
    from azure.ai.evaluation._evaluators._common._base_eval import AsyncEvaluatorBase
    from azure.ai.evaluation._legacy.prompty import _utils
    from azure.ai.evaluation._legacy.prompty._prompty import AsyncPrompty

    config = AzureOpenAIModelConfiguration(azure_endpoint="http://127.0.0.1:9", azure_deployment="d", api_key="k")
    build: Any = GroundednessEvaluator  # the SDK's constructors are untyped
    evaluator = build(config)
    evaluator._ensure_query_prompty_loaded()  # what the synchronous __call__ does before every call with a query
    assert evaluator._prompty_file.endswith("groundedness_with_query.prompty")
    awaited = evaluator._to_async()
    assert isinstance(awaited, AsyncEvaluatorBase)
    assert inspect.iscoroutinefunction(type(awaited).__call__)
    flow = evaluator._flow
    assert isinstance(flow, AsyncPrompty)
    # The flow builds a client per call and hands it to _send_with_retries, which copies it per call.
    call = inspect.getsource(AsyncPrompty.__call__)
    assert "self._send_with_retries(" in call
    assert re.search(r"api_client=api_client,\s*params=params,\s*timeout=timeout", call)
    assert "api_client.with_options(" in inspect.getsource(AsyncPrompty._send_with_retries)
    # The template is compiled by the module's sandboxed environment on every call.
    assert "env = _SANDBOXED_ENV" in inspect.getsource(_utils.render_jinja_template)
    assert "env.from_string(" in inspect.getsource(_utils.render_jinja_template)
    # The SDK asks for Connection: close in the flow's parameters, which groundgate takes out.
    construct: Any = construct_prompty_model_config
    headers = construct(dict(config), "2024-02-15-preview", "ua")["parameters"]["extra_headers"]
    assert headers["Connection"] == "close"
    assert "extra_headers" in flow._model.parameters


def test_calls_share_one_connection_and_one_compiled_template(fake_azure: Start) -> None:
    from azure.ai.evaluation._legacy.prompty import _utils

    fake = fake_azure(lambda p: Reply(score=5))
    judge = judge_for(fake, max_concurrency=1)
    compiled: list[str] = []
    environment = _utils._SANDBOXED_ENV
    compile_one = environment.compile

    def counting(source: Any, *args: Any, **kwargs: Any) -> Any:
        compiled.append(source)
        return compile_one(source, *args, **kwargs)

    environment.compile = counting  # type: ignore[method-assign]
    try:
        judge.score_all([request(n, "g") for n in range(12)])
    finally:
        del environment.compile
        judge.close()
    assert len(fake.prompts) == 12
    assert fake.accepted == 1  # one connection, kept open from call to call
    assert len(compiled) <= 1  # compiled once per process (not at all when an earlier test already did)
    assert all(headers.get("connection") != "close" for _, headers, _ in fake.raw)


def test_a_judge_builds_one_client_and_transforms_each_shape_of_body_once(fake_azure: Start) -> None:
    """The SDK constructs an Azure OpenAI client and the openai client walks the body's types on every call:
    both are done once here, and the bodies on the wire are what the walk gives (the parity test below)."""
    import openai
    from openai._utils import _transform

    fake = fake_azure(lambda p: Reply(score=5))
    judge = judge_for(fake, max_concurrency=4)
    built, walked = [0], [0]
    construct, walk = openai.AsyncAzureOpenAI.__init__, _transform.async_transform

    def counting_init(self: Any, *args: Any, **kwargs: Any) -> None:
        built[0] += 1
        construct(self, *args, **kwargs)

    async def counting_walk(*args: Any, **kwargs: Any) -> Any:
        walked[0] += 1
        return await walk(*args, **kwargs)

    openai.AsyncAzureOpenAI.__init__ = counting_init  # type: ignore[method-assign]
    _transform.async_transform = counting_walk
    try:
        judge.score_all([request(n, "g") for n in range(12)])
    finally:
        openai.AsyncAzureOpenAI.__init__ = construct  # type: ignore[method-assign]
        _transform.async_transform = walk
        judge.close()
    assert len(fake.prompts) == 12
    assert built[0] <= 2  # the evaluator's first call (two when the first two calls start together), not 12
    assert walked[0] <= 1  # 0 when an earlier test in this process already saw this shape of body
    assert all(body["max_tokens"] == RESERVE and body["messages"][0]["role"] == "system" for _, _, body in fake.raw)
    # Each body on the wire is what openai's own walk gives (the walk, unpatched, leaves every one unchanged):
    from openai.types.chat import completion_create_params

    params = completion_create_params.CompletionCreateParamsNonStreaming
    for _, _, body in fake.raw:
        transformed = asyncio.run(_transform.async_maybe_transform(dict(body), params))
        assert json.dumps(transformed, sort_keys=True) == json.dumps(body, sort_keys=True)


def test_a_body_whose_transform_changes_it_is_transformed_every_time() -> None:
    """The skipped walk is only for bodies it was seen to leave unchanged: an aliased key is renamed every
    time, and a body of the same keys with other value types is walked afresh."""

    from openai.resources.chat.completions import completions

    assert reuse.transform_once_per_shape()
    patched = getattr(completions, "async_maybe_transform")  # noqa: B009 - not exported by the module
    for _ in range(3):
        assert asyncio.run(patched({"card_id": "c1", "limit": 3}, Aliased)) == {"cardID": "c1", "limit": 3}
    assert asyncio.run(patched({"limit": 3}, Aliased)) == {"limit": 3}
    assert asyncio.run(patched({"limit": 3}, Aliased)) == {"limit": 3}  # unchanged: now skipped, same answer
    assert asyncio.run(patched({"limit": "3"}, Aliased)) == {"limit": "3"}  # another shape: walked afresh
    assert reuse.shape({"a": [1, "x"]}) == reuse.shape({"a": [2, "y"]}) != reuse.shape({"a": [1.0, "x"]})
    assert reuse.shape({"a": object()}) is None


def scripted(prompt: Prompt) -> Reply:
    """A judge whose answer depends on the whole prompt, so that any difference in what is sent shows."""
    text = prompt.response
    if prompt.kind == "fluency":
        return Reply(score=1 + len(text) % 5, reason=f"fluency of {text[:12]!r}")
    if "skip" in text:
        return Reply(score=None, status="skipped", reason="nothing to judge")
    if "prose" in text:
        return Reply(content="I think this answer is fine, score 4.")
    weight = len(prompt.context or "") + 3 * len(prompt.query or "") + 7 * len(text)
    return Reply(score=1 + weight % 5, reason=f"Let's think step by step: «{text}» ({weight}).", model="gpt-4o-x")


def request(n: int, kind: str) -> JudgeRequest:
    case = Case(f"c{n}", "policy", f"How many days for item {n}?", f"Source {n}: returns within {n + 10} days.", n)
    answer = ["Within {d} days.", "It is {d} days, per the source — ü.", "skip {d}", "prose {d}"][n % 4]
    purpose = Purpose.FLUENCY if kind == "f" else Purpose.GROUNDEDNESS
    return JudgeRequest(case, answer.format(d=n + 10 + n % 3), purpose)


def sdk_sync(fake: FakeAzureOpenAI, rubric: Rubric, requests: list[JudgeRequest]) -> list[tuple[Any, ...]]:
    """The SDK's own synchronous path, one evaluator per kind as groundgate's threads had them."""
    from azure.ai.evaluation import AzureOpenAIModelConfiguration, FluencyEvaluator, GroundednessEvaluator

    def config() -> Any:
        return AzureOpenAIModelConfiguration(azure_endpoint=fake.endpoint, azure_deployment="judge-4o", api_key="k")

    kinds: tuple[Any, Any] = (GroundednessEvaluator, FluencyEvaluator)  # the SDK's constructors are untyped
    groundedness, fluency = kinds[0](config()), kinds[1](config())
    out: list[tuple[Any, ...]] = []
    for r in requests:
        result: Any
        try:
            if r.purpose is Purpose.FLUENCY:
                result, key = fluency(response=r.response), "fluency"
            else:
                inputs = {"context": r.grounding, "response": r.response}
                if rubric == "query":
                    inputs["query"] = r.case.query or ""
                result, key = groundedness(**inputs), "groundedness"
        except Exception as exc:
            out.append(("raised", type(exc).__name__))
            continue
        properties = result.get(f"{key}_properties") or {}
        out.append((result[key], result[f"{key}_reason"], result[f"{key}_status"], properties.get("model")))
    return out


def as_sdk_said(judged: Verdict | JudgeError, sync: tuple[Any, ...]) -> tuple[Any, ...]:
    """groundgate's judgement in the shape of the SDK's result, for the rows the SDK scored."""
    if isinstance(judged, Verdict):
        return (judged.score, judged.reason, "completed", judged.model)
    return sync  # an error row: checked below against what the SDK answered


@pytest.mark.parametrize("rubric", ["query", "no-query"])
def test_the_async_path_sends_and_scores_exactly_what_the_sdks_own_path_does(fake_azure: Start, rubric: Rubric) -> None:
    fake = fake_azure(scripted)
    requests = [request(n, kind) for n in range(24) for kind in ("g", "f")]
    judge = judge_for(fake, rubric=rubric, api_key="k", max_concurrency=8)
    try:
        ours = judge.score_all(requests)
    finally:
        judge.close()
    assert {body["max_tokens"] for _, _, body in fake.raw} == {RESERVE}  # fewer answer tokens reserved...
    sent_by_us = sorted(repr({**body, "max_tokens": 800}) for _, _, body in fake.raw)
    fake.raw.clear()
    theirs = sdk_sync(fake, rubric, requests)
    assert {body["max_tokens"] for _, _, body in fake.raw} == {800}  # ...than the SDK's 800
    assert sorted(repr(body) for _, _, body in fake.raw) == sent_by_us  # otherwise the same prompts and parameters
    assert len(ours) == len(theirs) == 48
    for mine, sync in zip(ours, theirs, strict=True):
        if sync[0] == "raised":  # the SDK could not parse the answer: an error row here, with what it said
            assert isinstance(mine, JudgeError)
            assert "the judge's answer is not the rubric's JSON" in mine.message
        elif sync[2] != "completed" or not isinstance(sync[0], float) or sync[0] != sync[0]:
            assert isinstance(mine, JudgeError)  # skipped, or no score: never a score here
            assert mine.malformed
        else:
            assert as_sdk_said(mine, sync) == sync
    assert sum(isinstance(r, Verdict) for r in ours) >= 24  # most rows scored: the comparison is not vacuous


def long_winded(prompt: Prompt) -> Reply:
    """A judge whose reasons run to 40-600 tokens, cut where the request's max_tokens says, as a model is: the
    same tokens whatever the limit, only where they stop differs."""
    words = 40 + (len(prompt.response) * 37) % 560
    reason = "Let's think step by step: " + " ".join(f"w{n}" for n in range(words))
    whole = json.dumps({"reason": reason, "score": 1 + words % 5, "status": "completed"})
    limit = int(prompt.body.get("max_tokens") or 10_000)
    pieces = whole.split(" ")
    if len(pieces) > limit:  # a token a word: cut at the limit
        return Reply(content=" ".join(pieces[:limit]), finish_reason="length", model="gpt-4o-x")
    return Reply(content=whole, model="gpt-4o-x")


def test_an_answer_longer_than_the_reserved_tokens_is_asked_again_and_judged_as_the_sdk_judges_it(
    fake_azure: Start,
) -> None:
    """groundgate reserves 400 answer tokens where the SDK asks 800 (the quota charges the reservation): an
    answer that reaches 400 is asked again with 800, so every score and reason is the SDK's own."""
    fake = fake_azure(long_winded)
    requests = [request(n, "g") for n in range(0, 40, 4)] + [request(n, "g") for n in range(1, 40, 4)]
    judge = judge_for(fake, api_key="k", max_concurrency=4)
    try:
        ours = judge.score_all(requests)
    finally:
        judge.close()
    asked = [body["max_tokens"] for _, _, body in fake.raw]
    fake.raw.clear()
    theirs = sdk_sync(fake, "query", requests)
    assert {tuple(sync) for sync in theirs if sync[0] == "raised"} <= {("raised", "JSONDecodeError")}
    for mine, sync in zip(ours, theirs, strict=True):
        if sync[0] == "raised":  # past 800 the SDK's own answer is cut too: an error row, as in the SDK
            assert isinstance(mine, JudgeError)
        else:
            assert as_sdk_said(mine, sync) == sync
    assert asked.count(800) == judge.calls.longer > 0  # the long ones, asked again
    assert asked.count(RESERVE) == len(requests)


def test_each_sdk_patch_wraps_its_target_once() -> None:
    """Installing again must not wrap the wrapper: the patched function stays the same object."""
    import httpcore2
    import httpx2
    from azure.ai.evaluation._evaluators._common._prompty_strategy import PromptyEvaluationStrategy
    from azure.ai.evaluation._legacy.prompty import _prompty, _utils
    from openai.resources.chat.completions import completions

    def targets() -> list[object]:
        return [
            httpcore2.default_ssl_context,
            httpx2.AsyncHTTPTransport.handle_async_request,
            PromptyEvaluationStrategy.parse,
            _utils._SANDBOXED_ENV.from_string,
            getattr(_prompty, "AsyncAzureOpenAI"),  # noqa: B009 - not exported by the module
            getattr(_prompty, "AsyncOpenAI"),  # noqa: B009
            getattr(completions, "async_maybe_transform"),  # noqa: B009
        ]

    installers = (
        tls.share_tls_context,
        heard.install,
        strict_scores.refuse_boolean_scores,
        reuse.compile_templates_once,
        reuse.build_clients_once,
        reuse.transform_once_per_shape,
    )
    assert all(install() for install in installers)
    patched = targets()
    assert all(install() for install in installers)  # again: nothing may wrap its own wrapper
    assert targets() == patched

"""Azure's rate-limit headers as real deployments send them (issue 45.2), and waits with an end (45.4), at the
wire: the requests left on the 10-second window and the tokens left on the minute (``support.fakes.quota``), a
refusal asking for hours, headers no answer bears out, and a forecast past the deadline. Timings are measured in
``bench/quota.py``, never asserted here."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from email.utils import formatdate
from typing import Any

from groundgate.cases import Case
from groundgate.judges import Failure, JudgeError, JudgeRequest, Purpose, Score
from groundgate.judges.limits import Deadline
from tests.support.azure import judge_for
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.quota import AzureQuota, prompt_tokens

CASE = Case("q1", "policy", "How long do I have to return an item?", "Returns are accepted within 30 days.", 1)


def requests(count: int) -> list[JudgeRequest]:
    return [JudgeRequest(CASE, f"You have 30 days, answer {n}.", Purpose.GROUNDEDNESS) for n in range(count)]


def post(fake: FakeAzureOpenAI, body: dict[str, Any]) -> tuple[int, dict[str, str]]:
    url = f"{fake.endpoint}/openai/deployments/judge-4o/chat/completions?api-version=2024-02-15-preview"
    ask = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(ask, timeout=30) as answer:
            return answer.status, {k.lower(): v for k, v in answer.headers.items()}
    except urllib.error.HTTPError as refused:
        return refused.code, {k.lower(): v for k, v in refused.headers.items()}


def test_the_fake_deployment_answers_on_the_two_scales_real_deployments_use() -> None:
    """The Microsoft Q&A thread's deployment, 50k TPM and 300 RPM: 45 requests and 46,760 tokens left after five
    quick requests charged 648 tokens each; the sixth within the second is refused (bursts are limited too)."""
    body = {"messages": [{"role": "user", "content": " ".join(["word"] * 41)}], "max_tokens": 600}
    assert prompt_tokens(body) + 600 == 648
    with FakeAzureOpenAI(
        lambda prompt: Reply(score=5), quota=AzureQuota(tpm=50_000, rpm=300, clock=lambda: 0.0)
    ) as fake:
        said = [post(fake, body) for _ in range(6)]
    assert [status for status, _ in said] == [200] * 5 + [429]
    fifth = said[4][1]
    assert (fifth["x-ratelimit-remaining-requests"], fifth["x-ratelimit-remaining-tokens"]) == ("45", "46760")
    first = said[0][1]
    assert (first["x-ratelimit-remaining-requests"], first["x-ratelimit-remaining-tokens"]) == ("49", "49352")


def test_the_pace_reads_the_requests_header_on_its_10_second_scale() -> None:
    """groundgate read x-ratelimit-remaining-requests as per minute, and paced a 300 RPM deployment at 50 RPM."""
    quota = AzureQuota(tpm=50_000, rpm=300)
    with FakeAzureOpenAI(lambda prompt: Reply(score=5), quota=quota) as fake:
        judge = judge_for(fake, max_concurrency=1, call_timeout=60)
        results = judge.score_all(requests(3))
        judge.close()
    assert all(isinstance(result, Score) for result in results)
    limits = judge.quota.limits()
    assert (limits.rpm, limits.tpm, limits.source) == (300, 50_000, "the deployment")


def test_limit_headers_where_sent_are_the_limits_and_nonsense_is_no_limit() -> None:
    """A server that states its limits (x-ratelimit-limit-*, per minute) is taken at its word; one that sends -1
    (openai-dotnet#838) states nothing, and the remaining headers say the rest."""
    quota = AzureQuota(tpm=120_000, rpm=720, limits=True)
    with FakeAzureOpenAI(lambda prompt: Reply(score=5), quota=quota) as fake:
        judge = judge_for(fake, max_concurrency=1, call_timeout=60)
        judge.score_all(requests(2))
        judge.close()
    assert (judge.quota.limits().rpm, judge.quota.limits().tpm) == (720, 120_000)

    def minus_one(prompt: Prompt) -> Reply:
        return Reply(score=5, headers={"x-ratelimit-limit-requests": "-1", "x-ratelimit-limit-tokens": "-1"})

    with FakeAzureOpenAI(minus_one, quota=AzureQuota(tpm=120_000, rpm=720)) as fake:
        judge = judge_for(fake, max_concurrency=1, call_timeout=60)
        judge.score_all(requests(2))
        judge.close()
    assert (judge.quota.limits().rpm, judge.quota.limits().tpm) == (720, 120_000)


def test_a_refusal_asking_for_hours_is_given_up_on_within_the_call_timeout() -> None:
    """A 429 with retry-after 7200 paused every start for up to 600 s, outside the call timeout; now the call that
    was refused ends at once, naming the wait it was asked for, and the other calls go on."""

    def two_hours(prompt: Prompt) -> Reply:
        if prompt.response.endswith("answer 0."):
            return Reply(http_status=429, headers={"retry-after": "7200", "retry-after-ms": "7200000"}, reason="no")
        return Reply(score=5)

    with FakeAzureOpenAI(two_hours) as fake:
        judge = judge_for(fake, max_concurrency=1, call_timeout=5, deadline=Deadline(120))
        results = judge.score_all(requests(4))
        judge.close()
    first, *rest = results
    assert isinstance(first, JudgeError)
    assert first.kind is Failure.QUOTA
    assert "refused the call for its rate limits (HTTP 429) and asked to wait 2 h" in first.message
    assert "(retry-after), longer than the call timeout (5 s): the quota, not the judge, held it" in first.message
    assert all(isinstance(result, Score) for result in rest)


def test_a_refusal_asking_for_hours_as_an_http_date_is_given_up_on_alike() -> None:
    """RFC 9110's other form of retry-after, a date two hours ahead, was read as no wait: the call paused a second
    and sent the refused request again and again until the call timeout. It is the same refusal as '7200'."""
    sent: list[str] = []

    def two_hours(prompt: Prompt) -> Reply:
        sent.append(prompt.response)
        if prompt.response.endswith("answer 0."):
            return Reply(
                http_status=429, headers={"retry-after": formatdate(time.time() + 7200, usegmt=True)}, reason="no"
            )
        return Reply(score=5)

    with FakeAzureOpenAI(two_hours) as fake:
        judge = judge_for(fake, max_concurrency=1, call_timeout=5, deadline=Deadline(120))
        results = judge.score_all(requests(3))
        judge.close()
    first, *rest = results
    assert isinstance(first, JudgeError)
    assert first.kind is Failure.QUOTA
    assert re.search(
        r"asked to wait (2 h 00 min|1 h 59 min) \(retry-after\), longer than the call timeout \(5 s\)", first.message
    )
    assert sent.count(sent[0]) == 1  # asked once, never again
    assert all(isinstance(result, Score) for result in rest)


def test_headers_no_answer_bears_out_are_not_believed() -> None:
    """Headers claiming one request and one token a minute while every call is answered at once: believed, they
    held each call for the quota (a forecast of hundreds of hours); the answers contradict them, so they are
    dropped and said to be."""

    def absurd(prompt: Prompt) -> Reply:
        return Reply(score=5, headers={"x-ratelimit-limit-requests": "1", "x-ratelimit-limit-tokens": "1"})

    with FakeAzureOpenAI(absurd) as fake:
        judge = judge_for(fake, max_concurrency=2, call_timeout=30, deadline=Deadline(60))
        results = judge.score_all(requests(8))
        judge.close()
    assert all(isinstance(result, Score) for result in results), results
    assert judge.quota.limits().source != "the deployment"
    [doubt] = [w for w in judge.warnings() if "tokens a minute" in w]
    assert doubt.startswith("the deployment's headers claimed 1 tokens a minute while it answered ")
    assert doubt.endswith("so groundgate stopped believing the limits they claim")


def test_a_forecast_past_the_deadline_stops_the_run_at_once_and_names_it() -> None:
    """A deployment of 6 requests a minute (believable: its answers never contradict it) and 40 calls to make in a
    minute: the run stops at once, each call not made naming the forecast, instead of waiting out its deadline."""

    def slow_quota(prompt: Prompt) -> Reply:
        return Reply(score=5, headers={"x-ratelimit-limit-requests": "6"})

    with FakeAzureOpenAI(slow_quota) as fake:
        judge = judge_for(fake, max_concurrency=1, call_timeout=30, deadline=Deadline(20))
        results = judge.score_all(requests(40))
        judge.close()
    stopped = [result for result in results if isinstance(result, JudgeError)]
    assert len(stopped) >= 35
    assert len(fake.prompts) <= 2
    said = stopped[-1].message
    assert said.startswith("not sent: the judge's quota (6 RPM, the deployment's) makes the ")
    assert " calls left take about " in said
    assert ", past the run's deadline (" in said
    assert {result.kind for result in stopped} == {Failure.HELD}

"""Azure's rate-limit headers as real deployments send them (issue 45.2, 45.4), at the wire: the requests left
on the 10-second window and the tokens left on the minute (``support.fakes.quota``), and headers no answer bears
out. Timings are measured in ``bench/quota.py``, never asserted here."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from groundgate.cases import Case
from groundgate.judges import JudgeRequest, Purpose, Score
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

"""The real azure-ai-evaluation evaluators against a local Azure OpenAI wire-format server."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from groundgate import compare
from groundgate.cases import Case
from groundgate.errors import JudgeUnusable
from groundgate.evidence import Options
from groundgate.judges import JudgeError, JudgeRequest, Purpose, Score
from groundgate.judges.runner import Runner
from groundgate.rules import Outcome
from tests.support.azure import StaticToken, decide_by_text, judge_for
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.quota import verdict_usage
from tests.support.inputs import make_inputs

Start = Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
CASE = Case("r1", "policy", "How long do I have?", "Returns within 30 days.", 1)


def one(judge: Runner, response: str = "Within 30 days.", purpose: Purpose = Purpose.GROUNDEDNESS) -> Any:
    return judge.score_all([JudgeRequest(CASE, response, purpose)])[0]


def test_request_reaches_the_deployment_with_the_api_key(fake_azure: Start) -> None:
    fake = fake_azure(lambda p: Reply(score=5, reason="all supported", model="gpt-4o-2024-11-20"))
    judge = judge_for(fake, api_version="2024-10-21")
    verdict = one(judge)
    assert verdict == Score(
        5.0, "all supported", "gpt-4o-2024-11-20", *verdict_usage(fake.raw[0][2], "all supported", 5)
    )
    path, headers, body = fake.raw[0]
    assert path == "/openai/deployments/judge-4o/chat/completions?api-version=2024-10-21"
    assert headers["api-key"] == "test-key"
    assert "authorization" not in headers
    assert body["temperature"] == 0
    prompt = fake.prompts[0]
    assert (prompt.kind, prompt.query, prompt.context, prompt.response) == (
        "groundedness",
        "How long do I have?",
        "Returns within 30 days.",
        "Within 30 days.",
    )
    assert judge.info.models == ["gpt-4o-2024-11-20"]
    assert judge.calls.groundedness == 1


def test_no_query_rubric_sends_no_query(fake_azure: Start) -> None:
    fake = fake_azure(lambda p: Reply(score=4))
    judge = judge_for(fake, rubric="no-query")
    assert isinstance(one(judge), Score)
    assert fake.prompts[0].query is None
    assert "QUERY" not in str(fake.raw[0][2]["messages"])


def test_reasoning_model_drops_temperature(fake_azure: Start) -> None:
    fake = fake_azure(lambda p: Reply(score=5))
    judge = judge_for(fake, reasoning=True)
    one(judge)
    one(judge, purpose=Purpose.FLUENCY)
    for _, _, body in fake.raw:
        assert "temperature" not in body
        assert "max_completion_tokens" in body
    assert judge.info.reasoning is True


def test_credential_sends_a_bearer_token(fake_azure: Start) -> None:
    fake = fake_azure(lambda p: Reply(score=5))
    credential = StaticToken()
    judge = judge_for(fake, api_key=None, credential=credential)
    assert isinstance(one(judge), Score)
    headers = fake.raw[0][1]
    assert headers["authorization"] == "Bearer static-token"
    assert "api-key" not in headers
    assert credential.scopes


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        (Reply(content="this is not json"), "JSONDecodeError"),
        (Reply(score=None), "judge gave no score"),
        (Reply(score=None, status="skipped", reason="empty"), "judge status 'skipped'"),
        (Reply(score=99), "judge score 99 is outside 1..5"),
        (Reply(score=0), "judge score 0 is outside 1..5"),
        (Reply(score=True), "judge gave no score (True)"),  # not 1.0: a boolean is no score (pins the SDK's parser)
        (Reply(score=False), "judge gave no score (False)"),
        (Reply(content='{"score": true, "reason": "yes", "status": "completed"}'), "judge gave no score (True)"),
        (Reply(http_status=400, reason="content filter"), "content filter"),
    ],
)
def test_unusable_verdicts_become_errors(fake_azure: Start, reply: Reply, message: str) -> None:
    fake = fake_azure(lambda p: reply)
    result = one(judge_for(fake))
    assert isinstance(result, JudgeError)
    assert message in result.message


@pytest.mark.parametrize(
    ("status", "message"),
    [
        (401, "refused the API key (HTTP 401) for deployment 'judge-4o'"),
        (403, "refused the API key (HTTP 403) for deployment 'judge-4o'"),
        (404, "has no deployment 'judge-4o' at API version 2024-02-15-preview (HTTP 404)"),
    ],
)
def test_a_deployment_refusing_every_call_stops_the_run_on_its_first(
    fake_azure: Start, status: int, message: str
) -> None:
    """One line naming what to check, after one call; the service's body (which may echo the key) left out."""
    fake = fake_azure(lambda p: Reply(http_status=status, reason=f"denied, api-key {p.headers.get('api-key')}"))
    judge = judge_for(fake)
    with pytest.raises(JudgeUnusable) as caught:
        judge.score_all([JudgeRequest(CASE, f"answer {n}", Purpose.GROUNDEDNESS) for n in range(5)])
    assert message in str(caught.value)
    assert "denied" not in str(caught.value)
    assert len(fake.raw) == 1


def test_429_with_retry_after_is_retried(fake_azure: Start) -> None:
    answers = [Reply(http_status=429, headers={"Retry-After": "1"}, reason="slow down"), Reply(score=4)]
    fake = fake_azure(lambda p: answers.pop(0) if len(answers) > 1 else answers[0])
    result = one(judge_for(fake))
    assert result == Score(4.0, "fake reason", "gpt-4o-2024-11-20", *verdict_usage(fake.raw[1][2], "fake reason", 4))
    assert len(fake.raw) == 2


def test_full_comparison_through_the_sdk(fake_azure: Start) -> None:
    fake = fake_azure(decide_by_text)
    rows = [
        ("p1", "policy", "fine", "HALLUCINATE"),
        ("s1", "shipping", "fine", "fine polished"),
        ("a1", "account", "fine", "ASK"),
    ]
    judge = judge_for(fake, max_concurrency=4)
    results = compare.run(make_inputs(rows), judge, Options(frozenset({"policy"})))
    assert [r.outcome for r in results.rows] == [Outcome.REGRESSION, Outcome.TIE, Outcome.NEW_NON_ANSWER]
    assert results.rows[0].rescore_reason == "adds a 45 day window"
    assert results.calls.groundedness == 4  # the three identical baseline answers are judged once
    assert results.calls.deduplicated == 2
    assert results.calls.rescore == 1
    assert results.calls.fluency == 0  # blocked: fluency gets no vote
    assert results.judge.model == "gpt-4o-2024-11-20"
    assert results.judge.deployment == "judge-4o"
    assert results.judge.sdk_version


def test_fluency_runs_on_ties_through_the_sdk(fake_azure: Start) -> None:
    fake = fake_azure(decide_by_text)
    results = compare.run(
        make_inputs([("s1", "shipping", "fine", "fine polished")]), judge_for(fake), Options(frozenset())
    )
    assert results.fluency.consulted
    assert results.fluency.mean_delta == 2.0
    assert sorted(p.response for p in fake.prompts if p.kind == "fluency") == ["fine", "fine polished"]


def test_a_boolean_score_on_a_flip_is_an_error_row_not_a_regression(fake_azure: Start) -> None:
    fake = fake_azure(lambda p: Reply(score=True) if "new" in p.response else Reply(score=5))
    results = compare.run(
        make_inputs([("p1", "policy", "fine", "new answer")]), judge_for(fake), Options(frozenset({"policy"}))
    )
    assert results.rows[0].outcome is Outcome.ERROR
    assert results.verdict == "error"
    assert results.exit_code == 3

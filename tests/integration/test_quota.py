"""The judge's quota at the wire: the real SDK against a fake deployment that charges and enforces its
tokens and requests per minute as Azure documents (``support.fakes.quota``): the pace learns the limits from
the deployment's answers, a refused request is sent again under the pace and no row is lost, an account
without quota stops the run in one line, and neither quota nor queue is reported as an outage. Timings are
measured in ``bench/quota.py``, never asserted here."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from groundgate import compare
from groundgate.cases import Case
from groundgate.evidence import Options
from groundgate.judges import JudgeError, JudgeRequest, Purpose, Score
from groundgate.report import render
from groundgate.rules import Outcome
from tests.support.azure import judge_for
from tests.support.cli import error_line, groundgate
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.openai import FakeOpenAI
from tests.support.fakes.quota import AzureQuota
from tests.support.inputs import make_inputs
from tests.support.paths import EXAMPLES

StartAzure = Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
StartOpenAI = Callable[..., FakeOpenAI]
CASE = Case("q1", "policy", "How long do I have to return an item?", "Returns are accepted within 30 days.", 1)
KEY = "sk-local-0123456789abcdef"


def requests(count: int) -> list[JudgeRequest]:
    return [JudgeRequest(CASE, f"You have 30 days, answer {n}.", Purpose.GROUNDEDNESS) for n in range(count)]


def deployment(quota: AzureQuota, decide: Callable[[Prompt], Reply] | None = None) -> FakeAzureOpenAI:
    return FakeAzureOpenAI(decide or (lambda prompt: Reply(score=5)), quota=quota).__enter__()


def test_the_pace_learns_the_deployments_limits_from_its_answers_and_every_call_is_answered() -> None:
    quota = AzureQuota(tpm=600_000)
    fake = deployment(quota)
    try:
        judge = judge_for(fake, max_concurrency=8, call_timeout=60)
        results = judge.score_all(requests(30))
        judge.close()
    finally:
        fake.__exit__(None, None, None)
    assert all(isinstance(result, Score) for result in results)
    limits = judge.quota.limits()
    assert (limits.tpm, limits.rpm, limits.source) == (600_000, 3_600, "the deployment")
    assert judge.calls.throttled == quota.tally.refused  # each refusal was counted, and its request sent again
    assert quota.tally.admitted == 30


def test_pacing_by_requests_at_the_quotas_rate_loses_no_row() -> None:
    """The issue's run: --max-rpm at the quota's rate, a gateway that strips the rate-limit headers, so tokens
    run out first and 429s come; the SDK gave up after eleven refusals in a row and three rows were lost. Each
    refused request is now sent again under the pace, ahead of new ones: every row judged, none an error."""
    quota = AzureQuota(tpm=240_000, rpm=1_200, headers=False)  # about 100 calls a minute by tokens, 1,200 by requests
    fake = deployment(quota)
    try:
        judge = judge_for(fake, max_concurrency=8, call_timeout=120, max_rpm=1_200)
        results = compare.run(make_inputs([(f"r{n}", "policy", f"base {n}", f"cand {n}") for n in range(10)]), judge,
                              Options(frozenset({"policy"})))  # fmt: skip
        judge.close()
    finally:
        fake.__exit__(None, None, None)
    assert quota.tally.refused > 0  # the quota did refuse
    assert results.counts[Outcome.ERROR] == 0
    assert results.calls.throttled == quota.tally.refused
    assert quota.tally.refused <= quota.tally.requests // 10  # the pace keeps to the rate: few refusals, not a storm


def test_an_account_without_quota_ends_the_run_in_exit_2_with_one_line(tmp_path: Path) -> None:
    quota = AzureQuota(tpm=100_000, exhausted=True)
    fake = deployment(quota)
    try:
        proc = groundgate(
            "compare", "--cases", str(EXAMPLES / "cases.jsonl"), "--baseline", str(EXAMPLES / "baseline.jsonl"),
            "--candidate", str(EXAMPLES / "candidate.jsonl"), "--azure-endpoint", fake.endpoint,
            "--judge-deployment", "judge-4o", env={"AZURE_OPENAI_API_KEY": "test-key"},
        )  # fmt: skip
    finally:
        fake.__exit__(None, None, None)
    assert proc.returncode == 2, proc.stderr
    assert error_line(proc.stderr) == (
        f"groundgate: error: the Azure OpenAI deployment 'judge-4o' at {fake.endpoint} refused the call because the "
        "account has no quota or credit left (HTTP 429 insufficient_quota): waiting does not fix that; add quota or "
        "credit to the account, or use another deployment"
    )
    assert quota.tally.requests == 1  # not sent again: no wait fixes it


def test_a_call_the_quota_kept_refusing_past_its_timeout_is_not_an_outage() -> None:
    """A deployment that refuses one answer's requests for its rate limits (each 429 with retry-after-ms) until
    the call timeout: the row is not judged, and says the quota held it, not that the judge was unreachable."""

    def refuse_one(prompt: Prompt) -> Reply:
        if prompt.response == "cand 1":
            return Reply(http_status=429, headers={"retry-after-ms": "400", "retry-after": "1"}, reason="limit")
        return Reply(score=5)

    fake = FakeAzureOpenAI(refuse_one).__enter__()
    try:
        judge = judge_for(fake, max_concurrency=4, call_timeout=3)
        rows = [(f"r{n}", "policy", f"base {n}", f"cand {n}") for n in range(3)]
        results = compare.run(make_inputs(rows), judge, Options(frozenset({"policy"})))
        judge.close()
    finally:
        fake.__exit__(None, None, None)
    [row] = [row for row in results.rows if row.outcome is Outcome.ERROR]
    assert row.error is not None
    assert "refused calls for its rate limits (HTTP 429)" in row.error
    assert row.unreachable is None
    report = render(results)
    assert "could not be reached" not in report
    assert "Could not judge" in report


def test_the_plan_says_how_long_the_quota_makes_the_run_and_the_footer_how_long_calls_waited(
    tmp_path: Path,
) -> None:
    quota = AzureQuota(tpm=600_000)
    fake = deployment(quota)
    try:
        proc = groundgate(
            "compare", "--cases", str(EXAMPLES / "cases.jsonl"), "--baseline", str(EXAMPLES / "baseline.jsonl"),
            "--candidate", str(EXAMPLES / "candidate.jsonl"), "--azure-endpoint", fake.endpoint,
            "--judge-deployment", "judge-4o", "--max-tpm", "150000", "--results", str(tmp_path / "r.json"),
            "--report", str(tmp_path / "r.md"), env={"AZURE_OPENAI_API_KEY": "test-key"},
        )  # fmt: skip
    finally:
        fake.__exit__(None, None, None)
    assert proc.returncode in (0, 1), proc.stderr
    [plan] = [line for line in proc.stderr.splitlines() if line.startswith("groundgate: plan: ")]
    assert plan.endswith(" at 150k TPM")  # max-tpm: a share of the deployment's quota
    assert "; the judge's quota makes it " in plan
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["plan"]["quota"] in plan
    assert data["calls"]["quota_seconds"] > 0  # ten cases at 150k TPM: the pace held calls back
    assert "for the judge's quota" in (tmp_path / "r.md").read_text().replace("&#x27;", "'")
    assert quota.tally.refused <= 1


def test_tokens_of_an_answer_cut_at_its_limit_count_as_the_service_billed_them() -> None:
    """The service bills a cut answer in full (prompt plus the answer up to max_tokens); the run used to count
    none of it, so its budget and cost line fell short of the bill."""

    def cut(prompt: Prompt) -> Reply:
        if prompt.response.endswith("answer 3."):
            return Reply(content='{"reason": "Let\'s think step by step: the response ' + "goes on " * 300,
                         finish_reason="length")  # fmt: skip
        return Reply(score=5)

    quota = AzureQuota(tpm=1_000_000)  # only to count the tokens as the service does: never binding
    fake = deployment(quota, cut)
    try:
        judge = judge_for(fake, max_concurrency=2, call_timeout=60)
        results = judge.score_all(requests(6))
        judge.close()
    finally:
        fake.__exit__(None, None, None)
    assert isinstance(results[3], JudgeError)
    assert results[3].tokens > 800  # the cut answer: its prompt and max_tokens of answer
    assert judge.calls.tokens == quota.tally.billed
    assert judge.calls.answer_tokens >= 800


def echo(prompt: Prompt) -> Reply:
    """An OpenAI-compatible server that answers any model name with its one model, under the name it was asked."""
    return Reply(score=2 if "45" in prompt.response else 5, reason="Let's think step by step: fine",
                 model=prompt.deployment)  # fmt: skip


def second_opinion_run(tmp_path: Path, *judge: str, base_url: str) -> dict[str, Any]:
    """The example whose candidate states 45 days where the context says 30 (a blocking flip), judged by
    ``judge`` (flags) with an ``openai:judge-b`` second opinion at ``base_url``."""
    proc = groundgate(
        "compare", "--cases", str(EXAMPLES / "cases.jsonl"), "--baseline", str(EXAMPLES / "baseline.jsonl"),
        "--candidate", str(EXAMPLES / "candidate-regression.jsonl"), *judge, "--openai-base-url", base_url,
        "--second-opinion", "openai:judge-b", "--results", str(tmp_path / "r.json"), "--report", str(tmp_path / "r.md"),
        env={"OPENAI_API_KEY": KEY, "AZURE_OPENAI_API_KEY": "test-key"},
    )  # fmt: skip
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads((tmp_path / "r.json").read_text())  # type: ignore[no-any-return]


def rescored(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [row for row in data["rows"] if row.get("rescore_score") is not None]


def test_a_second_name_on_the_judges_own_server_is_not_an_independent_second_opinion(
    fake_openai: StartOpenAI, tmp_path: Path
) -> None:
    """llama.cpp's server (and any proxy that echoes the name it is asked for) answers 'judge-b' with the same
    model as 'judge-a': the re-score that confirms the flip is the judge again, and the report says what the
    second opinion's independence rests on."""
    fake = fake_openai(echo, api_key=KEY)
    data = second_opinion_run(tmp_path, "--judge", "openai", "--judge-model", "judge-a", base_url=fake.url)
    confirmed = rescored(data)
    assert [row["id"] for row in confirmed] == ["refund-007"]
    assert {row["confirmed_by"] for row in confirmed} == {"same"}
    assert all("served at the judge's own server" in row["note"] for row in confirmed)
    assert {body["model"] for _, _, body in fake.raw if body} == {"judge-a", "judge-b"}  # it was asked, and echoed
    assert data["judge"]["second_opinion_basis"].startswith("nothing but answers that differ from the judge's")
    report = (tmp_path / "r.md").read_text().replace("\\", "")
    assert "judge-b, a second opinion whose independence rests on nothing but answers that differ" in report


def test_a_second_opinion_at_another_endpoint_is_independent(
    fake_azure: StartAzure, fake_openai: StartOpenAI, tmp_path: Path
) -> None:
    judge, other = fake_azure(echo), fake_openai(echo, api_key=KEY)
    flags = ("--azure-endpoint", judge.endpoint, "--judge-deployment", "judge-a")
    data = second_opinion_run(tmp_path, *flags, base_url=other.url)
    confirmed = rescored(data)
    assert [row["id"] for row in confirmed] == ["refund-007"]
    assert {row["confirmed_by"] for row in confirmed} == {"openai:judge-b"}
    assert data["judge"]["second_opinion_basis"] == f"another endpoint ({other.url})"

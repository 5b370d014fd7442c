"""The real azure-ai-evaluation evaluators with ``OpenAIModelConfiguration`` against a local server
that speaks the OpenAI chat-completions wire format; and an OpenAI-compatible second opinion on the
flips of an Azure first judge."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from groundgate import compare
from groundgate.cases import Case
from groundgate.evidence import Options, Rescorer
from groundgate.judges import Failure, JudgeError, JudgeRequest, Purpose, Score
from groundgate.judges.runner import Runner
from groundgate.results import Results
from groundgate.rules import Outcome
from tests.support.azure import decide_by_text, judge_for
from tests.support.cli import error_line, groundgate
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.openai import FakeOpenAI
from tests.support.fakes.quota import verdict_usage
from tests.support.inputs import WriteJsonl, make_inputs
from tests.support.openai import openai_judge_for

StartOpenAI = Callable[..., FakeOpenAI]
StartAzure = Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
CASE = Case("r1", "policy", "How long do I have?", "Returns within 30 days.", 1)
MODEL = "gpt-4o-2024-11-20"
KEY = "sk-proj-SECRETVALUE0123456789"


def one(judge: Runner, response: str = "Within 30 days.", purpose: Purpose = Purpose.GROUNDEDNESS) -> Any:
    return judge.score_all([JudgeRequest(CASE, response, purpose)])[0]


def test_request_is_openai_wire_format_with_bearer_key_and_model_in_body(fake_openai: StartOpenAI) -> None:
    fake = fake_openai(lambda p: Reply(score=5, reason="all supported", model=MODEL))
    judge = openai_judge_for(fake, model=MODEL)
    assert one(judge) == Score(5.0, "all supported", MODEL, *verdict_usage(fake.raw[0][2], "all supported", 5))
    [(path, headers, body)] = fake.raw
    assert path == "/v1/chat/completions"
    assert headers["authorization"] == f"Bearer {fake.api_key}"
    assert "api-key" not in headers
    assert body["model"] == MODEL
    assert (body["temperature"], body["max_tokens"], body["response_format"]) == (0, 400, {"type": "json_object"})
    prompt = fake.prompts[0]
    assert (prompt.kind, prompt.query, prompt.context, prompt.response) == (
        "groundedness",
        "How long do I have?",
        "Returns within 30 days.",
        "Within 30 days.",
    )
    assert judge.info.kind == "openai"
    assert judge.info.models == [MODEL]


def test_no_query_rubric_sends_no_query(fake_openai: StartOpenAI) -> None:
    fake = fake_openai(lambda p: Reply(score=4))
    assert isinstance(one(openai_judge_for(fake, rubric="no-query")), Score)
    assert fake.prompts[0].query is None
    assert "QUERY" not in str(fake.raw[0][2]["messages"])
    assert fake.prompts[0].context == "Returns within 30 days."


def test_reasoning_model_sends_max_completion_tokens_and_no_temperature(fake_openai: StartOpenAI) -> None:
    fake = fake_openai(lambda p: Reply(score=5))
    judge = openai_judge_for(fake, reasoning=True)
    one(judge)
    one(judge, purpose=Purpose.FLUENCY)
    assert len(fake.raw) == 2
    for _, _, body in fake.raw:
        assert "temperature" not in body
        assert "max_tokens" not in body
        assert body["max_completion_tokens"] > 0
        assert body["response_format"] == {"type": "json_object"}


def test_full_comparison_with_fluency_on_ties(fake_openai: StartOpenAI) -> None:
    fake = fake_openai(decide_by_text)
    rows = [("s1", "shipping", "fine", "fine polished"), ("a1", "account", "fine", "ASK")]
    results = compare.run(make_inputs(rows), openai_judge_for(fake, max_concurrency=4), Options(frozenset({"policy"})))
    assert [r.outcome for r in results.rows] == [Outcome.TIE, Outcome.NEW_NON_ANSWER]
    assert results.fluency.consulted
    assert results.fluency.mean_delta == 2.0
    assert sorted(p.response for p in fake.prompts if p.kind == "fluency") == ["fine", "fine polished"]
    assert (results.judge.kind, results.judge.deployment, results.judge.base_url) == ("openai", MODEL, fake.url)
    assert results.rows[0].before_model == results.rows[0].after_model == MODEL


def test_both_rubric_modes_flag_the_same_regression(fake_openai: StartOpenAI) -> None:
    fake = fake_openai(decide_by_text)
    rows = [("p1", "policy", "fine", "HALLUCINATE")]
    for rubric in ("query", "no-query"):
        results = compare.run(make_inputs(rows), openai_judge_for(fake, rubric=rubric), Options(frozenset({"policy"})))
        assert results.rows[0].outcome is Outcome.REGRESSION
        assert results.judge.rubric == rubric
    # Each ungrounded judgement's count and each re-score's is checked with one more call (each message twice, one
    # answer token): not a judgement. HALLUCINATE's first judgement and its re-score, in each mode.
    checks = [p for p in fake.prompts if p.body.get("max_tokens") == 1]
    assert [p.response for p in checks] == ["HALLUCINATE"] * 4
    queries = [p.query for p in fake.prompts if p.body.get("max_tokens") != 1]
    assert queries.count("q?") == 3  # fine, HALLUCINATE and its re-score, in query mode only
    assert queries.count(None) == 3


def test_cache_hits_across_runs_and_never_across_models_or_servers(fake_openai: StartOpenAI, tmp_path: Path) -> None:
    from groundgate.cache import ScoreCache

    fake = fake_openai(lambda p: Reply(score=5, model=p.deployment))
    other_server = fake_openai(lambda p: Reply(score=5, model=p.deployment))
    # answers that state no figure: a bare number word is a figure to the tripwire, whose row is no tie
    rows = [("a", "x", "alpha", "beta"), ("b", "x", "gamma", "delta")]
    path = tmp_path / "scores.json"

    def run(server: FakeOpenAI, model: str) -> Results:
        store = ScoreCache(path, b"a secret the PR author does not hold")
        results = compare.run(
            make_inputs(rows), openai_judge_for(server, model=model, cache=store), Options(frozenset())
        )
        store.save()
        return results

    first = run(fake, MODEL)
    assert first.calls.cached == 0
    fake.prompts.clear()
    again = run(fake, MODEL)
    assert again.calls.groundedness == 1  # the probe that confirms the judge model
    assert again.calls.cached == 7  # the other three groundedness scores and the four fluency scores of the ties
    assert [p.kind for p in fake.prompts] == ["groundedness"]
    assert again.fingerprint == first.fingerprint

    another_model = run(fake, "gpt-4.1-2025-04-14")
    assert another_model.calls.cached == 0
    assert another_model.fingerprint != first.fingerprint
    another_server = run(other_server, MODEL)
    assert another_server.calls.cached == 0
    assert another_server.fingerprint != first.fingerprint


@pytest.mark.parametrize(
    ("server", "judge", "message"),
    [
        (
            {"api_key": "sk-the-right-one"},
            {"api_key": KEY},
            "refused the API key (HTTP 401): set OPENAI_API_KEY to a key it accepts",
        ),
        (
            {"models": frozenset({MODEL})},
            {"model": "gpt-5-typo"},
            "does not serve the model 'gpt-5-typo' (HTTP 404): set --judge-model to a model it serves",
        ),
        (
            {"refuses": frozenset({"response_format"})},
            {},
            "refused JSON mode (response_format json_object)",
        ),
        (
            {"refuses": frozenset({"max_tokens"})},
            {},
            "refused max_tokens for 'gpt-4o-2024-11-20' (HTTP 400): a reasoning model takes max_completion_tokens "
            "instead; set --reasoning-model",
        ),
        (
            {"refuses": frozenset({"max_completion_tokens"})},
            {"reasoning": True},
            "refused max_completion_tokens for 'gpt-4o-2024-11-20' (HTTP 400): it is not a reasoning model there; "
            "unset --reasoning-model",
        ),
    ],
)
def test_a_configuration_the_server_refuses_stops_the_run_on_its_first_call(
    fake_openai: StartOpenAI, server: dict[str, Any], judge: dict[str, Any], message: str
) -> None:
    from groundgate.errors import JudgeUnusable

    fake = fake_openai(lambda p: Reply(score=5), **server)
    rows = [(f"r{n}", "policy", f"base {n}", f"cand {n}") for n in range(6)]
    with pytest.raises(JudgeUnusable, match=r"^the judge server http://127\.0\.0\.1:[0-9]+/v1 ") as caught:
        compare.run(make_inputs(rows), openai_judge_for(fake, max_concurrency=4, **judge), Options(frozenset()))
    assert message in str(caught.value)
    assert JudgeUnusable.exit_code == 2
    calls = [path for path, _, _ in fake.raw if path.endswith("/chat/completions")]
    assert len(calls) == 1  # one call found it; the other eleven were never sent (an unknown model: /v1/models asked)
    assert KEY not in str(caught.value)
    assert "Incorrect API key" not in str(caught.value)  # the server's echo of the key stays out


def test_a_judge_that_starts_refusing_mid_run_fails_those_rows(fake_openai: StartOpenAI) -> None:
    answered: list[int] = []

    def revoked_after_two(prompt: Prompt) -> Reply:
        answered.append(1)
        if len(answered) > 2:
            return Reply(http_status=401, reason="key revoked")
        return Reply(score=5)

    fake = fake_openai(revoked_after_two)
    rows = [(f"r{n}", "policy", f"base {n}", f"cand {n}") for n in range(3)]
    results = compare.run(make_inputs(rows), openai_judge_for(fake, max_concurrency=1), Options(frozenset({"policy"})))
    assert results.verdict == "error"
    errors = [r for r in results.rows if r.outcome is Outcome.ERROR]
    assert len(errors) == 2
    assert all("refused the API key (HTTP 401)" in (r.error or "") for r in errors)


@pytest.mark.parametrize(
    "reason",
    [
        "content filtered",
        # vLLM, for one request too long for the model: it names max_tokens, but it is this row's failure
        "'max_tokens' is too large: 800. This model's maximum context length is 4096 tokens and your request has "
        "3500 input tokens (800 > 4096 - 3500).",
    ],
)
def test_per_row_failures_are_errors_not_configuration(fake_openai: StartOpenAI, reason: str) -> None:
    fake = fake_openai(lambda p: Reply(http_status=400, reason=reason))
    judge = openai_judge_for(fake)
    result = one(judge)  # the run's first call: a configuration error would raise here
    assert isinstance(result, JudgeError)
    assert result.kind is not Failure.CONFIGURATION
    assert reason[:40] in result.message


# --- an OpenAI-compatible second opinion on an Azure first judge --------------------------------

FLIP = [("p1", "policy", "fine answer", "bad answer")]


def azure_flags_bad(prompt: Prompt) -> Reply:
    return Reply(score=2 if "bad" in prompt.response else 5, reason="azure says", model=MODEL)


def second_opinion(agrees: bool, model: str = "llama3.1:8b") -> Callable[[Prompt], Reply]:
    def decide(prompt: Prompt) -> Reply:
        return Reply(score=2 if agrees else 5, reason=f"{prompt.deployment} says", model=model)

    return decide


@pytest.mark.parametrize(("agrees", "outcome"), [(True, Outcome.REGRESSION), (False, Outcome.UNSTABLE)])
def test_azure_judge_with_an_openai_second_opinion_of_another_model(
    fake_azure: StartAzure, fake_openai: StartOpenAI, agrees: bool, outcome: Outcome
) -> None:
    azure, other = fake_azure(azure_flags_bad), fake_openai(second_opinion(agrees))
    rescorer = Rescorer("openai:llama3.1:8b", openai_judge_for(other, model="llama3.1:8b"))
    options = Options(frozenset({"policy"}), rescorer, min_cases_to_block=50)
    results = compare.run(make_inputs(FLIP), judge_for(azure), options)
    row = results.rows[0]
    assert row.outcome is outcome
    assert row.confirmed_by == "openai:llama3.1:8b"
    assert row.rescore_reason == "llama3.1:8b says"
    assert row.note is None  # independent: the small-sample rule lets it block
    judged = [p.response for p in other.prompts if p.body.get("max_tokens") != 1]  # a count's check is no judgement
    assert judged == ["bad answer"]  # only the flip goes to the second opinion
    assert results.verdict == ("fail" if agrees else "pass")


def test_a_second_opinion_reporting_the_first_judges_model_counts_as_same(
    fake_azure: StartAzure, fake_openai: StartOpenAI
) -> None:
    azure, other = fake_azure(azure_flags_bad), fake_openai(second_opinion(True, model=MODEL))
    rescorer = Rescorer("openai:gpt-4o", openai_judge_for(other, model="gpt-4o"))
    options = Options(frozenset({"policy"}), rescorer, min_cases_to_block=50)
    results = compare.run(make_inputs(FLIP), judge_for(azure), options)
    row = results.rows[0]
    assert row.outcome is Outcome.REVIEW  # not independent, and policy has 1 case < 50: it may not block
    assert row.confirmed_by == "same"
    assert row.note is not None
    assert f"reported the same model as the first judge ({MODEL})" in row.note
    assert "policy has 1 cases, fewer than 50" in row.note
    assert any("openai:gpt-4o reported the same model" in w for w in results.warnings)
    assert results.verdict == "pass"


def write_inputs(write_jsonl: WriteJsonl, rows: list[tuple[str, str, str, str]]) -> list[str]:
    cases = [{"id": i, "category": c, "query": "q?", "context": "ctx"} for i, c, _, _ in rows]
    return [
        "--cases", str(write_jsonl("cases.jsonl", cases)),
        "--baseline", str(write_jsonl("b.jsonl", [{"id": i, "response": b} for i, _, b, _ in rows])),
        "--candidate", str(write_jsonl("c.jsonl", [{"id": i, "response": c} for i, _, _, c in rows])),
    ]  # fmt: skip


@pytest.mark.parametrize(("agrees", "code", "outcome"), [(True, 1, "regression"), (False, 0, "unstable")])
def test_cli_azure_judge_openai_second_opinion(
    fake_azure: StartAzure,
    fake_openai: StartOpenAI,
    write_jsonl: WriteJsonl,
    tmp_path: Path,
    agrees: bool,
    code: int,
    outcome: str,
) -> None:
    azure, other = fake_azure(azure_flags_bad), fake_openai(second_opinion(agrees), api_key=KEY)
    proc = groundgate(
        "compare", *write_inputs(write_jsonl, FLIP), "--judge-deployment", "judge-4o",
        "--second-opinion", "openai:llama3.1:8b", "--min-cases-to-block", "50",
        "--results", str(tmp_path / "r.json"), "--report", str(tmp_path / "r.md"),
        env={"AZURE_OPENAI_ENDPOINT": azure.endpoint, "AZURE_OPENAI_API_KEY": "azure-key",
             "OPENAI_BASE_URL": other.url, "OPENAI_API_KEY": KEY},
    )  # fmt: skip
    assert proc.returncode == code, proc.stderr
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["rows"][0]["outcome"] == outcome
    assert data["judge"]["second_opinion"] == "openai:llama3.1:8b"
    assert {h["authorization"] for _, h, _ in other.raw} == {f"Bearer {KEY}"}
    assert {b["model"] for _, _, b in other.raw} == {"llama3.1:8b"}
    report = (tmp_path / "r.md").read_text()
    assert (
        "the OpenAI-compatible model llama3.1:8b, a second opinion whose independence rests on another endpoint"
        in report.replace("\\", "")
    )
    for text in (proc.stdout, proc.stderr, report, (tmp_path / "r.json").read_text()):
        assert KEY not in text


def test_cli_openai_judge_end_to_end_keeps_the_key_out_of_every_output(
    fake_openai: StartOpenAI, write_jsonl: WriteJsonl, tmp_path: Path
) -> None:
    fake = fake_openai(decide_by_text, api_key=KEY)
    rows = [("p1", "policy", "fine", "HALLUCINATE now"), ("s1", "shipping", "fine", "fine polished")]
    proc = groundgate(
        "compare", *write_inputs(write_jsonl, rows), "--judge", "openai", "--judge-model", MODEL,
        "--openai-base-url", fake.url, "--results", str(tmp_path / "r.json"), "--report", str(tmp_path / "r.md"),
        env={"OPENAI_API_KEY": KEY},
    )  # fmt: skip
    assert proc.returncode == 1, proc.stderr
    data = json.loads((tmp_path / "r.json").read_text())
    assert (data["judge"]["kind"], data["judge"]["deployment"], data["judge"]["base_url"]) == (
        "openai",
        MODEL,
        fake.url,
    )
    assert data["judge"]["model"] == "gpt-4o-2024-11-20"  # as the server reported it
    assert data["rows"][0]["outcome"] == "regression"
    assert f"model {MODEL} at {fake.url}" in proc.stdout
    for text in (proc.stdout, proc.stderr, (tmp_path / "r.md").read_text(), (tmp_path / "r.json").read_text()):
        assert KEY not in text


@pytest.mark.parametrize(
    ("server", "flags", "message"),
    [
        ({"api_key": "sk-other"}, [], "refused the API key (HTTP 401): set OPENAI_API_KEY to a key it accepts"),
        (
            {"models": frozenset({MODEL})},
            ["--judge-model", "gpt-4o-typo"],
            "set --judge-model to a model it serves (it offers 'gpt-4o-2024-11-20'), or check --openai-base-url or "
            "OPENAI_BASE_URL",
        ),
        ({"refuses": frozenset({"response_format"})}, [], "refused JSON mode"),
    ],
)
def test_cli_configuration_errors_are_one_line_and_exit_2(
    fake_openai: StartOpenAI,
    write_jsonl: WriteJsonl,
    tmp_path: Path,
    server: dict[str, Any],
    flags: list[str],
    message: str,
) -> None:
    fake = fake_openai(lambda p: Reply(score=5), **{"api_key": KEY, **server})
    proc = groundgate(
        "compare", *write_inputs(write_jsonl, FLIP), "--judge", "openai", "--judge-model", MODEL, *flags,
        "--results", str(tmp_path / "r.json"),
        env={"OPENAI_API_KEY": KEY, "OPENAI_BASE_URL": fake.url},
    )  # fmt: skip
    assert proc.returncode == 2, proc.stderr
    line = error_line(proc.stderr)
    assert line.startswith("groundgate: error: the judge server ")
    assert message in line
    assert KEY not in proc.stdout + proc.stderr
    assert KEY[-4:] not in proc.stdout + proc.stderr  # not even the part a server echoes back
    assert not (tmp_path / "r.json").exists()


def test_cli_second_opinion_model_unknown_names_the_second_opinion(
    fake_azure: StartAzure, fake_openai: StartOpenAI, write_jsonl: WriteJsonl
) -> None:
    azure, other = (
        fake_azure(azure_flags_bad),
        fake_openai(second_opinion(True), api_key=KEY, models=frozenset({"llama3.1:8b"})),
    )
    proc = groundgate(
        "compare", *write_inputs(write_jsonl, FLIP), "--judge-deployment", "judge-4o",
        "--second-opinion", "openai:llama3.1:70b",
        env={"AZURE_OPENAI_ENDPOINT": azure.endpoint, "AZURE_OPENAI_API_KEY": "azure-key",
             "OPENAI_BASE_URL": other.url, "OPENAI_API_KEY": KEY},
    )  # fmt: skip
    assert proc.returncode == 2, proc.stderr
    assert (
        "does not serve the model 'llama3.1:70b' (HTTP 404): set --second-opinion to a model it serves" in proc.stderr
    )


def test_openai_judge_with_an_azure_deployment_second_opinion_through_the_wiring(
    fake_azure: StartAzure, fake_openai: StartOpenAI
) -> None:
    from groundgate import app, settings, wiring

    first = fake_openai(lambda p: Reply(score=2 if "bad" in p.response else 5, model="llama-3.3-70b"), api_key=KEY)
    azure = fake_azure(second_opinion(True, model=MODEL))
    config = settings.from_flags(
        {"cases": "c", "baseline": "b", "candidate": "k", "judge": "openai", "judge_model": "llama-3.3-70b",
         "openai_base_url": first.url, "second_opinion": "deployment:judge-b", "azure_endpoint": azure.endpoint},
        {"OPENAI_API_KEY": KEY, "AZURE_OPENAI_API_KEY": "azure-key"},
    )  # fmt: skip
    judges = wiring.judges(config)
    try:
        results = compare.run(make_inputs(FLIP), judges.judge, app.options(config, judges.rescorer))
    finally:
        judges.close()
    row = results.rows[0]
    assert (row.outcome, row.confirmed_by) == (Outcome.REGRESSION, "deployment:judge-b")
    assert [p.deployment for p in azure.prompts] == ["judge-b"]
    assert {h["api-key"] for _, h, _ in azure.raw} == {"azure-key"}
    assert (results.judge.kind, results.judge.deployment) == ("openai", "llama-3.3-70b")

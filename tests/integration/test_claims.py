"""The claims call at the wire: groundgate's own prompt sent to the judge's own deployment or model through the
``openai`` client, with the judge's sign-in; scripted claims answers from the fake servers; the unsupported
claims under their row in the report; counted, cached, never changing the verdict."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from groundgate import compare
from groundgate.cache import ScoreCache
from groundgate.cases import Case, Inputs, Response
from groundgate.evidence import Options
from groundgate.judges.limits import Budget
from groundgate.judges.runner import Runner
from groundgate.report import render
from groundgate.report.console import render_console
from groundgate.results import Results
from groundgate.rules import Outcome
from tests.support.azure import StaticToken, judge_for
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply, claims_reply
from tests.support.fakes.openai import FakeOpenAI
from tests.support.openai import openai_judge_for

StartAzure = Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
StartOpenAI = Callable[..., FakeOpenAI]
CONTEXT = "returns_policy.md: Items can be returned within 30 days of purchase with proof of purchase."
INVENTED = "You have 90 days to return any item, and we pay the return shipping."
CLAIMS = claims_reply(
    ("You have 90 days to return any item", "contradicted", "within 30 days of purchase"),
    ("we pay the return shipping", "not supported", ""),
    ("to return any item", "supported", "Items can be returned"),
)


def inputs(candidate: str = INVENTED) -> Inputs:
    rows = [
        ("refund", "policy", "You have 30 days to return an item.", candidate),
        ("hours", "shipping", "We ship daily.", "We ship daily."),
    ]
    return Inputs(
        cases=[Case(cid, cat, "How long do I have?", CONTEXT, n) for n, (cid, cat, _, _) in enumerate(rows, start=1)],
        baseline={cid: Response(cid, b, n) for n, (cid, _, b, _) in enumerate(rows, start=1)},
        candidate={cid: Response(cid, c, n) for n, (cid, _, _, c) in enumerate(rows, start=1)},
        cases_path="cases.jsonl",
        baseline_path="b.jsonl",
        candidate_path="c.jsonl",
    )


def judge_with(claims: Reply | Callable[[Prompt], Reply]) -> Callable[[Prompt], Reply]:
    """A judge that finds the 90 days ungrounded, and answers the claims prompt as scripted."""

    def decide(prompt: Prompt) -> Reply:
        if prompt.kind == "claims":
            return claims(prompt) if callable(claims) else claims
        return Reply(score=2, reason="adds a 90 day window") if "90 days" in prompt.response else Reply(score=5)

    return decide


def run(judge: Runner, **options: Any) -> Results:
    return compare.run(inputs(), judge, Options(frozenset({"policy"}), claims=True, **options))


def test_the_report_names_the_unsupported_claims_under_the_row(fake_azure: StartAzure) -> None:
    fake = fake_azure(judge_with(CLAIMS))
    results = run(judge_for(fake))
    [row] = [r for r in results.rows if r.id == "refund"]
    assert row.outcome is Outcome.REGRESSION
    assert [(c.claim, c.label, c.context) for c in row.claims or []] == [
        ("You have 90 days to return any item", "contradicted", "within 30 days of purchase"),
        ("we pay the return shipping", "not supported", ""),
        ("to return any item", "supported", "Items can be returned"),
    ]
    report = render(results)
    assert "- **Contradicted:** “You have 90 days to return any item” — the context says: “within 30 days of purchase”" in report  # fmt: skip
    assert "- **Not supported:** “we pay the return shipping” — the judge quoted no part of the context" in report
    assert "“to return any item”" not in report.split("### Blocking regressions", 1)[1].split("<details>", 1)[0]
    assert ", 1 for claims" in report  # the footer
    console = render_console(results)
    assert '    Contradicted: "You have 90 days to return any item"; the context says: "within 30 days' in console
    assert '    Not supported: "we pay the return shipping"; the judge quoted no part of the context' in console
    assert "1 for claims" in " ".join(console.split())  # the first line, wrapped at 100 columns


def test_the_claims_call_is_groundgates_prompt_on_the_judges_deployment(fake_azure: StartAzure) -> None:
    fake = fake_azure(judge_with(CLAIMS))
    results = run(judge_for(fake, api_version="2024-10-21"))
    [(path, headers, body)] = [(p, h, b) for (p, h, b), prompt in zip(fake.raw, fake.prompts, strict=True) if prompt.kind == "claims"]  # fmt: skip
    assert path == "/openai/deployments/judge-4o/chat/completions?api-version=2024-10-21"
    assert headers["api-key"] == "test-key"
    assert (body["temperature"], body["response_format"]) == (0, {"type": "json_object"})
    system, user = body["messages"]
    assert "one claim at a time" in system["content"]
    assert user["content"] == f"CONTEXT: {CONTEXT}\n\nQUERY: How long do I have?\n\nRESPONSE: {INVENTED}"
    assert results.calls.claims == 1  # only the row a person must read
    assert results.calls.total == results.calls.groundedness + results.calls.rescore + results.calls.claims


def test_a_keyless_judge_signs_the_claims_call_in_as_the_sdk_signs_in(fake_azure: StartAzure) -> None:
    fake = fake_azure(judge_with(CLAIMS))
    credential = StaticToken()
    results = run(judge_for(fake, api_key=None, credential=credential))
    assert results.calls.claims == 1
    assert {headers.get("authorization") for _, headers, _ in fake.raw} == {"Bearer static-token"}
    assert all("api-key" not in headers for _, headers, _ in fake.raw)
    assert len(set(credential.scopes)) == 1  # the SDK's calls and the claims call ask for one scope


def test_an_openai_compatible_judge_gets_the_same_call(fake_openai: StartOpenAI) -> None:
    fake = fake_openai(judge_with(CLAIMS))
    results = run(openai_judge_for(fake, reasoning=True))
    [body] = [prompt.body for prompt in fake.prompts if prompt.kind == "claims"]
    assert body["model"] == "gpt-4o-2024-11-20"
    assert "temperature" not in body
    assert body["max_completion_tokens"] > 0
    assert [c.label for c in results.rows[0].claims or []] == ["contradicted", "not supported", "supported"]


@pytest.mark.parametrize(
    "answer",
    [
        Reply(http_status=500, reason="the server fell over"),
        Reply(content="Claim 1: not supported. Claim 2: supported."),
        Reply(content=json.dumps({"claims": [{"statement": "x"}]})),
        Reply(content='{"claims": [{"claim": "You have 90 days", "label": "not', finish_reason="length"),
    ],
    ids=["5xx", "prose", "no-claim", "cut"],
)
def test_a_failing_claims_call_leaves_the_verdict_unchanged(fake_azure: StartAzure, answer: Reply) -> None:
    failing = run(judge_for(fake_azure(judge_with(answer)), max_consecutive_failures=1))
    working = run(judge_for(fake_azure(judge_with(CLAIMS))))
    assert [(r.id, r.outcome) for r in failing.rows] == [(r.id, r.outcome) for r in working.rows]
    assert (failing.verdict, failing.exit_code, failing.counts) == (working.verdict, working.exit_code, working.counts)
    assert failing.rows[0].claims is None  # the row just lacks its claims
    assert failing.calls.claims == 1
    assert failing.calls.failed == 1
    assert "Not supported" not in render(failing)


def test_a_claims_call_the_budget_cannot_cover_is_not_sent_and_the_run_keeps_its_verdict(
    fake_azure: StartAzure,
) -> None:
    fake = fake_azure(judge_with(CLAIMS))
    unbudgeted = run(judge_for(fake))
    verdict_calls = unbudgeted.calls.total - unbudgeted.calls.claims
    assert unbudgeted.calls.claims == 1
    fake.prompts.clear()
    judge = judge_for(fake, budget=Budget(max_calls=verdict_calls))
    results = run(judge)
    assert [p.kind for p in fake.prompts].count("claims") == 0  # not sent
    assert judge.budget.reached == 0  # the verdict's calls all fitted: the run is not over budget
    assert (results.verdict, results.counts) == (unbudgeted.verdict, unbudgeted.counts)
    assert results.rows[0].claims is None
    assert results.calls.total - results.calls.claims == verdict_calls


def test_claims_are_cached_under_the_prompts_version(fake_azure: StartAzure, tmp_path: Path) -> None:
    fake = fake_azure(judge_with(CLAIMS))
    path = tmp_path / "scores.json"

    def cached_run() -> Results:
        store = ScoreCache(path, b"a secret the PR author does not hold")
        results = run(judge_for(fake, cache=store))
        store.save()
        return results

    first = cached_run()
    assert first.calls.claims == 1
    fake.prompts.clear()
    again = cached_run()
    assert [p.kind for p in fake.prompts] == ["groundedness", "groundedness"]  # the model probe, the fresh re-score
    assert again.calls.claims == 0
    assert again.rows[0].claims == first.rows[0].claims
    stored = json.loads(path.read_text())["entries"]
    assert len(stored) == 4  # three answers' groundedness, one answer's claims


def test_no_claims_when_turned_off_or_nothing_to_read(fake_azure: StartAzure) -> None:
    fake = fake_azure(judge_with(CLAIMS))
    off = compare.run(inputs(), judge_for(fake), Options(frozenset({"policy"}), claims=False))
    assert off.calls.claims == 0
    quiet = compare.run(
        inputs("You have 30 days to return an item."), judge_for(fake), Options(frozenset(), claims=True)
    )
    assert quiet.calls.claims == 0
    assert [p.kind for p in fake.prompts].count("claims") == 0


def test_a_tripwire_row_gets_its_claims_too(fake_azure: StartAzure) -> None:
    fake = fake_azure(lambda p: claims_reply(("within 45 days", "contradicted", "within 30 days")) if p.kind == "claims" else Reply(score=5))  # fmt: skip
    results = compare.run(inputs("You can return it within 45 days."), judge_for(fake), Options(frozenset({"policy"}), claims=True))  # fmt: skip
    row = results.rows[0]
    assert row.outcome is Outcome.UNSUPPORTED_FIGURE
    assert [c.claim for c in row.claims or []] == ["within 45 days"]
    assert "- **Contradicted:** “within 45 days” — the context says: “within 30 days”" in render(results)

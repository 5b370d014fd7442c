"""The foundry judge at the wire: the real azure-ai-projects and openai clients against the fake Foundry
project, inside the real runner and comparison. The same suite judged by the local SDK judge (the fake
Azure OpenAI deployment) and by the Foundry evaluators, scoring alike, gives the same verdict, rows and
report; each way the service fails ends as it should; the pinned evaluator version is in every run."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import pytest
from azure.core.credentials import AccessToken, AccessTokenInfo

from groundgate import compare
from groundgate.cache import ScoreCache
from groundgate.errors import JudgeUnusable
from groundgate.evidence import Options, Rescorer
from groundgate.report import render
from groundgate.results import Results
from groundgate.rules import Outcome
from tests.support.azure import decide_by_text, judge_for
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.foundry import Asked, FakeFoundry, Grade, from_prompts
from tests.support.foundry import foundry_runner
from tests.support.inputs import make_inputs

Start = Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
SUITE = [
    ("p1", "policy", "fine answer", "HALLUCINATE a 45 day window"),  # newly ungrounded, re-scored: a regression
    ("p2", "pricing", "fine answer", "ASK which plan?"),  # a new non-answer
    ("g1", "general", "fine answer", "polished fine answer"),  # a tie: fluency consulted
    ("g2", "general", "HALLUCINATE", "HALLUCINATE again"),  # ungrounded in both: backlog
    ("g3", "general", "ASK", "fine answer"),  # moved
    ("g4", "general", "fine answer", "fine answer too"),  # a tie
]
RULES = Options(frozenset({"policy", "pricing"}))  # claims off: the foundry judge splits no answer into claims
PASSING = Options(frozenset({"safety"}))  # p1 is then a regression to review: the gate passes, fluency is consulted
PINNED = "groundedness=4,fluency=3"
MODEL = "builtin.groundedness@4 (gpt-4o-2024-11-20)"


@pytest.fixture
def foundry(tmp_path: Path) -> Iterator[FakeFoundry]:
    with FakeFoundry(tmp_path, from_prompts(decide_by_text)) as fake:
        yield fake


def judged(fake: FakeFoundry, rules: Options = RULES, **judge: Any) -> Results:
    runner = foundry_runner(fake, **{"versions": PINNED, **judge})
    try:
        return compare.run(make_inputs(SUITE), runner, rules)
    finally:
        runner.close()


def _same(row: Any) -> dict[str, Any]:
    """A row without what names the judge (the model each score came from)."""
    return {k: v for k, v in asdict(row).items() if k not in ("before_model", "after_model", "rescore_model")}


def _report(results: Results) -> str:
    """The report without the two lines that name the judge, as they must: the judge line at its foot, and whose
    scores decided (``report.deciders``)."""
    names = ("Judge: ", "deployment judge\\-4o")
    return "\n".join(line for line in render(results).splitlines() if not any(name in line for name in names))


@pytest.mark.parametrize(("rules", "verdict"), [(RULES, "fail"), (PASSING, "pass")])
def test_the_same_suite_judged_by_the_sdk_and_by_foundry_gives_the_same_verdict_rows_and_report(
    fake_azure: Start, foundry: FakeFoundry, rules: Options, verdict: str
) -> None:
    local = compare.run(make_inputs(SUITE), judge_for(fake_azure(decide_by_text)), rules)
    cloud = judged(foundry, rules)
    assert cloud.verdict == local.verdict == verdict
    assert cloud.counts == local.counts
    assert {r.id: r.outcome for r in cloud.rows} == {
        "p1": Outcome.REGRESSION if verdict == "fail" else Outcome.REVIEW, "p2": Outcome.NEW_NON_ANSWER,
        "g1": Outcome.TIE, "g2": Outcome.STILL_UNGROUNDED, "g3": Outcome.MOVED, "g4": Outcome.TIE,
    }  # fmt: skip
    assert [_same(r) for r in cloud.rows] == [_same(r) for r in local.rows]
    assert cloud.fluency == local.fluency
    assert cloud.fluency.consulted is (verdict == "pass")
    assert _report(cloud) == _report(local)
    assert {r.after_model for r in cloud.rows} == {MODEL}
    assert cloud.judge.kind == "foundry"
    fluency = ["builtin.fluency@3 (gpt-4o-2024-11-20)"] if verdict == "pass" else []
    assert cloud.judge.models == [MODEL, *fluency]
    shown = [line for line in render(cloud).splitlines() if "builtin\\.groundedness@4 \\(gpt\\-4o" in line]
    assert len(shown) == 2  # the judge line, and whose scores decided


def test_the_pinned_version_is_in_every_run_and_a_rescore_is_a_run_of_its_own(foundry: FakeFoundry) -> None:
    results = judged(foundry, PASSING, rows_per_run=2)
    evals = {e["id"]: e for e in foundry.evals.values()}
    criteria = [e["testing_criteria"][0] for e in evals.values()]
    assert sorted((c["evaluator_name"], c["evaluator_version"]) for c in criteria) == [
        ("builtin.fluency", "3"), ("builtin.groundedness", "4"),
    ]  # fmt: skip
    assert all(c["evaluator_version"] for c in foundry.sent("create_eval")[0]["testing_criteria"])
    runs = foundry.runs.values()
    assert len(runs) >= 6  # 12 first verdicts two at a time, the re-score alone, fluency on the two ties
    assert {(name, version) for name, version, _ in foundry.graded()} == {
        ("builtin.groundedness", "4"), ("builtin.fluency", "3"),
    }  # fmt: skip
    rescored = [item for name, _, item in foundry.graded() if item["response"].startswith("HALLUCINATE a 45")]
    assert len(rescored) == 2  # its first verdict, and the re-score in a later run
    assert results.rows[0].rescore_score == 2.0
    groundedness = [item for name, _, item in foundry.graded() if name == "builtin.groundedness"]
    assert all(set(item) == {"query", "context", "response"} for item in groundedness)  # the query, on both sides
    fluency = [item for name, _, item in foundry.graded() if name == "builtin.fluency"]
    assert all(set(item) == {"response"} for item in fluency)


def test_no_query_rubric_sends_no_query_on_either_side(foundry: FakeFoundry) -> None:
    judged(foundry, rubric="no-query")
    mapping = foundry.sent("create_eval")[0]["testing_criteria"][0]["data_mapping"]
    assert mapping == {"context": "{{item.context}}", "response": "{{item.response}}"}
    assert all("query" not in item for name, _, item in foundry.graded())


def test_latest_is_resolved_once_pinned_in_every_run_and_recorded(foundry: FakeFoundry) -> None:
    results = judged(foundry, PASSING, versions="latest")
    asked = [c["evaluator_version"] for e in foundry.sent("create_eval") for c in e["testing_criteria"]]
    assert sorted(asked) == ["3", "4"]  # the catalog's newest, sent as a pinned version
    assert results.judge.models == [MODEL, "builtin.fluency@3 (gpt-4o-2024-11-20)"]
    assert "builtin\\.groundedness@4" in render(results)


def test_a_version_the_catalog_lacks_stops_the_run_with_one_line(foundry: FakeFoundry) -> None:
    with pytest.raises(JudgeUnusable) as stopped:
        judged(foundry, versions="9")
    assert str(stopped.value) == (
        "the project's evaluator catalog has no builtin.groundedness version '9' (--evaluator-version): pin a version "
        "the catalog lists (the Foundry portal's evaluator catalog shows them); each evaluator has versions of its "
        "own: give the catalog version to pin (4), one for each evaluator (groundedness=4,fluency=2), or 'latest' to "
        "take the newest and record it"
    )
    assert foundry.sent("create_run") == []


def test_a_deployment_the_project_lacks_stops_the_run_with_one_line(foundry: FakeFoundry) -> None:
    with pytest.raises(JudgeUnusable) as stopped:
        judged(foundry, deployment="gpt-nope")
    assert str(stopped.value) == (
        f"the Foundry project {foundry.endpoint} has no model deployment 'gpt-nope' (--judge-deployment): name one of "
        "the project's deployments"
    )
    assert foundry.sent("create_eval") == []


def test_an_unreachable_project_leaves_every_row_not_judged_and_names_it(foundry: FakeFoundry) -> None:
    gone = "https://127.0.0.1:9/api/projects/gate"  # the discard port: nothing listens
    results = judged(foundry, endpoint=gone, runner={"max_consecutive_failures": 3})
    assert results.counts[Outcome.ERROR] == len(SUITE)
    assert {r.unreachable for r in results.rows} == {gone}
    first = next(r.error for r in results.rows if r.error and "not sent" not in r.error)
    assert first is not None
    assert "the Foundry project could not be reached: deployment 'judge-4o':" in first
    assert foundry.requests == []


def test_a_run_that_fails_leaves_its_ungraded_rows_not_judged_with_the_services_error(foundry: FakeFoundry) -> None:
    foundry.faults.fail = {2}  # the probe's run passes; the next fails, with half its items graded
    results = judged(foundry)
    errors = [r for r in results.rows if r.outcome is Outcome.ERROR]
    assert errors
    assert all(
        re.search(r"evaluation run evalrun_\d+ failed: InternalServerError: The evaluation job failed", r.error or "")
        for r in errors
    )
    assert all(r.before_score is None or r.after_score is None for r in errors)  # never a score for them


def test_an_item_the_service_could_not_grade_is_a_row_not_judged_never_a_score(tmp_path: Path) -> None:
    def grade(asked: Asked) -> Grade:
        if asked.item["response"] == "polished fine answer":
            return Grade(None, error=("ModelResponseError", "The judge model's answer could not be parsed"))
        return from_prompts(decide_by_text)(asked)

    with FakeFoundry(tmp_path, grade) as fake:
        results = judged(fake)
    row = next(r for r in results.rows if r.id == "g1")
    assert row.outcome is Outcome.ERROR
    assert row.after_score is None
    assert row.error == (
        "candidate: the service could not grade this row: ModelResponseError: The judge model's answer could not be "
        "parsed"
    )
    assert {r.outcome for r in results.rows if r.id != "g1"} != {Outcome.ERROR}


def test_429s_are_waited_out_as_the_service_asks(foundry: FakeFoundry) -> None:
    foundry.faults.throttle, foundry.faults.retry_after = 3, "0"
    results = judged(foundry)
    assert results.counts.get(Outcome.ERROR, 0) == 0
    assert results.calls.throttled == 3  # each refused request sent again under the judge's pace
    assert len(foundry.sent("create_run")) == len(foundry.runs) + 3
    assert results.calls.runs == len(foundry.runs)


def test_a_run_over_the_services_item_limit_is_split_and_every_row_judged(foundry: FakeFoundry) -> None:
    foundry.faults.max_items = 2
    foundry.faults.page = 1  # and the output items come a page of one at a time
    results = judged(foundry, rows_per_run=8)
    assert results.counts.get(Outcome.ERROR, 0) == 0
    assert all(len(run.items) <= 2 for run in foundry.runs.values())
    pages = foundry.sent("output_items")
    assert len(pages) > len(foundry.runs)


def test_a_new_catalog_version_behind_latest_is_a_new_judge_to_the_cache(foundry: FakeFoundry, tmp_path: Path) -> None:
    path = tmp_path / "scores.json"

    def run() -> Results:
        cache = ScoreCache(path, b"s" * 32)
        runner = foundry_runner(foundry, versions="latest", runner={"cache": cache})
        try:
            return compare.run(make_inputs(SUITE), runner, RULES)
        finally:
            runner.close()
            cache.save()

    first = run()
    assert first.calls.cached == 0
    again = run()
    assert again.calls.cached > 0  # the same version: its scores are used again
    foundry.catalog["builtin.groundedness"].append("5")
    moved = run()
    assert {r.after_model for r in moved.rows} == {"builtin.groundedness@5 (gpt-4o-2024-11-20)"}
    assert {r.before_model for r in moved.rows} == {"builtin.groundedness@5 (gpt-4o-2024-11-20)"}
    assert moved.calls.cached == 0  # every score of version 4 judged again by version 5
    assert moved.judge.models == ["builtin.groundedness@5 (gpt-4o-2024-11-20)"]


def test_a_sign_in_the_project_refuses_stops_the_run_with_one_line(foundry: FakeFoundry) -> None:
    class Stranger:
        def get_token(self, *scopes: str, **kwargs: Any) -> AccessToken:
            return AccessToken("someone-else", int(time.time()) + 3600)

        def get_token_info(self, *scopes: str, **kwargs: Any) -> AccessTokenInfo:
            return AccessTokenInfo("someone-else", int(time.time()) + 3600)

    with pytest.raises(JudgeUnusable) as stopped:
        judged(foundry, credential=Stranger())
    assert str(stopped.value).startswith(
        f"cannot sign in to the Foundry project {foundry.endpoint} (--azure-ai-project): deployment 'judge-4o': "
    )
    assert str(stopped.value).endswith("the identity needs the Azure AI User role on the project")
    assert "\n" not in str(stopped.value)


def test_a_run_that_does_not_end_in_time_is_cancelled_and_its_rows_not_judged(foundry: FakeFoundry) -> None:
    foundry.faults.looks = 10**6  # in progress for ever
    results = judged(foundry, runner={"call_timeout": 2.0, "max_consecutive_failures": 2})
    assert results.counts[Outcome.ERROR] == len(SUITE)
    assert all("no answer within 2 s (call timeout)" in (r.error or "") or "not sent" in (r.error or "") for r in results.rows)  # fmt: skip
    assert foundry.sent("cancel")
    assert {run.status for run in foundry.runs.values()} == {"canceled"}


def test_max_concurrency_is_the_runs_in_flight_and_four_when_it_is_not_set(foundry: FakeFoundry) -> None:
    from groundgate import settings, wiring

    foundry.faults.together = 2  # each run waits for another: two open at once, if the engine lets two start
    results = judged(foundry, rows_per_run=1, max_concurrency=2)
    assert results.counts.get(Outcome.ERROR, 0) == 0
    assert foundry.most_open == 2  # a batch is one run: the window holds runs, not rows
    flags = {"cases": "c", "baseline": "b", "candidate": "k", "judge": "foundry", "azure_ai_project": foundry.endpoint,
             "judge_deployment": "judge-4o", "evaluator_version": "4"}  # fmt: skip
    judges = wiring.judges(settings.from_flags(flags, {}))
    try:
        assert judges.judge.max_concurrency == 4  # the runner the wiring built
    finally:
        judges.close()


@pytest.mark.parametrize(
    ("model", "outcome"), [("gpt-4o-2024-11-20", Outcome.REVIEW), ("Llama-3.3-70B", Outcome.REGRESSION)]
)
def test_a_second_opinion_on_the_model_the_evaluator_ran_on_is_the_judge_again(
    fake_azure: Start, foundry: FakeFoundry, model: str, outcome: Outcome
) -> None:
    """Independence is another model, not another name: the Foundry judge's rows record
    'builtin.groundedness@4 (gpt-4o-2024-11-20)', and a deployment: second opinion reporting gpt-4o-2024-11-20 is
    that model again, whose word cannot let a small category block; one reporting another model can (hostile
    review, finding 4: whole strings were compared, so any second opinion was independent of a Foundry judge)."""
    azure = fake_azure(lambda prompt: replace(decide_by_text(prompt), model=model))
    second = Rescorer("deployment:other", judge_for(azure, deployment="other"), "another endpoint (elsewhere)")
    rules = Options(frozenset({"policy", "pricing"}), second, min_cases_to_block=50)
    runner = foundry_runner(foundry, versions=PINNED)
    try:
        results = compare.run(make_inputs(SUITE), runner, rules)
    finally:
        runner.close()
    row = next(r for r in results.rows if r.id == "p1")
    assert (row.after_model, row.rescore_model, row.outcome) == (MODEL, model, outcome)
    if outcome is Outcome.REVIEW:
        assert row.confirmed_by == "same"
        assert f"reported the same model as the first judge ({model})" in (row.note or "")
    else:
        assert row.confirmed_by == "deployment:other"


@pytest.mark.parametrize("deployment", ["judge-4o", "JUDGE-4o"])
def test_a_deployment_second_opinion_on_the_foundry_judges_own_deployment_is_the_judge_again(
    foundry: FakeFoundry, deployment: str
) -> None:
    """The other direction of finding 4: `--judge foundry --second-opinion deployment:<its deployment>` is the
    evaluator's own model under the SDK's rubric, the same judge before any row says so (its basis, and every
    re-scored row counted as `same`); another deployment's independence rests on the model it reports."""
    from groundgate import settings, wiring

    flags = {"cases": "c", "baseline": "b", "candidate": "k", "judge": "foundry", "azure_ai_project": foundry.endpoint,
             "judge_deployment": "judge-4o", "evaluator_version": "4", "azure_endpoint": "https://127.0.0.1:9/"}  # fmt: skip
    for second, same in ((f"deployment:{deployment}", True), ("deployment:judge-llama", False)):
        judges = wiring.judges(settings.from_flags({**flags, "second_opinion": second}, {}))
        try:
            rescorer = judges.rescorer
            assert (rescorer.same_judge is not None) is same, rescorer
            assert (rescorer.basis or "").startswith("nothing: it runs on the judge's own deployment") is same
        finally:
            judges.close()


class Regraded(FakeFoundry):
    """A project that lists the first row's output item twice in a run: graded again as ``again`` under another id
    (a retried grading), after the row's own grade or before it (``first``); ``again`` None: the very same item
    listed twice."""

    def __init__(self, folder: Path, again: float | None, first: bool = False) -> None:
        super().__init__(folder, from_prompts(decide_by_text))
        self.again, self.first = again, first

    def _output_items(
        self, params: dict[str, str], body: Any, query: dict[str, str]
    ) -> tuple[int, Any, dict[str, str]]:
        status, reply, extra = super()._output_items(params, body, query)
        if status == 200 and reply["data"] and "HALLUCINATE" in str(reply["data"][0]["datasource_item"]):
            graded = reply["data"][0]
            regraded = graded if self.again is None else {**graded, "id": graded["id"] + "_again", "results": [{**graded["results"][0], "score": self.again}]}  # fmt: skip
            reply["data"][:1] = [regraded, graded] if self.first else [graded, regraded]
            reply["last_id"] = reply["data"][-1]["id"]
        return status, reply, extra


@pytest.mark.parametrize(("again", "first"), [(5.0, False), (5.0, True), (2.0, False), (None, False)])
def test_two_results_for_one_row_are_a_row_not_judged_never_the_last(
    tmp_path: Path, again: float | None, first: bool
) -> None:
    """Hostile review, finding 5: the last result listed won (a row graded 2 then 5 passed; the other order
    blocked). Which of two results is the row's is not groundgate's to pick, even where they agree: the row is
    not judged and names both; the very same output item listed twice is one result."""
    with Regraded(tmp_path, again, first) as fake:
        results = judged(fake, PASSING)
    row = next(r for r in results.rows if r.id == "p1")
    if again is None:
        assert row.outcome is Outcome.REVIEW  # graded 2 once, re-scored 2: a regression to review (not blocking)
        return
    assert row.outcome is Outcome.ERROR
    said = r"candidate: evaluation run evalrun_\d+ gave 2 results for this row \(outputitem_\S+, outputitem_\S+\): neither is used"
    assert re.fullmatch(said, row.error or ""), row.error
    assert "_again" in (row.error or "")
    assert results.verdict == "error"

"""What the foundry judge asks of Foundry's evaluators and how it reads their answers (pure)."""

from __future__ import annotations

from typing import Any

import pytest

from groundgate.evaluators import FLUENCY, GROUNDEDNESS, Versions, ran_on
from groundgate.judges import Failure, JudgeError, Score
from groundgate.judges.foundry import grading

MODEL = "builtin.groundedness@4 (gpt-4o-2024-11-20)"
SENT = {"query": "q?", "context": "ctx", "response": "an answer"}
SENT_BY = "Foundry's builtin.groundedness sent"
UNREAD = "which groundgate does not read as a score (a number in 1..5): the row is not judged"


def output(result: dict[str, Any] | None = None, **item: Any) -> dict[str, Any]:
    found = {"type": "azure_ai_evaluator", "name": "groundedness", "metric": "groundedness", **(result or {})}
    return {"datasource_item_id": 0, "datasource_item": SENT, "results": [found], **item}


@pytest.mark.parametrize(
    ("text", "versions"),
    [
        ("4", Versions("4", "4")),
        (" latest ", Versions("latest", "latest")),
        ("groundedness=4,fluency=3", Versions("4", "3")),
        ("builtin.fluency=3, builtin.groundedness=4", Versions("4", "3")),
    ],
)
def test_versions_are_one_for_both_or_one_each(text: str, versions: Versions) -> None:
    assert Versions.parse(text) == versions


@pytest.mark.parametrize(
    "text", ["", "groundedness=4", "groundedness=4,groundedness=5", "coherence=1,fluency=2", "4 5", "v/1"]
)
def test_a_version_that_names_no_catalog_version_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="give the catalog version to pin"):
        Versions.parse(text)


def test_the_criterion_pins_the_version_and_maps_the_query_only_in_the_query_mode() -> None:
    assert grading.criterion(GROUNDEDNESS, "4", "judge-4o", "query") == {
        "type": "azure_ai_evaluator",
        "name": "groundedness",
        "evaluator_name": "builtin.groundedness",
        "evaluator_version": "4",
        "initialization_parameters": {"deployment_name": "judge-4o"},
        "data_mapping": {"query": "{{item.query}}", "context": "{{item.context}}", "response": "{{item.response}}"},
    }
    assert grading.criterion(GROUNDEDNESS, "4", "d", "no-query")["data_mapping"] == {
        "context": "{{item.context}}",
        "response": "{{item.response}}",
    }
    assert grading.criterion(FLUENCY, "3", "d", "query")["data_mapping"] == {"response": "{{item.response}}"}


def test_a_result_in_the_rubrics_range_is_a_score() -> None:
    usage = {"usage": {"prompt_tokens": 90, "completion_tokens": 30}}
    found = grading.read(output({"score": 4, "reason": "partial", "passed": True, "sample": usage}), GROUNDEDNESS, SENT, MODEL)  # fmt: skip
    assert found == Score(4.0, "partial", MODEL, 120, 30)


@pytest.mark.parametrize(
    ("result", "message", "kind"),
    [
        # azure-ai-evaluation's converter: no score, status error, the reason in sample.error
        (
            {
                "score": None,
                "passed": None,
                "status": "error",
                "sample": {"error": {"code": "Timeout", "message": "late"}},
            },
            "the service could not grade this row: Timeout: late",
            Failure.ROW,
        ),
        (
            {"score": 0.0, "passed": False, "status": "error"},
            "the service could not grade this row: no reason given",
            Failure.ROW,
        ),
        ({"score": 0.0, "passed": False}, f"{SENT_BY} score 0.0, {UNREAD}", Failure.ROW),
        ({"score": 7.0, "passed": True}, f"{SENT_BY} score 7.0, {UNREAD}", Failure.ROW),
        ({"score": "2"}, f"{SENT_BY} score '2' (a string), {UNREAD}", Failure.ROW),
        ({"score": True}, f"{SENT_BY} score True (a boolean), {UNREAD}", Failure.ROW),
        ({"score": None}, f"{SENT_BY} score None (null), {UNREAD}", Failure.ROW),
        ({"score": 4, "status": "skipped", "reason": "n/a"}, f"{SENT_BY} status 'skipped': n/a, {UNREAD}", Failure.ROW),
    ],
)
def test_anything_else_is_a_row_not_judged_never_a_score(result: dict[str, Any], message: str, kind: Failure) -> None:
    """The service's own trouble with an item is the row's; so is a result in a shape that is not a score (hostile
    review, finding 9): the service read the model's answer itself, so it is no local model's format broken, which
    the breaker would count and answer with advice (a larger model, JSON mode) a Foundry user cannot act on."""
    found = grading.read(output(result), GROUNDEDNESS, SENT, MODEL)
    assert isinstance(found, JudgeError)
    assert found.message.startswith(message)
    assert found.kind is kind


def test_a_result_that_carries_another_rows_item_is_not_used() -> None:
    other = output({"score": 5}, datasource_item={**SENT, "response": "another answer"})
    found = grading.read(other, GROUNDEDNESS, SENT, MODEL)
    assert isinstance(found, JudgeError)
    assert "another row's item" in found.message


def test_no_result_for_the_evaluator_is_a_row_not_judged() -> None:
    found = grading.read({"datasource_item": SENT, "results": []}, FLUENCY, {"response": "an answer"}, MODEL)
    assert found == JudgeError("the service gave no result for fluency on this row", MODEL)


@pytest.mark.parametrize(
    ("model", "ran"),
    [
        (MODEL, "gpt-4o-2024-11-20"),
        ("builtin.fluency@latest-2 (Llama-3.3-70B-Instruct)", "Llama-3.3-70B-Instruct"),
        ("builtin.groundedness@4", None),  # a deployment that named no model: not known
        ("gpt-4o-2024-11-20", "gpt-4o-2024-11-20"),  # any other judge's model is itself
        ("builtin.groundedness", "builtin.groundedness"),  # a model so named, no evaluator's record
        (None, None),
    ],
)
def test_a_catalog_evaluators_record_is_compared_by_the_model_it_ran_on(model: str | None, ran: str | None) -> None:
    """A second opinion is another judge only on another model (hostile review of issue 47, finding 4): the
    evaluator's name and version around the model are no other judge."""
    assert ran_on(model) == ran
    if ran is not None and model is not None and model.startswith("builtin.") and "@" in model:
        assert grading.model_of(model.split("@")[0], model.split("@")[1].split(" ")[0], ran) == model

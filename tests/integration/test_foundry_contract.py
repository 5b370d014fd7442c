"""The fake Foundry project is held to the wheels' own types (``tests.support.evals_contract``): the contract
catches what departs from them, and the real clients' requests and the fake's replies keep to them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.evals_contract import check_reply, check_request, conforms
from tests.support.fakes.foundry import FakeFoundry
from tests.support.foundry import connect

CRITERION = {
    "type": "azure_ai_evaluator",
    "name": "groundedness",
    "evaluator_name": "builtin.groundedness",
    "evaluator_version": "4",
    "initialization_parameters": {"deployment_name": "judge-4o"},
    "data_mapping": {"response": "{{item.response}}"},
}
EVAL = {
    "name": "g",
    "data_source_config": {"type": "custom", "item_schema": {"type": "object"}, "include_sample_schema": False},
    "testing_criteria": [CRITERION],
}


def test_requests_as_azure_ai_projects_and_openai_type_them_conform() -> None:
    assert check_request("create_eval", EVAL, {}) == []
    run = {"name": "r", "data_source": {"type": "jsonl", "source": {"type": "file_content", "content": [{"item": {}}]}}}
    assert check_request("create_run", run, {}) == []
    assert check_request("output_items", None, {"limit": "100", "order": "asc", "after": "x"}) == []


@pytest.mark.parametrize(
    ("change", "found"),
    [
        (
            {"evaluator": "builtin.groundedness"},
            "$.testing_criteria[0].evaluator: not a field of TestingCriterionAzureAIEvaluator",
        ),
        ({"evaluator_version": 4}, "$.testing_criteria[0].evaluator_version: 4, not a str"),
        (
            {"type": "azure_evaluator"},
            "$.testing_criteria[0].type: 'azure_evaluator' is none of ('azure_ai_evaluator',)",
        ),
    ],
)
def test_a_criterion_the_types_do_not_describe_is_a_violation(change: dict[str, Any], found: str) -> None:
    criterion = {**CRITERION, **change}
    assert found in check_request("create_eval", {**EVAL, "testing_criteria": [criterion]}, {})


def test_a_missing_required_field_and_a_reply_without_its_counts_are_violations() -> None:
    assert "$.data_source: required by RunCreateParams" in check_request("create_run", {"name": "r"}, {})
    assert any("result_counts" in v for v in check_reply("run", {"object": "eval.run", "id": "r"}))
    assert any("EvaluatorVersion.version" in v for v in check_reply("evaluator", {"name": "builtin.groundedness"}))
    assert conforms({"item": {}, "extra": 1}, dict[str, dict[str, Any]]) == ["$.extra: int, not an object"]


def test_a_request_the_types_do_not_describe_fails_the_fakes_test(tmp_path: Path) -> None:
    fake = FakeFoundry(tmp_path).__enter__()
    bad = {**CRITERION, "evaluator": "builtin.groundedness"}
    connect(fake).create_eval("g", {"type": "object"}, [bad])
    with pytest.raises(AssertionError, match=r"create_eval request \$\.testing_criteria\[0\]\.evaluator: not a field"):
        fake.__exit__(None, None, None)
    assert fake.evals  # the fake answered it, as the service might: the contract, not the fake, refuses it

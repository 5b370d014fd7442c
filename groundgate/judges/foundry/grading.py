"""What the foundry judge asks of Foundry's catalog evaluators and how it reads their answers. Pure: no
client, no clock; ``judges.foundry.judge`` sends what this builds and hands back what comes.

The rubric is the local SDK's: ``builtin.groundedness`` scores 1..5 with the query in the ``query`` rubric mode
and without it in ``no-query`` (every row of a run, on both sides, in the one mode of the eval); ``builtin.fluency``
scores the answer alone. A result counts as a score only as the local judges' do (``rubric.checked``: a finite
number in 1..5, with the status 'completed'); anything else the service sent, and an item it could not grade, is
a row not judged, never a score, and says what the service sent: the service read the model's answer itself, so
its shape is the service's, not one a larger model or JSON mode would fix (the advice for a local judge).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from groundgate.cases import Rubric
from groundgate.errors import one_line
from groundgate.evaluators import FLUENCY, judge_model
from groundgate.judges import Failure, JudgeError, Judgement
from groundgate.judges.rubric import checked

KIND = {str: "a string", bool: "a boolean", type(None): "null", dict: "an object", list: "a list"}  # said of a score


def short(evaluator: str) -> str:
    """The grader's name in the eval (and in each result): 'groundedness', 'fluency'."""
    return evaluator.removeprefix("builtin.")


def fields(evaluator: str, rubric: Rubric) -> tuple[str, ...]:
    """The item fields the evaluator reads: the query only in the ``query`` rubric mode, never for fluency."""
    if evaluator == FLUENCY:
        return ("response",)
    return ("query", "context", "response") if rubric == "query" else ("context", "response")


def criterion(evaluator: str, version: str, deployment: str, rubric: Rubric) -> dict[str, Any]:
    """The eval's one testing criterion: the catalog evaluator at its pinned version, run on ``deployment``."""
    return {
        "type": "azure_ai_evaluator",
        "name": short(evaluator),
        "evaluator_name": evaluator,
        "evaluator_version": version,
        "initialization_parameters": {"deployment_name": deployment},
        "data_mapping": {name: f"{{{{item.{name}}}}}" for name in fields(evaluator, rubric)},
    }


def item_schema(evaluator: str, rubric: Rubric) -> dict[str, Any]:
    names = fields(evaluator, rubric)
    return {"type": "object", "properties": {name: {"type": "string"} for name in names}, "required": list(names)}


def item(evaluator: str, rubric: Rubric, query: str | None, context: str, response: str) -> dict[str, str]:
    values = {"query": query or "", "context": context, "response": response}
    return {name: values[name] for name in fields(evaluator, rubric)}


def model_of(evaluator: str, version: str, deployed: str | None) -> str:
    """The judge as a row records it (``evaluators.judge_model``: the evaluator, its version and the model)."""
    return judge_model(evaluator, version, deployed)


def deployed_model(deployment: Mapping[str, Any]) -> str | None:
    """'gpt-4o-2024-11-20' from a deployment's ``modelName`` and ``modelVersion``; None if it names no model."""
    name, version = deployment.get("modelName"), deployment.get("modelVersion")
    if not isinstance(name, str) or not name:
        return None
    return f"{name}-{version}" if isinstance(version, str) and version else name


def _number(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _error(result: Mapping[str, Any] | None, item: Mapping[str, Any]) -> str | None:
    """The service's reason for not grading: the result's ``sample.error``, else the item's own."""
    for where in (result or {}, item):
        sample = where.get("sample")
        error = sample.get("error") if isinstance(sample, dict) else None
        if isinstance(error, dict) and (error.get("code") or error.get("message")):
            code, message = error.get("code") or "", error.get("message") or ""
            return one_line(f"{code}: {message}" if code and message else code or message)
    return None


def read(output: Mapping[str, Any], evaluator: str, sent: Mapping[str, str], model: str) -> Judgement:
    """One row's judgement from its output item: the evaluator's result read as the local judges read theirs.

    ``sent``: the item as the run sent it; an output item that carries another item is not this row's (a wrong
    verdict is the worst defect this product can have). ``model``: the judge as the row records it."""
    echoed = output.get("datasource_item")
    if isinstance(echoed, dict) and any(echoed.get(name) != value for name, value in sent.items()):
        return JudgeError("the service's result for this row carries another row's item: not used", model)
    results = output.get("results")
    found = [r for r in results if isinstance(r, dict) and r.get("name") == short(evaluator)] if results else []
    result = found[0] if len(found) == 1 else None
    if (problem := _error(result, output)) is not None or (result is not None and result.get("status") == "error"):
        return JudgeError(f"the service could not grade this row: {problem or 'no reason given'}", model)
    if result is None:
        said = "no result" if not found else f"{len(found)} results"
        return JudgeError(f"the service gave {said} for {short(evaluator)} on this row", model)
    sample = result.get("sample")
    usage = sample.get("usage") if isinstance(sample, dict) else None
    prompt, answer = (_number(usage.get(k)) for k in ("prompt_tokens", "completion_tokens")) if isinstance(usage, dict) else (0, 0)  # fmt: skip
    status, reason, score = result.get("status"), result.get("reason"), result.get("score")
    if status is not None and status != "completed":
        what = f"status {status!r}" + (f": {one_line(str(reason))}" if reason not in (None, "") else "")
    elif isinstance(checked(score, reason, model), JudgeError):
        what = f"score {score!r}" + (f" ({KIND[type(score)]})" if type(score) in KIND else "")
    else:
        return checked(score, reason, model, prompt + answer, answer)
    # The service read the model's answer itself: a result outside 1..5, a number as a string, another status is
    # the service's shape, not an answer a larger model would fix (the breaker's advice for a local judge).
    return JudgeError(
        f"Foundry's {evaluator} sent {what}, which groundgate does not read as a score (a number in 1..5): the row "
        "is not judged",
        model,
        Failure.ROW,
        prompt + answer,
        answer,
    )

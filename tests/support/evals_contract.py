"""The Foundry evals API as the installed wheels describe it: openai's request and response types
(``openai.types.eval_create_params``, ``openai.types.evals``) and azure-ai-projects' own additions (its
``TestingCriterionAzureAIEvaluator``, ``EvaluatorVersion`` and ``ModelDeployment``). The fake Foundry project
checks every request it receives and every reply it gives against them (``check_request``, ``check_reply``).

Requests are held to the TypedDicts strictly: a key the type does not name, a missing required key, a value
of another type or outside a Literal is a violation. Replies are validated by the response models themselves
(pydantic), which accept the fields Foundry adds to OpenAI's (``report_url``, a result's ``metric``,
``label``, ``reason``, ``threshold``); the ``azure_ai_evaluator`` criteria an eval echoes, which OpenAI's
response type cannot name, are held to azure-ai-projects' TypedDict.
"""

from __future__ import annotations

import collections.abc
import re
import types
import typing
from typing import Any, Literal, Union, get_args, get_origin

import typing_extensions
from azure.ai.projects.models import EvaluatorVersion, ModelDeployment, TestingCriterionAzureAIEvaluator
from openai.types import EvalCreateResponse, eval_create_params
from openai.types.evals import (
    CreateEvalJSONLRunDataSourceParam,
    RunCancelResponse,
    RunCreateResponse,
    RunRetrieveResponse,
    run_create_params,
)
from openai.types.evals.runs import OutputItemListResponse, output_item_list_params
from pydantic import BaseModel, ValidationError

_REQUIRED: set[Any] = {typing.Required, typing_extensions.Required}
_NOT_REQUIRED: set[Any] = {typing.NotRequired, typing_extensions.NotRequired}
_WRAPPERS = _REQUIRED | _NOT_REQUIRED


def required(typed: Any) -> frozenset[str]:
    """A TypedDict's required keys, read from its hints: ``__required_keys__`` cannot see ``Required[...]`` in a
    module that postpones its annotations (openai's and azure-ai-projects' do) on Python 3.11."""
    hints = typing_extensions.get_type_hints(typed, include_extras=True)
    total = getattr(typed, "__total__", True)
    found = set()
    for key, hint in hints.items():
        origin: Any = get_origin(hint)
        if origin in _REQUIRED or (total and origin not in _NOT_REQUIRED):
            found.add(key)
    return frozenset(found)


def _unwrap(hint: Any) -> Any:
    while get_origin(hint) in _WRAPPERS or get_origin(hint) is typing.Annotated:
        hint = get_args(hint)[0]
    return hint


def conforms(value: Any, hint: Any, where: str = "$") -> list[str]:
    """Where ``value`` departs from the type ``hint`` (a TypedDict and everything it is built of), strictly."""
    hint = _unwrap(hint)
    if hint is Any or hint is object:
        return []
    if typing_extensions.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not an object ({hint.__name__})"]
        hints = typing_extensions.get_type_hints(hint, include_extras=True)
        found = [f"{where}.{key}: not a field of {hint.__name__}" for key in value if key not in hints]
        found += [f"{where}.{key}: required by {hint.__name__}" for key in sorted(required(hint)) if key not in value]
        for key, item in value.items():
            if key in hints:
                found += conforms(item, hints[key], f"{where}.{key}")
        return found
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        tries = [conforms(value, option, where) for option in get_args(hint)]
        return [] if any(not t for t in tries) else min(tries, key=len)
    if origin is Literal:
        return [] if value in get_args(hint) else [f"{where}: {value!r} is none of {get_args(hint)}"]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r}, not null"]
    if origin in (list, collections.abc.Iterable, collections.abc.Sequence) or (
        isinstance(origin, type) and origin.__name__ == "SequenceNotStr"
    ):
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, not an array"]
        (element,) = get_args(hint) or (Any,)
        return [problem for n, item in enumerate(value) for problem in conforms(item, element, f"{where}[{n}]")]
    if origin in (dict, collections.abc.Mapping):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not an object"]
        _, element = get_args(hint) or (str, Any)
        return [problem for key, item in value.items() for problem in conforms(item, element, f"{where}.{key}")]
    if hint is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r}, not a number"]
    if hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r}, not an integer"]
    if hint in (str, bool):
        return [] if isinstance(value, hint) else [f"{where}: {value!r}, not a {hint.__name__}"]
    if isinstance(hint, type) and issubclass(hint, BaseModel):
        return _validated(hint, value, where)
    return [f"{where}: the contract cannot check values of type {hint!r}"]


def _validated(model: type[BaseModel], value: Any, where: str) -> list[str]:
    try:
        model.model_validate(value)
    except ValidationError as exc:
        return [f"{where}: {model.__name__}: {error['loc']} {error['msg']}" for error in exc.errors()]
    return []


def _fields_of(params: Any, *, without: tuple[str, ...] = ()) -> dict[str, Any]:
    return {k: v for k, v in typing_extensions.get_type_hints(params, include_extras=True).items() if k not in without}


def _held(body: Any, fields: dict[str, Any], required: frozenset[str], name: str) -> list[str]:
    if not isinstance(body, dict):
        return [f"$: {type(body).__name__}, not an object ({name})"]
    found = [f"$.{key}: not a field of {name}" for key in body if key not in fields]
    found += [f"$.{key}: required by {name}" for key in required if key not in body]
    for key, value in body.items():
        if key in fields:
            found += conforms(value, fields[key], f"$.{key}")
    return found


EVALS = "/openai/v1/evals"
ROUTES = {
    "create_eval": re.compile(r"POST /openai/v1/evals"),
    "create_run": re.compile(r"POST /openai/v1/evals/(?P<eval>[^/]+)/runs"),
    "run": re.compile(r"GET /openai/v1/evals/(?P<eval>[^/]+)/runs/(?P<run>[^/]+)"),
    "cancel": re.compile(r"POST /openai/v1/evals/(?P<eval>[^/]+)/runs/(?P<run>[^/]+)/cancel"),
    "output_items": re.compile(r"GET /openai/v1/evals/(?P<eval>[^/]+)/runs/(?P<run>[^/]+)/output_items"),
    "deployment": re.compile(r"GET /deployments/(?P<name>[^/]+)"),
    "evaluator": re.compile(r"GET /evaluators/(?P<name>[^/]+)/versions/(?P<version>[^/]+)"),
}


def route(method: str, path: str) -> tuple[str, dict[str, str]] | None:
    """The operation a request (its path below the project) is, and the path's parameters."""
    for name, pattern in ROUTES.items():
        if (found := pattern.fullmatch(f"{method} {path}")) is not None:
            return name, found.groupdict()
    return None


def check_request(operation: str, body: Any, query: dict[str, str]) -> list[str]:
    """What in a request the wheels' request types do not describe."""
    if operation == "create_eval":
        fields = _fields_of(eval_create_params.EvalCreateParams)
        # Foundry's graders are azure-ai-projects' type, which OpenAI's TestingCriterion union cannot name.
        fields["testing_criteria"] = list[TestingCriterionAzureAIEvaluator]
        return _held(body, fields, required(eval_create_params.EvalCreateParams), "EvalCreateParams")
    if operation == "create_run":
        fields = _fields_of(run_create_params.RunCreateParams)
        fields["data_source"] = CreateEvalJSONLRunDataSourceParam  # the one data source the judge sends
        return _held(body, fields, required(run_create_params.RunCreateParams), "RunCreateParams")
    if operation == "output_items":
        fields = _fields_of(output_item_list_params.OutputItemListParams, without=("eval_id",))
        values: dict[str, Any] = {k: int(v) if k == "limit" and v.isdigit() else v for k, v in query.items()}
        values.pop("api-version", None)
        return _held(values, fields, frozenset(), "OutputItemListParams")
    if body not in (None, {}):
        return [f"$: {operation} takes no body"]
    return []


def check_reply(operation: str, body: Any) -> list[str]:
    """What in a 2xx reply the wheels' response types do not accept."""
    if operation == "create_eval":
        criteria = body.get("testing_criteria") if isinstance(body, dict) else None
        rest = {**body, "testing_criteria": []} if isinstance(body, dict) else body
        found = _validated(EvalCreateResponse, rest, "$")
        return found + conforms(criteria, list[TestingCriterionAzureAIEvaluator], "$.testing_criteria")
    if operation in ("create_run", "run", "cancel"):
        models: dict[str, type[BaseModel]] = {
            "create_run": RunCreateResponse,
            "run": RunRetrieveResponse,
            "cancel": RunCancelResponse,
        }
        model = models[operation]
        return _validated(model, body, "$")
    if operation == "output_items":
        page = {"object": Literal["list"], "data": list[Any], "has_more": bool, "first_id": str | None, "last_id": str | None}  # fmt: skip
        found = _held(body, page, frozenset(page), "a page")
        for n, item in enumerate(body.get("data") or [] if isinstance(body, dict) else []):
            found += _validated(OutputItemListResponse, item, f"$.data[{n}]")
        return found
    if operation in ("deployment", "evaluator"):
        return _azure_model(ModelDeployment if operation == "deployment" else EvaluatorVersion, body)
    return [f"no reply type for {operation}"]


def _azure_model(model: type, body: Any) -> list[str]:
    """An azure-ai-projects model read from ``body`` has every attribute its type does not make optional."""
    if not isinstance(body, dict):
        return [f"$: not an object ({model.__name__})"]
    made = model(body)
    found = []
    import sys

    from azure.ai.projects import models

    namespace = {**vars(sys.modules[model.__module__]), "_models": models}
    for name, hint in typing.get_type_hints(model, globalns=namespace).items():
        if name.startswith("_") or type(None) in get_args(hint):
            continue
        if getattr(made, name, None) is None:
            found.append(f"$: {model.__name__}.{name} is required")
    return found

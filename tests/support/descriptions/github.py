"""GitHub's own descriptions as the tests use them: the REST OpenAPI description (its operations, its
examples, and a contract check of requests and responses against it) and the GraphQL schema, made
executable. Both are the vendored, trimmed copies beside this file (``refresh.py`` writes them).

The contract check is stricter than GitHub in one way: a body field or query parameter the description
does not name is a violation (GitHub ignores it; a field it ignores is a request that does not do what
its author meant). Limits the description states only in prose are checked as well (``PROSE_LIMITS``).
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from graphql import GraphQLScalarType, GraphQLSchema, build_schema
from jsonschema import Draft4Validator, FormatChecker

HERE = Path(__file__).parent
OPENAPI = HERE / "openapi" / "api.github.com.json"
GRAPHQL = HERE / "graphql" / "schema.graphql"
API_VERSION = "2022-11-28"  # the REST API version the vendored description documents
# Limits the description states in a parameter's prose, not its schema: (parameter name, maximum).
PROSE_LIMITS = {"per_page": 100}  # "The number of results per page (max 100)."


@cache
def description() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(OPENAPI.read_text(encoding="utf-8"))
    return loaded


def example(name: str) -> Any:
    """A fresh copy of one of the description's examples (``components/examples``): what GitHub answers."""
    return copy.deepcopy(description()["components"]["examples"][name]["value"])


@cache
def schema() -> GraphQLSchema:
    """The trimmed GraphQL schema, with ``BigInt`` serialised as GitHub does it: a string."""
    built = build_schema(GRAPHQL.read_text(encoding="utf-8"))
    big = built.type_map["BigInt"]
    assert isinstance(big, GraphQLScalarType)
    big.coerce_output_value = str
    return built


@dataclass(frozen=True)
class Operation:
    method: str
    template: str
    spec: dict[str, Any]
    pattern: re.Pattern[str]
    literal: int  # characters outside the parameters: the most specific template wins

    @property
    def name(self) -> str:
        return f"{self.method.upper()} {self.template}"


def _resolve(node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        _, _, kind, name = node["$ref"].split("/", 3)
        node = description()["components"][kind][name]
    return node


def _parameters(method: str, template: str) -> list[dict[str, Any]]:
    item = description()["paths"][template]
    return [_resolve(p) for p in [*item.get("parameters", []), *item[method].get("parameters", [])]]


@cache
def operations() -> list[Operation]:
    found = []
    for template, item in description()["paths"].items():
        for method, spec in item.items():
            if method == "parameters":
                continue
            multi = {p["name"] for p in _parameters(method, template) if p.get("x-multi-segment")}
            regex = re.escape(template)
            for name in re.findall(r"\{(\w+)\}", template):
                regex = regex.replace(rf"\{{{name}\}}", f"(?P<{name}>{'.+' if name in multi else '[^/]+'})")
            literal = len(re.sub(r"\{\w+\}", "", template))
            found.append(Operation(method.upper(), template, spec, re.compile(regex), literal))
    return sorted(found, key=lambda o: -o.literal)


def operation(method: str, path: str) -> tuple[Operation, dict[str, str]] | None:
    for op in operations():
        if op.method == method.upper() and (m := op.pattern.fullmatch(path)):
            return op, m.groupdict()
    return None


def json_schema(node: Any, *, strict: bool, seen: tuple[str, ...] = ()) -> Any:
    """An OpenAPI 3.0 schema as JSON Schema (draft 4): references inlined, ``nullable`` as a type, and,
    when ``strict``, objects closed to properties the description does not name."""
    if isinstance(node, list):
        return [json_schema(n, strict=strict, seen=seen) for n in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        ref = node["$ref"]
        if ref in seen:  # a recursive schema: accept anything below the second visit
            return {}
        return json_schema(_resolve(node), strict=strict, seen=(*seen, ref))
    out = {
        k: json_schema(v, strict=strict, seen=seen)
        for k, v in node.items()
        if k not in ("nullable", "discriminator", "example")
    }
    if node.get("nullable"):
        out = {"anyOf": [out, {"type": "null"}]}
    elif strict and node.get("type") == "object" and "properties" in node and "additionalProperties" not in node:
        out["additionalProperties"] = False
    return out


def _errors(schema_: Any, value: Any, where: str) -> list[str]:
    validator = Draft4Validator(schema_, format_checker=FormatChecker())
    found = []
    for error in sorted(validator.iter_errors(value), key=lambda e: list(map(str, e.absolute_path))):
        said = (
            error.message
            if len(error.message) <= 300
            else f"{error.message[:100]}… ({error.validator}: {error.validator_value})"
        )
        found.append(f"{where}{''.join(f'[{p!r}]' for p in error.absolute_path)}: {said}")
    return found


def _typed(raw: str, schema_: dict[str, Any]) -> Any:
    """A path or query value (always text on the wire) as the type its schema names, when it reads as one."""
    kind = schema_.get("type")
    try:
        if kind == "integer":
            return int(raw)
        if kind == "number":
            return float(raw)
    except ValueError:
        return raw
    if kind == "boolean" and raw in ("true", "false"):
        return raw == "true"
    return raw


def check_request(method: str, path: str, query: dict[str, list[str]], body: Any) -> list[str]:
    """Where a REST request leaves the vendored description: its operation, path and query parameters
    (names, types, enums, prose limits) and its JSON body (fields, types, enums, lengths, item counts)."""
    found = operation(method, path)
    if found is None:
        return [f"{method} {path}: no such operation in the description"]
    op, path_values = found
    name, problems = op.name, []
    declared = {(p["in"], p["name"]): p for p in _parameters(op.method.lower(), op.template)}
    for key, raw in path_values.items():
        param = declared[("path", key)]
        problems += _errors(
            json_schema(param["schema"], strict=True), _typed(raw, param["schema"]), f"{name}: path {key}"
        )
    for key, values in query.items():
        known = declared.get(("query", key))
        if known is None:
            problems.append(f"{name}: query parameter {key!r} is not in the description")
            continue
        for raw in values:
            value = _typed(raw, known["schema"])
            problems += _errors(json_schema(known["schema"], strict=True), value, f"{name}: query {key}")
            if key in PROSE_LIMITS and isinstance(value, int) and value > PROSE_LIMITS[key]:
                problems.append(f"{name}: query {key}: {value} is over the documented maximum {PROSE_LIMITS[key]}")
    for (where, key), param in declared.items():
        if where == "query" and param.get("required") and key not in query:
            problems.append(f"{name}: required query parameter {key!r} missing")
    request_body: dict[str, Any] | None = _resolve(op.spec.get("requestBody"))
    if request_body is None:
        if body is not None:
            problems.append(f"{name}: takes no body, got one")
    elif body is None:
        if request_body.get("required"):
            problems.append(f"{name}: the body is required")
    else:
        body_schema = request_body["content"]["application/json"]["schema"]
        problems += _errors(json_schema(body_schema, strict=True), body, f"{name}: body")
    return problems


# The media types every operation takes (GitHub's default and the v3 one), and what a client sends for "anything".
GENERAL_TYPES = frozenset({"application/vnd.github+json", "application/vnd.github.v3+json", "application/json", "*/*"})
_CUSTOM = re.compile(r"\*\*`(application/vnd\.github[^`]*)`\*\*")


def accepted(header: str | None) -> list[str]:
    """The media types an Accept header names, without their parameters (q=...)."""
    return [part.split(";", 1)[0].strip().lower() for part in (header or "").split(",") if part.strip()]


def media_types(method: str, path: str) -> list[str]:
    """The custom media types an operation's description says it supports (its "**`application/vnd.github...`**"
    list); none for an operation that names none."""
    found = operation(method, path)
    return _CUSTOM.findall(found[0].spec.get("description", "")) if found is not None else []


def check_accept(method: str, path: str, header: str | None) -> list[str]:
    """Where a request's Accept header leaves the operation's description: a GitHub media type that the
    operation's list of custom media types does not hold (checked where the description has such a list)."""
    custom = media_types(method, path)
    if not custom:
        return []
    wrong = [
        t for t in accepted(header) if t.startswith("application/vnd.github") and t not in {*custom, *GENERAL_TYPES}
    ]
    return [f"{method} {path}: Accept {t!r} is not a media type this operation supports ({', '.join(custom)})" for t in wrong]  # fmt: skip


def check_response(method: str, path: str, status: int, body: Any, accept: str | None = None) -> list[str]:
    """Where a JSON answer leaves what the description documents for that operation and status (for the custom
    media type asked for, when the description documents the answer in it)."""
    found = operation(method, path)
    if found is None:
        return []  # the request's own violation says it
    op = found[0]
    documented = op.spec["responses"].get(str(status))
    if documented is None:
        if status >= 500 or status in (401, 403, 404, 422, 429):
            return []  # GitHub's general answers: server errors, credentials, permission, rate limits
        return [f"{op.name}: status {status} is not documented"]
    content = _resolve(documented).get("content") or {}
    asked = [content[t.removesuffix("+json")] for t in accepted(accept) if t.removesuffix("+json") in content]
    media = asked[0] if asked else content.get("application/json")
    if media is None or "schema" not in media:
        return []
    return _errors(json_schema(media["schema"], strict=False), body, f"{op.name} answered {status}")

"""What azure-ai-evaluation and the openai client redo on every call, done once: the compiled prompt
template, one OpenAI/Azure client (so one connection pool) per judge, and the request body's transform.

On each call the SDK's prompt flow (``AsyncPrompty.__call__``) compiles the rubric's Jinja template
again (``render_jinja_template`` → ``from_string``: a few ms), builds a new OpenAI client and copies it
with the call's timeout (``_send_with_retries`` → ``with_options``), so every call opens a new
connection and works out its platform headers again on a worker thread. The prompts, the request and
the parsing stay the SDK's own: only the compiled template is kept (the same template from the same
environment renders the same text), and the client the SDK built for a judge's first call serves the
later ones (the same configuration builds the same client). Both rely on internals of the pinned SDK;
``tests/integration/test_sdk_path.py`` pins them, so an upgrade that changes them fails the suite.

Measured with a profiler (``bench.speed``: 1,000 calls at 64 in flight), two more things cost a call about a
third of its CPU: the SDK constructs a client on every call only for groundgate to send through the judge's
first one (``build_clients_once``: while a judge's call is made, the same arguments give back that client),
and the openai client walks the request body through its type annotations on every request
(``transform_once_per_shape``: what that walk does depends on the body's keys and value types, not on its
strings, so for a body whose walk changed nothing it is not walked again for the same shape).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from groundgate.judges.once import once
from groundgate.judges.quota import Quota
from groundgate.judges.send import send

KEPT_SHAPES = 256  # request bodies of distinct shapes whose transform is known to change nothing
KEPT_TEMPLATES = 32  # the rubric prompts are a handful; anything past this is compiled as the SDK does
# The answer tokens each rubric request reserves, where the SDK asks 800: Azure charges every request its prompt
# plus max_tokens at arrival, and a judge's answer (a reason of a few sentences and a score) takes 100-250. An
# answer that reaches this limit is asked again with the SDK's own 800 (``judges.send``), so every judgement is
# the one the SDK's request gets: at temperature 0 the model writes the same tokens whatever the limit, only
# where it stops differs. docs/performance.md has the measurements.
RESERVE = 400


@once
def compile_templates_once() -> bool:
    """Keep each template the SDK's sandboxed environment compiles; True if that environment was found."""
    try:
        from azure.ai.evaluation._legacy.prompty import _utils
    except ImportError:  # pragma: no cover - another SDK layout: the pinning test fails first
        return False
    environment = _utils._SANDBOXED_ENV
    compile_one: Callable[..., Any] = environment.from_string
    compiled: dict[str, Any] = {}

    def from_string(source: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs or not isinstance(source, str):
            return compile_one(source, *args, **kwargs)
        template = compiled.get(source)
        if template is None:
            template = compile_one(source)
            if len(compiled) < KEPT_TEMPLATES:
                compiled[source] = template
        return template

    environment.from_string = from_string  # type: ignore[method-assign]
    return True


@once
def transform_once_per_shape() -> bool:
    """Skip the openai client's transform of a chat request's body where, for a body of the same shape
    (keys and value types, strings aside), it was seen to return the body unchanged, its omitted parameters
    dropped; True if the transform was found."""
    try:
        from openai import NotGiven, Omit
        from openai.resources.chat.completions import completions
    except ImportError:  # pragma: no cover - another openai layout: the pinning test fails first
        return False
    real: Callable[..., Any] | None = getattr(completions, "async_maybe_transform", None)
    if real is None:  # pragma: no cover - as above
        return False
    transform: Callable[..., Any] = real
    unchanged: dict[tuple[object, object], bool] = {}

    async def async_maybe_transform(data: object, expected_type: object) -> Any:
        if not isinstance(data, dict):
            return await transform(data, expected_type)
        body = {key: value for key, value in data.items() if not isinstance(value, (NotGiven, Omit))}
        form = shape(body)
        key = (form, expected_type)
        if form is not None and unchanged.get(key):
            return body
        result = await transform(data, expected_type)
        if form is not None and key not in unchanged and len(unchanged) < KEPT_SHAPES:
            unchanged[key] = same_json(result, body)
        return result

    completions.async_maybe_transform = async_maybe_transform  # type: ignore[attr-defined]
    return True


def shape(value: object) -> object | None:
    """A JSON value's keys and value types (exact: the prompt file's YAML gives int and float subclasses),
    its strings and numbers left out; None for anything else (what the transform may convert: dates, files,
    models, omitted values nested inside)."""
    if value is None or isinstance(value, (str, int, float)):
        return type(value)
    if type(value) is dict:
        parts = []
        for key, item in value.items():
            inner = shape(item)
            if type(key) is not str or inner is None:
                return None
            parts.append((key, inner))
        return ("dict", tuple(sorted(parts)))
    if type(value) is list:
        items = [shape(item) for item in value]
        return None if None in items else ("list", tuple(items))
    return None


def same_json(one: object, other: object) -> bool:
    """Whether two values are the same JSON, types included (1, 1.0 and true differ)."""
    try:
        return json.dumps(one, sort_keys=True) == json.dumps(other, sort_keys=True)
    except (TypeError, ValueError):
        return False


_building: ContextVar[SharedClient | None] = ContextVar("groundgate_building", default=None)


@once
def build_clients_once() -> bool:
    """While a judge's call is made (``SharedClient.building``), the SDK's prompt flow gets back the client
    it built for that judge's first call when it asks for one with the same arguments; True if found."""
    try:
        from azure.ai.evaluation._legacy.prompty import _prompty
    except ImportError:  # pragma: no cover - another SDK layout: the pinning test fails first
        return False
    for name in ("AsyncAzureOpenAI", "AsyncOpenAI"):
        setattr(_prompty, name, _reusing(getattr(_prompty, name)))
    return True


def _reusing(cls: Any) -> Callable[..., Any]:
    def build(*args: Any, **kwargs: Any) -> Any:
        shared = _building.get()
        if shared is None or args:
            return cls(*args, **kwargs)
        return shared.built(cls, kwargs)

    build.__wrapped__ = cls  # type: ignore[attr-defined]
    return build


class SharedClient:
    """One client for every call of one judge (its groundedness and fluency evaluators alike), kept
    from the first call, with one copy per timeout; closed with the judge. Its requests leave under the
    judge's quota (``judges.send``)."""

    def __init__(self, quota: Callable[[], Quota]) -> None:
        self._client: Any = None
        self._quota = quota
        self._built_with: tuple[Any, dict[str, Any]] | None = None  # the class and arguments of the first client

    @contextmanager
    def building(self) -> Iterator[None]:
        """A context in which the SDK's prompt flow asks this judge for its client (``build_clients_once``)."""
        token = _building.set(self)
        try:
            yield
        finally:
            _building.reset(token)

    def built(self, cls: Any, arguments: dict[str, Any]) -> Any:
        """The judge's client, when asked for with the arguments it was built with; else a new one (as the
        SDK's own would be: ``_shared`` then decides which one sends)."""
        if self._client is not None and self._built_with == (cls, arguments):
            return self._client
        if self._client is None:
            self._built_with = (cls, arguments)
        return cls(**arguments)

    def adopt(self, evaluator: Any) -> None:
        """Make the evaluator's prompt flow send every request through this judge's client, on
        connections kept open, paced to the judge's quota: the SDK asks for ``Connection: close`` because
        each of its calls runs on an event loop of its own, which closes under any connection left open;
        one loop for the whole process lets a connection serve call after call. Its retry loop
        (``_send_with_retries``) gives way to ``judges.send``, which keeps its rule for every failure but
        the rate limits' 429."""
        from azure.ai.evaluation._legacy.prompty._exceptions import WrappedOpenAIError

        flow = evaluator._flow
        parameters = flow._model.parameters
        parameters.get("extra_headers", {}).pop("Connection", None)
        asked = parameters.get("max_tokens")  # a reasoning model's max_completion_tokens is left as it is
        fuller = asked if isinstance(asked, int) and asked > RESERVE else None
        if fuller is not None:
            parameters["max_tokens"] = RESERVE

        async def through_shared(api_client: Any, params: Any, timeout: Any, **options: Any) -> Any:
            return await send(
                self._shared(api_client), params, self._quota(), timeout, WrappedOpenAIError, fuller=fuller
            )

        flow._send_with_retries = through_shared

    def _shared(self, built: Any) -> Any:
        """The judge's client: the first one the SDK built (the loop is one thread: no lock needed)."""
        if self._client is None:
            self._client = built
            copy_with: Callable[..., Any] = built.with_options
            copies: dict[str, Any] = {}

            def with_options(**options: Any) -> Any:
                key = repr(sorted(options.items()))
                if key not in copies:
                    copies[key] = copy_with(**options)  # shares the client's connection pool
                return copies[key]

            built.with_options = with_options
        return self._client

    async def aclose(self) -> None:
        client, self._client, self._built_with = self._client, None, None
        if client is not None:
            await client.close()

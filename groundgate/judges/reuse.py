"""What azure-ai-evaluation rebuilds on every call, built once: the compiled prompt template, and one
OpenAI/Azure client (so one connection pool) per judge.

On each call the SDK's prompt flow (``AsyncPrompty.__call__``) compiles the rubric's Jinja template
again (``render_jinja_template`` → ``from_string``: a few ms), builds a new OpenAI client and copies it
with the call's timeout (``_send_with_retries`` → ``with_options``), so every call opens a new
connection and works out its platform headers again on a worker thread. The prompts, the request and
the parsing stay the SDK's own: only the compiled template is kept (the same template from the same
environment renders the same text), and the client the SDK built for a judge's first call serves the
later ones (the same configuration builds the same client). Both rely on internals of the pinned SDK;
``tests/integration/test_sdk_path.py`` pins them, so an upgrade that changes them fails the suite.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from groundgate.judges.once import once
from groundgate.judges.quota import Quota
from groundgate.judges.send import send

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


class SharedClient:
    """One client for every call of one judge (its groundedness and fluency evaluators alike), kept
    from the first call, with one copy per timeout; closed with the judge. Its requests leave under the
    judge's quota (``judges.send``)."""

    def __init__(self, quota: Callable[[], Quota]) -> None:
        self._client: Any = None
        self._quota = quota

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
        client, self._client = self._client, None
        if client is not None:
            await client.close()

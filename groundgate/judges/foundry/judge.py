"""The foundry judge: rows judged by a Foundry project's catalog evaluators, in evaluation runs, as the
service works. ``judge(evaluator, rows, link)`` takes a batch (the engine hands ``provider.FoundryProvider``
up to ``rows_per_run`` requests a call, max-concurrency calls in flight) and gives one judgement per row.

Before its first run the judge checks what would make every run fail alike, with the project's own APIs: the
model deployment the evaluators run on, and each evaluator's pinned version in the catalog ('latest' is
resolved there once, and pinned from then on). One eval is created per evaluator and every run of it names
that version (``evaluator_version``), so a new catalog version cannot change a verdict between two runs of one
gate. A batch is one run; a run the service refuses for its size is split in two. Every request to the
project waits for the judge's pace (``judges.quota``): a 429 pauses them all for as long as the service asks
and the refused request goes first again, counted in the results' ``calls.throttled``; a request the server
failed is sent twice more (``calls.resent``); each run started is counted (``calls.runs``). A run is read
until it ends, then its output items a page at a time (a row with two results, a regrade, is not judged:
which one is the row's is not the judge's to pick). The engine's call timeout and the run's deadline cancel a
batch: its run is then cancelled on the service too, which would go on spending the deployment's quota.
The evals and their runs stay in the project, where the team reads them in the Foundry portal.

Every request runs in a thread of the engine's loop (``asyncio.to_thread``: the clients are azure-ai-projects'
and openai's synchronous ones, each request bounded by ``service.TIMEOUT``); waits are the loop's.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from groundgate.cases import Rubric
from groundgate.errors import one_line
from groundgate.evaluators import EVALUATORS, LATEST, VERSION_HINT, Versions
from groundgate.judges import Failure, JudgeError, Judgement, Link
from groundgate.judges.foundry import grading
from groundgate.judges.foundry.service import Service, ServiceError

ENDED = frozenset({"completed", "failed", "canceled", "cancelled"})
RESENDS = 2  # times a request the server failed (5xx, no connection) is sent again
MAX_REFUSALS = 60  # 429s one request takes before its rows are given up, should the call timeout not end it first
DOWN = frozenset({"throttled", "unreachable", "server", "not-found"})  # a run refused for these: the service's trouble


@dataclass(frozen=True)
class Names:
    """The settings as the user spells them, for messages with their fix."""

    project: str = "--azure-ai-project"
    deployment: str = "--judge-deployment"
    version: str = "--evaluator-version"


@dataclass(frozen=True)
class FoundryConfig:
    endpoint: str  # the project: https://<account>.services.ai.azure.com/api/projects/<project>
    deployment: str  # the model deployment the evaluators run on (their initialization parameters)
    rubric: Rubric
    versions: Versions
    rows_per_run: int = 50  # rows a run judges at most (the engine's batch)
    poll: tuple[float, float] = (1.0, 10.0)  # the first wait between looks at a run, and the longest
    backoff: float = 1.0  # the first wait before a request the server failed (5xx, no connection) is sent again
    names: Names = field(default_factory=Names)


@dataclass(frozen=True)
class Row:
    query: str | None
    context: str
    response: str


@dataclass(frozen=True)
class _Ready:
    """What the judge learned before its first run of an evaluator: the version and the eval to run it in."""

    version: str
    eval_id: str


class Refused(Exception):
    """A judgement for every row of a batch, when something before its runs failed (``answer``)."""

    def __init__(self, answer: JudgeError) -> None:
        super().__init__(answer.message)
        self.answer = answer


class FoundryJudge:
    """Judges batches of rows on the engine's loop; its batches share one eval per evaluator."""

    def __init__(
        self,
        config: FoundryConfig,
        connect: Callable[[], Service],
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.config = config
        self._connect = connect
        self._sleep = sleep
        self._service: Service | None = None
        self._lock: asyncio.Lock | None = None  # the set-up: one check of the project and one eval per evaluator
        self._deployed: str | None = None
        self._versions: dict[str, str] = {}  # each evaluator's version, as the catalog confirmed it
        self._ready: dict[str, _Ready] = {}
        self._cleanup: set[asyncio.Task[None]] = set()  # cancels of runs whose batch was cancelled

    def identity(self) -> dict[str, object]:
        """What can change a score besides the row: the project, the deployment, the rubric and each evaluator's
        version as pinned ('latest' too: the version it resolves to is in every row's model, which the cache's
        entries are checked against)."""
        config = self.config
        return {
            "kind": "foundry",
            "project": config.endpoint,
            "deployment": config.deployment,
            "rubric": config.rubric,
            "evaluators": {name: config.versions.of(name) for name in EVALUATORS},
        }

    def connect(self) -> None:
        """The project's clients (azure-ai-projects and openai imported, nothing sent): not any call's time."""
        if self._service is None:
            self._service = self._connect()

    async def close(self) -> None:
        """Wait for the cancels of given-up runs, then release the clients."""
        if self._cleanup:
            await asyncio.wait(set(self._cleanup))
        service, self._service = self._service, None
        self._ready.clear()
        if service is not None:
            await asyncio.to_thread(service.close)

    # --- a batch ---------------------------------------------------------------------------------

    async def judge(self, evaluator: str, rows: Sequence[Row], link: Link) -> list[Judgement]:
        """One judgement per row, in order: a score, or why the row is not judged."""
        if not rows:
            return []
        try:
            ready = await self._prepare(evaluator, link)
        except Refused as refused:
            return [refused.answer] * len(rows)
        model = grading.model_of(evaluator, ready.version, self._deployed)
        answers: list[Judgement] = []
        size = max(1, self.config.rows_per_run)
        for start in range(0, len(rows), size):
            answers += await self._run(evaluator, ready, rows[start : start + size], model, link)
        return answers

    # --- before the first run --------------------------------------------------------------------

    async def _prepare(self, evaluator: str, link: Link) -> _Ready:
        if (ready := self._ready.get(evaluator)) is not None:
            return ready
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            if (ready := self._ready.get(evaluator)) is not None:
                return ready
            self.connect()
            service = self._service
            assert service is not None
            config, names = self.config, self.config.names
            if not self._versions:  # the first call checks all that every call needs: one line, and the run stops
                deployment = await self._asked(lambda: service.deployment(config.deployment), link, "deployment")
                deployed = grading.deployed_model(deployment)
                versions = {name: await self._version(service, name, link) for name in EVALUATORS}
                self._deployed, self._versions = deployed, versions
            version = self._versions[evaluator]
            criterion = grading.criterion(evaluator, version, config.deployment, config.rubric)
            created = await self._asked(
                lambda: service.create_eval(
                    f"groundgate {grading.short(evaluator)} ({config.rubric})",
                    grading.item_schema(evaluator, config.rubric),
                    [criterion],
                ),
                link,
                "eval",
            )
            eval_id = created.get("id")
            if not isinstance(eval_id, str) or not eval_id:
                raise Refused(JudgeError("the project created an evaluation without an id", kind=Failure.UNAVAILABLE))
            echoed = [c for c in created.get("testing_criteria") or [] if isinstance(c, dict)]
            ran = echoed[0].get("evaluator_version") if len(echoed) == 1 else None
            if ran is not None and ran != version:
                raise Refused(
                    JudgeError(
                        f"the project set up {evaluator} version {ran!r} where {version!r} was asked for "
                        f"({names.version}): not run",
                        kind=Failure.CONFIGURATION,
                    )
                )
            ready = self._ready[evaluator] = _Ready(version, eval_id)
            return ready

    async def _version(self, service: Service, evaluator: str, link: Link) -> str:
        """``evaluator``'s version as the catalog has it: the one pinned, or the newest for 'latest'."""
        pinned = self.config.versions.of(evaluator)
        found = await self._asked(lambda: service.evaluator(evaluator, pinned), link, "version", evaluator, pinned)
        version = found.get("version")
        if not isinstance(version, str) or not version:
            raise Refused(
                JudgeError(f"the evaluator catalog gave no version for {evaluator} {pinned}", kind=Failure.UNAVAILABLE)
            )
        if pinned != LATEST and version != pinned:
            raise Refused(
                JudgeError(
                    f"the evaluator catalog answered version {version!r} of {evaluator} for {pinned!r} "
                    f"({self.config.names.version}): not the version pinned",
                    kind=Failure.CONFIGURATION,
                )
            )
        return version

    async def _asked(
        self, call: Callable[[], dict[str, Any]], link: Link, what: str, evaluator: str = "", pinned: str = ""
    ) -> dict[str, Any]:
        """A set-up request, sent again as the service asks; its failure as the judgement of every row."""
        config, names = self.config, self.config.names
        try:
            return await self._request(call, link)
        except ServiceError as exc:
            if exc.kind == "unreachable":
                message = f"the Foundry project could not be reached: {exc.message}"
                raise Refused(JudgeError(message, kind=Failure.UNAVAILABLE)) from None
            if exc.kind == "sign-in":
                message = (
                    f"cannot sign in to the Foundry project {config.endpoint} ({names.project}): {exc.message}; "
                    "the identity needs the Azure AI User role on the project"
                )
            elif exc.kind == "not-found" and what == "deployment":
                message = (
                    f"the Foundry project {config.endpoint} has no model deployment {config.deployment!r} "
                    f"({names.deployment}): name one of the project's deployments"
                )
            elif exc.kind == "not-found" and what == "version":
                each = "" if pinned == LATEST else f"; each evaluator has versions of its own: {VERSION_HINT}"
                message = (
                    f"the project's evaluator catalog has no {evaluator} version {pinned!r} ({names.version}): pin a "
                    f"version the catalog lists (the Foundry portal's evaluator catalog shows them){each}"
                )
            elif exc.kind in ("refused", "not-found") and what == "eval":
                message = f"the Foundry project refused the evaluation: {exc.message}"
            else:
                raise Refused(JudgeError(exc.message, kind=Failure.UNAVAILABLE)) from None
            raise Refused(JudgeError(message, kind=Failure.CONFIGURATION)) from None

    # --- requests and runs -----------------------------------------------------------------------

    async def _request(self, call: Callable[[], dict[str, Any]], link: Link) -> dict[str, Any]:
        """``call()`` in a thread once the judge's pace lets it start: a 429 pauses the pace as the service asks
        and the request goes first again (up to ``MAX_REFUSALS``); a server error or a lost connection is sent
        ``RESENDS`` times more."""
        quota, me = link.quota, object()  # this request, to the pace: refused again and again alone, it tells no rate
        refusals = failures = 0
        retry = False
        while True:
            await quota.acquire(0, retry=retry)
            try:
                return await asyncio.to_thread(call)
            except ServiceError as exc:
                if exc.kind == "throttled":
                    link.throttled += 1
                    refusals += 1
                    quota.refused(exc.headers, 0, request=me)
                    if refusals < MAX_REFUSALS:
                        retry = True
                        continue
                    raise ServiceError("throttled", f"{exc.message} (refused {refusals} times)", exc.status) from None
                if exc.kind in ("server", "unreachable") and failures < RESENDS:
                    link.resent += 1
                    await self._sleep(exc.retry_after or self.config.backoff * 2**failures)
                    failures += 1
                    retry = True
                    continue
                raise

    async def _run(self, evaluator: str, ready: _Ready, rows: Sequence[Row], model: str, link: Link) -> list[Judgement]:
        """The rows in one run, or in two halves when the service refuses a run of them for its size."""
        rubric = self.config.rubric
        items = [grading.item(evaluator, rubric, row.query, row.context, row.response) for row in rows]
        service = self._service
        assert service is not None  # _prepare connected
        name = f"groundgate {grading.short(evaluator)}"
        try:
            started = await self._request(lambda: service.create_run(ready.eval_id, name, items), link)
        except ServiceError as refused:
            if refused.kind == "too-large" and len(rows) > 1:
                half = len(rows) // 2
                first = await self._run(evaluator, ready, rows[:half], model, link)
                return first + await self._run(evaluator, ready, rows[half:], model, link)
            if refused.kind == "too-large":
                message = f"the row is more than the service takes in a run: {refused.message}"
                return [JudgeError(message, model)]
            kind = Failure.UNAVAILABLE if refused.kind in DOWN else Failure.ROW
            kind = Failure.CONFIGURATION if refused.kind == "sign-in" else kind
            return [JudgeError(refused.message, model, kind)] * len(rows)
        link.runs += 1
        return await self._finished(ready.eval_id, started, items, evaluator, model, link)

    async def _finished(
        self, eval_id: str, run: dict[str, Any], items: list[dict[str, str]], evaluator: str, model: str, link: Link
    ) -> list[Judgement]:
        """Every row of a started run: read until it ends, then its output items matched to the rows sent. A
        batch cancelled meanwhile (the call timeout, the deadline, an interrupt) cancels the run on the service."""
        run_id = run.get("id")
        if not isinstance(run_id, str) or not run_id:
            gone = JudgeError("the project started an evaluation run without an id", model, Failure.UNAVAILABLE)
            return [gone] * len(items)
        try:
            return await self._read(eval_id, run_id, run, items, evaluator, model, link)
        except asyncio.CancelledError:
            self._give_up(eval_id, run_id)
            raise

    async def _read(
        self,
        eval_id: str,
        run_id: str,
        run: dict[str, Any],
        items: list[dict[str, str]],
        evaluator: str,
        model: str,
        link: Link,
    ) -> list[Judgement]:
        service = self._service
        assert service is not None
        try:
            run = await self._awaited(service, eval_id, run_id, run, link)
        except ServiceError as exc:
            self._give_up(eval_id, run_id)
            return [JudgeError(exc.message, model, Failure.UNAVAILABLE)] * len(items)
        status = run.get("status")
        failed = None
        if status != "completed":
            error = run.get("error")
            said = one_line(f"{error.get('code') or ''}: {error.get('message') or ''}".strip(": ")) if isinstance(error, dict) else ""  # fmt: skip
            failed = JudgeError(f"evaluation run {run_id} {status}" + (f": {said}" if said else ""), model, Failure.UNAVAILABLE)  # fmt: skip
        found: dict[int, list[dict[str, Any]]] = {}
        try:
            async for output in self._items(service, eval_id, run_id, link):
                index = output.get("datasource_item_id")
                if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(items):
                    outputs = found.setdefault(index, [])
                    if output not in outputs:  # the same item listed twice is one result
                        outputs.append(output)
        except ServiceError as exc:
            return [JudgeError(exc.message, model, Failure.UNAVAILABLE)] * len(items)
        answers: list[Judgement] = []
        for index, sent in enumerate(items):
            graded = found.get(index, [])
            if len(graded) == 1:
                answers.append(grading.read(graded[0], evaluator, sent, model))
            elif graded:  # a regrade, a retried item: which is the row's is not ours to pick (never the last)
                named = ", ".join(str(output.get("id")) for output in graded)
                said = f"evaluation run {run_id} gave {len(graded)} results for this row ({named}): {'neither' if len(graded) == 2 else 'none'} is used"
                answers.append(JudgeError(said, model))
            else:
                answers.append(failed or JudgeError(f"evaluation run {run_id} gave no result for this row", model))
        return answers

    async def _awaited(
        self, service: Service, eval_id: str, run_id: str, run: dict[str, Any], link: Link
    ) -> dict[str, Any]:
        """The run once it has ended, looked at less and less often (the call timeout ends the wait)."""
        first, longest = self.config.poll
        wait = first
        while run.get("status") not in ENDED:
            await self._sleep(wait)
            wait = min(longest, wait * 1.5)
            run = await self._request(lambda: service.run(eval_id, run_id), link)
        return run

    async def _items(self, service: Service, eval_id: str, run_id: str, link: Link) -> AsyncIterator[dict[str, Any]]:
        """The run's output items, a page at a time."""
        after: str | None = None
        while True:
            page = await self._request(partial(service.output_page, eval_id, run_id, after), link)
            data = page.get("data")
            items = [item for item in data if isinstance(item, dict)] if isinstance(data, list) else []
            for item in items:
                yield item
            last = items[-1].get("id") if items else None
            if not page.get("has_more") or not isinstance(last, str) or last == after:
                return
            after = last

    def _give_up(self, eval_id: str, run_id: str) -> None:
        """Cancel a run whose rows were given up, on the loop beside the batch (``close`` waits for it)."""
        service = self._service
        if service is None:
            return

        async def cancel() -> None:
            with contextlib.suppress(ServiceError):  # the rows are given up either way
                await asyncio.to_thread(service.cancel, eval_id, run_id)

        task = asyncio.get_running_loop().create_task(cancel())
        self._cleanup.add(task)
        task.add_done_callback(self._cleanup.discard)

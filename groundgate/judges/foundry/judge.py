"""The foundry judge: rows judged by a Foundry project's catalog evaluators, in evaluation runs, as the
service works. No runner here: ``judge(evaluator, rows)`` takes a batch and gives one judgement per row, so it
plugs into any engine that hands over batches (today through ``judges.foundry.provider``).

Before its first run the judge checks what would make every run fail alike, with the project's own APIs: the
model deployment the evaluators run on, and each evaluator's pinned version in the catalog ('latest' is
resolved there once, and pinned from then on). One eval is created per evaluator and run, and every run of
it names that version (``evaluator_version``), so a new catalog version cannot change a verdict between two
runs of one gate. Rows go in runs of at most ``rows_per_run``, at most ``runs_at_once`` at a time; a run the
service refuses for its size is split in two; a 429 waits as long as the service asks; a run is read until it
ends (or ``patience`` runs out), then its output items a page at a time.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from groundgate.cases import Rubric
from groundgate.errors import one_line
from groundgate.judges import JudgeError, Judgement
from groundgate.judges.foundry import grading
from groundgate.judges.foundry.grading import EVALUATORS, LATEST, Versions
from groundgate.judges.foundry.service import Service, ServiceError

ENDED = frozenset({"completed", "failed", "canceled", "cancelled"})


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
    rows_per_run: int = 50
    runs_at_once: int = 4
    patience: float = 1800.0  # seconds one run may take before its rows are given up (and the run cancelled)
    poll: tuple[float, float] = (1.0, 10.0)  # the first wait between looks at a run, and the longest
    backoff: float = 1.0  # the first wait before a request the service failed (5xx, no connection) is sent again
    throttle_wait: float = 600.0  # seconds of 429s one request may wait out in all before its rows are given up
    names: Names = field(default_factory=Names)


@dataclass(frozen=True)
class Row:
    query: str | None
    context: str
    response: str


@dataclass
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
    """Judges batches of rows; safe to call from several threads (the runs of each share one eval)."""

    def __init__(
        self,
        config: FoundryConfig,
        connect: Callable[[], Service],
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.config = config
        self._connect = connect
        self._sleep = sleep
        self._service: Service | None = None
        self._lock = threading.Lock()  # the set-up: one deployment check and one eval per evaluator
        self._runs = threading.BoundedSemaphore(max(1, config.runs_at_once))
        self._deployed: str | None = None
        self._checked = False
        self._ready: dict[str, _Ready] = {}
        self._counts = threading.Lock()
        self.throttled = 0  # 429s the service answered (each waited out)
        self.runs = 0  # runs started

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

    def version(self, evaluator: str) -> str | None:
        """The version the judge runs ``evaluator`` at (resolved from 'latest' once it has), None before."""
        ready = self._ready.get(evaluator)
        return ready.version if ready is not None else None

    def close(self) -> None:
        if self._service is not None:
            self._service.close()

    # --- a batch ---------------------------------------------------------------------------------

    def judge(self, evaluator: str, rows: Sequence[Row]) -> list[Judgement]:
        """One judgement per row, in order: a score, or why the row is not judged."""
        if not rows:
            return []
        try:
            ready = self._prepare(evaluator)
        except Refused as refused:
            return [refused.answer] * len(rows)
        model = grading.model_of(evaluator, ready.version, self._deployed)
        answers: list[Judgement] = []
        size = max(1, self.config.rows_per_run)
        for start in range(0, len(rows), size):
            answers += self._run(evaluator, ready, rows[start : start + size], model)
        return answers

    # --- before the first run --------------------------------------------------------------------

    def _prepare(self, evaluator: str) -> _Ready:
        with self._lock:
            if (ready := self._ready.get(evaluator)) is not None:
                return ready
            service = self._service = self._service or self._connect()
            config, names = self.config, self.config.names
            if not self._checked:
                deployment = self._asked(lambda: service.deployment(config.deployment), "deployment")
                self._deployed, self._checked = grading.deployed_model(deployment), True
            pinned = config.versions.of(evaluator)
            found = self._asked(lambda: service.evaluator(evaluator, pinned), "version", evaluator, pinned)
            version = found.get("version")
            if not isinstance(version, str) or not version:
                raise Refused(JudgeError(f"the evaluator catalog gave no version for {evaluator} {pinned}"))
            if pinned != LATEST and version != pinned:
                raise Refused(
                    JudgeError(
                        f"the evaluator catalog answered version {version!r} of {evaluator} for {pinned!r} "
                        f"({names.version}): not the version pinned",
                        configuration=True,
                    )
                )
            criterion = grading.criterion(evaluator, version, config.deployment, config.rubric)
            created = self._asked(
                lambda: service.create_eval(
                    f"groundgate {grading.short(evaluator)} ({config.rubric})",
                    grading.item_schema(evaluator, config.rubric),
                    [criterion],
                ),
                "eval",
            )
            eval_id = created.get("id")
            if not isinstance(eval_id, str) or not eval_id:
                raise Refused(JudgeError("the project created an evaluation without an id", unavailable=True))
            echoed = [c for c in created.get("testing_criteria") or [] if isinstance(c, dict)]
            ran = echoed[0].get("evaluator_version") if len(echoed) == 1 else None
            if ran is not None and ran != version:
                raise Refused(
                    JudgeError(
                        f"the project set up {evaluator} version {ran!r} where {version!r} was asked for: not run",
                        configuration=True,
                    )
                )
            ready = self._ready[evaluator] = _Ready(version, eval_id)
            return ready

    def _asked(
        self, call: Callable[[], dict[str, Any]], what: str, evaluator: str = "", pinned: str = ""
    ) -> dict[str, Any]:
        """A set-up request, sent again as the service asks; its failure as the judgement of every row."""
        config, names = self.config, self.config.names
        try:
            return self._patiently(call)
        except ServiceError as exc:
            if exc.kind == "unreachable":
                raise Refused(
                    JudgeError(f"the Foundry project could not be reached: {exc.message}", unavailable=True)
                ) from None
            if exc.kind == "sign-in":
                raise Refused(
                    JudgeError(
                        f"cannot sign in to the Foundry project {config.endpoint} ({names.project}): {exc.message}; "
                        "the identity needs the Azure AI User role on the project",
                        configuration=True,
                    )
                ) from None
            if exc.kind == "not-found" and what == "deployment":
                message = (
                    f"the Foundry project {config.endpoint} has no model deployment {config.deployment!r} "
                    f"({names.deployment}): name one of the project's deployments"
                )
            elif exc.kind == "not-found" and what == "version":
                each = "" if pinned == LATEST else f"; each evaluator has versions of its own: {grading.VERSION_HINT}"
                message = (
                    f"the project's evaluator catalog has no {evaluator} version {pinned!r} ({names.version}): pin a "
                    f"version the catalog lists (the Foundry portal's evaluator catalog shows them){each}"
                )
            elif exc.kind in ("refused", "not-found") and what == "eval":
                message = f"the Foundry project refused the evaluation: {exc.message}"
            else:
                raise Refused(JudgeError(exc.message, unavailable=True)) from None
            raise Refused(JudgeError(message, configuration=True)) from None

    # --- runs ------------------------------------------------------------------------------------

    def _patiently(self, call: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """``call()``, waited out through 429s as long as the service asks (up to ``throttle_wait`` in all), and
        sent twice more after a server error or a lost connection."""
        waited, failures = 0.0, 0
        while True:
            try:
                return call()
            except ServiceError as exc:
                if exc.kind == "throttled":
                    wait = (
                        exc.retry_after if exc.retry_after is not None else self.config.backoff * 2 ** min(failures, 6)
                    )
                    with self._counts:
                        self.throttled += 1
                    if waited + wait > self.config.throttle_wait:
                        raise ServiceError(
                            "throttled",
                            f"{exc.message} (after {waited:g} s of waiting out the service's 429s)",
                            exc.status,
                        ) from None
                    waited += wait
                    failures += 1
                    self._sleep(wait)
                    continue
                if exc.kind in ("server", "unreachable") and failures < 2:
                    self._sleep(exc.retry_after or self.config.backoff * 2**failures)
                    failures += 1
                    continue
                raise

    def _run(self, evaluator: str, ready: _Ready, rows: Sequence[Row], model: str) -> list[Judgement]:
        """The rows in one run, or in two halves when the service refuses a run of them for its size."""
        rubric = self.config.rubric
        items = [grading.item(evaluator, rubric, row.query, row.context, row.response) for row in rows]
        service = self._service
        assert service is not None  # _prepare connected
        name = f"groundgate {grading.short(evaluator)}"
        with self._runs:
            try:
                started = self._patiently(lambda: service.create_run(ready.eval_id, name, items))
            except ServiceError as exc:
                refused = exc
            else:
                with self._counts:
                    self.runs += 1
                return self._finished(ready.eval_id, started, items, evaluator, model)
        if refused.kind == "too-large" and len(rows) > 1:
            half = len(rows) // 2
            return self._run(evaluator, ready, rows[:half], model) + self._run(evaluator, ready, rows[half:], model)
        if refused.kind == "too-large":
            return [JudgeError(f"the row is more than the service takes in a run: {refused.message}", model)]
        down = refused.kind in ("throttled", "unreachable", "server")
        return [JudgeError(refused.message, model, unavailable=down)] * len(rows)

    def _finished(
        self, eval_id: str, run: dict[str, Any], items: list[dict[str, str]], evaluator: str, model: str
    ) -> list[Judgement]:
        """Every row of a started run: read until it ends, then its output items matched to the rows sent."""
        service = self._service
        assert service is not None
        run_id = run.get("id")
        if not isinstance(run_id, str) or not run_id:
            return [JudgeError("the project started an evaluation run without an id", model, unavailable=True)] * len(items)  # fmt: skip
        try:
            run = self._awaited(service, eval_id, run_id, run)
        except ServiceError as exc:
            return [JudgeError(exc.message, model, unavailable=True)] * len(items)
        status = run.get("status")
        if status not in ENDED:
            self._cancel(service, eval_id, run_id)
            gone = f"evaluation run {run_id} did not end within {self.config.patience:g} s (it was {status})"
            return [JudgeError(gone, model, unavailable=True)] * len(items)
        failed = None
        if status != "completed":
            error = run.get("error")
            said = one_line(f"{error.get('code') or ''}: {error.get('message') or ''}".strip(": ")) if isinstance(error, dict) else ""  # fmt: skip
            failed = JudgeError(f"evaluation run {run_id} {status}" + (f": {said}" if said else ""), model, unavailable=True)  # fmt: skip
        found: dict[int, dict[str, Any]] = {}
        try:
            for output in self._items(service, eval_id, run_id):
                index = output.get("datasource_item_id")
                if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(items):
                    found[index] = output
        except ServiceError as exc:
            return [JudgeError(exc.message, model, unavailable=True)] * len(items)
        answers: list[Judgement] = []
        for index, sent in enumerate(items):
            if (graded := found.get(index)) is not None:
                answers.append(grading.read(graded, evaluator, sent, model))
            else:
                answers.append(failed or JudgeError(f"evaluation run {run_id} gave no result for this row", model))
        return answers

    def _awaited(self, service: Service, eval_id: str, run_id: str, run: dict[str, Any]) -> dict[str, Any]:
        first, longest = self.config.poll
        wait, waited = first, 0.0
        while run.get("status") not in ENDED and waited < self.config.patience:
            self._sleep(wait)
            waited += wait
            wait = min(longest, wait * 1.5)
            run = self._patiently(lambda: service.run(eval_id, run_id))
        return run

    def _items(self, service: Service, eval_id: str, run_id: str) -> Iterator[dict[str, Any]]:
        """The run's output items, a page at a time: each page asked for again as the service asks."""
        after: str | None = None
        while True:
            asked: Callable[[], dict[str, Any]] = partial(service.output_page, eval_id, run_id, after)
            page = self._patiently(asked)
            data = page.get("data")
            items = [item for item in data if isinstance(item, dict)] if isinstance(data, list) else []
            yield from items
            last = items[-1].get("id") if items else None
            if not page.get("has_more") or not isinstance(last, str) or last == after:
                return
            after = last

    def _cancel(self, service: Service, eval_id: str, run_id: str) -> None:
        with contextlib.suppress(ServiceError):  # the rows are given up either way
            service.cancel(eval_id, run_id)

"""The runner: how any provider's calls are made, and which calls are not made at all.

One ``Runner`` wraps one ``Provider`` and owns everything around the call: identical inputs are
judged once per run, a persistent cache answers what an earlier run judged with the same judge
model (checked by one real call, the model probe), re-scores and noise-sample calls are always fresh, calls run on the
process's judge loop (``judges.engine``) under a per-call timeout, a run deadline, a
request-rate cap and a budget (``judges.engine``), and every call is counted. It is the ``Judge`` compare
talks to.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from groundgate.cache import CachedScore, ScoreCache
from groundgate.errors import JudgeUnusable
from groundgate.judges import (
    Calls,
    Estimator,
    Failure,
    JudgeError,
    JudgeInfo,
    Judgement,
    JudgeRequest,
    Progress,
    Provider,
    Purpose,
    Score,
)
from groundgate.judges.claims import prompt_version as claims_prompt
from groundgate.judges.engine import Engine, Pulse
from groundgate.judges.limits import UNFIT_FIX, Budget, CircuitBreaker, Deadline, unfit
from groundgate.judges.quota import Limits, Pace
from groundgate.redact import Redactor
from groundgate.store import Store

FRESH = frozenset({Purpose.RESCORE, Purpose.NOISE})  # always a new call: never cached, never deduplicated
PROBE = 5  # the run's first calls, made before any other: is this judge fit for the job at all?
PROBE_DECIDES = 3  # answers the probe needs to stop a run (a smaller first batch is left to the breaker)


def _unicode(text: str) -> str:
    """``text`` with unpaired surrogates (from a JSON escape like \\ud800) replaced by U+FFFD."""
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


class Memo:
    """The answers this run has already had, by request key (scores and failures alike, as one batch
    shares them): on disk (``groundgate.store``), so that a million judged answers are not a million
    objects in memory. Created on its first answer."""

    SCHEMA = (
        "CREATE TABLE memo(key TEXT PRIMARY KEY, score REAL, text TEXT, model TEXT, tokens INTEGER, kind TEXT) "
        "WITHOUT ROWID;"
    )

    def __init__(self) -> None:
        self._store: Store | None = None

    def known(self, keys: Iterable[str]) -> dict[str, Judgement]:
        """The answers to those of ``keys`` this run has had, asked for a few hundred at a time."""
        if self._store is None:
            return {}
        found: dict[str, Judgement] = {}
        asked = list(dict.fromkeys(keys))
        for start in range(0, len(asked), 500):
            some = asked[start : start + 500]
            marks = ", ".join("?" * len(some))
            for key, score, text, model, tokens, kind in self._store.all(
                f"SELECT * FROM memo WHERE key IN ({marks})",  # noqa: S608 - placeholders
                some,
            ):
                found[key] = JudgeError(text, model, Failure(kind)) if kind else Score(score, text, model, tokens)
        return found

    def __setitem__(self, key: str, answer: Judgement) -> None:
        if self._store is None:
            self._store = Store(self.SCHEMA)
        row: tuple[object, ...]
        if isinstance(answer, Score):
            row = (key, answer.score, answer.reason, answer.model, answer.tokens, None)
        else:
            row = (key, None, answer.message, answer.model, 0, answer.kind.value)
        self._store.run("INSERT OR REPLACE INTO memo VALUES (?, ?, ?, ?, ?, ?)", row)


class Runner:
    """Scores batches through one provider, order kept; see the module docstring for what it adds."""

    def __init__(
        self,
        provider: Provider,
        *,
        max_concurrency: int = 1,
        max_rpm: float | None = None,
        max_tpm: float | None = None,
        cache: ScoreCache | None = None,
        progress: Progress | None = None,
        call_timeout: float | None = None,
        deadline: Deadline | None = None,
        quota: Pace | None = None,
        redact: Redactor | None = None,
        max_consecutive_failures: int = 0,
        breaker: CircuitBreaker | None = None,
        budget: Budget | None = None,
        share: float = 1.0,
        slot: tuple[int, int] | None = None,
    ) -> None:
        self.provider = provider
        self.redact = redact if redact is not None else Redactor()
        self.max_concurrency = max(1, max_concurrency)
        self.max_rpm = max_rpm
        self.cache = cache
        self.progress = progress
        self.call_timeout = call_timeout  # seconds one judge call may take, its retries included
        self.deadline = deadline
        self.quota = quota or Pace(max_rpm, max_tpm, share=share)
        if (
            share < 1 and provider.paced
        ):  # one of several shards: its part of a window goes out before any limit is known
            self.quota.opening = max(1, round(self.max_concurrency * share))
            self.quota.slot = slot
        self.engine = Engine(
            provider,
            window=self.max_concurrency,
            quota=self.quota,
            breaker=breaker or CircuitBreaker(max_consecutive_failures),
            budget=budget,
            call_timeout=call_timeout,
            deadline=deadline,
        )
        self.engine.pulse = self._pulse
        self.calls = Calls()
        self._identity = provider.identity()  # computed once: part of every cache key
        self._lock = threading.Lock()
        self._memo = Memo()
        self._model: str | None = None  # the judge model this run's fresh calls reported
        self._model_known = False
        self._probed = False  # the run's first call has been made (alone)
        self._spans: dict[str, tuple[int, int]] = {}  # phase -> (calls made, requests seen) by its batches so far
        self._shift = (0, 0)  # (calls made by earlier batches of this phase, its expected total)
        self._now = ("", 0, 0)  # the phase under way, its calls done and its total: what a pulse reports on
        if cache is not None:
            self.calls.cache_rejected = cache.rejected

    @property
    def info(self) -> JudgeInfo:
        return self.provider.info

    @property
    def breaker(self) -> CircuitBreaker:
        return self.engine.breaker

    @property
    def budget(self) -> Budget:
        return self.engine.budget

    def identity(self) -> dict[str, object]:
        return self._identity

    def estimate(self) -> Estimator | None:
        return self.provider.estimate()

    def limits(self) -> Limits:
        return self.quota.limits()

    def cached(self, key: str) -> bool:
        return self.cache is not None and self.cache.get(key) is not None

    def left_out(self, purpose: Purpose) -> int:
        return self.budget.left_out.get(purpose, 0)

    def warnings(self) -> list[str]:
        """What a reader of the results should know about how the judge was called."""
        return ([said] if (said := self.budget.said()) else []) + self.quota.doubts() + self.provider.warnings()

    def key(self, request: JudgeRequest) -> str:
        fluency = request.purpose is Purpose.FLUENCY
        evaluator = {Purpose.FLUENCY: "fluency", Purpose.CLAIMS: "claims"}.get(request.purpose, "groundedness")
        payload: dict[str, object] = {"judge": self._identity, "evaluator": evaluator, "response": request.response}
        if request.purpose is Purpose.CLAIMS:
            payload["prompt"] = claims_prompt()  # groundgate's own prompt: a new text is judged afresh
        if not fluency:
            payload["context"] = request.grounding
            if self.info.rubric == "query":
                payload["query"] = request.case.query
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()

    def score_all(self, requests: Sequence[JudgeRequest], phase: str = "judging", *, more: int = 0) -> list[Judgement]:
        """Scores in request order. ``more``: requests of the same phase that later batches will bring (a
        run judges its cases a batch at a time); the progress line then counts the whole phase."""
        self.provider.ready()  # the client and its import: not part of any call or deadline
        if self.deadline is not None:
            self.deadline.start()
        keys = [None if r.purpose in FRESH else self.key(r) for r in requests]
        first: dict[str, int] = {}  # key -> index of its first request
        cached: dict[str, Score] = {}
        todo: list[int] = []  # re-scores and unique misses: fresh calls
        had = self._memo.known(key for key in keys if key is not None)  # judged in an earlier batch of this run
        for index, key in enumerate(keys):
            if key is None:
                todo.append(index)
            elif key in first or key in had:
                self.calls.deduplicated += 1
            else:
                first[key] = index
                hit = self.cache.get(key) if self.cache else None
                if hit is None:
                    todo.append(index)
                else:
                    cached[key] = Score(hit.score, hit.reason, hit.model, 0)
        self._span(phase, len(requests), len(todo), more)
        checked: dict[str, Judgement] = {}  # the cache's model check, when the probe made it

        def vouched() -> int:
            """The usable answers this judge configuration gave before, as the cache holds them, once one real
            call shows the judge still answers as it did (the model check, made here if still needed)."""
            if cached and not self._model_known and not checked:
                key = next(iter(cached))
                del cached[key]
                checked[key] = self._called([requests[first[key]]], phase, [key])[0]
            return sum(1 for v in cached.values() if v.model == self._model) if self._model_known else 0

        ask = [requests[i] for i in todo]
        fresh = dict(zip(todo, self._fresh(ask, phase, [keys[i] for i in todo], vouched), strict=True))
        answers: dict[str, Judgement] = dict(checked)
        for index, result in fresh.items():
            if (key := keys[index]) is not None:
                answers[key] = result
        if cached and not self._model_known and not checked:
            # Cached scores count only if this run's judge reports the same model: learn it from one real call.
            probe = next(iter(cached))
            del cached[probe]
            answers[probe] = self._fresh([requests[first[probe]]], phase, [probe])[0]
        stale = [key for key, verdict in cached.items() if verdict.model != self._model]
        for key, result in zip(stale, self._fresh([requests[first[k]] for k in stale], phase, stale), strict=True):
            answers[key] = result
            del cached[key]
        self.calls.cached += len(cached)
        answers.update(cached)
        for key, verdict in cached.items():  # a later batch's duplicate is deduplicated, as in one batch
            self._memo[key] = verdict
        if not more:
            self._spans.pop(phase, None)  # the phase's last batch: a later phase of that name starts afresh
        return [fresh[i] if key is None else answers.get(key) or had[key] for i, key in enumerate(keys)]

    def _span(self, phase: str, requests: int, calls: int, more: int) -> None:
        """Where this batch's calls sit in their phase: calls made by earlier batches, and the phase's
        expected total (later batches' requests at the share of fresh calls seen so far)."""
        made, asked = self._spans.get(phase, (0, 0))
        share = (made + calls) / (asked + requests) if asked + requests else 1.0
        self._spans[phase] = (made + calls, asked + requests)
        self._shift = (made, made + calls + round(more * share))

    def _report(self, phase: str, done: int, total: int) -> None:
        if self.progress is None:
            return
        made, expected = self._shift
        self._now = (phase, made + done, max(expected, made + total))
        if made and not done:
            return  # a later batch of a phase under way: the line goes on, it does not start again
        self.progress(*self._now)

    def _pulse(self, pulse: Pulse) -> None:
        """While calls are in flight: a progress line with a ``beat`` hears what they are doing, answered or not."""
        beat = getattr(self.progress, "beat", None)
        if beat is not None and self._now[0]:
            beat(*self._now, pulse)

    def close(self) -> None:
        """Release the provider's connections; scores are already returned."""
        self.provider.close()

    # --- fresh calls -------------------------------------------------------------------------

    def _fresh(
        self,
        requests: Sequence[JudgeRequest],
        phase: str,
        keys: Sequence[str | None] | None = None,
        vouched: Callable[[], int] | None = None,
    ) -> list[Judgement]:
        """Fresh calls, up to max_concurrency in flight; results in request order. The run's first calls
        are the probe (``_probe``), made before any other; ``vouched``: what the cache says this judge
        configuration already answered usably, which the probe weighs."""
        results: list[Judgement] = []
        total = len(requests)
        if not self._probed and requests:
            self._probed = True
            first = keys[:PROBE] if keys is not None else None
            results = self._probe(requests[:PROBE], phase, first, total, vouched)
            requests, keys = requests[len(results) :], keys[len(results) :] if keys is not None else None
        if requests:
            results += self._called(requests, phase, keys, base=len(results), total=total)
        link = self.engine.link
        self.calls.throttled, self.calls.resent, self.calls.longer = link.throttled, link.resent, link.longer
        self.calls.runs = link.runs
        self.calls.quota_seconds = round(self.quota.held_now(), 3)
        return results

    def _probe(
        self,
        requests: Sequence[JudgeRequest],
        phase: str,
        keys: Sequence[str | None] | None,
        total: int,
        vouched: Callable[[], int] | None = None,
    ) -> list[Judgement]:
        """Whether the judge can do the job at all, checked on the suite's own first rows before the rest.

        The first call goes alone: a judge that refuses its configuration (a wrong key, an unknown model)
        stops the run there with one message (exit 2) instead of failing every row the same way. Then a
        few more: a judge whose answers are mostly not in the rubric's format (prose, a status of
        'skipped', JSON cut at its token limit) stops the run too, with what it answered and the fix,
        instead of burning the suite into rows that are not judged.

        Before stopping a run for that, the answers this judge configuration already gave usably count
        (``vouched``: the score cache's, once one real call shows the judge still answers that way): a rerun
        whose only uncached rows are the few that failed last time (a content filter, a cut answer) must
        not blame the judge that answered the rest, nor turn its verdict into a configuration error."""
        results = self._called(requests[:1], phase, keys[:1] if keys is not None else None, total=total)
        first = results[0]
        if isinstance(first, JudgeError) and first.kind in (Failure.CONFIGURATION, Failure.BILLING):
            raise JudgeUnusable(first.message)
        if len(requests) > 1:
            rest = keys[1:] if keys is not None else None
            results += self._called(requests[1:], phase, rest, base=1, total=total)
        answers, malformed = self.breaker.tally()  # the run's answers so far: the probe's
        if unfit(answers, malformed, at_least=PROBE_DECIDES) and vouched is not None:
            self.breaker.vouch(vouched())
            answers, malformed = self.breaker.tally()
        if unfit(answers, malformed, at_least=PROBE_DECIDES):
            first = next(r for r in results if isinstance(r, JudgeError) and r.kind is Failure.MALFORMED)
            raise JudgeUnusable(
                f"{self._named()} does not answer in the rubric's format ({malformed} of its first {answers} "
                f"answers unusable): {first.message}. {UNFIT_FIX}"
            )
        return results

    def _named(self) -> str:
        info = self.info
        if info.deployment is None:
            return f"the {info.kind} judge"
        return f"the judge {'deployment' if info.kind == 'azure' else 'model'} {info.deployment!r}"

    def _called(
        self,
        requests: Sequence[JudgeRequest],
        phase: str,
        keys: Sequence[str | None] | None,
        *,
        base: int = 0,
        total: int | None = None,
    ) -> list[Judgement]:
        """``base`` calls of this batch's ``total`` are already done (the first call, made alone)."""
        results: list[Judgement | None] = [None] * len(requests)
        done = base
        total = len(requests) if total is None else total
        if requests and not base:
            self._report(phase, done, total)

        def finish(index: int, result: Judgement) -> None:
            nonlocal done
            results[index] = self._arrived(requests[index], result, keys[index] if keys else None)
            if isinstance(result, JudgeError) and result.kind is Failure.BILLING:
                raise JudgeUnusable(result.message)  # every call would fail alike: no wait or retry fixes it
            done += 1
            self._report(phase, done, total)

        made, expected = self._shift  # the phase's later batches, and this batch's calls after these
        after = max(0, expected - made - total) + max(0, total - base - len(requests))
        self.engine.run(requests, finish, after=after)
        return [r for r in results if r is not None]

    # --- bookkeeping -------------------------------------------------------------------------

    def _arrived(self, request: JudgeRequest, result: Judgement, key: str | None) -> Judgement:
        """Every answer enters here once: secrets taken out of its text and of the model name the
        judge reported (both reach the results, the report and the comment), text made valid Unicode
        (a model may answer with an unpaired surrogate escape, which no file or store can hold), then
        counted and kept."""

        def clean(text: str) -> str:
            return _unicode(self.redact(text))  # with no secret too: credentials in a URL, access tokens

        model = clean(result.model) if result.model is not None else None
        if isinstance(result, Score):
            result = replace(result, reason=clean(result.reason), model=model)
        else:
            result = replace(result, message=clean(result.message), model=model)
        self._record(request, result, key)
        return result

    def _record(self, request: JudgeRequest, result: Judgement, key: str | None) -> None:
        """Count a finished call and keep its score at once, so an interrupted run loses nothing judged.

        ``key`` is the request's cache key as score_all computed it; None for re-scores (never kept)."""
        with self._lock:
            if isinstance(result, JudgeError) and not result.kind.sent:
                if result.kind is not Failure.BUDGET:  # the budget's refusals are said by the budget and the rows
                    self.calls.unsent += 1  # the breaker answered: no call was made
                return
            self.calls.total += 1
            if request.purpose is Purpose.GROUNDEDNESS:
                self.calls.groundedness += 1
            elif request.purpose is Purpose.RESCORE:
                self.calls.rescore += 1
            elif request.purpose is Purpose.NOISE:
                self.calls.noise += 1
            elif request.purpose is Purpose.CLAIMS:
                self.calls.claims += 1
            else:
                self.calls.fluency += 1
            self.calls.tokens += result.tokens  # billed for the answer, a failed call's too
            self.calls.answer_tokens += result.answer_tokens
            if isinstance(result, Score):
                if result.model and result.model not in self.info.models:
                    self.info.models.append(result.model)
                if not self._model_known:
                    self._model, self._model_known = result.model, True
            else:
                self.calls.failed += 1
        if key is not None:
            self._memo[key] = result  # a failure too: a later batch's duplicate shares it, as in one batch
        if key is not None and isinstance(result, Score) and self.cache is not None:
            self.cache.put(key, CachedScore(result.score, result.reason, result.model, result.tokens))

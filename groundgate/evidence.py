"""One case's evidence (both sides' first verdicts, the re-scores, the end-to-end verdicts) and the row it
makes under the run's options: the method's rules applied (``rules``), the tripwire's word after the judge's,
and what a reader needs kept with the row."""

from __future__ import annotations

from dataclasses import dataclass, field

from groundgate.adjudication import answer_digest
from groundgate.cases import Case, Response
from groundgate.evaluators import ran_on
from groundgate.injection import addressed
from groundgate.judges import Judge, JudgeError, Judgement
from groundgate.judges.figures import tripwire as figures_tripwire
from groundgate.memory import Memory
from groundgate.results import LIVE_FLIPS, Live, Row, UnsupportedFigure
from groundgate.rules import Bucket, Outcome, Tripwire, bucket_of, classify, first_verdicts, tripwire
from groundgate.sticky import holds


@dataclass(frozen=True)
class Rescorer:
    """Who re-scores newly ungrounded rows, as one value: the label the results record and the judge
    that does it. ``same`` is the run's own judge again (absorbs wobble, not a second opinion),
    ``none`` lets the first verdict stand; any other label names an independent judge."""

    label: str = "same"
    judge: Judge | None = None
    # What its independence rests on, in words for the report (another service, endpoint or deployment)...
    basis: str | None = None
    # ...or, when it is served at the judge's own OpenAI-compatible server under another model name, that server:
    # a server may answer any model name with one model, so it is the same judge on a row until it answers
    # differently from the judge on the same inputs there.
    shares_server: str | None = None
    # ...or, known from the settings before any row, why it is the judge again: it runs on the judge's own
    # deployment (Foundry's builtin.groundedness on the Azure judge's, a deployment: second opinion on the Foundry
    # judge's): the same model and rubric under another name, so it re-scores as ``same`` would.
    same_judge: str | None = None

    def __post_init__(self) -> None:
        if (self.label in ("same", "none")) != (self.judge is None):
            raise ValueError(f"second opinion {self.label!r}: 'same' and 'none' take no judge, any other needs one")

    @property
    def independent(self) -> bool:
        return self.judge is not None

    def pick(self, judge: Judge) -> Judge | None:
        """The runner that re-scores in a run whose first judge is ``judge``; None: nobody."""
        if self.label == "none":
            return None
        return self.judge or judge


@dataclass(frozen=True)
class Options:
    """How the comparison treats flips; built from the run's settings by the wiring."""

    blocking: frozenset[str]
    rescorer: Rescorer = Rescorer()
    rescore_baseline: bool = False
    min_cases_to_block: int = 0
    shard: tuple[int, int] | None = None
    keep_texts: bool = False  # every row carries its query, context and responses, not only rows a person reads
    noise_sample: int = 0  # unchanged rows re-scored to measure the judge's noise; 0: not measured
    model_under_test: str | None = None  # recorded in the results, for the report's footer
    end_to_end: bool = False  # also judge each side against its own retrieved context, beside the verdict
    tripwire: Tripwire = "warn"  # block: a tripwire row in a blocking category fails the check
    claims: bool = False  # split the answers of rows to read into claims (one more call each), when the judge can
    fluency: bool = True  # consult fluency on ties (the self-test, which decides nothing, does not)
    prices: tuple[float, float] | None = None  # per million prompt and answer tokens: the results' cost line
    held: Memory = field(default_factory=Memory)  # answers a verdict of the pull request blocked on (``sticky``)


# Rows a person must read carry their context and answers into the results (the report shows them); the rest carry
# ids, queries, buckets, scores and reasons only, so a million unremarkable rows do not cost a million contexts.
WITH_TEXTS = frozenset({
    Outcome.REGRESSION, Outcome.REVIEW, Outcome.UNSTABLE, Outcome.NEW_NON_ANSWER, Outcome.ERROR,
    Outcome.UNSUPPORTED_FIGURE, Outcome.BLOCKING_FIGURE,
})  # fmt: skip


@dataclass(frozen=True, slots=True)  # one per case or call: no per-object dict
class Side:
    """One side's groundedness: a bucket with its score, or the judge's failure."""

    bucket: Bucket | None
    score: float | None
    reason: str | None
    error: str | None = None
    model: str | None = None
    unreachable: str | None = None  # where the judge was, when the error is that it could not be reached

    @classmethod
    def of(cls, judgement: Judgement, where: str | None = None) -> Side:
        """``where``: the judge's endpoint or server, kept on an error that says the judge was down (or
        that the circuit breaker stopped calling it for that): a run of those is an outage, not a measurement.
        A judge that answers, but not in the rubric's format, was reached: its errors are not an outage; nor is a
        call the run's own budget refused."""
        if isinstance(judgement, JudgeError):  # the deployment's quota refusing calls or a slow answer is no outage
            down = judgement.kind.outage
            return cls(None, None, None, judgement.message, judgement.model, where if down else None)
        return cls(bucket_of(judgement.score), judgement.score, judgement.reason, None, judgement.model)


@dataclass(frozen=True, slots=True)  # one per case or call: no per-object dict
class Evidence:
    """Everything one case's row is built from."""

    case: Case
    baseline: Response
    candidate: Response
    before: Side
    after: Side
    rescore: Side | None = None
    baseline_rescore: Side | None = None
    live: tuple[Side, Side] | None = None  # end-to-end runs: each side against its own retrieved context


def same_model(rescorer: Rescorer, first: Side, rescore: Side | None) -> str | None:
    """Why an independent second opinion was not independent on this row, or None: it runs on the judge's own
    deployment (``Rescorer.same_judge``), it reported the very model that gave the first verdict (the model a
    catalog evaluator ran on, not its name: ``evaluators.ran_on``), or it shares the judge's server and answered
    exactly as the judge did on the same inputs, so it counts as the judge again (``same``), whatever its label."""
    if not rescorer.independent or rescore is None:
        return None
    if rescorer.same_judge:
        return (
            f"the second opinion {rescorer.label} {rescorer.same_judge}: it counts as the judge again (same), not as "
            "an independent confirmation"
        )
    if rescorer.shares_server and (rescore.score, rescore.reason) == (first.score, first.reason):
        return (
            f"the second opinion {rescorer.label} is served at the judge's own server ({rescorer.shares_server}) "
            "and answered exactly as the judge did on the same inputs: a second model name on one server is the "
            "same judge until it answers differently, so it counts as the judge again (same), not as an "
            "independent confirmation"
        )
    second = ran_on(rescore.model)  # the model, not a catalog evaluator's name around it
    if second is None:
        return None
    if second.strip().casefold() != (ran_on(first.model) or "").strip().casefold():
        return None
    return (
        f"the second opinion {rescorer.label} reported the same model as the first judge ({second}): "
        "it counts as the judge again (same), not as an independent confirmation"
    )


def row_of(e: Evidence, options: Options, suite_size: int) -> Row:
    """One case's row; ``suite_size`` is its category's size in the whole suite (the small-sample rule)."""
    case, before, after, rescore, baseline_rescore = e.case, e.before, e.after, e.rescore, e.baseline_rescore
    blocking = case.category in options.blocking
    echo = same_model(options.rescorer, after, rescore)
    independent = options.rescorer.independent and echo is None
    drift = (e.baseline.context or case.context) != (e.candidate.context or case.context)
    live = live_of(e.live, blocking) if e.live is not None else None
    talks = addressed(e.baseline.response, e.candidate.response)
    finding = figures_tripwire(case.context, case.query, e.baseline.response, e.candidate.response)
    new_figures = [
        UnsupportedFigure(new.figure.text, new.nearest, new.figure.said, new.sentence, new.status, new.basis)
        for new in finding.new
    ] or None
    flagged = any(new.flagged for new in finding.new)
    notes = [f"figures not read: {finding.unread} (the tripwire did not check this row)"] if finding.unread else []
    failures = [
        (who, side.error, side.unreachable)
        for who, side in (
            ("baseline", before),
            ("candidate", after),
            ("re-score", rescore),
            ("baseline re-score", baseline_rescore),
        )
        if side is not None and side.error is not None
    ]
    if failures:
        outcome = Outcome.ERROR
        error: str | None = f"{failures[0][0]}: {failures[0][1]}"
        unreachable = failures[0][2]
    else:
        assert before.bucket is not None
        assert after.bucket is not None
        error = unreachable = None
        if echo is not None:
            notes.append(echo)
        small = blocking and suite_size < options.min_cases_to_block
        outcome = classify(
            before.bucket,
            after.bucket,
            rescore.bucket if rescore else None,
            blocking,
            baseline_rescore=baseline_rescore.bucket if baseline_rescore else None,
            can_block=independent or not small,
        )
        if small and not independent and outcome is Outcome.REVIEW:
            notes.append(
                f"{case.category} has {suite_size} cases, fewer than {options.min_cases_to_block}: "
                "a flip blocks there only when an independent second opinion confirms it"
            )
        if outcome is Outcome.STILL_UNGROUNDED and baseline_rescore is not None:
            notes.append(
                "the baseline's re-score is ungrounded too: the flip came from judge noise on the baseline side"
            )
        outcome = tripwire(outcome, flagged, blocking, options.tripwire)
    held = (
        holds(
            options.held, case.query, case.context, e.candidate.response, e.baseline.response, outcome, blocking,
            answer_digest(case.query, case.context, e.candidate.response) if options.held.digests else None,
        )
        if options.held
        else None
    )  # fmt: skip
    if held is not None:  # the same answer a verdict of this pull request blocked on: a rerun does not re-roll it
        outcome = Outcome.REGRESSION
    # A person reads these whatever the outcome: an answer that talks to the judge, a flip against live retrieval.
    texts = (
        options.keep_texts
        or outcome in WITH_TEXTS
        or talks is not None
        or new_figures is not None
        or bool(finding.unread)
        or (live is not None and live.outcome in LIVE_FLIPS)
    )
    return Row(
        id=case.id,
        category=case.category,
        line=case.line,
        blocking=blocking,
        outcome=outcome,
        before=before.bucket,
        after=after.bucket,
        before_score=before.score,
        after_score=after.score,
        rescore_score=rescore.score if rescore else None,
        before_reason=before.reason,
        after_reason=after.reason,
        rescore_reason=rescore.reason if rescore else None,
        rescore_model=rescore.model if rescore else None,
        confirmed_by=(options.rescorer.label if echo is None else "same") if rescore else None,
        baseline_rescore_score=baseline_rescore.score if baseline_rescore else None,
        baseline_rescore_reason=baseline_rescore.reason if baseline_rescore else None,
        before_model=before.model,
        after_model=after.model,
        drift=drift,
        note="; ".join(notes) or None,
        error=error,
        unreachable=unreachable,
        query=case.query,  # short, and the report's tables show it for every row
        context=case.context if texts else "",
        baseline=e.baseline.response if texts else "",
        candidate=e.candidate.response if texts else "",
        baseline_context=e.baseline.context if texts else None,
        candidate_context=e.candidate.context if texts else None,
        live=live,
        talks_to_judge=talks,
        new_figures=new_figures,
        figures_unread=finding.unread or None,
        held_from=held.head if held is not None else None,
        held_by=held.run if held is not None else None,
        blocked_as=held.said if held is not None else None,
    )


def live_of(sides: tuple[Side, Side], blocking: bool) -> Live:
    """A row's end-to-end verdict: the first verdicts against each side's own context, classified by the
    same rules with the first verdict standing (no re-score: it decides nothing)."""
    before, after = sides
    failed = next((side.error for side in sides if side.error is not None), None)
    return Live(
        outcome=first_verdicts(before.bucket, after.bucket, blocking),
        before=before.bucket,
        after=after.bucket,
        before_score=before.score,
        after_score=after.score,
        reason=failed or after.reason,
    )

"""Bridge: how the pinned judge's verdicts carry over to the judge that will replace it.

Every pinned judge model is retired sooner or later. Before a gate moves, the same responses
(usually the baseline) are scored by the current judge and the new one, once each, and the bucket
matrix, the share in the same bucket and Cohen's kappa say how far the old verdicts hold. Rows
that cross the ungrounded line matter most: under the new judge, a baseline row that becomes
ungrounded is backlog that can no longer block, and one that leaves ungrounded can now flip.

The tabulation (``tabulate``, ``crosses``) is pure; ``bridge`` does the judging.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from groundgate import __version__
from groundgate.cases import listed_ids, load_cases, load_responses
from groundgate.errors import InputError, MissingResponses, UsageError
from groundgate.judges import Judge, JudgeError, JudgeInfo, JudgeRequest, Purpose
from groundgate.report.console import WIDTH, wrap_all
from groundgate.report.noise import percent
from groundgate.report.render import environment
from groundgate.rules import BUCKET_ORDER, Bucket, bucket_of
from groundgate.settings import MODEL_ID, Settings
from groundgate.stats import cohen_kappa

SCHEMA = "groundgate-bridge"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Figures(_Model):
    """Over the rows both judges scored: rows of the matrix are the current judge's buckets, columns the new one's."""

    rows: int
    same_bucket: int
    kappa: float | None
    matrix: dict[Bucket, dict[Bucket, int]]


class Changed(_Model):
    id: str
    category: str
    current_bucket: Bucket
    new_bucket: Bucket
    current_score: float
    new_score: float
    crosses: bool  # one judge calls it ungrounded and the other does not
    blocking: bool = False  # in a blocking category: a crossing there changes what can block
    current_reason: str
    new_reason: str


class Failure(_Model):
    id: str
    judge: str  # "current" or "new"
    message: str


class JudgeSide(_Model):
    name: str  # as a reader would say it: "the Azure deployment gpt-4o-judge"
    kind: str
    deployment: str | None  # the Azure deployment, or the model an OpenAI-compatible judge is asked for
    models: list[str]  # as the judge service reported them
    calls: int
    tokens: int


class Bridge(_Model):
    schema_name: str = Field(default=SCHEMA, alias="schema")
    tool_version: str = __version__
    rubric: str
    cases: str
    responses: str
    current: JudgeSide
    new: JudgeSide
    bridge: Figures
    changed: list[Changed]  # ungrounded-line crossings first, then the other changes, each in file order
    errors: list[Failure]  # rows a judge could not score: left out of the figures, listed here
    empty: int  # empty responses: non-answers under any judge, no call made, left out of the figures
    warnings: list[str]
    blocking_categories: list[str] = Field(default_factory=list)

    @property
    def exit_code(self) -> int:
        return 3 if self.errors else 0

    @property
    def crossings(self) -> list[Changed]:
        return [row for row in self.changed if row.crosses]

    @property
    def unscored(self) -> list[tuple[str, list[Failure]]]:
        """Rows left out of the figures, once each, with every judge that failed on them (file order)."""
        found: dict[str, list[Failure]] = {}
        for failure in self.errors:
            found.setdefault(failure.id, []).append(failure)
        return list(found.items())

    @property
    def one_bucket(self) -> str | None:
        """Which judge ('current' or 'new') put every scored row in one bucket while the other did not
        agree on all of them: kappa is then 0 whatever the agreement, and says nothing."""
        f = self.bridge
        if not f.rows or f.same_bucket == f.rows:
            return None
        for side, counts in (
            ("current", [sum(f.matrix[a].values()) for a in f.matrix]),
            ("new", [sum(f.matrix[a][b] for a in f.matrix) for b in BUCKET_ORDER]),
        ):
            if sum(1 for n in counts if n) == 1:
                return side
        return None


def crosses(current: Bucket, new: Bucket) -> bool:
    """Whether the change moves a row across the line the gate blocks on."""
    return (current is Bucket.UNGROUNDED) != (new is Bucket.UNGROUNDED)


def tabulate(pairs: Sequence[tuple[Bucket, Bucket]]) -> Figures:
    """The 4x4 matrix (every cell present, zeros included), the same-bucket count and kappa."""
    matrix = {a: dict.fromkeys(BUCKET_ORDER, 0) for a in BUCKET_ORDER}
    for current, new in pairs:
        matrix[current][new] += 1
    same = sum(matrix[b][b] for b in BUCKET_ORDER)
    kappa = cohen_kappa([[matrix[a][b] for b in BUCKET_ORDER] for a in BUCKET_ORDER])
    return Figures(rows=len(pairs), same_bucket=same, kappa=kappa, matrix=matrix)


def describe(info: JudgeInfo) -> str:
    if info.kind == "azure":
        return f"the Azure deployment {info.deployment}"
    if info.kind == "openai":
        return f"the OpenAI-compatible model {info.deployment} at {info.base_url}"
    return f"the {info.kind} judge"


NEW_JUDGE = re.compile(rf"deployment:[A-Za-z0-9._-]+|openai:{MODEL_ID}")  # as --second-opinion takes them


def check_new_judge(choice: str, settings: Settings | None = None) -> None:
    """The new judge must be a judge, and another one: a bridge to itself measures nothing but noise.
    Without ``settings``, only the form of ``choice`` is checked (before the settings are built)."""
    if not NEW_JUDGE.fullmatch(choice):
        raise UsageError(f"--to: give the new judge as deployment:NAME or openai:MODEL (got {choice!r})")
    if settings is None:
        return
    if settings.judge == "figures":
        raise UsageError(
            "--judge figures: the offline figures judge is no model to move a gate from; give the current "
            "judge (--judge azure or openai, with its deployment or model)"
        )
    kind, _, name = choice.partition(":")
    current = settings.judge_deployment if settings.judge == "azure" else settings.judge_model
    same_kind = (kind, settings.judge) in (("deployment", "azure"), ("openai", "openai"))
    if same_kind and name.strip().casefold() == (current or "").strip().casefold():
        raise UsageError(f"--to: {choice!r} is the current judge; name the judge that is to replace it")


def _side(judge: Judge, models: set[str]) -> JudgeSide:
    calls = judge.calls
    return JudgeSide(
        name=describe(judge.info),
        kind=judge.info.kind,
        deployment=judge.info.deployment,
        models=sorted(models),
        calls=calls.total,
        tokens=calls.tokens,
    )


def bridge(
    cases_path: Path, responses_path: Path, current: Judge, new: Judge, blocking: frozenset[str] = frozenset()
) -> Bridge:
    """Score every response once with each judge; a row either lands in the figures or in ``errors``.
    ``blocking``: the gate's blocking categories, whose crossings are the ones to read with a person."""
    if current.info.rubric != new.info.rubric:  # the wiring builds both from one setting; never mix rubric modes
        raise InputError(responses_path, None, None, "the two judges use different rubric modes")
    cases = load_cases(cases_path, current.info.rubric)
    if not cases:
        raise InputError(cases_path, None, None, "no cases: the file holds no records")
    responses = load_responses(responses_path)
    absent = [case.id for case in cases if case.id not in responses]
    if absent:
        raise MissingResponses(
            f"{responses_path}: field 'id': no response for {len(absent)} case(s): {listed_ids(absent)}"
        )
    warnings = []
    known = {case.id for case in cases}
    extra = [rid for rid in responses if rid not in known]
    if extra:
        warnings.append(f"{len(extra)} response(s) for ids that are not cases were not judged")
    judged = [case for case in cases if responses[case.id].response.strip()]
    empty = len(cases) - len(judged)
    requests = [JudgeRequest.of(case, responses[case.id], Purpose.GROUNDEDNESS) for case in judged]
    before = current.score_all(requests, "current judge")
    after = new.score_all(requests, "new judge")
    pairs: list[tuple[Bucket, Bucket]] = []
    changed: list[Changed] = []
    errors: list[Failure] = []
    models: tuple[set[str], set[str]] = (set(), set())
    for case, first, second in zip(judged, before, after, strict=True):
        for side, judgement, seen in (("current", first, models[0]), ("new", second, models[1])):
            if judgement.model:
                seen.add(judgement.model)
            if isinstance(judgement, JudgeError):
                errors.append(Failure(id=case.id, judge=side, message=judgement.message))
        if isinstance(first, JudgeError) or isinstance(second, JudgeError):
            continue
        pair = (bucket_of(first.score), bucket_of(second.score))
        pairs.append(pair)
        if pair[0] is not pair[1]:
            changed.append(
                Changed(
                    id=case.id,
                    category=case.category,
                    current_bucket=pair[0],
                    new_bucket=pair[1],
                    current_score=first.score,
                    new_score=second.score,
                    crosses=crosses(*pair),
                    blocking=case.category in blocking,
                    current_reason=first.reason,
                    new_reason=second.reason,
                )
            )
    if models[0] and models[0] == models[1]:
        warnings.append(
            f"both judges reported the model {', '.join(sorted(models[0]))}: this bridge measures the judge's own "
            "noise, not a change of model"
        )
    if empty:
        warnings.append(f"{empty} empty response(s) are non-answers under any judge: not sent, left out of the figures")
    return Bridge(
        rubric=current.info.rubric,
        cases=str(cases_path),
        responses=str(responses_path),
        current=_side(current, models[0]),
        new=_side(new, models[1]),
        bridge=tabulate(pairs),
        changed=sorted(changed, key=lambda row: (not row.crosses, not row.blocking)),  # stable: file order within
        errors=errors,
        empty=empty,
        warnings=warnings,
        blocking_categories=sorted(blocking),
    )


def render_bridge(result: Bridge) -> str:
    """Markdown; user text (ids, categories, reasons, judge names) goes through the report's escaping."""
    return environment().get_template("bridge.md.j2").render(b=result, buckets=BUCKET_ORDER, percent=percent)


def render_bridge_console(result: Bridge, columns: int = WIDTH) -> str:
    """Plain text for a terminal: the figures, the crossings (blocking categories first) and what was not
    scored, each line wrapped to the terminal; the markdown is for ``--report``."""
    text = environment().get_template("bridge.txt.j2").render(b=result, percent=percent)
    return "\n".join(wrap_all(text, columns)) + "\n"

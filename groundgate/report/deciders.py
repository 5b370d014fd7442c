"""Who decided a verdict, in words every medium prints: the judge (by model), the second judge that re-scored
its flips (by model), the tripwire, and people. A verdict line that names no decider lets a reader blame the
wrong one (a tripwire's block read as groundedness's), so the report, the console and the check run say it."""

from __future__ import annotations

from collections.abc import Mapping

from groundgate.adjudication import accepted
from groundgate.report.people import People
from groundgate.report.rows import second_opinion_text
from groundgate.results import JudgeInfo, Results, rows_with
from groundgate.rules import BLOCKING, FailOn, Outcome, gate_exit, unweighed_fluency, verdict_of

RESCORED = (Outcome.REGRESSION, Outcome.REVIEW, Outcome.UNSTABLE)  # the flips a second judge looked at
SAMPLE = 200  # re-scored rows read for the second judge's model (they all name the same one, or a drift)


def judge_name(judge: JudgeInfo) -> str:
    """The judge as a reader knows it: the model the service reported, else the deployment (or model) asked for."""
    if judge.kind == "figures":
        return "the offline figures judge"
    asked = judge.deployment
    if judge.model and asked and asked != judge.model:
        return f"the judge {judge.model} ({'model' if judge.base_url else 'deployment'} {asked})"
    name = judge.model or asked
    return f"the judge {name}" if name else f"the {judge.kind} judge"


def second_models(results: Results) -> list[str]:
    """The models the service reported for the re-scores of flips, in order of first use: the second judge
    by model (a deployment name says nothing of the model behind it)."""
    found: dict[str, None] = {}
    for n, row in enumerate(rows_with(results.rows, RESCORED)):
        if row.rescore_model:
            found.setdefault(row.rescore_model)
        if n >= SAMPLE:
            break
    return list(found)


def second_judge(results: Results) -> str:
    """Who re-scored the flips, by model where the service reported one: the footer's and the verdict's words."""
    label = results.judge.second_opinion
    text = second_opinion_text(label, results.judge.second_opinion_basis)
    asked = label.partition(":")[2]
    models = [m for m in second_models(results) if m != asked] if label not in ("same", "none") else []
    if not models:
        return text
    name, _, independent = text.partition(", ")
    return (
        f"{name} (model {', '.join(models)}), {independent}" if independent else f"{text} (model {', '.join(models)})"
    )


def by_people(people: People | None) -> str:
    """What people decided, for the verdict line: the blocking rows they accepted, by whom ('' when none).
    The hook people's part of the report fills (``report.people``)."""
    found = accepted(people.decision) if people is not None else None
    return found.words() if found is not None and found.rows else ""


def _exit_code(counts: Mapping[Outcome, int], fail_on: FailOn, people: People | None) -> int:
    return people.decision.exit_code(counts) if people is not None else gate_exit(verdict_of(counts), counts, fail_on)


def decided_by(results: Results, fail_on: FailOn = "blocking", people: People | None = None) -> str:
    """'Decided by the judge gpt-4o-2024-11-20; each flip re-scored by …', the tripwire when it blocked, and
    people when they accepted rows. '' for a run without a verdict (rows not judged decided it: nobody did)."""
    counts = results.counts
    if _exit_code(counts, fail_on, people) == 3:
        return ""
    judge = judge_name(results.judge)
    flips = sum(counts.get(o, 0) for o in RESCORED)
    label = results.judge.second_opinion
    rescored = ""
    if flips and label == "none":
        rescored = "; flips not re-scored (second-opinion none)"
    elif flips and label == "same":
        rescored = "; each flip re-scored by the same judge again (not an independent second opinion)"
    elif flips:
        rescored = f"; each flip re-scored by {second_judge(results)}"
    regressions, figures = counts.get(Outcome.REGRESSION, 0), counts.get(Outcome.BLOCKING_FIGURE, 0)
    if figures and not regressions:
        text = f"Decided by the tripwire (tripwire: block): {judge} flagged none of the answers it blocks"
    elif figures:
        text = f"Decided by {judge}{rescored}; and by the tripwire (tripwire: block), on answers the judge did not flag"
    else:
        text = f"Decided by {judge}{rescored}"
    people_words = by_people(people)
    return f"{text}; by people: {people_words}." if people_words else f"{text}."


def fluency_reason(results: Results) -> str | None:
    """Why fluency was not consulted. When something blocks, what does, from the counts: a results file whose
    stored reason blamed groundedness for a tripwire's block says it right too."""
    if any(results.counts.get(o) for o in BLOCKING):
        return unweighed_fluency(results.counts)
    return results.fluency.reason

"""The verdict's headline and what it is made of: the counts by outcome and category, an outage said once,
and what people decided. One place, so the report, the check run and the console say the same."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from groundgate.adjudication import Decision, accepted
from groundgate.judges.limits import UNFIT_STOP
from groundgate.report.people import People
from groundgate.report.yardstick import (
    REMOVES,
    UNASKS,
    moved_yardstick,
    new_suite,
    removes,
    unasks,
    unchecked_yardstick,
)
from groundgate.results import LIVE_FLIP, TALKS, Results, Row, count_marked, rows_with, tally
from groundgate.rules import (
    ATTENTION,
    Conclusion,
    FailOn,
    Headline,
    Held,
    Outcome,
    counts_line,
    gate_exit,
    headline,
    verdict_of,
)
from groundgate.rules import BLOCKING as BLOCKING_OUTCOMES

# --- an outage: rows not judged because the judge could not be reached -------------------------

OUTAGE_FIX = (
    "check that the judge's endpoint is right and that this machine can reach it (network, firewall, a private "
    "endpoint), and that the service is up; then run again."
)
_WHO = re.compile(r"^(?:baseline re-score|re-score|baseline|candidate): ")
_BREAKER = re.compile(r"^not sent: .*?; the last failure: ")
_OPENED = re.compile(r"^not sent: the judge failed (\d+) calls in a row")  # judges.limits.CircuitBreaker's words


@dataclass(frozen=True)
class Outage:
    """Rows the judge could not judge because it could not be reached: said once, not row by row."""

    where: str  # the endpoint (or server) the first of them failed at
    error: str  # the judge's error, once: the first one that is not the circuit breaker's refusal
    judge: str = ""  # which judge: 'deployment gpt-4o-judge', 'model llama3' ('' when the results do not say)
    breaker: int | None = None  # the failures in a row after which the circuit breaker stopped the calls

    @property
    def named(self) -> str:
        """The judge and where it is: 'deployment gpt-4o-judge at https://…' (the headline's words)."""
        return f"{self.judge} at {self.where}" if self.judge else f"at {self.where}"


def _judge_of(results: Results, sides: Counter[str]) -> str:
    """The judge whose calls failed, by deployment (or model) name: the second judge when only re-scores failed."""
    label = results.judge.second_opinion
    if sides and set(sides) <= {"re-score: ", "baseline re-score: "} and label.startswith(("deployment:", "openai:")):
        kind, _, name = label.partition(":")
        return f"{kind} {name}" if kind == "deployment" else f"model {name}"
    if results.judge.deployment:
        return f"{'model' if results.judge.base_url else 'deployment'} {results.judge.deployment}"
    return ""


def outage(results: Results, sample: int = 50) -> Outage | None:
    """From the first ``sample`` rows the judge could not reach (an outage fails every row alike), and the
    first the circuit breaker refused, which says after how many failures in a row it opened."""
    if not results.counts.get(Outcome.ERROR):
        return None
    down: list[Row] = []
    opened: int | None = None
    for row in rows_with(results.rows, [Outcome.ERROR]):
        if row.unreachable is not None:
            if len(down) < sample:
                down.append(row)
            found = _OPENED.match(_WHO.sub("", row.error or ""))
            opened = int(found.group(1)) if found else opened
            if len(down) >= sample and (opened is not None or not results.calls.unsent):
                break
    if not down:
        return None
    errors = [_WHO.sub("", row.error or "") for row in down]
    sent = [e for e in errors if not e.startswith("not sent: ")]
    error = sent[0] if sent else _BREAKER.sub("", errors[0])
    places = Counter(row.unreachable for row in down if row.unreachable is not None)
    sides = Counter(m.group(0) for row in down if (m := _WHO.match(row.error or "")))
    return Outage(places.most_common(1)[0][0], error, _judge_of(results, sides), opened)


def stopped_for_format(results: Results, sample: int = 50) -> bool:
    """Whether the judge was reachable but stopped answering in the rubric's format, so the circuit breaker
    stopped calling it (``limits.CircuitBreaker``): rows not judged for that are no outage, and no network fix
    mends them. Read from the first ``sample`` rows not judged."""
    if not results.calls.unsent or not results.counts.get(Outcome.ERROR):
        return False
    for n, row in enumerate(rows_with(results.rows, [Outcome.ERROR])):
        error = _WHO.sub("", row.error or "")
        if row.unreachable is None and error.startswith("not sent: ") and UNFIT_STOP in error:
            return True
        if n >= sample:
            break
    return False


@dataclass(frozen=True)
class Facts:
    """What a verdict's headline is made of: from a results file (``facts``), or as a verdict's record keeps
    it (``github.adjudicate``), so a comment's run words the headline as the judging run did."""

    counts: Mapping[Outcome, int]
    blocking: Mapping[str, int]  # blocking rows by category (regressions, the tripwire's blocking figures)
    review: Mapping[str, int]  # REVIEW rows by category
    small: Mapping[str, int]  # of those, the ones in blocking categories too small to block (``too_small``)
    to_read: int  # rows to read whatever their outcome (an answer that talks to the judge) not counted already
    unreachable: str | None  # the judge that could not be reached and where ('deployment x at https://…'), if so
    unfit: bool = False  # the judge answered, but stopped answering in the rubric's format (``stopped_for_format``)
    held: Mapping[str, str] = field(default_factory=dict)  # blocking rows held (``sticky``): id -> the verdict's commit


def facts(results: Results) -> Facts:
    """What the headline of these results is made of."""
    blocking: Counter[str] = Counter()
    review: Counter[str] = Counter()
    for (category, _, outcome, _, _), n in tally(results.rows).items():
        if outcome in BLOCKING_OUTCOMES:
            blocking[category] += n
        elif outcome is Outcome.REVIEW:
            review[category] += n
    down = outage(results)
    return Facts(
        results.counts,
        blocking,
        review,
        too_small(results),
        count_marked(results.rows, TALKS | LIVE_FLIP, outside=(*ATTENTION, *BLOCKING_OUTCOMES, Outcome.ERROR)),
        down.named if down is not None else None,
        stopped_for_format(results),
        held_of(results),
    )


def held_of(results: Results) -> dict[str, str]:
    """The rows held from earlier verdicts of the pull request (``sticky``): id -> the commit that blocked on it."""
    return {r.id: r.held_from for r in rows_with(results.rows, [Outcome.REGRESSION]) if r.held_from is not None}


def still_held(held: Mapping[str, str], decision: Decision | None) -> Held | None:
    """The held rows people did not accept, with the verdicts that blocked on them: what the headline names."""
    left = {rid: at for rid, at in held.items() if decision is None or rid not in {s.row.id for s in decision.accepted}}
    return Held(len(left), tuple(dict.fromkeys(left.values()))) if left else None


def headline_of(found: Facts, fail_on: FailOn = "blocking", decision: Decision | None = None) -> Headline:
    """The headline of a verdict; with people's ``decision``, of what still blocks once they have spoken,
    naming who accepted what."""
    counts, blocking, review, small = found.counts, found.blocking, found.review, found.small
    exit_code, top = gate_exit(verdict_of(counts), counts, fail_on), None
    if decision is not None:
        exit_code, counts, top = decision.exit_code(counts), decision.counts(counts), accepted(decision)
        blocking = decision.by_category(blocking, *BLOCKING_OUTCOMES)
        review, small = decision.by_category(review, Outcome.REVIEW), decision.by_category(small, Outcome.REVIEW)
    return headline(
        counts,
        exit_code,
        fail_on,
        blocking,
        review,
        also_to_read=found.to_read,
        small_by_category=small,
        unreachable=found.unreachable,
        unfit=found.unfit,
        accepted=top,
        held=still_held(found.held, decision),
    )


def counts_parts(
    cases: int, counts: Mapping[Outcome, int], small: Mapping[str, int], decision: Decision | None = None
) -> list[str]:
    """The counts line ('12 cases', '2 blocking regressions', ...): with people's ``decision``, what still blocks,
    and the rows they accepted counted apart, so it agrees with the headline and the sections."""
    if decision is None:
        return counts_line(cases, counts, sum(small.values()))
    left = decision.counts(counts)
    return counts_line(cases, left, decision.by_category(small, Outcome.REVIEW).total(), len(decision.accepted))


def verdict_headline(results: Results, fail_on: FailOn = "blocking", people: People | None = None) -> Headline:
    """The one headline of a run: the report's heading, the check run's title, the console's last line;
    with ``people``, what still blocks once they have spoken, and who accepted what."""
    return headline_of(facts(results), fail_on, people.decision if people is not None else None)


def headline_note(results: Results) -> str:
    """What the heading adds to the verdict: an end-to-end run, the pull request moved the yardstick, or it
    could not be checked (a comment's run keeps it with the verdict it re-presents)."""
    return (
        (" · end-to-end run" if results.mode == "end-to-end" else "")
        + (" · the PR changes the yardstick" if (moved := moved_yardstick(results)) else "")
        + (" · the suite is new in this PR" if new_suite(results) else "")
        + (f" · {gone}" if (gone := removes(moved)) else "")
        + (f" · {other}" if (other := unasks(moved)) else "")
        + (" · the yardstick could not be checked" if unchecked_yardstick(results) else "")
    )


def on_the_check(top: Headline, note: str) -> Headline:
    """The headline as the check run's title and conclusion. A pull request that removes cases of a blocking
    category, or no longer asks their question (``note``: the headline's note, ``headline_note``), says so in the
    title, where branch protection and the pull request's checks show it, not only in the report; and a run that
    would pass is ``neutral``, not ``success``: either is a change of the yardstick for a reviewer to accept in
    the diff, not a regression (the exit code stays 0; exit 1 means a blocking regression and nothing else)."""
    said = [part for part in note.split(" · ") if part.startswith((REMOVES, UNASKS))]
    if not said:
        return top
    conclusion: Conclusion = "neutral" if top.conclusion == "success" else top.conclusion
    title = top.text + "".join(f" · the PR {part}" for part in said)
    return Headline("⚠️" if conclusion == "neutral" else top.icon, title, conclusion)


def too_small(results: Results) -> Counter[str]:
    """Confirmed regressions in blocking categories too small to block on one judge's word
    (``--min-cases-to-block``), by category: the REVIEW rows of a blocking category."""
    found: Counter[str] = Counter()
    for (category, blocks, outcome, _, _), n in tally(results.rows).items():
        if blocks and outcome is Outcome.REVIEW:
            found[category] += n
    return found

"""The method's rules, pure and SDK-free: scores to buckets, bucket pairs to outcomes, outcomes to the
verdict and the exit code, and the verdict in words."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, Protocol


class Bucket(StrEnum):
    UNGROUNDED = "ungrounded"  # 1-2: the hallucination signal
    NON_ANSWER = "non_answer"  # 3: nothing to ground (clarifying question, filler)
    PARTIAL = "partial"  # 4: correct but incomplete
    GROUNDED = "grounded"  # 5: fully grounded


BUCKET_ORDER = (Bucket.UNGROUNDED, Bucket.NON_ANSWER, Bucket.PARTIAL, Bucket.GROUNDED)
ANSWERED = frozenset({Bucket.PARTIAL, Bucket.GROUNDED})


class Outcome(StrEnum):
    REGRESSION = "regression"  # confirmed newly ungrounded, blocking category
    REVIEW = "review"  # confirmed newly ungrounded, other category
    UNSTABLE = "unstable"  # newly ungrounded, but the re-score disagreed
    NEW_NON_ANSWER = "new_non_answer"
    STILL_UNGROUNDED = "still_ungrounded"  # backlog: ungrounded on both sides, never blocks
    MOVED = "moved"
    TIE = "tie"  # same partial/grounded bucket: the only rows fluency may compare
    UNCHANGED = "unchanged"  # non-answer on both sides
    ERROR = "error"  # the judge gave no usable score on some side
    # The tripwire: a row the judge did not flag whose candidate newly states a figure its context never does.
    UNSUPPORTED_FIGURE = "unsupported_figure"  # a row to read: the judge may have missed this
    BLOCKING_FIGURE = "blocking_figure"  # the same in a blocking category, under ``tripwire: block``


def bucket_of(score: float) -> Bucket:
    """Round (Python's round, as the method's reference script does) and clamp to 1..5.

    A NaN is a judge failure, never a bucket: callers must have turned it into an error already.
    """
    if math.isnan(score):
        raise ValueError("a NaN score has no bucket")
    level = min(5, max(1, round(score)))
    if level <= 2:
        return Bucket.UNGROUNDED
    return BUCKET_ORDER[level - 2]


def needs_rescore(before: Bucket, after: Bucket) -> bool:
    """Only rows that newly fell to ungrounded are re-scored."""
    return after is Bucket.UNGROUNDED and before is not Bucket.UNGROUNDED


def classify(
    before: Bucket,
    after: Bucket,
    rescore: Bucket | None,
    blocking: bool,
    *,
    baseline_rescore: Bucket | None = None,
    can_block: bool = True,
) -> Outcome:
    """One outcome per row, in the method's order. ``rescore`` is required exactly when needed.

    ``baseline_rescore``: the baseline side judged again; ungrounded means the baseline was never
    really grounded, so the row is backlog, not a regression. ``can_block`` is False where a flip
    may only block with an independent confirmation that it did not get (a small category)."""
    if needs_rescore(before, after):
        if rescore is None:
            raise ValueError("a newly ungrounded row needs its re-score")
        if baseline_rescore is Bucket.UNGROUNDED:
            return Outcome.STILL_UNGROUNDED
        if rescore is Bucket.UNGROUNDED:
            return Outcome.REGRESSION if blocking and can_block else Outcome.REVIEW
        return Outcome.UNSTABLE
    if after is Bucket.NON_ANSWER and before in ANSWERED:
        return Outcome.NEW_NON_ANSWER
    if after is Bucket.UNGROUNDED:
        return Outcome.STILL_UNGROUNDED
    if after is not before:
        return Outcome.MOVED
    if after in ANSWERED:
        return Outcome.TIE
    return Outcome.UNCHANGED


Tripwire = Literal["warn", "block"]
UNFLAGGED = frozenset({Outcome.TIE, Outcome.MOVED, Outcome.UNCHANGED})  # outcomes where the judge saw nothing wrong


def tripwire(outcome: Outcome, new_figures: bool, blocking: bool, mode: Tripwire = "warn") -> Outcome:
    """The tripwire's word on a row, after the judge's: a candidate that newly states a figure its context
    never states, on a row the judge did not flag, is a row to read; under ``block`` it blocks in a
    blocking category. Rows the judge flagged keep the judge's outcome."""
    if not new_figures or outcome not in UNFLAGGED:
        return outcome
    return Outcome.BLOCKING_FIGURE if mode == "block" and blocking else Outcome.UNSUPPORTED_FIGURE


def first_verdicts(before: Bucket | None, after: Bucket | None, blocking: bool) -> Outcome:
    """A row classified on its first verdicts alone, the first verdict standing in for the re-score (an
    end-to-end run's view of each side against its own context, which decides nothing); a side without a
    bucket is an error."""
    if before is None or after is None:
        return Outcome.ERROR
    return classify(before, after, after, blocking)


def rank(bucket: Bucket) -> int:
    """A bucket's place on the scale, worst first: what 'moved up' and 'moved down' compare."""
    return BUCKET_ORDER.index(bucket)


def worse(before: Bucket, after: Bucket) -> bool:
    return rank(after) < rank(before)


# --- the verdict ------------------------------------------------------------------------------

GateVerdict = Literal["pass", "fail", "error"]
FailOn = Literal["blocking", "any-regression", "never"]
ATTENTION = (Outcome.REVIEW, Outcome.UNSTABLE, Outcome.NEW_NON_ANSWER, Outcome.UNSUPPORTED_FIGURE)  # rows to read
BLOCKING = (Outcome.REGRESSION, Outcome.BLOCKING_FIGURE)  # rows that fail the check


def verdict_of(counts: Mapping[Outcome, int]) -> GateVerdict:
    """A blocking row (a regression, or a tripwire row under ``tripwire: block``) fails; otherwise any
    unjudged row means the gate could not measure."""
    if any(counts.get(o) for o in BLOCKING):
        return "fail"
    if counts.get(Outcome.ERROR):
        return "error"
    return "pass"


def gate_exit(verdict: GateVerdict, counts: Mapping[Outcome, int], fail_on: FailOn = "blocking") -> int:
    """Exit code: 1 when the gate blocks (fail wins over error), 3 when rows were not judged.

    ``fail_on`` only chooses which regressions block; it never lets an unjudged row pass: a gate
    that could not measure a row exits 3 under every setting."""
    if verdict == "fail" and fail_on != "never":
        return 1
    if fail_on == "any-regression" and counts.get(Outcome.REVIEW):
        return 1
    return 3 if counts.get(Outcome.ERROR) else 0


def unweighed_fluency(counts: Mapping[Outcome, int]) -> str:
    """Why fluency was not consulted when something blocks, naming what blocks: the judge's confirmed
    regressions, the tripwire's figures (``tripwire: block``, where the judge saw no problem), or both."""
    judge, figures = counts.get(Outcome.REGRESSION), counts.get(Outcome.BLOCKING_FIGURE)
    if judge and figures:
        who = "the judge's confirmed regressions and the tripwire (tripwire: block) block the change"
    elif figures:
        who = "the tripwire (tripwire: block) blocks the change"
    else:
        who = "the judge's confirmed regressions block the change"
    return f"{who}, so fluency gets no vote"


# --- the verdict in words: one place for every medium (console, report, check run) ------------

IRREGULAR = {"unstable": "unstable", "moved": "moved", "still ungrounded": "still ungrounded", "unchanged": "unchanged"}


def plural(n: int, singular: str, many: str | None = None) -> str:
    """'1 case', '2 cases'; words that do not change (unstable, moved) stay as they are."""
    if n == 1:
        return f"{n} {singular}"
    if many is None:
        many = IRREGULAR.get(singular) or (singular[:-1] + "ies" if singular.endswith("y") else singular + "s")
    return f"{n:,} {many}"


# What each count is called, the same in the report, the console and the check run.
COUNT_WORDS: tuple[tuple[Outcome, str, str], ...] = (
    (Outcome.REGRESSION, "blocking regression", "blocking regressions"),
    (Outcome.BLOCKING_FIGURE, "blocking unsupported figure", "blocking unsupported figures"),
    (Outcome.REVIEW, "regression to review", "regressions to review"),
    (Outcome.UNSTABLE, "unstable", "unstable"),
    (Outcome.NEW_NON_ANSWER, "new non-answer", "new non-answers"),
    (Outcome.UNSUPPORTED_FIGURE, "unsupported figure", "unsupported figures"),
    (Outcome.ERROR, "not judged", "not judged"),
    (Outcome.MOVED, "moved", "moved"),
    (Outcome.STILL_UNGROUNDED, "still ungrounded", "still ungrounded"),
)


def counts_line(cases: int, counts: Mapping[Outcome, int], small: int = 0, accepted: int = 0) -> list[str]:
    """'420 cases', then only the counts that are not zero, in the report's order. ``small``: of the
    regressions to review, those in blocking categories too small to block on one judge's word.
    ``accepted``: blocking rows people accepted, counted apart (``counts`` then holds what still blocks)."""
    parts = [plural(cases, "case")]
    for o, one, many in COUNT_WORDS:
        n = counts.get(o, 0) - (small if o is Outcome.REVIEW else 0)
        if o is Outcome.REVIEW and small:
            parts.append(plural(small, "regression to confirm", "regressions to confirm"))
        if n:
            parts.append(plural(n, one, many))
        if o is Outcome.BLOCKING_FIGURE and accepted:
            parts.append(f"{accepted:,} accepted by people")
    unchanged = counts.get(Outcome.TIE, 0) + counts.get(Outcome.UNCHANGED, 0)
    if unchanged:
        parts.append(f"{unchanged:,} unchanged")
    return parts


Conclusion = Literal["success", "neutral", "failure", "cancelled"]


@dataclass(frozen=True)
class Headline:
    """What happens to the merge, in words every medium prints unchanged (the report's heading, the
    check run's title, the console's last line), with the check's conclusion and an icon."""

    icon: str
    text: str
    conclusion: Conclusion


HEADLINE_WIDTH = 110  # a heading, a check run's title, the console's last line: one line or two, never a paragraph


def _by_category(by_category: Mapping[str, int], room: int) -> str:
    """' — policy 18 · pricing 12 · 2 more categories': as many as fit in ``room``, the largest first."""
    ranked = sorted(
        ((n, " ".join(c.split())[:24]) for c, n in by_category.items() if n), key=lambda nc: (-nc[0], nc[1])
    )
    for k in range(len(ranked), 0, -1):
        parts = [f"{name} {n:,}" for n, name in ranked[:k]]
        if k < len(ranked):
            parts.append(plural(len(ranked) - k, "more category", "more categories"))
        text = " — " + " · ".join(parts)
        if len(text) <= room:
            return text
    return ""


def _claims(n: int) -> str:
    return f"{n:,} answer now makes unsupported claims" if n == 1 else f"{n:,} answers now make unsupported claims"


def _figures(n: int) -> str:
    if n == 1:
        return f"{n:,} answer newly states a figure its context never states"
    return f"{n:,} answers newly state figures their context never states"


def _blocked(regressions: int, figures: int) -> str:
    """What blocks, in words: the judge's regressions, then the tripwire's blocking rows."""
    if not figures:
        return _claims(regressions)
    return f"{_claims(regressions)}, {_figures(figures)}" if regressions else _figures(figures)


def _with_categories(text: str, by_category: Mapping[str, int], after: str = "") -> str:
    return text + _by_category(by_category, HEADLINE_WIDTH - len(text) - len(after)) + after


@dataclass(frozen=True)
class Accepted:
    """Blocking rows people accepted (``groundgate.adjudication``): how many, what they are, and by whom."""

    rows: int
    noun: str  # "blocking regression", or "regression" when fail-on: any-regression made REVIEW rows block
    by: tuple[str, ...]

    def who(self) -> str:
        """'@alice', '@alice and @bob', '@alice, @bob and 1 other'."""
        named = [f"@{login}" for login in self.by[:2]]
        rest = len(self.by) - len(named)
        return ", ".join(named) + f" and {plural(rest, 'other')}" if rest else " and ".join(named)

    def words(self) -> str:
        return f"{plural(self.rows, self.noun)} accepted by {self.who()}"


@dataclass(frozen=True)
class Held:
    """Blocking rows held from earlier verdicts of the pull request (``groundgate.sticky``): how many still block,
    and the commits of the verdicts that blocked on them, first seen first."""

    rows: int
    commits: tuple[str, ...]

    def words(self) -> str:
        """'3 held from the verdict on f00dfacef00d' (a commit as the report names it: 12 characters)."""
        named = ", ".join(c[:12] for c in self.commits[:3])
        more = f" and {plural(len(self.commits) - 3, 'other')}" if len(self.commits) > 3 else ""
        return f"{self.rows:,} held from the verdict{'s' if len(self.commits) > 1 else ''} on {named}{more}"


def headline(
    counts: Mapping[Outcome, int],
    exit_code: int,
    fail_on: FailOn = "blocking",
    blocking_by_category: Mapping[str, int] | None = None,
    review_by_category: Mapping[str, int] | None = None,
    also_to_read: int = 0,
    *,
    small_by_category: Mapping[str, int] | None = None,
    unreachable: str | None = None,
    unfit: bool = False,
    accepted: Accepted | None = None,
    held: Held | None = None,
) -> Headline:
    """The verdict as it lands on the merge: derived from the exit code the job really returns,
    so it is true under every ``fail-on``; at most HEADLINE_WIDTH characters unless a count is huge.

    ``also_to_read``: rows a person must read whatever their outcome (an answer that talks to the judge)
    that the counts do not already put there. ``small_by_category``: confirmed regressions in blocking
    categories too small to block on one judge's word (``--min-cases-to-block``), counted among the REVIEW
    rows, named also when other rows block. ``unreachable``: the judge that could not be reached and where
    ('deployment x at https://…'), when rows went unjudged for that reason (an outage). ``unfit``: the judge was
    reached, but stopped answering in the rubric's format (no outage: the model cannot do the job). ``accepted``:
    the blocking rows people accepted, which no longer block (named in the headline); ``counts`` and the
    per-category counts are then what still blocks once people have spoken. ``held``: blocking rows held from
    earlier verdicts (a rerun's roll of the judge did not decide them), named with the verdicts' commits.

    People's acceptances follow one rule: the conclusion is the one the same run would have without the rows
    they accepted, never greener. Every blocking row accepted and rows still to read is ``neutral`` ("Does not
    block merge"), as the same suite with no blocking row would be; only with nothing else to read is it
    ``success``."""
    regressions, review, errors = (counts.get(o, 0) for o in (Outcome.REGRESSION, Outcome.REVIEW, Outcome.ERROR))
    figures = counts.get(Outcome.BLOCKING_FIGURE, 0)  # the tripwire's blocking rows (tripwire: block)
    attention = sum(counts.get(o, 0) for o in ATTENTION) + also_to_read
    blocking = Counter(blocking_by_category or {})
    small = Counter(small_by_category or {})
    unjudged = f"; {plural(errors, 'row')} not judged" if errors else ""
    confirm = f"; {plural(small.total(), 'regression')} to confirm" if small.total() else ""
    people = f"; {accepted.rows:,} accepted by {accepted.who()}" if accepted and accepted.rows else ""
    people = (f"; {held.words()}" if held and held.rows else "") + people
    cases = sum(counts.values()) + (accepted.rows if accepted else 0)  # accepted rows are out of the counts
    if exit_code == 1:
        if fail_on == "any-regression" and review:
            both = blocking + Counter(review_by_category or {})
            text = f"Blocks merge (fail-on: any-regression): {_blocked(regressions + review, figures)}"
            return Headline("🚫", _with_categories(text, both, unjudged + people), "failure")
        text = f"Blocks merge: {_blocked(regressions, figures)}"
        return Headline("🚫", _with_categories(text, blocking, confirm + unjudged + people), "failure")
    if exit_code != 0 or errors:
        blocked = [plural(counts[o], one, many) for o, one, many in COUNT_WORDS if o in BLOCKING and counts.get(o)]
        blocked += [f"{plural(small.total(), 'regression')} to confirm"] if small.total() else []
        also = f"; also {' and '.join(blocked)}" if blocked else ""
        of = f"{errors:,} of {plural(cases, 'row')} not judged"
        if unreachable:
            judge = unreachable if " at " in unreachable else f"at {unreachable}"  # a record kept the place alone
            return Headline("⛔", f"No verdict: the judge {judge} could not be reached: {of}{also}", "failure")
        if unfit:
            return Headline(
                "⛔", f"No verdict: the judge stopped answering in the rubric's format: {of}{also}", "failure"
            )
        return Headline("⛔", f"No verdict: {of}, so the gate cannot pass{also}", "failure")
    if regressions or figures:  # only fail-on: never lets a blocking row through
        text = f"Does not block merge (fail-on: never), but {_blocked(regressions, figures)}"
        return Headline("⚠️", _with_categories(text, blocking, confirm + (f"; {held.words()}" if held and held.rows else "")), "neutral")  # fmt: skip
    if small.total():
        text = f"Does not block merge: {plural(small.total(), 'regression')} to confirm, too few cases to block"
        return Headline("⚠️", _with_categories(text, small, people), "neutral")
    if attention and accepted and accepted.rows:
        return Headline("⚠️", f"Does not block merge: {accepted.words()}; {plural(attention, 'row')} to read before shipping", "neutral")  # fmt: skip
    if attention:
        return Headline("⚠️", f"Does not block merge: {plural(attention, 'row')} to read before shipping", "neutral")
    if accepted and accepted.rows:
        return Headline("✅", f"Passes: {accepted.words()}", "success")
    return Headline("✅", f"Passes: no answer newly fell to ungrounded ({plural(cases, 'case')})", "success")


# --- counting rows by what the rules care about -------------------------------------------------


class Judged(Protocol):
    """What the counts and the noise figures read of a row (``results.Row``)."""

    @property
    def id(self) -> str: ...
    @property
    def category(self) -> str: ...
    @property
    def blocking(self) -> bool: ...
    @property
    def outcome(self) -> Outcome: ...
    @property
    def before(self) -> Bucket | None: ...
    @property
    def after(self) -> Bucket | None: ...
    @property
    def after_score(self) -> float | None: ...


Cell = tuple[str, bool, Outcome, Bucket | None, Bucket | None]  # category, blocking, outcome, before, after


def cell(row: Judged) -> Cell:
    """The row's cell. A held row (``sticky``) is counted as the verdict that blocked on it judged it (a flip to
    ungrounded, in the buckets it kept), not as this run's roll, which did not decide it."""
    if getattr(row, "held_from", None) is not None:
        said = getattr(row, "blocked_as", None)
        before = said.before if said is not None and said.before is not None else row.before
        return (row.category, row.blocking, row.outcome, before, Bucket.UNGROUNDED)
    return (row.category, row.blocking, row.outcome, row.before, row.after)


def tally(rows: Iterable[Judged]) -> Counter[Cell]:
    """How many rows share each category, blocking flag, outcome and pair of buckets: every count the
    report, the noise figures and the checks need, without going through a million rows each time
    (rows kept on disk keep their tally as they are stored)."""
    kept = getattr(rows, "tally", None)
    if isinstance(kept, Counter):
        return kept
    return Counter(cell(row) for row in rows)

"""A results file checked against itself: every row's outcome re-derived from its own scores, re-score and
category under the file's own rules, with the pure rules of ``rules``; then the counts and the verdict.

``report``, ``merge`` and the action's ``merge-results`` read files that a pull request may have made (a
shard's artifact). A file that contradicts itself (a regression relabelled ``tie``, its counts and verdict
adjusted to match) is not a verdict, and ``results.read_results`` refuses it, naming the row and the field.
Rows are checked as they stream in (``RowAudit.see``); what also depends on the file's rules, which a file
may state before or after its rows, is kept per category and checked with the rest (``RowAudit.check``).

What no check of a file can catch: a file that lies consistently (a score changed together with its bucket,
outcome, counts and verdict). Only judging the answers again tells that; the check run and the comment that
groundgate posts itself are what a protected branch should trust, never a file.
"""

from __future__ import annotations

import math
from collections import Counter

from groundgate.adjudication import PIN
from groundgate.injection import addressed
from groundgate.judges.figures import tripwire
from groundgate.noise import mismatch
from groundgate.results import RUN_URL, Results, Row, outcome_counts
from groundgate.rules import (
    UNFLAGGED,
    Bucket,
    Outcome,
    bucket_of,
    classify,
    first_verdicts,
    needs_rescore,
    tally,
    verdict_of,
)

Problem = tuple[str, str]  # the field (rows.N.name), and what is wrong
EDITED = "an edited results file is not a verdict"
_NOT_INDEPENDENT = (None, "same", "none")  # who confirmed a flip, when it was not an independent second opinion


def _bucket_problem(bucket: Bucket | None, score: float | None, answer: str = "") -> str | None:
    """What is wrong with a bucket and the score it came from, if anything (``answer``: the side's text,
    when the row keeps it)."""
    if score is None:
        if bucket not in (None, Bucket.NON_ANSWER):  # an empty answer is a non-answer without a judge call
            return f"a {bucket} bucket without a score"
        if bucket is Bucket.NON_ANSWER and answer.strip():
            return "a non-answer without a score, though its answer is not empty"
        return None
    if not math.isfinite(score) or not 1 <= score <= 5:
        return f"{score!r} is not a score on the judge's 1-5 scale"
    if bucket is not bucket_of(score):
        return f"the bucket {bucket} does not match the score {score:g} ({bucket_of(score)})"
    return None


def _rescored(score: float | None) -> Bucket | None:
    return bucket_of(score) if score is not None and math.isfinite(score) and 1 <= score <= 5 else None


class RowAudit:
    """Each row of a results file as it is read: the first problem found, and per category what the
    file's rules must allow (checked by ``check`` once the whole file is read)."""

    def __init__(self) -> None:
        self.problem: Problem | None = None
        self.first: dict[tuple[str, bool], tuple[int, str]] = {}  # (category, blocking) -> its first row
        self.demoted: dict[str, tuple[int, str]] = {}  # a confirmed flip kept from blocking: the category must be small
        self.unconfirmed: dict[str, tuple[int, str]] = {}  # a blocking regression no independent judge confirmed
        self.labels: dict[str, tuple[int, str]] = {}  # who re-scored flips, and the first row naming each
        self.unechoed: tuple[int, str] | None = None  # 'same' on a row whose re-score came from another model
        self.baseline_rescored: tuple[int, str] | None = None
        self.live: tuple[int, str] | None = None
        self.unfailed: tuple[int, str] | None = None  # an error row whose only missing score is a baseline re-score
        self.figure_blocks: tuple[int, str] | None = None  # a tripwire row that blocks: the file's tripwire must block
        self.figure_reads: tuple[int, str] | None = None  # a blocking category's tripwire row that does not block

    def _refuse(self, index: int, row: Row, field: str, message: str) -> None:
        self.problem = (f"rows.{index}.{field}", f"row {row.id!r}: {message}: {EDITED}")

    def see(self, index: int, row: Row) -> None:
        if self.problem is None:
            self._see(index, row)

    def _see(self, index: int, row: Row) -> None:
        at = (index, row.id)
        self.first.setdefault((row.category, row.blocking), at)
        sides = (
            ("before", row.before, row.before_score, row.baseline),
            ("after", row.after, row.after_score, row.candidate),
        )
        for name, bucket, score, answer in sides:
            if (problem := _bucket_problem(bucket, score, answer)) is not None:
                return self._refuse(index, row, name, problem)
        for name in ("rescore_score", "baseline_rescore_score"):
            score = getattr(row, name)
            if score is not None and _rescored(score) is None:
                return self._refuse(index, row, name, f"{score!r} is not a score on the judge's 1-5 scale")
        if row.held_from is not None and (row.outcome is not Outcome.REGRESSION or not row.blocking):
            what = "blocks" if row.blocking else "does not block"
            return self._refuse(index, row, "held_from", f"held, but a {row.outcome} row of a category that {what}")
        if row.held_from is not None and not PIN.fullmatch(row.held_from):
            return self._refuse(index, row, "held_from", f"{row.held_from[:50]!r} is not the commit of a verdict")
        if row.blocked_as is not None and row.held_from is None:
            return self._refuse(index, row, "blocked_as", "what a blocking verdict said, on a row that is not held")
        if row.held_by is not None and (row.held_from is None or not RUN_URL.fullmatch(row.held_by)):
            return self._refuse(index, row, "held_by", f"{row.held_by[:80]!r} is not the check run of a held row")
        if (talk := self._talks(row)) is not None:
            return self._refuse(index, row, "talks_to_judge", talk)
        if (figures := self._figures(row)) is not None:
            return self._refuse(index, row, "new_figures", figures)
        if row.live is not None:
            self.live = self.live or at
            for name, bucket, score in (("before", row.live.before, row.live.before_score), ("after", row.live.after, row.live.after_score)):  # fmt: skip
                if (problem := _bucket_problem(bucket, score)) is not None:
                    return self._refuse(index, row, f"live.{name}", problem)
            if (expected := first_verdicts(row.live.before, row.live.after, row.blocking)) is not row.live.outcome:
                return self._refuse(
                    index, row, "live.outcome", f"says {row.live.outcome} but its own buckets make it {expected}"
                )
        if row.outcome is Outcome.ERROR:
            if not row.error:
                return self._refuse(index, row, "error", "an error row without the judge's failure")
            if row.before is None or row.after is None:
                return None  # a side was not judged
            flip = needs_rescore(row.before, row.after)
            if flip and row.rescore_score is None:
                return None  # its re-score was not judged
            if not flip or row.baseline_rescore_score is not None:
                return self._refuse(index, row, "outcome", "an error row with every score it needs")
            self.unfailed = self.unfailed or at  # only a baseline re-score can have failed: the run must make them
            return None
        if row.error is not None:
            return self._refuse(index, row, "error", f"a {row.outcome} row carries a judge failure")
        assert row.before is not None  # the row's own validator: only an error row may lack a bucket
        assert row.after is not None
        rescore, baseline_rescore = _rescored(row.rescore_score), _rescored(row.baseline_rescore_score)
        if not needs_rescore(row.before, row.after):
            if row.rescore_score is not None or row.confirmed_by is not None or baseline_rescore is not None:
                return self._refuse(index, row, "rescore_score", "re-scored, but it did not newly fall to ungrounded")
        elif rescore is None or row.confirmed_by is None:
            return self._refuse(index, row, "rescore_score", "newly ungrounded, but without its re-score")
        else:
            self.labels.setdefault(row.confirmed_by, at)
            if row.confirmed_by == "none" and row.rescore_score != row.after_score:
                return self._refuse(index, row, "rescore_score", "no second opinion, yet a re-score of its own")
            if row.confirmed_by == "same" and (
                not row.rescore_model
                or row.rescore_model.strip().casefold() != (row.after_model or "").strip().casefold()
            ):
                self.unechoed = self.unechoed or at  # 'same' for another label only when it reported the same model
        if baseline_rescore is not None:
            self.baseline_rescored = self.baseline_rescored or at
        expected = classify(row.before, row.after, rescore, row.blocking, baseline_rescore=baseline_rescore)
        if row.held_from is not None:  # held (``sticky``): a blocking regression, stricter than its scores make it
            return None
        if any(new.flagged for new in row.new_figures or []) and expected in UNFLAGGED:  # the tripwire's row
            if row.outcome is Outcome.BLOCKING_FIGURE and row.blocking:
                self.figure_blocks = self.figure_blocks or at
            elif row.outcome is Outcome.UNSUPPORTED_FIGURE:
                if row.blocking:
                    self.figure_reads = self.figure_reads or at
            else:
                what = "a blocking category's" if row.blocking else "its"
                return self._refuse(
                    index,
                    row,
                    "outcome",
                    f"says {row.outcome} but its buckets and new figures make it {what} tripwire row",
                )
            return None
        independent = row.confirmed_by not in _NOT_INDEPENDENT
        if expected is Outcome.REGRESSION and row.outcome is Outcome.REVIEW and not independent:
            self.demoted.setdefault(row.category, at)  # allowed in a category smaller than min-cases-to-block
        elif expected is not row.outcome:
            return self._refuse(
                index, row, "outcome", f"says {row.outcome} but its buckets, re-score and category make it {expected}"
            )
        elif expected is Outcome.REGRESSION and not independent:
            self.unconfirmed.setdefault(row.category, at)  # allowed in a category not smaller than that
        return None

    @staticmethod
    def _talks(row: Row) -> str | None:
        """Whether the row's mark for an answer that talks to the judge is the answers' own."""
        if row.baseline or row.candidate:
            expected = addressed(row.baseline, row.candidate)
            if expected != row.talks_to_judge:
                return f"its answers give {expected!r} as what talks to the judge, not {row.talks_to_judge!r}"
        elif row.talks_to_judge is not None:
            return "marked as talking to the judge, but without the answers (such rows keep them)"
        return None

    @staticmethod
    def _figures(row: Row) -> str | None:
        """Whether the row's new figures are the tripwire's on its own texts (rows with new figures keep them)."""
        if row.context:
            finding = tripwire(row.context, row.query, row.baseline, row.candidate)
            found = finding.new
            if (finding.unread or None) != row.figures_unread:
                return f"its texts give {finding.unread or None!r} as the language whose figures are not read, not {row.figures_unread!r}"  # fmt: skip
            expected = [new.figure.text for new in found]
            stated = [new.figure for new in row.new_figures or []]
            if expected != stated:
                return f"its texts give {expected!r} as the figures the candidate newly states, not {stated!r}"
            compared = [(new.figure.said, new.nearest, new.sentence, new.status, new.basis) for new in found]
            recorded = [(new.said, new.nearest, new.sentence, new.status, new.basis) for new in row.new_figures or []]
            if compared != recorded:
                return (
                    f"its texts give {compared!r} as what its new figures say and were compared with, not {recorded!r}"
                )
        elif row.new_figures is not None or row.figures_unread is not None:
            return "new figures, but without the texts they were found in (such rows keep them)"
        return None

    def check(self, results: Results) -> Problem | None:
        """The first problem of the whole file: a row's, then what the file's rules must allow."""
        if self.problem is not None:
            return self.problem
        return self._rules(results) or self._totals(results)

    def _rules(self, results: Results) -> Problem | None:
        blocking = frozenset(results.blocking_categories)
        for (category, flagged), (index, cid) in self.first.items():
            if flagged != (category in blocking):
                what = "blocking" if flagged else "not blocking"
                return (f"rows.{index}.blocking", f"row {cid!r}: {what}, but the file's blocking categories say otherwise: {EDITED}")  # fmt: skip
        if (problem := sizes_problem(results)) is not None:
            return problem
        floor = results.min_cases_to_block
        for category, (index, cid) in self.demoted.items():
            if results.category_sizes.get(category, 0) >= floor:
                return (f"rows.{index}.outcome", f"row {cid!r}: a confirmed flip in {category!r}, kept from blocking, but the category is not smaller than min_cases_to_block ({floor}): {EDITED}")  # fmt: skip
        for category, (index, cid) in self.unconfirmed.items():
            if results.category_sizes.get(category, 0) < floor:
                return (f"rows.{index}.outcome", f"row {cid!r}: blocks in {category!r}, smaller than min_cases_to_block ({floor}), without an independent confirmation: {EDITED}")  # fmt: skip
        label = results.judge.second_opinion
        allowed = {label} if label in _NOT_INDEPENDENT else {label, "same"}
        for found, (index, cid) in self.labels.items():
            if found not in allowed:
                return (f"rows.{index}.confirmed_by", f"row {cid!r}: re-scored by {found!r}, but the file's second opinion is {label!r}: {EDITED}")  # fmt: skip
        if self.unechoed is not None and label != "same":
            index, cid = self.unechoed
            return (f"rows.{index}.confirmed_by", f"row {cid!r}: counted as the same judge, but its re-score came from another model: {EDITED}")  # fmt: skip
        if self.baseline_rescored is not None and not results.rescore_baseline:
            index, cid = self.baseline_rescored
            return (f"rows.{index}.baseline_rescore_score", f"row {cid!r}: a baseline re-score in a run that re-scores no baseline: {EDITED}")  # fmt: skip
        if self.unfailed is not None and not results.rescore_baseline:
            index, cid = self.unfailed
            return (f"rows.{index}.outcome", f"row {cid!r}: an error row with every score it needs: {EDITED}")
        if self.figure_blocks is not None and results.tripwire != "block":
            index, cid = self.figure_blocks
            return (f"rows.{index}.outcome", f"row {cid!r}: a tripwire row that blocks, but the file's tripwire is {results.tripwire!r}: {EDITED}")  # fmt: skip
        if self.figure_reads is not None and results.tripwire == "block":
            index, cid = self.figure_reads
            return (f"rows.{index}.outcome", f"row {cid!r}: a tripwire row in a blocking category that does not block, but the file's tripwire blocks: {EDITED}")  # fmt: skip
        if self.live is not None and results.mode != "end-to-end":
            index, cid = self.live
            return (f"rows.{index}.live", f"row {cid!r}: an end-to-end verdict in a frozen-context run: {EDITED}")
        return None

    @staticmethod
    def _totals(results: Results) -> Problem | None:
        counts = outcome_counts(results.rows)
        if results.verdict != verdict_of(counts) or any(results.counts.get(o, 0) != counts[o] for o in Outcome):
            return ("verdict", f"the verdict and counts do not match the rows: {EDITED}")
        if results.noise is not None:
            confirmed = results.judge.second_opinion != "none"
            if (problem := mismatch(results.noise, results.rows, results.calls.noise, confirmed)) is not None:
                return ("noise", f"{problem}: an edited results file")
        return None


def sizes_problem(results: Results) -> Problem | None:
    """The suite's category sizes against the rows: equal for a whole run, at least the rows for a shard."""
    rows: Counter[str] = Counter()
    for (category, _, _, _, _), n in tally(results.rows).items():
        rows[category] += n
    for category, n in sorted(rows.items()):
        size = results.category_sizes.get(category, 0)
        if n > size or (results.shard is None and n != size):
            return ("category_sizes", f"{category!r} has {n} row(s) but the suite {size} case(s): {EDITED}")
    if results.shard is None and sum(results.category_sizes.values()) != len(results.rows):
        return ("category_sizes", f"the suite's categories count other cases than the rows: {EDITED}")
    return None

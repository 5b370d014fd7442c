"""The check run's annotations: one per row a reviewer must read, on its line of the cases file, in the
report's words and numbers, cut to GitHub's limits in bytes; the rows not judged one per distinct error;
levels that follow ``fail-on``, failures first."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from groundgate.adjudication import blocks
from groundgate.report.headline import OUTAGE_FIX, outage
from groundgate.report.render import plain, score
from groundgate.report.rows import figures_said, held_said
from groundgate.report.yardstick import edited_words
from groundgate.results import Results, Row, rows_with
from groundgate.rules import FailOn, Outcome, plural
from groundgate.wording import listed

_SIDE = re.compile(r"^(?:baseline re-score|re-score|baseline|candidate): ")
TITLE_LIMIT = 255
MESSAGE_LIMIT = 60_000  # bytes; GitHub's limit is 64 KB
LEVELS: dict[Outcome, str] = {
    Outcome.REGRESSION: "failure",
    Outcome.BLOCKING_FIGURE: "failure",
    Outcome.UNSUPPORTED_FIGURE: "warning",
    Outcome.REVIEW: "warning",
    Outcome.UNSTABLE: "warning",
    Outcome.ERROR: "warning",
    Outcome.NEW_NON_ANSWER: "notice",
}


@dataclass(frozen=True)
class Annotation:
    path: str
    line: int
    level: str
    title: str
    message: str

    def as_dict(self) -> dict[str, str | int]:
        return {
            "path": self.path,
            "start_line": self.line,
            "end_line": self.line,
            "annotation_level": self.level,
            "title": self.title,
            "message": self.message,
        }


ANNOTATION_WORDS = {
    Outcome.REGRESSION: "blocking regression",
    Outcome.BLOCKING_FIGURE: "blocking unsupported figure",
    Outcome.UNSUPPORTED_FIGURE: "unsupported figure",
    Outcome.REVIEW: "regression to review",
    Outcome.UNSTABLE: "unstable",
    Outcome.NEW_NON_ANSWER: "new non-answer",
    Outcome.ERROR: "not judged",
}


def cut_bytes(text: str, limit: int) -> str:
    """Text cut to ``limit`` UTF-8 bytes (GitHub counts bytes), never inside a character."""
    data = text.encode("utf-8")
    if len(data) <= limit:
        return text
    return data[: max(0, limit - len("…".encode()))].decode("utf-8", errors="ignore").rstrip() + "…"


def level_of(outcome: Outcome, fail_on: FailOn) -> str:
    """A row's annotation level under ``fail_on``: a failure only for a row that fails the check (a blocking
    row unless ``fail-on: never``; a regression to review under ``any-regression``), so a neutral check
    carries no failure-level annotation."""
    if blocks(outcome, fail_on):
        return "failure"
    return "warning" if LEVELS[outcome] == "failure" else LEVELS[outcome]


RANK = {"failure": 0, "warning": 1, "notice": 2}


def in_order(annotations: Iterable[Annotation]) -> list[Annotation]:
    """Failures first, then warnings, then notices, each by file and line: the Checks tab lists them as sent."""
    return sorted(annotations, key=lambda a: (RANK.get(a.level, len(RANK)), a.path, a.line))


def annotations_for(results: Results, cases_path: str, fail_on: FailOn = "blocking") -> list[Annotation]:
    """One annotation per row a reviewer must read, on its line of the cases file (plain text), in the report's
    words and numbers (`5 → 2`), at the level ``fail_on`` gives it; the rows not judged one per distinct error
    (an outage's error said once, not on every row), on the line of the first. Failures first."""
    found = []
    stick = results.yardstick
    at_base = stick.at_base if stick is not None else {}
    for row in rows_with(results.rows, [o for o in LEVELS if o is not Outcome.ERROR]):  # the rows to read
        title = cut_bytes(
            plain(f"groundgate {ANNOTATION_WORDS[row.outcome]}: {row.id} [{row.category}]", 10_000), TITLE_LIMIT
        )
        if row.outcome in (Outcome.UNSUPPORTED_FIGURE, Outcome.BLOCKING_FIGURE):
            judged = f"{_word(row.after)}, {score(row.after_score)}"
            message = f"The candidate {figures_said(row)}; the judge may have missed this ({judged})."
        else:
            scores = f"{score(row.before_score)} → {score(row.after_score)}" + (
                f", re-score {score(row.rescore_score)}" if row.rescore_score is not None else ""
            )
            moved = f"{_word(row.before)} → {_word(row.after)}"
            message = f"{moved} ({scores}). Judge: {row.rescore_reason or row.after_reason or ''}"
            if row.held_from:  # its re-score may disagree now: the verdict that blocked on this answer stands
                message = f"{held_said(row)}. {moved} ({scores}). Judge: {row.after_reason or ''}"
        if (
            stick is not None and (base := at_base.get(row.id)) is not None
        ):  # on the PR's line, the edit a reviewer reads
            message = (
                f"The PR edited this case's {edited_words(stick, row.id)}: judged against the base branch's "
                f"version (line {base.line} of the base branch's cases file). {message}"
            )
        found.append(_annotation(cases_path, row.line, level_of(row.outcome, fail_on), title, message))
    found += _not_judged(results, cases_path)
    return in_order(found)


IDS_NAMED = 20  # ids an annotation of rows not judged names (the report lists them all)


def _not_judged(results: Results, cases_path: str) -> list[Annotation]:
    """The rows not judged, one annotation per distinct error (the side that failed and the circuit breaker's
    refusal set aside, so an outage is one), on the first row's line, naming the rows."""
    if not results.counts.get(Outcome.ERROR):
        return []
    down = outage(results)
    groups: dict[str, list[Row]] = {}
    counted: Counter[str] = Counter()
    for row in rows_with(results.rows, [Outcome.ERROR]):
        error = "" if down is not None and row.unreachable is not None else _cause(row.error or "")
        counted[error] += 1
        if len(groups.setdefault(error, [])) < IDS_NAMED:
            groups[error].append(row)
    found = []
    for error, rows in groups.items():
        n = counted[error]
        ids = listed([row.id for row in rows], len(rows), n)
        if not error and down is not None:
            title = f"groundgate not judged: {plural(n, 'row')}, the judge could not be reached"
            stopped = (
                f" The circuit breaker stopped the calls after {plural(down.breaker, 'failed call')} in a row."
                if down.breaker
                else ""
            )
            message = (
                f"The judge {down.named} could not be reached: {plural(n, 'row')} not judged ({ids}). The judge's "
                f"error: {down.error}.{stopped} Nothing was decided about these rows: {OUTAGE_FIX}"
            )
        else:
            title = (
                f"groundgate not judged: {rows[0].id} [{rows[0].category}]"
                if n == 1
                else (f"groundgate not judged: {plural(n, 'row')}")
            )
            message = f"Could not judge {plural(n, 'row')} ({ids}): {error}"
        found.append(
            _annotation(cases_path, rows[0].line, "warning", cut_bytes(plain(title, 10_000), TITLE_LIMIT), message)
        )
    return found


def _cause(error: str) -> str:
    """A row's error without the side that failed, so rows that failed alike are one annotation."""
    return _SIDE.sub("", error)


def _annotation(path: str, line: int, level: str, title: str, message: str) -> Annotation:
    return Annotation(path, line, level, title, cut_bytes(plain(message, MESSAGE_LIMIT), MESSAGE_LIMIT))


def _word(bucket: str | None) -> str:
    return "not judged" if bucket is None else bucket.replace("_", "-")

"""The check run's annotations: one per row a reviewer must read, on its line of the cases file, in the
report's words and numbers, cut to GitHub's limits in bytes."""

from __future__ import annotations

from dataclasses import dataclass

from groundgate.report.render import plain, score
from groundgate.report.rows import figures_said
from groundgate.report.yardstick import edited_words
from groundgate.results import Results, rows_with
from groundgate.rules import Outcome

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


def annotations_for(results: Results, cases_path: str) -> list[Annotation]:
    """One annotation per row a reviewer must read, on its line of the cases file (plain text), in
    the report's words and numbers (`5 → 2`)."""
    found = []
    stick = results.yardstick
    at_base = stick.at_base if stick is not None else {}
    for row in rows_with(results.rows, LEVELS):  # only the rows a reviewer must read
        level = LEVELS[row.outcome]
        title = cut_bytes(
            plain(f"groundgate {ANNOTATION_WORDS[row.outcome]}: {row.id} [{row.category}]", 10_000), TITLE_LIMIT
        )
        if row.outcome is Outcome.ERROR:
            message = f"Could not judge: {row.error}"
        elif row.outcome in (Outcome.UNSUPPORTED_FIGURE, Outcome.BLOCKING_FIGURE):
            judged = f"{_word(row.after)}, {score(row.after_score)}"
            message = f"The candidate {figures_said(row)}; the judge may have missed this ({judged})."
        else:
            scores = f"{score(row.before_score)} → {score(row.after_score)}" + (
                f", re-score {score(row.rescore_score)}" if row.rescore_score is not None else ""
            )
            moved = f"{_word(row.before)} → {_word(row.after)}"
            message = f"{moved} ({scores}). Judge: {row.rescore_reason or row.after_reason or ''}"
        if (
            stick is not None and (base := at_base.get(row.id)) is not None
        ):  # on the PR's line, the edit a reviewer reads
            message = (
                f"The PR edited this case's {edited_words(stick, row.id)}: judged against the base branch's "
                f"version (line {base.line} of the base branch's cases file). {message}"
            )
        found.append(
            Annotation(cases_path, row.line, level, title, cut_bytes(plain(message, MESSAGE_LIMIT), MESSAGE_LIMIT))
        )
    return found


def _word(bucket: str | None) -> str:
    return "not judged" if bucket is None else bucket.replace("_", "-")

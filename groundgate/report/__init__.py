"""The reviewer's report: results → markdown, in the three sizes GitHub accepts.

The template (``templates/report.md.j2``) lays the report out; this module decides what goes in
it. Every value the template prints is escaped by the environment's ``finalize`` unless it was
escaped on purpose (``escape``), so user text cannot turn into markup by omission. When the report
does not fit its target, rows are dropped or shortened lowest priority first; blocking regressions
go last, and the report says how much it left out and where the full list is.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Literal
from urllib.parse import quote

from jinja2 import Environment
from markupsafe import Markup

from groundgate.errors import GroundgateError, one_line
from groundgate.report.escape import inline
from groundgate.report.render import environment, score
from groundgate.results import Results, Row
from groundgate.rules import BUCKET_ORDER, Outcome, report_headline, worse

Target = Literal["comment", "check", "summary"]
LIMITS: dict[Target, int] = {"comment": 65_536, "check": 65_535, "summary": 1_048_576}
SMALL_SAMPLE = 50  # the method's rule of thumb for a category whose single flip may block on its own
MARKER_PREFIX = "<!-- groundgate-report"

# Display order; the drop order is the reverse of the priority below.
SECTIONS: dict[str, tuple[str, str]] = {
    "regression": ("Blocking regressions", "Newly ungrounded in a blocking category, confirmed by the re-score."),
    "review": ("Regressions to review", "Newly ungrounded, confirmed by the re-score, in a category that does not block. Read before shipping."),
    "unstable": ("Unstable", "Newly ungrounded, but the re-score disagreed: the judge disagreed with itself. Send to human review."),
    "new_non_answer": ("New non-answers", "The candidate stopped answering: a clarifying question or filler where the baseline answered."),
    "error": ("Could not judge", "The judge gave no usable score on some side; these rows are unmeasured."),
    "moved_down": ("Moved down", "Bucket changes for the worse that are not regressions."),
    "moved_up": ("Moved up", "Bucket changes for the better. Improvements that look too good are often the judge rewarding length."),
    "still_ungrounded": ("Still ungrounded", "Ungrounded on both sides: backlog, does not block this change."),
}  # fmt: skip
DROP_ORDER = ("still_ungrounded", "moved_up", "moved_down", "new_non_answer", "unstable", "review", "error")
COLLAPSE_AFTER = 10  # moves longer than this are collapsed


@dataclass(frozen=True)
class Links:
    """Where case ids link to: the cases file at the commit under test."""

    server_url: str
    repository: str
    sha: str
    cases_path: str  # relative to the repository root

    def case(self, line: int) -> str:
        path = quote(self.cases_path.lstrip("/"))
        return f"{self.server_url.rstrip('/')}/{quote(self.repository)}/blob/{quote(self.sha)}/{path}#L{line}"


@dataclass(frozen=True)
class ReportContext:
    check_name: str = "groundgate"
    links: Links | None = None
    full_report: str = "the results file (`--results`)"  # where a reader finds what was left out
    commit: str | None = None  # the commit the report reflects (a PR's head), shown with its link
    commit_url: str | None = None
    run_url: str | None = None  # the workflow run that made the report
    run_id: str | None = None

    def provenance(self) -> Markup:
        """One line naming the commit this report reflects and the run that made it: a comment that
        outlived its commit says so itself. Empty outside a workflow."""
        parts = []
        if self.commit and re.fullmatch(r"[0-9a-fA-F]{7,64}", self.commit):
            short = f"`{self.commit[:12]}`"
            parts.append(
                f"Reflects commit [{short}]({self.commit_url})" if self.commit_url else f"Reflects commit {short}"
            )
        if self.run_url and self.run_id and self.run_id.isdigit():
            parts.append(f"made by [workflow run {self.run_id}]({self.run_url})")
        return Markup(", ".join(parts) + "." if parts else "")  # noqa: S704 - a hex sha, digits and our own URLs


@dataclass
class Layout:
    text_limit: int = 1500
    reason_limit: int = 200
    rows: dict[str, int] = field(default_factory=dict)  # max rows shown per section; absent = all
    details: dict[str, int] = field(default_factory=dict)  # max rows with details; absent = all


@dataclass
class Section:
    key: str
    title: Markup
    intro: Markup
    rows: list[Row]
    total: int
    detailed: list[Row]
    collapsed: bool

    @property
    def left_out(self) -> int:
        return self.total - len(self.rows)


def marker(check_name: str) -> str:
    """The hidden marker that identifies this report's comment; user text can never contain '<!--'."""
    safe = re.sub(r"[^A-Za-z0-9 _.:/-]", "_", check_name)[:100]
    return f'{MARKER_PREFIX} check="{safe}" -->'


def _groups(results: Results) -> dict[str, list[Row]]:
    groups: dict[str, list[Row]] = {key: [] for key in SECTIONS}
    for row in results.rows:
        if row.outcome is Outcome.MOVED:
            assert row.before is not None
            assert row.after is not None
            groups["moved_down" if worse(row.before, row.after) else "moved_up"].append(row)
        elif row.outcome.value in groups:
            groups[row.outcome.value].append(row)
    return groups


def _sections(groups: dict[str, list[Row]], layout: Layout) -> list[Section]:
    sections = []
    for key, (title, intro) in SECTIONS.items():
        rows = groups[key]
        if not rows:
            continue
        shown = rows[: layout.rows.get(key, len(rows))]
        detailed = (
            []
            if key in ("moved_up", "moved_down", "still_ungrounded")
            else shown[: layout.details.get(key, len(shown))]
        )
        collapsed = key == "still_ungrounded" or (key.startswith("moved") and len(rows) > COLLAPSE_AFTER)
        sections.append(Section(key, Markup(title), Markup(intro), shown, len(rows), detailed, collapsed))  # noqa: S704
    return sections


@dataclass
class CategoryLine:
    name: str
    cases: int
    before: Counter[str]
    after: Counter[str]
    regressions: int
    blocking: bool


def _categories(results: Results) -> list[CategoryLine]:
    lines: dict[str, CategoryLine] = {}
    for row in results.rows:
        line = lines.setdefault(row.category, CategoryLine(row.category, 0, Counter(), Counter(), 0, row.blocking))
        line.cases += 1
        line.before[row.before or "error"] += 1
        line.after[row.after or "error"] += 1
        line.regressions += row.outcome in (Outcome.REGRESSION, Outcome.REVIEW)
    return sorted(lines.values(), key=lambda c: (not c.blocking, c.name))


def _matrix(results: Results) -> list[list[int]]:
    cells = Counter((row.before, row.after) for row in results.rows if row.before and row.after)
    return [[cells[(b, a)] for a in BUCKET_ORDER] for b in BUCKET_ORDER]


def _label(bucket: str | None) -> str:
    return "error" if bucket is None else bucket.replace("_", "-")


def _reason(row: Row) -> str | None:
    if row.outcome is Outcome.ERROR:
        return row.error
    return row.rescore_reason or row.after_reason


def _scores(row: Row) -> str:
    text = f"{score(row.before_score)} → {score(row.after_score)}"
    if row.rescore_score is not None:
        by = f" by {row.confirmed_by}" if row.confirmed_by not in (None, "same") else ""
        text += f" (re-score {score(row.rescore_score)}{by})"
    if row.baseline_rescore_score is not None:
        text += f" (baseline re-score {score(row.baseline_rescore_score)})"
    return text


SECOND_OPINIONS = {
    "same": "the same judge again (absorbs wobble; not a second opinion)",
    "none": "nobody (the first verdict stands)",
    "groundedness-pro": "GroundednessProEvaluator (preview), an independent second opinion",
}


def second_opinion_text(label: str) -> str:
    if label.startswith("deployment:"):
        return f"the judge deployment {label.removeprefix('deployment:')}, an independent second opinion"
    return SECOND_OPINIONS.get(label, label)


@cache
def _env() -> Environment:
    """The shared environment, with every value escaped for markdown unless it is Markup already."""
    env = environment().overlay(finalize=lambda value: value if isinstance(value, Markup) else inline(value))
    env.filters.update(scores=_scores, reason=_reason, label=_label)
    return env


class _Renderer:
    """Renders one results object at ever smaller layouts; the parts that do not depend on the
    layout are computed once and each section is rendered again only when its own share changed."""

    def __init__(self, results: Results, context: ReportContext) -> None:
        self.results = results
        self.context = context
        self.groups = _groups(results)
        self.frame = {
            "r": results,
            "c": results.counts,
            "categories": _categories(results),
            "small_sample": SMALL_SAMPLE,
            "buckets": BUCKET_ORDER,
            "matrix": _matrix(results),
            "stats": {c.name: c for c in results.categories},
            "second_opinion": second_opinion_text(results.judge.second_opinion),
            "full_report": Markup(context.full_report),  # noqa: S704 - ours, never user text
            "marker": Markup(marker(context.check_name)),  # noqa: S704 - sanitised check name
            "provenance": context.provenance(),
        }
        icon, headline = report_headline(results.verdict, results.counts)
        self.frame.update(icon=icon, headline=Markup(headline))  # noqa: S704 - ours
        self._parts: dict[tuple[object, ...], Markup] = {}

    def _part(self, section: Section, layout: Layout) -> Markup:
        key = (section.key, len(section.rows), len(section.detailed), layout.text_limit, layout.reason_limit)
        if key not in self._parts:
            text = (
                _env()
                .get_template("section.md.j2")
                .render(section=section, layout=layout, links=self.context.links, full_report=self.frame["full_report"])
            )
            self._parts[key] = Markup(text)  # noqa: S704 - rendered by the escaping environment
        return self._parts[key]

    def render(self, layout: Layout) -> str:
        sections = _sections(self.groups, layout)
        parts = [self._part(section, layout) for section in sections]
        left_out = sum(s.left_out for s in sections)
        return _env().get_template("report.md.j2").render(**self.frame, sections=parts, left_out=left_out)


def _layouts(groups: dict[str, list[Row]]) -> Iterator[Layout]:
    """Ever smaller layouts, lowest priority first; blocking regressions are shortened last."""
    layout = Layout()
    yield layout
    for text_limit in (500, 150):
        layout = replace(layout, text_limit=text_limit)
        yield layout
    for key in DROP_ORDER:
        layout = replace(layout, details={**layout.details, key: 0})
        yield layout
    layout = replace(layout, reason_limit=80)
    yield layout
    for key in DROP_ORDER:
        n = len(groups[key])
        while n:
            n //= 2
            layout = replace(layout, rows={**layout.rows, key: n})
            yield layout
    n = len(groups["regression"])
    while n:
        n //= 2
        layout = replace(layout, details={**layout.details, "regression": n})
        yield layout
    layout = replace(layout, reason_limit=30)
    yield layout
    n = len(groups["regression"])
    while n:  # last resort: more blocking regressions than any comment can hold
        n = n * 3 // 4
        layout = replace(layout, rows={**layout.rows, "regression": n})
        yield layout


def render(results: Results, target: Target = "summary", context: ReportContext | None = None) -> str:
    """The largest layout of the report that fits the target's limit (counted in UTF-8 bytes)."""
    context = context or ReportContext()
    limit = LIMITS[target]
    renderer = _Renderer(results, context)
    for layout in _layouts(renderer.groups):
        text = renderer.render(layout)
        if len(text.encode("utf-8")) <= limit:
            return text
    # Nothing fits (not even the headline): keep the marker and the headline.
    icon, headline = report_headline(results.verdict, results.counts)
    return f"## {icon} groundgate: {headline}\n\nThe report is too large to show; see {context.full_report}.\n\n{marker(context.check_name)}\n"


def render_failure(error: GroundgateError) -> str:
    """The job summary of a run that ended without a verdict: the same message as the log line, with its fix."""
    return _env().get_template("failure.md.j2").render(message=one_line(str(error)), exit_code=error.exit_code)

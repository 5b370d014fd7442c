"""The reviewer's report: results → markdown, in the three sizes GitHub accepts.

The templates (``templates/report.md.j2``, ``section.md.j2``) lay the report out; this module
decides what goes in it. Every value a template prints is escaped by the environment's
``finalize`` unless it was escaped on purpose, so user text cannot turn into markup by omission.

The report is made of sections (``SECTIONS``), in order of value: blocking regressions first. When
the report does not fit its target it shrinks by that value: the lists of moves and backlog first
(down to a count), then the length of texts and the number of detailed rows of the sections a
person must read, never below the first rows of each of them; every blocking regression stays named
(with its category, scores and reason, as one table line when it cannot be shown whole) until
nothing else is left to cut. Every omission says how many rows it left out and where the full list is.
"""

from __future__ import annotations

from typing import Literal

from markupsafe import Markup

from groundgate.errors import GroundgateError, one_line
from groundgate.report import noise as noise_words
from groundgate.report.categories import SMALL_SAMPLE, bucket_matrix, category_lines, p_text
from groundgate.report.context import ReportContext, marker
from groundgate.report.escape import inline
from groundgate.report.headline import (
    headline_note,
    outage,
    too_small,
    verdict_headline,
)
from groundgate.report.people import render_people
from groundgate.report.rows import markdown_env, second_opinion_text
from groundgate.report.sections import (
    BLOCKING,
    MIN_ID_BYTES,
    MIN_LINE_BYTES,
    MIN_UNIT_BYTES,
    PROTECTED,
    SECTIONS,
    Layout,
    Section,
    grouped,
    intro_of,
    layouts,
    marked_rows,
    sections_of,
)
from groundgate.report.yardstick import case_url, edits, moved_ids, moved_yardstick, removes, unchecked_yardstick
from groundgate.results import LIVE_FLIP, TALKS, Results
from groundgate.rules import (
    BUCKET_ORDER,
    Outcome,
    counts_line,
)

Target = Literal["comment", "check", "summary"]
LIMITS: dict[Target, int] = {"comment": 65_536, "check": 65_535, "summary": 1_048_576}


class _Renderer:
    """Renders one results object at ever smaller layouts; the parts that do not depend on the
    layout are computed once and each section is rendered again only when its own share changed."""

    def __init__(self, results: Results, context: ReportContext, keep: int) -> None:
        self.results = results
        self.context = context
        self.groups = grouped(results, keep)
        self.outage = outage(results)
        self.intros = {kind.key: intro_of(kind, results, context, self.outage) for kind in SECTIONS}
        top = verdict_headline(results, context.fail_on, context.people)
        self.headline = top
        categories = category_lines(results)
        moved = moved_yardstick(results)
        self.edits = edits(moved)
        self.case_url = case_url(context.links, moved) if context.links else None
        self.frame = {
            "r": results,
            "counts": [
                tuple(part.split(" ", 1))
                for part in counts_line(len(results.rows), results.counts, too_small(results).total())
            ],
            "categories": categories,
            "small": [c for c in categories if c.blocking and c.cases < SMALL_SAMPLE],
            "small_sample": SMALL_SAMPLE,
            "p_text": p_text,
            "buckets": BUCKET_ORDER,
            "matrix": bucket_matrix(results),
            "second_opinion": second_opinion_text(results.judge.second_opinion, results.judge.second_opinion_basis),
            "moved": moved,
            "moved_ids": moved_ids(results, moved, context.links),
            "removes": removes(moved),
            "unchecked": unchecked_yardstick(results),
            "full_report": Markup(context.full_report),  # noqa: S704 - ours, never user text
            "marker": Markup(marker(context.check_name)),  # noqa: S704 - sanitised check name
            "icon": top.icon,
            "headline": top.text + headline_note(results),  # escaped by finalize
            # a pass collapses its details; not one that people's acceptances made: the rows they accepted stay in sight
            "passed": top.conclusion == "success" and not (context.people and context.people.decision.accepted),
            "outage": self.outage,
            "people": render_people(context.people, context.links) if context.people else "",
            "provenance": context.provenance(),
            # Ours: numbers and fixed words, no user text.
            "noise": Markup(noise_words.footer(results.noise)),  # noqa: S704
            "noise_warning": (
                Markup(warning)  # noqa: S704
                if (warning := noise_words.warning(results.noise, results.judge.second_opinion))
                else None
            ),
            "links": context.links,
            "case_url": self.case_url,
            "talking": marked_rows(results, TALKS),
            "live_flips": marked_rows(results, LIVE_FLIP),
        }
        # Each section's last rendering, by what it depends on: a layout that shrinks another section reuses
        # it. Only the last one: a large run tries dozens of layouts, each of its big sections megabytes long.
        self._parts: dict[str, tuple[tuple[object, ...], Markup]] = {}

    def _part(self, section: Section, layout: Layout, legend: bool) -> Markup:
        key = (section.share, len(section.rows), section.detailed, layout.why, legend)
        kept = self._parts.get(section.key)
        if kept is None or kept[0] != key:
            text = (
                markdown_env()
                .get_template("section.md.j2")
                .render(
                    section=section,
                    layout=layout,
                    links=self.context.links,
                    full_report=self.frame["full_report"],
                    protected=PROTECTED if section.key in BLOCKING else 0,
                    edits=self.edits,
                    case_url=self.case_url,
                    collapse=not self.frame["passed"],  # a pass is collapsed as a whole
                    legend=legend,
                )
            )
            kept = self._parts[section.key] = (key, Markup(text))  # noqa: S704 - rendered by the escaping environment
        return kept[1]

    def floor(self, layout: Layout) -> int:
        """Fewer bytes than the layout can take: one that cannot fit is skipped unrendered (rendering a
        thousand detailed rows to learn they do not fit a comment costs seconds and hundreds of MB)."""
        least = 0
        for section in sections_of(self.groups, layout, self.intros):
            lines = len(section.rows) - section.detailed
            least += section.detailed * MIN_UNIT_BYTES
            least += lines * (MIN_ID_BYTES if section.kind.ids_only else MIN_LINE_BYTES)
        return least

    def render(self, layout: Layout) -> str:
        sections = sections_of(self.groups, layout, self.intros)
        answers = next((s for s in sections if s.detailed and s.kind.outcome is not Outcome.ERROR), None)
        parts = [self._part(section, layout, section is answers) for section in sections]  # the legend once
        left_out = sum(s.left_out for s in sections)
        return markdown_env().get_template("report.md.j2").render(**self.frame, sections=parts, left_out=left_out)


def render(results: Results, target: Target = "summary", context: ReportContext | None = None) -> str:
    """The largest layout of the report that fits the target's limit (counted in UTF-8 bytes)."""
    context = context or ReportContext()
    limit = LIMITS[target]
    renderer = _Renderer(results, context, keep=limit // MIN_LINE_BYTES)
    for layout in layouts(renderer.groups):
        if renderer.floor(layout) > limit:
            continue
        text = renderer.render(layout)
        if len(text.encode("utf-8")) <= limit:
            return text
    # Nothing fits (not even the headline and the counts): keep the marker and the headline.
    top = renderer.headline
    return f"## {top.icon} groundgate: {inline(top.text)}\n\nThe report is too large to show; see {context.full_report}.\n\n{marker(context.check_name)}\n"


def render_failure(error: GroundgateError) -> str:
    """The job summary of a run that ended without a verdict: the same message as the log line, with its fix."""
    return markdown_env().get_template("failure.md.j2").render(message=one_line(str(error)), exit_code=error.exit_code)

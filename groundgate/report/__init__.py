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

from groundgate.errors import GroundgateError, InputError, one_line
from groundgate.report import marks
from groundgate.report import noise as noise_words
from groundgate.report.categories import SMALL_SAMPLE, bucket_matrix, category_lines, p_text
from groundgate.report.context import ReportContext, marker
from groundgate.report.deciders import decided_by, fluency_reason, second_judge
from groundgate.report.escape import inline
from groundgate.report.headline import (
    counts_parts,
    headline_note,
    held_of,
    outage,
    too_small,
    verdict_headline,
)
from groundgate.report.links import Links, commit_link, commits_linked, run_link, slug
from groundgate.report.people import counts_markdown, render_dispute, render_people
from groundgate.report.rows import markdown_env
from groundgate.report.sections import (
    BLOCKING,
    FIRST_ROWS,
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
from groundgate.report.yardstick import (
    base_commit,
    baseline_age,
    case_url,
    edits,
    moved_ids,
    moved_yardstick,
    new_suite,
    removes,
    unasks,
    unchecked_yardstick,
)
from groundgate.results import LIVE_FLIP, TALKS, Results, Row
from groundgate.rules import (
    BUCKET_ORDER,
    Outcome,
    counts_line,
)

Target = Literal["comment", "check", "summary"]
TALKING = "Answers that talk to the judge"  # the headings of the two sections the template writes itself
LIVE = "Newly ungrounded against their own retrieved context"
ACCEPTABLE = (
    "regression",
    "held",
    "blocking_figure",
    "small",
    "review",
)  # sections whose rows people can accept out of the gate
MARKED = (*ACCEPTABLE, "unstable", "new_non_answer", "unsupported_figure")  # sections whose rows people can adjudicate


def _unsaid(row: Row) -> Markup:
    return Markup("")


LIMITS: dict[Target, int] = {"comment": 65_536, "check": 65_535, "summary": 1_048_576}


def _decided(results: Results, context: ReportContext) -> str | Markup:
    """Who decided, the verdicts held rows come from linked; where people may adjudicate, in a block a comment's run
    brings up to date (``people.decided_by_people``)."""
    text = decided_by(results, context.fail_on, context.people)
    said = commits_linked(inline(text), held_of(results).values(), context.links)
    return marks.block("decided", said) if text and context.people is not None else said


class _Renderer:
    """Renders one results object at ever smaller layouts; the parts that do not depend on the
    layout are computed once and each section is rendered again only when its own share changed."""

    def __init__(self, results: Results, context: ReportContext, keep: int, index: bool = False) -> None:
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
        self.talking, self.live = marked_rows(results, TALKS), marked_rows(results, LIVE_FLIP)
        self.frame = {
            "r": results,
            "counts": [
                tuple(part.split(" ", 1))
                for part in counts_line(len(results.rows), results.counts, too_small(results).total())
            ],
            "counts_block": marks.block("counts", counts_markdown(self.counted_line())) if context.people else "",
            "dispute": render_dispute(context.people) if context.people else "",
            "categories": categories,
            "small": [c for c in categories if c.blocking and c.cases < SMALL_SAMPLE],
            "small_sample": SMALL_SAMPLE,
            "p_text": p_text,
            "buckets": BUCKET_ORDER,
            "matrix": bucket_matrix(results),
            "second_opinion": second_judge(results),
            "decided": _decided(results, context),
            "fluency_reason": fluency_reason(results),
            "moved": moved,
            "moved_ids": moved_ids(results, moved, context.links),
            "removes": removes(moved),
            "unasks": unasks(moved),
            "unchecked": unchecked_yardstick(results),
            "unread_figures": [
                (row.id, found.said or found.figure, found.basis)
                for row in results.rows
                for found in row.new_figures or []
                if found.status == "unread"
            ],
            "new_suite": new_suite(results),
            "full_report": Markup(context.full_report),  # noqa: S704 - ours, never user text
            "marker": Markup(marker(context.check_name)),  # noqa: S704 - sanitised check name
            "icon": top.icon,
            # escaped, the verdicts held rows come from linked
            "headline": commits_linked(
                inline(top.text + headline_note(results)), held_of(results).values(), context.links
            ),
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
            "base_commit": base_commit,
            "baseline_age": baseline_age(results.baseline_age, context.links),
            "case_url": self.case_url,
            "talking": self.talking,
            "talking_title": TALKING,
            "live_title": LIVE,
            "live_flips": self.live,
        }
        self.frame["index"] = self._index() if index and not self.frame["passed"] else []
        # Each section's last rendering, by what it depends on: a layout that shrinks another section reuses
        # it. Only the last one: a large run tries dozens of layouts, each of its big sections megabytes long.
        self._parts: dict[str, tuple[tuple[object, ...], Markup]] = {}

    def _index(self) -> list[Markup]:
        """Links to each section, in the page's order, when a section is longer than its first rows: the job
        summary of a large run is hundreds of kilobytes, and its later sections are what the comment left out."""
        titles = [(kind.title, self.groups[kind.key].total) for kind in SECTIONS if self.groups[kind.key].total]
        titles += [(title, rows.total) for title, rows in ((TALKING, self.talking), (LIVE, self.live)) if rows]
        if not any(kind.attention and self.groups[kind.key].total > FIRST_ROWS for kind in SECTIONS):
            return []
        return [Markup(f"[{title} ({n:,})](#{slug(f'{title} ({n:,})')})") for title, n in titles]  # noqa: S704 - ours

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
                    counted=self.counted,
                    said=self.said if section.key in MARKED else _unsaid,
                    at=lambda commit: commit_link(commit, self.context.links),
                    run_link=run_link,
                )
            )
            kept = self._parts[section.key] = (key, Markup(text))  # noqa: S704 - rendered by the escaping environment
        return kept[1]

    def counted_line(self) -> list[str]:
        """The counts line, with people's acceptances counted apart when there are people."""
        people = self.context.people
        decision = people.decision if people is not None else None
        return counts_parts(len(self.results.rows), self.results.counts, too_small(self.results), decision)

    def counted(self, section: Section) -> Markup:
        """A section's count in its title; on a pull request, where a later run can count people's acceptances
        apart (``report.marks``)."""
        people = self.context.people
        if people is None or section.key not in ACCEPTABLE:
            return Markup(f"{section.total:,}")  # noqa: S704 - a number
        return marks.holder("count", f"{section.key}:{section.total}", people.count(section.key, section.total))

    def said(self, row: Row) -> Markup:
        """What people said of a row, after its case; on a pull request, where a later run can mark it."""
        people = self.context.people
        if people is None:
            return Markup("")
        return marks.holder("row", marks.row_key(row.id), people.mark(row.id))

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
    renderer = _Renderer(results, context, keep=limit // MIN_LINE_BYTES, index=target == "summary")
    for layout in layouts(renderer.groups):
        if renderer.floor(layout) > limit:
            continue
        text = renderer.render(layout)
        if len(text.encode("utf-8")) <= limit:
            return text
    # Nothing fits (not even the headline and the counts): keep the marker and the headline.
    top = renderer.headline
    return f"## {top.icon} groundgate: {inline(top.text)}\n\nThe report is too large to show; see {context.full_report}.\n\n{marker(context.check_name)}\n"


def render_failure(error: GroundgateError, links: Links | None = None) -> str:
    """The job summary of a run that ended without a verdict: the same message as the log line, with its fix.
    ``links``: where the bad input file is (``cases_path``, from the repository root): its ``file:line`` links
    to that line."""
    text = one_line(str(error))
    message = inline(text)
    where = f"{error.path}:{error.line}" if isinstance(error, InputError) and error.line else None
    if where is not None and links is not None and text.startswith(where) and isinstance(error, InputError):
        url = links.case(error.line or 1)
        message = Markup(f"[{inline(where)}]({url})") + inline(text[len(where) :])  # noqa: S704 - escaped, our URL
    return markdown_env().get_template("failure.md.j2").render(message=message, exit_code=error.exit_code)

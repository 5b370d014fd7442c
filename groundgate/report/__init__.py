"""The reviewer's report: results → markdown, in the three sizes GitHub accepts.

The templates (``templates/report.md.j2``, ``section.md.j2``) lay the report out; this module
decides what goes in it. Every value a template prints is escaped by the environment's
``finalize`` unless it was escaped on purpose, so user text cannot turn into markup by omission.

When the report does not fit its target it shrinks by priority: the lists of moves and backlog
first (down to a count), then the length of texts and the number of detailed rows in the
sections a person must read, never below the first rows of each of them; the first blocking
regressions keep their whole reasons and texts until nothing else is left to cut. Every omission
says how many rows it left out and where the full list is.
"""

from __future__ import annotations

import difflib
import hashlib
import itertools
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Literal
from urllib.parse import quote

from jinja2 import Environment
from markupsafe import Markup

from groundgate.cases import Yardstick
from groundgate.errors import GroundgateError, one_line
from groundgate.report import noise as noise_words
from groundgate.report.escape import inline, marked
from groundgate.report.render import environment, score
from groundgate.results import (
    LIVE_FLIP,
    TALKS,
    Results,
    Row,
    category_stats,
    count_marked,
    rows_marked,
    rows_with,
    tally,
)
from groundgate.rules import (
    ATTENTION,
    BLOCKING,
    BUCKET_ORDER,
    Bucket,
    FailOn,
    Headline,
    Outcome,
    counts_line,
    gate_exit,
    headline,
    plural,
    worse,
)

Target = Literal["comment", "check", "summary"]
LIMITS: dict[Target, int] = {"comment": 65_536, "check": 65_535, "summary": 1_048_576}
SMALL_SAMPLE = 50  # the method's rule of thumb for a category whose single flip may block on its own
MARKER_PREFIX = "<!-- groundgate-report"
MIN_LINE_BYTES = 24  # no table line takes fewer bytes than this: a section never needs more rows than limit / this
MIN_UNIT_BYTES = 120  # nor a detailed row (its fixed words alone are longer): layouts that cannot fit are not rendered
FIRST_ROWS = 10  # every section a person must read shows at least this many rows (or all of them)
LISTED = 20  # rows shown of the answers that talk to the judge, and of the flips against live retrieval
PROTECTED = 10  # the first blocking regressions keep whole reasons and texts
COLLAPSE_AFTER = 10  # lists of moves longer than this are collapsed
DIFF_WORDS = 3000  # longer answers are shown side by side without word marks (the diff is quadratic)

# Display order. (title, singular noun, plural noun, intro)
SECTIONS: dict[str, tuple[str, str, str, str]] = {
    "regression": ("Blocking regressions", "blocking regression", "blocking regressions", "Newly ungrounded in a blocking category, confirmed by the re-score. In the answers, **bold** is what the candidate added and ~~struck~~ what it dropped."),
    "blocking_figure": ("Blocking unsupported figures", "blocking unsupported figure", "blocking unsupported figures", "The judge did not flag these, but the candidate newly states a figure its context never states, in a blocking category (`tripwire: block`): the judge may have missed them."),
    "review": ("Regressions to review", "regression to review", "regressions to review", "Newly ungrounded and confirmed by the re-score, in a category that does not block. Read before shipping."),
    "unstable": ("Unstable", "unstable row", "unstable rows", "Newly ungrounded, but the re-score disagreed: the judge disagreed with itself. Send to human review."),
    "new_non_answer": ("New non-answers", "new non-answer", "new non-answers", "The candidate stopped answering: a clarifying question or filler where the baseline answered."),
    "unsupported_figure": ("Unsupported figures", "unsupported figure", "unsupported figures", "The judge did not flag these, but the candidate newly states a figure its context never states (the tripwire): the judge may have missed them. Read before shipping; they do not block (`tripwire: block` makes them block in blocking categories)."),
    "error": ("Could not judge", "row not judged", "rows not judged", "The judge gave no usable score on some side; these rows are unmeasured."),
    "moved_down": ("Moved down", "move down", "moves down", "Bucket changes for the worse that are not regressions."),
    "moved_up": ("Moved up", "move up", "moves up", "Bucket changes for the better. Improvements that look too good are often the judge rewarding length."),
    "still_ungrounded": ("Still ungrounded", "backlog row", "backlog rows", "Ungrounded on both sides: backlog, does not block this change."),
}  # fmt: skip
ATTENTION_KEYS = (
    "regression",
    "blocking_figure",
    "review",
    "unstable",
    "new_non_answer",
    "unsupported_figure",
    "error",
)
LOWER_KEYS = ("still_ungrounded", "moved_up", "moved_down")  # shrunk first, in this order
# attention, first shrunk first
SHRINK_ORDER = ("unsupported_figure", "new_non_answer", "unstable", "review", "error", "blocking_figure", "regression")


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
    fail_on: FailOn = "blocking"  # the headline says what the job's exit code does to the merge
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


@dataclass(frozen=True)
class Share:
    """One section's share of the report: rows listed, how many of them as detailed units (the
    rest as one table line each), and how long their texts may be."""

    rows: int
    details: int
    text: int | None = None  # characters of each text in a detailed row; None = whole
    context: int | None = None  # the context of a protected row (the last thing cut)


@dataclass
class Layout:
    shares: dict[str, Share] = field(default_factory=dict)
    why: int = 160  # characters of the judge's reason on a table line


@dataclass
class Section:
    key: str
    title: Markup
    intro: Markup
    rows: list[Row]  # listed (detailed first)
    detailed: int
    total: int
    share: Share
    attention: bool

    @property
    def left_out(self) -> int:
        return self.total - len(self.rows)

    @property
    def table(self) -> list[Row]:
        return self.rows[self.detailed :]

    @property
    def collapsed(self) -> bool:
        return not self.attention and (self.key == "still_ungrounded" or len(self.table) > COLLAPSE_AFTER)

    def noun(self, n: int) -> str:
        _, one, many, _ = SECTIONS[self.key]
        return plural(n, one, many)

    def more(self, n: int) -> str:
        _, one, many, _ = SECTIONS[self.key]
        return plural(n, f"more {one}", f"more {many}")


_PLAIN_NAME = re.compile(r"[A-Za-z0-9 .:/-]{1,100}")  # names earlier markers held exactly, with no '_'


def marker(check_name: str) -> str:
    """The hidden marker that identifies this report's comment; user text can never contain '<!--'.

    One marker per exact check name, so two steps never share a comment: a name of plain characters
    is written as itself (the marker earlier versions wrote for it, so their comments are found again;
    none of those names could be written as another one), any other name shortened to plain characters
    plus a hash of its exact text ('gate (a)' and 'gate [a]' both read 'gate _a_', and differ)."""
    if _PLAIN_NAME.fullmatch(check_name):
        return f'{MARKER_PREFIX} check="{check_name}" -->'
    safe = re.sub(r"[^A-Za-z0-9 .:/-]", "_", check_name)[:100]
    digest = hashlib.sha256(check_name.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f'{MARKER_PREFIX} check="{safe}" sha256="{digest}" -->'


def verdict_headline(results: Results, fail_on: FailOn = "blocking") -> Headline:
    """The one headline of a run: the report's heading, the check run's title, the console's last line."""
    blocking: Counter[str] = Counter()
    review: Counter[str] = Counter()
    for (category, _, outcome, _, _), n in tally(results.rows).items():
        if outcome in BLOCKING:
            blocking[category] += n
        elif outcome is Outcome.REVIEW:
            review[category] += n
    exit_code = gate_exit(results.verdict, results.counts, fail_on)
    counted = (*ATTENTION, Outcome.REGRESSION, Outcome.ERROR)  # rows the counts already send a person to
    talking = count_marked(results.rows, TALKS | LIVE_FLIP, outside=counted)
    return headline(results.counts, exit_code, fail_on, blocking, review, also_to_read=talking)


class Listing(list[Row]):
    """A section's first rows (as many as its report could ever show) and how many it has in all."""

    total: int = 0


def _marked(results: Results, mark: int) -> Listing:
    """The first rows with this mark (``results.marks``) and how many there are."""
    found = Listing(itertools.islice(rows_marked(results.rows, mark), LISTED))
    found.total = count_marked(results.rows, mark) if len(found) == LISTED else len(found)
    return found


def _section_of(outcome: Outcome, before: Bucket | None, after: Bucket | None) -> str | None:
    if outcome is Outcome.MOVED:
        assert before is not None
        assert after is not None
        return "moved_down" if worse(before, after) else "moved_up"
    return outcome.value if outcome.value in SECTIONS else None


def _groups(results: Results, keep: int) -> dict[str, Listing]:
    """Each section's rows, the first ``keep`` of them in memory: a report of a million rows lists a few
    thousand at most, and counts the rest."""
    groups = {key: Listing() for key in SECTIONS}
    for (_, _, outcome, before, after), n in tally(results.rows).items():
        if (key := _section_of(outcome, before, after)) is not None:
            groups[key].total += n
    listed = [o for o in Outcome if o is Outcome.MOVED or o.value in SECTIONS]
    for row in rows_with(results.rows, listed):
        key = _section_of(row.outcome, row.before, row.after)
        if key is not None and len(groups[key]) < keep:
            groups[key].append(row)
            if all(len(group) >= min(keep, group.total) for group in groups.values()):
                break
    return groups


def _sections(groups: dict[str, Listing], layout: Layout) -> list[Section]:
    sections = []
    for key, (title, _, _, intro) in SECTIONS.items():
        rows = groups[key]
        if not rows.total:
            continue
        share = layout.shares[key]
        shown = rows[: share.rows]
        sections.append(
            Section(key, Markup(title), Markup(intro), shown, min(share.details, len(shown)), rows.total, share, key in ATTENTION_KEYS)  # noqa: S704 - ours
        )  # fmt: skip
    return sections


@dataclass
class CategoryLine:
    name: str
    cases: int
    worse: int
    better: int
    regressions: int
    blocking: bool
    p_value: float | None


def _categories(results: Results) -> list[CategoryLine]:
    """The per-category figures of the results (``category_stats``) with each one's regressions and
    whether it blocks, blocking categories and the most regressions first."""
    blocking: dict[str, bool] = {}
    regressions: Counter[str] = Counter()
    for (category, blocks, outcome, _, _), n in tally(results.rows).items():
        blocking.setdefault(category, blocks)
        regressions[category] += n if outcome is Outcome.REGRESSION else 0
    lines = [
        CategoryLine(c.name, c.cases, c.worse, c.better, regressions[c.name], blocking[c.name], c.p_value)
        for c in category_stats(results.rows)
    ]
    return sorted(lines, key=lambda c: (not c.blocking, -c.regressions, -c.worse, c.name))


def p_text(p: float | None) -> str:
    """A p-value a reader can take in at a glance: two significant figures, never '8.96e-06'."""
    if p is None:
        return "–"
    if p < 0.001:
        return "< 0.001"
    return f"{p:.2g}" if p < 0.995 else "1"


def _matrix(results: Results) -> list[list[int]]:
    cells: Counter[tuple[Bucket, Bucket]] = Counter()
    for (_, _, _, before, after), n in tally(results.rows).items():
        if before and after:
            cells[(before, after)] += n
    return [[cells[(b, a)] for a in BUCKET_ORDER] for b in BUCKET_ORDER]


def _label(bucket: str | None) -> str:
    return "not judged" if bucket is None else bucket.replace("_", "-")


def mermaid(results: Results) -> str:
    """A flowchart of bucket changes, baseline → candidate with counts on the edges: worse in red,
    better in green; rows that stayed in their bucket are counted in the baseline's box. Only our
    own words go in it (bucket names and numbers)."""
    buckets: list[Bucket | None] = [*reversed(BUCKET_ORDER), None]  # best first, then not judged
    edges: Counter[tuple[Bucket | None, Bucket | None]] = Counter()
    before: Counter[Bucket | None] = Counter()
    after: Counter[Bucket | None] = Counter()
    for (_, _, _, first, second), count in tally(results.rows).items():
        edges[(first, second)] += count
        before[first] += count
        after[second] += count
    if not edges:
        return ""
    ids = {b: (str(b) if b is not None else "not_judged") for b in buckets}
    lines = ["flowchart LR"]
    for b in buckets:
        if before[b]:
            stay = f" ({edges[(b, b)]:,} unchanged)" if edges[(b, b)] else ""
            lines.append(f'  b_{ids[b]}["baseline {_label(b)}: {before[b]:,}{stay}"]')
    for a in buckets:
        if after[a]:
            lines.append(f'  a_{ids[a]}["candidate {_label(a)}: {after[a]:,}"]')
    styles: list[str] = []

    def rank_of(b: Bucket | None) -> int:
        return -1 if b is None else BUCKET_ORDER.index(b)

    for b in buckets:
        for a in buckets:
            n = edges.get((b, a))
            if not n or a == b:
                continue
            colour = "#cf222e" if a is None or (b is not None and rank_of(a) < rank_of(b)) else "#1a7f37"
            styles.append(f"  linkStyle {len(styles)} stroke:{colour},stroke-width:3px")
            lines.append(f"  b_{ids[b]} -->|{n:,}| a_{ids[a]}")
    return "\n".join(lines + styles)


def figures_said(row: Row) -> str | None:
    """The tripwire's finding in words: the figures as the candidate wrote them, the context's nearest."""
    if not row.new_figures:
        return None
    said = []
    for found in row.new_figures:
        near = ", ".join(f"“{n}”" for n in found.nearest)
        where = f"the context's nearest: {near}" if near else "the context states no figure"
        said.append(f"“{found.figure}” ({where})")
    return f"newly states {'; '.join(said)}, which its context never states"


def _why(row: Row) -> str | None:
    if row.outcome is Outcome.ERROR:
        return row.error
    if row.outcome in (Outcome.UNSUPPORTED_FIGURE, Outcome.BLOCKING_FIGURE):
        return f"{figures_said(row)}; the judge saw no problem: {row.after_reason or ''}"
    if row.outcome is Outcome.UNSTABLE:  # the re-score disagreed: the first verdict is the claim to check
        return row.after_reason
    return row.rescore_reason or row.after_reason


def _scores(row: Row) -> str:
    text = f"{score(row.before_score)} → {score(row.after_score)}"
    if row.rescore_score is not None:
        by = f" by {row.confirmed_by}" if row.confirmed_by not in (None, "same") else ""
        text += f", re-score {score(row.rescore_score)}{by}"
    if row.baseline_rescore_score is not None:
        text += f", baseline re-score {score(row.baseline_rescore_score)}"
    return text


def _moved(results: Results) -> Yardstick | None:
    """The yardstick, when the pull request changed it; ids are user text, escaped by the template."""
    found = results.yardstick
    return found if found is not None and (found.cases or found.baseline or found.note) else None


def _unchecked(results: Results) -> Yardstick | None:
    """The yardstick, when the base files could not be read: the PR's edits to them are unknown."""
    found = results.yardstick
    return found if found is not None and found.unchecked else None


def answers(row: Row, limit: int | None) -> tuple[Markup, Markup]:
    """Baseline and candidate side by side as a word-level diff: what the candidate added in
    bold, what it dropped struck through (GitHub strips <ins>/<del>, but renders ** and ~~)."""
    base, cand = row.baseline.split(), row.candidate.split()
    cut_base, cut_cand = _cut_words(base, limit), _cut_words(cand, limit)
    tails = (_tail(base, cut_base), _tail(cand, cut_cand))
    if len(cut_base) > DIFF_WORDS or len(cut_cand) > DIFF_WORDS:
        return (marked(cut_base, [False] * len(cut_base), "") + tails[0], marked(cut_cand, [False] * len(cut_cand), "") + tails[1])  # fmt: skip
    dropped, added = [True] * len(cut_base), [True] * len(cut_cand)
    for match in difflib.SequenceMatcher(None, cut_base, cut_cand, autojunk=False).get_matching_blocks():
        dropped[match.a : match.a + match.size] = [False] * match.size
        added[match.b : match.b + match.size] = [False] * match.size
    return marked(cut_base, dropped, "~~") + tails[0], marked(cut_cand, added, "**") + tails[1]


def _cut_words(words: list[str], limit: int | None) -> list[str]:
    if limit is None:
        return words
    kept, size = [], 0
    for word in words:
        size += len(word) + 1
        if size > limit:
            break
        kept.append(word)
    return kept


def _tail(words: list[str], kept: list[str]) -> Markup:
    left = len(" ".join(words)) - len(" ".join(kept))
    return Markup(f" … _(+{left:,} characters)_" if left > 0 else "")  # noqa: S704 - ours


SECOND_OPINIONS = {
    "same": "the same judge again, which mostly repeats itself: not a second opinion",
    "none": "nobody (the first verdict stands)",
    "groundedness-pro": "GroundednessProEvaluator (preview), an independent second opinion",
}


def second_opinion_text(label: str) -> str:
    if label.startswith("deployment:"):
        return f"the judge deployment {label.removeprefix('deployment:')}, an independent second opinion"
    if label.startswith("openai:"):
        return f"the OpenAI-compatible model {label.removeprefix('openai:')}, an independent second opinion"
    return SECOND_OPINIONS.get(label, label)


@cache
def _env() -> Environment:
    """The shared environment, with every value escaped for markdown unless it is Markup already."""
    env = environment().overlay(finalize=lambda value: value if isinstance(value, Markup) else inline(value))
    env.filters.update(scores=_scores, why=_why, label=_label, figures_said=figures_said)
    env.globals.update(answers=answers, plural=plural)
    return env


class _Renderer:
    """Renders one results object at ever smaller layouts; the parts that do not depend on the
    layout are computed once and each section is rendered again only when its own share changed."""

    def __init__(self, results: Results, context: ReportContext, keep: int) -> None:
        self.results = results
        self.context = context
        self.groups = _groups(results, keep)
        categories = _categories(results)
        top = verdict_headline(results, context.fail_on)
        self.headline = top
        self.frame = {
            "r": results,
            "counts": [tuple(part.split(" ", 1)) for part in counts_line(len(results.rows), results.counts)],
            "categories": categories,
            "small": [c for c in categories if c.blocking and c.cases < SMALL_SAMPLE],
            "small_sample": SMALL_SAMPLE,
            "p_text": p_text,
            "buckets": BUCKET_ORDER,
            "matrix": _matrix(results),
            "mermaid": Markup(mermaid(results)),  # noqa: S704 - bucket names and numbers only
            "second_opinion": second_opinion_text(results.judge.second_opinion),
            "moved": _moved(results),
            "unchecked": _unchecked(results),
            "full_report": Markup(context.full_report),  # noqa: S704 - ours, never user text
            "marker": Markup(marker(context.check_name)),  # noqa: S704 - sanitised check name
            "icon": top.icon,
            "headline": top.text
            + (" · end-to-end run" if results.mode == "end-to-end" else "")
            + (" · the PR changes the yardstick" if _moved(results) else "")
            + (" · the yardstick could not be checked" if _unchecked(results) else ""),  # escaped by finalize
            "provenance": context.provenance(),
            # Ours: numbers and fixed words, no user text.
            "noise": Markup(" " + noise_words.sentence(results.noise)) if results.noise else "",  # noqa: S704
            "noise_footer": Markup(noise_words.footer(results.noise)),  # noqa: S704
            "noise_warning": Markup(warning) if (warning := noise_words.warning(results.noise)) else None,  # noqa: S704
            "talking": _marked(results, TALKS),
            "live_flips": _marked(results, LIVE_FLIP),
            "links": context.links,
        }
        # Each section's last rendering, by what it depends on: a layout that shrinks another section reuses
        # it. Only the last one: a large run tries dozens of layouts, each of its big sections megabytes long.
        self._parts: dict[str, tuple[tuple[object, ...], Markup]] = {}

    def _part(self, section: Section, layout: Layout) -> Markup:
        key = (section.share, len(section.rows), section.detailed, layout.why)
        kept = self._parts.get(section.key)
        if kept is None or kept[0] != key:
            text = (
                _env()
                .get_template("section.md.j2")
                .render(
                    section=section,
                    layout=layout,
                    links=self.context.links,
                    full_report=self.frame["full_report"],
                    protected=PROTECTED if section.key == "regression" else 0,
                )
            )
            kept = self._parts[section.key] = (key, Markup(text))  # noqa: S704 - rendered by the escaping environment
        return kept[1]

    def floor(self, layout: Layout) -> int:
        """Fewer bytes than the layout can take: one that cannot fit is skipped unrendered (rendering a
        thousand detailed rows to learn they do not fit a comment costs seconds and hundreds of MB)."""
        least = 0
        for section in _sections(self.groups, layout):
            least += section.detailed * MIN_UNIT_BYTES + (len(section.rows) - section.detailed) * MIN_LINE_BYTES
        return least

    def render(self, layout: Layout) -> str:
        sections = _sections(self.groups, layout)
        parts = [self._part(section, layout) for section in sections]
        left_out = sum(s.left_out for s in sections)
        return _env().get_template("report.md.j2").render(**self.frame, sections=parts, left_out=left_out)


def _halving(n: int, floor: int) -> Iterator[int]:
    """Ever fewer rows from n down to floor, a quarter less each step (floor last)."""
    while n > floor:
        n = max(floor, min(n - 1, n * 3 // 4))
        yield n


def _layouts(groups: Mapping[str, Listing]) -> Iterator[Layout]:
    """Ever smaller layouts, by priority. Lower sections shrink to a count first; the sections a
    person must read keep their first rows (FIRST_ROWS, or all when fewer) until the very end; the
    first blocking regressions keep whole reasons and texts until only their context is left to cut."""
    sizes = {key: min(rows.total, len(rows)) for key, rows in groups.items()}
    floor = {key: min(FIRST_ROWS, n) for key, n in sizes.items()}
    shares = {key: Share(n, n if key in ATTENTION_KEYS else 0) for key, n in sizes.items()}
    layout = Layout(shares)
    yield layout

    def step(key: str, **changes: int | None) -> Layout:
        return replace(layout, shares={**layout.shares, key: replace(layout.shares[key], **changes)})  # type: ignore[arg-type]

    for key in LOWER_KEYS:  # moves and backlog: down to a count
        for n in _halving(sizes[key], 0):
            layout = step(key, rows=n)
            yield layout
    for limit in (2000, 600, 250):  # texts of detailed rows (protected ones excepted)
        for key in ATTENTION_KEYS:
            layout = step(key, text=limit)
        yield layout
    for key in SHRINK_ORDER:  # detailed rows beyond the first, then table lines beyond the first
        for n in _halving(sizes[key], floor[key]):
            layout = step(key, details=n)
            yield layout
    for key in SHRINK_ORDER:
        for n in _halving(sizes[key], floor[key]):
            layout = step(key, rows=n)
            yield layout
    layout = replace(layout, why=100)
    yield layout
    for key in SHRINK_ORDER[:-1]:  # the first rows of non-blocking sections as table lines only
        for n in _halving(floor[key], 0):
            layout = step(key, details=n)
            yield layout
    for limit in (4000, 1000, 300):  # the context of protected rows, whose answers and reasons stay whole
        layout = step("regression", context=limit)
        yield layout
    layout = replace(layout, why=60)
    yield layout
    for key in SHRINK_ORDER:  # last resort: fewer than the first rows (a suite of huge texts)
        for n in _halving(floor[key], 0):
            layout = step(key, details=min(n, layout.shares[key].details), rows=n)
            yield layout


def render(results: Results, target: Target = "summary", context: ReportContext | None = None) -> str:
    """The largest layout of the report that fits the target's limit (counted in UTF-8 bytes)."""
    context = context or ReportContext()
    limit = LIMITS[target]
    renderer = _Renderer(results, context, keep=limit // MIN_LINE_BYTES)
    for layout in _layouts(renderer.groups):
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
    return _env().get_template("failure.md.j2").render(message=one_line(str(error)), exit_code=error.exit_code)

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

import difflib
import hashlib
import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Literal
from urllib.parse import quote

from jinja2 import Environment
from markupsafe import Markup

from groundgate.adjudication import Decision, accepted
from groundgate.cases import Yardstick
from groundgate.errors import GroundgateError, one_line
from groundgate.labels import THRESHOLD
from groundgate.report import noise as noise_words
from groundgate.report import people as people_words
from groundgate.report.escape import block, inline, marked
from groundgate.report.people import People
from groundgate.report.render import environment, score
from groundgate.results import (
    LIVE_FLIP,
    TALKS,
    Results,
    Row,
    category_stats,
    count_marked,
    rows_by_id,
    rows_marked,
    rows_with,
    tally,
)
from groundgate.rules import (
    ATTENTION,
    BUCKET_ORDER,
    Bucket,
    Cell,
    FailOn,
    Headline,
    Outcome,
    counts_line,
    gate_exit,
    headline,
    plural,
    verdict_of,
    worse,
)
from groundgate.rules import BLOCKING as BLOCKING_OUTCOMES

Target = Literal["comment", "check", "summary"]
LIMITS: dict[Target, int] = {"comment": 65_536, "check": 65_535, "summary": 1_048_576}
SMALL_SAMPLE = 50  # the method's rule of thumb for a category whose single flip may block on its own
MARKER_PREFIX = "<!-- groundgate-report"
MIN_LINE_BYTES = 18  # no table line takes fewer bytes than this: a section never needs more rows than limit / this
MIN_ID_BYTES = 2  # nor an id in a list of ids ("x," at the least)
MIN_UNIT_BYTES = 120  # nor a detailed row (its fixed words alone are longer): layouts that cannot fit are not rendered
FIRST_ROWS = 10  # every section a person must read shows at least this many rows (or all of them)
LISTED = 20  # rows shown of the answers that talk to the judge, and of the flips against live retrieval
PROTECTED = 10  # the first blocking regressions keep whole reasons and texts
IDS_LISTED = 1000  # a section listed as ids names at most this many (the rest are counted)
DIFF_WORDS = 3000  # longer answers are shown side by side without word marks (the diff is quadratic)


def _every(cell: Cell) -> bool:
    return True


@dataclass(frozen=True)
class Kind:
    """One section of the report and of the console: which rows it holds and how it reads.

    ``SECTIONS`` lists them in order of value, which is their order on the page and the order in
    which they keep their rows when the report must shrink. Adding a section is adding a Kind there
    (and a line for its rows to ``console.txt.j2``)."""

    key: str
    title: str
    one: str  # what one of its rows is called ("blocking regression")
    many: str
    intro: str
    tag: str  # the console's label of its rows
    outcome: Outcome
    cell: Callable[[Cell], bool] = _every  # which rows of that outcome, by what the tally of cells knows
    row: Callable[[Row], bool] | None = None  # or by the row itself: those rows are counted by reading them
    attention: bool = True  # rows a person must read: they keep their first rows until the very end
    ids_only: bool = False  # its rows are listed as ids, not detailed (what they share is said once)
    console: int = 10  # rows the console lists (0: a count only)

    def holds(self, row: Row) -> bool:
        return row.outcome is self.outcome and self.cell(_cell(row)) and (self.row is None or self.row(row))


def _cell(row: Row) -> Cell:
    return (row.category, row.blocking, row.outcome, row.before, row.after)


SECTIONS: tuple[Kind, ...] = (
    Kind("regression", "Blocking regressions", "blocking regression", "blocking regressions",
         "Newly ungrounded in a blocking category, confirmed by the re-score.", "REGRESSION", Outcome.REGRESSION,
         console=50),
    Kind("blocking_figure", "Blocking unsupported figures", "blocking unsupported figure", "blocking unsupported figures",
         "The judge did not flag these, but the candidate newly states a figure its context never states, in a "
         "blocking category (`tripwire: block`): the judge may have missed them.", "FIGURE BLOCKS",
         Outcome.BLOCKING_FIGURE, console=50),
    Kind("small", "Would block, but the category is too small", "regression to confirm", "regressions to confirm",
         "Newly ungrounded in a blocking category and confirmed by the re-score, but the category has fewer cases "
         "than `--min-cases-to-block`: too few to block on one judge's word. Confirm each with an independent second "
         "opinion or a person before shipping.", "CONFIRM", Outcome.REVIEW, cell=lambda c: c[1], console=20),
    Kind("unreachable", "Not judged: the judge could not be reached", "row not judged", "rows not judged",
         "", "NOT JUDGED", Outcome.ERROR, row=lambda r: r.unreachable is not None, ids_only=True, console=0),
    Kind("error", "Could not judge", "row not judged", "rows not judged",
         "The judge gave no usable score on some side; these rows are unmeasured.", "NOT JUDGED", Outcome.ERROR,
         row=lambda r: r.unreachable is None),
    Kind("review", "Regressions to review", "regression to review", "regressions to review",
         "Newly ungrounded and confirmed by the re-score, in a category that does not block. Read before shipping.",
         "REVIEW", Outcome.REVIEW, cell=lambda c: not c[1]),
    Kind("unstable", "Unstable", "unstable row", "unstable rows",
         "Newly ungrounded, but the re-score disagreed. Send to human review.", "UNSTABLE", Outcome.UNSTABLE),
    Kind("new_non_answer", "New non-answers", "new non-answer", "new non-answers",
         "The candidate stopped answering: a clarifying question or filler where the baseline answered.",
         "NON-ANSWER", Outcome.NEW_NON_ANSWER),
    Kind("unsupported_figure", "Unsupported figures", "unsupported figure", "unsupported figures",
         "The judge did not flag these, but the candidate newly states a figure its context never states (the "
         "tripwire): the judge may have missed them. Read before shipping; they do not block (`tripwire: block` "
         "makes them block in blocking categories).", "FIGURE", Outcome.UNSUPPORTED_FIGURE),
    Kind("moved_down", "Moved down", "move down", "moves down", "Bucket changes for the worse that are not regressions.",
         "", Outcome.MOVED, cell=lambda c: c[3] is not None and c[4] is not None and worse(c[3], c[4]), attention=False, console=0),
    Kind("moved_up", "Moved up", "move up", "moves up",
         "Bucket changes for the better. Improvements that look too good are often the judge rewarding length.",
         "", Outcome.MOVED, cell=lambda c: c[3] is not None and c[4] is not None and not worse(c[3], c[4]),
         attention=False, console=0),
    Kind("still_ungrounded", "Still ungrounded", "backlog row", "backlog rows",
         "Ungrounded on both sides: backlog, does not block this change.", "", Outcome.STILL_UNGROUNDED,
         attention=False, console=0),
)  # fmt: skip
KINDS = {kind.key: kind for kind in SECTIONS}
# The sections whose rows fail the check, in order of value: their rows stay named until nothing else is left to cut.
BLOCKING = tuple(kind.key for kind in SECTIONS if kind.outcome in BLOCKING_OUTCOMES)


@dataclass(frozen=True)
class Links:
    """Where case ids link to: the cases file at the commit under test."""

    server_url: str
    repository: str
    sha: str
    cases_path: str  # relative to the repository root

    def case(self, line: int, sha: str | None = None) -> str:
        """A line of the cases file at the commit under test, or at ``sha`` (a pull request's base)."""
        path = quote(self.cases_path.lstrip("/"))
        at = quote(sha or self.sha)
        return f"{self.server_url.rstrip('/')}/{quote(self.repository)}/blob/{at}/{path}#L{line}"


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
    people: People | None = None  # what people said about the verdict (pull requests)

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
    names_only: bool = False  # table lines name the case, its category and scores, without answer and reason


@dataclass
class Layout:
    shares: dict[str, Share] = field(default_factory=dict)
    why: int = 300  # characters of the answer and of the judge's reason on a table line


@dataclass
class Section:
    kind: Kind
    intro: Markup
    rows: list[Row]  # listed (detailed first)
    detailed: int
    total: int
    share: Share

    @property
    def key(self) -> str:
        return self.kind.key

    @property
    def title(self) -> Markup:
        return Markup(self.kind.title)  # noqa: S704 - ours

    @property
    def left_out(self) -> int:
        return self.total - len(self.rows)

    @property
    def table(self) -> list[Row]:
        return self.rows[self.detailed :]

    @property
    def collapsed(self) -> bool:
        """Moves and backlog are one click away; the rows a person must read are in sight."""
        return not self.kind.attention or self.kind.ids_only

    def noun(self, n: int) -> str:
        return plural(n, self.kind.one, self.kind.many)

    def more(self, n: int) -> str:
        return plural(n, f"more {self.kind.one}", f"more {self.kind.many}")


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


# --- an outage: rows not judged because the judge could not be reached -------------------------

OUTAGE_FIX = (
    "check that the judge's endpoint is right and that this machine can reach it (network, firewall, a private "
    "endpoint), and that the service is up; then run again."
)
_WHO = re.compile(r"^(?:baseline re-score|re-score|baseline|candidate): ")
_BREAKER = re.compile(r"^not sent: .*?; the last failure: ")


@dataclass(frozen=True)
class Outage:
    """Rows the judge could not judge because it could not be reached: said once, not row by row."""

    where: str  # the endpoint (or server) the first of them failed at
    error: str  # the judge's error, once: the first one that is not the circuit breaker's refusal


def outage(results: Results, sample: int = 50) -> Outage | None:
    """From the first ``sample`` rows the judge could not reach (an outage fails every row alike)."""
    if not results.counts.get(Outcome.ERROR):
        return None
    down = []
    for row in rows_with(results.rows, [Outcome.ERROR]):
        if row.unreachable is not None:
            down.append(row)
            if len(down) >= sample:
                break
    if not down:
        return None
    errors = [_WHO.sub("", row.error or "") for row in down]
    sent = [e for e in errors if not e.startswith("not sent: ")]
    error = sent[0] if sent else _BREAKER.sub("", errors[0])
    places = Counter(row.unreachable for row in down if row.unreachable is not None)
    return Outage(places.most_common(1)[0][0], error)


@dataclass(frozen=True)
class Facts:
    """What a verdict's headline is made of: from a results file (``facts``), or as a verdict's record keeps
    it (``github.adjudicate``), so a comment's run words the headline as the judging run did."""

    counts: Mapping[Outcome, int]
    blocking: Mapping[str, int]  # blocking rows by category (regressions, the tripwire's blocking figures)
    review: Mapping[str, int]  # REVIEW rows by category
    small: Mapping[str, int]  # of those, the ones in blocking categories too small to block (``too_small``)
    to_read: int  # rows to read whatever their outcome (an answer that talks to the judge) not counted already
    unreachable: str | None  # where the judge was that could not be reached, when rows went unjudged for that


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
        down.where if down is not None else None,
    )


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
        accepted=top,
    )


def verdict_headline(results: Results, fail_on: FailOn = "blocking", people: People | None = None) -> Headline:
    """The one headline of a run: the report's heading, the check run's title, the console's last line;
    with ``people``, what still blocks once they have spoken, and who accepted what."""
    return headline_of(facts(results), fail_on, people.decision if people is not None else None)


def headline_note(results: Results) -> str:
    """What the heading adds to the verdict: an end-to-end run, the pull request moved the yardstick, or it
    could not be checked (a comment's run keeps it with the verdict it re-presents)."""
    return (
        (" · end-to-end run" if results.mode == "end-to-end" else "")
        + (" · the PR changes the yardstick" if (moved := _moved(results)) else "")
        + (f" · {gone}" if (gone := removes(moved)) else "")
        + (" · the yardstick could not be checked" if _unchecked(results) else "")
    )


def too_small(results: Results) -> Counter[str]:
    """Confirmed regressions in blocking categories too small to block on one judge's word
    (``--min-cases-to-block``), by category: the REVIEW rows of a blocking category."""
    found: Counter[str] = Counter()
    for (category, blocks, outcome, _, _), n in tally(results.rows).items():
        if blocks and outcome is Outcome.REVIEW:
            found[category] += n
    return found


def render_people(people: People, links: Links | None) -> Markup:
    """People's section of the report (``people.md.j2``): the audit table, the judge's measured precision."""
    d = people.decision
    table = people_words.lines(d)
    top = accepted(d)
    voided = sum(1 for s in d.rows if s.state == "voided" and s.blocking)
    text = (
        _env()
        .get_template("people.md.j2")
        .render(
            begin=Markup(people_words.BEGIN),  # noqa: S704 - ours
            end=Markup(people_words.END),  # noqa: S704 - ours
            pointer=Markup(people.pointer),  # noqa: S704 - a hex sha
            table=table[-people_words.SHOWN :],
            left_out=max(0, len(table) - people_words.SHOWN),
            accepted=top.words() if top else "",
            voided=(
                f"{plural(voided, 'blocking row')} accepted on an answer a push has since changed: "
                + ("it blocks again" if voided == 1 else "they block again")
            )
            if voided
            else "",
            missing=d.missing,
            precision=people.precision,
            threshold=THRESHOLD,
            notes=people.notes,
            links=links,
            stamp=people_words.stamp,
        )
    )
    return Markup(text)  # noqa: S704 - rendered by the escaping environment


# --- rows into sections ----------------------------------------------------------------------


class Listing(list[Row]):
    """A section's first rows (as many as its report could ever show) and how many it has in all."""

    total: int = 0


def _marked(results: Results, mark: int) -> Listing:
    """The first rows with this mark (``results.marks``) and how many there are."""
    found = Listing(itertools.islice(rows_marked(results.rows, mark), LISTED))
    found.total = count_marked(results.rows, mark) if len(found) == LISTED else len(found)
    return found


def kind_of(row: Row) -> Kind | None:
    return next((kind for kind in SECTIONS if kind.holds(row)), None)


def _groups(results: Results, keep: int) -> dict[str, Listing]:
    """Each section's rows, the first ``keep`` of them in memory: a report of a million rows lists a few
    thousand at most, and counts the rest (from the tally; rows told apart by the row itself are read)."""
    groups = {kind.key: Listing() for kind in SECTIONS}
    read = {kind.outcome for kind in SECTIONS if kind.row is not None}  # outcomes counted by reading rows
    for cell, n in tally(results.rows).items():
        counted = (
            None if cell[2] in read else next((k for k in SECTIONS if k.outcome is cell[2] and k.cell(cell)), None)
        )
        if counted is not None:
            groups[counted.key].total += n
    for row in rows_with(results.rows, read):
        if (found := kind_of(row)) is not None:
            groups[found.key].total += 1
            if len(groups[found.key]) < (min(keep, IDS_LISTED) if found.ids_only else keep):
                groups[found.key].append(row)
    listed = {kind.outcome for kind in SECTIONS} - read
    for row in rows_with(results.rows, listed):
        if (found := kind_of(row)) is not None and len(groups[found.key]) < keep:
            groups[found.key].append(row)
            if all(len(groups[k.key]) >= min(keep, groups[k.key].total) for k in SECTIONS if k.outcome in listed):
                break
    return groups


def _intro(kind: Kind, results: Results, context: ReportContext, down: Outage | None) -> Markup:
    """A section's introduction, with what this run adds to it."""
    text = Markup(kind.intro)  # noqa: S704 - ours, never user text
    if kind.key in BLOCKING and context.fail_on == "never":
        text += Markup(" They do not fail the check: this workflow sets `fail-on: never`.")
    if kind.key == "small":
        sizes = results.category_sizes or {c.name: c.cases for c in results.categories}
        found = sorted(too_small(results))
        text += Markup(" Here: ") + inline(", ".join(f"{c} ({sizes.get(c, 0):,} cases)" for c in found)) + Markup(".")
    if kind.key == "unstable":
        label = results.judge.second_opinion
        who = "the judge disagreed with itself" if label == "same" else f"{second_opinion_text(label)} disagreed"
        text = (
            Markup("Newly ungrounded, but the re-score disagreed: ") + inline(who) + Markup(". Send to human review.")
        )
    if kind.key == "unreachable" and down is not None:
        text = _outage_intro(results, down)
    return text


def _outage_intro(results: Results, down: Outage) -> Markup:
    """The judge's error once, and what to do: an outage says nothing about the change."""
    unsent = results.calls.unsent
    breaker = (
        f" groundgate stopped calling after that many failures in a row (the circuit breaker): "
        f"{plural(unsent, 'call')} not sent."
        if unsent
        else ""
    )
    return (
        Markup("**The judge's error:** ")
        + inline(down.error)
        + Markup(breaker)  # noqa: S704 - numbers and our words
        + Markup(f"<br>\n**The fix:** {OUTAGE_FIX} Nothing was decided about this change on these rows.")  # noqa: S704
    )


def _sections(groups: Mapping[str, Listing], layout: Layout, intros: Mapping[str, Markup]) -> list[Section]:
    sections = []
    for kind in SECTIONS:
        rows = groups[kind.key]
        if not rows.total:
            continue
        share = layout.shares[kind.key]
        shown = rows[: share.rows]
        detailed = 0 if kind.ids_only else min(share.details, len(shown))
        sections.append(Section(kind, intros[kind.key], shown, detailed, rows.total, share))
    return sections


# --- the figures under the rows --------------------------------------------------------------


@dataclass
class CategoryLine:
    name: str
    cases: int
    worse: int
    better: int
    regressions: int
    small: int  # confirmed regressions that did not block: the category is too small (--min-cases-to-block)
    blocking: bool
    p_value: float | None


def _categories(results: Results) -> list[CategoryLine]:
    """The per-category figures of the results (``category_stats``) with each one's regressions and
    whether it blocks, blocking categories and the most regressions first."""
    blocking: dict[str, bool] = {}
    regressions: Counter[str] = Counter()
    small: Counter[str] = Counter()
    for (category, blocks, outcome, _, _), n in tally(results.rows).items():
        blocking.setdefault(category, blocks)
        regressions[category] += n if outcome is Outcome.REGRESSION else 0
        small[category] += n if outcome is Outcome.REVIEW and blocks else 0
    lines = [
        CategoryLine(
            c.name, c.cases, c.worse, c.better, regressions[c.name], small[c.name], blocking[c.name], c.p_value
        )
        for c in category_stats(results.rows)
    ]
    return sorted(lines, key=lambda c: (not c.blocking, -c.regressions - c.small, -c.worse, c.name))


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


# --- one row ---------------------------------------------------------------------------------


def room(text: str | None, limit: int | None) -> int | None:
    """Where to cut a text, or None to keep it whole: a cut that would leave out only a few characters
    saves nothing and costs the reader the end of the sentence."""
    if limit is None or text is None or len(text) <= limit + max(40, limit // 4):
        return None
    return limit


def agree(row: Row) -> bool:
    """Whether a row's re-score gave the first score's reason again (word for word, or nearly: a judge at
    temperature 0 mostly repeats itself), so the reason is shown once for both."""
    first, again = (" ".join((text or "").split()) for text in (row.after_reason, row.rescore_reason))
    if not first or not again:
        return False
    if first in again or again in first:
        return True
    matcher = difflib.SequenceMatcher(None, first, again, autojunk=False)
    return matcher.quick_ratio() >= 0.9 and matcher.ratio() >= 0.9


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
    """The one reason a row is shown with: the error, the tripwire's figures, or the verdict that decided it
    (a confirmed flip's re-score; an unstable row shows both of its verdicts, so this is its first)."""
    if row.outcome is Outcome.ERROR:
        return row.error
    if row.outcome in (Outcome.UNSUPPORTED_FIGURE, Outcome.BLOCKING_FIGURE):
        return f"{figures_said(row)}; the judge saw no problem: {row.after_reason or ''}"
    if row.outcome is Outcome.UNSTABLE:
        return row.after_reason
    return row.rescore_reason or row.after_reason


def _why_cell(row: Row, limit: int) -> Markup:
    """The reason on a row's table line: an unstable row's two verdicts disagree, so both are given."""
    if row.outcome is Outcome.UNSTABLE and row.rescore_reason and not agree(row):
        half = limit // 2
        return (
            Markup("First score: ")
            + _brief_inline(row.after_reason, half)
            + Markup(f" **Re-score** ({score(row.rescore_score)}): ")  # noqa: S704 - a number
            + _brief_inline(row.rescore_reason, half)
        )
    return _brief_inline(_why(row), limit)


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


def edits(moved: Yardstick | None) -> Callable[[Row], str]:
    """What the pull request changed of a row's yardstick, in a few words ('' when nothing); for a row the
    base branch's versions decided, that they did and where the case judged is."""
    if moved is None:
        return lambda row: ""
    added, cases, baseline = set(moved.added), set(moved.cases), set(moved.baseline)

    def of(row: Row) -> str:
        if row.id in added:
            return "case added in this PR"
        if (judged := moved.at_base.get(row.id)) is not None:
            return (
                f"the PR edited its {' and '.join(judged.edited)}; judged against the base branch's "
                f"(line {judged.line} of the base branch's cases file)"
            )
        parts = [what for what, ids in (("case", cases), ("baseline", baseline)) if row.id in ids]
        return f"{' and '.join(parts)} edited in this PR" if parts else ""

    return of


def removes(moved: Yardstick | None) -> str:
    """The removed cases that were in a blocking category at the base, named: they are no longer judged
    ('' when there are none)."""
    ids = moved.removed_blocking if moved is not None else []
    if not ids:
        return ""
    more = f" and {len(ids) - 5:,} more" if len(ids) > 5 else ""
    return f"removes {plural(len(ids), 'blocking case')}: {', '.join(ids[:5])}{more}"


def case_url(links: Links, moved: Yardstick | None) -> Callable[[Row], str]:
    """Where a row's case link goes: its line at the commit under test, or, when the base branch's version was
    judged, that version's line at the base commit (never the PR's line, as if that were what was judged)."""

    def of(row: Row) -> str:
        judged = moved.at_base.get(row.id) if moved is not None else None
        if moved is None or judged is None:
            return links.case(row.line)
        return links.case(judged.line, moved.base)

    return of


_PUNCTUATION = ".,;:!?\"'()[]{}«»“”‘’…"


def _key(word: str) -> str:
    """What a word is compared by: its letters, not the punctuation that clings to it ('item,' is 'item')."""
    return word.strip(_PUNCTUATION) or word


def _unchecked(results: Results) -> Yardstick | None:
    """The yardstick, when the base files could not be read: the PR's edits to them are unknown."""
    found = results.yardstick
    return found if found is not None and found.unchecked else None


def answers(row: Row, limit: int | None) -> tuple[Markup, Markup]:
    """Baseline and candidate side by side as a word-level diff: what the candidate added in
    bold, what it dropped struck through (GitHub strips <ins>/<del>, but renders ** and ~~)."""
    base, cand = row.baseline.split(), row.candidate.split()
    cut_base = _cut_words(base, room(row.baseline, limit))
    cut_cand = _cut_words(cand, room(row.candidate, limit))
    tails = (_tail(base, cut_base), _tail(cand, cut_cand))
    if len(cut_base) > DIFF_WORDS or len(cut_cand) > DIFF_WORDS:
        return (marked(cut_base, [False] * len(cut_base), "") + tails[0], marked(cut_cand, [False] * len(cut_cand), "") + tails[1])  # fmt: skip
    dropped, added = [True] * len(cut_base), [True] * len(cut_cand)
    keys = ([_key(w) for w in cut_base], [_key(w) for w in cut_cand])
    for match in difflib.SequenceMatcher(None, *keys, autojunk=False).get_matching_blocks():
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


def _brief(value: object, limit: int | None) -> Markup:
    """Multi-line user text, cut at ``limit`` unless the cut would leave out only a few characters."""
    return block(value, room(None if value is None else str(value), limit))


def _brief_inline(value: object, limit: int | None) -> Markup:
    return inline(value, room(None if value is None else " ".join(str(value).split()), limit))


@cache
def _env() -> Environment:
    """The shared environment, with every value escaped for markdown unless it is Markup already."""
    env = environment().overlay(finalize=lambda value: value if isinstance(value, Markup) else inline(value))
    env.filters.update(
        scores=_scores,
        why=_why,
        why_cell=_why_cell,
        label=_label,
        brief=_brief,
        brief_inline=_brief_inline,
        figures_said=figures_said,
    )
    env.globals.update(answers=answers, plural=plural, agree=agree)
    return env


class _Renderer:
    """Renders one results object at ever smaller layouts; the parts that do not depend on the
    layout are computed once and each section is rendered again only when its own share changed."""

    def __init__(self, results: Results, context: ReportContext, keep: int) -> None:
        self.results = results
        self.context = context
        self.groups = _groups(results, keep)
        self.outage = outage(results)
        self.intros = {kind.key: _intro(kind, results, context, self.outage) for kind in SECTIONS}
        top = verdict_headline(results, context.fail_on, context.people)
        self.headline = top
        categories = _categories(results)
        moved = _moved(results)
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
            "matrix": _matrix(results),
            "second_opinion": second_opinion_text(results.judge.second_opinion),
            "moved": moved,
            "moved_ids": _moved_ids(results, moved, context.links),
            "removes": removes(moved),
            "unchecked": _unchecked(results),
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
            "talking": _marked(results, TALKS),
            "live_flips": _marked(results, LIVE_FLIP),
        }
        # Each section's last rendering, by what it depends on: a layout that shrinks another section reuses
        # it. Only the last one: a large run tries dozens of layouts, each of its big sections megabytes long.
        self._parts: dict[str, tuple[tuple[object, ...], Markup]] = {}

    def _part(self, section: Section, layout: Layout, legend: bool) -> Markup:
        key = (section.share, len(section.rows), section.detailed, layout.why, legend)
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
        for section in _sections(self.groups, layout, self.intros):
            lines = len(section.rows) - section.detailed
            least += section.detailed * MIN_UNIT_BYTES
            least += lines * (MIN_ID_BYTES if section.kind.ids_only else MIN_LINE_BYTES)
        return least

    def render(self, layout: Layout) -> str:
        sections = _sections(self.groups, layout, self.intros)
        answers = next((s for s in sections if s.detailed and s.kind.outcome is not Outcome.ERROR), None)
        parts = [self._part(section, layout, section is answers) for section in sections]  # the legend once
        left_out = sum(s.left_out for s in sections)
        return _env().get_template("report.md.j2").render(**self.frame, sections=parts, left_out=left_out)


def _moved_ids(results: Results, moved: Yardstick | None, links: Links | None) -> dict[str, list[Markup]]:
    """The first ids the pull request added, edited or removed, each linked to its case where it has one."""
    if moved is None:
        return {}
    added, removed = set(moved.added), set(moved.removed)
    groups = {
        "added": [cid for cid in moved.cases if cid in added],
        "edited": [cid for cid in moved.cases if cid not in added and cid not in removed],
        "removed": [cid for cid in moved.cases if cid in removed],
        "baseline": list(moved.baseline),
    }
    shown = {what: ids[:20] for what, ids in groups.items()}
    wanted = {cid for ids in shown.values() for cid in ids}
    lines = {row.id: row.line for row in rows_by_id(results.rows, wanted)} if links is not None else {}

    def linked(cid: str) -> Markup:
        text = inline(cid, 80)
        if links is None or cid not in lines:
            return text
        return Markup(f"[{text}]({links.case(lines[cid])})")  # noqa: S704 - escaped id, our URL

    return {
        what: [linked(cid) for cid in ids] + ([Markup(f"and {len(groups[what]) - 20:,} more")] if len(groups[what]) > 20 else [])  # noqa: S704
        for what, ids in shown.items()
        if ids
    }  # fmt: skip


def _halving(n: int, floor: int) -> Iterator[int]:
    """Ever fewer rows from n down to floor, a quarter less each step (floor last)."""
    while n > floor:
        n = max(floor, min(n - 1, n * 3 // 4))
        yield n


def _layouts(groups: Mapping[str, Listing]) -> Iterator[Layout]:
    """Ever smaller layouts, by value (``SECTIONS``' order). Moves and backlog shrink to a count first;
    then texts and detailed rows, the least valuable sections first; the sections a person must read
    keep their first rows (FIRST_ROWS, or all when fewer) until the very end, the first rows of each
    section that blocks (``BLOCKING``) their whole texts; every blocking row stays named, as a table line
    when it cannot be whole, until nothing else is left."""
    sizes = {key: min(rows.total, len(rows)) for key, rows in groups.items()}
    floor = {key: min(FIRST_ROWS, n) for key, n in sizes.items()}
    attention = [kind.key for kind in SECTIONS if kind.attention]
    others = [key for key in reversed(attention) if key not in BLOCKING]  # least valuable first
    blocks = list(reversed(BLOCKING))  # the same for the sections that block
    shares = {kind.key: Share(sizes[kind.key], sizes[kind.key] if kind.attention else 0) for kind in SECTIONS}
    layout = Layout(shares)
    yield layout

    def step(key: str, **changes: int | None) -> Layout:
        return replace(layout, shares={**layout.shares, key: replace(layout.shares[key], **changes)})  # type: ignore[arg-type]

    for kind in reversed(SECTIONS):  # moves and backlog: down to a count
        if not kind.attention:
            for n in _halving(sizes[kind.key], 0):
                layout = step(kind.key, rows=n)
                yield layout
    for limit in (2000, 600, 250):  # texts of detailed rows (protected ones excepted)
        for key in attention:
            layout = step(key, text=limit)
        yield layout
    for key in [*others, *blocks]:  # detailed rows beyond the first (blocking ones beyond the protected)
        least = min(PROTECTED, sizes[key]) if key in BLOCKING else floor[key]
        for n in _halving(sizes[key], least):
            layout = step(key, details=n)
            yield layout
    for key in others:  # table lines beyond the first rows of the sections that do not block
        for n in _halving(sizes[key], floor[key]):
            layout = step(key, rows=n)
            yield layout
    layout = replace(layout, why=160)
    yield layout
    for key in others:  # their first rows as table lines only
        for n in _halving(floor[key], 0):
            layout = step(key, details=n)
            yield layout
    for limit in (4000, 1000, 300):  # the context of protected rows, whose answers and reasons stay whole
        for key in blocks:
            layout = step(key, context=limit)
        yield layout
    layout = replace(layout, why=80)
    yield layout
    for key in blocks:
        layout = step(key, names_only=True)  # the other blocking rows: named, with category and scores
    yield layout
    for key in blocks:
        for n in _halving(layout.shares[key].details, min(1, sizes[key])):  # fewer whole ones
            layout = step(key, details=n)
            yield layout
    for key in others:  # the sections that do not block, down to a count
        for n in _halving(floor[key], 0):
            layout = step(key, details=0, rows=n)
            yield layout
    for key in blocks:
        layout = step(key, details=0)
    yield layout
    for key in blocks:
        for n in _halving(sizes[key], 0):  # last resort: a suite of thousands of blocking rows
            layout = step(key, rows=n)
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

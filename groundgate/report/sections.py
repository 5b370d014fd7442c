"""The report's sections, in order of value, and how they shrink to fit: which rows each holds, how many
are detailed, how long their texts are, and the ever smaller layouts tried until one fits its target."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace

from markupsafe import Markup

from groundgate.judges.limits import UNFIT_FIX
from groundgate.report.context import ReportContext
from groundgate.report.deciders import second_judge
from groundgate.report.escape import inline
from groundgate.report.headline import OUTAGE_FIX, Outage, stopped_for_format, too_small
from groundgate.results import Results, Row, count_marked, rows_marked, rows_with, tally
from groundgate.rules import BLOCKING as BLOCKING_OUTCOMES
from groundgate.rules import (
    Cell,
    Outcome,
    plural,
    worse,
)

MIN_LINE_BYTES = 18  # no table line takes fewer bytes than this: a section never needs more rows than limit / this
MIN_ID_BYTES = 2  # nor an id in a list of ids ("x," at the least)
MIN_UNIT_BYTES = 120  # nor a detailed row (its fixed words alone are longer): layouts that cannot fit are not rendered
FIRST_ROWS = 10  # every section a person must read shows at least this many rows (or all of them)
LISTED = 20  # rows shown of the answers that talk to the judge, and of the flips against live retrieval
PROTECTED = 10  # the first blocking regressions keep whole reasons and texts
IDS_LISTED = 1000  # a section listed as ids names at most this many (the rest are counted)


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
         "opinion or a person before shipping.", "CONFIRM", Outcome.REVIEW, cell=lambda c: c[1], console=50),
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
# The sections whose rows fail the check, in order of value.
BLOCKING = tuple(kind.key for kind in SECTIONS if kind.outcome in BLOCKING_OUTCOMES)
# The sections whose every row stays named until nothing else is left to cut: the rows that block, and those
# that would block but for their category's size (each needs a second opinion before shipping).
NAMED = (*BLOCKING, "small")


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


# --- rows into sections ----------------------------------------------------------------------


class Listing(list[Row]):
    """A section's first rows (as many as its report could ever show) and how many it has in all."""

    total: int = 0


def marked_rows(results: Results, mark: int) -> Listing:
    """The first rows with this mark (``results.marks``) and how many there are."""
    found = Listing(itertools.islice(rows_marked(results.rows, mark), LISTED))
    found.total = count_marked(results.rows, mark) if len(found) == LISTED else len(found)
    return found


def kind_of(row: Row) -> Kind | None:
    return next((kind for kind in SECTIONS if kind.holds(row)), None)


def grouped(results: Results, keep: int) -> dict[str, Listing]:
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


def intro_of(kind: Kind, results: Results, context: ReportContext, down: Outage | None) -> Markup:
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
        who = "the judge disagreed with itself" if label == "same" else f"{second_judge(results)} disagreed"
        text = (
            Markup("Newly ungrounded, but the re-score disagreed: ") + inline(who) + Markup(". Send to human review.")
        )
    if kind.key == "unsupported_figure" and results.tripwire == "block":  # never advise what the run already sets
        text = Markup(
            "The judge did not flag these, but the candidate newly states a figure its context never states (the "
            "tripwire): the judge may have missed them. Read before shipping. This run sets `tripwire: block`, but "
            "these are in categories that do not block, so they do not block."
        )
    if kind.key == "unreachable" and down is not None:
        text = _outage_intro(results, down)
    if kind.key == "error" and stopped_for_format(results):  # reached, but answering off the format: no outage
        text += Markup(f" The judge answered, but stopped answering in the rubric's format, so groundgate stopped calling it. **The fix:** {UNFIT_FIX}.")  # noqa: S704 - ours  # fmt: skip
    return text


def _outage_intro(results: Results, down: Outage) -> Markup:
    """The judge's error once, the circuit breaker's part with its numbers, and what to do: an outage says
    nothing about the change."""
    unsent = results.calls.unsent
    after = f"after {plural(down.breaker, 'failed call')} in a row" if down.breaker else "after failed calls in a row"
    breaker = (
        f"<br>\n**The circuit breaker:** {after}, groundgate stopped calling the judge "
        f"(`max-consecutive-failures`): {plural(unsent, 'call')} not sent."
        if unsent
        else ""
    )
    return (
        Markup("**The judge's error:** ")
        + inline(down.error)
        + Markup(breaker)  # noqa: S704 - numbers and our words
        + Markup(f"<br>\n**The fix:** {OUTAGE_FIX} Nothing was decided about this change on these rows.")  # noqa: S704
    )


def sections_of(groups: Mapping[str, Listing], layout: Layout, intros: Mapping[str, Markup]) -> list[Section]:
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


def _halving(n: int, floor: int) -> Iterator[int]:
    """Ever fewer rows from n down to floor, a quarter less each step (floor last)."""
    while n > floor:
        n = max(floor, min(n - 1, n * 3 // 4))
        yield n


def layouts(groups: Mapping[str, Listing]) -> Iterator[Layout]:
    """Ever smaller layouts, by value (``SECTIONS``' order). Moves and backlog shrink to a count first;
    then texts and detailed rows, the least valuable sections first; the sections a person must read
    keep their first rows (FIRST_ROWS, or all when fewer) until the very end, the first rows of each
    section that blocks (``BLOCKING``) their whole texts; every row that blocks or would block (``NAMED``) stays
    named, as a table line when it cannot be whole, until nothing else is left."""
    sizes = {key: min(rows.total, len(rows)) for key, rows in groups.items()}
    floor = {key: min(FIRST_ROWS, n) for key, n in sizes.items()}
    attention = [kind.key for kind in SECTIONS if kind.attention]
    others = [key for key in reversed(attention) if key not in NAMED]  # least valuable first
    blocks = list(reversed(NAMED))  # the same for the sections whose every row stays named
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

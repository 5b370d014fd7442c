"""What the pull request changed of the yardstick (cases and baseline), as the report shows it: the edits on
each row, the removed blocking cases, where a row's case link goes; and how old the baseline answers are."""

from __future__ import annotations

from collections.abc import Callable

from markupsafe import Markup

from groundgate.baseline_age import BaselineAge, said, warning
from groundgate.cases import Yardstick
from groundgate.matching import reads_as_id
from groundgate.report.escape import inline
from groundgate.report.links import Links
from groundgate.results import Results, Row, rows_by_id
from groundgate.rules import (
    plural,
)
from groundgate.wording import listed


def moved_yardstick(results: Results) -> Yardstick | None:
    """The yardstick, when the pull request changed it; ids are user text, escaped by the template. A suite
    new in the pull request is said in one line instead (``new_suite``)."""
    found = results.yardstick
    if found is None or found.new_suite:
        return None
    return found if found.cases or found.baseline or found.note else None


def new_suite(results: Results) -> bool:
    """The cases file is new in the pull request (the one that adopts the gate): every id is its own, so the
    report says that in one line instead of listing every case as added and every baseline as changed."""
    return results.yardstick is not None and results.yardstick.new_suite


def was(moved: Yardstick, case_id: str) -> str:
    """A renamed case's id at the base ('was refund-1'), and whether the two read alike (a reader could not
    tell them apart: a look-alike id is said to be one)."""
    then = moved.renamed[case_id]
    return f"was {then}" + ("; the two read alike" if reads_as_id(then) == reads_as_id(case_id) else "")


def edited_words(moved: Yardstick, case_id: str) -> str:
    """What the pull request changed of a row the base branch's versions decided: 'id (was refund-1) and
    context'."""
    return " and ".join(
        f"id ({was(moved, case_id)})" if what == "id" else what for what in moved.at_base[case_id].edited
    )


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
                f"the PR edited its {edited_words(moved, row.id)}; judged against the base branch's "
                f"(line {judged.line} of the base branch's cases file)"
            )
        parts = [what for what, ids in (("case", cases), ("baseline", baseline)) if row.id in ids]
        return f"{' and '.join(parts)} edited in this PR" if parts else ""

    return of


REMOVES = "removes "  # how ``removes`` starts: the check run's title finds it in the headline's note
UNASKS = "no longer asks "  # how ``unasks`` starts, likewise


def baseline_changed(moved: Yardstick) -> list[str]:
    """The ids whose baseline response the pull request changed, its added and removed cases aside (a new case
    comes with its baseline response: that is said once, as an added case)."""
    cases = set(moved.added) | set(moved.removed)
    return [cid for cid in moved.baseline if cid not in cases]


def base_commit(moved: Yardstick, links: Links | None) -> Markup:
    """The base commit the pull request was compared with, short, linked to its page when it can be."""
    short = inline(moved.base[:12])
    url = links.commit(moved.base) if links is not None else None
    return Markup(f"[{short}]({url})") if url else short  # noqa: S704 - escaped text, a URL of a hex SHA


def removes(moved: Yardstick | None) -> str:
    """The removed cases that were in a blocking category at the base, named: they are no longer judged
    ('' when there are none)."""
    ids = moved.removed_blocking if moved is not None else []
    if not ids:
        return ""
    return f"{REMOVES}{plural(len(ids), 'blocking case')}: {listed(ids, 5)}"


def case_url(links: Links, moved: Yardstick | None) -> Callable[[Row], str]:
    """Where a row's case link goes: its line at the commit under test, or, when the base branch's version was
    judged, that version's line at the base commit (never the PR's line, as if that were what was judged)."""

    def of(row: Row) -> str:
        judged = moved.at_base.get(row.id) if moved is not None else None
        if moved is None or judged is None:
            return links.case(row.line)
        return links.case(judged.line, moved.base)

    return of


def unchecked_yardstick(results: Results) -> Yardstick | None:
    """The yardstick, when the base files could not be read: the PR's edits to them are unknown."""
    found = results.yardstick
    return found if found is not None and found.unchecked else None


def moved_ids(results: Results, moved: Yardstick | None, links: Links | None) -> dict[str, list[Markup]]:
    """The first ids the pull request added, edited or removed, each linked to its case where it has one."""
    if moved is None:
        return {}
    added, removed, renamed = set(moved.added), set(moved.removed), moved.renamed
    groups = {
        "added": [cid for cid in moved.cases if cid in added],
        "renamed": [cid for cid in moved.cases if cid in renamed],
        "edited": [cid for cid in moved.cases if cid not in added and cid not in removed and cid not in renamed],
        "removed": [cid for cid in moved.cases if cid in removed],
        "baseline": baseline_changed(moved),
    }
    shown = {what: ids[:20] for what, ids in groups.items()}
    wanted = {cid for ids in shown.values() for cid in ids}
    lines = {row.id: row.line for row in rows_by_id(results.rows, wanted)} if links is not None else {}

    def linked(cid: str) -> Markup:
        text = inline(cid, 80)
        if links is not None and cid in lines:
            text = Markup(f"[{text}]({links.case(lines[cid])})")  # noqa: S704 - escaped id, our URL
        if cid in renamed:  # the base's id beside the new one: a look-alike is told as one
            text += Markup(" (") + inline(was(moved, cid), 200) + Markup(")")
        return text

    return {
        what: [linked(cid) for cid in ids] + ([Markup(f"and {len(groups[what]) - 20:,} more")] if len(groups[what]) > 20 else [])  # noqa: S704
        for what, ids in shown.items()
        if ids
    }  # fmt: skip


def _commit(found: BaselineAge, links: Links | None) -> str:
    url = links.commit(found.commit) if links is not None else None
    return f"[`{found.short}`]({url})" if url else f"`{found.short}`"


def baseline_age(found: BaselineAge | None, links: Links | None) -> tuple[Markup, Markup]:
    """The footer's sentence on the baseline answers' age and, past ``baseline_age.STALE_DAYS``, the warning
    at the top; the commit linked when it can be. Our words, numbers, a date and a hex SHA: no user text."""
    if found is None:
        return Markup(""), Markup("")
    commit = _commit(found, links)
    return Markup(said(found, commit)), Markup(warning(found, commit) or "")  # noqa: S704 - see above


def unasks(moved: Yardstick | None) -> str:
    """The blocking cases whose question the pull request no longer asks, named ('' when there are none): kept by
    their id or context and judged at the base, but on an answer to another question (``matching``)."""
    ids = moved.unasked_blocking if moved is not None else []
    if not ids:
        return ""
    return f"{UNASKS}the question of {plural(len(ids), 'blocking case')}: {listed(ids, 5)}"

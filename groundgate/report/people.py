"""What people said about a verdict, as the report shows it: a section of its own (``people.md.j2``), a mark on
each row they spoke of, the counts with their acceptances counted apart, and at the end the command a writer
can paste to dispute a row (``dispute.md.j2``). Each sits where a re-presenting run can replace it
(``report.marks``) in the report a judging run posted, without the results and without judging again.

User text never contains ``<!--`` (``report.escape``), so the delimiters and the record's pointer cannot
be written by anyone but groundgate in its own comment or check run.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from markupsafe import Markup

from groundgate.adjudication import PREFIX, Decision, Entry, Judged, Standing, Verb, accepted
from groundgate.labels import THRESHOLD, Precision
from groundgate.report import marks
from groundgate.report.escape import inline
from groundgate.report.links import Links
from groundgate.report.rows import markdown_env
from groundgate.rules import Outcome, plural
from groundgate.wording import listed

BEGIN = "<!-- groundgate-people -->"
END = "<!-- /groundgate-people -->"
POINTER = re.compile(r'<!-- groundgate-record head="([0-9a-f]{40})" -->')
SHOWN = 50  # adjudications listed in the audit table; the record keeps them all
NAMED = 20  # ids the command to paste names; the rest are counted
SHORT = 12  # characters of a commit as the report names it (and a command may)
REASON_SHOWN = 200  # characters of a reason in a row's mark and the audit table
_BARE = re.compile(r"[^\s`\"]+")  # an id a command can name as it is


@dataclass(frozen=True)
class People:
    """A verdict with people in it: the decision, the commit whose record holds it, the judge's measured
    precision on this repository's adjudicated blocking verdicts, notes (what could not be read), the rows
    that still block (the command to paste names them), the counts line with people's acceptances counted
    apart (for a run that re-presents a report), and the blocking categories too small to block alone (their
    regressions have a section of their own)."""

    decision: Decision
    head: str
    precision: Precision | None = None
    notes: tuple[str, ...] = ()
    blocking: tuple[str, ...] = ()
    counts: tuple[str, ...] = ()
    small: frozenset[str] = frozenset()

    @property
    def pointer(self) -> str:
        """Where the record is: the next judging run of the pull request reads its ledger there."""
        return f'<!-- groundgate-record head="{self.head}" -->' if re.fullmatch(r"[0-9a-f]{40}", self.head) else ""

    def standing(self, row_id: str) -> Standing | None:
        return next((s for s in self.decision.rows if s.row.id == row_id), None)

    def mark(self, row_id: str) -> Markup:
        """What people said of this row, after its case in the report ('' when nobody spoke of it)."""
        found = self.standing(row_id)
        return row_mark(found) if found is not None else Markup("")

    def count(self, key: str, total: int) -> Markup:
        """A section's count in its title: what still blocks and what people accepted, apart."""
        return count_text(total, sum(1 for s in self.decision.accepted if section_of(s.row, self.small) == key))


def section_of(row: Judged, small: frozenset[str]) -> str:
    """The report's section (``report.sections``) a row people may adjudicate is listed in."""
    if row.outcome is Outcome.REVIEW:
        return "small" if row.category in small else "review"
    return row.outcome.value


def count_text(total: int, accepted_rows: int) -> Markup:
    if not accepted_rows:
        return Markup(f"{total:,}")  # noqa: S704 - numbers
    return Markup(f"{total - accepted_rows:,} still blocking · {accepted_rows:,} accepted")  # noqa: S704 - numbers


def stamp(at: datetime) -> str:
    return f"{at:%Y-%m-%d %H:%M} UTC"


def when(at: datetime) -> Markup:
    """A time that never wraps in a table cell."""
    return Markup(stamp(at).replace(" ", "&nbsp;"))  # noqa: S704 - digits and our words


def answer(entry: Entry) -> Markup:
    """What an adjudication is bound to, in words: the answer judged at a commit."""
    if entry.digest is None:
        return Markup("no answer (posted before any verdict)")
    if entry.head is None:
        return Markup("the answer judged when it was posted")
    return Markup(f"the answer judged at `{entry.head[:SHORT]}`")  # noqa: S704 - a hex sha


def _who(entries: Sequence[Entry]) -> Markup:
    names = [inline("@" + e.login) for e in entries]
    if len(names) <= 2:
        return Markup(" and ").join(names)
    return Markup(listed(names, 2))  # noqa: S704 - the names are escaped, the rest a number


def row_mark(s: Standing) -> Markup:
    """A row's mark: who accepted it (when, their reason, the answer it binds to), or what else people said."""
    accepts = [e for e in s.by if e.verb is Verb.ACCEPT]
    confirms = [e for e in s.by if e.verb is Verb.CONFIRM]
    if s.state == "accepted" and s.blocking:
        first = accepts[0]
        return (
            Markup(" · ✅ **accepted** by ")
            + _who(accepts)
            + Markup(f" ({when(first.at)}, for {answer(first)}): “")  # noqa: S704 - ours
            + inline(first.reason, REASON_SHOWN)
            + Markup("” — no longer blocks")
        )
    if s.state == "disputed":
        return Markup(" · ⚠️ accepted by ") + _who(accepts) + Markup(", confirmed by ") + _who(confirms) + Markup(": still blocks")  # fmt: skip
    if s.state == "accepted":
        return Markup(" · accepted by ") + _who(accepts)
    if s.state == "confirmed":
        return Markup(" · confirmed by ") + _who(confirms)
    voided = [e for e in s.voided if e.verb is Verb.ACCEPT]
    if voided and s.blocking:
        return (
            Markup(" · accepted by ") + _who(voided) + Markup(" for an answer a push has since changed: blocks again")
        )
    return Markup("")


@dataclass(frozen=True)
class Line:
    """One line of the audit table."""

    standing: Standing
    entry: Entry
    voided: bool

    @property
    def effect(self) -> str:
        s = self.standing
        if self.voided:
            return "voided: the answer changed since" + (", it blocks again" if s.blocking and s.blocks else "")
        if not s.blocking:
            return "read"
        return {"accepted": "no longer blocks", "disputed": "disputed: still blocks"}.get(s.state, "still blocks")


def lines(decision: Decision) -> list[Line]:
    """Every standing adjudication, the voided ones after those that apply, newest last."""
    found = [Line(s, e, False) for s in decision.rows for e in s.by]
    found += [Line(s, e, True) for s in decision.rows for e in s.voided]
    return sorted(found, key=lambda line: (line.voided, line.entry.order()))


def token(row_id: str) -> str | None:
    """An id as a command names it: as it is, in quotes, or in backticks; None when no form can hold it (it
    goes in a code block as it is: nothing in it may end a line, the block, or the hidden marks around it)."""
    if not row_id.isprintable() or "<!--" in row_id or "-->" in row_id:
        return None
    if _BARE.fullmatch(row_id) and row_id.casefold() != "at":
        return row_id
    if '"' not in row_id and row_id.strip() == row_id and row_id:
        return f'"{row_id}"'
    if "`" not in row_id and row_id.strip() == row_id and row_id:
        return f"`{row_id}`"
    return None


def command(people: People) -> tuple[str, int]:
    """The command a writer pastes to accept the rows that still block (NAMED at most), and how many more."""
    named = [t for t in (token(i) for i in people.blocking[:NAMED]) if t is not None]
    ids = " ".join(named)
    return f"{PREFIX} accept at {people.head[:SHORT]} {ids} -- REASON", len(people.blocking) - len(named)


def render_dispute(people: People | None) -> Markup:
    """The end of a report a writer can act on (``dispute.md.j2``): the exact command that accepts the rows
    that still block, in a code block, and what confirm and revoke do. Empty when nothing blocks, or outside a
    pull request (no people: adjudication is not enabled there)."""
    if people is None:
        return Markup("")
    text = ""
    if people.blocking and re.fullmatch(r"[0-9a-f]{40}", people.head):
        line, left = command(people)
        text = (
            markdown_env()
            .get_template("dispute.md.j2")
            .render(
                command=Markup(line),  # noqa: S704 - in a code block: ids as they are, checked by token()
                left=left,
                head=Markup(people.head[:SHORT]),  # noqa: S704 - a hex sha
                prefix=Markup(PREFIX),  # noqa: S704 - ours
            )
        )
    return marks.block("dispute", text)


def represent(body: str, heading: str, people: People, section: str, marker: str, limit: int) -> str:
    """A report groundgate posted, brought up to date with people's decisions: the heading, people's section,
    the counts, each section's count and each row's mark, the command at the end. When it no longer fits
    GitHub's limit, the judge's report gives way to a line saying where it is."""
    body, section = str(body), str(section)  # plain text from here: a Markup would escape what it is added to
    first, _, rest = body.partition("\n")
    if not first.startswith("## "):
        rest = body
    start, end = rest.find(BEGIN), rest.find(END)
    if 0 <= start < end:
        rest = rest[:start] + section.strip() + rest[end + len(END) :]
    else:
        rest = "\n" + section.strip() + "\n" + rest
    if people.counts:
        rest = marks.replace_block(rest, "counts", counts_markdown(people.counts))
    dispute = str(render_dispute(people))
    rest = marks.replace_block(rest, "dispute", _inside(dispute))
    rest = marks.replace_block(rest, "decided", decided_by_people(_block_content(rest, "decided"), people))
    rest = marks.fill(rest, "row", lambda key: str(_marks(people).get(key, "")))
    rest = marks.fill(rest, "count", lambda key: _recount(people, key))
    text = f"## {heading}\n{rest}"
    if len(text.encode("utf-8")) <= limit:
        return text
    note = (
        "\n\nThe judge's full report does not fit beside people's adjudications: it is in the job summary and "
        "the results of the run that judged this commit.\n\n"
    )
    return f"## {heading}\n\n{section.strip()}{note}{dispute}\n\n{marker}\n"


PEOPLE_DECIDED = "; by people: "


def decided_by_people(line: str, people: People) -> str:
    """The judging run's "Decided by …" line, with what people decided since in place of what it said of them:
    a comment's run knows people's decisions, not the rows the judge decided ('' stays '')."""
    if not line.strip():
        return line
    judged = line.split(PEOPLE_DECIDED, 1)[0].rstrip().removesuffix("\\.").removesuffix(".")
    found = accepted(people.decision)
    said = f"{PEOPLE_DECIDED}{inline(found.words())}" if found is not None and found.rows else ""
    return f"{judged}{said}."


def _block_content(body: str, name: str) -> str:
    start, stop = body.find(marks.begin(name)), body.find(marks.end(name))
    return body[start + len(marks.begin(name)) : stop].strip() if 0 <= start < stop else ""


def _inside(found: str) -> str:
    """A block's content, without its two delimiting lines."""
    return found.split("\n", 1)[1].rsplit("\n", 1)[0] if "\n" in found else ""


def _marks(people: People) -> dict[str, Markup]:
    return {marks.row_key(s.row.id): row_mark(s) for s in people.decision.rows}


def _recount(people: People, key: str) -> str | None:
    """A section's count holder (its key: the section and the judge's count) filled again."""
    section, _, total = key.rpartition(":")
    return str(people.count(section, int(total))) if total.isdigit() else None


def counts_markdown(parts: Sequence[str]) -> str:
    """The counts line, each number in bold: '**12** cases · **1** blocking regression'."""
    return " · ".join(f"**{n}** {words}" for n, _, words in (part.partition(" ") for part in parts))


def heading(icon: str, text: str) -> str:
    """The report's heading line (after '## '), as the report template writes it."""
    return f"{icon} groundgate: {inline(text)}"


def render_people(people: People, links: Links | None) -> Markup:
    """People's section of the report (``people.md.j2``): what they accepted, the audit table, the judge's
    measured precision."""
    d = people.decision
    table = lines(d)
    top = accepted(d)
    voided = sum(1 for s in d.rows if s.state == "voided" and s.blocking)
    text = (
        markdown_env()
        .get_template("people.md.j2")
        .render(
            begin=Markup(BEGIN),  # noqa: S704 - ours
            end=Markup(END),  # noqa: S704 - ours
            pointer=Markup(people.pointer),  # noqa: S704 - a hex sha
            table=table[-SHOWN:],
            left_out=max(0, len(table) - SHOWN),
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
            when=when,
            answer=answer,
            reason_shown=REASON_SHOWN,
        )
    )
    return Markup(text)  # noqa: S704 - rendered by the escaping environment

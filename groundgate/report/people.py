"""What people said about a verdict, as the report shows it: a section of its own (``people.md.j2``),
between hidden delimiters, so a comment's run can replace it (and the heading above it) in the report a
judging run posted, without the results and without judging again.

User text never contains ``<!--`` (``report.escape``), so the delimiters and the record's pointer cannot
be written by anyone but groundgate in its own comment or check run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from markupsafe import Markup

from groundgate.adjudication import Decision, Entry, Standing, accepted
from groundgate.labels import THRESHOLD, Precision
from groundgate.report.escape import inline
from groundgate.report.links import Links
from groundgate.report.rows import markdown_env
from groundgate.rules import plural

BEGIN = "<!-- groundgate-people -->"
END = "<!-- /groundgate-people -->"
POINTER = re.compile(r'<!-- groundgate-record head="([0-9a-f]{40})" -->')
SHOWN = 50  # adjudications listed in the audit table; the record keeps them all


@dataclass(frozen=True)
class People:
    """A verdict with people in it: the decision, the commit whose record holds it, the judge's measured
    precision on this repository's adjudicated blocking verdicts, and notes (what could not be read)."""

    decision: Decision
    head: str
    precision: Precision | None = None
    notes: tuple[str, ...] = ()

    @property
    def pointer(self) -> str:
        """Where the record is: the next judging run of the pull request reads its ledger there."""
        return f'<!-- groundgate-record head="{self.head}" -->' if re.fullmatch(r"[0-9a-f]{40}", self.head) else ""


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


def stamp(at: datetime) -> str:
    return f"{at:%Y-%m-%d %H:%M} UTC"


def represent(body: str, heading: str, section: str, marker: str, limit: int) -> str:
    """A report groundgate posted, with a new heading and people's section in place of the old ones. When
    it no longer fits GitHub's limit, the judge's report gives way to a line saying where it is."""
    first, _, rest = body.partition("\n")
    if not first.startswith("## "):
        rest = body
    start, end = rest.find(BEGIN), rest.find(END)
    if 0 <= start < end:
        rest = rest[:start] + section.strip() + rest[end + len(END) :]
    else:
        rest = "\n" + section.strip() + "\n" + rest
    text = f"## {heading}\n{rest}"
    if len(text.encode("utf-8")) <= limit:
        return text
    note = (
        "\n\nThe judge's full report does not fit beside people's adjudications: it is in the job summary and "
        "the results of the run that judged this commit.\n\n"
    )
    return f"## {heading}\n\n{section.strip()}{note}{marker}\n"


def heading(icon: str, text: str) -> str:
    """The report's heading line (after '## '), as the report template writes it."""
    return f"{icon} groundgate: {inline(text)}"


def render_people(people: People, links: Links | None) -> Markup:
    """People's section of the report (``people.md.j2``): the audit table, the judge's measured precision."""
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
            stamp=stamp,
        )
    )
    return Markup(text)  # noqa: S704 - rendered by the escaping environment

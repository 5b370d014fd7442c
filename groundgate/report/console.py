"""The terminal report. Its last screen is what matters: the counts, then the rows to read, the
blocking ones last, then the verdict as the very last line. Moves and backlog are counts only. Lines
are wrapped to the terminal's width (a row to at most two lines, its reason cut; the path to the
full list never); colour only on a terminal that wants it, and only on the first line of each."""

from __future__ import annotations

import re
import shutil
import unicodedata
from collections.abc import Callable, Mapping
from functools import cache

from jinja2 import Environment, pass_context

from groundgate.adjudication import Verb
from groundgate.baseline_age import said, warning
from groundgate.report import noise as noise_words
from groundgate.report.deciders import decided_by, fluency_reason
from groundgate.report.escape import log_safe
from groundgate.report.headline import OUTAGE_FIX, counts_parts, outage, too_small, verdict_headline
from groundgate.report.people import People
from groundgate.report.render import environment, plain
from groundgate.report.rows import bucket_label, buckets, held_said, why
from groundgate.report.sections import SECTIONS, grouped, marked_rows
from groundgate.report.yardstick import baseline_changed, edits, moved_yardstick, removes, unasks, was
from groundgate.results import LIVE_FLIP, TALKS, Results, Row, quota_waited
from groundgate.rules import FailOn, Outcome, plural

WIDTH = 120  # when the width cannot be known (a pipe, a CI log)
NARROWEST = 40
INDENT = "    "  # continuation lines
ROW_LINES = 2  # a row takes at most this many lines: its reason is cut to fit
COLOURS = {
    "REGRESSION": "\x1b[1;31m",
    "FIGURE BLOCKS": "\x1b[1;31m",
    "FIGURE": "\x1b[33m",
    "CONFIRM": "\x1b[1;33m",
    "REVIEW": "\x1b[33m",
    "UNSTABLE": "\x1b[33m",
    "NON-ANSWER": "\x1b[33m",
    "NOT JUDGED": "\x1b[35m",
    "TALKS TO THE JUDGE": "\x1b[33m",
    "OWN CONTEXT": "\x1b[33m",
    "WARNING": "\x1b[33m",
}
VERDICT_COLOURS = {"failure": "\x1b[1;31m", "neutral": "\x1b[1;33m", "success": "\x1b[1;32m"}
RESET = "\x1b[0m"
_WIDE = re.compile(r"[^\x00-\u10ff]")  # a cheap test before the exact one
_ROW = re.compile(r"  [A-Z][A-Z -]*[A-Z] ")  # a row: two spaces and its label in capitals


def columns(environ: Mapping[str, str]) -> int:
    """The terminal's width: ``COLUMNS`` when set, else the terminal's own, else WIDTH (not a terminal)."""
    try:
        wanted = int(environ.get("COLUMNS", ""))
    except ValueError:
        wanted = 0
    return max(NARROWEST, wanted or shutil.get_terminal_size((WIDTH, 40)).columns)


def width(text: str) -> int:
    """Columns a terminal gives the text (East Asian wide and full-width characters take two)."""
    if not _WIDE.search(text):
        return len(text)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def fit(line: str, columns: int = WIDTH) -> str:
    """One line cut to the columns, with an ellipsis where it was cut."""
    if width(line) <= columns:
        return line
    out, used = [], 0
    for ch in line:
        w = width(ch)
        if used + w > columns - 1:
            break
        out.append(ch)
        used += w
    return "".join(out).rstrip() + "…"


def wrap(line: str, columns: int) -> list[str]:
    """A logical line in lines of ``columns``, continued with an indent; a word longer than a line (a
    path, a URL) stays whole on a line of its own rather than being cut."""
    words = line.split(" ")
    lead = len(line) - len(line.lstrip(" "))
    lines: list[str] = []
    current = " " * lead
    for word in (w for w in words[lead:] if w):
        room = columns - width(current)
        if current.strip() and width(word) + 1 > room:
            lines.append(current)
            current = INDENT + word
        else:
            current += (" " if current.strip() else "") + word
    lines.append(current)
    return lines


def _lines(text: str, columns: int) -> list[tuple[str, bool]]:
    """Each physical line, and whether it starts a logical line (only those are coloured)."""
    out: list[tuple[str, bool]] = []
    for line in text.splitlines():
        wrapped = wrap(line, columns)
        if _ROW.match(line) and len(wrapped) > ROW_LINES:  # a row: its reason cut to fit
            rest = " ".join(" ".join(wrapped[ROW_LINES - 1 :]).split())
            wrapped = [*wrapped[: ROW_LINES - 1], fit(INDENT + rest, columns)]
        out += [(physical, index == 0) for index, physical in enumerate(wrapped)]
    return out


def wrap_all(text: str, columns: int) -> list[str]:
    """Every line of ``text`` wrapped to ``columns`` (rows to ROW_LINES lines): the plain lines of a terminal."""
    return [line for line, _ in _lines(text, max(NARROWEST, columns))]


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")


def _reason(row: Row) -> str:
    """What a console row says after its scores: the first sentence of the reason that decided it, or a
    new non-answer's answer (the report has the rest)."""
    if row.outcome is Outcome.NEW_NON_ANSWER and row.candidate.strip():
        return f'"{" ".join(row.candidate.split())}"'
    reason = " ".join((why(row) or "").split())
    first = _SENTENCE_END.split(reason, maxsplit=1)[0]
    return first if len(first) >= 20 else reason


def render_console(
    results: Results,
    fail_on: FailOn = "blocking",
    *,
    colour: bool = False,
    where: str = "the markdown report",
    columns: int = WIDTH,
    people: People | None = None,
) -> str:
    """``where``: where the full list is (the report file, the job summary); ``columns``: the terminal's width;
    ``people``: their adjudications of the verdict (a pull request's)."""
    groups = grouped(results, keep=max(kind.console for kind in SECTIONS))
    down = outage(results)
    sections = []
    for kind in reversed(SECTIONS):  # the least valuable first: the blocking rows end up last
        rows = groups[kind.key]
        if kind.attention and rows.total:
            left = rows.total - kind.console if not kind.ids_only else 0
            more = plural(left, f"more {kind.one}", f"more {kind.many}") if left > 0 else ""
            sections.append((kind, rows[: kind.console], rows.total, more))
    c = results.counts
    quiet = [plural(c[Outcome.MOVED], "moved"), plural(c[Outcome.STILL_UNGROUNDED], "still ungrounded") + " (backlog)"]
    quiet = [q for q, o in zip(quiet, (Outcome.MOVED, Outcome.STILL_UNGROUNDED), strict=True) if c[o]]
    top = verdict_headline(results, fail_on, people)
    env = _environment()
    k = results.calls
    extra = [f"{n:,} {what}" for n, what in ((k.failed, "failed"), (k.noise, "for the noise sample"), (k.claims, "for claims"), (k.cached, "from cache"), (k.deduplicated, "deduplicated"), (k.throttled, "throttled"), (k.tokens, "tokens"),
             (k.unsent, "not sent: circuit breaker"), (k.cache_rejected, "cache entries rejected: failed authentication")) if n]  # fmt: skip
    extra += [plural(k.runs, "evaluation run")] if k.runs else []
    calls = plural(k.total, "judge call") + (f" ({', '.join(extra)})" if extra else "")
    calls += f"; {waited}" if (waited := quota_waited(k)) else ""
    moved = results.yardstick
    edited = [cid for cid in moved.cases if cid not in {*moved.added, *moved.removed, *moved.renamed}] if moved else []
    renamed = [f"{cid} ({was(moved, cid)})" for cid in moved.cases if cid in moved.renamed] if moved else []
    text = env.get_template("console.txt.j2").render(
        edits_of=edits(moved_yardstick(results)),
        said_of=_said(people),
        results=results,
        calls=calls,
        counts=" · ".join(counts_parts(len(results.rows), c, too_small(results), people.decision if people else None)),
        sections=sections,
        quiet=", ".join(quiet),
        where=where,
        headline=top.text,
        plural=plural,
        outage=down,
        fix=OUTAGE_FIX,
        edited=edited,
        renamed=renamed,
        removes=removes(moved),
        baseline=baseline_changed(moved) if moved else [],
        decided=decided_by(results, fail_on, people),
        baseline_age=said(age, age.short) if (age := results.baseline_age) else None,
        baseline_warning=warning(results.baseline_age, results.baseline_age.short) if results.baseline_age else None,
        fluency_reason=fluency_reason(results),
        unasks=unasks(moved),
        noise=noise_words.sentence(results.noise) if results.noise else None,
        noise_warning=noise_words.warning(results.noise, results.judge.second_opinion),
        talking=marked_rows(results, TALKS),
        live_flips=marked_rows(results, LIVE_FLIP),
    )
    lines = _lines(text, max(NARROWEST, columns))
    shown = [_colour(line, top.conclusion) if colour and first else line for line, first in lines]
    return log_safe("\n".join(shown) + "\n")  # user text can form no workflow command


@cache
def _environment() -> Environment:
    """The console's environment, built once (an overlay keeps its own template cache: one per call would compile
    the template on every report): its filters of one run's rows read that run's functions from the render."""
    env = environment().overlay()
    env.filters.update(
        label=bucket_label,
        reason=_reason,
        edits=pass_context(lambda context, row: context["edits_of"](row)),
        said=pass_context(lambda context, row: context["said_of"](row)),
        held=held_said,
        buckets=buckets,
    )
    return env


def _said(people: People | None) -> Callable[[Row], str]:
    """What people said of a row, after its id: ' (accepted by @alice: no longer blocks)', or nothing."""

    def said(row: Row) -> str:
        found = people.standing(row.id) if people is not None else None
        if found is None:
            return ""
        who = {v: ", ".join("@" + plain(e.login, 40) for e in found.by if e.verb is v) for v in Verb}
        if found.state == "accepted" and found.blocking:
            return f" (accepted by {who[Verb.ACCEPT]}: no longer blocks)"
        if found.state == "disputed":
            return f" (accepted by {who[Verb.ACCEPT]}, confirmed by {who[Verb.CONFIRM]}: still blocks)"
        if found.state in ("accepted", "confirmed"):
            return f" ({found.state} by {who[Verb.ACCEPT if found.state == 'accepted' else Verb.CONFIRM]})"
        if found.blocking and any(e.verb is Verb.ACCEPT for e in found.voided):
            return " (accepted for an answer a push has since changed: blocks again)"
        return ""

    return said


def _colour(line: str, conclusion: str) -> str:
    """The first line of a logical line: the verdict whole, a row's or a warning's label."""
    if line.startswith("Verdict: "):
        return f"{VERDICT_COLOURS[conclusion]}{line}{RESET}"
    label = line.lstrip(" ")
    for prefix, code in COLOURS.items():
        if label.startswith(prefix):
            lead = line[: len(line) - len(label)]
            return f"{lead}{code}{prefix}{RESET}{label[len(prefix) :]}"
    return line

"""The terminal report. Its last screen is what matters: the counts, then the rows that block and
the rows to read, then the verdict as the very last line. Moves and backlog are counts only; each
line fits the width (100 columns); colour only on a terminal that wants it."""

from __future__ import annotations

import re
import textwrap
import unicodedata

from groundgate.report import SECTIONS, _groups, _label, _marked, figures_said, verdict_headline
from groundgate.report import noise as noise_words
from groundgate.report.escape import log_safe
from groundgate.report.render import environment
from groundgate.results import LIVE_FLIP, TALKS, Results
from groundgate.rules import FailOn, Outcome, counts_line, plural

WIDTH = 100
ROWS = {
    "regression": 50, "blocking_figure": 50, "review": 10, "unstable": 10, "new_non_answer": 10,
    "unsupported_figure": 10, "error": 10,
}  # fmt: skip
COLOURS = {
    "  REGRESSION": "\x1b[1;31m",
    "  FIGURE BLOCKS": "\x1b[1;31m",
    "  FIGURE": "\x1b[33m",
    "  REVIEW": "\x1b[33m",
    "  UNSTABLE": "\x1b[33m",
    "  NON-ANSWER": "\x1b[33m",
    "  NOT JUDGED": "\x1b[35m",
    "  TALKS TO THE JUDGE": "\x1b[33m",
    "  OWN CONTEXT": "\x1b[33m",
    "WARNING": "\x1b[33m",
}
VERDICT_COLOURS = {"failure": "\x1b[1;31m", "neutral": "\x1b[1;33m", "success": "\x1b[1;32m"}
RESET = "\x1b[0m"
_WIDE = re.compile(r"[^\x00-\u10ff]")  # a cheap test before the exact one


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


def _lines(text: str, columns: int) -> list[str]:
    lines: list[str] = []
    for line in text.splitlines():
        if line.startswith("  "):
            lines.append(fit(line, columns))  # a row: one line, cut if need be
        else:
            lines += textwrap.wrap(line, columns, subsequent_indent="    ", break_on_hyphens=False) or [""]
    return lines


def render_console(
    results: Results, fail_on: FailOn = "blocking", *, colour: bool = False, where: str = "the markdown report"
) -> str:
    """``where``: where the full list is (the report file, the job summary)."""
    groups = _groups(results, keep=max(ROWS.values()))
    sections = []
    for key, cap in ROWS.items():
        rows = groups[key]
        left = rows.total - cap
        _, one, many, _ = SECTIONS[key]
        sections.append((key, rows[:cap], plural(left, f"more {one}", f"more {many}") if left > 0 else ""))
    c = results.counts
    quiet = [plural(c[Outcome.MOVED], "moved"), plural(c[Outcome.STILL_UNGROUNDED], "still ungrounded") + " (backlog)"]
    quiet = [q for q, o in zip(quiet, (Outcome.MOVED, Outcome.STILL_UNGROUNDED), strict=True) if c[o]]
    top = verdict_headline(results, fail_on)
    env = environment().overlay()
    env.filters.update(label=_label, figures_said=figures_said)
    k = results.calls
    extra = [f"{n} {what}" for n, what in ((k.noise, "for the noise sample"), (k.claims, "for claims"), (k.cached, "from cache"), (k.deduplicated, "deduplicated"), (k.throttled, "throttled"), (k.tokens, "tokens"),
             (k.unsent, "not sent: circuit breaker"), (k.cache_rejected, "cache entries rejected: failed authentication")) if n]  # fmt: skip
    calls = plural(k.total, "judge call") + (f" ({', '.join(extra)})" if extra else "")
    text = env.get_template("console.txt.j2").render(
        results=results,
        calls=calls,
        counts=" · ".join(counts_line(len(results.rows), c)),
        sections=sections,
        quiet=", ".join(quiet),
        where=where,
        headline=top.text,
        plural=plural,
        noise=noise_words.sentence(results.noise) if results.noise else None,
        noise_warning=noise_words.warning(results.noise),
        talking=_marked(results, TALKS),
        live_flips=_marked(results, LIVE_FLIP),
    )
    lines = _lines(text, WIDTH)
    if colour:
        lines = [_colour(line, top.conclusion) for line in lines]
    return log_safe("\n".join(lines) + "\n")  # user text can form no workflow command


def _colour(line: str, conclusion: str) -> str:
    if line.startswith("Verdict: ") or (line.startswith("    ") and conclusion == "failure"):
        return f"{VERDICT_COLOURS[conclusion]}{line}{RESET}"
    for prefix, code in COLOURS.items():
        if line.startswith(prefix):
            return f"{code}{prefix}{RESET}{line[len(prefix) :]}"
    return line

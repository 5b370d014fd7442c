"""One row as the report shows it: its scores, its one reason, its answers side by side as a word diff, each
cut with the count of what it left out; and the markdown environment that renders them."""

from __future__ import annotations

import difflib
from functools import cache

from jinja2 import Environment
from markupsafe import Markup

from groundgate.report.escape import block, inline, inline_cut, marked
from groundgate.report.render import environment, score
from groundgate.results import Row, quota_waited
from groundgate.rules import (
    Outcome,
    cell,
    plural,
)
from groundgate.sticky import said

REASON = 600  # characters of the judge's reason beside a tripwire row's figures
DIFF_WORDS = 3000  # longer answers are shown side by side without word marks (the diff is quadratic)


def bucket_label(bucket: str | None) -> str:
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
    """The tripwire's finding in words, for a terminal or an annotation: each figure with its unit (and as
    written, when that differs), and what the context states instead, in the sentence compared with; a figure
    the context states of something else, and one derived from the context's figures, said so."""
    said = _figures(row)
    if said is None:
        return None
    return "; and ".join(f"{lead} {figure}{rest}" for lead, figure, rest in said)


def figures_marked(row: Row) -> Markup | None:
    """The same in markdown, the figure in bold: 'newly states **45 days**; the context states 30 days: “…”'."""
    said = _figures(row)
    if said is None:
        return None
    parts = [
        Markup("{} **{}**{}{}").format(
            lead, inline(figure), Markup(" ") if rest.startswith(" ") else Markup(), inline(rest)
        )
        for lead, figure, rest in said
    ]
    return Markup("; and ").join(parts)


def _figures(row: Row) -> list[tuple[str, str, str]] | None:
    """(how it is stated, the figure with its unit, what follows it) for each new figure of a row: the ones a
    person should read first, then those derived from the context's figures or not read in full."""
    if not row.new_figures:
        return None
    said = []
    for found in sorted(row.new_figures, key=lambda found: not found.flagged):
        figure = found.said or found.figure
        written = f" (“{found.figure}”)" if found.said and found.figure not in found.said else ""
        if found.status == "derived":
            said.append(("derives", figure, f"{written} from the context's figures: {found.basis}"))
            continue
        if found.status == "unread":  # not read in full: not checked, neither backed nor an invention
            said.append(("does not read", figure, f"{written} in full ({found.basis}): not checked"))
            continue
        if found.status == "elsewhere":
            said.append(("states", figure, f"{written}, which the context states in the context of “{found.basis}”"))
            continue
        if found.nearest:
            stated = f"; the context states {', '.join(found.nearest)}"
            stated += f": “{found.sentence}”" if found.sentence else ""
        else:
            stated = "; the context states no figure"
        stated += f" ({found.basis})" if found.basis else ""  # 'said there as £16 per return': what disagrees
        said.append(("newly states", figure, written + stated))
    return said


def why(row: Row) -> str | None:
    """The one reason a row is shown with: the error, the tripwire's figures, or the verdict that decided it
    (a confirmed flip's re-score; an unstable row shows both of its verdicts, so this is its first; a held row, the
    verdict that blocked on it, when its record kept its words)."""
    if row.outcome is Outcome.ERROR:
        return row.error
    if row.held_from is not None:
        said = row.blocked_as
        return said.reason if said is not None and said.reason else UNSAID
    if row.outcome in (Outcome.UNSUPPORTED_FIGURE, Outcome.BLOCKING_FIGURE):
        return f"{figures_said(row)}; the judge saw no problem: {row.after_reason or ''}"
    if row.outcome is Outcome.UNSTABLE:
        return row.after_reason
    return row.rescore_reason or row.after_reason


UNSAID = "(the record that holds it gives no scores or reason: it had no room for them, or groundgate did not write it)"


def roll(row: Row) -> str | None:
    """What this run's judge said of a held row (it does not decide it): its re-score's reason, or its first."""
    return row.rescore_reason or row.after_reason


def buckets(row: Row) -> str:
    """'grounded → ungrounded': a held row's as the verdict that blocked on it judged it (``rules.cell``)."""
    _, _, _, before, after = cell(row)
    return f"{bucket_label(before)} → {bucket_label(after)}"


def side(row: Row, which: str) -> str:
    """One side's bucket and score as a table's header gives them ('ungrounded, 2'): a held row's, the blocking
    verdict's."""
    said = row.blocked_as if row.held_from is not None else None
    _, _, _, before, after = cell(row)
    if which == "before":
        return f"{bucket_label(before)}, {score(said.before_score if said else row.before_score)}"
    if row.held_from is not None and said is None:
        return f"{bucket_label(after)} at {row.held_from[:12]}"
    return f"{bucket_label(after)}, {score(said.after_score if said else row.after_score)}"


def why_marked(row: Row) -> str | Markup | None:
    """``why`` for the markdown report: a tripwire row's figures in bold, the rest escaped as user text."""
    if row.outcome in (Outcome.UNSUPPORTED_FIGURE, Outcome.BLOCKING_FIGURE) and row.new_figures:
        reason = inline(row.after_reason or "", REASON)
        return (figures_marked(row) or Markup()) + Markup("; the judge saw no problem: ") + reason
    return why(row)


def why_cell(row: Row, limit: int) -> Markup:
    """The reason on a row's table line: an unstable row's two verdicts disagree, so both are given; a held row
    gives the verdict that blocked on it, then this run's roll."""
    if row.held_from is not None:
        half = limit // 2
        return (
            Markup("**Blocked:** ")
            + brief_inline(why(row), half)
            + Markup(" **This run's roll:** ")
            + brief_inline(roll(row), half)
        )
    if row.outcome is Outcome.UNSTABLE and row.rescore_reason and not agree(row):
        half = limit // 2
        return (
            Markup("First score: ")
            + brief_inline(row.after_reason, half)
            + Markup(f" **Re-score** ({score(row.rescore_score)}): ")  # noqa: S704 - a number
            + brief_inline(row.rescore_reason, half)
        )
    return brief_inline(why(row), limit)


def held_said(row: Row) -> str:
    """What a held row says (``sticky``): the commit that blocked on this answer, and how to clear it."""
    return said(row.held_from) if row.held_from else ""


def scores_text(row: Row) -> str:
    """'5 → 2, re-score 2'. A held row: the scores of the verdict that blocked on it, then this run's roll, which
    does not decide it ('5 → 2, re-score 2; this run 5 → 5')."""
    now = _scores(row.before_score, row.after_score, row.rescore_score, row.confirmed_by)
    if row.baseline_rescore_score is not None:
        now += f", baseline re-score {score(row.baseline_rescore_score)}"
    if row.held_from is None:
        return now
    said = row.blocked_as
    if said is None:
        return f"blocked at {row.held_from[:12]}; this run {now}"
    return f"{_scores(said.before_score, said.after_score, said.rescore_score, said.confirmed_by)}; this run {now}"


def _scores(before: float | None, after: float | None, rescore: float | None, by: str | None) -> str:
    text = f"{score(before)} → {score(after)}"
    if rescore is not None:
        text += f", re-score {score(rescore)}" + (f" by {by}" if by not in (None, "same") else "")
    return text


_PUNCTUATION = ".,;:!?\"'()[]{}«»“”‘’…"


def _key(word: str) -> str:
    """What a word is compared by: its letters, not the punctuation that clings to it ('item,' is 'item')."""
    return word.strip(_PUNCTUATION) or word


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
    "foundry": "Foundry's builtin.groundedness, an independent second opinion",
}


def second_opinion_text(label: str, basis: str | None = None) -> str:
    """Who re-scored flips; with ``basis``, what its independence from the judge rests on."""
    who = (
        f"the judge deployment {label.removeprefix('deployment:')}"
        if label.startswith("deployment:")
        else f"the OpenAI-compatible model {label.removeprefix('openai:')}"
        if label.startswith("openai:")
        else None
    )
    if who is None:
        text = SECOND_OPINIONS.get(label, label)
        return (
            text.replace("an independent second opinion", f"a second opinion whose independence rests on {basis}")
            if basis
            else text
        )
    if basis:
        return f"{who}, a second opinion whose independence rests on {basis}"
    return f"{who}, an independent second opinion"


def brief(value: object, limit: int | None) -> Markup:
    """Multi-line user text, cut at ``limit`` unless the cut would leave out only a few characters (markup
    already escaped is kept as it is)."""
    if isinstance(value, Markup):
        return value
    return block(value, room(None if value is None else str(value), limit))


def brief_inline(value: object, limit: int | None) -> Markup:
    """One line of user text, cut at ``limit`` (unless the cut would leave out only a few characters) with
    the count of what the cut left out."""
    return inline_cut(value, room(None if value is None else " ".join(str(value).split()), limit))


@cache
def markdown_env() -> Environment:
    """The shared environment, with every value escaped for markdown unless it is Markup already."""
    env = environment().overlay(finalize=lambda value: value if isinstance(value, Markup) else inline(value))
    env.filters.update(
        scores=scores_text,
        why=why_marked,
        why_cell=why_cell,
        label=bucket_label,
        brief=brief,
        brief_inline=brief_inline,
        figures_said=figures_said,
        held=held_said,
        buckets=buckets,
        roll=roll,
    )
    env.globals.update(side=side)
    env.globals.update(answers=answers, plural=plural, agree=agree, quota_waited=quota_waited)
    return env

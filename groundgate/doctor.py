"""``groundgate doctor``: one judge call with the run's settings, before a team spends a whole suite on them.

It asks the judge to score a sample answer that its context plainly supports, through the same runner as a
run (so a judge that refuses its configuration stops here as a run would stop on its first call), and says
whether the answer came back in the rubric's format, how long the call took, and the tokens the judge
reported (the money, at the prices given). Exit 0 when the judge is fit; 2 when a setting must change (a key,
a model, a parameter the server refuses, or answers not in the rubric's format); 3 when the judge could not
be reached or refused service.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from groundgate.cases import Case
from groundgate.errors import GroundgateError, JudgeUnreachable, JudgeUnusable
from groundgate.forecast import money
from groundgate.judges import Failure, JudgeError, Judgement, JudgeRequest, Purpose, Score
from groundgate.judges.cost import Estimator
from groundgate.judges.limits import UNFIT_FIX
from groundgate.judges.runner import Runner
from groundgate.judges.window import Window, server_said
from groundgate.judges.window import voided as window_voided
from groundgate.report.escape import log_safe
from groundgate.report.render import escaped
from groundgate.rules import bucket_of

SAMPLE = Case(
    case_id="groundgate-doctor",
    category="policy",
    query="How long do I have to return an item?",
    context="Items can be returned within 30 days of purchase with the receipt. Refunds go to the original card.",
    line=1,
)
ANSWER = "You can return an item within 30 days of purchase if you have the receipt."
REASON_CHARS = 300  # of the judge's reason, shown
PROBE_FIRST = 1_000  # estimated prompt tokens of the first window probe; each next one twice the last
PROBE_LARGEST = 32_000  # the largest probe without a suite to size them by
PADDING = "Opening hours are nine to five on weekdays and ten to four on weekends, public holidays excepted. "


@dataclass(frozen=True)
class Checkup:
    judge: str  # which judge, in words
    remote: bool  # it calls a server: the time includes a new connection
    answer: Judgement
    seconds: float
    prices: tuple[float, float] | None


def named(judge: Runner) -> str:
    info = judge.info
    where = info.endpoint or info.base_url
    what = {"azure": "deployment", "openai": "model"}.get(info.kind, "")
    parts = [f"the {info.kind} judge"]
    if info.deployment:
        parts.append(f"{what} {info.deployment!r}")
    if where:
        parts.append(f"at {where}")
    return ", ".join(parts) + f" (rubric {info.rubric}{', reasoning model' if info.reasoning else ''})"


def check(judge: Runner, prices: tuple[float, float] | None, say: Callable[[str], None]) -> Checkup:
    """One fresh call of ``judge`` on the sample; ``say`` gets what was learnt even when the call stops the
    run (a judge that refuses its configuration raises, as on a run's first call)."""
    judge.provider.ready()  # the client's import is not the call's time
    request = JudgeRequest(SAMPLE, ANSWER, Purpose.GROUNDEDNESS)
    started = time.monotonic()
    try:
        [answer] = judge.score_all([request], "doctor")
    except JudgeUnusable:
        say(f"judge: {named(judge)}\ntime: {time.monotonic() - started:.2f} s for one call, refused\n")
        raise
    remote = bool(judge.info.endpoint or judge.info.base_url)
    return Checkup(named(judge), remote, answer, time.monotonic() - started, prices)


def said(found: Checkup) -> str:
    """What the call showed, a line each; ``verdict`` raises when the judge is not fit."""
    lines = [f"judge: {found.judge}"]
    answer = found.answer
    if isinstance(answer, Score):
        bucket = bucket_of(answer.score).value.replace("_", "-")
        model = f", model {escaped(answer.model)}" if answer.model else ""  # the server's text: shown, never obeyed
        lines.append(f"answer: in the rubric's format: score {answer.score:g} ({bucket}){model}")
        if answer.reason:
            reason = " ".join(answer.reason.split())
            cut = reason[:REASON_CHARS] + ("…" if len(reason) > REASON_CHARS else "")
            lines.append(f"reason: {log_safe(escaped(cut))}")
    else:
        lines.append(f"answer: none usable: {log_safe(escaped(' '.join(answer.message.split())[:REASON_CHARS]))}")
    lines.append(f"time: {found.seconds:.2f} s for one call" + (" (a new connection included)" if found.remote else ""))
    if isinstance(answer, Score) and answer.tokens:
        prompt, reply = answer.tokens - answer.answer_tokens, answer.answer_tokens
        lines.append(f"tokens: {answer.tokens:,} ({prompt:,} prompt, {reply:,} answer), as the judge reported them")
        if found.prices is None:
            lines.append("cost: unknown: give the judge's prices with --price-per-million-tokens IN,OUT")
        else:
            amount = (prompt * found.prices[0] + reply * found.prices[1]) / 1e6
            lines.append(
                f"cost: {money(amount)} for this call (at {found.prices[0]:g} per million prompt tokens, "
                f"{found.prices[1]:g} per million answer tokens)"
            )
    elif isinstance(answer, Score):
        lines.append("tokens: none reported" + ("" if answer.model else ": this judge calls no model"))
    if isinstance(answer, Score) and answer.score < 4:
        lines.append(
            f"note: the sample answer says only what its context says, yet the judge scored it {answer.score:g}: "
            "read its reason before trusting its verdicts"
        )
    return "\n".join(lines) + "\n"


def verdict(found: Checkup) -> str:
    """The last line of a fit judge; a judge that is not fit raises the error its exit code follows."""
    answer = found.answer
    if isinstance(answer, Score):
        return "ready: the judge answers in the rubric's format; `groundgate compare --dry-run` plans a whole suite\n"
    raise _unfit(answer, found.judge)


def _unfit(answer: JudgeError, judge: str) -> GroundgateError:
    what = escaped(" ".join(answer.message.split()))  # the judge's text, quoted in the error line
    if answer.kind is Failure.MALFORMED:
        return JudgeUnusable(f"{judge} does not answer in the rubric's format: {what}. {UNFIT_FIX}")
    if answer.kind in (Failure.CONFIGURATION, Failure.BILLING):
        return JudgeUnusable(f"{judge} refused its configuration: {what}")
    if answer.kind.unavailable:
        return JudgeUnreachable(f"{judge} could not be reached or refused service: {what}")
    return JudgeUnreachable(f"{judge} gave no usable answer to the sample call: {what}")


@dataclass(frozen=True)
class Reach:
    """The judge's context window as probes of growing length found it, and the suite's largest prompt."""

    whole: int  # the longest probe the judge took whole, in estimated prompt tokens (0: none)
    cut: int | None  # the shortest probe it cut or refused (None: it took every probe whole)
    probed: bool  # False: a hosted judge, not probed (its model's window is documented)
    largest: tuple[int, str] | None  # the suite's largest prompt (estimated tokens) and its case and side
    kept: int | None = None  # what the server cut a longer prompt to, in its own tokens (None: it refused, or none cut)
    counted: int = 0  # the most the server counted of a prompt it took whole, in its own tokens
    refused: str | None = None  # the server's own words refusing the probe ``cut`` ("": it refused, words unknown)
    failed: str | None = None  # a probe that failed otherwise (neither taken whole nor cut): why
    stated: int | None = None  # the window the server states (llama.cpp's /props, Ollama's /api/ps), in its tokens


def _tokens(judge: Runner) -> Estimator | None:
    estimate = judge.estimate()
    return estimate if isinstance(estimate, Estimator) else None


def largest(judge: Runner, suite: Sequence[tuple[Case, str, str]]) -> tuple[int, str] | None:
    """The suite's largest groundedness prompt, in estimated tokens, and whose it is; ``suite``: (case, answer,
    side) each."""
    estimate = _tokens(judge)
    if estimate is None or not suite:
        return None
    sizes = (
        (estimate.prompt(JudgeRequest(c, a, Purpose.GROUNDEDNESS)), f"case {c.id}, {side}") for c, a, side in suite
    )
    return max(sizes, key=lambda size: size[0])


def reach(judge: Runner, suite: Sequence[tuple[Case, str, str]]) -> Reach:
    """Probes of growing length (fresh calls of the sample, its context padded) until the judge's server cuts or
    refuses one, up to the suite's largest prompt (or ``PROBE_LARGEST``); a hosted judge is not probed."""
    biggest = largest(judge, suite)
    estimate = _tokens(judge)
    if judge.provider.hosted or estimate is None:
        return Reach(0, None, False, biggest)
    top = max(biggest[0] if biggest else PROBE_LARGEST, PROBE_FIRST)
    window = getattr(judge.provider, "window", None)
    window = window if isinstance(window, Window) else None

    def probe(target: int) -> tuple[int, JudgeError | None]:
        """A fresh call of the sample padded to about ``target`` estimated tokens: its size, and its failure (None:
        the judge's server answered it)."""
        base = estimate.prompt(JudgeRequest(SAMPLE, ANSWER, Purpose.GROUNDEDNESS))
        repeats = max(0, round((target - base) * 4.6 / len(PADDING)))
        case = Case(SAMPLE.id, SAMPLE.category, SAMPLE.query, SAMPLE.context + " " + PADDING * repeats, SAMPLE.line)
        request = JudgeRequest(case, ANSWER, Purpose.NOISE)  # fresh: never cached
        [answer] = judge.score_all([request], "doctor")
        failed = answer if isinstance(answer, JudgeError) and answer.kind is not Failure.MALFORMED else None
        return estimate.prompt(request), failed

    found = _probed(probe, window, biggest, top)
    return replace(found, stated=window.size if window is not None else None)


def _probed(
    probe: Callable[[int], tuple[int, JudgeError | None]],
    window: Window | None,
    biggest: tuple[int, str] | None,
    top: int,
) -> Reach:
    """Probes of doubling length until one is cut or refused, or the suite's largest is taken whole."""
    whole, target = 0, PROBE_FIRST
    while True:
        size, failed = probe(target)
        if failed is not None and failed.message.startswith("the judge refused a prompt of "):
            return Reach(whole, size, True, biggest, refused=server_said(failed.message) or "")
        if failed is not None and not window_voided(failed.message):  # neither whole nor cut: not measured
            return Reach(whole, None, True, biggest, failed=failed.message)
        if failed is not None:
            kept = window.kept() if window is not None else None
            if window is not None and kept is not None and window.whole <= kept:
                # Whole up to what it keeps: is that its window, or half of it? A prompt between says.
                probe(round(1.5 * kept / window.ratio()))
            counted = window.whole if window is not None else 0
            return Reach(whole, size, True, biggest, kept, counted)
        whole = size
        if target >= top:
            return Reach(whole, None, True, biggest)
        target = min(2 * target, top)


def reach_said(found: Reach) -> str:
    """The window and the suite's largest prompt, a line each."""
    lines = []
    if not found.probed:
        lines.append("window: not probed: a hosted judge's context window is its model's, as documented")
    elif found.failed is not None:
        took = f" after it took one of about {found.whole:,} tokens whole" if found.whole else ""
        lines.append(f"window: not measured: a longer probe failed{took} ({found.failed})")
    elif found.refused is not None and found.cut is not None:
        took = f"took a prompt of about {found.whole:,} tokens whole and " if found.whole else ""
        words = f"; its server said: '{found.refused}'" if found.refused else ""
        lines.append(
            f"window: the judge {took}refused one of about {found.cut:,} (with the answer tokens asked beside it), "
            f"so its context window is under that size{words}"
        )
    elif found.cut is None:
        lines.append(f"window: the judge took every probe whole, up to about {found.whole:,} prompt tokens")
    elif found.kept is not None:
        cut = (
            f"the judge's server cut a prompt of about {found.cut:,} tokens to {found.kept:,} and answered as if whole"
        )
        if found.counted > found.kept:  # it took whole prompts longer than what it keeps of a longer one
            lines.append(
                f"window: about {2 * found.kept:,} tokens: {cut}; it took {found.counted:,} tokens of a prompt whole, "
                "so it keeps about half its window of a longer prompt (as Ollama 0.33 and later do)"
            )
        else:
            lines.append(
                f"window: {found.kept:,} tokens: {cut}; it cut one of about 1.5 times that too, so it keeps its whole "
                "window of a longer prompt (as Ollama before 0.33 does)"
            )
    else:
        took = f"took a prompt of about {found.whole:,} tokens whole and " if found.whole else ""
        lines.append(
            f"window: the judge {took}cut or refused one of about {found.cut:,}: its context window is smaller than "
            "that"
        )
    if found.stated is not None:
        lines.append(f"stated window: {found.stated:,} tokens, as the judge's server says it (llama.cpp's /props, "
                     "Ollama's /api/ps): a row whose prompt and answer tokens pass it is not judged")  # fmt: skip
    if found.largest is not None:
        size, whose = found.largest
        lines.append(f"largest prompt: about {size:,} tokens ({whose}), the largest the suite sends")
        if found.cut is not None and size > found.whole:
            lines.append(
                "note: the suite's largest prompts do not fit the judge's context window: their rows will not be "
                "judged; give the judge a larger window (Ollama: OLLAMA_CONTEXT_LENGTH; llama.cpp: --ctx-size)"
            )
    return "\n".join(lines) + "\n" if lines else ""

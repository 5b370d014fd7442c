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
from collections.abc import Callable
from dataclasses import dataclass

from groundgate.cases import Case
from groundgate.errors import GroundgateError, JudgeUnreachable, JudgeUnusable
from groundgate.forecast import money
from groundgate.judges import Failure, JudgeError, Judgement, JudgeRequest, Purpose, Score
from groundgate.judges.limits import UNFIT_FIX
from groundgate.judges.runner import Runner
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

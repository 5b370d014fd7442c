"""The offline 'figures' judge: an answer is ungrounded when it states a figure its context never states (for
suites where "grounded" means "every figure in the answer appears in the source"), a non-answer when it makes
no checkable claim, grounded otherwise. Deterministic and free: the bundled example's judge, never a
substitute for the rubric."""

from __future__ import annotations

import re

from groundgate.cases import Rubric
from groundgate.judges import JudgeError, JudgeInfo, Judgement, JudgeRequest, Provider, Purpose, Score
from groundgate.judges.figures import claims, row_language, tripwire

UNGROUNDED, NON_ANSWER, GROUNDED = 2.0, 3.0, 5.0

_NON_ANSWER = re.compile(
    r"\b(could you|can you (?:clarify|tell|say|specify|provide)|please (?:clarify|provide|specify|rephrase)"
    r"|what do you mean|i (?:do not|don't|cannot|can't|am unable to|am not able to) (?:know|help|answer|find|say)"
    r"|i'm (?:not sure|unable)|i am not sure|no information)\b",
    re.IGNORECASE,
)


def is_non_answer(text: str) -> bool:
    """A clarifying question, a refusal or filler: a response that makes no checkable claim."""
    stripped = text.strip()
    return stripped.endswith("?") or bool(_NON_ANSWER.search(stripped))


def judge_figures(context: str, response: str) -> Score:
    """The tripwire's rule, as a score: a figure the context never backs (or states only of something else)
    is ungrounded; one derived from the context's figures by one step is not."""
    lang = row_language(context, response)
    claimed = claims(response, lang)
    written = {new.figure.text for new in tripwire(context, None, "", response).new if new.flagged}
    flagged = [c for c in claimed if c.text in written]  # a range listed once is both its ends ('2-4 days': 2, 4)
    unsupported = list(dict.fromkeys(c.number for c in flagged))  # first seen first
    if unsupported:
        return Score(UNGROUNDED, f"figures not in the context: {', '.join(unsupported)}")
    if not claimed and is_non_answer(response):
        return Score(NON_ANSWER, "no claim to check: a question, refusal or filler")
    if claimed:
        return Score(GROUNDED, f"every figure appears in the context: {', '.join(dict.fromkeys(c.number for c in claimed))}")  # fmt: skip
    return Score(GROUNDED, "no figures to check")


class FiguresProvider(Provider):
    def __init__(self, rubric: Rubric) -> None:
        self.info = JudgeInfo(kind="figures", rubric=rubric, fluency=False, claims=False)

    def score(self, request: JudgeRequest) -> Judgement:
        if request.purpose in (Purpose.FLUENCY, Purpose.CLAIMS):
            return JudgeError(f"the figures judge does not measure {request.purpose}")
        return judge_figures(request.grounding, request.response)

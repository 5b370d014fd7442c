"""The offline 'figures' judge: a deterministic string check, not an LLM.

For suites where "grounded" means "every figure in the answer appears in the source": numbers,
amounts, percentages, dates and durations in the response that the context never states make
the response ungrounded. It cannot see unsupported claims made in words, so it is a cheap
pre-check and the bundled example's judge, never a substitute for the LLM rubric.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from groundgate.cases import Rubric
from groundgate.judges import JudgeError, JudgeInfo, Judgement, JudgeRequest, Provider, Purpose, Verdict

UNGROUNDED, NON_ANSWER, GROUNDED = 2.0, 3.0, 5.0

# Digits with optional thousands separators and a decimal part: "1,200.50", "30", "2024".
_NUMBER = re.compile(r"(?<![\w.])\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")
_NON_ANSWER = re.compile(
    r"\b(could you|can you (?:clarify|tell|say|specify|provide)|please (?:clarify|provide|specify|rephrase)"
    r"|what do you mean|i (?:do not|don't|cannot|can't|am unable to|am not able to) (?:know|help|answer|find|say)"
    r"|i'm (?:not sure|unable)|i am not sure|no information)\b",
    re.IGNORECASE,
)


def figures(text: str) -> list[str]:
    """Every figure in the text, normalised so that '1,200.00' and '1200' compare equal."""
    found = []
    for match in _NUMBER.finditer(text):
        raw = match.group(0).replace(",", "")
        try:
            found.append(format(Decimal(raw).normalize(), "f"))
        except InvalidOperation:  # pragma: no cover - the pattern only matches decimals
            found.append(raw)
    return found


def is_non_answer(text: str) -> bool:
    """A clarifying question, a refusal or filler: a response that makes no checkable claim."""
    stripped = text.strip()
    return stripped.endswith("?") or bool(_NON_ANSWER.search(stripped))


def judge_figures(context: str, response: str) -> Verdict:
    stated = set(figures(context))
    claimed = figures(response)
    unsupported = list(dict.fromkeys(f for f in claimed if f not in stated))  # first seen first, in one pass
    if unsupported:
        return Verdict(UNGROUNDED, f"figures not in the context: {', '.join(unsupported)}")
    if not claimed and is_non_answer(response):
        return Verdict(NON_ANSWER, "no claim to check: a question, refusal or filler")
    if claimed:
        return Verdict(GROUNDED, f"every figure appears in the context: {', '.join(dict.fromkeys(claimed))}")
    return Verdict(GROUNDED, "no figures to check")


class FiguresProvider(Provider):
    def __init__(self, rubric: Rubric) -> None:
        self.info = JudgeInfo(kind="figures", rubric=rubric, fluency=False)

    def score(self, request: JudgeRequest) -> Judgement:
        if request.purpose is Purpose.FLUENCY:
            return JudgeError("the figures judge does not measure fluency")
        return judge_figures(request.grounding, request.response)

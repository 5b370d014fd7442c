"""What a judge call costs in tokens, estimated before it is made, from the rubric's prompt template
and the lengths of the texts it carries.

The SDK sends its prompt file's text with the case's texts in it and asks for a short JSON answer.
Its templates are read once (the files the prompt digest already reads); their text and the inputs
are counted in characters, at about 4.6 characters a token (English prose, in GPT-4o's and similar
tokenizers), and the answer is a reason of a few sentences. ``bench/costs.py`` measures the estimate
against a real tokenizer's count of what was sent and answered.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib.util import find_spec
from pathlib import Path

from groundgate.cases import Rubric
from groundgate.judges import JudgeRequest, Purpose, claims
from groundgate.judges.claims import prompt_chars as claims_prompt_chars
from groundgate.judges.reuse import RESERVE

CHARS_PER_TOKEN = 4.6  # the rubric templates and English text in o200k_base (bench/costs.py)
ANSWER_TOKENS = 90  # {"reason": "Let's think step by step: ...", "score": n, "status": "completed"}
MESSAGE_TOKENS = 8  # the chat format's own tokens around the system and user messages
TEMPLATES = {
    ("groundedness", "query"): "_groundedness/groundedness_with_query.prompty",
    ("groundedness", "no-query"): "_groundedness/groundedness_without_query.prompty",
    ("fluency", "query"): "_fluency/fluency.prompty",
    ("fluency", "no-query"): "_fluency/fluency.prompty",
}


@cache
def template_chars(name: str) -> int:
    """Characters of a prompt file's messages, without its YAML header and with the inputs left empty."""
    spec = find_spec("azure.ai.evaluation")
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover - it is a dependency
        return 0
    text = (Path(next(iter(spec.submodule_search_locations))) / "_evaluators" / name).read_text(encoding="utf-8")
    body = re.split(r"^-{3,}\s*$", text, maxsplit=2, flags=re.M)[-1]
    return len(re.sub(r"\{\{.*?\}\}", "", body))


RUBRIC_ALLOWANCE = RESERVE  # the answer tokens each rubric request asks the service to reserve (max_tokens)
REASONING_ALLOWANCE = 60_000  # what it asks of a reasoning model (max_completion_tokens)


@dataclass(frozen=True)
class Estimator:
    """Tokens one call of an SDK judge in ``rubric`` mode is expected to cost, and to be charged against the
    deployment's quota when it arrives (its prompt plus the answer tokens it reserves)."""

    rubric: Rubric
    reasoning: bool = False

    def charge(self, request: JudgeRequest) -> int:
        """What the service charges the call at its arrival: prompt tokens plus ``max_tokens``."""
        if request.purpose is Purpose.CLAIMS:
            allowance = claims.REASONING_TOKENS if self.reasoning else claims.MAX_TOKENS
        else:
            allowance = REASONING_ALLOWANCE if self.reasoning else RUBRIC_ALLOWANCE
        return self.prompt(request) + allowance

    def prompt(self, request: JudgeRequest) -> int:
        """The prompt's tokens alone."""
        return self(request) - self.answer(request)

    @staticmethod
    def answer(request: JudgeRequest) -> int:
        if request.purpose is Purpose.CLAIMS:
            return round(2 * len(request.response) / CHARS_PER_TOKEN) + ANSWER_TOKENS
        return ANSWER_TOKENS

    def __call__(self, request: JudgeRequest) -> int:
        fluency, claims = request.purpose is Purpose.FLUENCY, request.purpose is Purpose.CLAIMS
        if claims:  # groundgate's own prompt; the answer quotes each claim and a span of the context
            chars = claims_prompt_chars()
            answer = round(2 * len(request.response) / CHARS_PER_TOKEN) + ANSWER_TOKENS
        else:
            chars = template_chars(TEMPLATES[("fluency" if fluency else "groundedness", self.rubric)])
            answer = ANSWER_TOKENS
        chars += len(request.response)
        if not fluency:
            chars += len(request.grounding) + (len(request.case.query or "") if self.rubric == "query" else 0)
        return round(chars / CHARS_PER_TOKEN) + MESSAGE_TOKENS + answer

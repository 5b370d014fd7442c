"""groundgate's one token estimate: what a judge call costs, before it is made, from the rubric's prompt file and
the texts it carries: about 4.6 characters a token of English and other Latin scripts (GPT-4o's tokenizer and
similar), 2.35 to 3.6 of the scripts it reads denser (Devanagari and the other Brahmic scripts, Thai, Arabic,
Hebrew, Cyrillic, Greek, Armenian, Georgian: ``SCRIPTS``), and 0.8 tokens a character of Chinese, Japanese and
Korean (Han, kana, hangul), which no tokenizer reads as words; the answer is a reason of a few sentences. The plan, the budget, the forecast, the quota's pace
and the judge's context window (``judges.window``) all count with it (the pace corrects it by what the service
counts: ``judges.quota``). ``bench/costs.py`` measures it against a real tokenizer's count of what was sent and
answered.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from groundgate.cases import Rubric
from groundgate.judges import JudgeRequest, Purpose, claims, rubric

CHARS_PER_TOKEN = 4.6  # the rubric templates and English text in o200k_base (bench/costs.py)
# Tokens a character of Chinese, Japanese or Korean: o200k_base (GPT-4o) counts 0.78 (56 tokens for 72 characters
# of Chinese, 63 for 86 of Japanese with 10 digits), cl100k_base 1.0 (74, 91), and the open models' tokenizers
# between or under (Llama 3 extends cl100k_base, Qwen and Gemma hold large CJK vocabularies); measured with
# bpe-openai 0.1.4, docs/performance.md. A spaced script's 4.6 characters a token would count a sixth of them.
CJK_TOKENS_PER_CHAR = 0.8
CJK = re.compile("[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\uff00-\uffef]")  # and their marks
# Characters a token of the scripts GPT-4o's tokenizer reads denser than English, each with its marks and the
# spaces and punctuation between its words left at the English rate: o200k_base on a support text of each, measured
# with bpe-openai 0.1.4 (docs/performance.md): Devanagari 3.4 (Hindi: 56 tokens for 188 characters), Bengali 3.5,
# Tamil 3.4, Thai 2.35 (no spaces between words), Arabic 3.3, Hebrew 2.7, Cyrillic 3.6, Greek 3.0, Armenian 2.9,
# Georgian 3.3 (at 4.6 a dense text read as a fraction of itself: a cut of it looked whole). The open models'
# tokenizers count these scripts as many tokens or more (cl100k_base: about one a character of the Brahmic
# scripts and Thai), which the judge's ratio of whole answers learns (``judges.window``).
SCRIPTS = tuple(
    (re.compile(f"[{letters}]"), per_token)
    for letters, per_token in (
        ("\u0900-\u0dff", 3.4),  # the Brahmic scripts of India and Sri Lanka: Devanagari to Sinhala
        ("\u0e00-\u0eff", 2.35),  # Thai and Lao
        ("\u0600-\u06ff\u0750-\u077f", 3.3),  # Arabic
        ("\u0590-\u05ff", 2.7),  # Hebrew
        ("\u0400-\u052f", 3.6),  # Cyrillic
        ("\u0370-\u03ff\u1f00-\u1fff", 3.0),  # Greek
        ("\u0530-\u058f", 2.9),  # Armenian
        ("\u10a0-\u10ff", 3.3),  # Georgian
    )
)
ANSWER_TOKENS = 90  # {"reason": "Let's think step by step: ...", "score": n, "status": "completed"}
MESSAGE_TOKENS = 8  # the chat format's own tokens around the system and user messages
# The answer tokens each rubric request reserves, where the SDK asks 800: Azure charges every request its prompt
# plus max_tokens at arrival, and a judge's answer (a reason of a few sentences and a score) takes 100-250. An
# answer that reaches this limit is asked again with the SDK's own 800 (``judges.chat``), so every judgement is
# the one the SDK's request gets: at temperature 0 the model writes the same tokens whatever the limit, only
# where it stops differs. docs/performance.md has the measurements.
RESERVE = 400
RUBRIC_ALLOWANCE = RESERVE  # the answer tokens each rubric request asks the service to reserve (max_tokens)


def tokens(chars: int) -> int:
    """Tokens of ``chars`` characters of English (or another spaced script's) text."""
    return round(chars / CHARS_PER_TOKEN)


def text_tokens(*texts: str, chars: int = 0) -> int:
    """Tokens of ``texts`` and of ``chars`` more characters of English: each script at its own rate."""
    cjk = sum(len(CJK.findall(text)) for text in texts)
    total = cjk * CJK_TOKENS_PER_CHAR
    other = 0
    for script, per_token in SCRIPTS:
        found = sum(len(script.findall(text)) for text in texts)
        total += found / per_token
        other += found
    spaced = chars + sum(len(text) for text in texts) - cjk - other
    return round(spaced / CHARS_PER_TOKEN + total)


@cache
def template_chars(kind: str, mode: Rubric) -> int:
    """Characters of a prompt file's template, with the inputs left empty."""
    return len(re.sub(r"\{\{.*?\}\}", "", rubric.prompt(kind, mode).source))


@dataclass(frozen=True)
class Estimator:
    """Tokens one call of an LLM judge in ``rubric`` mode is expected to cost, and to be charged against the
    deployment's quota when it arrives (its prompt plus the answer tokens it reserves)."""

    rubric: Rubric
    reasoning: bool = False

    def charge(self, request: JudgeRequest) -> int:
        """What the service charges the call at its arrival: prompt tokens plus ``max_tokens``."""
        if request.purpose is Purpose.CLAIMS:
            allowance = claims.REASONING_TOKENS if self.reasoning else claims.MAX_TOKENS
        else:
            allowance = rubric.REASONING_TOKENS if self.reasoning else RUBRIC_ALLOWANCE
        return self.prompt(request) + allowance

    def prompt(self, request: JudgeRequest) -> int:
        """The prompt's tokens alone."""
        fluency = request.purpose is Purpose.FLUENCY
        if request.purpose is Purpose.CLAIMS:  # groundgate's own prompt
            chars = claims.prompt_chars()
        else:
            chars = template_chars("fluency" if fluency else "groundedness", self.rubric)
        texts = [request.response]
        if not fluency:
            texts += [request.grounding, (request.case.query or "") if self.rubric == "query" else ""]
        return text_tokens(*texts, chars=chars) + MESSAGE_TOKENS

    @staticmethod
    def answer(request: JudgeRequest) -> int:
        """The answer's tokens: a claims answer quotes each claim and a span of the context."""
        extra = text_tokens(request.response, request.response) if request.purpose is Purpose.CLAIMS else 0
        return extra + ANSWER_TOKENS

    def __call__(self, request: JudgeRequest) -> int:
        return self.prompt(request) + self.answer(request)

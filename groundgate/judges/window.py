"""The judge's context window: a prompt its server cut, or refused, for being longer than the window.

A self-hosted server does not always refuse a prompt longer than its context window. Ollama's
OpenAI-compatible endpoint cuts it and answers 200 as if nothing happened (ollama#17889: its runner keeps the
first few tokens and drops the prompt's start after them, so the rubric goes first, then the context), and
reports only the tokens it kept in ``usage.prompt_tokens``; the model then judges an answer against a context
it never saw. Such an answer is no score: this module tells it from the counts. groundgate estimates every
prompt's tokens (``judges.cost``); a server's tokenizer counts differently, but about alike for every prompt of
a run, so the ratio of its count to the estimate on prompts it took whole is learned from the run's own
answers (a high quantile of all the ratios seen, since a cut prompt only ever lowers its ratio, and never below
the estimate's own), and a count far below that ratio times the estimate is a prompt the server cut. A server that refuses instead (llama.cpp's
HTTP 400 "the request exceeds the available context size", Ollama without context shift) gets the same
one-line reading.
"""

from __future__ import annotations

import re
import threading
from collections import deque
from collections.abc import Mapping

CUT = 0.7  # a count below this share of what the judge's ratio expects is a prompt the server cut
# The least the ratio is taken to be: the estimate is calibrated on GPT-4o's tokenizer, and the tokenizers of the
# models people judge with (Llama, Gemma, Qwen, Mistral) count as many tokens of English text or more; so a
# server that counts less than CUT of the estimate cut the prompt, however many of the run's prompts it cut.
PRIOR = 1.0
QUANTILE = 0.75  # of the ratios seen: the ratio of prompts taken whole, whatever share of them was cut
KEPT = 500  # ratios remembered: the most recent answers
# How servers say the prompt itself does not fit their context window (llama.cpp's server in its wordings across
# releases, and its error type; Ollama without context shift). vLLM's "maximum context length" counts the prompt
# and max_tokens together: its own words say more than these would, and stay the row's error as they are.
REFUSALS = (
    "exceeds the available context size",  # llama.cpp: "request (N tokens) exceeds the available context size (M tokens)"
    "exceeds context size",  # llama.cpp: "request (N tokens) exceeds context size (M tokens)"
    "is larger than the max context size",  # llama.cpp: "input (N tokens) is larger than the max context size"
    "exceed_context_size_error",  # llama.cpp's error type
    "longer than the context length",  # Ollama: "the prompt is longer than the context length currently available"
)
FIX = (
    "give the judge a larger context window (Ollama: OLLAMA_CONTEXT_LENGTH; llama.cpp: --ctx-size) or use a judge "
    "model with one; 'groundgate doctor --cases' says the largest prompt the suite sends"
)


def voided(message: str) -> bool:
    """Whether a judge's failure is a prompt its server cut or refused for its context window."""
    return message.startswith(("the judge kept ", "the judge refused a prompt of "))


def kept_words(kept: int, sent: int) -> str:
    """The one line for a prompt the judge's server cut."""
    return (
        f"the judge kept {kept:,} of {sent:,} prompt tokens: its context window is smaller than this prompt, so "
        f"its server cut the prompt and the judge scored what was left, which is no score; {FIX}"
    )


def refused_words(prompt: int | None, window: int | None, estimate: int) -> str:
    """The one line for a prompt the judge's server refused as longer than its window."""
    size = f"{prompt:,} tokens" if prompt else f"about {estimate:,} tokens"
    within = f" ({window:,} tokens)" if window else ""
    return f"the judge refused a prompt of {size}: its context window{within} is smaller than this prompt; {FIX}"


class Window:
    """What one judge's server counts of the prompts it is sent, against groundgate's estimate of them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ratios: deque[float] = deque(maxlen=KEPT)

    def ratio(self) -> float:
        """The server's count per estimated token on prompts it took whole."""
        with self._lock:
            return self._ratio()

    def _ratio(self) -> float:
        if not self._ratios:
            return PRIOR
        ordered = sorted(self._ratios)
        return max(PRIOR, ordered[min(len(ordered) - 1, int(QUANTILE * len(ordered)))])

    def expected(self, estimate: int) -> int:
        """The tokens the server would count of a prompt groundgate estimates at ``estimate``."""
        return round(estimate * self.ratio())

    def cut(self, estimate: int, counted: int) -> str | None:
        """An answer whose server counted ``counted`` prompt tokens of a prompt estimated at ``estimate``: the
        line that voids it, when the server kept far fewer than it would count of the whole prompt; else None."""
        if estimate <= 0 or counted <= 0:
            return None  # a server that does not count says nothing
        with self._lock:
            self._ratios.append(counted / estimate)
            expected = round(estimate * self._ratio())
        return kept_words(counted, expected) if counted < CUT * expected else None


def refused(status: int | None, body: object, message: str, estimate: int, ratio: float = 1.0) -> str | None:
    """The line for an answer that refuses a prompt as longer than the judge's window, or None: another answer.
    llama.cpp's error carries ``n_prompt_tokens`` and ``n_ctx``; elsewhere the counts are read from its text."""
    if status not in (400, 413, 422):
        return None
    fields = body if isinstance(body, Mapping) else {}
    text = f"{message} {fields.get('type', '')} {fields.get('code', '')}".lower()
    if not any(words in text for words in REFUSALS):
        return None

    def number(key: str, *patterns: str) -> int | None:
        value = fields.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return value
        for pattern in patterns:
            if found := re.search(pattern, text):
                return int(found.group(1).replace(",", ""))
        return None

    prompt = number("n_prompt_tokens", r"(?:request|input) \(([\d,]+) tokens\)", r"requested ([\d,]+) tokens")
    window = number("n_ctx", r"context size \(([\d,]+) tokens\)", r"context length is ([\d,]+) tokens")
    return refused_words(prompt, window, round(estimate * ratio))

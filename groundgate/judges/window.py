"""The judge's context window: a prompt its server cut, or refused, for being longer than the window.

A self-hosted server does not always refuse a prompt longer than its context window. Ollama's
OpenAI-compatible endpoint cuts it and answers 200 as if nothing happened, reporting only the tokens it kept in
``usage.prompt_tokens``, and the model judges an answer against a context it never saw. Ollama cuts in two ways:
before 0.33 its runner keeps the first few tokens and the prompt's end up to the whole window ("truncating input
prompt limit=4096 prompt=4938 keep=5 new=4096": ``runner/llamarunner/runner.go`` and
``runner/ollamarunner/runner.go``, ``NewSequence``); since, its server keeps about half the window
(``llm/llama_server.go``, ``contextShiftPromptLimit``: ``numCtx - (numCtx - numKeep) / 2``, 2,050 of 4,096).
Either way a cut leaves a FIXED count, the window or the fixed part of it the server keeps, whatever the
prompt's size, where an honest count grows with the prompt. That is what tells a cut here, never a low count
alone (a tokenizer that counts some scripts otherwise, a server that counts only the tokens it did not have
cached, ollama#16428, both count low and vary with the prompt):

- the run learns the server's count per estimated token (``judges.cost``) from the answers it takes whole (a
  high quantile, never below the estimate's own), and an answer that counts no less than SUSPECT of what that
  ratio expects is whole;
- a count short of that, and the count of every re-score (a re-score confirms a regression; a prompt denser than
  the run's usual text, a price list or another script, counts more per estimated token, so a cut of it can look
  whole to the ratio), is checked: the judge sends the same request with each message twice (``Look.ask``) and
  ``settle`` reads the count. The same count again is a fixed count, a cut (and that count is void wherever it
  comes back short); a count that grew by less than half of what was added is a cut too (llama.cpp's server with
  context shift on keeps the prompt's end in blocks of half its window, so its count moves a little but never by
  what was added); a count that grew by that much is whole. A check prompt the server cut (it counted less than
  the first) says nothing of the first: a re-score is then void, another call taken as the ratio says. Two
  prompts of different sizes that happen to count alike are not taken for a cut on their own: a server that
  counts only what it had not cached gives such coincidences.

Every judgement that decides an ungrounded bucket is checked as a re-score is (``confirming``): a cut baseline read
as ungrounded made a candidate's invented figure backlog. A check that counts more than twice the first is no one
server's count: a balancer over servers of different windows (void, said once, never learnt as a count that moves).
A re-score on a server that reports no prompt tokens confirms nothing (said once). A prompt that fits the window but
not with its ``max_tokens`` is shifted while answering (Ollama before 0.33, llama.cpp with context shift), its count
honest: where the window is known (``size``, as the server states it; or a fixed count), it is void (``edge``).

Hosted services (Azure OpenAI, api.openai.com) refuse a prompt over their window (HTTP 400) and never cut: their
counts are not read here. A server that refuses (llama.cpp's HTTP 400 "the request exceeds the available context
size" with context shift off, Ollama without context shift, vLLM and OpenAI's "maximum context length") gets the
same one-line reading as a cut, and a check prompt it refuses leaves the judgement standing (it refuses, never
cuts).
"""

from __future__ import annotations

import re
import threading
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass

SUSPECT = 0.9  # a count below this share of what the judge's ratio expects may be a cut: is it fixed?
CUT = 0.7  # below this share it may be a half-window cut, whatever whole counts the server gave before
# The least the ratio is taken to be: the estimate is calibrated on GPT-4o's tokenizer, and the tokenizers of the
# models people judge with (Llama, Gemma, Qwen, Mistral) count as many tokens of a text or more.
PRIOR = 1.0
GREW = 0.5  # of the estimated tokens added to check a count: a whole prompt's count grows by at least this share
DOUBLED = 2.2  # the most a whole prompt's count grows, as a multiple, with each message sent twice (a margin)
SLACK = 16  # tokens of that margin: the chat format's own and a joint's
QUANTILE = 0.75  # of the ratios of whole answers: the ratio of prompts taken whole
KEPT = 500  # ratios remembered: the most recent answers
# How servers say a prompt does not fit their context window: each refuses it rather than cut it (llama.cpp's server
# in its wordings across releases, and its error type; Ollama without context shift; vLLM's VLLMValidationError and
# OpenAI's own wording, which OpenAI-compatible hosts copy). vLLM's and OpenAI's count the prompt and max_tokens
# together: where the prompt alone fits, the line says so.
REFUSALS = (
    "exceeds the available context size",  # llama.cpp: "request (N tokens) exceeds the available context size (M tokens)"
    "exceeds context size",  # llama.cpp: "request (N tokens) exceeds context size (M tokens)"
    "is larger than the max context size",  # llama.cpp: "input (N tokens) is larger than the max context size"
    "exceed_context_size_error",  # llama.cpp's error type
    "longer than the context length",  # Ollama: "the prompt is longer than the context length currently available"
    "maximum context length is",  # vLLM, OpenAI: "This model's maximum context length is N tokens. However, ..."
    "context_length_exceeded",  # OpenAI's error code
)
SAID = 200  # characters of a server's own words kept in a refusal's line
FIX = (
    "give the judge a larger context window (Ollama: OLLAMA_CONTEXT_LENGTH; llama.cpp: --ctx-size) or use a judge "
    "model with one; 'groundgate doctor --cases' says the largest prompt the suite sends"
)


def voided(message: str) -> bool:
    """Whether a judge's failure is a prompt its server cut or refused for its context window."""
    return message.startswith(
        (
            "the judge kept ",
            "the judge refused a prompt of ",
            "the judge counted ",
            "the judge reports no prompt tokens",
            "the judge's context window is ",
        )
    )


def kept_words(kept: int, sent: int) -> str:
    """The one line for a prompt the judge's server cut."""
    head = (
        f"the judge kept {kept:,} of about {sent:,} prompt tokens"
        if kept < sent
        else f"the judge counted {kept:,} prompt tokens of this prompt (about {sent:,} estimated) and as many of it "
        "made longer"
    )
    return (
        f"{head}: its context window is smaller than this prompt, so its server cut the prompt (it counts {kept:,} of "
        f"every longer prompt) and the judge scored what was left, which is no score; {FIX}"
    )


def unchecked_words(kept: int, sent: int, failure: str) -> str:
    """The one line for a count that a longer prompt could not check."""
    said = f"kept {kept:,} of about {sent:,}" if kept < SUSPECT * sent else f"counted {kept:,} of about {sent:,}"
    return (
        f"the judge {said} prompt tokens, and a longer prompt sent to check whether its server cut this one "
        f"failed ({failure}), so the judgement is not taken as a score; {FIX}"
    )


def unsure_words(kept: int, sent: int, longer: int | None = None) -> str:
    """The one line for a judgement whose check prompt the server cut: whether it cut this one cannot be told."""
    check = "cut the longer prompt" if longer is None else f"counted only {longer:,} of the longer prompt"
    return (
        f"the judge counted {kept:,} of about {sent:,} prompt tokens, and {check} sent to check whether it cut "
        f"this one, so whether it saw this prompt whole cannot be told and the judgement is not taken as a score; "
        f"{FIX}"
    )


def refused_words(prompt: int | None, window: int | None, estimate: int, said: str = "") -> str:
    """The one line for a prompt the judge's server refused as longer than its window (or, with the answer tokens
    asked beside it, than the window: vLLM and OpenAI count both), with the server's own words (``said``)."""
    size = f"{prompt:,} tokens" if prompt else f"about {estimate:,} tokens"
    within = f" ({window:,} tokens)" if window else ""
    words = f" (the server said: '{said}')" if said else ""
    if prompt and window and prompt < window:
        return (
            f"the judge refused a prompt of {size} with the answer tokens asked beside it: its context window{within} "
            f"holds less than both{words}; {FIX}"
        )
    return f"the judge refused a prompt of {size}: its context window{within} is smaller than this prompt{words}; {FIX}"


def server_said(line: str) -> str | None:
    """The server's own words in a refusal's line (``refused_words``), or None."""
    found = re.search(r"\(the server said: '(.*)'\)", line)
    return found.group(1) if found else None


def uncounted_words() -> str:
    """The one line for an ungrounded judgement or a re-score on a server that reports no prompt count."""
    return (
        "the judge reports no prompt tokens (usage.prompt_tokens) for this judgement, so whether its server cut the "
        f"prompt cannot be told and an ungrounded score or a re-score is not taken; {FIX}"
    )


def mixed_words(kept: int, sent: int, longer: int) -> str:
    """The one line for a judgement whose check counted more than twice what it counted: not one server's count."""
    return (
        f"the judge counted {kept:,} of about {sent:,} prompt tokens, and {longer:,} of the same prompt with each "
        "message twice, more than twice as many, which one server that took this prompt whole never counts: its "
        "answers come from servers of different windows (a balancer), or from one that counts only what it had not "
        f"cached, so the judgement is not taken as a score; {FIX}"
    )


def edge_words(prompt: int, allowance: int, window: int) -> str:
    """The one line for a prompt that fits the window but leaves no room for the answer tokens asked."""
    return (
        f"the judge's context window is {window:,} tokens and this prompt's {prompt:,} with the {allowance:,} answer "
        "tokens asked do not fit it: a server that shifts its context while answering (Ollama, llama.cpp with "
        f"context shift) drops the prompt's start and the judge scores what is left, which is no score; {FIX}"
    )


MIXED = (
    "the judge's answers come from servers of different context windows (a balancer over them): a count checked on "
    "one server says nothing of another's, so judgements of an ungrounded bucket were not taken as scores"
)
UNCOUNTED = (
    "the judge reports no prompt tokens: groundgate cannot tell a cut prompt from a whole one, so its ungrounded "
    "judgements and re-scores are not taken as scores and their rows have no verdict"
)


@dataclass(frozen=True)
class Look:
    """What one answer's count says: ``cut``, the line that voids it; ``ask``, a short count not yet known to be
    fixed or not (send a longer prompt and ``settle``); neither: the prompt was taken whole."""

    cut: str | None = None
    ask: bool = False
    expected: int = 0


class Window:
    """What one judge's server counts of the prompts it is sent, against groundgate's estimate of them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ratios: deque[float] = deque(maxlen=KEPT)
        self._fixed: set[int] = set()  # counts shown fixed: what the server keeps of a longer prompt
        self._moved: set[int] = set()  # short counts shown to move with the prompt: not a cut
        self._notes: set[str] = set()  # said once for the run: a balancer's answers, a server that does not count
        self.whole = 0  # the largest count of a prompt the server took whole
        self.size: int | None = None  # the window as the server says it (llama.cpp /props, Ollama /api/ps)

    def notes(self) -> list[str]:
        """What the run should say once of the judge's counts."""
        with self._lock:
            return sorted(self._notes)

    def known(self) -> int | None:
        """The window, where the run knows it: as the server says it, else from a count shown fixed (the whole
        window where the server never took a longer prompt whole, about twice it where it did: Ollama 0.33 and
        later keep half their window of a longer prompt)."""
        with self._lock:
            if self.size:
                return self.size
            if not self._fixed:
                return None
            kept = max(self._fixed)
            return kept if self.whole <= kept else 2 * kept

    def edge(self, counted: int, allowance: int, expected: int = 0) -> str | None:
        """The line that voids a prompt of ``counted`` tokens whose ``allowance`` of answer tokens passes the known
        window (a server that shifts its context while answering drops the prompt's start: its count stays honest,
        so only the window can tell); None: it fits, or the window is not known."""
        window = self.known()
        if window is None or counted <= 0 or allowance <= 0 or counted + allowance <= window:
            return None
        with self._lock:
            if counted in self._fixed:  # what the server keeps of a longer prompt: this one was cut
                return kept_words(counted, expected or counted)
        return edge_words(counted, allowance, window)

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

    def kept(self) -> int | None:
        """The count the server cuts a longer prompt to, where one was shown (the largest)."""
        with self._lock:
            return max(self._fixed) if self._fixed else None

    def look(self, estimate: int, counted: int, *, confirming: bool = False) -> Look:
        """An answer whose server counted ``counted`` prompt tokens of a prompt estimated at ``estimate``.
        ``confirming``: a re-score, which confirms a regression: its count is always checked with a longer prompt,
        whatever the ratio expects (a prompt denser than the run's usual text — a price list, another script —
        counts more per estimated token, so a cut of it can look whole to the ratio)."""
        if estimate <= 0:
            return Look()
        if counted <= 0:  # a server that does not count: nothing to read, and nothing a re-score can confirm on
            if not confirming:
                return Look()
            with self._lock:
                self._notes.add(UNCOUNTED)
            return Look(uncounted_words())
        with self._lock:
            expected = round(estimate * self._ratio())
            if counted in self._fixed and counted < expected:
                return Look(kept_words(counted, expected), expected=expected)
            if confirming:
                return Look(ask=True, expected=expected)
            if counted >= SUSPECT * expected or counted in self._moved or CUT * expected <= counted < self.whole:
                self._took(estimate, counted)
                return Look(expected=expected)
            return Look(ask=True, expected=expected)

    def settle(
        self, estimate: int, counted: int, longer: int | None, added: int = 0, *, confirming: bool = False
    ) -> str | None:
        """A short count, and what the server counted of the same prompt made longer by ``added`` estimated tokens
        (``longer``; None: it refused the longer one as over its window, so it refuses rather than cuts): the line
        that voids it, or None. A whole prompt's count grows by about what was added; one that grows by less than
        half of it was cut too (llama.cpp with context shift keeps the prompt's end in blocks, so its count moves a
        little with the prompt but never by what was added)."""
        with self._lock:
            expected = round(estimate * self._ratio())
            if longer is not None and longer == counted:
                self._fixed.add(counted)
                self._moved.discard(counted)
                return kept_words(counted, expected)
            if longer is not None and longer < counted:  # the longer prompt was cut: of this one it says nothing
                return unsure_words(counted, expected) if confirming else None
            if longer is not None and longer > DOUBLED * counted + SLACK:
                # Each message twice never counts more than twice on one server that took the first whole: the
                # check was answered by another server (a balancer over different windows) that took whole what
                # this one cut. Never learnt as a count that moves.
                if not confirming:
                    return None
                self._notes.add(MIXED)
                return mixed_words(counted, expected, longer)
            if longer is not None and longer - counted < GREW * added:
                if counted < SUSPECT * expected:
                    return kept_words(counted, expected)
                return unsure_words(counted, expected, longer)  # this one looks whole; the longer one may be cut
            self._moved.add(counted)
            return None

    def _took(self, estimate: int, counted: int) -> None:
        self._ratios.append(counted / estimate)
        self.whole = max(self.whole, counted)


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

    prompt = number(
        "n_prompt_tokens",
        r"(?:request|input) \(([\d,]+) tokens\)",
        r"your request has ([\d,]+) input tokens",  # vLLM
        r"your messages resulted in ([\d,]+) tokens",  # OpenAI
        r"\(([\d,]+) in the messages",  # OpenAI: "you requested N tokens (P in the messages, C in the completion)"
        r"requested ([\d,]+) tokens",
    )
    window = number("n_ctx", r"context size \(([\d,]+) tokens\)", r"context length is ([\d,]+) tokens")
    said = " ".join(message.split())
    said = said if len(said) <= SAID else said[: SAID - 1] + "…"
    return refused_words(prompt, window, round(estimate * ratio), said)

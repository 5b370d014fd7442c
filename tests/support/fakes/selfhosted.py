"""Self-hosted servers and a prompt longer than their context window, as they are, for ``FakeOpenAI``.

Ollama's OpenAI-compatible endpoint cuts the rendered prompt and answers 200, reporting only what it kept in
``usage.prompt_tokens`` (its ``prompt_eval_count``; ``num_ctx`` cannot be set through that endpoint). It keeps
the first ``num_keep`` tokens (4, one more for the BOS token: "keep=5") and the prompt's end, dropping the start
after the kept tokens, so the rubric's start goes first, then the context's. How much it keeps changed:

- ``"whole"``, Ollama before 0.33 (``runner/llamarunner/runner.go`` and ``runner/ollamarunner/runner.go``,
  ``NewSequence``: ``discard := len(inputs) - numCtx``, "truncating input prompt limit=4096 prompt=4938 keep=5
  new=4096"): the prompt's end up to the WHOLE window; it counts the window.
- ``"half"``, Ollama 0.33 and later (``llm/llama_server.go``, ``completionPromptForRequest`` and
  ``contextShiftPromptLimit``: ``numCtx - max((numCtx - numKeep) / 2, 1)``, PR #16856): about half the window,
  leaving the rest for the answer; it counts 2,050 of a 4,096 window.

Either way the count is fixed, whatever the prompt's size. ``uncached=True`` counts as Ollama 0.30 did until
ollama#16428: only the prompt tokens it did not have cached from the slot's last prompt (its common prefix),
without ``cached_tokens``.

llama.cpp's server (ggml-org/llama.cpp ``tools/server``) refuses instead: HTTP 400, error type
``exceed_context_size_error`` with ``n_prompt_tokens`` and ``n_ctx``, and the message "request (N tokens)
exceeds the available context size (M tokens), try increasing it".

vLLM's OpenAI server (``vllm/entrypoints/openai``, ``VLLMValidationError`` answered HTTP 400) never cuts either: it
refuses a prompt of ``max_model_len`` tokens or more, and one whose ``max_tokens`` does not fit beside it, in OpenAI's
own words ("This model's maximum context length is N tokens. However, your request has M input tokens."), which
OpenAI-compatible hosts copy.

A prompt that fits the window but whose answer does not is shifted while the model answers (Ollama's runner before
0.33, ``shiftContext``: (numCtx - numKeep) / 2 tokens after the kept ones discarded; llama.cpp with
``--context-shift``): the answer's end, the score last, is written without the prompt's start, and
``usage.prompt_tokens`` is the whole prompt, honestly counted (``shift``).

Tokens are the fake's own (``fakes.quota``: words, punctuation marks and CJK characters), counted over the
messages as the chat template lays them out one after the other.
"""

from __future__ import annotations

import copy
import threading
from typing import Any

from tests.support.fakes.quota import PIECES, prompt_tokens

KEEP = 5  # Ollama's num_keep (4) and the BOS token
ANSWER = 150  # tokens a judge's answer takes (a reason of a few sentences and the score): 100-250 as measured
BUSY = "server busy, please try again.  maximum pending requests exceeded"  # Ollama's 503 (OLLAMA_MAX_QUEUE)


def kept_of(window: int, overflow: str = "half") -> int:
    """The tokens Ollama keeps of a prompt longer than ``window``: the whole window before 0.33, about half of it
    since (``contextShiftPromptLimit``)."""
    return window if overflow == "whole" else window - max((window - KEEP) // 2, 1)


def truncate(body: dict[str, Any], window: int, overflow: str = "half") -> tuple[dict[str, Any], int] | None:
    """The request as Ollama's model sees it, and the prompt tokens it reports; None: it fits (the older runner
    cuts a prompt longer than the window, the newer server one that leaves no token for the answer)."""
    total = prompt_tokens(body)
    if total < window or (overflow == "whole" and total == window):
        return None
    limit = kept_of(window, overflow)
    drop = total - limit  # tokens dropped after the first KEEP, counted over the messages' texts in order
    cut = copy.deepcopy(body)
    skipped = 0
    for message in cut.get("messages", []):
        content = message.get("content")
        if not isinstance(content, str):
            continue
        pieces = list(PIECES.finditer(content))
        keep_head = max(0, KEEP - skipped) if skipped < KEEP else 0
        head = pieces[:keep_head]
        rest = pieces[keep_head:]
        skipped += keep_head
        gone = min(len(rest), drop)
        drop -= gone
        if not gone:
            continue
        tail = content[rest[gone].start() :] if gone < len(rest) else ""
        start = content[: head[-1].end()] + " " if head else ""
        message["content"] = start + tail
    return cut, limit


def refusal(body: dict[str, Any], window: int) -> dict[str, Any] | None:
    """llama.cpp's answer to a prompt that does not fit its window; None: it fits."""
    tokens = prompt_tokens(body)
    if tokens < window:
        return None
    message = f"request ({tokens} tokens) exceeds the available context size ({window} tokens), try increasing it"
    return {
        "error": {
            "code": 400,
            "message": message,
            "type": "exceed_context_size_error",
            "n_prompt_tokens": tokens,
            "n_ctx": window,
        }
    }


def vllm_refusal(body: dict[str, Any], window: int) -> dict[str, Any] | None:
    """vLLM's answer to a prompt that does not fit ``--max-model-len``, or whose ``max_tokens`` does not fit beside
    it; None: both fit."""
    tokens = prompt_tokens(body)
    asked = int(body.get("max_tokens") or 0)
    if tokens >= window:
        message = (
            f"This model's maximum context length is {window} tokens. However, your request has {tokens} input "
            "tokens. Please reduce the length of the input messages."
        )
    elif tokens + asked > window:
        message = (
            f"'max_tokens' or 'max_completion_tokens' is too large: {asked}. This model's maximum context length is "
            f"{window} tokens and your request has {tokens} input tokens ({asked} > {window} - {tokens})."
        )
    else:
        return None
    return {"error": {"message": message, "type": "BadRequestError", "param": "input_tokens", "code": 400}}


def shift(body: dict[str, Any], window: int) -> dict[str, Any] | None:
    """The request as the model sees it by the end of its answer, where the prompt fits ``window`` but the prompt
    and an answer of ANSWER tokens do not (the context shifted while answering); None: no shift."""
    total = prompt_tokens(body)
    if not total < window <= total + ANSWER:
        return None
    shifted = truncate(body, total - (window - KEEP) // 2, "whole")
    return shifted[0] if shifted is not None else None


class Uncached:
    """Ollama 0.30's count (until ollama#16428): the prompt tokens it did not have cached from the last prompt."""

    def __init__(self) -> None:
        self._last: list[str] = []
        self._lock = threading.Lock()

    def __call__(self, body: dict[str, Any], counted: int) -> int:
        pieces = [p for m in body.get("messages", []) for p in PIECES.findall(str(m.get("content")))]
        with self._lock:
            last, self._last = self._last, pieces
        common = next(
            (i for i, (a, b) in enumerate(zip(pieces, last, strict=False)) if a != b), min(len(pieces), len(last))
        )
        return max(1, counted - common)

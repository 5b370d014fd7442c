"""Self-hosted servers and a prompt longer than their context window, as they are, for ``FakeOpenAI``.

Ollama's OpenAI-compatible endpoint (ollama/ollama ``llm/llama_server.go``, ``truncatePrompt``; ollama#17889)
cuts the rendered prompt and answers 200: it keeps the first ``num_keep`` tokens (4, one more for the BOS
token: "keep=5") and the prompt's end, dropping the start after the kept tokens until the prompt holds
``num_ctx - (num_ctx - keep) / 2`` tokens, and reports only those in ``usage.prompt_tokens`` (its
``prompt_eval_count``, cached tokens included). ``num_ctx`` cannot be set through that endpoint. The model
then answers what it saw: the rubric's start is gone, then the context's.

llama.cpp's server (ggml-org/llama.cpp ``tools/server``) refuses instead: HTTP 400, error type
``exceed_context_size_error`` with ``n_prompt_tokens`` and ``n_ctx``, and the message "request (N tokens)
exceeds the available context size (M tokens), try increasing it".

Tokens are the fake's own (``fakes.quota``: words and punctuation marks), counted over the messages as the
chat template lays them out one after the other.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.support.fakes.quota import PIECES, prompt_tokens

KEEP = 5  # Ollama's num_keep (4) and the BOS token


def kept_of(window: int) -> int:
    """The tokens Ollama keeps of a prompt longer than ``window`` (``contextShiftPromptLimit``)."""
    return window - max((window - KEEP) // 2, 1)


def truncate(body: dict[str, Any], window: int) -> tuple[dict[str, Any], int] | None:
    """The request as Ollama's model sees it, and the prompt tokens it reports; None: it fits."""
    total = prompt_tokens(body)
    if total < window:
        return None
    limit = kept_of(window)
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

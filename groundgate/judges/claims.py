"""The claims call: an answer a person must read, split into claims and each labelled against the context.

azure-ai-evaluation's evaluators run only their own prompts, so this one is the project's own
(``prompts/claims.j2``, its digest part of the cache key) sent through the chat-completions API of the
judge's own service, through the judge's own ``openai`` client (``judges.chat``).

The runner carries every answer as a ``Score`` (score, reason) through its deduplication, cache and
counting; a claims answer travels the same way: its reason is the claims, one a line (``encode``), its
score 5 when every claim is supported and 1 otherwise. Nothing here decides an outcome.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from typing import Any, Literal, get_args

from jinja2 import Environment, PackageLoader, StrictUndefined

from groundgate.errors import one_line
from groundgate.judges import JudgeError, Judgement, JudgeRequest, Score

Label = Literal["supported", "not supported", "contradicted"]
LABELS: tuple[Label, ...] = get_args(Label)
_SYNONYMS = {"unsupported": "not supported", "contradiction": "contradicted", "contradicts": "contradicted"}
MAX_TOKENS = 1500  # a claim a line, a context span each: longer than the rubric's 800
REASONING_TOKENS = 8000  # a reasoning model spends most of its tokens thinking
QUOTE = 300  # characters kept of a claim or a context span

Labelled = tuple[Label, str, str]  # (label, claim, the context's nearest span)


PROMPT = "claims.j2"


@cache
def _environment() -> Environment:
    return Environment(  # noqa: S701 - a prompt, not markup: the texts go in as they are
        loader=PackageLoader("groundgate.judges", "prompts"), undefined=StrictUndefined, keep_trailing_newline=False
    )


def _template() -> Any:
    return _environment().get_template(PROMPT).module


@cache
def prompt_version() -> str:
    """The digest of the prompt file: part of every claims call's cache key."""
    env = _environment()
    assert env.loader is not None
    text, _, _ = env.loader.get_source(env, PROMPT)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@cache
def prompt_chars() -> int:
    """Characters of the prompt's own text, without the texts it carries: what a claims call's estimate adds."""
    module = _template()
    return len(str(module.system())) + len(str(module.user("", "", "")))


def messages(request: JudgeRequest, with_query: bool) -> list[dict[str, str]]:
    """The chat messages for one answer: the prompt's system part, then the context, query and answer."""
    module = _template()
    query = (request.case.query or "") if with_query else None
    return [
        {"role": "system", "content": str(module.system())},
        {"role": "user", "content": str(module.user(request.grounding, query, request.response))},
    ]


def params(model: str, request: JudgeRequest, *, with_query: bool, reasoning: bool) -> dict[str, Any]:
    """The chat-completions request, as the SDK sends its rubric's: JSON mode, temperature 0 unless the
    model reasons (then ``max_completion_tokens``)."""
    sent: dict[str, Any] = {
        "model": model,
        "messages": messages(request, with_query),
        "response_format": {"type": "json_object"},
    }
    if reasoning:
        sent["max_completion_tokens"] = REASONING_TOKENS
    else:
        sent.update(temperature=0, max_tokens=MAX_TOKENS)
    return sent


def _label(value: Any) -> Label | None:
    if not isinstance(value, str):
        return None
    word = " ".join(value.strip().lower().replace("_", " ").replace("-", " ").split())
    word = _SYNONYMS.get(word, word)
    return word if word in LABELS else None


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w{3,}|\d+", text.casefold()))


def _seen(span: str, text: str) -> bool:
    """Whether ``span`` is in ``text`` as written there, case and spacing aside (a quote, not a paraphrase)."""
    return " ".join(span.casefold().split()) in " ".join(text.casefold().split())


def parse(content: str | None, response: str, context: str) -> list[Labelled] | str:
    """The claims in a model's answer, or what is wrong with it. A claim must share a word with the answer
    (a model that copies the prompt's example has split nothing), and a context span is kept only when the
    context holds it as written: the report never shows a quote the context does not contain."""
    try:
        data = json.loads(content or "")
    except (ValueError, RecursionError):
        return "the judge's claims answer is not JSON"
    found = data.get("claims") if isinstance(data, dict) else None
    if not isinstance(found, list):
        return "the judge's claims answer has no list of claims"
    labelled = []
    answer = _words(response)
    for item in found:
        if not isinstance(item, dict):
            continue
        claim, label, span = item.get("claim"), _label(item.get("label")), item.get("context")
        if isinstance(claim, str) and _words(claim) & answer and label is not None:
            quoted = span if isinstance(span, str) and span.strip() and _seen(span, context) else ""
            labelled.append((label, _quote(claim), _quote(quoted)))
    if found and not labelled:
        return (
            "none of the judge's claims is a claim of the answer with a label of supported, not supported or "
            "contradicted"
        )
    return labelled


def _quote(text: str) -> str:
    flat = one_line(text)
    return flat if len(flat) <= QUOTE else flat[: QUOTE - 1] + "…"


def verdict(
    request: JudgeRequest,
    content: str | None,
    finish_reason: str | None,
    model: str | None,
    tokens: int,
    answer_tokens: int = 0,
) -> Judgement:
    """A model's claims answer to ``request`` as the runner carries it: the claims in the reason
    (``encode``), 5 when every claim is supported, else 1. ``tokens`` (of which ``answer_tokens`` are the
    answer's) are what the service billed, counted whether or not the answer was usable."""
    if finish_reason == "length":
        return JudgeError(
            "the judge's claims answer was cut off at its token limit (finish_reason: length)",
            model,
            tokens=tokens,
            answer_tokens=answer_tokens,
        )
    found = parse(content, request.response, request.grounding)
    if isinstance(found, str):
        return JudgeError(f"{found}: '{_quote(content or '')}'", model, tokens=tokens, answer_tokens=answer_tokens)
    score = 5.0 if all(label == "supported" for label, _, _ in found) else 1.0
    return Score(score, encode(found), model, tokens, answer_tokens)


def encode(claims: list[Labelled]) -> str:
    """One claim a line, its fields separated by tabs (each field is one line of text without tabs): plain
    text, so the runner's redaction finds a secret in it as in any reason."""
    return "\n".join("\t".join(fields) for fields in claims)


def decode(reason: str) -> list[Labelled] | None:
    """The claims ``encode`` wrote, or None: not a claims answer (another judge's reason)."""
    found = []
    for line in reason.split("\n") if reason else []:
        fields = line.split("\t")
        label = _label(fields[0])
        if len(fields) != 3 or label is None or label != fields[0] or not fields[1]:
            return None
        found.append((label, fields[1], fields[2]))
    return found

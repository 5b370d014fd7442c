"""The judge's rubric as azure-ai-evaluation ships it: its prompt files read as data, rendered into chat
messages as its evaluators render them, and their answers read by its rules.

The SDK stays the authority for the rubric, but it is never imported to judge: its ``.prompty`` files are
read from the installed package (their digest is part of the judge's identity and every cache key), their
YAML front matter gives the request's parameters, and their Jinja template is rendered and split at its
role lines the way the SDK's prompt flow does. ``tests/integration/test_sdk_path.py`` runs the SDK's public
``GroundednessEvaluator`` and ``FluencyEvaluator`` against a fake server and checks, byte for byte, that
groundgate's requests are theirs and that it reads every answer as they do (except that only a real number
in 1..5 is a score: ``checked``).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import re
from dataclasses import dataclass
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from jinja2.sandbox import SandboxedEnvironment

from groundgate.cases import Rubric
from groundgate.errors import one_line
from groundgate.judges import Failure, JudgeError, Judgement, Score

SDK = "azure-ai-evaluation"
FILES = {
    ("groundedness", "query"): "_groundedness/groundedness_with_query.prompty",
    ("groundedness", "no-query"): "_groundedness/groundedness_without_query.prompty",
    ("fluency", "query"): "_fluency/fluency.prompty",
    ("fluency", "no-query"): "_fluency/fluency.prompty",
}
# What the SDK's evaluators say of themselves to Azure OpenAI (``x-ms-useragent``): the evaluator's own name,
# except for the query prompt, which GroundednessEvaluator loads again itself without it.
SUBTYPE = {
    ("groundedness", "no-query"): "GroundednessEvaluator",
    ("fluency", "query"): "FluencyEvaluator",
    ("fluency", "no-query"): "FluencyEvaluator",
}
REASONING_TOKENS = 60_000  # what the SDK asks of a reasoning model (max_completion_tokens) in place of max_tokens
NOT_FOR_REASONING = ("temperature", "top_p", "presence_penalty", "frequency_penalty")
ROLE = re.compile(r"(?i)^\s*#?\s*(system|user|assistant|function)\s*:\s*\n", flags=re.MULTILINE)
IMAGE = re.compile(r"(?P<match>!\[[^\]]*\]\(.*?(?=\"|\))\))", flags=re.MULTILINE)
IMAGE_URL = re.compile(
    r"^!\[(?P<alt_text>[^\]]*)\]\((?P<link>(?P<scheme>[^:]+(?=:))?:?(?P<mime_type>[^;]+(?=;))?;?(?P<data>[^\)]*))\)$"
)
NOT_JSON = "the judge's answer is not the rubric's JSON"
TRUNCATED = "the judge's answer was cut off at its token limit (finish_reason: length)"
HEAD, TAIL = 160, 60  # characters of an answer shown: its start, and where it ended (a cut answer's last words)


@cache
def sdk_version() -> str | None:
    try:
        return version(SDK)
    except PackageNotFoundError:  # pragma: no cover - it is a dependency
        return None


@cache
def folder() -> Path:
    """The installed SDK's evaluators, found without importing it (its import takes seconds)."""
    spec = find_spec("azure.ai.evaluation")
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover - it is a dependency
        raise RuntimeError(f"{SDK} is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "_evaluators"


@cache
def prompt_version() -> str:
    """A digest of the SDK's groundedness and fluency prompt files: a new rubric text invalidates the cache."""
    digest = hashlib.sha256()
    for path in sorted([*folder().glob("_groundedness/*.prompty"), *folder().glob("_fluency/*.prompty")]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class Prompt:
    """One prompt file: the request's parameters (its front matter's) and its template, compiled."""

    kind: str  # "groundedness" or "fluency"
    rubric: Rubric
    parameters: dict[str, Any]
    inputs: tuple[str, ...]
    source: str  # the template's text, as the file holds it
    template: Any

    def params(self, model: str, reasoning: bool, **inputs: str) -> dict[str, Any]:
        """The chat-completions request the SDK's evaluator sends for ``inputs``."""
        parameters = dict(self.parameters)
        if reasoning:  # as the SDK's is_reasoning_model does
            if "max_tokens" in parameters:
                del parameters["max_tokens"]
                parameters["max_completion_tokens"] = REASONING_TOKENS
            for key in NOT_FOR_REASONING:
                parameters.pop(key, None)
        given = {name: inputs.get(name) for name in self.inputs}
        return {**parameters, "model": model, "messages": messages(self.template.render(**given))}

    def agent(self) -> str:
        """The ``x-ms-useragent`` the SDK's evaluator sends to Azure OpenAI with this prompt."""
        subtype = SUBTYPE.get((self.kind, self.rubric))
        return f"{SDK}/{sdk_version()}" + (f" (type=evaluator subtype={subtype})" if subtype else "")


@cache
def prompt(kind: str, rubric: Rubric) -> Prompt:
    """The prompt file of ``kind`` in ``rubric`` mode, read once per process."""
    from ruamel.yaml import YAML

    text = (folder() / FILES[(kind, rubric)]).read_text(encoding="utf-8")
    found = re.search(r"-{3,}\n(.*)-{3,}\n(.*)", text, re.DOTALL)  # the SDK's own split of the file
    if found is None:  # pragma: no cover - the SDK's own files
        raise RuntimeError(f"{SDK}'s prompt file {FILES[(kind, rubric)]} has no front matter")
    front = YAML(typ="safe").load(found.group(1)) or {}
    environment = SandboxedEnvironment(trim_blocks=True, keep_trailing_newline=True)
    return Prompt(
        kind,
        rubric,
        dict(front.get("model", {}).get("parameters", {})),
        tuple(front.get("inputs", {})),
        found.group(2),
        environment.from_string(found.group(2)),
    )


def messages(rendered: str) -> list[dict[str, Any]]:
    """The rendered prompt split into chat messages at its role lines, as the SDK splits it."""
    found: list[dict[str, Any]] = []
    for chunk in ROLE.split(rendered):
        last = found[-1] if found else None
        if last is not None and "content" not in last:
            last["content"] = _content(chunk)
        elif chunk.strip():
            found.append({"role": chunk.strip().lower()})
    return found


def _content(text: str) -> str | list[dict[str, Any]]:
    """A message's content: its text, or, where it holds markdown images, its parts as the SDK sends them
    (an image by URL or data URI as an image part; one on a local path stays text: nothing is read from disk)."""
    parts = [piece for piece in (chunk.strip() for chunk in IMAGE.split(text)) if piece]
    if len(parts) <= 1:
        return text.strip()
    return [_image(part) if part.startswith("![") and part.endswith(")") else {"type": "text", "text": part} for part in parts]  # fmt: skip


def _image(part: str) -> dict[str, Any]:
    found = IMAGE_URL.match(part)
    scheme = (found.group("scheme") or "").strip().lower() if found else ""
    data = (found.group("data") or "").strip() if found else ""
    if found and (scheme in ("http", "https", "ftp", "ftps") or (scheme == "data" and data[:6].lower() == "base64")):
        return {"type": "image_url", "image_url": {"url": (found.group("link") or "").strip(), "detail": "auto"}}
    return {"type": "text", "text": part}


def read(
    content: str | None, finish_reason: str | None, model: str | None, tokens: int, answer_tokens: int
) -> Judgement:
    """A rubric answer read by the SDK's rules (its JSON; a JSON string holding JSON; ``status: skipped``; a
    missing score is no score), then ``checked``. What the SDK cannot parse is the rubric's format broken."""

    def off(problem: str) -> JudgeError:
        said = f"it answered '{excerpt(content)}'" if content and content.strip() else "its answer was empty"
        cut = f"{TRUNCATED}; " if finish_reason == "length" else ""
        return JudgeError(f"{cut}{problem}: {said}", model, Failure.MALFORMED, tokens, answer_tokens)

    try:
        answer = json.loads(content)  # type: ignore[arg-type]  # None: no content, as the SDK fails on it
    except (ValueError, TypeError, RecursionError) as exc:
        return off(f"{NOT_JSON} ({type(exc).__name__}: {one_line(str(exc))})")
    if isinstance(answer, str):
        try:
            again = json.loads(answer)
        except (ValueError, RecursionError):
            again = None
        answer = again if isinstance(again, dict) and again else answer
    score: Any = math.nan
    reason: Any = ""
    if isinstance(answer, dict) and answer:
        if answer.get("status", "completed") == "skipped":
            return off(f"judge status 'skipped': Not applicable: {answer.get('reason', '')}")  # the SDK's reason
        score, reason = answer.get("score", math.nan), answer.get("reason", "")
    elif isinstance(answer, str):  # the SDK's older format: <S1>reason</S1> <S2>score</S2>
        found = re.findall(r"<S2>\D*?([1-5]).*?</S2>", answer, re.DOTALL)
        reasons = re.findall(r"<S1>(.*?)</S1>", answer, re.DOTALL)
        score, reason = float(found[0]) if found else math.nan, reasons[0].strip() if reasons else ""
    if isinstance(score, str):  # the SDK converts it with float(); None is its NaN
        with contextlib.suppress(ValueError):
            score = float(score)
    score = math.nan if score is None else score
    judged = checked(score, reason, model, tokens, answer_tokens)
    return off(judged.message) if isinstance(judged, JudgeError) else judged


def checked(score: Any, reason: Any, model: str | None, tokens: int = 0, answer_tokens: int = 0) -> Judgement:
    """A score counts only when it is a finite number in 1..5 (a JSON boolean is none: the SDK would read
    ``true`` as 1.0, a confirmed hallucination the judge never scored)."""
    text = "" if reason is None else str(reason)

    def failed(problem: str) -> JudgeError:
        return JudgeError(f"{problem}{_because(text)}", model, Failure.MALFORMED, tokens, answer_tokens)

    if isinstance(score, bool) or not isinstance(score, int | float) or math.isnan(score):
        return failed(f"judge gave no score ({score!r})" if not isinstance(score, float) else "judge gave no score")
    if not math.isfinite(score) or not 1 <= score <= 5:
        return failed(f"judge score {float(score):g} is outside 1..5")
    return Score(float(score), text, model, tokens, answer_tokens)


def _because(reason: object) -> str:
    return f": {reason}" if reason not in (None, "") else ""


def excerpt(text: str | None) -> str:
    """One line of what the judge said: its start and, for a long answer, its end."""
    flat = one_line(text or "")
    if len(flat) <= HEAD + TAIL + 3:
        return flat
    return f"{flat[:HEAD].rstrip()} … {flat[-TAIL:].lstrip()}"

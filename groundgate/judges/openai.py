"""Any OpenAI-compatible judge (OpenAI's API, vLLM, Ollama, LiteLLM, a gateway): the SDK's rubric as its
``OpenAIModelConfiguration`` sends it (``judges.chat``): ``{base_url}/chat/completions`` with a bearer key,
the model in the body, JSON mode (``response_format: json_object``) and ``max_tokens``
(``max_completion_tokens`` for a reasoning model). Servers differ in what they accept, so the answers that
mean "this configuration cannot work" (a wrong key, an unknown model, a parameter the server refuses) are
recognised here and named by the setting that fixes them; the runner stops the run on them when they come
first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from groundgate.cases import Rubric
from groundgate.judges import JudgeInfo, rubric
from groundgate.judges.chat import ChatJudge
from groundgate.redact import public_url
from groundgate.wording import listed

if TYPE_CHECKING:
    from openai import APIStatusError, AsyncOpenAI

# How servers say one request is too long for the model (vLLM's names 'max_tokens'): a row's failure.
TOO_LONG = ("context length", "context_length", "maximum context", "reduce the length", "too many tokens")
# How servers that answer 400 rather than 404 (LiteLLM, some gateways) say the model is not theirs.
NO_SUCH_MODEL = ("model_not_found", "does not exist", "not found", "invalid model", "unknown model", "no such model")
LISTED = 10  # models named in a message; the rest are counted
HOSTED = "api.openai.com"  # every other server is self-hosted: its parallel slots are its owner's to say


class ModelsRefused(Exception):
    """The server would not list its models: ``status`` is its HTTP answer, None when it was not reached."""

    def __init__(self, status: int | None, message: str) -> None:
        super().__init__(message)
        self.status = status


def offered_models(base_url: str, api_key: str | None, timeout: float = 30.0) -> list[str]:
    """The model ids the server lists at ``GET {base_url}/models``, as it spells them (OpenAI, vLLM,
    Ollama, llama.cpp and LM Studio all answer ``{"data": [{"id": ...}, ...]}``). No key: no header."""
    import httpx2  # the HTTP client the SDK itself uses

    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    try:
        answer = httpx2.get(f"{base_url.rstrip('/')}/models", headers=headers, timeout=timeout)
    except httpx2.HTTPError as exc:
        raise ModelsRefused(None, f"{type(exc).__name__}: {exc}") from exc
    if answer.status_code != 200:
        raise ModelsRefused(answer.status_code, f"HTTP {answer.status_code}")
    try:
        data = answer.json()["data"]
        return [str(model["id"]) for model in data]
    except (ValueError, KeyError, TypeError) as exc:
        raise ModelsRefused(200, "the answer is not a list of models") from exc


@dataclass(frozen=True)
class Names:
    """How the user spelled each setting an error may name (a flag, a variable or an action input)."""

    model: str = "--judge-model"
    api_key: str = "OPENAI_API_KEY"
    base_url: str = "--openai-base-url"
    reasoning: str = "--reasoning-model"


@dataclass(frozen=True)
class OpenAIConfig:
    """Everything that builds the provider."""

    base_url: str
    model: str
    rubric: Rubric
    api_key: str
    reasoning: bool = False
    names: Names = Names()


class OpenAIProvider(ChatJudge):
    def __init__(self, config: OpenAIConfig) -> None:
        info = JudgeInfo(
            kind="openai",
            rubric=config.rubric,
            deployment=config.model,
            base_url=public_url(config.base_url).rstrip("/"),  # shown everywhere: no user:password@
            reasoning=config.reasoning,
            sdk_version=rubric.sdk_version(),
        )
        super().__init__(info, config.model, secret=config.api_key)
        self.config = config
        self._offered: list[str] | None = None
        self.hosted = urlsplit(config.base_url).hostname == HOSTED  # any other server is self-hosted

    def identity(self) -> dict[str, object]:
        return {**super().identity(), "base_url": self.info.base_url, "model": self.config.model}

    def where(self) -> str:
        return f"the judge server {self.info.base_url} (model {self.config.model!r})"

    def client(self) -> AsyncOpenAI:
        from openai import AsyncOpenAI

        return AsyncOpenAI(base_url=self.config.base_url, api_key=self.config.api_key, max_retries=0)

    def configuration(self, error: APIStatusError) -> str | None:
        """The one line that names the setting to change, for an answer no row could get past."""
        status, text = error.status_code, str(error.message).lower()
        names, server, model = self.config.names, self.info.base_url, self.config.model
        if status in (401, 403):  # the server's own text is left out: OpenAI echoes part of the key
            return f"the judge server {server} refused the API key (HTTP {status}): set {names.api_key} to a key it accepts"
        if status == 404:
            return self._unknown_model(status)
        if status not in (400, 422) or any(word in text for word in TOO_LONG):
            return None  # a request too long for the model is this row's failure, whatever parameter it names
        if "model" in text and any(words in text for words in NO_SUCH_MODEL):
            return self._unknown_model(status)
        if "max_completion_tokens" in text and self.info.reasoning:
            return (
                f"the judge server {server} refused max_completion_tokens for {model!r} (HTTP {status}): "
                f"it is not a reasoning model there; unset {names.reasoning}"
            )
        if "max_tokens" in text and not self.info.reasoning:
            return (
                f"the judge server {server} refused max_tokens for {model!r} (HTTP {status}): a reasoning model "
                f"takes max_completion_tokens instead; set {names.reasoning}"
            )
        if any(word in text for word in ("response_format", "json_object", "json mode")):
            return (
                f"the judge server {server} refused JSON mode (response_format json_object) for {model!r} "
                f"(HTTP {status}): the judge's rubric needs it; enable it on the server or choose a model that "
                f"supports it ({names.model}, {names.base_url})"
            )
        return None

    def _unknown_model(self, status: int) -> str:
        """The server does not know the model (or the base URL is not its API): name the models it offers."""
        names, server = self.config.names, self.info.base_url
        if self._offered is None:
            try:
                self._offered = offered_models(self.config.base_url, self.config.api_key, timeout=10.0)
            except ModelsRefused:
                self._offered = []
        offers = (
            f"it offers {listed([repr(m) for m in self._offered], LISTED)}"
            if self._offered
            else "'groundgate judges' lists what it offers"
        )
        return (
            f"the judge server {server} does not serve the model {self.config.model!r} (HTTP {status}): set "
            f"{names.model} to a model it serves ({offers}), or check {names.base_url} (OpenAI-compatible servers "
            "usually end in /v1)"
        )

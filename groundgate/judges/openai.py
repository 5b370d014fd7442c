"""Any OpenAI-compatible judge (OpenAI's API, vLLM, Ollama, LiteLLM, a gateway): the same
GroundednessEvaluator and FluencyEvaluator, the same rubric prompts, through the SDK's
``OpenAIModelConfiguration``.

The SDK posts ``{base_url}/chat/completions`` with a bearer key, the model in the body, and asks for
JSON mode (``response_format: json_object``) and ``max_tokens`` (``max_completion_tokens`` for a
reasoning model). Servers differ in what they accept, so the answers that mean "this configuration
cannot work" (a wrong key, an unknown model, a parameter the server refuses) are recognised here and
named by the setting that fixes them; the runner stops the run on them when they come first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from groundgate.cases import Rubric
from groundgate.errors import one_line
from groundgate.judges import JudgeError, JudgeInfo, Provider
from groundgate.judges.limits import ThrottleCounter
from groundgate.judges.sdk import EvaluatorProvider, http_status, prepare_sdk, sdk_version
from groundgate.redact import public_url

# How servers say one request is too long for the model (vLLM's names 'max_tokens'): a row's failure.
TOO_LONG = ("context length", "context_length", "maximum context", "reduce the length", "too many tokens")


@dataclass(frozen=True)
class Names:
    """How the user spelled each setting an error may name (a flag, a variable or an action input)."""

    model: str = "--judge-model"
    api_key: str = "OPENAI_API_KEY"
    base_url: str = "--openai-base-url"
    reasoning: str = "--reasoning-model"


@dataclass(frozen=True)
class OpenAIConfig:
    """Everything that builds the same provider again, in this process or a worker; picklable."""

    base_url: str
    model: str
    rubric: Rubric
    api_key: str
    reasoning: bool = False
    names: Names = Names()


def build(config: OpenAIConfig) -> OpenAIProvider:
    """The provider with the SDK prepared: what the wiring and each worker process call."""
    return OpenAIProvider(config, throttle=prepare_sdk())


class OpenAIProvider(EvaluatorProvider):
    def __init__(self, config: OpenAIConfig, *, throttle: ThrottleCounter | None = None) -> None:
        super().__init__(
            JudgeInfo(
                kind="openai",
                rubric=config.rubric,
                deployment=config.model,
                base_url=public_url(config.base_url).rstrip("/"),  # shown everywhere: no user:password@
                reasoning=config.reasoning,
                sdk_version=sdk_version(),
            ),
            secret=config.api_key,
            throttle=throttle,
        )
        self.config = config

    def recipe(self) -> Callable[[], Provider] | None:
        return partial(build, self.config)

    def identity(self) -> dict[str, object]:
        return {**super().identity(), "base_url": self.info.base_url, "model": self.config.model}

    def model_config(self) -> Any:
        from azure.ai.evaluation import OpenAIModelConfiguration

        # Without type='openai' the SDK fails with "'' is not a supported connection type".
        return OpenAIModelConfiguration(
            type="openai", model=self.config.model, api_key=self.config.api_key, base_url=self.config.base_url
        )

    def failure(self, exc: Exception) -> JudgeError:
        status, text = http_status(exc)
        problem = self._configuration(status, text.lower())
        if problem is None:
            return super().failure(exc)
        return JudgeError(one_line(problem), configuration=True, unavailable=True)

    def _configuration(self, status: int | None, text: str) -> str | None:
        """The one line that names the setting to change, for an answer no row could get past."""
        names, server, model = self.config.names, self.info.base_url, self.config.model
        if status in (401, 403):  # the server's own text is left out: OpenAI echoes part of the key
            return f"the judge server {server} refused the API key (HTTP {status}): set {names.api_key} to a key it accepts"
        if status == 404:
            return (
                f"the judge server {server} does not serve the model {model!r} (HTTP 404): set {names.model} to a "
                f"model it serves, or check {names.base_url} (OpenAI-compatible servers usually end in /v1)"
            )
        if status not in (400, 422) or any(word in text for word in TOO_LONG):
            return None  # a request too long for the model is this row's failure, whatever parameter it names
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

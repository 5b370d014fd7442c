"""GroundednessProEvaluator as a second opinion on flipped rows (preview in the SDK), through its public API.

A true/false verdict from the Azure AI Content Safety service rather than an LLM judge you configure:
independent of the main judge, which is what a second opinion needs. It needs an Azure AI project endpoint
and a credential (never an API key), and runs only in regions that offer the service-based evaluators. Its
label maps onto the bucket scale as 5 (grounded) or 1 (ungrounded). The SDK's evaluator is synchronous: the
engine runs it through ``asyncio.to_thread``, an evaluator a thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from groundgate.errors import one_line
from groundgate.judges import Failure, JudgeError, JudgeInfo, Judgement, JudgeRequest, Provider, Purpose, Score
from groundgate.judges import unavailable as down
from groundgate.judges.rubric import sdk_version

if TYPE_CHECKING:
    from azure.core.credentials import TokenCredential

PRO_MODEL = "groundedness-pro (Azure AI Content Safety)"


class ProProvider(Provider):
    """Needs a credential, never an API key: the settings refuse a run that would reach here without one."""

    def __init__(self, *, project: str, credential_factory: Callable[[], TokenCredential]) -> None:
        self._project = project
        self._factory = credential_factory
        self._credential: TokenCredential | None = None
        self._lock = threading.Lock()
        self._local = threading.local()
        self.info = JudgeInfo(
            kind="groundedness-pro", rubric="query", sdk_version=sdk_version(), fluency=False, claims=False
        )

    def identity(self) -> dict[str, object]:
        return {"kind": self.info.kind, "project": self._project, "sdk": self.info.sdk_version}

    def ready(self) -> None:
        import azure.ai.evaluation  # noqa: F401 - seconds to import: not part of any call's timeout

    def _evaluator(self) -> Any:
        evaluator = getattr(self._local, "evaluator", None)
        if evaluator is None:
            from azure.ai.evaluation import GroundednessProEvaluator

            with self._lock:
                if self._credential is None:
                    self._credential = self._factory()
            evaluator = GroundednessProEvaluator(self._credential, self._project)
            self._local.evaluator = evaluator
        return evaluator

    def score(self, request: JudgeRequest) -> Judgement:
        if request.purpose in (Purpose.FLUENCY, Purpose.CLAIMS):
            return JudgeError(f"groundedness-pro does not measure {request.purpose}")
        try:
            result = self._evaluator()(
                query=request.case.query or "", context=request.grounding, response=request.response
            )
        except Exception as exc:  # the service's failures are row failures
            message = one_line(f"{type(exc).__name__}: {getattr(exc, 'message', None) or exc}")
            return JudgeError(message, kind=Failure.UNAVAILABLE if down(exc) else Failure.ROW)
        label = result.get("groundedness_pro_label")
        if not isinstance(label, bool):
            return JudgeError(f"groundedness-pro gave no label ({label!r})")
        reason = str(result.get("groundedness_pro_reason") or "")
        return Score(5.0 if label else 1.0, reason, PRO_MODEL)

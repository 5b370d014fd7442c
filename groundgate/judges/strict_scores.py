"""Only real numbers are scores: a judge's JSON boolean must not become 1.0.

azure-ai-evaluation parses the judge's JSON and then calls ``float(score)``, so ``"score": true``
comes back as 1.0, the lowest bucket: an answer the judge never scored would read as a confirmed
hallucination (and ``false`` as 0.0). The result itself no longer shows the boolean, so this wraps the
SDK's parser (``PromptyEvaluationStrategy.parse``, an internal) to hand the raw value through, which
``checked_verdict`` then refuses. ``tests/integration/test_azure_judge.py`` pins the internal: an SDK
upgrade that changes it fails the suite instead of silently scoring booleans again.
"""

from __future__ import annotations

import json
from typing import Any

from groundgate.judges.once import once


def _raw_score(output: Any) -> Any:
    """The 'score' the judge wrote, before the SDK converted it; None when there is none."""
    answer = output.get("llm_output") if isinstance(output, dict) else None
    if isinstance(answer, str):
        try:
            answer = json.loads(answer)
        except (ValueError, RecursionError):
            return None
    return answer.get("score") if isinstance(answer, dict) else None


@once
def refuse_boolean_scores() -> bool:
    """Install the wrapper (once per process); True if the SDK's parser was found."""
    try:
        from azure.ai.evaluation._evaluators._common._prompty_strategy import PromptyEvaluationStrategy
    except ImportError:  # pragma: no cover - another SDK layout: the pinning test fails first
        return False
    original = PromptyEvaluationStrategy.parse

    def parse(self: Any, output: Any) -> Any:
        result = original(self, output)
        raw = _raw_score(output)
        if isinstance(raw, bool) and isinstance(result, dict) and self.result_key in result:
            result[self.result_key] = raw  # checked_verdict: "judge gave no score (True)"
        return result

    PromptyEvaluationStrategy.parse = parse  # type: ignore[method-assign]
    return True

"""The foundry judge: Foundry's catalog evaluators (``builtin.groundedness``, ``builtin.fluency``), pinned by
version, run on a project's model deployment through its OpenAI-compatible evals API.

``service`` holds every call to the project; ``grading`` what is asked and how answers are read (pure);
``judge`` the runs (a batch of rows in, a judgement per row out); ``provider`` the engine's ``Provider``, which
takes batches. Nothing here is imported until a run chooses this judge.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from groundgate.judges.foundry.judge import FoundryConfig, FoundryJudge

if TYPE_CHECKING:
    from azure.core.credentials import TokenCredential

    from groundgate.judges import Provider


def build(config: FoundryConfig, credential: Callable[[], TokenCredential]) -> Provider:
    """The judge as the wiring builds it: the project reached with azure-ai-projects, signed in keyless
    (``credential``: a factory, nothing signs in until the first request needs a token)."""
    from groundgate.judges.foundry.provider import FoundryProvider
    from groundgate.judges.foundry.service import Service

    return FoundryProvider(FoundryJudge(config, lambda: Service.connect(config.endpoint, credential())))

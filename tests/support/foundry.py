"""The real foundry judge (azure-ai-projects' AIProjectClient and the OpenAI client it gives) pointed at the
fake Foundry project, trusting its certificate through the clients' own transport settings."""

from __future__ import annotations

import ssl
from typing import Any

from groundgate.cases import Rubric
from groundgate.evaluators import Versions
from groundgate.judges.foundry.judge import FoundryConfig, FoundryJudge
from groundgate.judges.foundry.provider import FoundryProvider
from groundgate.judges.foundry.service import TIMEOUT, Service
from groundgate.judges.runner import Runner
from tests.support.fakes.foundry import FakeFoundry, token_credential

CALL_TIMEOUT = 120.0  # seconds: far beyond any run a test makes, far below pytest-timeout's 300
QUICK = {"poll": (0.01, 0.05), "backoff": 0.01}  # a test waits for the fake, not for a real service


def connect(fake: FakeFoundry, credential: Any = None, endpoint: str | None = None) -> Service:
    """The project's two clients as ``Service.connect`` makes them, trusting the fake's certificate."""
    from azure.ai.projects import AIProjectClient
    from openai import DefaultHttpxClient

    trust = ssl.create_default_context(cafile=str(fake.cert))
    project = AIProjectClient(
        endpoint=endpoint or fake.endpoint,
        credential=credential or token_credential(),
        retry_total=0,
        connection_verify=str(fake.cert),
    )
    client = project.get_openai_client(max_retries=0, timeout=TIMEOUT, http_client=DefaultHttpxClient(verify=trust))
    return Service(project, client)


def foundry_judge(
    fake: FakeFoundry,
    *,
    versions: str = "4",
    deployment: str = "judge-4o",
    rubric: Rubric = "query",
    endpoint: str | None = None,
    credential: Any = None,
    **config: Any,
) -> FoundryJudge:
    settings = {**QUICK, **config}
    made = FoundryConfig(endpoint or fake.endpoint, deployment, rubric, Versions.parse(versions), **settings)
    return FoundryJudge(made, lambda: connect(fake, credential, made.endpoint))


def foundry_runner(fake: FakeFoundry, *, max_concurrency: int = 8, runner: dict[str, Any] | None = None, **judge: Any) -> Runner:  # fmt: skip
    """The foundry judge inside the real runner, as the wiring builds it."""
    options = {"call_timeout": CALL_TIMEOUT, **(runner or {})}
    return Runner(FoundryProvider(foundry_judge(fake, **judge)), max_concurrency=max_concurrency, **options)

"""The job itself, shared by the CLI and the action: load, judge, compare, write.

Clients (the judge, later GitHub) are built by the caller and handed in; nothing here reads the
environment, so tests drive it with clients pointed at local servers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from groundgate import compare
from groundgate.cases import Inputs, load_inputs
from groundgate.judges import Judge
from groundgate.results import Results
from groundgate.settings import Settings

if TYPE_CHECKING:
    from azure.core.credentials import TokenCredential


def load(settings: Settings) -> Inputs:
    return load_inputs(settings.cases, settings.baseline, settings.candidate, settings.rubric)


def build_judge(settings: Settings, api_key: str | None, credential: TokenCredential | None = None) -> Judge:
    """The judge the settings name. Without a key or a credential the Azure judge signs in with
    ``DefaultAzureCredential`` (environment, workload identity, managed identity, Azure CLI)."""
    if settings.judge == "figures":
        from groundgate.judges.figures import FiguresJudge

        return FiguresJudge(settings.rubric)
    from groundgate.judges.azure import AzureJudge

    if not api_key and credential is None and settings.azure_endpoint and settings.judge_deployment:
        from azure.identity import DefaultAzureCredential

        credential = DefaultAzureCredential()
    return AzureJudge(
        endpoint=settings.azure_endpoint,
        deployment=settings.judge_deployment,
        rubric=settings.rubric,
        api_version=settings.api_version,
        reasoning=settings.reasoning_model,
        api_key=api_key,
        credential=credential,
        max_concurrency=settings.max_concurrency,
    )


def run(settings: Settings, inputs: Inputs, judge: Judge) -> Results:
    results = compare.run(inputs, judge, settings.blocking_categories)
    if settings.results:
        results.write(settings.results)
    return results

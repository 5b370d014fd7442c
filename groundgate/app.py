"""The job itself, shared by the CLI and the action: load, judge, compare, write.

Clients (the judge, later GitHub) are built by the caller and handed in; nothing here reads the
environment, so tests drive it with clients pointed at local servers.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from groundgate import compare
from groundgate.cache import ScoreCache
from groundgate.cases import Inputs, load_inputs
from groundgate.errors import Interrupted, UsageError
from groundgate.judges import Judge, Progress
from groundgate.results import Results
from groundgate.settings import Settings

if TYPE_CHECKING:
    from azure.core.credentials import TokenCredential


def load(settings: Settings) -> Inputs:
    return load_inputs(settings.cases, settings.baseline, settings.candidate, settings.rubric)


def build_judge(
    settings: Settings, api_key: str | None, credential_factory: Callable[[], TokenCredential] | None = None
) -> Judge:
    """The judge the settings name. Without a key or a credential the Azure judge signs in with
    ``DefaultAzureCredential`` (environment, workload identity, managed identity, Azure CLI)."""
    if settings.judge == "figures":
        from groundgate.judges.figures import FiguresJudge

        return FiguresJudge(settings.rubric)
    from groundgate.judges.azure import AzureJudge

    if not api_key and credential_factory is None and settings.azure_endpoint and settings.judge_deployment:
        from azure.identity import DefaultAzureCredential

        credential_factory = DefaultAzureCredential
    return AzureJudge(
        endpoint=settings.azure_endpoint,
        deployment=settings.judge_deployment,
        rubric=settings.rubric,
        api_version=settings.api_version,
        reasoning=settings.reasoning_model,
        api_key=api_key,
        credential_factory=credential_factory,
        max_concurrency=settings.max_concurrency,
        max_rpm=settings.max_rpm,
    )


def build_second(
    settings: Settings, api_key: str | None, credential_factory: Callable[[], TokenCredential] | None = None
) -> Judge | str | None:
    """Who re-scores newly ungrounded rows: 'same' judge, None (nobody), or an independent judge."""
    choice = settings.second_opinion
    if choice == "same":
        return "same"
    if choice == "none":
        return None
    if not api_key and credential_factory is None:
        from azure.identity import DefaultAzureCredential

        credential_factory = DefaultAzureCredential
    if choice == "groundedness-pro":
        from groundgate.judges.pro import ProJudge

        return ProJudge(project=settings.azure_ai_project, credential_factory=credential_factory)
    deployment = choice.removeprefix("deployment:")
    if settings.judge != "azure":
        raise UsageError("a deployment: second opinion needs the azure judge")
    return build_judge(settings.model_copy(update={"judge_deployment": deployment}), api_key, credential_factory)


def options(settings: Settings) -> compare.Options:
    return compare.Options(
        blocking=settings.blocking_categories,
        second_opinion=settings.second_opinion,
        rescore_baseline=settings.rescore_baseline,
        min_cases_to_block=settings.min_cases_to_block,
        shard=settings.shard,
    )


def run(
    settings: Settings,
    inputs: Inputs,
    judge: Judge,
    progress: Progress | None = None,
    warn: Callable[[str], None] | None = None,
    second: Judge | str | None = "same",
) -> Results:
    """Judge and compare; the score cache is saved even when the run is cut short."""
    cache = ScoreCache(settings.cache) if settings.cache else None
    if cache is not None and cache.problem and warn:
        warn(cache.problem)
    deadline = time.monotonic() + settings.deadline if settings.deadline else None
    for each in (judge, second):
        if isinstance(each, Judge):
            each.progress = progress
            each.call_timeout = settings.call_timeout
            each.deadline = deadline
    judge.cache = cache
    stopped: KeyboardInterrupt | None = None
    try:
        results = compare.run(inputs, judge, options(settings), second=second)
    except KeyboardInterrupt as exc:  # SIGINT, or SIGTERM as a cancelled workflow sends it
        stopped = exc
    finally:
        judge.close()
        if isinstance(second, Judge):
            second.close()
        if cache is not None:
            cache.save()
    if stopped is not None:
        name = str(stopped) if str(stopped).startswith("SIG") else "SIGINT"  # Ctrl-C carries no name
        saved = f"; {len(cache)} scores are in the cache {settings.cache}" if cache is not None else ""
        raise Interrupted(
            f"interrupted by {name} after {judge.calls.total} judge calls{saved}: the run did not finish, so there is no verdict",
            name,
        ) from None
    if settings.results:
        results.write(settings.results)
    return results

"""The one place that builds real clients from the settings: judges (a provider inside a runner),
credentials, the score cache and GitHub. ``entrypoint.py`` and ``cli`` call it; nothing else
constructs a client, so tests hand in clients pointed at local servers instead. Nothing below the
entry points imports it; constructors themselves have no side effects.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from groundgate import gitindex
from groundgate.app import Judges
from groundgate.cache import PUBLIC, ScoreCache, derive_secret
from groundgate.errors import CannotSignIn, GroundgateError
from groundgate.evidence import Rescorer
from groundgate.judges import JudgeInfo, Progress, Provider
from groundgate.judges.limits import Budget, Deadline
from groundgate.judges.runner import Runner
from groundgate.redact import Redactor, placeholder
from groundgate.settings import FORK_RECIPE, Settings

if TYPE_CHECKING:
    from azure.core.credentials import TokenCredential

    from groundgate.github.publisher import Publisher

OIDC_AUDIENCE = "api://AzureADTokenExchange"
PRO_CONCURRENCY = 4  # the Content Safety service's evaluations are slow and rate-limited
CONCURRENCY = 16  # a hosted judge's calls in flight when max-concurrency is not set: its quota's pace spares it
RUNS = 4  # a judge's runs in flight when max-concurrency is not set, for a service that judges rows in runs

CredentialFactory = Callable[[], "TokenCredential"]


def credential(settings: Settings) -> CredentialFactory:
    """How the Azure judge signs in when there is no API key: keyless from the workflow's OIDC token
    (azure-client-id and azure-tenant-id), else ``DefaultAzureCredential`` (environment, workload
    identity, managed identity, Azure CLI). A factory: nothing signs in until the first call needs it."""
    if settings.azure_client_id and settings.azure_tenant_id:
        from azure.identity import ClientAssertionCredential

        from groundgate.github.oidc import github_oidc_token

        run = settings.github
        if run is None or not run.oidc_url or run.oidc_token is None:
            raise GroundgateError(
                "azure-client-id and azure-tenant-id need the workflow's OIDC token: add 'permissions: id-token: write' to the job"
            )
        return partial(
            ClientAssertionCredential,
            tenant_id=settings.azure_tenant_id,
            client_id=settings.azure_client_id,
            func=partial(github_oidc_token, run.oidc_url, run.oidc_token.get_secret_value(), OIDC_AUDIENCE),
        )
    from azure.identity import DefaultAzureCredential

    return DefaultAzureCredential


def refuse_fork_without_credentials(settings: Settings) -> None:
    """A fork's pull_request run has no secrets and no OIDC token, whatever the workflow asks for, so
    no permission fixes it; say what does, before any sign-in error could suggest 'id-token: write'."""
    run = settings.github
    if (
        run is not None
        and run.from_fork
        and settings.judge in ("azure", "foundry")
        and settings.azure_api_key is None
        and run.oidc_token is None
    ):
        raise CannotSignIn(
            "this pull request comes from a fork: GitHub gives a fork's pull_request run no secrets and no OIDC "
            "token, so the Azure judge cannot sign in here, whatever permissions the workflow sets. Judge fork pull "
            f"requests from a trusted workflow_run workflow instead: see {FORK_RECIPE}"
        )


def provider(settings: Settings, deployment: str | None = None, sign_in: CredentialFactory | None = None) -> Provider:
    """The judge the settings name (``deployment`` names an Azure deployment instead, for a second opinion)."""
    if settings.judge == "figures" and deployment is None:
        from groundgate.judges.figures_judge import FiguresProvider

        return FiguresProvider(settings.rubric)
    if settings.judge == "foundry" and deployment is None:
        return foundry_provider(settings, sign_in or credential(settings))
    if settings.judge == "openai" and deployment is None:
        assert settings.judge_model  # the settings refuse an openai judge without a model
        return openai_provider(settings, settings.judge_model, "judge_model")
    from groundgate.judges import azure

    deployment = deployment or settings.judge_deployment
    assert settings.azure_endpoint  # the settings refuse an azure judge without an endpoint and a deployment
    assert deployment
    key = settings.azure_api_key.get_secret_value() if settings.azure_api_key else None
    return azure.AzureProvider(
        azure.AzureConfig(
            endpoint=settings.azure_endpoint,
            deployment=deployment,
            rubric=settings.rubric,
            api_version=settings.api_version,
            reasoning=settings.reasoning_model,
            api_key=key,
            credential_factory=None if key else (sign_in or credential(settings)),
        )
    )


def foundry_provider(settings: Settings, sign_in: CredentialFactory) -> Provider:
    """Foundry's catalog evaluators in the settings' project, signed in keyless as the Azure judge signs in."""
    from groundgate.evaluators import Versions
    from groundgate.judges import foundry
    from groundgate.judges.foundry.judge import FoundryConfig, Names

    assert settings.azure_ai_project  # the settings refuse a foundry judge without any of the three
    assert settings.judge_deployment
    assert settings.evaluator_version
    config = FoundryConfig(
        endpoint=settings.azure_ai_project,
        deployment=settings.judge_deployment,
        rubric=settings.rubric,
        versions=Versions.parse(settings.evaluator_version),
        names=Names(*(settings.spelled(f) for f in ("azure_ai_project", "judge_deployment", "evaluator_version"))),
    )
    return foundry.build(config, sign_in)


def openai_provider(settings: Settings, model: str, model_setting: str) -> Provider:
    """An OpenAI-compatible judge of ``model`` at the settings' base URL; its errors name the settings
    as the user spelled them (``model_setting`` is the one that chose the model)."""
    from groundgate.judges import openai

    assert settings.openai_api_key or settings.dry_run  # the settings refuse a judge that will be called without one
    return openai.OpenAIProvider(
        openai.OpenAIConfig(
            base_url=settings.openai_base_url,
            model=model,
            rubric=settings.rubric,
            api_key=settings.openai_api_key.get_secret_value() if settings.openai_api_key else "",
            reasoning=settings.reasoning_model,
            names=openai.Names(
                model=settings.spelled(model_setting),
                api_key=settings.spelled("openai_api_key"),
                base_url=settings.spelled("openai_base_url"),
                reasoning=settings.spelled("reasoning_model"),
            ),
        )
    )


def judges(
    settings: Settings,
    progress: Progress | None = None,
    cache: ScoreCache | None = None,
) -> Judges:
    """The judge (with the cache, limits and progress) and whoever re-scores its flips."""
    refuse_fork_without_credentials(settings)
    choice = settings.second_opinion
    uses_azure = (
        settings.judge in ("azure", "foundry") or choice == "groundedness-pro" or choice.startswith("deployment:")
    )
    sign_in = credential(settings) if uses_azure and not settings.azure_api_key else None
    deadline = Deadline(settings.deadline) if settings.deadline else None

    redact = Redactor(settings.secret_values())
    first = provider(settings, sign_in=sign_in)
    budget = Budget(  # one budget for the judge and its second opinion
        settings.max_calls,
        settings.max_tokens,
        first.estimate(),
        (settings.spelled("max_calls"), settings.spelled("max_tokens")),
    )

    def runner(provider: Provider, concurrency: int | None, **extra: object) -> Runner:
        return Runner(
            provider,
            max_concurrency=concurrency or window(provider),
            progress=progress,
            call_timeout=settings.call_timeout,
            deadline=deadline,
            redact=redact,
            max_consecutive_failures=settings.max_consecutive_failures,
            budget=budget,
            share=1 / settings.shard[1] if settings.shard else 1.0,  # shards of a matrix share one deployment
            slot=(settings.shard[0] - 1, settings.shard[1]) if settings.shard else None,  # and take their starts apart
            **extra,  # type: ignore[arg-type]
        )

    quota = {"max_rpm": settings.max_rpm, "max_tpm": settings.max_tpm}
    main = runner(first, settings.max_concurrency, cache=cache, **quota)
    if choice in ("same", "none"):
        return Judges(main, Rescorer(choice))
    if choice == "groundedness-pro":
        from groundgate.judges.pro import ProProvider

        assert settings.azure_ai_project  # the settings refuse groundedness-pro without a project
        pro = ProProvider(project=settings.azure_ai_project, credential_factory=sign_in or credential(settings))
        basis = "another service (Azure AI Content Safety's groundedness evaluation)"
        return Judges(main, Rescorer(choice, runner(pro, PRO_CONCURRENCY), basis))
    if choice == "foundry":
        second = foundry_provider(settings, sign_in or credential(settings))
    elif choice.startswith("openai:"):
        second = openai_provider(settings, choice.removeprefix("openai:"), "second_opinion")
    else:
        second = provider(settings, deployment=choice.removeprefix("deployment:"), sign_in=sign_in)
    basis, shared, same = independence(first.info, second.info)
    rescorer = Rescorer(choice, runner(second, settings.max_concurrency, **quota), basis, shared, same)
    return Judges(main, rescorer)


def window(provider: Provider) -> int:
    """Calls in flight when max-concurrency is not set: a self-hosted server (an OpenAI-compatible one other than
    OpenAI's own) gets one, since only its owner knows its parallel slots; a service that judges rows in runs
    (Foundry's: a call is a run of up to ``batch`` rows), ``RUNS``; any other hosted judge, ``CONCURRENCY``."""
    if provider.batch > 1:
        return RUNS
    return CONCURRENCY if provider.hosted else 1


def independence(first: JudgeInfo, second: JudgeInfo) -> tuple[str, str | None, str | None]:
    """What a second opinion's independence from the judge rests on, in words; the server the two share when
    the second is only another model name at the judge's own OpenAI-compatible server (which may answer any
    name with one model: it is the same judge on a row until it answers differently there); and why it is the
    judge again whatever it answers, when the settings already say so: Foundry's ``builtin.groundedness`` is the
    local SDK's groundedness rubric, so run on the judge's own deployment (an Azure judge's and a Foundry second
    opinion's, or the other way round) it is the same model and rubric under another name. On any other
    deployment it is another judge only where it reports another model (``evidence.same_model``, per row)."""
    if first.kind == "openai" and second.kind == "openai" and first.base_url == second.base_url:
        return (
            f"nothing but answers that differ from the judge's: it is served at the judge's own server "
            f"({second.base_url}), which may answer any model name with one model",
            second.base_url,
            None,
        )
    if {first.kind, second.kind} == {"azure", "foundry"} and _named(first.deployment) == _named(second.deployment):
        same = f"runs on the judge's own deployment ({second.deployment}), the same model and rubric"
        return f"nothing: it {same} (Foundry's builtin.groundedness is the SDK's groundedness rubric)", None, same
    if first.kind == "azure" and second.kind == "azure" and first.endpoint == second.endpoint:
        return (
            f"another deployment ({second.deployment}) at the judge's endpoint, where it reports another model",
            None,
            None,
        )
    if second.kind == "foundry":
        return (
            f"another deployment ({second.deployment}) in the Foundry project {second.endpoint}, where it reports "
            "another model",
            None,
            None,
        )
    where = second.base_url or second.endpoint or "its own service"
    return f"another endpoint ({where})", None, None


def _named(deployment: str | None) -> str:
    return (deployment or "").strip().casefold()


def cache_secret(settings: Settings) -> bytes | None:
    """A key for the cache's entries from a secret the pull request's author does not hold: the cache
    secret, else the key the judge itself authenticates with; never a placeholder (``unused``, ``EMPTY``,
    anything shorter than 8 characters: ``redact.placeholder``), which anyone could sign with."""
    judge_key = {"azure": settings.azure_api_key, "openai": settings.openai_api_key}.get(settings.judge)
    for material in (settings.cache_secret, judge_key):
        if material is not None and not placeholder(material.get_secret_value()):
            return derive_secret(material.get_secret_value(), "entries")
    return None


def cache(settings: Settings, write: bool = True) -> ScoreCache | None:
    """The score cache. Its entries verify only with a secret the pull request's author does not hold;
    without one they are signed with a key anyone can compute, so a file git tracks (a pull request
    may have committed it) is neither used nor written. The figures judge scores for free, so it never
    uses entries it did not write in this run. ``write`` False: read only (a dry run)."""
    if not settings.cache:
        return None
    path = settings.path(settings.cache)
    secret = cache_secret(settings)
    distrust = None
    if secret is None and (known := gitindex.tracked(path)) is not False:
        where = "is tracked in git" if known else "may be tracked in git (its checkout's index cannot be read)"
        distrust, write = (
            f"score cache {settings.cache} {where} and no secret authenticates its entries (set "
            f"{settings.spelled('cache_secret')}; the judge's API key is missing or a placeholder): a pull request "
            "could have written it, so it is left untouched",
            False,
        )
    elif settings.judge == "figures":
        distrust = (
            f"score cache {settings.cache}: the figures judge scores here at no cost and never trusts a cache it "
            "did not write in this run"
        )
    return ScoreCache(path, secret or PUBLIC, distrust=distrust, write=write)


def publisher(settings: Settings) -> Publisher | None:
    """GitHub, when the run has a token and a repository to publish to."""
    run = settings.github
    if settings.github_token is None or run is None or not run.repository:
        return None
    token = settings.github_token.get_secret_value()
    pace = (run.request_interval, run.write_interval)
    return github(token, run.api_url, run.repository, run.github_wait, pace=pace)


def github(
    token: str, api_url: str, repository: str, wait: float | None = None, *, pace: tuple[float, float] = (0.25, 1.0)
) -> Publisher:
    """GitHub for one repository; ``wait``: the seconds it may spend waiting on rate limits in all (a
    person running ``groundgate labels`` can wait longer than a required check); ``pace``: seconds between
    requests and between writes."""
    from groundgate.github.client import MAX_WAIT, WaitBudget, client
    from groundgate.github.publisher import Publisher

    budget = WaitBudget(MAX_WAIT if wait is None else wait)
    client_of = client(token, api_url, budget=budget, pace=pace)
    return Publisher(client_of, repository, budget)

"""One typed settings object per run, built and validated here from CLI flags or workflow inputs.

Both entry points call one builder (``from_flags``, ``from_action``), and one function (``_build``)
turns any validation failure into a message that names the flag, the environment variable or the
input the user actually wrote. Nothing below the entry points reads the environment: what the
runner provides (the event, the workspace, the OIDC endpoint) arrives here as ``GitHubRun``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)

from groundgate.cases import normalize_category
from groundgate.errors import UsageError
from groundgate.evaluators import Versions
from groundgate.event import NO_COMMIT, GitHubRun
from groundgate.files import link_on_path, refusing
from groundgate.redact import placeholder, url_credentials
from groundgate.rules import FailOn, Tripwire
from groundgate.signing import RecordKey

DEFAULT_BLOCKING = frozenset({"policy", "pricing", "safety"})
OUT_DIR = ".groundgate"  # where the action writes results.json and report.md, inside the workspace
DEFAULT_CHECK_NAME = "groundgate / verdict"  # not a job name: the job's own status check never shares it
FORK_RECIPE = "examples/fork-prs/ and docs/action.md#pull-requests-from-forks"

# Every input of action.yml, in its order; a test keeps action.yml, this and the README in agreement.
COMPARE_INPUTS = (
    "cases", "baseline", "candidate", "blocking-categories", "judge", "azure-endpoint", "judge-deployment",
    "api-version", "reasoning-model", "rubric", "max-concurrency", "max-rpm", "max-tpm", "cache-path", "shard",
    "second-opinion", "azure-ai-project", "rescore-baseline", "min-cases-to-block", "model-under-test",
    "allow-self-judging", "call-timeout", "deadline", "judge-model", "openai-base-url", "max-consecutive-failures",
    "noise-sample", "mode", "max-calls", "max-tokens", "price-per-million-tokens", "tripwire", "claims",
    "evaluator-version",
)  # fmt: skip
ACTION_ONLY_INPUTS = (
    "azure-api-key", "azure-client-id", "azure-tenant-id", "openai-api-key", "cache-secret", "github-token", "comment",
    "check-run", "check-name", "fail-on",
    "merge-results", "selftest", "adjudicators", "allow-author-adjudication", "record-key",
)  # fmt: skip
INPUTS = COMPARE_INPUTS + ACTION_ONLY_INPUTS
FIELDS = {name: name.replace("-", "_") for name in INPUTS} | {"cache-path": "cache"}
ACTION_FIELDS = frozenset(FIELDS[name] for name in ACTION_ONLY_INPUTS)
OUTPUTS = (
    "verdict", "blocking-regressions", "regressions", "new-non-answers", "unstable", "errors", "unsupported-figures",
    "accepted", "results-path", "report-path",
)  # fmt: skip

SECRET_VARIABLES = ("AZURE_OPENAI_API_KEY", "OPENAI_API_KEY", "GROUNDGATE_CACHE_SECRET")  # from the environment only
# What azure-identity's DefaultAzureCredential signs in with from the environment (a service principal's secret
# or certificate password, a user's password, App Service's managed identity secret): groundgate never reads
# them, but they sit in the run's environment, so no text it writes may carry them.
IDENTITY_VARIABLES = (
    "AZURE_CLIENT_SECRET", "AZURE_CLIENT_CERTIFICATE_PASSWORD", "AZURE_PASSWORD", "IDENTITY_HEADER", "MSI_SECRET",
)  # fmt: skip

# CLI flags that fall back to an environment variable; the API key is never a flag.
ENVIRONMENT = {
    "azure_endpoint": "AZURE_OPENAI_ENDPOINT",
    "judge_deployment": "AZURE_OPENAI_DEPLOYMENT",
    "api_version": "AZURE_OPENAI_API_VERSION",
    "azure_ai_project": "AZURE_AI_PROJECT",
    "azure_api_key": "AZURE_OPENAI_API_KEY",
    "openai_base_url": "OPENAI_BASE_URL",
    "openai_api_key": "OPENAI_API_KEY",
    "cache_secret": "GROUNDGATE_CACHE_SECRET",
}
SECRETS = frozenset({"azure_api_key", "openai_api_key", "cache_secret"})  # read only from the environment, never a flag
OPENAI_BASE_URL = "https://api.openai.com/v1"
URL_INPUTS = ("openai-base-url", "azure-endpoint", "azure-ai-project")  # may carry credentials (user:pass@)
BASE_URL = r"https?://[^\s/]+(/\S*)?"
BASE_URL_HINT = "give the server's base URL, http(s)://host[:port]/v1 for most OpenAI-compatible servers"
# A model as its server names it, whatever the server: gpt-4o, meta-llama/Llama-3.1-8B-Instruct (vLLM), llama3.1:8b
# (Ollama), /models/gemma-3-270m-q4_k_m.gguf (llama.cpp, the file it loaded). Only control characters are refused.
MODEL_ID = r"[^\x00-\x1f\x7f-\x9f]+"


class Settings(BaseModel):
    """Everything one run needs. Input paths are kept as the user wrote them, relative to ``root``
    (the workspace in the action), so every message and link names them the way the repository does."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    root: Path = Path()
    # what to compare
    cases: Path | None = None
    baseline: Path | None = None
    candidate: Path | None = None
    # the judge
    judge: Literal["azure", "openai", "figures", "foundry"] = "azure"
    rubric: Literal["query", "no-query"] = "query"
    azure_endpoint: str | None = None
    judge_deployment: str | None = None
    api_version: str | None = None
    reasoning_model: bool = False
    azure_api_key: SecretStr | None = None
    azure_client_id: str | None = None  # keyless sign-in from the workflow's OIDC token
    azure_tenant_id: str | None = None
    judge_model: str | None = None  # an OpenAI-compatible judge's model
    openai_base_url: str = OPENAI_BASE_URL
    openai_api_key: SecretStr | None = None
    max_concurrency: int | None = Field(default=None, ge=1, le=256)  # None: 16, 1 on a self-hosted server
    max_rpm: float | None = Field(default=None, ge=1)  # below one a minute, a run never ends
    max_tpm: float | None = Field(default=None, ge=100)  # the judge's tokens a minute (a quota shared with other jobs)
    call_timeout: float = Field(default=300, gt=0)  # seconds for one judge call, the SDK's retries included
    deadline: float | None = Field(default=None, gt=0)  # seconds for all the judging of a run
    max_consecutive_failures: int = Field(default=10, ge=0)  # the circuit breaker; 0: never stop calling
    noise_sample: int = Field(default=0, ge=0, le=100_000)  # unchanged rows re-scored to measure the judge's noise
    # frozen: every answer judged against the case's recorded context; end-to-end: also against the context a
    # response record carries, shown beside the verdict (which the recorded context always decides)
    mode: Literal["frozen", "end-to-end"] = "frozen"
    max_calls: int | None = Field(default=None, ge=1)  # the run's budget of judge calls
    max_tokens: int | None = Field(default=None, ge=1)  # the run's budget of tokens (estimated, then as reported)
    price_per_million_tokens: tuple[float, float] | None = None  # (prompt, answer): a cost line in the results
    # warn: a row the judge did not flag whose candidate newly states a figure the context never states is a row to
    # read; block: it blocks in a blocking category too
    tripwire: Tripwire = "warn"
    claims: bool = True  # split the answers of rows to read into claims (one more judge call each)
    cache: Path | None = None
    cache_secret: SecretStr | None = None  # authenticates cache entries when there is no API key
    shard: tuple[int, int] | None = None
    # the rules
    blocking_categories: frozenset[str] = DEFAULT_BLOCKING
    second_opinion: str = Field(
        default="same", pattern=rf"^(none|same|groundedness-pro|foundry|deployment:[A-Za-z0-9._-]+|openai:{MODEL_ID})$"
    )
    azure_ai_project: str | None = None  # the Foundry project: the foundry judge's, and groundedness-pro's
    # the foundry judge's catalog evaluators: '4', 'groundedness=4,fluency=3', or 'latest' (resolved and recorded)
    evaluator_version: str | None = None
    rescore_baseline: bool = False
    min_cases_to_block: int = Field(default=0, ge=0)
    model_under_test: str | None = None
    allow_self_judging: bool = False
    # where the results go
    results: Path | None = None
    keep_texts: bool = False  # every row's texts in the results, not only the rows a person must read
    report: Path | None = None
    # the action
    github_token: SecretStr | None = None
    record_key: SecretStr | None = None  # signs and verifies the verdict's records (``signing``): default-branch jobs
    comment: bool = True
    check_run: bool = True
    check_name: str = DEFAULT_CHECK_NAME
    fail_on: FailOn = "blocking"
    merge_results: str | None = None  # glob(s) of shard results: merge and publish instead of judging
    selftest: bool = False  # judge the planted suite (groundgate.selftest) instead of the cases: no files needed
    dry_run: bool = False  # the plan and its forecast only (compare --dry-run): nothing is called
    adjudicators: Literal["write", "maintain", "admin"] = "write"  # the least permission of people who adjudicate
    allow_author_adjudication: bool = False  # the pull request's author may adjudicate its rows
    github: GitHubRun | None = None
    identity_secrets: tuple[SecretStr, ...] = ()  # IDENTITY_VARIABLES' values, taken out of every text written
    _spell: Callable[[str], str] | None = PrivateAttr(default=None)

    def spelled(self, field: str) -> str:
        """A setting as the user spells it (a flag, a variable or an input): for messages found later."""
        return self._spell(field) if self._spell is not None else field

    @property
    def merging(self) -> bool:
        return bool(self.merge_results)

    @property
    def adjudicating(self) -> bool:
        """A re-presenting run (a comment, or a re-run of the check run asked for from the Checks tab): it
        applies people's commands to a kept verdict and judges nothing."""
        return self.github is not None and self.github.event_name in ("issue_comment", "check_run")

    def secret_values(self) -> list[str]:
        """Every secret this run holds: to keep out of every text it writes or posts."""
        held = [
            self.azure_api_key,
            self.openai_api_key,
            self.cache_secret,
            self.github_token,
            self.record_key,
            self.github.oidc_token if self.github else None,
            *self.identity_secrets,
        ]
        urls = (self.openai_base_url, self.azure_endpoint, self.azure_ai_project)
        found = [value.get_secret_value() for value in held if value is not None]
        return found + [part for url in urls for part in url_credentials(url)]

    def path(self, value: Path) -> Path:
        """Where a path as the user wrote it is on disk."""
        return self.root / value

    @model_validator(mode="after")
    def _consistent(self) -> Settings:
        if self.record_key is not None and self.github is not None and self.github.repository_id is None:
            raise ValueError(
                "record_key: a signed record names the repository it was sealed in by its numeric id, and this run "
                "does not know it: the runner sets GITHUB_REPOSITORY_ID (GitHub Enterprise Server before 3.7 does not: "
                "set it in the job's env)"
            )
        if self.merging or self.adjudicating:
            return self
        for name in () if self.selftest else ("cases", "baseline", "candidate"):
            if getattr(self, name) is None:
                raise ValueError(f"{name}: is required: the path of the {name} JSONL file in the repository")
        if self.judge == "azure":
            if not self.azure_endpoint:
                raise ValueError("azure_endpoint: the azure judge needs an endpoint: set {azure_endpoint}")
            if not self.judge_deployment:
                raise ValueError("judge_deployment: the azure judge needs a deployment: set {judge_deployment}")
        if self.judge == "foundry":
            if not self.azure_ai_project:
                raise ValueError(
                    "azure_ai_project: the foundry judge needs the Foundry project endpoint "
                    "(https://<account>.services.ai.azure.com/api/projects/<project>): set {azure_ai_project}"
                )
            if not self.judge_deployment:
                raise ValueError(
                    "judge_deployment: the foundry judge needs the project's model deployment its evaluators run "
                    "on: set {judge_deployment}"
                )
            if not self.evaluator_version:
                raise ValueError(
                    "evaluator_version: a Foundry evaluator runs its latest version unless one is pinned, so verdicts "
                    "could change without a commit: set {evaluator_version} to the catalog version to pin, or to "
                    "'latest' to take the newest and record it"
                )
            if self.azure_api_key and not (self.azure_client_id and self.azure_tenant_id):
                raise ValueError(
                    "judge: the foundry judge signs in with an Azure credential, and an API key does not work: sign in "
                    "keyless ({azure_client_id}, {azure_tenant_id}) or unset {azure_api_key}"
                )
        if self.judge == "openai" and not self.judge_model:
            raise ValueError("judge_model: the openai judge needs a model: set {judge_model}")
        calls = not self.dry_run  # a dry run calls nothing, so it needs no key
        if calls and (self.judge == "openai" or self.second_opinion.startswith("openai:")) and not self.openai_api_key:
            raise ValueError(
                "openai_api_key: an OpenAI-compatible judge needs an API key: set {openai_api_key} "
                "(any value for a server that checks none)"
            )
        judge, what = (self.judge_model, "model") if self.judge == "openai" else (self.judge_deployment, "deployment")
        if (
            self.model_under_test
            and self.judge != "figures"
            and self.model_under_test.strip().casefold() == (judge or "").strip().casefold()
            and not self.allow_self_judging
        ):
            raise ValueError(
                f"model_under_test: the judge {what} {judge!r} is the model under test; it would be grading "
                f"itself. Use another judge {what}, or pass {{allow_self_judging}} if you really mean it"
            )
        second = self.second_opinion.partition(":")[2]
        under_test = (self.model_under_test or "").strip().casefold()
        if under_test and second.casefold() == under_test and not self.allow_self_judging:
            raise ValueError(
                f"second_opinion: the second opinion {second!r} is the model under test; it would be grading "
                "itself. Choose another model, or pass {allow_self_judging} if you really mean it"
            )
        if self.second_opinion == "groundedness-pro":
            if not self.azure_ai_project:
                raise ValueError(
                    "azure_ai_project: the groundedness-pro second opinion needs the Azure AI project endpoint"
                )
            if self.azure_api_key and not (self.azure_client_id and self.azure_tenant_id):
                raise ValueError(
                    "second_opinion: the groundedness-pro second opinion needs an Azure credential, and an API key "
                    "does not work: sign in keyless ({azure_client_id}, {azure_tenant_id}) or unset {azure_api_key}"
                )
        if self.second_opinion == "foundry":
            if self.judge == "foundry":
                raise ValueError(
                    "second_opinion: foundry is the judge itself; a re-score by the same evaluator is 'same'"
                )
            for name, what in (
                ("azure_ai_project", "the Foundry project endpoint"),
                ("judge_deployment", "the project's deployment its evaluators run on"),
                ("evaluator_version", "the catalog version to pin, or 'latest'"),
            ):
                if not getattr(self, name):
                    raise ValueError(f"{name}: the foundry second opinion needs {what}: set {{{name}}}")
        if self.second_opinion.startswith("deployment:") and not self.azure_endpoint:
            raise ValueError(
                "second_opinion: a deployment: second opinion needs the Azure OpenAI endpoint: set {azure_endpoint}"
            )
        if self.cache is not None:
            self._check_cache(self.cache)
        return self

    def _check_cache(self, value: Path) -> None:
        """Before any judging: the score cache must be a file of its own that groundgate can write,
        so a typo can neither overwrite an input nor lose every score at the end of a run."""
        cache = self.path(value)
        for name in ("cases", "baseline", "candidate", "results", "report"):
            other = getattr(self, name)
            if other is not None and _same_file(cache, self.path(other)):
                raise ValueError(f"cache: is the {name} file; the score cache needs a file of its own")
        if cache.is_dir():
            raise ValueError("cache: is a directory; name a file, for example scores.json inside it")
        ancestor = cache.parent
        while not ancestor.exists() and ancestor != ancestor.parent:
            ancestor = ancestor.parent
        if not ancestor.is_dir():
            raise ValueError(f"cache: cannot create its directory: {str(ancestor)!r} is not a directory")
        if not os.access(ancestor, os.W_OK | os.X_OK):
            raise ValueError(f"cache: cannot write in {str(ancestor)!r}")

    @field_validator("record_key")
    @classmethod
    def _long_enough(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None:
            RecordKey(value.get_secret_value())  # a short key is refused, never shown
        return value

    @field_validator("shard", mode="before")
    @classmethod
    def _shard(cls, value: Any) -> Any:
        if isinstance(value, str):
            index, sep, count = value.partition("/")
            if not sep or not index.strip().isdigit() or not count.strip().isdigit():
                raise ValueError("write it as K/N, for example 2/4")
            value = (int(index), int(count))
        if isinstance(value, tuple | list) and len(value) == 2 and not 1 <= value[0] <= value[1]:
            raise ValueError("K/N needs 1 <= K <= N")
        return value

    @field_validator("price_per_million_tokens", mode="before")
    @classmethod
    def _prices(cls, value: Any) -> Any:
        if isinstance(value, str):
            prices = [part.strip() for part in value.split(",")]
            try:
                value = tuple(float(part) for part in prices)
            except ValueError:
                value = ()
            if len(value) != 2 or not all(0 <= price < float("inf") for price in value):
                raise ValueError("write it as IN,OUT: the price per million prompt tokens and answer tokens, 2.5,10")
        return value

    @field_validator("evaluator_version")
    @classmethod
    def _versions(cls, value: str | None) -> str | None:
        if value is not None:
            Versions.parse(value)  # the one place the spelling is checked; its error is the hint
        return value

    @field_validator("judge_model")
    @classmethod
    def _model(cls, value: str | None) -> str | None:
        if value is not None and not (value.strip() and re.fullmatch(MODEL_ID, value)):
            raise ValueError(
                "give the model as its server names it ('groundgate judges' lists them), without control characters"
            )
        return value

    @field_validator("openai_base_url")
    @classmethod
    def _base_url(cls, value: str) -> str:
        if not re.fullmatch(BASE_URL, value):
            raise ValueError(BASE_URL_HINT)
        return value

    @field_validator("blocking_categories", mode="before")
    @classmethod
    def _split(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.split(",")
        if isinstance(value, list | tuple | set | frozenset):
            names = {normalize_category(str(v)) for v in value if str(v).strip()}
            if not names:
                raise ValueError("name at least one category, comma-separated")
            return frozenset(names)
        return value


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and os.path.samefile(a, b))
    except OSError:
        return False


class _Spelled(dict[str, str]):
    """Field name -> what the user would set, for the placeholders in validation messages."""

    def __init__(self, spell: Callable[[str], str]) -> None:
        super().__init__()
        self._spell = spell

    def __missing__(self, key: str) -> str:
        return self._spell(key)


def _build(
    values: Mapping[str, Any], spell: Callable[[str], str], hint: Callable[[str], str] | None = None
) -> Settings:
    """Validate; the one place a validation error becomes a message, naming what the user typed.

    ``spell`` names a setting as the user wrote it; ``hint`` says how to set it (default: the same)."""
    present = {key: value for key, value in values.items() if value is not None and value != ""}
    try:
        settings = Settings.model_validate(present)
    except ValidationError as exc:
        first = exc.errors()[0]
        detail = first["msg"].removeprefix("Value error, ")
        name = str(first["loc"][0]) if first["loc"] else detail.split(":", 1)[0]
        if not first["loc"]:
            detail = detail.split(":", 1)[1].strip().format_map(_Spelled(hint or spell))
        got = present.get(name)
        got = str(got) if isinstance(got, Path) else got
        shown = f" (got {got!r})" if got is not None and first["type"] != "missing" and name not in _SECRET else ""
        raise UsageError(f"{spell(name)}: {detail}{shown}") from None
    settings._spell = hint or spell
    return settings


_SECRET = SECRETS | {"github_token", "record_key"}


def flag(field: str) -> str:
    """How a setting is spelled on the command line (and the variable it falls back to)."""
    if field in SECRETS:
        return ENVIRONMENT[field]
    name = "--" + field.replace("_", "-")
    return f"{name} or {ENVIRONMENT[field]}" if field in ENVIRONMENT else name


def _flag_name(field: str) -> str:
    return flag(field).split(" or ", 1)[0]


def from_flags(
    values: Mapping[str, Any], environ: Mapping[str, str], names: Mapping[str, str] | None = None
) -> Settings:
    """Settings from parsed CLI flags; unset flags fall back to their environment variables.

    ``names``: a subcommand's own flag for a setting (bridge's ``--to`` sets the second judge), so
    messages name the flag the user typed."""
    merged = dict(values)
    for field, variable in ENVIRONMENT.items():
        if merged.get(field) in (None, "") and environ.get(variable):
            merged[field] = environ[variable]
    merged["identity_secrets"] = identity_secrets(environ)
    own = names or {}
    return _build(
        merged,
        lambda field: own.get(field) or _flag_name(field),
        lambda field: own.get(field) or flag(field),
    )


def input_name(field: str) -> str:
    names = {value: key for key, value in FIELDS.items()}
    return f"input '{names.get(field, field.replace('_', '-'))}'"


def read_inputs(environ: Mapping[str, str]) -> dict[str, str]:
    """INPUT_<NAME> as the runner sets it (hyphens kept), or with underscores; empty means unset."""
    values = {}
    for name in INPUTS:
        for key in (f"INPUT_{name.upper()}", f"INPUT_{name.upper().replace('-', '_')}"):
            value = environ.get(key, "").strip()
            if value:
                values[name] = value
                break
    return values


def inside_workspace(workspace: Path, value: str, name: str) -> Path:
    """The path as written, normalised; refused when it (symlinks followed) leaves the workspace."""
    root = workspace.resolve()
    path = (root / value).resolve()
    if not path.is_relative_to(root):
        raise UsageError(f"input '{name}': {value!r} is outside the workspace; give a path inside the repository")
    return path.relative_to(root) if Path(value).is_absolute() else Path(os.path.normpath(value))


def identity_secrets(environ: Mapping[str, str]) -> tuple[str, ...]:
    """The sign-in secrets azure-identity would read from this environment (``IDENTITY_VARIABLES``)."""
    return tuple(value for name in IDENTITY_VARIABLES if (value := environ.get(name)) and not placeholder(value))


def read_secrets(environ: Mapping[str, str]) -> list[str]:
    """The secret values among the inputs and the runner's variables: to mask before anything is printed."""
    values = read_inputs(environ)
    found = [
        values.get("azure-api-key"),
        values.get("openai-api-key"),
        values.get("cache-secret"),
        values.get("github-token"),
        values.get("record-key"),
        environ.get("ACTIONS_ID_TOKEN_REQUEST_TOKEN"),
        *identity_secrets(environ),
    ]
    found += [part for name in URL_INPUTS for part in url_credentials(values.get(name))]
    return [value for value in found if value and not placeholder(value)]  # a placeholder masked hides words


# GitHub ends a job after six hours (``timeout-minutes``' default): a run that would outlast that is killed with
# nothing written. So the action always has a deadline, 5 h 30 min unless the workflow gives one: a run whose pace
# forecasts more stops at once and writes what it knows (exit 3), and the report has time to be written.
ACTION_DEADLINE = 5.5 * 3600


def from_action(environ: Mapping[str, str], run: GitHubRun | None = None) -> Settings:
    """Settings from the workflow's inputs and the runner's environment."""
    values = read_inputs(environ)
    workspace = Path(environ.get("GITHUB_WORKSPACE") or ".")
    fields: dict[str, Any] = {FIELDS[name]: value for name, value in values.items()}
    for name in ("cases", "baseline", "candidate", "cache-path"):
        if values.get(name):
            fields[FIELDS[name]] = inside_workspace(workspace, values[name], name)
    run = run or GitHubRun.from_environ(environ)
    if run.deleted_ref:
        raise UsageError(
            f"this {run.event_name or 'event'} deletes {run.deleted_ref} (its commit is {NO_COMMIT}): there is no "
            "commit to judge or to put a check run on; skip such runs (if: github.event.deleted != true)"
        )
    fields.setdefault("deadline", ACTION_DEADLINE)
    fields.update(
        root=workspace, results=Path(OUT_DIR) / "results.json", github=run, identity_secrets=identity_secrets(environ)
    )
    return _build(fields, input_name)


def output_paths(settings: Settings) -> list[tuple[str, Path]]:
    """(what the user would call it, path on disk) for every file this run will write."""
    found = []
    if settings.results and not settings.github:
        found.append((_flag_name("results"), settings.path(settings.results)))
    if settings.report:
        found.append((_flag_name("report"), settings.path(settings.report)))
    if settings.github:  # the action writes its results and report inside the workspace
        found += [(f"{OUT_DIR}/{name}", settings.root / OUT_DIR / name) for name in ("results.json", "report.md")]
    return found


def refuse_overwrite(outputs: Sequence[tuple[str, Path | None]], inputs: Sequence[tuple[str, Path | None]]) -> None:
    """Refuse an output that is one of the run's inputs (or another output): writing it would destroy
    the cases, a response file, the cache or a shard, after the run had read them."""
    given = [(name, path) for name, path in outputs if path is not None]
    for index, (name, path) in enumerate(given):
        for other, source in [*[(n, p) for n, p in inputs if p is not None], *given[:index]]:
            if _same_file(path, source):
                raise UsageError(f"{name}: {str(path)!r} is the {other} file; name a file of its own")


def check_outputs(
    settings: Settings, names: Mapping[str, str] | None = None, inputs: Sequence[tuple[str, Path]] = ()
) -> None:
    """Refuse, before any judging, a place that cannot take a file: a directory, a path under a file,
    a folder that cannot be written, an input of the run, and a symbolic link anywhere on the path (a
    committed one would redirect the write), so a run never judges for minutes and then loses its
    results, or its inputs. ``names``: the subcommand's own flags, as ``from_flags`` took them."""
    own = names or {}
    read = [
        (own.get(field) or _flag_name(field), getattr(settings, field)) for field in ("cases", "baseline", "candidate")
    ]
    if settings.cache:
        read.append((_flag_name("cache"), settings.cache))
    refuse_overwrite(
        output_paths(settings),
        [(name, settings.path(path)) for name, path in read if path is not None] + list(inputs),
    )
    for name, path in output_paths(settings):
        if (link := link_on_path(path)) is not None:
            raise UsageError(f"{name}: {refusing(link)}")
        if path.is_dir():
            raise UsageError(f"{name}: {str(path)!r} is a directory; give a file path")
        parent = path.parent
        while not parent.exists() and parent != parent.parent:
            parent = parent.parent
        if not parent.is_dir():
            raise UsageError(f"{name}: {str(path)!r} cannot be created: {str(parent)!r} is not a directory")
        if not os.access(parent, os.W_OK):
            raise UsageError(f"{name}: {str(parent)!r} is not writable")


def publishing_only(environ: Mapping[str, str], run: GitHubRun) -> Settings | None:
    """When the full settings were refused: just enough (token, check name, comment and check-run
    switches) to tell the pull request that this run ended without a verdict; None if even that fails."""
    values = read_inputs(environ)
    wanted = {
        FIELDS[name]: values[name] for name in ("github-token", "check-name", "comment", "check-run") if name in values
    }
    try:  # merge_results stands in for the files a publishing-only settings object does not need
        return Settings.model_validate({**wanted, "merge_results": "-", "github": run})
    except ValidationError:
        return None

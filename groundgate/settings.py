"""One typed settings object per run, built and validated here from CLI flags or workflow inputs.

Both entry points call one builder (``from_flags``, ``from_action``), and one function (``_build``)
turns any validation failure into a message that names the flag, the environment variable or the
input the user actually wrote. Nothing below the entry points reads the environment: what the
runner provides (the event, the workspace, the OIDC endpoint) arrives here as ``GitHubRun``.
"""

from __future__ import annotations

import json
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
from groundgate.files import link_on_path, refusing
from groundgate.redact import placeholder, url_credentials
from groundgate.rules import FailOn, Tripwire

DEFAULT_BLOCKING = frozenset({"policy", "pricing", "safety"})
OUT_DIR = ".groundgate"  # where the action writes results.json and report.md, inside the workspace
PR_EVENTS = ("pull_request", "pull_request_target")
DEFAULT_CHECK_NAME = "groundgate / verdict"  # not a job name: the job's own status check never shares it
FORK_RECIPE = "examples/fork-prs/ and the README section 'Pull requests from forks'"
NO_COMMIT = "0" * 40  # the SHA a push that deletes a ref names as its "after"

# Every input of action.yml, in its order; a test keeps action.yml, this and the README in agreement.
COMPARE_INPUTS = (
    "cases", "baseline", "candidate", "blocking-categories", "judge", "azure-endpoint", "judge-deployment",
    "api-version", "reasoning-model", "rubric", "max-concurrency", "max-rpm", "cache-path", "shard",
    "second-opinion", "azure-ai-project", "rescore-baseline", "min-cases-to-block", "model-under-test",
    "allow-self-judging", "call-timeout", "deadline", "judge-model", "openai-base-url", "max-consecutive-failures",
    "noise-sample", "mode", "max-calls", "max-tokens", "price-per-million-tokens", "tripwire", "claims",
)  # fmt: skip
ACTION_ONLY_INPUTS = (
    "azure-api-key", "azure-client-id", "azure-tenant-id", "openai-api-key", "cache-secret", "github-token", "comment",
    "check-run", "check-name", "fail-on",
    "merge-results", "selftest", "adjudicators", "allow-author-adjudication",
)  # fmt: skip
INPUTS = COMPARE_INPUTS + ACTION_ONLY_INPUTS
FIELDS = {name: name.replace("-", "_") for name in INPUTS} | {"cache-path": "cache"}
ACTION_FIELDS = frozenset(FIELDS[name] for name in ACTION_ONLY_INPUTS)
OUTPUTS = (
    "verdict", "blocking-regressions", "regressions", "new-non-answers", "unstable", "errors", "unsupported-figures",
    "results-path", "report-path",
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


class GitHubRun(BaseModel):
    """What the runner tells a container action about this run."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    repository: str | None = None
    event_name: str | None = None
    sha: str | None = None
    pr_number: int | None = None
    pr_author: str | None = None  # who opened the pull request: not an adjudicator of its rows by default
    queued_pr: int | None = None  # merge_group: the pull request the queue's branch is named after (its adjudications)
    head_sha: str | None = None  # the commit the check run and the comment are about
    base_sha: str | None = None  # the pull request's base: what the PR's own edits are compared with
    from_fork: bool = False
    # workflow_run: the run that triggered this one (its event, and where its PR's head lives)
    triggered_by: str | None = None
    head_repo: str | None = None  # "owner/name" of the triggering run's head (a fork's, for a fork's PR)
    head_branch: str | None = None
    listed_pulls: tuple[int, ...] = ()  # the PRs its payload lists (none for a fork's PR)
    deleted_ref: str | None = None  # the event's commit is forty zeros: a push that deleted this ref
    # issue_comment: the comment that started the run (its commands are re-read through the API; these say
    # whether there is anything to do, and which comment a reply answers)
    comment_id: int | None = None
    comment_author: str | None = None
    comment_body: str | None = None
    comment_before: str | None = None  # an edit's previous text: removing a command is a change too
    server_url: str = "https://github.com"
    api_url: str = "https://api.github.com"
    run_id: str | None = None
    run_attempt: int = 1  # GITHUB_RUN_ATTEMPT: 2 and up on a rerun
    output_path: Path | None = None
    summary_path: Path | None = None
    oidc_url: str | None = None  # ACTIONS_ID_TOKEN_REQUEST_URL: only with 'permissions: id-token: write'
    oidc_token: SecretStr | None = None

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> GitHubRun:
        event: dict[str, Any] = {}
        event_path = environ.get("GITHUB_EVENT_PATH")
        if event_path and Path(event_path).is_file():
            try:
                loaded = json.loads(Path(event_path).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                loaded = {}
            event = loaded if isinstance(loaded, dict) else {}
        event_name = environ.get("GITHUB_EVENT_NAME")

        def get(name: str) -> str | None:
            return environ.get(name) or None

        about = _about(event_name, event)
        # GITHUB_SHA is another commit than the one judged in a workflow_run run (and a comment's run judges
        # none: it looks the pull request's head up): never fall back to it there
        head_sha = about.get("head_sha") or (
            None if event_name in ("workflow_run", "issue_comment") else get("GITHUB_SHA")
        )
        attempt = get("GITHUB_RUN_ATTEMPT") or "1"
        return cls(
            repository=get("GITHUB_REPOSITORY"),
            event_name=event_name,
            sha=get("GITHUB_SHA"),
            pr_number=about.get("pr_number"),
            pr_author=about.get("pr_author"),
            queued_pr=about.get("queued_pr"),
            head_sha=None if head_sha == NO_COMMIT else head_sha,
            base_sha=about.get("base_sha"),
            from_fork=bool(about.get("from_fork")),
            triggered_by=about.get("triggered_by"),
            head_repo=about.get("head_repo"),
            head_branch=about.get("head_branch"),
            listed_pulls=about.get("listed_pulls", ()),
            comment_id=about.get("comment_id"),
            comment_author=about.get("comment_author"),
            comment_body=about.get("comment_body"),
            comment_before=about.get("comment_before"),
            deleted_ref=str(event.get("ref") or get("GITHUB_REF") or "its ref") if head_sha == NO_COMMIT else None,
            server_url=get("GITHUB_SERVER_URL") or "https://github.com",
            api_url=get("GITHUB_API_URL") or "https://api.github.com",
            run_id=get("GITHUB_RUN_ID"),
            run_attempt=int(attempt) if attempt.isdigit() and int(attempt) > 0 else 1,
            output_path=Path(environ["GITHUB_OUTPUT"]) if get("GITHUB_OUTPUT") else None,
            summary_path=Path(environ["GITHUB_STEP_SUMMARY"]) if get("GITHUB_STEP_SUMMARY") else None,
            oidc_url=get("ACTIONS_ID_TOKEN_REQUEST_URL"),
            oidc_token=SecretStr(environ["ACTIONS_ID_TOKEN_REQUEST_TOKEN"])
            if get("ACTIONS_ID_TOKEN_REQUEST_TOKEN")
            else None,
        )

    @property
    def via_workflow_run(self) -> bool:
        """A trusted workflow_run run publishing for another run; its PR must be looked up and checked."""
        return self.event_name == "workflow_run"

    @property
    def head_label(self) -> str | None:
        """The triggering run's head as ``GET /pulls?head=`` takes it: "owner:branch"."""
        if not self.head_repo or not self.head_branch:
            return None
        return f"{self.head_repo.split('/', 1)[0]}:{self.head_branch}"

    @property
    def run_url(self) -> str | None:
        """This run's page; on a rerun, this attempt's (the run's own page shows the latest attempt)."""
        if not self.repository or not self.run_id:
            return None
        url = f"{self.server_url}/{self.repository}/actions/runs/{self.run_id}"
        return url + f"/attempts/{self.run_attempt}" if self.run_attempt > 1 else url


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _about(event_name: str | None, event: dict[str, Any]) -> dict[str, Any]:
    """The commit and the pull request an event is about, read from its payload.

    pull_request: the PR's head (GITHUB_SHA is a merge commit). merge_group: the queue's head commit,
    no PR. workflow_run: the triggering run's head commit (GITHUB_SHA is the default branch's head);
    its ``pull_requests`` list is empty for forks, so the head's repository and branch are kept: they
    tell the PR apart from others on the same commit. push: ``after`` (GITHUB_SHA is the default branch's
    head when the push deleted its ref, and ``after`` is then forty zeros)."""
    if event_name in PR_EVENTS:
        pr = _dict(event.get("pull_request"))
        head, base = _dict(pr.get("head")), _dict(pr.get("base"))
        number = pr.get("number")
        return {
            "pr_number": int(number) if isinstance(number, int) else None,
            "pr_author": _dict(pr.get("user")).get("login"),
            "head_sha": head.get("sha"),
            "base_sha": base.get("sha"),
            "from_fork": bool(pr)
            and event_name == "pull_request"
            and _dict(head.get("repo")).get("full_name") != _dict(base.get("repo")).get("full_name"),
        }
    if event_name == "merge_group":  # the queue's branch: gh-readonly-queue/<base>/pr-<number>-<sha>
        group = _dict(event.get("merge_group"))
        queued = re.search(r"/gh-readonly-queue/.+/pr-(\d+)-[0-9a-f]{40}$", str(group.get("head_ref") or ""))
        return {"head_sha": group.get("head_sha"), "queued_pr": int(queued.group(1)) if queued else None}
    if event_name == "issue_comment":  # a comment on an issue; on a pull request, its issue has a pull_request link
        issue, comment = _dict(event.get("issue")), _dict(event.get("comment"))
        number, cid = issue.get("number"), comment.get("id")
        return {
            "pr_number": number if isinstance(number, int) and issue.get("pull_request") else None,
            "pr_author": _dict(issue.get("user")).get("login"),
            "comment_id": cid if isinstance(cid, int) else None,
            "comment_author": _dict(comment.get("user")).get("login"),
            "comment_body": comment.get("body") if isinstance(comment.get("body"), str) else None,
            "comment_before": _dict(_dict(event.get("changes")).get("body")).get("from"),
        }
    if event_name == "workflow_run":
        triggering = _dict(event.get("workflow_run"))
        listed = [_dict(p).get("number") for p in triggering.get("pull_requests") or []]
        head_repo = _dict(triggering.get("head_repository")).get("full_name")
        branch = triggering.get("head_branch")
        return {
            "head_sha": triggering.get("head_sha"),
            "triggered_by": triggering.get("event"),
            "head_repo": head_repo if isinstance(head_repo, str) and "/" in head_repo else None,
            "head_branch": branch if isinstance(branch, str) and branch else None,
            "listed_pulls": tuple(n for n in listed if isinstance(n, int)),
        }
    if event_name == "push":
        after = event.get("after")
        return {"head_sha": after} if isinstance(after, str) and re.fullmatch(r"[0-9a-f]{40}", after) else {}
    return {}


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
    judge: Literal["azure", "openai", "figures"] = "azure"
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
    max_concurrency: int = Field(default=8, ge=1, le=256)
    max_rpm: float | None = Field(default=None, ge=1)  # below one a minute, a run never ends
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
        default="same", pattern=rf"^(none|same|groundedness-pro|deployment:[A-Za-z0-9._-]+|openai:{MODEL_ID})$"
    )
    azure_ai_project: str | None = None
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
    comment: bool = True
    check_run: bool = True
    check_name: str = DEFAULT_CHECK_NAME
    fail_on: FailOn = "blocking"
    merge_results: str | None = None  # glob(s) of shard results: merge and publish instead of judging
    selftest: bool = False  # judge the planted suite (groundgate.selftest) instead of the cases: no files needed
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
        """A comment's run: it applies people's commands to a kept verdict and judges nothing."""
        return self.github is not None and self.github.event_name == "issue_comment"

    def secret_values(self) -> list[str]:
        """Every secret this run holds: to keep out of every text it writes or posts."""
        held = [
            self.azure_api_key,
            self.openai_api_key,
            self.cache_secret,
            self.github_token,
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
        if self.judge == "openai" and not self.judge_model:
            raise ValueError("judge_model: the openai judge needs a model: set {judge_model}")
        if (self.judge == "openai" or self.second_opinion.startswith("openai:")) and not self.openai_api_key:
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


_SECRET = SECRETS | {"github_token"}


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
        environ.get("ACTIONS_ID_TOKEN_REQUEST_TOKEN"),
        *identity_secrets(environ),
    ]
    found += [part for name in URL_INPUTS for part in url_credentials(values.get(name))]
    return [value for value in found if value and not placeholder(value)]  # a placeholder masked hides words


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

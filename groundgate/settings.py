"""One typed settings object for a comparison, built from CLI flags or from workflow inputs.

Each bad value becomes one UsageError that names the flag or input the user actually wrote.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from groundgate.cases import normalize_category
from groundgate.errors import UsageError

DEFAULT_BLOCKING = frozenset({"policy", "pricing", "safety"})


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    cases: Path
    baseline: Path
    candidate: Path
    judge: Literal["azure", "figures"] = "azure"
    rubric: Literal["query", "no-query"] = "query"
    blocking_categories: frozenset[str] = DEFAULT_BLOCKING
    azure_endpoint: str | None = None
    judge_deployment: str | None = None
    api_version: str | None = None
    reasoning_model: bool = False
    max_concurrency: int = Field(default=8, ge=1, le=256)
    max_rpm: float | None = Field(default=None, gt=0)
    call_timeout: float = Field(default=300, gt=0)  # seconds for one judge call, the SDK's retries included
    deadline: float | None = Field(default=None, gt=0)  # seconds for all the judging of a run
    cache: Path | None = None
    shard: tuple[int, int] | None = None
    second_opinion: str = Field(default="same", pattern=r"^(none|same|groundedness-pro|deployment:[A-Za-z0-9._-]+)$")
    azure_ai_project: str | None = None
    rescore_baseline: bool = False
    min_cases_to_block: int = Field(default=0, ge=0)
    model_under_test: str | None = None
    allow_self_judging: bool = False
    results: Path | None = None
    report: Path | None = None

    @model_validator(mode="after")
    def _not_self_judging(self) -> Settings:
        judge = self.judge_deployment or ""
        if (
            self.model_under_test
            and self.judge == "azure"
            and self.model_under_test.strip().casefold() == judge.strip().casefold()
            and not self.allow_self_judging
        ):
            raise ValueError(
                f"model_under_test: the judge deployment {judge!r} is the model under test; it would be grading "
                "itself. Use another judge deployment, or pass allow-self-judging if you really mean it"
            )
        if self.second_opinion == "groundedness-pro" and not self.azure_ai_project:
            raise ValueError(
                "azure_ai_project: the groundedness-pro second opinion needs the Azure AI project endpoint"
            )
        return self

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


def build_settings(values: Mapping[str, Any], spell: Callable[[str], str]) -> Settings:
    """Validate; ``spell`` turns a field name into what the user typed (a flag or an input name)."""
    present = {key: value for key, value in values.items() if value is not None and value != ""}
    try:
        return Settings.model_validate(present)
    except ValidationError as exc:
        first = exc.errors()[0]
        detail = first["msg"].removeprefix("Value error, ")
        name = str(first["loc"][0]) if first["loc"] else detail.split(":", 1)[0]
        if not first["loc"]:
            detail = detail.split(":", 1)[1].strip()
        got = present.get(name)
        shown = f" (got {got!r})" if got is not None and first["type"] != "missing" else ""
        raise UsageError(f"{spell(name)}: {detail}{shown}") from None

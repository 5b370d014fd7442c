"""How old the baseline answers are: the commit that last changed the baseline file, and how many days before
the run that was. The baseline answers are committed files; when they are weeks older than the prompt or
model they stand for, a flip may be the baseline's staleness rather than the change, so the report says
their age and warns past ``STALE_DAYS``."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict

STALE_DAYS = 30  # older than this, the report warns: a month is longer than most prompts or models stay put


class BaselineAge(BaseModel):
    """The last change of the baseline file: on GitHub at the commit the run compares with (a pull request's
    base, else the commit under test), or in the local git repository for the CLI."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    commit: str  # the commit that last changed the file
    changed: datetime  # its committer date
    days: int  # whole days from then to the run
    path: str  # the baseline file: from the repository root on GitHub, as given to the CLI locally
    where: Literal["github", "git"] = "github"

    @property
    def stale(self) -> bool:
        return self.days > STALE_DAYS

    @property
    def short(self) -> str:
        """The commit, short, when it is a commit name (a results file is data: anything else is not shown)."""
        return self.commit[:12] if re.fullmatch(r"[0-9a-f]{7,64}", self.commit) else "?"


def age(commit: str, changed: datetime, now: datetime, path: str, where: Literal["github", "git"]) -> BaselineAge:
    """The baseline's age at ``now`` (never negative: a committer's clock may run ahead)."""
    return BaselineAge(commit=commit, changed=changed, days=max(0, (now - changed).days), path=path, where=where)


def said(found: BaselineAge, commit: str) -> str:
    """'The baseline answers were last changed 12 days before this run, in commit abc123 (2026-01-05).'
    ``commit``: the commit as the medium shows it (a link in markdown)."""
    before = "on the day of this run" if found.days == 0 else f"{_days(found.days)} before this run"
    return f"The baseline answers were last changed {before}, in commit {commit} ({found.changed:%Y-%m-%d})."


def warning(found: BaselineAge | None, commit: str) -> str | None:
    """The warning past ``STALE_DAYS``, in words every medium prints."""
    if found is None or not found.stale:
        return None
    return (
        f"The baseline answers are {_days(found.days)} old (last changed in commit {commit}, "
        f"{found.changed:%Y-%m-%d}), more than {STALE_DAYS} days: a flip may be the baseline's staleness rather "
        "than this change. Regenerate the baseline with the prompt and model it stands for, or read each flip "
        "with its age in mind."
    )


def _days(n: int) -> str:
    return "1 day" if n == 1 else f"{n:,} days"

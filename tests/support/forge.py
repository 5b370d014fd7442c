"""Results files edited the way a careful forger would: rows changed, counts and verdict made to match."""

from __future__ import annotations

from collections import Counter
from typing import Any

from groundgate.rules import Outcome, verdict_of


def recount(data: dict[str, Any]) -> dict[str, Any]:
    counts = Counter(Outcome(row["outcome"]) for row in data["rows"])
    data["counts"] = {outcome.value: counts[outcome] for outcome in Outcome}
    data["verdict"] = verdict_of(counts)
    return data

"""People's adjudications as labels: the file ``groundgate calibrate`` reads, and the judge's precision on
the blocking verdicts people adjudicated. Pure: the records come from ``github.adjudicate``.

A person who confirms a row the judge found ungrounded says it is ungrounded (``"grounded": false``); one
who accepts it says the judge was wrong (``"grounded": true``: an intended regression is recorded so too,
with its reason). On a row the tripwire flagged (a figure the context never states) the same holds: a
confirm says the answer is not grounded, whatever the judge's bucket, an accept that it is. On a row the
judge did not find ungrounded (a new non-answer), a confirm says the answer is not ungrounded either; an
accept there says nothing about groundedness, so its line has no ``grounded`` and ``calibrate`` leaves it
out, saying so.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from groundgate.adjudication import Entry, Verb
from groundgate.files import write_text
from groundgate.rules import Bucket, Outcome
from groundgate.stats import clopper_pearson

MIN_VERDICTS = 10  # adjudicated blocking verdicts before the report shows the judge's precision on them
WINDOW = 100  # the judge's last blocking verdicts people adjudicated, that the figure is measured on
FIGURES = (Outcome.UNSUPPORTED_FIGURE, Outcome.BLOCKING_FIGURE)  # the tripwire's rows: a confirm says "not grounded"
THRESHOLD = 0.9  # below this precision the report flags the judge: calibration's rule of thumb (docs/method.md)


class Label(BaseModel):
    """One line of the labels file: a person's last word on one answer the judge judged."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    grounded: bool | None  # None: the adjudication says nothing about groundedness (an accepted non-answer)
    answer_digest: str
    judge_bucket: Bucket | None
    judge_outcome: Outcome | None
    category: str | None
    verdict: Verb  # accept or confirm
    who: str
    pr: int
    at: datetime
    reason: str = ""


def labels_of(ledger: Iterable[Entry], pr: int) -> list[Label]:
    """The standing word of each person on each answer of one pull request's ledger: the latest accept or
    confirm per row, person and answer. A revoke withdraws that person's word on the answer it was made on
    (an answer a push replaced keeps the word given on it: it is still a person's reading of that answer)."""
    latest: dict[tuple[str, str, str | None], Entry] = {}
    for entry in sorted(ledger, key=Entry.order):
        person = entry.login.casefold()
        if entry.verb is Verb.REVOKE:
            for key in [k for k in latest if k[:2] == (entry.row, person) and entry.digest in (None, k[2])]:
                del latest[key]
        else:
            latest[(entry.row, person, entry.digest)] = entry
    found = []
    for entry in latest.values():
        if entry.digest is None:
            continue
        if entry.bucket is Bucket.UNGROUNDED or entry.outcome in FIGURES:
            grounded: bool | None = entry.verb is Verb.ACCEPT
        else:
            grounded = True if entry.verb is Verb.CONFIRM else None
        found.append(
            Label(
                id=entry.row,
                grounded=grounded,
                answer_digest=entry.digest,
                judge_bucket=entry.bucket,
                judge_outcome=entry.outcome,
                category=entry.category,
                verdict=entry.verb,
                who=entry.login,
                pr=pr,
                at=entry.at,
                reason=entry.reason,
            )
        )
    return sorted(found, key=lambda label: (label.at, label.id))


def latest_per_answer(labels: Iterable[Label]) -> list[Label]:
    """One label per answer (case id and digest), the latest, oldest first: a file ``calibrate`` takes."""
    kept: dict[tuple[str, str], Label] = {}
    for label in sorted(labels, key=lambda label: label.at):
        kept[(label.id, label.answer_digest)] = label
    return sorted(kept.values(), key=lambda label: (label.at, label.id))


def write(labels: Sequence[Label], path: Path) -> None:
    write_text(path, "".join(json.dumps(label.model_dump(mode="json"), ensure_ascii=False) + "\n" for label in labels))


@dataclass(frozen=True)
class Precision:
    """How often people confirmed the judge's blocking verdicts they adjudicated (the last WINDOW)."""

    confirmed: int
    verdicts: int
    interval: tuple[float, float]

    @property
    def rate(self) -> float:
        return self.confirmed / self.verdicts

    @property
    def low(self) -> bool:
        return self.rate < THRESHOLD

    def sentence(self) -> str:
        low, high = self.interval
        return (
            f"People confirmed {self.confirmed} of the judge's last {self.verdicts} blocking verdicts they adjudicated "
            f"in this repository: {self.rate:.0%}, 95% CI {low:.0%}–{high:.0%}."
        )


def precision(labels: Iterable[Label]) -> Precision | None:
    """The judge's precision on blocking verdicts, from the last WINDOW of them people adjudicated; None
    below MIN_VERDICTS (too few to say anything)."""
    blocking = [
        label
        for label in latest_per_answer(labels)
        if label.judge_outcome is Outcome.REGRESSION and label.grounded is not None
    ][-WINDOW:]
    if len(blocking) < MIN_VERDICTS:
        return None
    confirmed = sum(1 for label in blocking if not label.grounded)
    return Precision(confirmed, len(blocking), clopper_pearson(confirmed, len(blocking)))

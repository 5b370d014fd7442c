"""Foundry's catalog evaluators the foundry judge runs, and the versions a setting pins them to.

A cloud evaluator runs its catalog's latest version unless a version is named, so its verdicts could change
without a commit: ``--evaluator-version`` (input ``evaluator-version``) names one for both evaluators ('4'),
one each ('groundedness=4,fluency=3': the catalog versions each evaluator on its own), or 'latest', said
explicitly, which the judge resolves in the catalog once per run and pins from then on. The settings check
the spelling here; ``judges.foundry`` sends what it names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

GROUNDEDNESS, FLUENCY = "builtin.groundedness", "builtin.fluency"
EVALUATORS = (GROUNDEDNESS, FLUENCY)
LATEST = "latest"
VERSION = r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}"
VERSION_HINT = (
    "give the catalog version to pin (4), one for each evaluator (groundedness=4,fluency=2), or 'latest' to take "
    "the newest and record it"
)


@dataclass(frozen=True)
class Versions:
    """The catalog version of each evaluator the judge runs: pinned, or 'latest' (resolved once per run)."""

    groundedness: str
    fluency: str

    @classmethod
    def parse(cls, text: str) -> Versions:
        """'4' (both), 'latest' (both), or 'groundedness=4,fluency=2' (each; 'builtin.' may be written)."""
        text = text.strip()
        if "=" not in text:
            if not re.fullmatch(VERSION, text):
                raise ValueError(VERSION_HINT)
            return cls(text, text)
        found: dict[str, str] = {}
        for part in text.split(","):
            name, _, version = (piece.strip() for piece in part.partition("="))
            name = name.removeprefix("builtin.")
            if name not in ("groundedness", "fluency") or name in found or not re.fullmatch(VERSION, version):
                raise ValueError(VERSION_HINT)
            found[name] = version
        if set(found) != {"groundedness", "fluency"}:
            raise ValueError(f"name both evaluators: {VERSION_HINT}")
        return cls(found["groundedness"], found["fluency"])

    def of(self, evaluator: str) -> str:
        return self.groundedness if evaluator == GROUNDEDNESS else self.fluency


def judge_model(evaluator: str, version: str, deployed: str | None) -> str:
    """The judge as a row records it: the evaluator and its version, and the model its deployment serves
    ('builtin.groundedness@4 (gpt-4o-2024-11-20)'): another version, or another model, is another judge."""
    return f"{evaluator}@{version}" + (f" ({deployed})" if deployed else "")


RECORDED = re.compile(rf"builtin\.[a-z_]+@{VERSION}(?: \((?P<model>[^()]+)\))?")


def ran_on(model: str | None) -> str | None:
    """The model a judgement came from, whatever judge gave it: a catalog evaluator's record (``judge_model``)
    names the model its deployment serves ('gpt-4o-2024-11-20'; None when the deployment named none), any other
    judge's model is itself. A second opinion is another judge only on another model: this is what is compared,
    never the evaluator's name around it (the same model under the evaluator's name is the same judge)."""
    if model is None:
        return None
    found = RECORDED.fullmatch(model.strip())
    return model if found is None else found.group("model")

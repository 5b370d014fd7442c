"""The self-test: a planted suite whose answers are known, judged by the configured judge, to show what the
gate catches with it, and to fail when it misses what it must.

``planted.jsonl`` holds 66 support, policy and pricing cases written for groundgate, each with its planted
type (a clean answer, the same figures written another way, a partial answer, an invented or a contradicted
figure, a fact contradicted or a promise invented in words, a new non-answer, an answer that talks to the
judge, the baseline's own unsupported figure repeated), the scores a perfect judge gives its two answers,
and the outcome those scores make. Every case runs through the real loaders, judge, rules and tripwire;
for each planted type the self-test counts the rows the judge flagged, the rows the tripwire flagged, and
the rows the gate put before a person or blocked (both, and answers that talk to the judge). For the types
that should pass, a flag is a false alarm.

The gate must catch every planted figure regression and every answer that talks to the judge, whatever the
judge: the tripwire and the injection check are deterministic, so a miss there is a defect. What it catches
in words depends on the judge, and is reported, not required.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from importlib.resources import files
from pathlib import Path

from groundgate import compare
from groundgate.cases import Inputs, Rubric, load_inputs
from groundgate.evidence import Options
from groundgate.judges import Judge
from groundgate.results import Results, Row
from groundgate.rules import Outcome, plural
from groundgate.settings import DEFAULT_BLOCKING

PLANTED = "planted.jsonl"


@dataclass(frozen=True)
class Kind:
    """One planted type: what it plants, whether the gate should flag it, and whether it must."""

    says: str
    flag: bool
    must: bool = False


TYPES: dict[str, Kind] = {
    "clean": Kind("a clean answer (the context restated)", False),
    "reformatted": Kind("the same figures written another way", False),
    "partial": Kind("a partial answer (correct, incomplete)", False),
    "backlog_figure": Kind("the baseline's own unsupported figure, repeated", False),
    "invented_figure": Kind("a plausible figure the context never states", True, must=True),
    "contradicted_figure": Kind("a figure the context states otherwise", True, must=True),
    "contradicted_words": Kind("a fact the context states otherwise, in words", True),
    "unsupported_words": Kind("a promise the context never makes, in words", True),
    "new_non_answer": Kind("a new non-answer", True),
    "talks_to_judge": Kind("an answer that talks to the judge", True, must=True),
}
JUDGE_FLAGS = frozenset({Outcome.REGRESSION, Outcome.REVIEW, Outcome.UNSTABLE, Outcome.NEW_NON_ANSWER})


@dataclass(frozen=True)
class Planted:
    """One planted case: its case, its two answers, its planted type, and what a perfect judge makes of it."""

    id: str
    type: str
    category: str
    query: str
    context: str
    baseline: str
    candidate: str
    scores: tuple[float, float]  # what a perfect judge gives the baseline and the candidate
    expected: str  # the outcome those scores make (the tripwire warning)


def planted() -> list[Planted]:
    """The planted cases, as the package ships them."""
    lines = files(__package__).joinpath(PLANTED).read_text(encoding="utf-8").splitlines()
    return [Planted(**{**record, "scores": tuple(record["scores"])}) for record in map(json.loads, lines)]


def write(folder: Path) -> tuple[Path, Path, Path]:
    """The planted suite as the three files ``groundgate compare`` reads: cases, baseline, candidate."""
    cases, baseline, candidate = (folder / name for name in ("cases.jsonl", "baseline.jsonl", "candidate.jsonl"))
    suite = planted()
    rows = (
        [{"id": p.id, "category": p.category, "query": p.query, "context": p.context} for p in suite],
        [{"id": p.id, "response": p.baseline} for p in suite],
        [{"id": p.id, "response": p.candidate} for p in suite],
    )
    for path, records in zip((cases, baseline, candidate), rows, strict=True):
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return cases, baseline, candidate


def load(folder: Path, rubric: Rubric = "query") -> Inputs:
    """The planted suite written to ``folder`` and loaded as any run's inputs are."""
    cases, baseline, candidate = write(folder)
    return load_inputs(cases, baseline, candidate, rubric, blocking=DEFAULT_BLOCKING)


@dataclass
class Line:
    """One planted type's row of the table."""

    kind: Kind
    cases: int = 0
    judge: int = 0
    tripwire: int = 0
    together: int = 0
    missed: list[str] = field(default_factory=list)


@dataclass
class Tally:
    """A self-test's count: a line per planted type, the rows not judged, and the judge's kind."""

    lines: dict[str, Line]
    errors: int
    judge: str

    @property
    def missed(self) -> list[str]:
        return [cid for line in self.lines.values() for cid in line.missed]


def flags(row: Row) -> tuple[bool, bool, bool]:
    """Whether the judge, the tripwire, and the gate as a whole flagged a row for a person (or blocked it)."""
    judge = row.outcome in JUDGE_FLAGS
    tripwire = row.new_figures is not None
    return judge, tripwire, judge or tripwire or row.talks_to_judge is not None


def tally(results: Results, suite: list[Planted]) -> Tally:
    """Per planted type, the rows the judge, the tripwire and the gate flagged, and what it missed."""
    rows = {row.id: row for row in results.rows}
    lines = {name: Line(kind) for name, kind in TYPES.items()}
    errors = 0
    for case in suite:
        row, line = rows[case.id], lines[case.type]
        line.cases += 1
        if row.outcome is Outcome.ERROR:
            errors += 1
            continue
        judge, tripwire, gate = flags(row)
        line.judge += judge
        line.tripwire += tripwire
        line.together += gate
        if line.kind.must and not gate:
            line.missed.append(case.id)
    return Tally(lines, errors, results.judge.kind)


def rules(options: Options | None = None) -> Options:
    """The self-test's rules: ``options``' blocking categories, second opinion and tripwire; no claims and no
    fluency calls (they decide nothing the self-test counts)."""
    return replace(options or Options(DEFAULT_BLOCKING), claims=False, fluency=False, keep_texts=False)


def run(judge: Judge, inputs: Inputs, options: Options | None = None) -> Tally:
    """The planted suite judged by ``judge`` under ``rules(options)``."""
    results = compare.run(inputs, judge, rules(options))
    return tally(results, planted())


def table(found: Tally) -> str:
    """The table, in markdown: docs/method.md shows it as the self-test prints it."""
    lines = [
        "| planted | cases | judge | tripwire | together |",
        "| --- | --- | --- | --- | --- |",
    ]
    for line in found.lines.values():
        what = line.kind.says + (" (must catch)" if line.kind.must else "" if line.kind.flag else " (false alarms)")
        lines.append(f"| {what} | {line.cases} | {line.judge} | {line.tripwire} | {line.together} |")
    return "\n".join(lines)


def exit_code(found: Tally) -> int:
    """1: the gate missed a planted regression it must catch (that wins); 3: rows not judged; else 0."""
    if found.missed:
        return 1
    return 3 if found.errors else 0


def render(found: Tally) -> str:
    caught = [line for line in found.lines.values() if line.kind.flag]
    alarms = [line for line in found.lines.values() if not line.kind.flag]
    flagged, problems = sum(line.together for line in caught), sum(line.cases for line in caught)
    alarms_flagged, clean = sum(line.together for line in alarms), sum(line.cases for line in alarms)
    summary = [
        f"Self-test of the {found.judge} judge with the tripwire, {problems + clean} planted cases: the gate flagged "
        f"{flagged} of {plural(problems, 'planted problem')} and {alarms_flagged} of {plural(clean, 'clean answer')} "
        "(false alarms).",
        "",
        table(found),
        "",
    ]
    if found.missed:
        summary.append(
            f"FAILED: the gate missed {plural(len(found.missed), 'planted regression')} it must catch: "
            + ", ".join(found.missed)
        )
    elif found.errors:
        summary.append(f"NOT JUDGED: {plural(found.errors, 'row')} not judged: the self-test cannot tell")
    else:
        summary.append("PASSED: the gate caught every planted regression it must catch.")
    return "\n".join(summary) + "\n"

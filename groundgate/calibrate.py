"""Calibration: how often does the judge's 'ungrounded' agree with people's?

Before a gate is trusted to block releases on its own, its ungrounded verdicts need checking
against human labels. This judges labelled responses (groundedness only, one call each) and
reports the confusion matrix, precision and recall of the ungrounded verdict, Cohen's kappa,
and every row where the judge and the people disagree.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from groundgate import __version__
from groundgate.adjudication import answer_digest
from groundgate.cases import load_cases, load_responses
from groundgate.errors import InputError
from groundgate.jsonl import read_jsonl
from groundgate.judges import Judge, JudgeError, JudgeRequest, Purpose
from groundgate.report.render import environment
from groundgate.rules import Bucket, bucket_of
from groundgate.stats import Agreement

SCHEMA = "groundgate-calibration"


class Disagreement(BaseModel):
    id: str
    category: str
    judge_score: float
    people: str  # "ungrounded" or "grounded"
    reason: str


class Calibration(BaseModel):
    model_config = ConfigDict(extra="forbid")
    schema_name: str = Field(default=SCHEMA, alias="schema")
    tool_version: str = __version__
    judge: str
    labelled: int
    both_ungrounded: int
    judge_only: int
    people_only: int
    both_grounded: int
    precision: float | None
    recall: float | None
    kappa: float | None
    disagreements: list[Disagreement]
    errors: list[str]  # rows the judge could not score: left out of the figures, listed here
    warnings: list[str]


def load_labels(path: Path) -> tuple[dict[tuple[str, str | None], tuple[bool, int]], int]:
    """(id, answer digest) -> (ungrounded according to people, line), and how many lines say nothing about
    groundedness. A label is {"grounded": bool} or a 1-5 "score"; one written by ``groundgate labels`` also
    names the answer it is about (``answer_digest``), so one id may have a label per answer, and one with
    ``"grounded": null`` (an accepted non-answer) is counted and left out."""
    labels: dict[tuple[str, str | None], tuple[bool, int]] = {}
    silent = 0
    for line, obj in read_jsonl(path):
        cid = obj.get("id")
        if not isinstance(cid, str) or not cid.strip():
            raise InputError(path, line, "id", "missing or not a string")
        digest = obj.get("answer_digest")
        if digest is not None and not (isinstance(digest, str) and re.fullmatch(r"[0-9a-f]{32}", digest)):
            raise InputError(path, line, "answer_digest", "not an answer digest written by groundgate labels")
        if (cid, digest) in labels:
            first = labels[(cid, digest)][1]
            raise InputError(path, line, "id", f"duplicate id {cid!r}{' for one answer' if digest else ''} (first on line {first})")  # fmt: skip
        if isinstance(obj.get("grounded"), bool):
            labels[(cid, digest)] = (not obj["grounded"], line)
        elif (
            isinstance(obj.get("score"), int | float)
            and not isinstance(obj.get("score"), bool)
            and 1 <= obj["score"] <= 5
        ):
            labels[(cid, digest)] = (bucket_of(float(obj["score"])) is Bucket.UNGROUNDED, line)
        elif "grounded" in obj and obj["grounded"] is None and "verdict" in obj:
            silent += 1  # groundgate labels: an adjudication that says nothing about groundedness
        else:
            raise InputError(path, line, "grounded", 'give "grounded": true/false or a 1-5 "score"')
    return labels, silent


def calibrate(cases_path: Path, responses_path: Path, labels_path: Path, judge: Judge) -> Calibration:
    cases = {case.id: case for case in load_cases(cases_path, judge.info.rubric)}
    responses = load_responses(responses_path)
    found, silent = load_labels(labels_path)
    labels: dict[str, tuple[bool, int]] = {}
    elsewhere = 0
    for (cid, digest), (ungrounded, line) in found.items():
        if cid not in cases:
            raise InputError(labels_path, line, "id", f"{cid!r} is not a case in {cases_path}")
        if cid not in responses:
            raise InputError(labels_path, line, "id", f"{cid!r} has no response in {responses_path}")
        case = cases[cid]
        if digest is not None and digest != answer_digest(case.query, case.context, responses[cid].response):
            elsewhere += 1  # a label about another answer to this case than the responses file holds
            continue
        if cid in labels:
            raise InputError(labels_path, line, "id", f"duplicate id {cid!r} (first on line {labels[cid][1]})")
        labels[cid] = (ungrounded, line)
    warnings = []
    if elsewhere:
        warnings.append(
            f"{elsewhere} label(s) are about other answers than {responses_path} holds (their answer_digest differs): "
            "not judged; give the responses they were made on"
        )
    if silent:
        warnings.append(f"{silent} label(s) say nothing about groundedness (accepted non-answers): not judged")
    unlabelled = [cid for cid in cases if cid not in labels]
    if unlabelled:
        warnings.append(f"{len(unlabelled)} case(s) have no label and were not judged")
    ids = list(labels)
    requests = [JudgeRequest.of(cases[cid], responses[cid], Purpose.GROUNDEDNESS) for cid in ids]
    counts = {"both_ungrounded": 0, "judge_only": 0, "people_only": 0, "both_grounded": 0}
    disagreements, errors = [], []
    for cid, judgement in zip(ids, judge.score_all(requests, "calibration"), strict=True):
        if isinstance(judgement, JudgeError):
            errors.append(f"{cid}: {judgement.message}")
            continue
        judge_says = bucket_of(judgement.score) is Bucket.UNGROUNDED
        people_say = labels[cid][0]
        key = {(True, True): "both_ungrounded", (True, False): "judge_only", (False, True): "people_only"}.get(
            (judge_says, people_say), "both_grounded"
        )
        counts[key] += 1
        if judge_says != people_say:
            disagreements.append(
                Disagreement(
                    id=cid,
                    category=cases[cid].category,
                    judge_score=judgement.score,
                    people="ungrounded" if people_say else "grounded",
                    reason=judgement.reason,
                )
            )
    agreement = Agreement(**counts)
    return Calibration(
        judge=f"{judge.info.kind} {judge.info.deployment or ''}".strip(),
        labelled=len(ids),
        both_ungrounded=agreement.both_ungrounded,
        judge_only=agreement.judge_only,
        people_only=agreement.people_only,
        both_grounded=agreement.both_grounded,
        precision=agreement.precision,
        recall=agreement.recall,
        kappa=agreement.kappa,
        disagreements=disagreements,
        errors=errors,
        warnings=warnings,
    )


def render_calibration(calibration: Calibration) -> str:
    """Markdown; user text (ids, categories, reasons) goes through the report's escaping."""
    return environment().get_template("calibrate.md.j2").render(c=calibration)

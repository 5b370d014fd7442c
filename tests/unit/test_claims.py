"""The claims answer as the runner carries it (parsed, encoded, decoded), and which rows get a claims call."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from groundgate import compare
from groundgate.cases import Case, Inputs, Response
from groundgate.compare import CLAIMS_AT_MOST, Options
from groundgate.judges import JudgeError, JudgeInfo, Judgement, JudgeRequest, Provider, Purpose, Verdict
from groundgate.judges.claims import LABELS, decode, encode, parse, verdict
from groundgate.judges.runner import Runner
from groundgate.rules import Outcome


def test_an_answer_becomes_labelled_claims() -> None:
    content = json.dumps({"claims": [
        {"claim": "You have 90 days", "label": "Not_Supported", "context": "within 30 days"},
        {"claim": "Refunds go to the card", "label": "SUPPORTED", "context": "to the original payment method"},
        {"claim": "   ", "label": "supported"},
        {"claim": "Free returns", "label": "unsupported"},
    ]})  # fmt: skip
    assert parse(content) == [
        ("not supported", "You have 90 days", "within 30 days"),
        ("supported", "Refunds go to the card", "to the original payment method"),
        ("not supported", "Free returns", ""),
    ]
    judged = verdict(content, "stop", "gpt-4o", 120)
    assert isinstance(judged, Verdict)
    assert (judged.score, judged.model, judged.tokens) == (1.0, "gpt-4o", 120)
    assert decode(judged.reason) == parse(content)


def test_every_claim_supported_scores_5_and_no_claim_is_an_answer_too() -> None:
    supported = verdict(json.dumps({"claims": [{"claim": "a", "label": "supported"}]}), "stop", None, 0)
    assert isinstance(supported, Verdict)
    assert supported.score == 5.0
    empty = verdict('{"claims": []}', "stop", None, 0)
    assert isinstance(empty, Verdict)
    assert decode(empty.reason) == []


def test_what_is_not_a_claims_answer_is_an_error() -> None:
    for content, message in [
        ("Claim 1 is supported.", "not JSON"),
        ('{"reason": "ok", "score": 5}', "no list of claims"),
        ('{"claims": [{"statement": "x"}]}', "none of the judge's claims has a claim and a label"),
    ]:
        judged = verdict(content, "stop", None, 0)
        assert isinstance(judged, JudgeError)
        assert message in judged.message
    cut = verdict('{"claims": [{"claim": "x", "lab', "length", None, 0)
    assert isinstance(cut, JudgeError)
    assert "cut off at its token limit" in cut.message
    assert decode("groundedness 5") is None  # another judge's reason
    assert decode("maybe\tx\ty") is None


@given(st.lists(st.tuples(st.sampled_from(LABELS), st.text(min_size=1), st.text()), max_size=5))
def test_claims_travel_through_the_runner_as_they_were(claims: list[tuple[str, str, str]]) -> None:
    content = json.dumps({"claims": [{"claim": c, "label": label, "context": span} for label, c, span in claims]})
    parsed = parse(content)
    assert isinstance(parsed, list)
    judged = verdict(content, "stop", None, 0)
    assert isinstance(judged, Verdict)
    assert decode(judged.reason) == parsed
    assert all("\t" not in c and "\n" not in c for _, c, _ in parsed)


class Claimed(Provider):
    """Scores every answer 5, or 2 when it says so, and names one claim when asked for the claims."""

    def __init__(self) -> None:
        self.info = JudgeInfo(kind="scripted", rubric="query", fluency=False)

    def score(self, request: JudgeRequest) -> Judgement:
        if request.purpose is Purpose.CLAIMS:
            return Verdict(1.0, encode([("not supported", request.response, "")]), "m")
        return Verdict(2.0 if "bad" in request.response else 5.0, "ok", "m")


def test_at_most_so_many_rows_get_their_claims_blocking_ones_first() -> None:
    rows = [(f"s{n:03d}", "shipping", "good", f"bad {n}") for n in range(30)]
    rows += [(f"p{n:03d}", "policy", "good", f"bad {n}") for n in range(CLAIMS_AT_MOST)]
    inputs = Inputs(
        cases=[Case(cid, cat, "q?", "ctx", n) for n, (cid, cat, _, _) in enumerate(rows, start=1)],
        baseline={cid: Response(cid, b, n) for n, (cid, _, b, _) in enumerate(rows, start=1)},
        candidate={cid: Response(cid, c, n) for n, (cid, _, _, c) in enumerate(rows, start=1)},
        cases_path="cases.jsonl",
        baseline_path="b.jsonl",
        candidate_path="c.jsonl",
    )
    results = compare.run(inputs, Runner(Claimed()), Options(frozenset({"policy"}), claims=True))
    assert results.calls.claims == CLAIMS_AT_MOST
    claimed = {row.id for row in results.rows if row.claims}
    assert claimed == {f"p{n:03d}" for n in range(CLAIMS_AT_MOST)}  # every blocking one, none of the reviews
    assert all(row.outcome is Outcome.REGRESSION for row in results.rows if row.claims)

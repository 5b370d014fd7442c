"""The claims answer as the runner carries it (parsed, encoded, decoded), and which rows get a claims call."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from groundgate import compare
from groundgate.cases import Case, Inputs, Response
from groundgate.compare import CLAIMS_AT_MOST
from groundgate.evidence import Options
from groundgate.judges import JudgeError, JudgeInfo, Judgement, JudgeRequest, Provider, Purpose, Score
from groundgate.judges.claims import LABELS, decode, encode, parse
from groundgate.judges.claims import verdict as claims_verdict
from groundgate.judges.runner import Runner
from groundgate.rules import Outcome

CONTEXT = "Items can be returned within 30 days of purchase. Refunds go to the original payment method."
ANSWER = "You have 90 days. Refunds go to the card. Returns are free."
REQUEST = JudgeRequest(Case("r", "policy", "q?", CONTEXT, 1), ANSWER, Purpose.CLAIMS)


def verdict(content: str, finish_reason: str = "stop", model: str | None = None, tokens: int = 0) -> Judgement:
    return claims_verdict(REQUEST, content, finish_reason, model, tokens)


def test_an_answer_becomes_labelled_claims() -> None:
    content = json.dumps({"claims": [
        {"claim": "You have 90 days", "label": "Not_Supported", "context": "within  30 DAYS"},
        {"claim": "Refunds go to the card", "label": "SUPPORTED", "context": "to the original payment method"},
        {"claim": "   ", "label": "supported"},
        {"claim": "...", "label": "supported", "context": "..."},  # the prompt's example, copied: not a claim
        {"claim": "Returns are free", "label": "unsupported", "context": "returns are always free"},
    ]})  # fmt: skip
    assert parse(content, ANSWER, CONTEXT) == [
        ("not supported", "You have 90 days", "within 30 DAYS"),
        ("supported", "Refunds go to the card", "to the original payment method"),
        ("not supported", "Returns are free", ""),  # a quote the context does not hold is not shown
    ]
    judged = verdict(content, "stop", "gpt-4o", 120)
    assert isinstance(judged, Score)
    assert (judged.score, judged.model, judged.tokens) == (1.0, "gpt-4o", 120)
    assert decode(judged.reason) == parse(content, ANSWER, CONTEXT)


def test_every_claim_supported_scores_5_and_no_claim_is_an_answer_too() -> None:
    supported = verdict(json.dumps({"claims": [{"claim": "90 days", "label": "supported"}]}))
    assert isinstance(supported, Score)
    assert supported.score == 5.0
    empty = verdict('{"claims": []}')
    assert isinstance(empty, Score)
    assert decode(empty.reason) == []


def test_what_is_not_a_claims_answer_is_an_error() -> None:
    for content, message in [
        ("Claim 1 is supported.", "not JSON"),
        ('{"reason": "ok", "score": 5}', "no list of claims"),
        ('{"claims": [{"statement": "x"}]}', "none of the judge's claims is a claim of the answer"),
        ('{"claims": [{"claim": "...", "label": "supported", "context": "..."}]}', "none of the judge's claims is"),
    ]:
        judged = verdict(content)
        assert isinstance(judged, JudgeError)
        assert message in judged.message
    cut = verdict('{"claims": [{"claim": "x", "lab', "length")
    assert isinstance(cut, JudgeError)
    assert "cut off at its token limit" in cut.message
    assert decode("groundedness 5") is None  # another judge's reason
    assert decode("maybe\tx\ty") is None


@given(st.lists(st.tuples(st.sampled_from(LABELS), st.text(min_size=1), st.text()), max_size=5))
def test_claims_travel_through_the_runner_as_they_were(claims: list[tuple[str, str, str]]) -> None:
    answer = " ".join(c for _, c, _ in claims) + " 90 days"
    content = json.dumps({"claims": [{"claim": c, "label": label, "context": span} for label, c, span in claims]})
    context = " ".join(span for _, _, span in claims)
    parsed = parse(content, answer, context)
    if not isinstance(parsed, list):
        return  # no claim shares a word with its answer: an error, as checked above
    request = JudgeRequest(Case("r", "p", "q?", context, 1), answer, Purpose.CLAIMS)
    judged = claims_verdict(request, content, "stop", None, 0)
    assert isinstance(judged, Score)
    assert decode(judged.reason) == parsed
    assert all("\t" not in c and "\n" not in c for _, c, _ in parsed)


class Claimed(Provider):
    """Scores every answer 5, or 2 when it says so, and names one claim when asked for the claims."""

    def __init__(self) -> None:
        self.info = JudgeInfo(kind="scripted", rubric="query", fluency=False)

    def score(self, request: JudgeRequest) -> Judgement:
        if request.purpose is Purpose.CLAIMS:
            return Score(1.0, encode([("not supported", request.response, "")]), "m")
        return Score(2.0 if "bad" in request.response else 5.0, "ok", "m")


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

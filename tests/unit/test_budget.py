"""The run's budget of tokens counts what the service billed, a failed answer's too."""

from __future__ import annotations

from groundgate.cases import Case
from groundgate.judges import JudgeError, JudgeRequest, Purpose, Score
from groundgate.judges.limits import Budget

CASE = Case("c1", "policy", "q?", "context", 1)


def request(n: int) -> JudgeRequest:
    return JudgeRequest(CASE, f"answer {n}", Purpose.GROUNDEDNESS)


def test_an_answer_cut_at_its_token_limit_is_charged_what_the_service_billed_not_the_estimate() -> None:
    """The issue: a cut answer kept its estimate (~1,528) against 2,441 billed, so a run finished past its
    --max-tokens. Now the bill replaces the estimate, for an unusable answer as for a usable one."""
    budget = Budget(max_tokens=5_000, estimate=lambda r: 1_500)
    assert budget.refusal(request(1)) is None
    budget.spent(request(1), JudgeError("the judge's answer was cut off at its token limit", tokens=2_441))
    assert budget.refusal(request(2)) is None
    budget.spent(request(2), Score(5.0, "fine", tokens=1_400))
    refused = budget.refusal(request(3))  # 2,441 + 1,400 + 1,500 is over 5,000 (with the estimate: 4,400)
    assert refused is not None
    assert refused.message == "not sent: the run reached its budget of 5,000 tokens (--max-tokens)"


def test_a_call_without_a_billed_answer_keeps_its_estimate() -> None:
    """A timeout or a dropped connection: the service may have billed it, so the estimate stays."""
    budget = Budget(max_tokens=3_000, estimate=lambda r: 1_500)
    assert budget.refusal(request(1)) is None
    budget.spent(request(1), JudgeError("the judge gave no answer within 3 s (call timeout)"))
    assert budget.refusal(request(2)) is None
    assert budget.refusal(request(3)) is not None

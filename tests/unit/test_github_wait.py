"""The one budget of seconds a run waits on GitHub, said as it is when GitHub asks for more than is left."""

from __future__ import annotations

import pytest
from urllib3 import HTTPResponse

from groundgate.github.client import BoundedRetry, WaitBudget, WaitTooLong


def asked(seconds: int) -> HTTPResponse:
    return HTTPResponse(body=b"", headers={"Retry-After": str(seconds)}, status=503)


def test_a_wait_longer_than_what_is_left_names_what_is_left_not_only_the_whole() -> None:
    budget = WaitBudget(5)
    assert budget.spend(2)
    with pytest.raises(WaitTooLong) as refused:
        BoundedRetry(budget=budget).sleep(asked(4))
    assert str(refused.value) == "GitHub asked to wait 4 s, more than the 3 s left of the 5 s a run waits on it in all"


def test_a_wait_longer_than_the_whole_budget_says_so() -> None:
    with pytest.raises(WaitTooLong) as refused:
        BoundedRetry(budget=WaitBudget(5)).sleep(asked(60))
    assert str(refused.value) == "GitHub asked to wait 60 s, more than the 5 s a run waits on it"

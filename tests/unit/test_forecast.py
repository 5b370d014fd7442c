"""The dry run's arithmetic (``groundgate.forecast``): the quota's floor, the cost words, the lines said."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from groundgate.forecast import Forecast, Quota, Spend, cost, money, quota_seconds, said
from groundgate.wording import duration

SPEND = Spend(calls=600, tokens=1_200_000, answer_tokens=54_000)


def forecast(**fields: object) -> Forecast:
    values: dict[str, object] = {
        "low": Spend(100, 150_000, 9_000), "expected": Spend(200, 200_000, 18_000), "high": SPEND, "claims": 1,
        "quota": Quota(), "prices": None,
    }  # fmt: skip
    values.update(fields)
    return Forecast(**values)  # type: ignore[arg-type]


def test_the_quota_floor_is_the_slower_of_requests_and_tokens() -> None:
    assert quota_seconds(SPEND, Quota()) is None
    assert quota_seconds(SPEND, Quota(rpm=60)) == 600  # a second a call
    # charged as the service charges them: prompts (1,014,000 - 54,000) plus 400 reserved a call = 1,200,000
    charged = Spend(calls=600, tokens=1_014_000, answer_tokens=54_000)
    assert quota_seconds(charged, Quota(tpm=120_000)) == 600  # ten minutes of tokens
    assert quota_seconds(charged, Quota(rpm=600, tpm=120_000)) == 600  # the tokens are slower
    assert quota_seconds(charged, Quota(rpm=30, tpm=10_000_000)) == 1200  # the requests are
    assert quota_seconds(Spend(600), Quota(rpm=60, tpm=1)) == 600  # tokens not counted: requests alone


@given(st.integers(0, 10**7), st.integers(0, 10**9), st.floats(1, 1e5), st.floats(1, 1e8))
def test_the_floor_never_falls_below_either_quota(calls: int, tokens: int, rpm: float, tpm: float) -> None:
    spend = Spend(calls, tokens, 0)
    both = quota_seconds(spend, Quota(rpm, tpm))
    assert both is not None
    assert both >= (quota_seconds(spend, Quota(rpm=rpm)) or 0)
    assert both >= (quota_seconds(spend, Quota(tpm=tpm)) or 0)


@given(st.floats(min_value=1e-9, max_value=1e9, allow_nan=False))
def test_a_cost_that_is_not_zero_never_reads_as_zero(amount: float) -> None:
    text = money(amount)
    assert float(text.replace(",", "")) > 0, text


def test_prompt_and_answer_tokens_are_priced_apart() -> None:
    assert cost(SPEND, (2.5, 10.0)) == (1_146_000 * 2.5 + 54_000 * 10) / 1e6


def test_durations_read_as_a_person_says_them() -> None:
    assert [duration(s) for s in (0.4, 59, 61, 3600, 3725)] == ["0 s", "59 s", "1 min 01 s", "1 h 00 min", "1 h 02 min"]


def test_the_lines_say_unknown_without_prices_and_name_every_quota_given() -> None:
    text = said(forecast(), 8)
    assert "cost: unknown" in text
    assert "0.00" not in text
    assert "no quota set (--max-rpm, --max-tpm)" in text
    priced = said(forecast(prices=(2.5, 10.0), quota=Quota(rpm=100, tpm=30_000)), 8)
    assert "at --max-rpm 100 and --max-tpm 30000" in priced
    # 200 calls charged as the service charges them: 182,000 prompt tokens and 400 reserved a call, at 30,000 a minute
    assert "at least 8 min 44 s for the expected calls" in priced
    assert "(6 min 02 s low, 46 min 12 s high)" in priced
    reasoning = said(forecast(reasoning=True), 8)
    assert "reasoning tokens are not in it" in reasoning

"""Chinese, Japanese and Korean counters are what a number counts ('14泊', '3곳', '55세', '2粒'), so the bound said
after the counter is the number's ('14泊以上', '3곳까지', '55세 이후') (issue 46, round four). Each both ways."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import listed


@pytest.mark.parametrize(
    ("context", "restated", "changed", "figure"),
    [
        ("この宿の連泊プランは最大10泊までです。", "連泊プランは10泊まで予約できます。", "連泊プランは10泊以上から予約できます。", "10泊"),
        ("체험 신청은 최대 4곳까지 가능합니다.", "체험은 4곳까지 신청할 수 있어요.", "체험은 최소 4곳 이상 신청해야 해요.", "4곳"),
        ("연금은 만 60세 이후에 받을 수 있습니다.", "연금은 만 60세부터 받을 수 있어요.", "연금은 만 60세까지 받을 수 있어요.", "60세"),
        ("本店套餐最多住5晚。", "套餐最多可住5晚。", "套餐5晚起订。", "5晚"),
    ],
)  # fmt: skip
def test_a_bound_after_a_counter_is_the_number_s(context: str, restated: str, changed: str, figure: str) -> None:
    assert listed(context, restated) == []
    assert listed(context, changed) == [("unsupported", figure)]

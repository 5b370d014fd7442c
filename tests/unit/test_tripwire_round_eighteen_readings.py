"""A period said as a span beside the figure it is the period of (issue 46, round 18): '一年交599元' of '年缴599元',
'宽带一年999元' of '年交999元' — the answer names the period of a price the context states, not a year of its
own ('年缴', '年交', '月缴', '月交' are periods now; never a term of years the context states: '缴费期一年' of
'缴费期20年'). A span with a bound or a hedge is a figure, never a period's name ('일주일 넘게' beside a weekly
pass's price). A CJK count of people in a bracket right before a price is what the price is for ('커플석(2인)
32,000원'). Each both ways."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged


@pytest.mark.parametrize(
    ("context", "honest", "changed", "figure"),
    [
        ("会员方案：标准版年缴299元，高级版年缴599元。", "高级版一年交599元。", "高级版一年交699元。", "699元"),
        ("宽带套餐年交999元，含1000M带宽。", "宽带一年999元，带宽1000M。", "宽带一年1099元，带宽1000M。", "1099元"),
        ("宽带套餐月付89元，含300M带宽。", "宽带一个月89元，带宽300M。", "宽带一个月99元，带宽300M。", "99元"),
    ],
)  # fmt: skip
def test_a_period_said_as_a_span_beside_its_price_is_no_figure(
    context: str, honest: str, changed: str, figure: str
) -> None:
    assert flagged(context, honest) == []
    assert flagged(context, changed) == [figure]


def test_a_term_of_years_the_context_states_is_no_period() -> None:
    context = "本保险年缴保费3600元，缴费期20年。"
    assert flagged(context, "本保险每年缴3600元，缴费期20年。") == []
    assert flagged(context, "本保险每年缴3600元，缴费期一年。") == ["一年"]


def test_a_bounded_span_beside_a_rate_is_a_figure() -> None:
    context = "주간 이용권은 15,000원이며, 보관은 최대 3일입니다."
    assert flagged(context, "주간 이용권은 15,000원이고 보관은 최대 3일까지 가능합니다.") == []
    assert flagged(context, "주간 이용권은 15,000원이고 보관은 일주일 넘게 가능합니다.") == ["일주일"]


@pytest.mark.parametrize(
    ("context", "honest", "changed", "figure"),
    [
        ("요금 안내: 일반 14,000원, 커플석(2인) 32,000원.", "커플석은 2인 기준 32,000원입니다.", "커플석은 1인당 32,000원입니다.", "32,000원"),
        ("料金：一般1,900円、カップルシート（2名）3,600円。", "カップルシートは2名で3,600円です。", "カップルシートは1人3,600円です。", "3,600円"),
        ("价目表：普通座80元，情侣座（2人）150元。", "情侣座两个人150元。", "情侣座每人150元。", "150元"),
    ],
)  # fmt: skip
def test_a_count_of_people_in_a_bracket_before_a_price_is_what_it_is_for(
    context: str, honest: str, changed: str, figure: str
) -> None:
    """'커플석(2인) 32,000원' is for two: 'per person' is no restatement of it."""
    assert flagged(context, honest) == []
    assert figure in flagged(context, changed)

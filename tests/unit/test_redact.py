"""Secrets out of text: every occurrence, the longest first, nothing shorter than a real secret."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from groundgate.redact import MASK, Redactor


def test_every_occurrence_of_every_secret_is_masked() -> None:
    redact = Redactor(["sk-abcdef123", "ghs_token_value", None, ""])
    text = "key sk-abcdef123 then ghs_token_value and sk-abcdef123 again"
    assert redact(text) == f"key {MASK} then {MASK} and {MASK} again"


def test_a_secret_inside_a_longer_one_leaves_no_tail() -> None:
    redact = Redactor(["abcdef", "abcdef-and-more"])
    assert redact("x abcdef-and-more y") == f"x {MASK} y"


def test_short_values_are_not_secrets() -> None:
    assert not Redactor(["abc", "12345"])
    assert Redactor(["abc"])("abc abc") == "abc abc"


@given(st.text(), st.text(min_size=6).filter(lambda s: "*" not in s))
def test_nothing_of_the_secret_survives(prefix: str, secret: str) -> None:
    assert secret not in Redactor([secret])(prefix + secret + prefix)

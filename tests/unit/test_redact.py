"""Secrets out of text: every occurrence, the longest first, in every form a server may echo, and
nothing that is not a secret (a placeholder key)."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.redact import MASK, Redactor, placeholder, public_url, url_credentials


def test_every_occurrence_of_every_secret_is_masked() -> None:
    redact = Redactor(["sk-abcdef123", "ghs_token_value", None, ""])
    text = "key sk-abcdef123 then ghs_token_value and sk-abcdef123 again"
    assert redact(text) == f"key {MASK} then {MASK} and {MASK} again"


def test_a_secret_inside_a_longer_one_leaves_no_tail() -> None:
    redact = Redactor(["abcdefgh", "abcdefgh-and-more"])
    assert redact("x abcdefgh-and-more y") == f"x {MASK} y"


@pytest.mark.parametrize(
    "value",
    ["abc", "1234567", "unused", "UNUSED", "EMPTY", "none", "dummy", "sk-local", "ollama", "not_needed", "Not-Needed",
     "sk-no-key-required", "lm-studio", "changeme", "xxxxxxxx", "sk-xxxxxxxxxxxx", "********"],
)  # fmt: skip
def test_placeholders_are_not_secrets(value: str) -> None:
    assert placeholder(value)
    assert Redactor([value]).secrets == []
    text = f"the context leaves {value} unused; {value}"
    assert Redactor([value])(text) == text


@pytest.mark.parametrize("value", ["sk-proj-4f9a0c2b", "unused-but-8+", "a-real-gateway-key", "ghs_0123456789"])
def test_real_keys_are_secrets(value: str) -> None:
    assert not placeholder(value)
    assert Redactor([value])(f"echo {value}") == f"echo {MASK}"


SECRET = 'sk-Zq9/x+Yw"7\\kP'  # every character that an encoding spells differently


@pytest.mark.parametrize(
    "echoed",
    [
        SECRET,
        "sk-Zq9%2Fx%2BYw%227%5CkP",  # percent-encoded
        "sk-Zq9%2fx%2bYw%227%5ckP",  # lower-case hex
        'sk-Zq9\\/x+Yw\\"7\\\\kP',  # JSON, slashes escaped
        "\\u0073\\u006b-Zq9/x+Yw\\u00227\\\\kP",  # JSON, \u escapes
        'sk-Zq9/x+\nYw"7\\kP',  # wrapped
        'sk-Zq9/x+\\r\\nYw"7\\kP',  # wrapped, then JSON-escaped
        'sk-Zq9/x+ Yw"7\\kP',  # wrapped, then joined into one line
    ],
)
def test_a_secret_is_masked_however_it_was_spelled(echoed: str) -> None:
    assert Redactor([SECRET])(f"error: {echoed}.") == f"error: {MASK}."


@pytest.mark.parametrize("before", ["", "u:", "ab:"])
@pytest.mark.parametrize("alphabet", [b"+/", b"-_"])
def test_a_secret_inside_base64_is_masked_at_every_alignment(before: str, alphabet: bytes) -> None:
    encoded = base64.b64encode(f"{before}{SECRET}@host".encode(), altchars=alphabet).decode()
    masked = Redactor([SECRET])(f"Authorization: Basic {encoded}")
    assert MASK in masked
    left, _, right = masked.removeprefix("Authorization: Basic ").partition(MASK)
    assert len(left) <= 4  # only characters that also depend on what surrounds the secret
    assert len(right) <= 8


@settings(deadline=None)  # a long secret makes a long pattern: compiled once per run, it may take a while here
@given(st.text(), st.text(min_size=8).filter(lambda s: "*" not in s and not placeholder(s)))
def test_nothing_of_the_secret_survives(prefix: str, secret: str) -> None:
    assert secret not in Redactor([secret])(prefix + secret + prefix)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("http://user:pass@host:8000/v1", "http://***@host:8000/v1"),
        (
            "see https://a:b@c@gateway.example/v1?x=1 and ftp://x@y",
            "see https://***@gateway.example/v1?x=1 and ftp://***@y",
        ),
        ("mail me at someone@example.com", "mail me at someone@example.com"),
        ("https://host/v1/path@v2", "https://host/v1/path@v2"),
    ],
)
def test_credentials_in_any_url_are_taken_out(text: str, shown: str) -> None:
    assert Redactor()(text) == shown


def test_a_url_shown_without_credentials_and_its_credentials_as_secrets() -> None:
    url = "https://gate:p%40ss-word-1@llm.example/v1"
    assert public_url(url) == "https://llm.example/v1"
    assert set(url_credentials(url)) == {"gate:p%40ss-word-1", "gate:p@ss-word-1", "p%40ss-word-1", "p@ss-word-1"}
    assert url_credentials("https://llm.example/v1") == []


def test_an_access_token_is_masked_with_no_secret_named_and_nothing_else_is() -> None:
    token = "eyJhbGciOiJSUzI1NiJ9.eyJvaWQiOiIxMjMifQ.c2lnbmF0dXJl"
    redact = Redactor()
    assert redact(f"authorization: Bearer {token}, then more") == f"authorization: Bearer {MASK}, then more"
    assert redact(f'"Bearer {token[:20]}\\n{token[20:]}"') == f'"Bearer {MASK}"'  # wrapped in a JSON body
    ordinary = "The eyJ prefix. Keys like abc.def.ghi are fine."
    assert redact(ordinary) == ordinary
    assert redact("eyJ" * 200_000) == "eyJ" * 200_000  # one start: a run of its characters is scanned once

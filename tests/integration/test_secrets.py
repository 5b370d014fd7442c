"""No key in any form: a judge that echoes the key it was sent (base64 at any alignment, percent-encoded,
JSON-escaped, split over lines) through the real SDK, and credentials in a base URL, reach no text
groundgate writes: the results, the console, the report, the annotations."""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import quote, quote_plus, unquote

import pytest
from azure.core.credentials import AccessToken
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from groundgate import compare
from groundgate.evidence import Options
from groundgate.github.annotations import annotations_for
from groundgate.redact import Redactor, placeholder
from groundgate.report import render
from groundgate.report.console import render_console
from groundgate.results import Results
from groundgate.rules import Outcome
from tests.support.azure import judge_for
from tests.support.cli import groundgate
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.openai import FakeOpenAI
from tests.support.inputs import make_inputs

KEY_CHARACTERS = st.characters(min_codepoint=0x21, max_codepoint=0x7E)  # what an HTTP header carries

Encode = Callable[[str], str]


def _base64(prefix: str, alphabet: str, wrap: bool) -> Encode:
    def encode(secret: str) -> str:
        raw = (prefix + secret + "@example").encode()
        text = base64.encodebytes(raw).decode() if wrap else base64.b64encode(raw).decode()
        return text.replace("+", "-").replace("/", "_") if alphabet == "url" else text

    return encode


def _split(at: float, separator: str) -> Encode:
    def encode(secret: str) -> str:
        cut = max(1, min(len(secret) - 1, round(len(secret) * at)))
        return secret[:cut] + separator + secret[cut:]

    return encode


ENCODINGS: dict[str, Encode] = {
    "raw": lambda s: s,
    "percent": lambda s: quote(s, safe=""),
    "percent, lower-case hex": lambda s: re.sub(r"%[0-9A-F]{2}", lambda m: m.group(0).lower(), quote(s, safe="")),
    "form": quote_plus,
    "json": lambda s: json.dumps({"api-key": s})[11:-1],
    "json, escaped slashes": lambda s: json.dumps(s).replace("/", "\\/"),
    "json, every character": lambda s: "".join(f"\\u{ord(c):04x}" for c in s),
}


def encodings() -> st.SearchStrategy[Encode]:
    shifted = st.builds(
        _base64,
        st.sampled_from(["", "u:", "ab:", "Basic user:"]),
        st.sampled_from(["standard", "url"]),
        st.booleans(),
    )
    split = st.builds(_split, st.floats(0, 1), st.sampled_from(["\n", "\r\n", "\\n", "\n    ", " "]))
    return st.one_of(st.sampled_from(list(ENCODINGS.values())), shifted, split)


def _decoded(text: str) -> Iterator[str]:
    """``text`` as a reader could decode it again: unwrapped, unescaped, percent-decoded, from base64."""
    joined = re.sub(r"\s+|\\[nr]", "", text)
    yield text
    yield joined
    yield unquote(joined.replace("+", " "))
    yield unquote(joined)
    yield re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), joined).replace("\\/", "/")
    for run in re.findall(r"[A-Za-z0-9+/_=-]{8,}", joined):
        for start in range(4):
            chunk = run[start:].rstrip("=")
            chunk = chunk[: len(chunk) // 4 * 4]
            for alphabet in (b"+/", b"-_"):
                with contextlib.suppress(binascii.Error, ValueError):
                    yield base64.b64decode(chunk, altchars=alphabet, validate=True).decode("latin-1")


def leaks(text: str, secret: str) -> bool:
    return any(secret in form for form in _decoded(text))


def everything_written(results: Results) -> list[str]:
    """The results file, the console, every report size and the annotations."""
    return [
        "".join(results.json_parts()),
        render_console(results),
        *(render(results, size) for size in ("comment", "check", "summary")),
        repr(annotations_for(results, "evals/cases.jsonl")),
    ]


def judged(fake: FakeAzureOpenAI, key: str, row: tuple[str, str, str, str]) -> Results:
    """One policy row judged by the real Azure judge with ``key``, the run's redactor built from it."""
    judge = judge_for(fake, api_key=key, redact=Redactor([key]))
    try:
        return compare.run(make_inputs([row]), judge, Options(frozenset({"policy"})))
    finally:
        judge.close()


@pytest.fixture(scope="module")
def echoing_judge() -> Iterator[FakeAzureOpenAI]:
    with FakeAzureOpenAI() as fake:
        yield fake


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(secret=st.text(KEY_CHARACTERS, min_size=8, max_size=48).filter(lambda s: not placeholder(s)), encode=encodings())
@example(secret="Category", encode=ENCODINGS["raw"])  # a word of the report's own, drawn by Hypothesis once
def test_a_key_echoed_in_any_form_reaches_nothing_groundgate_writes(
    echoing_judge: FakeAzureOpenAI, secret: str, encode: Encode
) -> None:
    def echo(prompt: Prompt) -> Reply:
        if "invented" not in prompt.response:
            return Reply(score=5)
        sent = prompt.headers["api-key"]  # the key exactly as the SDK sent it
        return Reply(http_status=400, reason=f"invalid request; headers were api-key={encode(sent)} (see the log)")

    echoing_judge.decide = echo
    row = ("refund", "policy", "Within 30 days.", "Within 45 days, invented.")
    results = judged(echoing_judge, secret, row)
    [judged_row] = results.rows
    assert judged_row.outcome is Outcome.ERROR
    assert judged_row.error is not None
    assert "invalid request; headers were api-key=" in judged_row.error  # the cause is kept
    found = [leaks(text, secret) for text in everything_written(results)]
    if any(found):  # Hypothesis draws strings from the source too: a "secret" may be a word groundgate writes
        echoing_judge.decide = lambda prompt: (
            Reply(score=5)
            if "invented" not in prompt.response
            else Reply(http_status=400, reason="invalid request; headers were api-key=(not said) (see the log)")
        )  # the same run, the key never echoed
        assert found == [leaks(text, secret) for text in everything_written(judged(echoing_judge, secret, row))]


def test_a_placeholder_key_is_no_secret_and_no_word_is_masked(
    fake_azure: Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI],
) -> None:
    reason = "The unused coupon is not in the context; the response is unsupported."
    fake = fake_azure(lambda p: Reply(score=2 if "coupon" in p.response else 5, reason=reason))
    [row] = judged(fake, "unused", ("c1", "policy", "Use it within 30 days.", "An unused coupon doubles it.")).rows
    assert row.outcome is Outcome.REGRESSION
    assert row.after_reason == reason


def test_credentials_in_the_base_url_are_never_printed(tmp_path: Path, fake_openai: Callable[..., FakeOpenAI]) -> None:
    fake = fake_openai(lambda p: Reply(score=2 if "45" in p.response else 5), basic_auth="gate:pa55word-xyz")
    (tmp_path / "cases.jsonl").write_text(
        json.dumps({"id": "r", "category": "policy", "query": "q?", "context": "30 days"}) + "\n"
    )
    (tmp_path / "b.jsonl").write_text(json.dumps({"id": "r", "response": "30 days"}) + "\n")
    (tmp_path / "k.jsonl").write_text(json.dumps({"id": "r", "response": "45 days"}) + "\n")
    url = fake.url.replace("http://", "http://gate:pa55word-xyz@")
    results, report = tmp_path / "r.json", tmp_path / "report.md"
    proc = groundgate(
        "compare", "--cases", str(tmp_path / "cases.jsonl"), "--baseline", str(tmp_path / "b.jsonl"),
        "--candidate", str(tmp_path / "k.jsonl"), "--judge", "openai", "--judge-model", "m", "--openai-base-url", url,
        "--results", str(results), "--report", str(report),
        env={"OPENAI_API_KEY": "sk-not-checked-here"},
    )  # fmt: skip
    assert proc.returncode == 1, proc.stderr
    assert json.loads(results.read_text())["judge"]["base_url"] == fake.url
    assert f"at {fake.url}" in proc.stdout
    written = [proc.stdout, proc.stderr, results.read_text(), report.read_text()]
    assert not [text for text in written if "pa55word" in text or "gate:pa" in text]

    refused = groundgate(  # a usage error quotes the value it refused
        "compare", "--cases", str(tmp_path / "cases.jsonl"), "--baseline", str(tmp_path / "b.jsonl"),
        "--candidate", str(tmp_path / "k.jsonl"), "--judge", "openai", "--judge-model", "m",
        "--openai-base-url", url + " /x", env={"OPENAI_API_KEY": "sk-not-checked-here"},
    )  # fmt: skip
    assert refused.returncode == 2
    assert "--openai-base-url" in refused.stderr
    assert "pa55word" not in refused.stderr


class _SignedIn:
    """A Microsoft Entra credential as keyless sign-in holds one: its access token is a JWT the judge is sent
    as ``Authorization: Bearer``, a secret nobody wrote into the settings."""

    token = (
        "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsImtpZCI6ImZha2UifQ"
        ".eyJhdWQiOiJodHRwczovL2NvZ25pdGl2ZXNlcnZpY2VzLmF6dXJlLmNvbSIsIm9pZCI6IjEyMyJ9"
        ".c2lnbmF0dXJlLW9mLXRoZS1hY2Nlc3MtdG9rZW4tbm90LXJlYWxseQ"
    )

    def get_token(self, *scopes: str, **kwargs: object) -> AccessToken:
        return AccessToken(self.token, 2**31 - 1)


@pytest.mark.parametrize(
    "encode", [ENCODINGS["raw"], ENCODINGS["json, escaped slashes"], _split(0.5, "\n")], ids=["raw", "json", "split"]
)
def test_an_access_token_from_keyless_sign_in_echoed_by_the_judge_reaches_nothing_written(
    fake_azure: Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI], encode: Encode
) -> None:
    def echo(prompt: Prompt) -> Reply:
        if "invented" not in prompt.response:
            return Reply(score=5)
        return Reply(
            http_status=400,
            reason=f"invalid request; headers were authorization={encode(prompt.headers['authorization'])}",
        )

    fake = fake_azure(echo)
    judge = judge_for(fake, api_key=None, credential=_SignedIn(), redact=Redactor([]))  # no key: nothing to name
    try:
        results = compare.run(
            make_inputs([("refund", "policy", "Within 30 days.", "Within 45 days, invented.")]),
            judge,
            Options(frozenset({"policy"})),
        )
    finally:
        judge.close()
    [row] = results.rows
    assert row.outcome is Outcome.ERROR
    assert row.error is not None
    assert "invalid request; headers were authorization=" in row.error
    assert not [text for text in everything_written(results) if leaks(text, _SignedIn.token)]


def test_a_sign_in_secret_in_the_environment_reaches_nothing_the_cli_writes(
    tmp_path: Path, fake_azure: Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
) -> None:
    """azure-identity reads AZURE_CLIENT_SECRET from the environment; a judge (or a log) that repeats it in an
    answer must not carry it into the console, the results or the report."""
    secret = "sp-client-secret-4Kd9~Wq"
    fake = fake_azure(lambda p: Reply(score=2 if "45" in p.response else 5, reason=f"the secret was {secret}"))
    (tmp_path / "cases.jsonl").write_text(
        json.dumps({"id": "r", "category": "policy", "query": "q?", "context": "30 days"}) + "\n"
    )
    (tmp_path / "b.jsonl").write_text(json.dumps({"id": "r", "response": "30 days"}) + "\n")
    (tmp_path / "k.jsonl").write_text(json.dumps({"id": "r", "response": "45 days"}) + "\n")
    results, report = tmp_path / "r.json", tmp_path / "report.md"
    proc = groundgate(
        "compare", "--cases", str(tmp_path / "cases.jsonl"), "--baseline", str(tmp_path / "b.jsonl"),
        "--candidate", str(tmp_path / "k.jsonl"), "--azure-endpoint", fake.endpoint, "--judge-deployment", "judge-4o",
        "--results", str(results), "--report", str(report),
        env={"AZURE_OPENAI_API_KEY": "test-key-not-a-placeholder", "AZURE_CLIENT_SECRET": secret},
    )  # fmt: skip
    assert proc.returncode == 1, proc.stderr
    written = [proc.stdout, proc.stderr, results.read_text(), report.read_text()]
    assert "the secret was ***" in results.read_text()
    assert not [text for text in written if leaks(text, secret)]

"""Secrets out of every text groundgate writes or posts, not only out of the log, in any form.

The runner masks the log (``::add-mask::``), but a judge whose error echoes the request headers
would put the API key into a row's error, and from there into results.json, the report, the PR
comment and the annotations, where no mask applies. Every judge answer and every final error line
passes through one ``Redactor`` built from the run's secrets.

A server rarely echoes a key as it was sent: it may quote a header (``Basic`` is base64 of
``user:key``, so the key sits at any of three alignments), a URL (percent-encoded), a JSON body
(``\\u0041``, ``\\/``), or wrap the text (a line break, or a space once the lines are joined). The
redactor matches each secret in all of those forms. Credentials written into a URL
(``https://user:pass@host``) are taken out of any URL in any text, and so is any JSON Web Token: keyless
sign-in sends the judge an access token (``Authorization: Bearer eyJ…``) that no setting holds.

A placeholder is not a secret: a self-hosted server that checks no key is given ``unused`` or
``EMPTY``, which nobody needs to steal and which masked as a word would blank every judge reason that
says "unused". The same list tells the score cache which keys cannot authenticate its entries.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterable
from urllib.parse import unquote, urlsplit

MASK = "***"
MIN_SECRET = 8  # shorter values are placeholders, not secrets: real keys and tokens are far longer

# Values people give a key that is not checked (vLLM's EMPTY, llama.cpp's sk-no-key-required, Ollama,
# LM Studio, docs and tutorials), compared without case, spaces, '-', '_' and '.': docs/judges.md lists them.
PLACEHOLDERS = frozenset(
    {
        "unused", "notused", "none", "null", "nil", "empty", "dummy", "fake", "test", "testing", "placeholder",
        "changeme", "anything", "notneeded", "notrequired", "nokey", "nokeyrequired", "noapikey", "skip",
        "secret", "password", "token", "key", "apikey", "yourapikey", "yourkey", "openaiapikey", "local",
        "localhost", "sklocal", "sknokeyrequired", "skdummy", "skfake", "sktest", "skplaceholder", "skunused",
        "ollama", "lmstudio", "vllm", "llamacpp", "localai", "litellm", "jan", "gpt4all", "tgi",
    }
)  # fmt: skip


def _folded(value: str) -> str:
    return re.sub(r"[\s_.-]", "", value.casefold())


def placeholder(value: str) -> bool:
    """A value that sits where a secret goes but is not one: shorter than 8 characters, a word from
    ``PLACEHOLDERS``, or one character repeated (``xxxxxxxx``, ``sk-xxxxxxxx``)."""
    folded = _folded(value)
    bare = folded.removeprefix("sk")
    return len(value.strip()) < MIN_SECRET or folded in PLACEHOLDERS or len(set(bare)) <= 1


# Credentials in a URL: the scheme (bounded, so a long word costs no rescans), then everything up to
# the last '@' before the host.
_USERINFO = re.compile(r"([A-Za-z][A-Za-z0-9+.-]{0,30}://)[^\s/?#@]*(?:@[^\s/?#@]*)*@")
_BREAK = r"(?:\s|\\[nr])*"  # a line break, raw or JSON-escaped, or the space one_line left of it
# A JSON Web Token: what keyless sign-in (Microsoft Entra, the workflow's OIDC token) sends as a bearer token,
# a secret no setting names. Three base64url parts, wrapped over lines (or their breaks made spaces) anywhere:
# the first and last part at most once, so the words after a token stay. It starts only where a run of its
# characters starts, and every part is bounded and possessive: linear in the text.
_B64URL, _WRAP = "[A-Za-z0-9_-]", r"(?:\s|\\[nr]){1,8}+"
_JWT = re.compile(
    rf"(?<!{_B64URL})eyJ{_B64URL}{{1,2000}}+(?:{_WRAP}{_B64URL}{{1,2000}}+)?(?:{_WRAP})?\."
    rf"(?:{_B64URL}|{_WRAP}){{1,20000}}+\.(?:{_WRAP})?{_B64URL}{{0,4000}}+(?:{_WRAP}{_B64URL}{{1,4000}}+)?"
)


def public_url(url: str) -> str:
    """``url`` without credentials (``https://user:pass@host/v1`` -> ``https://host/v1``): for showing."""
    return _USERINFO.sub(r"\1", url)


def url_credentials(url: str | None) -> list[str]:
    """The credentials written into ``url``, as written and decoded: secrets of the run."""
    if not url:
        return []
    try:
        parts = urlsplit(url)
    except ValueError:
        return []
    userinfo = parts.netloc.rpartition("@")[0] if "@" in parts.netloc else ""
    password = userinfo.partition(":")[2]
    return [value for value in {userinfo, unquote(userinfo), password, unquote(password)} if value]


def _hex(byte: int) -> str:
    return "".join(f"[{d}{d.upper()}]" if d.isalpha() else d for d in f"{byte:02x}")


def _char(c: str) -> str:
    """A regex for one character of a secret as a server may have spelled it."""
    forms = [re.escape(c), "".join("%" + _hex(b) for b in c.encode("utf-8"))]
    if ord(c) <= 0xFFFF:
        forms.append(r"\\u" + _hex(ord(c) >> 8) + _hex(ord(c) & 0xFF))
    forms += {"/": [r"\\/"], '"': [r"\\\""], "\\": [r"\\\\"], " ": [r"\+"]}.get(c, [])
    return "(?:" + "|".join(forms) + ")"


def _base64_cores(secret: str) -> set[str]:
    """The base64 characters that depend on ``secret`` alone, at each of the three alignments it can
    have inside a longer encoded value (standard and URL-safe alphabets)."""
    data = secret.encode("utf-8")
    cores = set()
    for shift in range(3):
        encoded = base64.b64encode(b"\0" * shift + data).decode()
        first, end = -(-8 * shift // 6), 8 * (shift + len(data)) // 6
        core = encoded[first:end]
        cores |= {core, core.replace("+", "-").replace("/", "_")}
    return cores


def _pattern(secret: str) -> str:
    return _BREAK.join(_char(c) for c in secret)


class Redactor:
    def __init__(self, secrets: Iterable[str | None] = ()) -> None:
        found = {s for s in secrets if s and not placeholder(s)}
        self.secrets = sorted(found, key=len, reverse=True)  # a longer secret may contain a shorter one
        forms = {form for secret in found for form in (secret, *_base64_cores(secret))}
        ordered = sorted(forms, key=len, reverse=True)
        self._pattern = re.compile("|".join(_pattern(form) for form in ordered)) if ordered else None

    def __call__(self, text: str) -> str:
        text = _USERINFO.sub(r"\1" + MASK + "@", text)
        text = _JWT.sub(MASK, text) if "eyJ" in text else text
        if self._pattern is not None:
            text = self._pattern.sub(MASK, text)
        return text

"""Secrets out of every text groundgate writes or posts, not only out of the log.

The runner masks the log (``::add-mask::``), but a judge whose error echoes the request headers
would put the API key into a row's error, and from there into results.json, the report, the PR
comment and the annotations, where no mask applies. Every judge answer and every final error line
passes through one ``Redactor`` built from the run's secrets.
"""

from __future__ import annotations

from collections.abc import Iterable

MASK = "***"
MIN_SECRET = 6  # shorter values would mask ordinary words; real keys and tokens are far longer


class Redactor:
    def __init__(self, secrets: Iterable[str | None] = ()) -> None:
        found = {s for s in secrets if s and len(s) >= MIN_SECRET}
        self.secrets = sorted(found, key=len, reverse=True)  # a longer secret may contain a shorter one

    def __call__(self, text: str) -> str:
        for secret in self.secrets:
            if secret in text:
                text = text.replace(secret, MASK)
        return text

    def __bool__(self) -> bool:
        return bool(self.secrets)

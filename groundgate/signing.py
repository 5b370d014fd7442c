"""Signed records: verdict memory a pull request's branch cannot write. Pure: no GitHub, no clock.

A check run of groundgate's name can be posted, or rewritten in place, by any workflow of the repository with
``checks: write`` (every workflow token is the GitHub Actions app's), one on the pull request's branch included.
So nothing a judging run of the pull request's own workflow writes proves that groundgate judged a commit. A
record key does: a secret held in an environment whose deployment branch policy allows only the default branch,
so only jobs that run from it (the fork recipe's ``workflow_run`` job, the ``issue_comment`` workflow) can use it
(docs/security.md, The verdict's memory). With it, every record groundgate writes carries an HMAC-SHA256 over its
exact bytes (the record's JSON, as its SHA-256 covers them) and the key's id: a short digest of the key, so a record
signed with a rotated key is named, not guessed at. A record whose bytes change in any way no longer verifies.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

KEY_ID_HEX = 16  # 64 bits of a digest of the key: names it, and tells nothing of a key of 128 bits or more
MIN_KEY = 32  # characters: `openssl rand -hex 32` gives 64; a short key's id would let it be guessed offline
MIN_DISTINCT = 8  # different characters: a key of one repeated character is a placeholder (and is not masked)
_DOMAIN = b"groundgate record v1\x00"  # what is signed is a groundgate record, and nothing else signed with the key
_ID_DOMAIN = b"groundgate record key id\x00"


@dataclass(frozen=True)
class Seal:
    """What a signed record carries beside its bytes: the id of the key that signed it, and the HMAC-SHA256."""

    key_id: str
    mac: str


class RecordKey:
    """The record key: signs a record's bytes, and tells whether a seal is its own over exactly these bytes. Its
    value is never shown (``repr`` names only its id)."""

    def __init__(self, secret: str) -> None:
        if len(secret.strip()) < MIN_KEY or len(set(secret.strip())) < MIN_DISTINCT:
            raise ValueError(
                f"the record key is shorter than {MIN_KEY} characters or is not random: make one with `openssl rand -hex 32` and keep "
                "it as the environment's secret GROUNDGATE_RECORD_KEY"
            )
        self._secret = secret.strip().encode("utf-8")
        self.id = hashlib.sha256(_ID_DOMAIN + self._secret).hexdigest()[:KEY_ID_HEX]

    def __repr__(self) -> str:
        return f"RecordKey(id={self.id})"

    def seal(self, data: bytes) -> Seal:
        return Seal(self.id, hmac.new(self._secret, _DOMAIN + data, hashlib.sha256).hexdigest())

    def verifies(self, data: bytes, seal: Seal | None) -> bool:
        """Whether ``seal`` is this key's, over exactly ``data``."""
        if seal is None or seal.key_id != self.id:
            return False
        return hmac.compare_digest(self.seal(data).mac, seal.mac)

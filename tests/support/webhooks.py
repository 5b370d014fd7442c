"""GitHub's own example webhook payloads (``@octokit/webhooks-examples``, vendored and trimmed by
``scripts/refresh-webhooks``), for every event the action handles.

A test takes a real payload and sets only what its scenario is about (the commit, the pull request,
the repositories), so every other field arrives as GitHub sends it."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from tests.support.paths import ROOT

FILE = ROOT / "tests/support/descriptions/webhooks/examples.json"


@cache
def _vendored() -> dict[str, Any]:
    return json.loads(FILE.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def version() -> str:
    return str(_vendored()["version"])


def example(event: str, action: str | None = None, which: int = 0) -> dict[str, Any]:
    """A fresh copy of the ``which``-th vendored ``event`` payload with that ``action``
    (``pull_request_target`` is sent the ``pull_request`` payload)."""
    name = "pull_request" if event == "pull_request_target" else event
    found = [e for e in _vendored()["events"][name] if action is None or e.get("action") == action]
    return copy.deepcopy(found[which])


def set_repository(repo: dict[str, Any], full_name: str) -> dict[str, Any]:
    """A repository object of a payload renamed to ``full_name``, its owner's login with it."""
    owner, name = full_name.split("/", 1)
    repo.update(full_name=full_name, name=name)
    repo["owner"]["login"] = owner
    return repo

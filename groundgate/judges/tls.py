"""One TLS context for every judge call instead of one per call.

azure-ai-evaluation builds a new OpenAI client, and so a new HTTP client, for every evaluator
call; its HTTP stack (httpx2 over httpcore2) then builds a new ``ssl.SSLContext`` and loads the
whole CA bundle into it: about half of the SDK's CPU time per call, and under the GIL the ceiling
on calls per second. A verifying client context holds no per-connection state, so one can serve
every call. This relies on an internal of the SDK's HTTP stack (``httpcore2.default_ssl_context``,
called by ``httpx2.create_ssl_context``); ``tests/test_throughput.py`` pins it, so an upgrade that
changes it fails the suite instead of silently losing the speed-up.
"""

from __future__ import annotations

import os
import ssl
import threading
from collections.abc import Callable
from typing import Any

from groundgate.judges.once import once

_lock = threading.Lock()  # the contexts kept, by trust setting


@once
def share_tls_context() -> bool:
    """Make the SDK's HTTP clients reuse one verifying context per trust setting; True if installed."""
    try:
        import httpcore2
    except ImportError:  # pragma: no cover - another HTTP stack: nothing to share
        return False
    original: Callable[..., ssl.SSLContext] = httpcore2.default_ssl_context
    contexts: dict[tuple[Any, ...], ssl.SSLContext] = {}

    def shared(*, _trust_env: bool = True) -> ssl.SSLContext:
        key = (_trust_env, os.environ.get("SSL_CERT_FILE"), os.environ.get("SSL_CERT_DIR"))
        with _lock:
            if key not in contexts:
                contexts[key] = original(_trust_env=_trust_env)
            return contexts[key]

    httpcore2.default_ssl_context = shared
    return True

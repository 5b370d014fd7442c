"""Patches of the SDK's internals, each installed once per process.

groundgate wraps a few functions of azure-ai-evaluation's stack (its HTTP transport, its TLS context,
its score parser, its template compiler). Installing a patch twice would wrap the wrapper, so every
installer goes through ``once``: run under a lock until it reports that it found what it patches, and
never again after that.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable


def once(install: Callable[[], bool]) -> Callable[[], bool]:
    """``install`` (True: installed; False: what it patches was not found) made safe to call from any
    thread, any number of times: after its first True it is not run again."""
    lock = threading.Lock()
    done = False

    @functools.wraps(install)
    def installed() -> bool:
        nonlocal done
        with lock:
            if not done:
                done = install()
            return done

    return installed

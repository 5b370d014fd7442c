"""How long a refusal asks to wait, as the service's headers say it."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from datetime import UTC
from email.utils import parsedate_to_datetime


def retry_after(headers: Mapping[str, str], now: Callable[[], float] = time.time) -> float | None:
    """Seconds a refusal asks to wait: ``retry-after-ms`` (Azure), else ``retry-after`` in seconds or as an
    HTTP-date (RFC 9110: 'Fri, 31 Dec 2027 23:59:59 GMT', the wait until then; a date past is no wait)."""
    lower = {key.lower(): value for key, value in headers.items()}
    for key, scale in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        if key not in lower:
            continue
        try:
            value = float(lower[key]) / scale
        except ValueError:
            if key != "retry-after":
                continue
            try:  # a year or a zone past what a date can hold raises OverflowError: no wait said
                when = parsedate_to_datetime(lower[key].strip())
                if when.tzinfo is None:  # RFC 9110 dates are GMT; an obsolete form without a zone is taken as such
                    when = when.replace(tzinfo=UTC)
                value = max(0.0, when.timestamp() - now())
            except (TypeError, ValueError, IndexError, OverflowError):
                continue
        if math.isfinite(value) and value >= 0:
            return value  # as asked: the pace bounds what it waits by the call timeout (``Pace.longest``)
    return None

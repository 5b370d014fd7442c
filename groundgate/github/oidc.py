"""The GitHub Actions OIDC token, exchanged by azure-identity for an Azure token (no secret stored)."""

from __future__ import annotations

import json
import urllib.parse
import urllib.request


def github_oidc_token(request_url: str, request_token: str, audience: str, timeout: float = 30) -> str:
    separator = "&" if "?" in request_url else "?"
    url = f"{request_url}{separator}audience={urllib.parse.quote(audience, safe='')}"
    if not url.startswith(("https://", "http://")):
        raise ValueError("ACTIONS_ID_TOKEN_REQUEST_URL must be an http(s) URL")
    headers = {"Authorization": f"Bearer {request_token}", "Accept": "application/json"}
    request = urllib.request.Request(url, headers=headers)  # noqa: S310 - scheme checked above
    with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 - scheme checked above
        return str(json.loads(response.read())["value"])

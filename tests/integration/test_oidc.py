"""Keyless Azure sign-in: the workflow's OIDC token, requested the way the runner serves it."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from azure.identity import ClientAssertionCredential, DefaultAzureCredential
from pydantic import SecretStr

from groundgate import wiring
from groundgate.errors import GroundgateError
from groundgate.event import GitHubRun
from groundgate.github.oidc import github_oidc_token
from groundgate.settings import Settings


def settings(url: str | None = None, token: str | None = None, **fields: Any) -> Settings:
    run = GitHubRun(oidc_url=url, oidc_token=SecretStr(token) if token else None)
    return Settings(cases=Path("c"), baseline=Path("b"), candidate=Path("k"), judge="figures", github=run, **fields)


@pytest.fixture
def oidc_server() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    seen: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass

        def do_GET(self) -> None:
            url = urlparse(self.path)
            seen.append({"query": parse_qs(url.query), "authorization": self.headers.get("Authorization")})
            data = json.dumps({"value": "oidc-jwt", "count": 1}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/token?api-version=2.0", seen
    server.shutdown()
    server.server_close()


def test_oidc_token_is_requested_with_the_azure_audience(oidc_server: tuple[str, list[dict[str, Any]]]) -> None:
    url, seen = oidc_server
    assert github_oidc_token(url, "request-token", "api://AzureADTokenExchange") == "oidc-jwt"
    assert seen == [
        {
            "query": {"api-version": ["2.0"], "audience": ["api://AzureADTokenExchange"]},
            "authorization": "Bearer request-token",
        }
    ]


def test_client_id_and_tenant_build_a_federated_credential(oidc_server: tuple[str, list[dict[str, Any]]]) -> None:
    url, _ = oidc_server
    keyless = settings(
        url,
        "t",
        azure_client_id="00000000-0000-0000-0000-000000000001",
        azure_tenant_id="00000000-0000-0000-0000-000000000002",
    )
    factory = wiring.credential(keyless)
    assert isinstance(factory(), ClientAssertionCredential)
    assert wiring.credential(settings()) is DefaultAzureCredential  # no keyless sign-in without its inputs


def test_keyless_without_id_token_permission_says_what_to_add() -> None:
    with pytest.raises(GroundgateError, match="id-token: write"):
        wiring.credential(settings(azure_client_id="a", azure_tenant_id="b"))

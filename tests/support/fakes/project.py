"""A local HTTPS fake of the Azure AI project endpoint that GroundednessProEvaluator calls.

azure-core refuses bearer tokens over plain HTTP, so this serves TLS with a self-signed
certificate for 127.0.0.1 that the test trusts through SSL_CERT_FILE (and REQUESTS_CA_BUNDLE).
"""

from __future__ import annotations

import datetime
import ipaddress
import ssl
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from tests.support.fakes.server import JsonHandler, LocalServer


def self_signed(folder: Path) -> tuple[Path, Path]:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(hours=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return cert_path, key_path


def serve_tls(server: LocalServer, folder: Path) -> Path:
    """Make ``server`` answer over HTTPS with a fresh self-signed certificate for 127.0.0.1; its path, for the
    test to trust."""
    cert, key = self_signed(folder)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server._server.socket = context.wrap_socket(server._server.socket, server_side=True)
    return cert


class FakeProject(LocalServer):
    """``decide(payload) -> (score, reason)``; every request body and header set is kept."""

    scheme = "https"

    def __init__(self, folder: Path, decide: Callable[[dict[str, Any]], tuple[int, str]]) -> None:
        self.requests: list[tuple[str, dict[str, str], dict[str, Any]]] = []
        fake = self

        class Handler(JsonHandler):
            def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
                body = self.read_json(empty={})
                fake.requests.append((self.path, self.lower_headers(), body))
                if "sync_evals:run" not in self.path:
                    self.reply(404, {"error": {"code": "NotFound", "message": self.path}})
                    return
                score, reason = decide(body)
                self.reply(200, {"results": [{"metric": "groundedness", "score": score, "reason": reason}]})

        super().__init__(Handler)
        self.cert = serve_tls(self, folder)

    @property
    def endpoint(self) -> str:
        return f"{self.base_url}/api/projects/gate"

"""A gateway in front of several OpenAI-compatible servers serving one model name, as nginx's default upstream
balancing or a LiteLLM deployment list: each request goes to the next backend in turn (round robin), and the
backend's answer comes back as it was (status, body, content type)."""

from __future__ import annotations

import http.client
import itertools
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit


class RoundRobin:
    """``RoundRobin(backend.base_url, ...)``; ``url`` is the base URL a client is given; ``routed``, the backend
    each request went to."""

    def __init__(self, *backends: str) -> None:
        turn = itertools.count()
        lock = threading.Lock()
        targets = [urlsplit(b) for b in backends]
        self.routed: list[int] = []
        gateway = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def forward(self, method: str) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with lock:
                    which = next(turn) % len(targets)
                    gateway.routed.append(which)
                target = targets[which]
                connection = http.client.HTTPConnection(target.hostname or "127.0.0.1", target.port, timeout=60)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
                connection.request(method, self.path, body=body or None, headers=headers)
                answer = connection.getresponse()
                data = answer.read()
                self.send_response(answer.status)
                for key, value in answer.getheaders():
                    if key.lower() not in ("content-length", "connection", "transfer-encoding", "date", "server"):
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                connection.close()

            def do_POST(self) -> None:
                self.forward("POST")

            def do_GET(self) -> None:
                self.forward("GET")

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True)

    def __enter__(self) -> RoundRobin:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

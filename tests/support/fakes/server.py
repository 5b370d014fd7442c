"""What every local fake server shares: a threaded HTTP server on 127.0.0.1 run in the background,
a context manager around it, and a JSON reply."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self


def send_json(
    handler: BaseHTTPRequestHandler, status: int, payload: Any, headers: dict[str, str] | None = None
) -> None:
    data = b"" if payload is None else json.dumps(payload).encode()
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    for key, value in (headers or {}).items():
        handler.send_header(key, value)
    handler.end_headers()
    handler.wfile.write(data)


class JsonHandler(BaseHTTPRequestHandler):
    """A quiet HTTP/1.1 handler that reads and writes JSON: what every fake's handler starts from."""

    protocol_version = "HTTP/1.1"
    raw_body = b""  # the last request's body, as it came (``read_json``)
    # TCP_NODELAY, as production HTTP servers set it: this handler writes the headers and the body in two
    # sends, and on a kept-alive connection Nagle's algorithm holds the body until the client's delayed
    # ACK of the headers, about 40 ms later. Without it every call on a shared connection pool paid
    # ~45 ms of the fake's own making (52 ms a sequential call at 0 ms latency, 5.6 ms with it).
    disable_nagle_algorithm = True
    # A connection that sends nothing for this long is closed, as production servers close idle keep-alive
    # connections: a client that sent half a request, or stopped reading, never holds a handler (and a test) forever.
    timeout = 60

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass

    def read_json(self, empty: Any = None) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        self.raw_body = raw  # the request's bytes, as they came
        return json.loads(raw) if raw else empty

    def lower_headers(self) -> dict[str, str]:
        return {key.lower(): value for key, value in self.headers.items()}

    def reply(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
        send_json(self, status, payload, headers)


class _Server(ThreadingHTTPServer):
    """Keeps its open connections, so closing the server also ends the keep-alive connections a
    client left open: their handler threads end with the server, not whenever the client is collected
    (a thread ending in the middle of a later test would upset that test's thread count)."""

    daemon_threads = True
    request_queue_size = 128  # dozens of judge calls connect at once; the default backlog of 5 drops some under load

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler]) -> None:
        super().__init__(address, handler)
        self.connections: dict[Any, threading.Thread] = {}
        self.connections_lock = threading.Lock()
        self.accepted = 0  # connections opened by clients, over the server's life

    def process_request(self, request: Any, client_address: Any) -> None:
        thread = threading.Thread(target=self.process_request_thread, args=(request, client_address), daemon=True)
        with self.connections_lock:
            self.connections[request] = thread
            self.accepted += 1
        thread.start()

    def shutdown_request(self, request: Any) -> None:
        with self.connections_lock:
            self.connections.pop(request, None)
        super().shutdown_request(request)

    def close_connections(self, wait: float = 2.0) -> None:
        with self.connections_lock:
            open_now = dict(self.connections)
        for request in open_now:
            with contextlib.suppress(OSError):  # already closed by the client
                request.shutdown(socket.SHUT_RDWR)
        deadline = time.monotonic() + wait  # a handler busy in a deliberate stall is not waited for
        for thread in open_now.values():
            thread.join(max(0.0, deadline - time.monotonic()))


class LocalServer:
    """Serves ``handler`` on 127.0.0.1 (port 0: any free one) until the ``with`` block ends."""

    scheme = "http"

    def __init__(self, handler: type[BaseHTTPRequestHandler], port: int = 0) -> None:
        self._server = _Server(("127.0.0.1", port), handler)
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True)

    @property
    def accepted(self) -> int:
        """TCP connections clients opened to this server so far."""
        return self._server.accepted

    @property
    def base_url(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self._server.server_address[1]}"

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.close_connections()
        self._server.server_close()

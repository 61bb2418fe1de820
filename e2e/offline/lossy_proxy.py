"""A pass-through proxy on 127.0.0.1 in front of a test server, that can lose an answer: the
request reaches the server and is carried out, but the page gets only half of the answer before
the connection is reset, as when a phone loses its signal at the wrong moment. It notes every write it
forwarded (method, path, Idempotency-Key, whether the answer was a replay)."""

import http.client
import socket
import struct
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

# Hop-by-hop headers a proxy does not pass on.
_HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-connection"}


class LossyProxy:
    def __init__(self, target):
        self._target = urlsplit(target)
        self._lock = threading.Lock()
        self._lose = []
        self.writes = []
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _forward(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                headers = {name: value for name, value in self.headers.items() if name.lower() not in _HOP_BY_HOP}
                upstream = http.client.HTTPConnection(proxy._target.hostname, proxy._target.port, timeout=30)
                upstream.request(self.command, self.path, body=body, headers=headers)
                answer = upstream.getresponse()
                content = answer.read()
                upstream.close()
                if self.command != "GET":
                    proxy._note(
                        self.command,
                        self.path,
                        self.headers.get("Idempotency-Key"),
                        answer.getheader("Idempotency-Replayed"),
                    )
                lose = proxy._take(self.command, self.path)
                self.send_response_only(answer.status, answer.reason)
                for name, value in answer.getheaders():
                    if name.lower() not in _HOP_BY_HOP and name.lower() != "content-length":
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(content)))
                self.end_headers()
                if lose:
                    # Carried out on the server, the answer cut off half-way: the page has its
                    # head, so the browser does not send the request again by itself (it would
                    # after a connection reset before any answer), and the body never completes.
                    self.wfile.write(content[: len(content) // 2])
                    self.wfile.flush()
                    self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    self.close_connection = True
                    return
                self.wfile.write(content)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _forward

            def log_message(self, *args):
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def lose_next_answer(self, method, path):
        """The next `method` request to `path` (the full path, e.g. /api/v1/wishes) reaches the server, its answer not the page."""
        with self._lock:
            self._lose.append((method, path))

    def writes_to(self, method, path):
        """`[(idempotency key, replayed header)]` of the writes forwarded to `path`, in order."""
        with self._lock:
            return [(key, replayed) for (m, p, key, replayed) in self.writes if m == method and p == path]

    def _take(self, method, path):
        with self._lock:
            if (method, path) in self._lose:
                self._lose.remove((method, path))
                return True
            return False

    def _note(self, method, path, key, replayed):
        with self._lock:
            self.writes.append((method, path, key, replayed))

    def stop(self):
        self._server.shutdown()
        self._server.server_close()

"""A web server on 127.0.0.1 for a test, on a free port, in a thread of its own: what the server
under test fetches (a shop's page, Giphy's API, a hostile page) when it must reach another site."""

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class LoopbackSite:
    """Answers every GET with `answer(handler)`, which calls `send` (or `handler.send_error`)."""

    def __init__(self, answer):
        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                answer(self)

            def log_message(self, *args):
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def stop(self):
        self._server.shutdown()
        self._server.server_close()


def send(handler, status, body, content_type, headers=None):
    """One whole answer: status, type, length, any further `headers`, then `body` (bytes)."""
    handler.send_response(status)
    handler.send_header("Content-Type", content_type)
    handler.send_header("Content-Length", str(len(body)))
    for name, value in (headers or {}).items():
        handler.send_header(name, value)
    handler.end_headers()
    handler.wfile.write(body)

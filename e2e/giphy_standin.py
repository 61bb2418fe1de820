"""A Giphy look-alike on 127.0.0.1 for the browser tests: `/v1/gifs/search`, `/trending` and
`/{id}` answered in Giphy's real shapes (numbers inside `images` as strings, some titles empty,
some ratings missing), the GIFs' files, and failures on demand (an HTTP status with Giphy's error
body and, for 429, `Retry-After`). It counts the API requests it was asked, so a test can show that
nothing asked Giphy twice."""

import base64
import json
import threading
from urllib.parse import parse_qs, urlparse

from loopback_site import LoopbackSite, send

KEY = "e2e-giphy-key"
# Giphy pages no further than these offsets.
SEARCH_LIMIT = 4_999
TRENDING_LIMIT = 499
# A 12×8 animation of two frames (red, then blue); every GIF shows it.
ANIMATION = base64.b64decode(
    "R0lGODlhDAAIAIAAAEdwTP8AACH/C05FVFNDQVBFMi4wAwEAAAAh+QQFCgAAACwAAAAADAAIAAACCIyPqcvtD2MqACH5BAUKAAAALAAAAAAMAAgAgEdwTAAA/wIIjI+py+0PYyoAOw=="
)


class GiphyStandIn:
    """Search answers `total` GIFs for any query but "nothing"; trending answers `total` too.
    GIF number n has id `gif{n}`; every fifth has an empty title and every third no rating.
    `titles`, when given, names GIF n `titles[n % len(titles)]` instead (e.g. hostile text)."""

    def __init__(self, total=10_000, titles=None):
        self.total = total
        self.titles = titles
        self.requests = []
        self.failure = None
        self._lock = threading.Lock()
        self._site = LoopbackSite(self._answer)
        self.url = self._site.origin

    def stop(self):
        self._site.stop()

    def fail(self, status=None, retry_after=None):
        """Answers every API request with `status` from now on (None: normally again)."""
        with self._lock:
            self.failure = None if status is None else (status, retry_after)

    def api_requests(self, path=None):
        """The API requests asked so far as (path, query) pairs, those to `path` when given."""
        with self._lock:
            return [(p, q) for p, q in self.requests if path is None or p == path]

    def _answer(self, handler):
        url = urlparse(handler.path)
        if url.path.startswith("/media/"):
            return send(handler, 200, ANIMATION, "image/gif")
        query = {name: values[0] for name, values in parse_qs(url.query).items()}
        with self._lock:
            self.requests.append((url.path, query))
            failure = self.failure
        if failure:
            status, retry_after = failure
            body = {"data": [], "meta": {"status": status, "msg": "Error", "response_id": ""}}
            headers = None if retry_after is None else {"Retry-After": retry_after}
            return send(handler, status, json.dumps(body).encode(), "application/json", headers)
        if query.get("api_key") != KEY:
            return send(handler, 401, b'{"message":"Invalid authentication credentials"}', "application/json")
        host = handler.headers.get("Host")
        limit = int(query.get("limit", "25"))
        offset = int(query.get("offset", "0"))
        if url.path in ("/v1/gifs/search", "/v1/gifs/trending"):
            cap = SEARCH_LIMIT if url.path.endswith("search") else TRENDING_LIMIT
            total = 0 if query.get("q") == "nothing" else self.total
            numbers = [] if offset > cap else list(range(offset, min(total, offset + limit)))
            body = {
                "data": [self._gif(n, host) for n in numbers],
                "pagination": {"total_count": total, "count": len(numbers), "offset": offset},
                "meta": {"status": 200, "msg": "OK", "response_id": "e2e"},
            }
            return send(handler, 200, json.dumps(body).encode(), "application/json")
        gif_id = url.path.removeprefix("/v1/gifs/")
        if gif_id.startswith("gif") and gif_id[3:].isdigit() and int(gif_id[3:]) < self.total:
            body = {
                "data": self._gif(int(gif_id[3:]), host),
                "meta": {"status": 200, "msg": "OK", "response_id": "e2e"},
            }
            return send(handler, 200, json.dumps(body).encode(), "application/json")
        return send(
            handler, 404, b'{"data":[],"meta":{"status":404,"msg":"Not Found","response_id":""}}', "application/json"
        )

    def _gif(self, number, host):
        media = f"http://{host}/media/gif{number}"

        def image(name, width, height):
            return {
                "url": f"{media}/{name}?cid=e2e",
                "width": str(width),
                "height": str(height),
                "size": str(len(ANIMATION)),
            }

        gif = {
            "type": "gif",
            "id": f"gif{number}",
            "url": f"https://giphy.com/gifs/cat-gif{number}",
            "title": self._title(number),
            "username": "",
            "images": {
                "original": image("giphy.gif", 480, 320),
                "fixed_width": image("200w.gif", 200, 133),
                "fixed_width_still": image("200w_s.gif", 200, 133),
            },
        }
        if number % 3 != 2:
            gif["rating"] = "g"
        return gif

    def _title(self, number):
        if self.titles:
            return self.titles[number % len(self.titles)]
        return "" if number % 5 == 4 else f"Cat {number} GIF"

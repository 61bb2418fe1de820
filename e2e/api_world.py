"""A running server whose one account has data of every kind, for the tests that go over the whole
API rather than one screen (test_schemathesis.py, test_hostile_values.py): wishes with photos,
places, tags and links (a shop on loopback, whose page gives a preview and a price), journal
entries with photos and wishes, a K-culture spot saved as a wish, GIF favorites and a GIF saved as
a wish (the Giphy stand-in), recent searches and a second API token. `snapshot` reads it all back,
so a test can show nothing was lost."""

import json
import urllib.request
import uuid

from conftest import PHOTOS, REPOSITORY, _serve
from flows import PASSWORD, USERNAME, create_account
from giphy_standin import KEY, GiphyStandIn
from loopback_site import LoopbackSite, send

PICTURES = [PHOTOS / "gps" / "DSCN0010.jpg", PHOTOS / "gps" / "DSCN0012.jpg"]
SPOTS = REPOSITORY / "Tests" / "WishlistServerTests" / "Fixtures" / "spots-sample.csv"
# High enough that a test run never meets a rate limit (429 is documented, but it would stop the
# requests behind it from reaching the code they are meant to test).
RATE_LIMITS = [
    "uploads=100000",
    "link-previews=100000",
    "gif-searches=100000",
    "sign-ins=100000",
    "imports=100000",
    "shared-views=100000",
    "reservations=100000",
]


class Shop:
    """A product page with a picture and a price, and the picture itself, on loopback."""

    def __init__(self):
        self._site = LoopbackSite(self._answer)
        self.origin = self._site.origin

    def _answer(self, handler):
        if handler.path == "/bag.jpg":
            send(handler, 200, PICTURES[0].read_bytes(), "image/jpeg")
        elif handler.path.startswith("/items/"):
            offer = json.dumps(
                {"@type": "Product", "offers": {"@type": "Offer", "price": "89000", "priceCurrency": "KRW"}}
            )
            page = f"""<!doctype html><html lang="en"><head><title>Canvas bag | Shop</title>
                <meta property="og:title" content="Canvas bag"><meta property="og:image" content="/bag.jpg">
                <meta property="og:site_name" content="Seoul Bags"><meta name="description" content="Folds flat.">
                <script type="application/ld+json">{offer}</script></head><body></body></html>"""
            send(handler, 200, page.encode(), "text/html; charset=utf-8")
        else:
            handler.send_error(404)

    def stop(self):
        self._site.stop()


class World:
    """The server, the account's token and what was made; `api` calls as the account."""

    def __init__(self, server, token, shop):
        self.server = server
        self.token = token
        self.shop = shop
        self.ids = {}

    def api(self, method, path, body=None):
        return self.server.api(method, path, body, token=self.token)

    def made(self, method, path, body=None, expect=(200, 201)):
        status, answer = self.api(method, path, body)
        assert status in expect, (method, path, status, answer)
        return answer

    def upload(self, *pictures):
        boundary = uuid.uuid4().hex
        body = (
            b"".join(
                f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{picture.name}"\r\n'
                "Content-Type: image/jpeg\r\n\r\n".encode()
                + picture.read_bytes()
                + b"\r\n"
                for picture in pictures
            )
            + f"--{boundary}--\r\n".encode()
        )
        request = urllib.request.Request(
            self.server.url("/api/v1/photos"),
            data=body,
            method="POST",
            headers={
                "Content-Type": f"multipart/form-data; boundary={boundary}",
                "Authorization": f"Bearer {self.token}",
            },
        )
        with urllib.request.urlopen(request, timeout=60) as response:
            assert response.status == 201
            return [photo["id"] for photo in json.loads(response.read())["items"]]

    def fill(self):
        """Makes a record of every kind, keeping their ids in `ids`."""
        seoul = {"name": "Seoul", "latitude": 37.5665, "longitude": 126.978, "source": "search"}
        madrid = {
            "name": "Madrid",
            "address": "Plaza Mayor",
            "latitude": 40.4155,
            "longitude": -3.7074,
            "source": "manual",
        }
        photos = self.upload(*PICTURES)
        bag = self.made(
            "POST",
            "/wishes",
            {
                "name": "Canvas bag",
                "memo": "the **big** one",
                "link": f"{self.shop}/items/bag",
                "tags": ["travel", "bags"],
                "place": seoul,
                "photoIds": photos,
                "favorite": True,
            },
        )
        self.made("POST", f"/wishes/{bag['id']}/link/refresh?addPhoto=true")
        camera = self.made("POST", "/wishes", {"name": "Film camera", "tags": ["travel"], "place": madrid})
        plain = self.made("POST", "/wishes", {"name": "Tea"})
        preview_photo = self.made("POST", "/link-previews/photo", {"url": f"{self.shop}/bag.jpg"})
        self.made("POST", "/link-previews", {"url": f"{self.shop}/items/bag"})
        entry = self.made(
            "POST",
            "/journal",
            {
                "title": "A day in Seoul",
                "contents": "Walked along the river.",
                "date": "2026-05-04",
                "time": "14:30",
                "place": seoul,
                "photoIds": self.upload(PICTURES[1]) + [preview_photo["id"]],
                "wishIds": [bag["id"], camera["id"]],
                "hearted": True,
            },
        )
        self.made("POST", "/journal", {"title": "Plans", "date": "2026-06-01"})
        spot = self.made("GET", "/spots?limit=1")["items"][0]
        spot_wish = self.made("POST", f"/spots/{spot['id']}/wish")
        for number in (1, 2, 3):
            self.made("PUT", f"/gifs/favorites/gif{number}")
        gif_wish = self.made("POST", "/gifs/gif4/wish")
        for query in ("bag", "seoul"):
            self.made("GET", f"/search?q={query}")
        other_token = self.made("POST", "/tokens", {"name": "second device"})
        self.upload(PICTURES[0])  # a photo on no record yet
        self.ids = {
            "wishes": [bag["id"], camera["id"], plain["id"], spot_wish["id"], gif_wish["id"]],
            "journal": [entry["id"]],
            "spot": spot["id"],
            "token": other_token["id"],
            "photos": photos,
        }

    def snapshot(self):
        """Every record of the account as the API shows it, in a form to compare."""

        def pages(path):
            items, cursor = [], None
            while True:
                answer = self.made("GET", path + ("&cursor=" + cursor if cursor else ""))
                items += answer["items"]
                cursor = answer.get("nextCursor")
                if not cursor:
                    return items

        return {
            "wishes": pages("/wishes?limit=100"),
            "journal": pages("/journal?limit=100"),
            "tags": self.made("GET", "/tags"),
            "gifFavorites": self.made("GET", "/gifs/favorites"),
            "tokens": sorted(token["id"] for token in self.made("GET", "/tokens")["items"]),
            "me": self.made("GET", "/me"),
        }


def serve_world(tmp_path_factory):
    """Yields a World on a fresh server with a Giphy stand-in and a shop; stops them after."""
    giphy, shop = GiphyStandIn(), Shop()
    arguments = ["--giphy-key", KEY, "--giphy-url", giphy.url, "--allow-private-addresses", "--spots", str(SPOTS)]
    for limit in RATE_LIMITS:
        arguments += ["--rate-limit", limit]
    try:
        for server in _serve(tmp_path_factory.mktemp("world"), *arguments):
            create_account(server)
            world = World(server, server.token(USERNAME, PASSWORD), shop.origin)
            world.fill()
            yield world
    finally:
        giphy.stop()
        shop.stop()

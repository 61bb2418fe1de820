"""Makes a release fixture: a database written by a released build, kept so that every later
build shows it still opens it (migrations run, every record reads back; `ReleaseFixtureTests`).

    python3 Tests/WishlistStoreTests/Fixtures/make_release_fixture.py COMMIT NAME

builds `wishlist` from COMMIT (`git archive`, in a temporary folder), starts it on an empty data
folder, writes records of every kind that release had through its own API, stops it (which
checkpoints the log into the file), and leaves beside this script

- `NAME.sqlite`, the database as that release left it, and
- `NAME.json`, what that release answered for every record, which the test compares with what
  today's repositories read.

Photos' files are not kept: the test reads records, and the start-up tidy is not run on it.
"""

import json
import shutil
import signal
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parents[2]
PHOTOS = REPOSITORY / "testdata" / "photos"
PASSWORD = "fixture-password"


def build(commit):
    """The release's `wishlist`, built in a folder under the system's temporary folder that a
    second run reuses."""
    source = Path(tempfile.gettempdir()) / f"wishlist-release-{commit}"
    if not source.exists():
        partial = source.with_name(source.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir()
        archive = partial / "source.tar"
        subprocess.run(["git", "-C", str(REPOSITORY), "archive", "-o", str(archive), commit], check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(partial, filter="data")
        partial.rename(source)
    subprocess.run(["swift", "build", "--product", "wishlist"], cwd=source, check=True)
    return source / ".build" / "debug" / "wishlist"


class Client:
    def __init__(self, base):
        self.base = base
        self.headers = {}

    def call(self, method, path, body=None, content_type="application/json", expect=(200, 201, 204)):
        data = json.dumps(body).encode() if body is not None and content_type == "application/json" else body
        headers = dict(self.headers)
        if data is not None:
            headers["Content-Type"] = content_type
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                status, raw, answer_headers = response.status, response.read(), response.headers
        except urllib.error.HTTPError as error:
            status, raw, answer_headers = error.code, error.read(), error.headers
        if status not in expect:
            raise SystemExit(f"{method} {path} answered {status}: {raw[:300]!r}")
        return (json.loads(raw) if raw else None), answer_headers

    def sign_in(self, username):
        """Signs in (a session) and makes an API token, which the test looks both up by."""
        _, headers = self.call("POST", "/api/v1/sessions", {"username": username, "password": PASSWORD})
        cookie = headers["Set-Cookie"].split(";")[0]
        self.session = cookie.split("=", 1)[1]
        self.headers = {"Cookie": cookie, "X-Requested-With": "wishlist"}
        token, _ = self.call("POST", "/api/v1/tokens", {"name": f"{username}'s shortcut"})
        self.token = token["token"]
        self.headers = {"Authorization": f"Bearer {self.token}"}

    def upload(self, *names):
        boundary = "fixture-boundary"
        body = b""
        for name in names:
            body += (
                (
                    f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{Path(name).name}"\r\n'
                    f"Content-Type: application/octet-stream\r\n\r\n"
                ).encode()
                + (PHOTOS / name).read_bytes()
                + b"\r\n"
            )
        body += f"--{boundary}--\r\n".encode()
        answer, _ = self.call("POST", "/api/v1/photos", body, f"multipart/form-data; boundary={boundary}")
        return [photo["id"] for photo in answer["items"]]

    def pages(self, path):
        items, cursor = [], None
        while True:
            answer, _ = self.call("GET", f"{path}?limit=100" + (f"&cursor={cursor}" if cursor else ""))
            items += answer["items"]
            cursor = answer.get("nextCursor")
            if not cursor:
                return items


def write_records(alice, bob):
    """Records of every kind the first release had: accounts and tokens, wishes with every field,
    tags, places, favorites, edits (version 2), a deletion, photos on wishes (one rotated and
    cropped) and one on no wish, recent searches. Later kinds: `write_shares`."""
    seoul = {
        "name": "Seoul",
        "address": "Jung-gu, Seoul",
        "latitude": 37.5665,
        "longitude": 126.978,
        "source": "search",
    }
    pair = alice.upload("camera/canon-40d.jpg", "gps/DSCN0012.jpg")
    loose = alice.upload("gps/DSCN0021.jpg")
    alice.call(
        "PUT", f"/api/v1/photos/{pair[1]}/edit", {"rotate": 90, "crop": {"x": 10, "y": 20, "width": 300, "height": 200}}
    )
    camera, _ = alice.call(
        "POST",
        "/api/v1/wishes",
        {
            "name": "Film camera",
            "memo": "A Canon with a 50 mm lens.\nSecond line.",
            "link": "https://example.com/camera",
            "tags": ["photo", "gear"],
            "place": seoul,
            "photoIds": pair,
            "favorite": True,
        },
    )
    alice.call(
        "POST",
        "/api/v1/wishes",
        {
            "name": "한강 자전거",
            "memo": "봄에",
            "tags": ["여행", "photo"],
            "place": {
                "name": "Yeouido",
                "address": None,
                "latitude": 37.5285,
                "longitude": 126.9327,
                "source": "manual",
            },
        },
    )
    alice.call("POST", "/api/v1/wishes", {"name": "Tea set", "link": "http://example.org/tea?x=1&y=2"})
    edited, _ = alice.call("POST", "/api/v1/wishes", {"name": "Old name", "tags": ["draft"]})
    alice.headers["If-Match"] = f'"{edited["version"]}"'
    alice.call(
        "PATCH", f"/api/v1/wishes/{edited['id']}", {"name": "Renamed wish", "tags": ["kept"], "memo": "edited once"}
    )
    del alice.headers["If-Match"]
    gone, _ = alice.call("POST", "/api/v1/wishes", {"name": "Deleted wish"})
    alice.call("DELETE", f"/api/v1/wishes/{gone['id']}")
    alice.call("DELETE", f"/api/v1/wishes/{camera['id']}/favorite")
    alice.call("PUT", f"/api/v1/wishes/{camera['id']}/favorite")
    for query in ("camera", "한강", "tea"):
        alice.call("GET", f"/api/v1/search?q={urllib.request.quote(query)}")
    bob.call("POST", "/api/v1/wishes", {"name": "Bob's bike", "tags": ["photo"], "favorite": True})
    bob.call("GET", "/api/v1/search?q=bike")
    return loose


def write_shares(client, wish_id):
    """Shared links, when the release has them (issue 29): one of every wish with every choice set
    otherwise than by default and an expiry, one of a tag, one rotated, one revoked; and a friend's
    reservation (no account) of `wish_id` through the first. Returns that reservation as
    `{token, wishId, key}`, or None for a release without shares."""
    listed, _ = client.call("GET", "/api/v1/shares", expect=(200, 404))
    if "items" not in listed:
        return None
    everything, _ = client.call(
        "POST",
        "/api/v1/shares",
        {
            "title": "Birthday 🎂",
            "showMemos": False,
            "showPrices": False,
            "showPlaces": True,
            "allowReservations": True,
            "expiresAt": "2099-12-31T00:00:00Z",
        },
    )
    client.call("POST", "/api/v1/shares", {"title": "사진", "tag": "photo", "allowReservations": False})
    rotated, _ = client.call("POST", "/api/v1/shares", {"title": "Rotated"})
    client.call("POST", f"/api/v1/shares/{rotated['id']}/rotate")
    revoked, _ = client.call("POST", "/api/v1/shares", {"title": "Revoked"})
    client.call("DELETE", f"/api/v1/shares/{revoked['id']}")
    token = everything["url"].rsplit("/s/", 1)[1]
    friend = Client(client.base)
    receipt, _ = friend.call(
        "POST",
        f"/api/v1/shared/{token}/wishes/{wish_id}/reservation",
        {"name": "Aunt Mi", "note": "with the lens", "showName": True},
    )
    return {"token": token, "wishId": wish_id, "key": receipt["reservationKey"]}


def answers(client, loose=(), reservation=None):
    wishes = client.pages("/api/v1/wishes")
    photos = [client.call("GET", f"/api/v1/photos/{photo_id}")[0] for photo_id in loose]
    shared = {}
    if reservation:
        # The owner's shares (never a reservation), and the friend's key, which the test checks still holds.
        shared = {"shares": client.call("GET", "/api/v1/shares")[0]["items"], "reservation": reservation}
    return {
        **shared,
        "me": client.call("GET", "/api/v1/me")[0],
        "wishes": wishes,
        "tags": client.call("GET", "/api/v1/tags")[0]["items"],
        "recentSearches": client.call("GET", "/api/v1/recent-searches")[0]["items"],
        "unattachedPhotos": photos,
        # Secrets of a throwaway account, kept so the test can look the session and token up.
        "sessionToken": client.session,
        "apiToken": client.token,
        # Last, so that no later request of this account moves a token's lastUsedAt.
        "tokens": client.call("GET", "/api/v1/tokens")[0]["items"],
    }


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    commit, name = sys.argv[1:]
    with tempfile.TemporaryDirectory(prefix="wishlist-fixture-") as scratch:
        folder = Path(scratch)
        binary = build(commit)
        data = folder / "data"
        for username, admin in (("alice", ["--admin"]), ("bob", [])):
            subprocess.run(
                [binary, "user", "add", username, *admin, "--password-stdin", "--data", data],
                input=PASSWORD.encode(),
                check=True,
            )
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        server = subprocess.Popen(
            [binary, "serve", "--data", data, "--listen", f"127.0.0.1:{port}", "--tile-url", "none"]
        )
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 60
            while True:
                try:
                    urllib.request.urlopen(base + "/healthz", timeout=5).close()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    try:
                        sys.exit(f"the server exited with {server.wait(timeout=0.1)} while starting")
                    except subprocess.TimeoutExpired:
                        pass
            alice, bob = Client(base), Client(base)
            alice.sign_in("alice")
            bob.sign_in("bob")
            loose = write_records(alice, bob)
            camera = next(wish for wish in alice.pages("/api/v1/wishes") if wish["name"] == "Film camera")
            reservation = write_shares(alice, camera["id"])
            expected = {
                "release": commit,
                "accounts": {"alice": answers(alice, loose, reservation), "bob": answers(bob)},
            }
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=60)
        log = data / "wishlist.sqlite-wal"
        if log.exists() and log.stat().st_size:
            sys.exit("the server stopped without checkpointing its log into the database")
        shutil.copyfile(data / "wishlist.sqlite", HERE / f"{name}.sqlite")
        (HERE / f"{name}.json").write_text(json.dumps(expected, indent=2, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"wrote {HERE / name}.sqlite and .json")


if __name__ == "__main__":
    main()

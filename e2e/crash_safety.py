"""Crash safety (issue 14): a real `wishlist serve` is killed with SIGKILL at random moments while
four writers change wishes, photos (uploads, rotations and crops), journal entries and GIF favorites
over the REST API, and restarted each time. After every restart it checks that

- every write that got a 2xx answer is there exactly as answered, or as a later acknowledged write
  of the same record left it;
- a write whose answer was lost to the kill is either wholly there or not at all;
- a write that got an error answer left nothing behind;
- `PRAGMA integrity_check` says ok (on a copy of the database and its log, taken while the
  server is down, before the restart recovers the log);
- every photo a record names has its original and renditions on disk and served with 200, and the
  media folder holds no file that no photo row names (after the housekeeping the restarted server
  runs as it starts leading; the kill's leftovers are first made older than the tidy's grace of an
  hour, as they are by the time a server sharing the folder could sweep them).

Run: WISHLIST_BIN=.build/debug/wishlist python e2e/crash_safety.py --kills 5
Exits non-zero at the first broken promise, printing what was expected and what was found.
"""

import argparse
import hashlib
import http.client
import json
import os
import random
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import closing
from pathlib import Path

from generated_png import png
from giphy_standin import KEY, GiphyStandIn

USERNAME = "crash"
PASSWORD = "crash-safety-password"
WRITERS = 4
RENDITIONS = ("thumb", "medium", "large")
STARTUP_TIMEOUT = 120
# The media tidy keeps what is younger than this (PhotoFiles.sweepGrace), and runs in the background.
SWEEP_GRACE_SECONDS = 3600
TIDY_TIMEOUT = 60
# Each writer favorites GIFs among five ids of its own, so the four stay within the limit of 20.
GIFS_PER_WRITER = 5
UPLOADS_A_MINUTE = 100_000


class BrokenPromise(Exception):
    """What the server kept differs from what it acknowledged."""


class Unanswered(Exception):
    """The request got no answer: the server died while it was in flight (or before it arrived)."""


class Server:
    """`wishlist serve` on a data folder that outlives it, started and killed again and again."""

    def __init__(self, binary, data, log_path, giphy_url, temporary):
        self.binary = binary
        self.data = data
        # The server's TMPDIR: a body it was streaming to a file when it was killed stays there, in
        # the run's folder, rather than in the machine's temporary folder for good.
        self.temporary = temporary
        self.log_path = log_path
        self.giphy_url = giphy_url
        self.process = None
        self.port = None

    @property
    def database(self):
        return self.data / "wishlist.sqlite"

    @property
    def media(self):
        return self.data / "media"

    def start(self):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [
                    self.binary,
                    "serve",
                    "--data",
                    str(self.data),
                    "--listen",
                    f"127.0.0.1:{self.port}",
                    "--tile-url",
                    "none",
                    "--spots",
                    "none",
                    "--giphy-key",
                    KEY,
                    "--giphy-url",
                    self.giphy_url,
                    "--allow-private-addresses",
                    # Four writers upload faster than a person may; this run is about crashes.
                    "--rate-limit",
                    f"uploads={UPLOADS_A_MINUTE}",
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env={**os.environ, "TMPDIR": str(self.temporary)},
            )
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while time.monotonic() < deadline:
            try:
                if Api(self).request("GET", "/healthz")[0] == 200:
                    return
            except Unanswered:
                pass
            try:
                code = self.process.wait(timeout=0.05)
                raise BrokenPromise(f"the server exited with {code} while starting; see {self.log_path}")
            except subprocess.TimeoutExpired:
                pass
        raise BrokenPromise(f"the server was not healthy within {STARTUP_TIMEOUT} s; see {self.log_path}")

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def age_media(self):
        """Sets every file and folder of the media folder two grace periods back, as the kill's
        leftovers are when the media tidy may first remove them."""
        then = time.time() - 2 * SWEEP_GRACE_SECONDS
        for path in [*self.media.rglob("*"), self.media]:
            os.utime(path, (then, then), follow_symlinks=False)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=60)


class Api:
    """One HTTP request at a time to the server's current port, with the account's token."""

    def __init__(self, server, token=None):
        self.server = server
        self.token = token

    def request(self, method, path, body=None, headers=None):
        """(status, headers, parsed JSON or raw bytes); raises Unanswered when no answer came."""
        headers = dict(headers or {})
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        if body is not None and not isinstance(body, bytes):
            body = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=120)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException) as error:
            raise Unanswered(f"{method} {path}: {error!r}") from None
        finally:
            connection.close()
        content_type = response.getheader("Content-Type") or ""
        answer = json.loads(raw) if raw and content_type.startswith("application/json") else raw
        return response.status, response, answer

    def pages(self, path):
        """Every item of a paged list."""
        items, cursor = [], None
        while True:
            separator = "&" if "?" in path else "?"
            query = f"{separator}limit=100" + (f"&cursor={cursor}" if cursor else "")
            status, _, page = self.request("GET", path + query)
            if status != 200:
                raise BrokenPromise(f"GET {path} answered {status}: {page}")
            items += page["items"]
            cursor = page.get("nextCursor")
            if not cursor:
                return items


class Turns:
    """Lets the writers run while the server serves, and waits for them to be between requests."""

    def __init__(self):
        self.condition = threading.Condition()
        self.running = False
        self.finished = False
        self.busy = 0

    def begin(self):
        """Waits until writers may run; False when the run is over."""
        with self.condition:
            while not self.running and not self.finished:
                self.condition.wait()
            if self.finished:
                return False
            self.busy += 1
            return True

    def end(self):
        with self.condition:
            self.busy -= 1
            self.condition.notify_all()

    def resume(self):
        with self.condition:
            self.running = True
            self.condition.notify_all()

    def hold(self):
        """No writer starts another request from now on."""
        with self.condition:
            self.running = False

    def wait_idle(self):
        with self.condition:
            while self.busy:
                self.condition.wait()

    def finish(self):
        with self.condition:
            self.running = False
            self.finished = True
            self.condition.notify_all()


def compare(kind, record_id, expected, found):
    if expected != found:
        raise BrokenPromise(
            f"{kind} {record_id} is not as last acknowledged:\n  expected {json.dumps(expected, sort_keys=True)}"
            f"\n  found    {json.dumps(found, sort_keys=True)}"
        )


def whole_change(kind, record_id, before, sent, found, volatile):
    """`found` is `before` with every field of `sent` applied and nothing else changed (but
    `volatile` fields): an update whose answer was lost happened wholly."""
    for field, value in sent.items():
        got = [photo["id"] for photo in found["photos"]] if field == "photoIds" else found.get(field)
        if got != value:
            raise BrokenPromise(
                f"{kind} {record_id} is half updated: {field} is {got!r}, sent {value!r}, "
                f"others changed as {json.dumps(found, sort_keys=True)}"
            )
    ignored = set(volatile) | set(sent) | ({"photos"} if "photoIds" in sent else set())
    for field in before:
        if field not in ignored and before[field] != found.get(field):
            raise BrokenPromise(
                f"{kind} {record_id}: {field} changed from {before[field]!r} to "
                f"{found.get(field)!r} by an update that did not send it"
            )


def edit_of(photo):
    """A photo's edit as (rotation, crop), the same whether no edit is spelled null or zeros."""
    edit = photo.get("edit") or {}
    return edit.get("rotate", 0), edit.get("crop")


class Writer(threading.Thread):
    """Changes records of its own in a random mix, remembering what each acknowledged write
    answered, which writes lost their answer, and which were refused."""

    def __init__(self, number, api, turns, images, seed):
        super().__init__(name=f"writer-{number}", daemon=True)
        self.number = number
        self.api = api
        self.turns = turns
        self.images = images
        self.random = random.Random(seed)
        self.sequence = 0
        self.wishes = {}  # id -> the wish as last acknowledged
        self.entries = {}  # id -> the entry as last acknowledged
        self.photos = {}  # id -> (the photo as last acknowledged, sha256 of its original)
        self.unattached = []  # ids of acknowledged uploads on no record
        self.deleted = {"wishes": set(), "journal": set(), "photos": set()}
        self.gifs = {
            f"gif{number * GIFS_PER_WRITER + n}": None for n in range(GIFS_PER_WRITER)
        }  # id -> favorite or None
        self.unsure = []  # (kind, details) of writes whose answer was lost
        self.refused_names = set()  # names of creates answered with an error
        self.acknowledged = 0
        self.unexpected = []  # answers that no correct server gives
        self.failure = None

    # MARK: The loop

    def run(self):
        operations = [
            (self.upload, 5),
            (self.create_wish, 5),
            (self.edit_wish, 4),
            (self.favorite_wish, 3),
            (self.delete_wish, 1),
            (self.edit_photo, 3),
            (self.create_entry, 3),
            (self.edit_entry, 2),
            (self.heart_entry, 2),
            (self.delete_entry, 1),
            (self.toggle_gif, 2),
            (self.refused_create, 1),
            (self.stale_edit, 1),
        ]
        choices = [operation for operation, weight in operations for _ in range(weight)]
        try:
            while self.turns.begin():
                try:
                    self.random.choice(choices)()
                except Unanswered:
                    pass  # noted in `unsure` by `send`; the checks after the restart settle it
                finally:
                    self.turns.end()
        except Exception as error:  # a mistake of this script ends the writer; the run reports it
            self.failure = error

    def name(self, kind):
        self.sequence += 1
        return f"crash {kind} w{self.number}-{self.sequence}"

    def send(self, method, path, body=None, headers=None, expect=(200, 201, 204), unsure=None):
        """Sends one write. An unanswered one is noted in `unsure` and re-raised."""
        try:
            status, response, answer = self.api.request(method, path, body, headers)
        except Unanswered:
            if unsure:
                self.unsure.append(unsure)
            raise
        if status >= 500 or status not in expect:
            self.unexpected.append(f"{method} {path} answered {status}: {answer!r}"[:500])
            return status, None
        if 200 <= status < 300:
            self.acknowledged += 1
        return status, answer

    def upload_body(self, images):
        boundary = f"crash-{self.random.getrandbits(64):x}"
        parts = []
        for number, image in enumerate(images):
            parts.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="p{number}.png"\r\n'
                f"Content-Type: image/png\r\n\r\n".encode()
                + image
                + b"\r\n"
            )
        return b"".join(parts) + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"

    # MARK: Photos

    def upload(self):
        images = [self.random.choice(self.images) for _ in range(self.random.choice((1, 1, 2)))]
        body, content_type = self.upload_body(images)
        status, answer = self.send(
            "POST", "/api/v1/photos", body, {"Content-Type": content_type}, expect=(201,), unsure=("upload", None)
        )
        if status == 201:
            for photo, image in zip(answer["items"], images, strict=True):
                self.photos[photo["id"]] = (photo, hashlib.sha256(image).hexdigest())
                self.unattached.append(photo["id"])

    def edit_photo(self):
        if not self.photos:
            return
        photo_id = self.random.choice(sorted(self.photos))
        photo, _ = self.photos[photo_id]
        width, height = photo["originalWidth"], photo["originalHeight"]
        edit = {"rotate": self.random.choice((0, 90, 180, 270))}
        if self.random.random() < 0.6:
            x, y = self.random.randrange(0, width // 2), self.random.randrange(0, height // 2)
            edit["crop"] = {
                "x": x,
                "y": y,
                "width": self.random.randrange(8, width - x + 1),
                "height": self.random.randrange(8, height - y + 1),
            }
        else:
            edit["crop"] = None
        status, answer = self.send(
            "PUT", f"/api/v1/photos/{photo_id}/edit", edit, unsure=("photo-edit", (photo_id, edit))
        )
        if status == 200:
            self.set_photo(answer)

    def set_photo(self, photo):
        """A photo's new state; the record showing it changed with it (its photo, and its version)."""
        self.photos[photo["id"]] = (photo, self.photos[photo["id"]][1])
        for record in (*self.wishes.values(), *self.entries.values()):
            for index, shown in enumerate(record["photos"]):
                if shown["id"] == photo["id"]:
                    record["photos"][index] = photo
                    record["version"] += 1

    def take_unattached(self, most):
        count = self.random.randint(0, min(most, len(self.unattached)))
        return [self.unattached.pop(self.random.randrange(len(self.unattached))) for _ in range(count)]

    def forget_photos(self, ids):
        for photo_id in ids:
            self.photos.pop(photo_id, None)
            self.deleted["photos"].add(photo_id)

    # MARK: Wishes

    def place(self):
        if self.random.random() < 0.5:
            return None
        return {
            "name": f"Place {self.random.randrange(1000)}",
            "address": None,
            "latitude": round(self.random.uniform(33, 38), 5),
            "longitude": round(self.random.uniform(126, 129), 5),
            "source": "manual",
        }

    def create_wish(self):
        photo_ids = self.take_unattached(2)
        draft = {
            "name": self.name("wish"),
            "memo": f"memo {self.random.randrange(10**6)}",
            "link": f"https://example.com/{self.random.randrange(10**6)}",
            "tags": sorted({f"t{self.random.randrange(8)}" for _ in range(self.random.randrange(3))}),
            "place": self.place(),
            "photoIds": photo_ids,
            "favorite": self.random.random() < 0.3,
        }
        status, answer = self.send("POST", "/api/v1/wishes", draft, expect=(201,), unsure=("wish-create", draft))
        if status == 201:
            self.wishes[answer["id"]] = answer
        else:
            self.unattached += photo_ids

    def pick(self, records):
        return self.random.choice(sorted(records)) if records else None

    def edit_wish(self):
        wish_id = self.pick(self.wishes)
        if not wish_id:
            return
        before = self.wishes[wish_id]
        patch = {}
        if self.random.random() < 0.5:
            patch["name"] = self.name("wish")
        if self.random.random() < 0.5:
            patch["memo"] = f"memo {self.random.randrange(10**6)}" if self.random.random() < 0.8 else None
        if self.random.random() < 0.4:
            patch["tags"] = sorted({f"t{self.random.randrange(8)}" for _ in range(self.random.randrange(4))})
        if self.random.random() < 0.3:
            patch["place"] = self.place()
        added = []
        if self.random.random() < 0.4:
            kept = [photo["id"] for photo in before["photos"] if self.random.random() < 0.7]
            added = self.take_unattached(1)
            patch["photoIds"] = kept + added
        if not patch:
            patch["memo"] = "changed"
        released = [
            photo["id"] for photo in before["photos"] if photo["id"] not in patch.get("photoIds", [photo["id"]])
        ]
        status, answer = self.send(
            "PATCH",
            f"/api/v1/wishes/{wish_id}",
            patch,
            {"If-Match": f'"{before["version"]}"'},
            unsure=("wish-edit", (wish_id, before, patch, added, released)),
        )
        if status == 200:
            self.wishes[wish_id] = answer
            self.forget_photos(released)
        else:
            self.unattached += added

    def favorite_wish(self):
        wish_id = self.pick(self.wishes)
        if not wish_id:
            return
        before = self.wishes[wish_id]
        method = "DELETE" if before["favorite"] else "PUT"
        status, answer = self.send(
            method,
            f"/api/v1/wishes/{wish_id}/favorite",
            unsure=("wish-edit", (wish_id, before, {"favorite": method == "PUT"}, [], [])),
        )
        if status == 200:
            self.wishes[wish_id] = answer

    def delete_wish(self):
        wish_id = self.pick(self.wishes)
        if not wish_id:
            return
        before = self.wishes[wish_id]
        status, _ = self.send("DELETE", f"/api/v1/wishes/{wish_id}", unsure=("wish-delete", (wish_id, before)))
        if status == 204:
            del self.wishes[wish_id]
            self.deleted["wishes"].add(wish_id)
            self.forget_photos(photo["id"] for photo in before["photos"])

    def refused_create(self):
        """A wish refused for a bad link must leave no wish and its photos free."""
        photo_ids = self.take_unattached(2)
        draft = {"name": self.name("refused"), "link": "ftp://example.com/no", "photoIds": photo_ids}
        status, _ = self.send("POST", "/api/v1/wishes", draft, expect=(400,), unsure=("refused", draft))
        self.refused_names.add(draft["name"])
        self.unattached += photo_ids

    def stale_edit(self):
        """An edit with a stale If-Match is refused with 412 and changes nothing."""
        wish_id = self.pick(self.wishes)
        if not wish_id:
            return
        before = self.wishes[wish_id]
        self.send(
            "PATCH",
            f"/api/v1/wishes/{wish_id}",
            {"name": self.name("stale")},
            {"If-Match": f'"{before["version"] + 1}"'},
            expect=(412,),
        )

    # MARK: Journal

    def create_entry(self):
        photo_ids = self.take_unattached(1)
        draft = {
            "title": self.name("entry"),
            "contents": f"contents {self.random.randrange(10**6)}",
            "date": f"2026-{self.random.randint(1, 12):02}-{self.random.randint(1, 28):02}",
            "time": self.random.choice((None, "09:30", "21:05")),
            "place": self.place(),
            "photoIds": photo_ids,
            "hearted": self.random.random() < 0.3,
        }
        status, answer = self.send("POST", "/api/v1/journal", draft, expect=(201,), unsure=("entry-create", draft))
        if status == 201:
            self.entries[answer["id"]] = answer
        else:
            self.unattached += photo_ids

    def edit_entry(self):
        entry_id = self.pick(self.entries)
        if not entry_id:
            return
        before = self.entries[entry_id]
        patch = {"title": self.name("entry")} if self.random.random() < 0.5 else {}
        patch["contents"] = f"contents {self.random.randrange(10**6)}"
        if self.random.random() < 0.3:
            patch["time"] = self.random.choice((None, "07:15"))
        status, answer = self.send(
            "PATCH",
            f"/api/v1/journal/{entry_id}",
            patch,
            {"If-Match": f'"{before["version"]}"'},
            unsure=("entry-edit", (entry_id, before, patch)),
        )
        if status == 200:
            self.entries[entry_id] = answer

    def heart_entry(self):
        entry_id = self.pick(self.entries)
        if not entry_id:
            return
        before = self.entries[entry_id]
        method = "DELETE" if before["hearted"] else "PUT"
        status, answer = self.send(
            method,
            f"/api/v1/journal/{entry_id}/heart",
            unsure=("entry-edit", (entry_id, before, {"hearted": method == "PUT"})),
        )
        if status == 200:
            self.entries[entry_id] = answer

    def delete_entry(self):
        entry_id = self.pick(self.entries)
        if not entry_id:
            return
        before = self.entries[entry_id]
        status, _ = self.send("DELETE", f"/api/v1/journal/{entry_id}", unsure=("entry-delete", (entry_id, before)))
        if status == 204:
            del self.entries[entry_id]
            self.deleted["journal"].add(entry_id)
            self.forget_photos(photo["id"] for photo in before["photos"])

    # MARK: GIF favorites

    def toggle_gif(self):
        gif_id = self.random.choice(sorted(self.gifs))
        favorite = self.gifs[gif_id]
        method = "DELETE" if favorite else "PUT"
        status, answer = self.send(method, f"/api/v1/gifs/favorites/{gif_id}", unsure=("gif", gif_id))
        if status in (200, 204):
            self.gifs[gif_id] = answer if method == "PUT" else None


class Checker:
    """What the restarted server holds, against what every writer was told."""

    def __init__(self, server, api, writers):
        self.server = server
        self.api = api
        self.writers = writers
        self.lost_answers = 0  # writes whose answer the kill took, over the run
        self.lost_but_done = 0  # of those, the ones found done

    def check(self):
        """Checks everything and adopts the outcome of lost writes; the acknowledged writes checked."""
        wishes = {wish["id"]: wish for wish in self.api.pages("/api/v1/wishes")}
        entries = {entry["id"]: entry for entry in self.api.pages("/api/v1/journal")}
        favorites = {gif["id"]: gif for gif in self.api.request("GET", "/api/v1/gifs/favorites")[2]["items"]}
        for writer in self.writers:
            self.resolve_unsure(writer, wishes, entries, favorites)
        for writer in self.writers:
            self.check_writer(writer, wishes, entries, favorites)
        self.check_nothing_else(wishes, entries, favorites)
        photos = self.check_media()
        rows = self.check_files()
        return (
            f"{len(wishes)} wishes, {len(entries)} entries, {len(favorites)} GIF favorites, {photos} photos served, "
            f"{rows} photo rows with their files; lost answers so far {self.lost_answers} ({self.lost_but_done} done)"
        )

    # MARK: Lost answers

    def resolve_unsure(self, writer, wishes, entries, favorites):
        """A write whose answer was lost happened wholly or not at all; the model takes whichever."""
        for kind, details in writer.unsure:
            self.lost_answers += 1
            if self.settle(writer, kind, details, wishes, entries, favorites):
                self.lost_but_done += 1
        writer.unsure.clear()

    def settle(self, writer, kind, details, wishes, entries, favorites):
        """Checks one lost write and adopts its outcome; whether it was done."""
        if kind in ("wish-create", "entry-create"):
            key, records, found = (
                ("name", writer.wishes, wishes) if kind == "wish-create" else ("title", writer.entries, entries)
            )
            made = next((record for record in found.values() if record[key] == details[key]), None)
            if made is None:
                writer.unattached += details["photoIds"]
                return False
            self.check_created(kind, details, made)
            records[made["id"]] = made
            return True
        if kind in ("wish-edit", "entry-edit"):
            record_id, before, patch = details[:3]
            records, found = (writer.wishes, wishes) if kind == "wish-edit" else (writer.entries, entries)
            now = found.get(record_id)
            if now is None:
                raise BrokenPromise(f"{kind}: record {record_id} vanished during an edit")
            records[record_id] = now
            if now == before:
                if kind == "wish-edit":
                    writer.unattached += details[3]
                return False
            whole_change(kind, record_id, before, patch, now, volatile=("version", "updatedAt"))
            if now["version"] != before["version"] + 1:
                raise BrokenPromise(f"{kind}: {record_id} went from version {before['version']} to {now['version']}")
            if kind == "wish-edit":
                # Photos a wish lets go are deleted after its commit, before the answer: cut off
                # in between, they stay as uploads on no record, which the day-old cleanup removes.
                for photo_id in details[4]:
                    writer.photos.pop(photo_id, None)
            return True
        if kind in ("wish-delete", "entry-delete"):
            record_id, before = details
            records, found, folder = (
                (writer.wishes, wishes, "wishes") if kind == "wish-delete" else (writer.entries, entries, "journal")
            )
            if record_id in found:
                compare(kind, record_id, before, found[record_id])
                return False
            del records[record_id]
            writer.deleted[folder].add(record_id)
            writer.forget_photos(photo["id"] for photo in before["photos"])
            return True
        if kind == "photo-edit":
            photo_id, edit = details
            status, _, photo = self.api.request("GET", f"/api/v1/photos/{photo_id}")
            if status != 200:
                raise BrokenPromise(f"photo {photo_id} answers {status} after an edit whose answer was lost")
            if photo == writer.photos[photo_id][0]:
                return False
            if edit_of(photo) != (edit["rotate"], edit["crop"]):
                raise BrokenPromise(f"photo {photo_id} is neither as acknowledged nor as edited with {edit}: {photo}")
            writer.set_photo(photo)
            return True
        if kind == "gif":
            done = (writer.gifs[details] is None) == (details in favorites)
            writer.gifs[details] = favorites.get(details)
            return done
        # An upload whose answer was lost may have left a photo on no record: its files are
        # checked with every row's. A refused create must have left nothing: its name is checked.
        if kind == "refused":
            writer.refused_names.add(details["name"])
            writer.unattached += details["photoIds"]
        return False

    def check_created(self, kind, sent, found):
        for field, value in sent.items():
            got = [photo["id"] for photo in found["photos"]] if field == "photoIds" else found.get(field)
            if got != value:
                raise BrokenPromise(
                    f"a {kind} created as its answer was lost is half there: {field} is {got!r}, sent {value!r}"
                )

    # MARK: Acknowledged writes

    def check_writer(self, writer, wishes, entries, favorites):
        for wish_id, wish in writer.wishes.items():
            if wish_id not in wishes:
                raise BrokenPromise(f"acknowledged wish {wish_id} ({wish['name']}) is gone")
            compare("wish", wish_id, wish, wishes[wish_id])
        for entry_id, entry in writer.entries.items():
            if entry_id not in entries:
                raise BrokenPromise(f"acknowledged journal entry {entry_id} ({entry['title']}) is gone")
            compare("journal entry", entry_id, entry, entries[entry_id])
        for kind, found in (("wishes", wishes), ("journal", entries)):
            for record_id in writer.deleted[kind]:
                if record_id in found:
                    raise BrokenPromise(f"{kind} {record_id} was deleted with a 2xx but is back")
                status = self.api.request("GET", f"/api/v1/{kind}/{record_id}")[0]
                if status != 404:
                    raise BrokenPromise(f"deleted {kind} {record_id} answers {status}")
        for photo_id in writer.deleted["photos"]:
            status = self.api.request("GET", f"/api/v1/photos/{photo_id}")[0]
            if status != 404:
                raise BrokenPromise(f"photo {photo_id}, deleted with its record or released, answers {status}")
        for gif_id, favorite in writer.gifs.items():
            if favorite != favorites.get(gif_id):
                raise BrokenPromise(f"GIF favorite {gif_id}: acknowledged {favorite}, found {favorites.get(gif_id)}")
        for name in writer.refused_names:
            if any(wish["name"] == name for wish in wishes.values()):
                raise BrokenPromise(f"the wish '{name}' was refused but is there")

    def check_nothing_else(self, wishes, entries, favorites):
        """Every record found is one some writer was told of (or lost the answer of)."""
        known_wishes = set().union(*(writer.wishes for writer in self.writers))
        known_entries = set().union(*(writer.entries for writer in self.writers))
        known_gifs = {gif for writer in self.writers for gif, favorite in writer.gifs.items() if favorite}
        for kind, found, known in (
            ("wish", wishes, known_wishes),
            ("journal entry", entries, known_entries),
            ("GIF favorite", favorites, known_gifs),
        ):
            strangers = set(found) - known
            if strangers:
                raise BrokenPromise(f"{kind}s no write made: {sorted(strangers)}")

    # MARK: Photos and files

    def check_media(self):
        """Every photo a writer holds reads as acknowledged, and all its files are served; how many."""
        served = 0
        for writer in self.writers:
            for photo_id, (photo, sha256) in writer.photos.items():
                status, _, found = self.api.request("GET", f"/api/v1/photos/{photo_id}")
                if status != 200:
                    raise BrokenPromise(f"acknowledged photo {photo_id} answers {status}")
                compare("photo", photo_id, photo, found)
                for size, url in photo["urls"].items():
                    status, _, body = self.api.request("GET", url)
                    if status != 200 or not body:
                        raise BrokenPromise(f"photo {photo_id}'s {size} answers {status}")
                    if size == "original" and hashlib.sha256(body).hexdigest() != sha256:
                        raise BrokenPromise(f"photo {photo_id}'s original is not the bytes uploaded")
                served += 1
        return served

    def check_files(self):
        """Rows and files agree: every photo row's original and current renditions are on disk, and
        no file is there that no row names, once the housekeeping round the server runs as it starts
        has tidied. The current revision's full-size picture as edited is made only when first asked
        for, so it may or may not be there."""
        deadline = time.monotonic() + TIDY_TIMEOUT
        while True:
            try:
                rows, orphans = self.compare_files()
            except FileNotFoundError:
                # A folder the tidy removed while it was walked.
                continue
            if not orphans:
                return rows
            if time.monotonic() > deadline:
                raise BrokenPromise(f"files no photo row names, left after the media tidy: {sorted(orphans)[:10]}")
            time.sleep(0.2)

    def compare_files(self):
        """The number of photo rows, and the files no row names; raises when a named file is missing."""
        with closing(sqlite3.connect(f"file:{self.server.database}?mode=ro", uri=True)) as database:
            rows = database.execute("SELECT uuid, sha256, revision FROM photos").fetchall()
        media = self.server.media
        expected = {f"originals/{sha256[:2]}/{sha256}" for _, sha256, _ in rows}
        expected |= {f"renditions/{uuid}/{revision}-{size}.jpg" for uuid, _, revision in rows for size in RENDITIONS}
        present = {str(path.relative_to(media)) for path in media.rglob("*") if path.is_file()}
        missing = expected - present
        if missing:
            raise BrokenPromise(f"files that photo rows name are missing: {sorted(missing)[:10]}")
        on_demand = {f"renditions/{uuid}/{revision}-full.jpg" for uuid, _, revision in rows}
        return len(rows), present - expected - on_demand


def integrity_check(server, scratch):
    """PRAGMA integrity_check on a copy of the database and its write-ahead log, as the kill left them."""
    copy = scratch / "copy.sqlite"
    for suffix in ("", "-wal"):
        source = Path(str(server.database) + suffix)
        target = Path(str(copy) + suffix)
        target.unlink(missing_ok=True)
        if source.exists():
            shutil.copyfile(source, target)
    Path(str(copy) + "-shm").unlink(missing_ok=True)
    with closing(sqlite3.connect(copy)) as database:
        result = database.execute("PRAGMA integrity_check").fetchall()
        foreign = database.execute("PRAGMA foreign_key_check").fetchall()
    if result != [("ok",)]:
        raise BrokenPromise(f"PRAGMA integrity_check: {result[:10]}")
    if foreign:
        raise BrokenPromise(f"PRAGMA foreign_key_check: {foreign[:10]}")


def sign_up(binary, server):
    subprocess.run(
        [binary, "user", "add", USERNAME, "--password-stdin", "--data", str(server.data)],
        input=PASSWORD.encode(),
        check=True,
        stdout=subprocess.DEVNULL,
    )
    server.start()
    api = Api(server)
    status, response, _ = api.request(
        "POST", "/api/v1/sessions", {"username": USERNAME, "password": PASSWORD}, {"X-Requested-With": "wishlist"}
    )
    if status != 201:
        raise BrokenPromise(f"sign-in answered {status}")
    cookie = response.getheader("Set-Cookie").split(";")[0]
    status, _, token = api.request(
        "POST", "/api/v1/tokens", {"name": "crash"}, {"Cookie": cookie, "X-Requested-With": "wishlist"}
    )
    if status != 201:
        raise BrokenPromise(f"making a token answered {status}: {token}")
    return token["token"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=20, help="how many times the server is killed (20)")
    parser.add_argument("--seed", type=int, default=None, help="the random seed (printed; for repeating a run)")
    parser.add_argument("--most-seconds-between-kills", type=float, default=4.0)
    arguments = parser.parse_args()
    binary = os.environ.get("WISHLIST_BIN")
    if not binary:
        sys.exit("set WISHLIST_BIN to the wishlist executable, e.g. .build/debug/wishlist")
    seed = arguments.seed if arguments.seed is not None else random.randrange(1 << 32)
    chance = random.Random(seed)
    print(f"crash safety: {arguments.kills} kills, seed {seed}", flush=True)

    giphy = GiphyStandIn()
    scratch = Path(tempfile.mkdtemp(prefix="wishlist-crash-"))
    (scratch / "tmp").mkdir()
    server = Server(binary, scratch / "data", scratch / "server.log", giphy.url, scratch / "tmp")
    turns = Turns()
    passed = False
    try:
        token = sign_up(binary, server)
        api = Api(server, token)
        # Some images are shared between writers, so photos share originals (deleting one must
        # keep the file the other shows); the others are each writer's own.
        shared = [png(seed) for seed in range(4)]
        writers = [
            Writer(
                number, api, turns, shared + [png(100 * (number + 1) + n) for n in range(12)], chance.randrange(1 << 32)
            )
            for number in range(WRITERS)
        ]
        checker = Checker(server, api, writers)
        for writer in writers:
            writer.start()
        for kill in range(1, arguments.kills + 1):
            turns.resume()
            # The writers run while the server serves; a kill lands wherever they are.
            time.sleep(chance.uniform(0.3, arguments.most_seconds_between_kills))
            turns.hold()
            server.kill()
            turns.wait_idle()
            for writer in writers:
                if writer.failure:
                    raise writer.failure
            integrity_check(server, scratch)
            server.age_media()
            server.start()
            summary = checker.check()
            unexpected = [answer for writer in writers for answer in writer.unexpected]
            if unexpected:
                raise BrokenPromise("answers no correct server gives:\n  " + "\n  ".join(unexpected[:10]))
            acknowledged = sum(writer.acknowledged for writer in writers)
            print(f"kill {kill}: {acknowledged} acknowledged writes so far, all as answered; {summary}", flush=True)
        turns.finish()
        print(
            f"crash safety: passed; {sum(writer.acknowledged for writer in writers)} acknowledged writes checked "
            f"across {arguments.kills} kills",
            flush=True,
        )
        passed = True
    except BrokenPromise as broken:
        print(f"crash safety: FAILED (seed {seed}): {broken}\nserver log and data: {scratch}", file=sys.stderr)
    finally:
        turns.finish()
        server.stop()
        giphy.stop()
        if passed:
            shutil.rmtree(scratch, ignore_errors=True)
    sys.exit(0 if passed else 1)


if __name__ == "__main__":
    main()

"""Disk full (issue 14): the server's data directory (and its temporary files) on a small tmpfs
that the test fills. Uploads and writes answer 507 `storage_full` with a clear message, what was
stored before is intact, a half-written upload leaves no files, and once space is freed the same
server, not restarted, takes writes again.

Mounting a tmpfs needs root, as `make test` runs (it installs Debian packages too).

SQLite's only: on PostgreSQL the database is on its server's disk, not in the data directory."""

import hashlib
import json
import os
import sqlite3
import subprocess
import urllib.error
import urllib.request

import pytest

from conftest import PHOTOS, _serve
from flows import PASSWORD, USERNAME, create_account

pytestmark = pytest.mark.sqlite_only

DISK_MB = 64
SMALL_JPEG = PHOTOS / "orientation" / "landscape_1.jpg"  # 139 KB: the server keeps it in memory
LARGE_JPEG = PHOTOS / "camera" / "iphone.jpg"  # 1.9 MB: spooled to a temporary file first
HEIC = PHOTOS / "camera" / "iphone.heic"  # stored with a full-size JPEG that libvips writes


@pytest.fixture
def small_disk(tmp_path):
    """A 64 MB tmpfs, unmounted after the test."""
    if os.geteuid() != 0:
        pytest.fail("this test mounts a tmpfs and must run as root (as `make test` does)")
    mount_point = tmp_path / "disk"
    mount_point.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={DISK_MB}m", "tmpfs", str(mount_point)], check=True)
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "--lazy", str(mount_point)], check=True)


@pytest.fixture
def full_disk_server(tmp_path, small_disk):
    temporary = small_disk / "tmp"
    temporary.mkdir()
    yield from _serve(tmp_path, data_dir=small_disk / "data", environment={"TMPDIR": str(temporary)})


class Client:
    """An API client holding a token; answers are (status, parsed JSON or raw bytes)."""

    def __init__(self, server, token):
        self.server = server
        self.token = token

    def send(self, method, path, body=None, content_type="application/json"):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        headers = {"Authorization": f"Bearer {self.token}"}
        if body is not None:
            headers["Content-Type"] = content_type
        request = urllib.request.Request(self.server.url(path), data=body, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, self._parse(response)
        except urllib.error.HTTPError as error:
            return error.code, self._parse(error)

    @staticmethod
    def _parse(response):
        raw = response.read()
        if response.headers.get("Content-Type", "").startswith("application/json"):
            return json.loads(raw)
        return raw

    def upload(self, path):
        boundary = "disk-full-boundary"
        body = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{path.name}"\r\n'
            f"Content-Type: application/octet-stream\r\n\r\n".encode()
            + path.read_bytes()
            + f"\r\n--{boundary}--\r\n".encode()
        )
        return self.send("POST", "/api/v1/photos", body, f"multipart/form-data; boundary={boundary}")

    def everything(self):
        """The account's wishes and the bytes of each photo's original, to compare before and after."""
        wishes, cursor = [], None
        while True:
            status, page = self.send("GET", "/api/v1/wishes?limit=100" + (f"&cursor={cursor}" if cursor else ""))
            assert status == 200, page
            wishes += page["items"]
            cursor = page.get("nextCursor")
            if not cursor:
                break
        photos = {}
        for wish in wishes:
            for photo in wish["photos"]:
                status, original = self.send("GET", photo["urls"]["original"])
                assert status == 200, original
                photos[photo["id"]] = hashlib.sha256(original).hexdigest()
        return wishes, photos


def fill(disk, leave=0):
    """Fills the filesystem with one file, leaving about `leave` bytes free; returns the file."""
    filler = disk / "filler"
    with open(filler, "wb") as file:
        chunk = b"\0" * (1 << 20)
        try:
            while True:
                file.write(chunk)
                file.flush()
        except OSError:
            pass
    stats = os.statvfs(disk)
    assert stats.f_bavail * stats.f_frsize < (1 << 20)
    if leave:
        os.truncate(filler, max(0, filler.stat().st_size - leave))
    return filler


def expect_storage_full(status, answer):
    assert status == 507, (status, answer)
    assert answer["error"]["code"] == "storage_full", answer
    assert "disk" in answer["error"]["message"], answer


def leftovers(disk):
    """Files a failed write may have left: staged renditions, half-placed files, request bodies."""
    found = [path for path in (disk / "data").rglob("*") if ".part-" in path.name]
    found += [path for path in (disk / "data").rglob("staging/*/*")]
    found += list((disk / "tmp").iterdir())
    return found


def test_writes_on_a_full_disk_fail_cleanly_and_recover_once_space_is_freed(full_disk_server, small_disk):
    server = full_disk_server
    create_account(server)
    client = Client(server, server.token(USERNAME, PASSWORD))
    status, photo = client.upload(SMALL_JPEG)
    assert status == 201, photo
    status, wish = client.send(
        "POST",
        "/api/v1/wishes",
        {"name": "Before the disk filled", "memo": "kept", "tags": ["safe"], "photoIds": [photo["items"][0]["id"]]},
    )
    assert status == 201, wish
    before = client.everything()

    filler = fill(small_disk)

    # A body too large to hold in memory cannot even be received.
    expect_storage_full(*client.upload(LARGE_JPEG))
    # A small one is received, but its original cannot be filed.
    expect_storage_full(*client.upload(SMALL_JPEG))
    # Rows: SQLite may still have room in its log, so write until it has none; every answer is a
    # success that is kept or a 507 that kept nothing.
    created, refused = [], 0
    for number in range(400):
        status, answer = client.send("POST", "/api/v1/wishes", {"name": f"Wish {number}", "memo": "x" * 4000})
        if status == 201:
            created.append(answer)
        else:
            expect_storage_full(status, answer)
            refused += 1
            if refused == 3:
                break
    assert refused == 3, f"{len(created)} wishes were created on a full disk without one refusal"
    # An edit of an existing wish is refused the same way, and leaves it as it was.
    status, answer = client.send("PATCH", f"/api/v1/wishes/{wish['id']}", {"memo": "y" * 9000})
    if status != 200:
        expect_storage_full(status, answer)
    else:
        before = client.everything()

    assert leftovers(small_disk) == []
    wishes, photos = client.everything()
    assert photos == before[1]
    by_id = {item["id"]: item for item in wishes}
    for kept in before[0]:
        assert by_id[kept["id"]] == kept
    assert {item["id"] for item in created} <= set(by_id)

    # A HEIC fits as it arrives and as an original, but not with the full-size JPEG made of it.
    filler.unlink()
    fill(small_disk, leave=2 * HEIC.stat().st_size + (256 << 10))
    status, answer = client.upload(HEIC)
    if status != 201:
        expect_storage_full(status, answer)
    assert leftovers(small_disk) == []

    # Space freed: the same server takes writes again.
    (small_disk / "filler").unlink()
    status, answer = client.upload(SMALL_JPEG)
    assert status == 201, answer
    status, answer = client.send("POST", "/api/v1/wishes", {"name": "After the disk was freed"})
    assert status == 201, answer

    server.process.terminate()
    server.process.wait(timeout=10)
    with sqlite3.connect(server.data_dir / "wishlist.sqlite") as database:
        assert database.execute("PRAGMA integrity_check").fetchone()[0] == "ok"

"""Several servers behind haproxy (issue 32), as `make cluster` runs them: three servers on one
PostgreSQL database, their photos in one S3 bucket or one data folder, and haproxy with the
repository's own configuration (deploy/haproxy.cfg) in front. Through haproxy alone: the first account, a sign-in, a wish written
and read back, the requests spread over all three, a photo uploaded and then served by each; one
server stopped is marked down while every request still succeeds, and started again it is back in
the rotation."""

import time
import urllib.request
from pathlib import Path

import pytest

from conftest import PHOTOS
from flows import PASSWORD, USERNAME, create_account
from haproxy_cluster import NAMES, STATE_TIMEOUT, Cluster
from photo_steps import upload

pytestmark = pytest.mark.postgres_only


@pytest.fixture(params=["s3", "folder"])
def cluster(tmp_path, request):
    started = Cluster(tmp_path, media=request.param)
    yield started
    started.stop()


def _read(front, wish_id, cookie, times):
    for _ in range(times):
        status, body = front.api("GET", f"/wishes/{wish_id}", cookie=cookie)
        assert status == 200, body
        assert body["name"] == "Through the balancer"


def test_three_servers_behind_haproxy_answer_as_one(cluster):
    front = cluster.front
    create_account(front)
    # A session made on one server, used on all three.
    cookie = front.session_cookie(USERNAME, PASSWORD)
    status, wish = front.api("POST", "/wishes", {"name": "Through the balancer"}, cookie=cookie)
    assert status == 201, wish
    before = cluster.answered()
    _read(front, wish["id"], cookie, 9)
    after = cluster.answered()
    assert all(after[name] - before[name] >= 2 for name in NAMES), (before, after)
    log = Path(front.log_path).read_text()
    assert all(f"instances/{name} " in log for name in NAMES), log

    # A photo uploaded through one is served by every one: they share the bucket, or the data folder.
    [photo] = upload(front, front.token(USERNAME, PASSWORD), PHOTOS / "camera" / "canon-40d.jpg")
    for running in cluster.instances.values():
        request = urllib.request.Request(running.url(photo["urls"]["thumb"]), headers={"Cookie": cookie})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 200 and response.headers["Content-Type"] == "image/jpeg"

    # One stopped: haproxy marks it down, and no request fails meanwhile or after.
    cluster.stop_instance("two")
    deadline = time.monotonic() + STATE_TIMEOUT
    while cluster.status("two") != "DOWN":
        assert time.monotonic() < deadline, "haproxy did not mark the stopped server down"
        _read(front, wish["id"], cookie, 1)
    _read(front, wish["id"], cookie, 6)

    # Started again on its address, it is back in the rotation.
    cluster.start_instance("two")
    cluster.wait_for("two", "UP")
    before = cluster.answered()
    _read(front, wish["id"], cookie, 6)
    assert cluster.answered()["two"] > before["two"]

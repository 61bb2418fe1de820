"""Several servers behind haproxy (issue 32), as `make cluster` runs them: three servers on one
PostgreSQL database and one data folder, and haproxy with the repository's own configuration
(deploy/haproxy.cfg) in front. Through haproxy alone: the first account, a sign-in, a wish written
and read back, the requests spread over all three, a photo uploaded and then served by each; one
server stopped is marked down while every request still succeeds, and started again it is back in
the rotation."""

import csv
import io
import os
import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest

from conftest import PHOTOS, REPOSITORY, RunningServer, _free_port, start_server, stop_server
from flows import PASSWORD, USERNAME, create_account
from photo_steps import upload

pytestmark = pytest.mark.postgres_only

CONFIG = REPOSITORY / "deploy" / "haproxy.cfg"
NAMES = ("one", "two", "three")
# The configuration checks every 2 s and marks a server down after two failures, up after two
# successes: a few seconds, and more on a busy machine.
STATE_TIMEOUT = 20.0


def _start_instance(tmp_path, name, data_dir, port=None):
    folder = tmp_path / name
    folder.mkdir(exist_ok=True)
    return start_server(folder, data_dir=data_dir, port=port)


def _address(server):
    return urlparse(server.base_url).netloc


def _statistics(stats_url):
    """haproxy's statistics of the instances by name: {"one": {"status": "UP", "hrsp_2xx": "3", …}}."""
    with urllib.request.urlopen(stats_url + "/;csv", timeout=5) as response:
        text = response.read().decode().removeprefix("# ")
    rows = csv.DictReader(io.StringIO(text))
    return {row["svname"]: row for row in rows if row["pxname"] == "instances" and row["svname"] in NAMES}


def _wait_for(stats_url, name, status):
    """Waits for haproxy to say `name` is `status`, or to answer at all while it starts."""
    deadline = time.monotonic() + STATE_TIMEOUT
    while True:
        try:
            seen = _statistics(stats_url)[name]["status"]
        except urllib.error.URLError as error:
            seen = error
        if seen == status:
            return
        assert time.monotonic() < deadline, f"haproxy still says {name} is {seen}, not {status}"
        time.sleep(0.2)


def _answered(stats_url):
    """How many 2xx answers each instance gave through haproxy."""
    return {name: int(row["hrsp_2xx"]) for name, row in _statistics(stats_url).items()}


@pytest.fixture
def cluster(tmp_path):
    if not shutil.which("haproxy"):
        pytest.fail("haproxy is not installed: install Debian's haproxy")
    data_dir = tmp_path / "data"
    instances = {}
    haproxy = None
    try:
        for name in NAMES:
            instances[name] = _start_instance(tmp_path, name, data_dir)
        listen, stats = f"127.0.0.1:{_free_port()}", f"127.0.0.1:{_free_port()}"
        environment = {
            "WISHLIST_LISTEN": listen,
            "WISHLIST_STATS": stats,
            **{f"WISHLIST_INSTANCE_{index}": _address(instances[name]) for index, name in enumerate(NAMES, 1)},
        }
        log_path = tmp_path / "haproxy.log"
        with open(log_path, "ab") as log:
            haproxy = subprocess.Popen(
                ["haproxy", "-db", "-f", str(CONFIG)],
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env={**os.environ, **environment},
            )
        front = RunningServer(f"http://{listen}", data_dir, log_path, haproxy)
        stats_url = f"http://{stats}"
        for name in NAMES:
            _wait_for(stats_url, name, "UP")
        yield front, stats_url, instances, tmp_path
    finally:
        if haproxy is not None:
            haproxy.send_signal(signal.SIGTERM)
            haproxy.wait(timeout=10)
        for running in instances.values():
            stop_server(running)


def _read(front, wish_id, cookie, times):
    for _ in range(times):
        status, body = front.api("GET", f"/wishes/{wish_id}", cookie=cookie)
        assert status == 200, body
        assert body["name"] == "Through the balancer"


def test_three_servers_behind_haproxy_answer_as_one(cluster):
    front, stats_url, instances, tmp_path = cluster
    create_account(front)
    # A session made on one server, used on all three.
    cookie = front.session_cookie(USERNAME, PASSWORD)
    status, wish = front.api("POST", "/wishes", {"name": "Through the balancer"}, cookie=cookie)
    assert status == 201, wish
    before = _answered(stats_url)
    _read(front, wish["id"], cookie, 9)
    after = _answered(stats_url)
    assert all(after[name] - before[name] >= 2 for name in NAMES), (before, after)
    log = Path(front.log_path).read_text()
    assert all(f"instances/{name} " in log for name in NAMES), log

    # A photo uploaded through one is served by every one: they share the data folder.
    [photo] = upload(front, front.token(USERNAME, PASSWORD), PHOTOS / "camera" / "canon-40d.jpg")
    for running in instances.values():
        request = urllib.request.Request(running.url(photo["urls"]["thumb"]), headers={"Cookie": cookie})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 200 and response.headers["Content-Type"] == "image/jpeg"

    # One stopped: haproxy marks it down, and no request fails meanwhile or after.
    port = urlparse(instances["two"].base_url).port
    stop_server(instances.pop("two"))
    deadline = time.monotonic() + STATE_TIMEOUT
    while _statistics(stats_url)["two"]["status"] != "DOWN":
        assert time.monotonic() < deadline, "haproxy did not mark the stopped server down"
        _read(front, wish["id"], cookie, 1)
    _read(front, wish["id"], cookie, 6)

    # Started again on its address, it is back in the rotation.
    instances["two"] = _start_instance(tmp_path, "two", front.data_dir, port=port)
    _wait_for(stats_url, "two", "UP")
    before = _answered(stats_url)
    _read(front, wish["id"], cookie, 6)
    assert _answered(stats_url)["two"] > before["two"]

"""What the instances of a cluster share, shown through haproxy (issue 32; haproxy_cluster.py): a write
answered by one instance is in the very next read answered by another, even one that kept the same
read's answer a moment before; a session and a token made on one instance work on every one; and a
rate limit of N a minute is N across all three, not N on each. haproxy's log names the instance of every
request, so the tests check who answered what rather than trust round robin."""

import re
import time

import pytest

from flows import PASSWORD, USERNAME, create_account
from haproxy_cluster import NAMES, Cluster

pytestmark = pytest.mark.postgres_only

TRIES = 200
# haproxy's log line of a request: `… instances/two 0/0/0/3/3 200 … "GET /api/v1/wishes?limit=1 HTTP/1.1"`.
# It writes the line as the exchange ends, so two requests one after the other may be logged in either order.
LOG_LINE = re.compile(r'instances/(\w+) \S+ (\d{3}) .*"(\w+) (\S+) HTTP/1\.1"')
LOG_TIMEOUT = 10.0


def _answered_by(cluster, count):
    """Waits for haproxy to have logged `count` requests; [(instance, status, method, target)] of each."""
    deadline = time.monotonic() + LOG_TIMEOUT
    while True:
        lines = [LOG_LINE.search(line) for line in cluster.front.log_path.read_text().splitlines()]
        found = [(match[1], int(match[2]), match[3], match[4]) for match in lines if match]
        if len(found) >= count:
            return found
        assert time.monotonic() < deadline, f"haproxy logged {len(found)} requests, not {count}"
        time.sleep(0.1)


@pytest.fixture
def cluster(tmp_path, server_arguments):
    started = Cluster(tmp_path, *server_arguments)
    yield started
    started.stop()


def test_a_write_on_one_instance_is_in_the_next_read_on_another(cluster):
    front = cluster.front
    create_account(front)
    token = front.token(USERNAME, PASSWORD)
    stale = []
    for number in range(1, TRIES + 1):
        # Three reads, one on each instance (round robin), so every one keeps the list's answer; then
        # a write on one, and the same read at once on the next. Each names its try and step (the server
        # ignores what it does not know of a query), so that haproxy's log says who answered it.
        for step in range(len(NAMES)):
            assert front.api("GET", f"/wishes?limit=1&try={number}&step={step}", token=token)[0] == 200
        status, wish = front.api("POST", f"/wishes?try={number}", {"name": f"Wish {number}"}, token=token)
        assert status == 201, wish
        status, listed = front.api("GET", f"/wishes?limit=1&try={number}&step=after", token=token)
        assert status == 200, listed
        if listed["items"][0]["id"] != wish["id"]:
            stale.append(number)
    assert not stale, f"{len(stale)} stale answers in {TRIES} reads after a write: tries {stale}"

    # Each read after a write was answered by another instance than the write, one that had answered
    # the same read just before.
    answered = {target: name for name, _, _, target in _answered_by(cluster, 3 + 5 * TRIES)}
    for number in range(1, TRIES + 1):
        reads = {answered[f"/api/v1/wishes?limit=1&try={number}&step={step}"] for step in range(len(NAMES))}
        write = answered[f"/api/v1/wishes?try={number}"]
        read = answered[f"/api/v1/wishes?limit=1&try={number}&step=after"]
        assert read != write and read in reads, (number, reads, write, read)


def test_a_session_and_a_token_made_on_one_instance_work_on_every_one(cluster):
    front = cluster.front
    create_account(front)
    cookie = front.session_cookie(USERNAME, PASSWORD)
    token = front.token(USERNAME, PASSWORD)
    # Straight to each instance, past haproxy.
    for name, running in cluster.instances.items():
        for credentials in ({"cookie": cookie}, {"token": token}):
            status, me = running.api("GET", "/me", **credentials)
            assert status == 200 and me["username"] == USERNAME, (name, credentials, status, me)

    # Signed out on one, the session ends on all.
    status, _ = front.api("DELETE", "/sessions/current", cookie=cookie)
    assert status == 204
    for name, running in cluster.instances.items():
        assert running.api("GET", "/me", cookie=cookie)[0] == 401, name


SIGN_INS = 4


@pytest.mark.parametrize("server_arguments", [["--rate-limit", f"sign-ins={SIGN_INS}"]])
def test_a_rate_limit_holds_across_instances(cluster):
    front = cluster.front
    create_account(front)
    # Three times the limit, through haproxy: round robin sends a third to each instance. Counted on
    # each instance apart, all would pass.
    statuses = []
    for _ in range(3 * SIGN_INS):
        status, _ = front.api("POST", "/sessions", {"username": USERNAME, "password": PASSWORD})
        statuses.append(status)
    assert statuses.count(429) == 2 * SIGN_INS, statuses
    assert statuses[:SIGN_INS] == [201] * SIGN_INS, statuses
    refused_by = {name for name, status, _, _ in _answered_by(cluster, 1 + 3 * SIGN_INS) if status == 429}
    assert refused_by == set(NAMES), refused_by

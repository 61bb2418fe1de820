"""Slow clients (issue "Nobody let in"): 500 connections that send a request's head one byte every
2 s (the "slowloris" attack, bench/slow_clients.py) must not keep a normal client waiting. Two
clients on keep-alive connections list the wishes (fresh answers, so every request reads the
database) for a few seconds without the attack, then again while the server holds the 500: the
p99 with them must stay under 100 ms. The server runs with its default connection limits (1024 in
all, none per address), so it must hold all 500 at once; the figures are printed.

bench/run.d/70-slow-clients measures the same with wrk against a release build and 1,000 wishes."""

import http.client
import math
import multiprocessing
import os
import resource
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from conftest import REPOSITORY
from flows import PASSWORD, USERNAME, create_account, create_wish

# The attack lives with the benchmark that runs it too, so both trickle the same way.
sys.path.append(str(REPOSITORY / "bench"))
from slow_clients import SlowClients  # noqa: E402

# A latency bound: run alone, not beside other tests (Makefile: the e2e-alone phase).
pytestmark = [pytest.mark.load, pytest.mark.timing]

SLOW_CLIENTS = 500
BYTE_INTERVAL = 2.0
P99_LIMIT = 0.100
WISHES = 40
CLIENTS = 2
# Long enough to span two or three rounds of the slow clients' bytes, each of which wakes the
# server for all 500 connections at once.
MEASURE_SECONDS = 5.0
# Requests per client not counted: the connection's first and the server's caches warming up.
WARM_UP = 10
HOLD_TIMEOUT = 15.0
REQUEST_TIMEOUT = 10


@pytest.fixture(autouse=True)
def descriptors_for_slow_clients():
    """Room in this process's limit on open files, and so in the server's (started from this process,
    after this fixture), for the slow clients beside everything else; restored afterwards."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = SLOW_CLIENTS + 1024
    if soft != resource.RLIM_INFINITY and soft < wanted:
        assert hard == resource.RLIM_INFINITY or hard >= wanted, (
            f"the hard limit on open files ({hard}) leaves no room for {SLOW_CLIENTS} slow clients: raise `ulimit -Hn`"
        )
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def address(server):
    host, port = server.base_url.removeprefix("http://").rsplit(":", 1)
    return host, int(port)


def list_latencies(server, token):
    """Seconds each list request took, sorted: CLIENTS threads, each sending requests one after
    another on one keep-alive connection for MEASURE_SECONDS."""
    host, port = address(server)
    headers = {"Authorization": f"Bearer {token}", "Cache-Control": "no-cache"}

    def one_client(deadline):
        connection = http.client.HTTPConnection(host, port, timeout=REQUEST_TIMEOUT)
        timings = []
        try:
            sent = 0
            while sent < WARM_UP or time.monotonic() < deadline:
                started = time.perf_counter()
                connection.request("GET", "/api/v1/wishes", headers=headers)
                response = connection.getresponse()
                body = response.read()
                elapsed = time.perf_counter() - started
                assert response.status == 200, (response.status, body[:300])
                sent += 1
                if sent > WARM_UP:
                    timings.append(elapsed)
        finally:
            connection.close()
        return timings

    with ThreadPoolExecutor(CLIENTS) as pool:
        deadline = time.monotonic() + MEASURE_SECONDS
        clients = [pool.submit(one_client, deadline) for _ in range(CLIENTS)]
        return sorted(seconds for client in clients for seconds in client.result())


def percentile(sorted_seconds, fraction):
    """Nearest rank: the smallest value at least `fraction` of them do not exceed."""
    return sorted_seconds[max(0, math.ceil(fraction * len(sorted_seconds)) - 1)]


def held_by_server(server, client_ports):
    """How many of the connections from `client_ports` the server process holds open: its socket
    descriptors whose far end is one of those ports. A connection the kernel has set up but the
    server has not accepted yet (still in the listen backlog) has no descriptor there, so it does
    not count. The kernel's table can list a socket twice when it changes while read, so sockets
    are counted by inode."""
    inodes = set()
    descriptors = Path(f"/proc/{server.process.pid}/fd")
    for descriptor in descriptors.iterdir():
        try:
            target = os.readlink(descriptor)
        except FileNotFoundError:  # closed while listed
            continue
        if target.startswith("socket:["):
            inodes.add(target.removeprefix("socket:[").removesuffix("]"))
    _, server_port = address(server)
    held = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as rows:
            next(rows)  # the column names
            for row in rows:
                # sl, local address:port, remote address:port (ports in hex), state, ..., inode
                fields = row.split()
                local_port = int(fields[1].rsplit(":", 1)[1], 16)
                remote_port = int(fields[2].rsplit(":", 1)[1], 16)
                if local_port == server_port and remote_port in client_ports and fields[9] in inodes:
                    held.add(fields[9])
    return len(held)


def wait_until_held(server, ports):
    """Waits until the server holds every connection from `ports`, or HOLD_TIMEOUT; returns how many it holds."""
    deadline = time.monotonic() + HOLD_TIMEOUT
    while True:
        held = held_by_server(server, ports)
        if held == len(ports) or time.monotonic() > deadline:
            return held
        # Polling interval, which also notices the server exiting.
        try:
            server.process.wait(timeout=0.1)
        except subprocess.TimeoutExpired:
            continue
        pytest.fail(
            f"the server exited ({server.process.returncode}) with slow clients:\n{server.log_path.read_text()[-5000:]}"
        )


def run_attack(host, port, pipe):
    """The slow clients, in a process of their own so that trickling 500 bytes a round never holds
    the measuring clients' interpreter: connects, sends back the ports and how many were refused,
    trickles until told to stop, then sends back how many the server closed."""
    attack = SlowClients(host, port, SLOW_CLIENTS)
    attack.connect()
    pipe.send((attack.local_ports(), attack.refused))
    while not pipe.poll(BYTE_INTERVAL):
        attack.send_next_byte()
    pipe.recv()
    pipe.send(len(attack.closed))
    attack.close()


def milliseconds(seconds):
    return f"{seconds * 1000:.1f} ms"


def test_slow_clients_do_not_keep_others_waiting(server, capsys):
    create_account(server)
    token = server.token(USERNAME, PASSWORD)
    for number in range(WISHES):
        create_wish(
            server,
            token,
            name=f"Wish {number}",
            memo="A **memo** long enough to be a memo.",
            tags=["slow", f"tag{number % 5}"],
        )

    quiet = list_latencies(server, token)

    ours, theirs = multiprocessing.Pipe()
    attack = multiprocessing.get_context("spawn").Process(
        target=run_attack, args=(*address(server), theirs), name="slow clients"
    )
    attack.start()
    try:
        ports, refused = ours.recv()
        held = wait_until_held(server, ports)
        attacked = list_latencies(server, token) if held == SLOW_CLIENTS else []
        held_after = held_by_server(server, ports)
        ours.send("stop")
        closed = ours.recv()
    finally:
        attack.join(timeout=HOLD_TIMEOUT)
        if attack.is_alive():
            attack.kill()

    quiet_p99 = percentile(quiet, 0.99)
    attacked_p99 = percentile(attacked, 0.99) if attacked else None
    with capsys.disabled():
        print(
            f"\nslow clients: list without them p50 {milliseconds(percentile(quiet, 0.5))}, "
            f"p99 {milliseconds(quiet_p99)} ({len(quiet)} requests); ",
            end="",
        )
        if attacked:
            print(
                f"with them p50 {milliseconds(percentile(attacked, 0.5))}, "
                f"p99 {milliseconds(attacked_p99)} ({len(attacked)} requests); ",
                end="",
            )
        print(
            f"{len(ports)} of {SLOW_CLIENTS} connected, {refused} refused, "
            f"{held} held by the server, {held_after} still held after, {closed} closed by it"
        )
    assert refused == 0, f"{refused} of {SLOW_CLIENTS} slow clients could not connect at all"
    assert held == SLOW_CLIENTS, (
        f"the server holds {held} of {SLOW_CLIENTS} slow connections {HOLD_TIMEOUT:.0f} s after they connected "
        f"({closed} closed by it by the end): it turns connections away, which its default limits "
        "(--max-connections 1024, --max-connections-per-address none) should not"
    )
    assert attacked_p99 < P99_LIMIT, (
        f"p99 of the list with {SLOW_CLIENTS} slow clients is {milliseconds(attacked_p99)} "
        f"(without them {milliseconds(quiet_p99)}: when that is high too, something else was using the machine's cores)"
    )

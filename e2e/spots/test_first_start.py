"""The first start of a server imports the bundled K-culture spots (K1), in a child process of its
own binary (`wishlist spots import`), and a later start finds them imported and reads nothing.

The other spots tests start from a copy of a data directory imported once (conftest.py); these
start on an empty one, as a person's first `make run` does. A child that fails (killed, as the
kernel's out-of-memory killer would) leaves a clear line and a server that serves without the spots;
SIGTERM during the import stops the server at once, and the import with it, and the next start
imports the whole release."""

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from conftest import (
    SHUTDOWN_TIMEOUT,
    TEST_SERVER_ARGUMENTS,
    RunningServer,
    _free_port,
    _wait_until_healthy,
    start_server,
    stop_server,
)
from flows import create_account
from processes import alive, children

# About one server's first start and its log: not run on the cluster engine.
pytestmark = pytest.mark.no_cluster

IMPORTED = "K-culture spots: "
NOT_IMPORTED = "error: the bundled K-culture spots were not imported: "


def test_the_first_start_imports_the_bundled_spots_and_a_later_start_does_not(tmp_path):
    data_dir = tmp_path / "data"
    data_dir.mkdir()

    first = start_server(tmp_path, "--spots", "bundled", data_dir=data_dir)
    try:
        log = first.log_path.read_text()
        assert log.count(IMPORTED) == 1, log
        assert "14981 spots" in log, log
        create_account(first, "mina", "a long enough password")
        token = first.token("mina", "a long enough password")
        status, found = first.api("GET", "/spots?q=BTS&limit=1", token=token)
        assert status == 200 and found["items"], (status, found)
    finally:
        stop_server(first)

    again = start_server(tmp_path, "--spots", "bundled", data_dir=data_dir)
    try:
        assert again.log_path.read_text().count(IMPORTED) == 1, "the second start imported the spots again"
    finally:
        stop_server(again)


def _start_importing(tmp_path, data_dir):
    """Starts `wishlist serve` on an empty `data_dir` with the bundled spots, without waiting for it
    to answer; returns it and its import child's pid once that child runs."""
    port = _free_port()
    log_path = tmp_path / "server.log"
    with open(log_path, "ab") as log:
        process = subprocess.Popen(
            [
                os.environ["WISHLIST_BIN"],
                "serve",
                "--data",
                str(data_dir),
                "--listen",
                f"127.0.0.1:{port}",
                "--tile-url",
                "none",
                *TEST_SERVER_ARGUMENTS,
                "--spots",
                "bundled",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    server = RunningServer(f"http://127.0.0.1:{port}", data_dir, log_path, process)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        child = _import_child(process.pid)
        if child is not None:
            return server, child
        assert process.poll() is None, log_path.read_text()
        try:
            process.wait(timeout=0.01)
        except subprocess.TimeoutExpired:
            pass
    process.kill()
    process.wait()
    raise AssertionError(f"no 'wishlist spots import' child appeared:\n{log_path.read_text()}")


def _import_child(pid):
    """The pid of `pid`'s child running `wishlist spots import`, or None."""
    for child in children(pid):
        try:
            arguments = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if arguments[1:3] == [b"spots", b"import"]:
            return child
    return None


def test_a_killed_import_leaves_a_clear_line_and_a_server_that_serves_without_the_spots(tmp_path):
    data_dir = tmp_path / "data"
    data_dir.mkdir()

    server, child = _start_importing(tmp_path, data_dir)
    try:
        os.kill(child, signal.SIGKILL)
        _wait_until_healthy(server)
        create_account(server, "mina", "a long enough password")
        token = server.token("mina", "a long enough password")
        status, found = server.api("GET", "/spots?q=BTS&limit=1", token=token)
        assert status == 200 and found["items"] == [], (status, found)
    finally:
        stop_server(server)
    # Read after the stop, which writes out the log lines still batched.
    log = server.log_path.read_text()
    assert f"{NOT_IMPORTED}'wishlist spots import' was killed by signal 9." in log, log
    assert "tries again at its next start" in log, log
    assert IMPORTED not in log, log
    # That the next start imports them after a killed child, the SIGTERM test below shows.


def test_sigterm_during_the_first_start_import_stops_the_server_and_the_import_at_once(tmp_path):
    data_dir = tmp_path / "data"
    data_dir.mkdir()

    server, child = _start_importing(tmp_path, data_dir)
    server.process.send_signal(signal.SIGTERM)
    try:
        assert server.process.wait(timeout=SHUTDOWN_TIMEOUT) == 0
    finally:
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait()
    # The server waited for its child, so the child has ended too, not been left importing.
    assert not alive(child), "the import went on after the server stopped"
    log = server.log_path.read_text()
    assert "Wishlist stopped while it imported the K-culture spots" in log, log
    assert "listening" not in log, log

    # What the killed import had written was undone: the next start imports the whole release.
    again = start_server(tmp_path, "--spots", "bundled", data_dir=data_dir)
    try:
        assert "14981 spots" in again.log_path.read_text(), again.log_path.read_text()
    finally:
        stop_server(again)

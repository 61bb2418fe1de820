"""Readiness (issue "Speed for a crowd"): a server loads what its first requests need (the offline
place index) in the background as it starts, and says so at `GET /readyz`, with no request having
asked for it. A server that loaded it only at the first search would never be ready here."""

import json
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from conftest import STARTUP_TIMEOUT

# About one server as it starts: haproxy sends nothing to an instance before it is ready.
pytestmark = pytest.mark.no_cluster


def _readiness(server):
    """`/readyz`'s status and body now (503 while loading)."""
    try:
        with urllib.request.urlopen(server.url("/readyz"), timeout=5) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def test_the_place_index_is_loaded_without_a_request(server):
    # Nothing but /healthz has been asked (the fixture waits for it); poll /readyz alone.
    deadline = time.monotonic() + STARTUP_TIMEOUT
    status, body = _readiness(server)
    while status != 200 and time.monotonic() < deadline:
        assert (status, body) == (503, {"status": "starting"})
        # Polling interval: wait for the process to exit, at most briefly, then ask again.
        try:
            server.process.wait(timeout=0.05)
            raise AssertionError(f"the server exited:\n{server.log_path.read_text()}")
        except subprocess.TimeoutExpired:
            pass
        status, body = _readiness(server)
    assert (status, body) == (200, {"status": "ready"})
    asked = [line for line in server.log_path.read_text().splitlines() if line.startswith(("GET ", "POST "))]
    assert all(line.startswith(("GET /healthz ", "GET /readyz ")) for line in asked), asked

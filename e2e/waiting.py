"""Waiting for what another process does, for the tests that watch servers start, lead and die."""

import time

POLL_SECONDS = 0.1


def wait_until(what, condition, timeout):
    """Asks `condition` every POLL_SECONDS until it is true; fails naming `what` after `timeout` s."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting until {what}"
        time.sleep(POLL_SECONDS)

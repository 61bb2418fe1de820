"""One leader for the background work (issue 32): two real servers on one PostgreSQL database and one
data directory (so one media folder). Exactly one leads (housekeeping, the media tidy, the price
refresh); killed with SIGKILL, it cannot let its lock go, but the database ends its session, and the
other server says it leads well within a minute. Both check every second here (the default is 15 s)."""

import signal
import time

import pytest

from conftest import start_server, stop_server
from waiting import wait_until

pytestmark = pytest.mark.postgres_only

LEADS = "now leads the background work"
TAKEOVER_TIMEOUT = 60.0


def _leads(server):
    return LEADS in server.log_path.read_text(errors="replace")


def test_the_other_server_leads_when_the_leader_is_killed(tmp_path):
    data = tmp_path / "data"
    servers = []
    try:
        for name in ("first", "second"):
            (tmp_path / name).mkdir()
            servers.append(start_server(tmp_path / name, "--leader-check-seconds", "1", data_dir=data))
        first, second = servers
        # The first took the lock as it started, alone; the second has tried several times since.
        wait_until("the first server says it leads", lambda: _leads(first), 10)
        time.sleep(3)
        assert not _leads(second), second.log_path.read_text()

        first.process.send_signal(signal.SIGKILL)
        first.process.wait()
        killed_at = time.monotonic()
        wait_until("the second server leads", lambda: _leads(second), TAKEOVER_TIMEOUT)
        took = time.monotonic() - killed_at
        assert took < TAKEOVER_TIMEOUT
        # It serves all the while.
        status, _ = second.api("GET", "/setup")
        assert status == 200
    finally:
        for server in servers:
            stop_server(server)

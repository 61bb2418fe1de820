"""A throwaway PostgreSQL 15 cluster for the API and fuzz tests run on PostgreSQL (their `[postgres]` cases),
as the Swift tests' PostgresTestCluster makes one: initdb in a new folder under /dev/shm (else /tmp), the server on a
unix socket there and on no TCP port, durability off. initdb and the server refuse root, so under root
they run as Debian's postgres user. The server is started through `setpriv --pdeathsig` so that it dies
with this process however it ends; atexit stops it and removes the folder.

One cluster per test process (each pytest-xdist worker has its own), a new database per server."""

import atexit
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

PROGRAMS = Path("/usr/lib/postgresql/15/bin")
SETTINGS = {
    "listen_addresses": "",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "shared_buffers": "16MB",
    "max_connections": "200",
}
READY_TIMEOUT = 30.0

_cluster = None
# The name of the database every new one copies.
_migrated = None


class PostgresCluster:
    def __init__(self):
        for program in ("initdb", "postgres", "createdb"):
            if not (PROGRAMS / program).exists():
                raise RuntimeError(f"PostgreSQL 15's {program} is not in {PROGRAMS}: install Debian's postgresql-15")
        # Short: a unix socket's whole path must fit in 107 bytes. In memory where there is room
        # (/dev/shm): on these machines' disk, every freed block is reported to the host, and
        # writing and removing each database's copy of the catalogs cost far more than the tests.
        parent = "/dev/shm" if os.access("/dev/shm", os.W_OK) else "/tmp"
        self.directory = Path(tempfile.mkdtemp(prefix="wishlist-e2e-pg-", dir=parent))
        owner = pwd.getpwnam("postgres") if os.getuid() == 0 else None
        if owner:
            os.chown(self.directory, owner.pw_uid, owner.pw_gid)
        self._as_owner = ["/usr/sbin/runuser", "-u", "postgres", "--"] if owner else []
        data = self.directory / "data"
        log = open(self.directory / "server.log", "ab")
        subprocess.run(
            [*self._as_owner, str(PROGRAMS / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8"]
            + ["--locale=C.UTF-8", "--no-sync"],
            check=True,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        identity = ["--reuid=postgres", "--regid=postgres", "--init-groups"] if owner else []
        settings = [word for name, value in SETTINGS.items() for word in ("-c", f"{name}={value}")]
        self._server = subprocess.Popen(
            ["/usr/bin/setpriv", *identity, "--pdeathsig", "QUIT", "--", str(PROGRAMS / "postgres")]
            + ["-D", str(data), "-k", str(self.directory), *settings],
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        atexit.register(self.stop)
        self._wait_until_ready()

    def _wait_until_ready(self):
        deadline = time.monotonic() + READY_TIMEOUT
        while True:
            if self._createdb("postgres_ready_check", check=False) == 0:
                return
            if self._server.poll() is not None or time.monotonic() > deadline:
                log = (self.directory / "server.log").read_text(errors="replace")
                raise RuntimeError(f"the test cluster did not start: {log[-2000:]}")
            time.sleep(0.05)

    def _createdb(self, name, check=True, template=None):
        copied = ["--template", template] if template else []
        result = subprocess.run(
            [str(PROGRAMS / "createdb"), "-h", str(self.directory), "-U", "postgres", *copied, name],
            capture_output=True,
            stdin=subprocess.DEVNULL,
        )
        if check and result.returncode != 0:
            raise RuntimeError(f"createdb {name} failed: {result.stderr.decode(errors='replace')}")
        return result.returncode

    def new_database(self, template=None):
        """A new database's URL: empty, or a copy of the database named `template`."""
        name = "e2e_" + uuid.uuid4().hex
        self._createdb(name, template=template)
        return f"postgresql://postgres@/{name}?host={self.directory}"

    def stop(self):
        if self._server.poll() is None:
            # SIGQUIT: PostgreSQL's immediate shutdown; nothing in the cluster is kept.
            self._server.send_signal(signal.SIGQUIT)
            self._server.wait(timeout=10)
        shutil.rmtree(self.directory, ignore_errors=True)


def new_database(migrate):
    """A new database on this process's cluster (started at the first call) with the schema made:
    a copy of one that `migrate(url)` migrated at the first call. Copying is a file copy on the
    server, half the work of making the schema's tables, indexes and triggers anew."""
    global _cluster, _migrated
    if _cluster is None:
        _cluster = PostgresCluster()
    if _migrated is None:
        url = _cluster.new_database()
        migrate(url)
        _migrated = url.split("?")[0].rsplit("/", 1)[1]
    return _cluster.new_database(template=_migrated)

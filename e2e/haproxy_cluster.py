"""Wishlist as several machines run it (issue 32, docs/SCALING.md), on loopback: three `wishlist serve`
instances on one PostgreSQL database (a new one of the worker's throwaway cluster), their photos in an
S3 bucket (a new prefix of the worker's SeaweedFS, s3_store.py) or, with `media="folder"`, in the one
data folder they share, each trusting haproxy's address for `X-Forwarded-For`, and haproxy in front with
the repository's own configuration (deploy/haproxy.cfg). It is the server of the `cluster` engine
(conftest.py) and of the tests in server/test_cluster*.py."""

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

import conftest
import s3_store

CONFIG = Path(__file__).resolve().parent.parent / "deploy" / "haproxy.cfg"
NAMES = ("one", "two", "three")
# haproxy is every instance's client; they read the client's address from its X-Forwarded-For.
INSTANCE_ARGUMENTS = ("--trusted-proxy", "127.0.0.1")
# The configuration checks every 2 s and marks a server down after two failures, up after two
# successes: a few seconds, and more on a busy machine.
STATE_TIMEOUT = 20.0
LEADS = "now leads the background work"


class Cluster:
    """Started as it is made; `stop` stops it all. `front` is haproxy as a RunningServer (its log is
    haproxy's, naming the instance of each request: `instances/two`), `instances` the instances by
    name, `stats_url` haproxy's statistics page. `arguments` and `environment` go to every instance;
    haproxy listens on `port` (a free one unless given). `media` is "s3" or "folder"."""

    def __init__(self, folder, *arguments, data_dir=None, environment=None, port=None, media="s3"):
        if not shutil.which("haproxy"):
            pytest.fail("haproxy is not installed: install Debian's haproxy")
        self.folder = folder
        self.data_dir = data_dir or folder / "data"
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.arguments = (*arguments, "--database", conftest.database_for(self.data_dir))
        self.environment = environment
        if media == "s3":
            self.arguments = (*self.arguments, "--media", s3_store.location())
            self.environment = {**s3_store.ENVIRONMENT, **(environment or {})}
        self.instances = {}
        self._ports = {name: conftest._free_port() for name in NAMES}
        self.front = None
        try:
            for name in NAMES:
                self.start_instance(name)
            self._start_haproxy(port or conftest._free_port())
            for name in NAMES:
                self.wait_for(name, "UP")
        except BaseException:
            self.stop()
            raise

    def start_instance(self, name):
        """Starts the instance `name` on its address (again after a stop or a kill), once healthy."""
        folder = self.folder / name
        folder.mkdir(exist_ok=True)
        self.instances[name] = conftest.start_server(
            folder,
            *INSTANCE_ARGUMENTS,
            *self.arguments,
            data_dir=self.data_dir,
            environment=self.environment,
            port=self._ports[name],
        )

    def _start_haproxy(self, port):
        listen, stats = f"127.0.0.1:{port}", f"127.0.0.1:{conftest._free_port()}"
        addresses = {
            f"WISHLIST_INSTANCE_{index}": f"127.0.0.1:{self._ports[name]}" for index, name in enumerate(NAMES, 1)
        }
        log_path = self.folder / "haproxy.log"
        with open(log_path, "ab") as log:
            process = subprocess.Popen(
                ["haproxy", "-db", "-f", str(CONFIG)],
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env={**os.environ, "WISHLIST_LISTEN": listen, "WISHLIST_STATS": stats, **addresses},
            )
        self.front = conftest.RunningServer(f"http://{listen}", self.data_dir, log_path, process)
        conftest._PORTS_IN_USE.add(port)
        conftest._SERVED_ORIGINS.add(self.front.base_url)
        self.stats_url = f"http://{stats}"

    def kill(self, name):
        """Kills the instance `name` with SIGKILL, as a crash would."""
        process = self.instances[name].process
        process.send_signal(signal.SIGKILL)
        process.wait()

    def stop_instance(self, name):
        conftest.stop_server(self.instances[name])

    def stop(self):
        if self.front is not None:
            conftest.stop_server(self.front)
        for running in self.instances.values():
            conftest.stop_server(running)

    def statistics(self):
        """haproxy's statistics of the instances by name: {"one": {"status": "UP", "hrsp_2xx": "3", …}}."""
        with urllib.request.urlopen(self.stats_url + "/;csv", timeout=5) as response:
            text = response.read().decode().removeprefix("# ")
        rows = csv.DictReader(io.StringIO(text))
        return {row["svname"]: row for row in rows if row["pxname"] == "instances" and row["svname"] in NAMES}

    def status(self, name):
        """What haproxy says of `name` now ("UP", "DOWN", "UP 1/2"…), or the error while it starts."""
        try:
            return self.statistics()[name]["status"]
        except urllib.error.URLError as error:
            return error

    def wait_for(self, name, status):
        """Waits for haproxy to say `name` is `status`."""
        deadline = time.monotonic() + STATE_TIMEOUT
        while (seen := self.status(name)) != status:
            assert time.monotonic() < deadline, f"haproxy still says {name} is {seen}, not {status}"
            time.sleep(0.1)

    def answered(self):
        """How many 2xx answers each instance gave through haproxy."""
        return {name: int(row["hrsp_2xx"]) for name, row in self.statistics().items()}

    def address(self, name):
        return urlparse(self.instances[name].base_url).netloc

    def leaders(self):
        """The instances whose log says they have led the background work (since they first started)."""
        return {
            name for name, running in self.instances.items() if LEADS in running.log_path.read_text(errors="replace")
        }

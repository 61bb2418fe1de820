"""Fixtures for the browser tests: the real server binary on a fresh data
directory (WISHLIST_BIN), headless Chromium from Debian, and screenshots.

Run: WISHLIST_BIN=.build/debug/wishlist pytest -n 2 e2e
     (WISHLIST_SCREENSHOTS=1 also saves screens into e2e/screenshots/)."""

import atexit
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from urllib.parse import urlparse

import postgres_cluster
import pytest
import urllib3
from selenium.common.exceptions import WebDriverException

import haproxy_cluster
from reusable_browser import PHONE, ReusableBrowser

DESKTOP = (1280, 800)
STARTUP_TIMEOUT = 30.0
SHUTDOWN_TIMEOUT = 10.0
# The repository: the tests live in feature folders below e2e/, so they find it from here.
REPOSITORY = Path(__file__).resolve().parent.parent
WEB_DIR = REPOSITORY / "Sources" / "WishlistServer" / "Web"
# Real camera photos (testdata/photos/README.md).
PHOTOS = REPOSITORY / "testdata" / "photos"
SCREENSHOT_DIR = Path(__file__).resolve().parent / "screenshots"
# Every test server hashes passwords at libsodium's least cost (`--password-cost minimum`): at the
# real cost, three hashes a test (setup, sign-in, a token) were a second of a debug build's time.
# And it imports no K-culture spots unless the test asks (`--spots` among its arguments): the
# bundled megabyte took a debug server most of its start.
TEST_SERVER_ARGUMENTS = ["--password-cost", "minimum"]
# The API and fuzz tests run on each engine (`engine`, see pytest_generate_tests): on PostgreSQL each
# data directory gets a new database of this worker's throwaway cluster (postgres_cluster.py), and keeps
# it when its server is started again; on "cluster" the server is haproxy in front of three servers on
# one such database and one data directory (haproxy_cluster.py).
ENGINES = ("sqlite", "postgres", "cluster")
_engine = "sqlite"
_DATABASES = {}


@dataclass
class RunningServer:
    """A started `wishlist serve`: where it listens, its data directory and its log."""

    base_url: str
    data_dir: Path
    log_path: Path
    process: subprocess.Popen

    def url(self, path="/"):
        return self.base_url + path

    def api(self, method, path, body=None, *, token=None, cookie=None):
        """Calls the API without a browser, e.g. to prepare an account or data, as the holder of
        `token` (Bearer) or `cookie` (a session cookie) when given; returns (status, json)."""
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json", "X-Requested-With": "wishlist"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if cookie:
            headers["Cookie"] = cookie
        request = urllib.request.Request(self.url(f"/api/v1{path}"), data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                raw = response.read()
                return response.status, json.loads(raw) if raw else None
        except urllib.error.HTTPError as error:
            raw = error.read()
            return error.code, json.loads(raw) if raw else None

    def session_cookie(self, username, password, *, user_agent=None):
        """Signs in without a browser (as `user_agent` when given, the device the session is
        listed as); returns the session cookie as `name=value`."""
        headers = {"Content-Type": "application/json", "X-Requested-With": "wishlist"}
        if user_agent:
            headers["User-Agent"] = user_agent
        request = urllib.request.Request(
            self.url("/api/v1/sessions"),
            data=json.dumps({"username": username, "password": password}).encode(),
            method="POST",
            headers=headers,
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.headers["Set-Cookie"].split(";")[0]

    def token(self, username, password):
        """Signs in without a browser and makes an API token for that account."""
        status, body = self.api("POST", "/tokens", {"name": "e2e"}, cookie=self.session_cookie(username, password))
        assert status == 201, body
        return body["token"]


def _free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_until_healthy(server):
    deadline = time.monotonic() + STARTUP_TIMEOUT
    last_problem = None
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(
                f"server exited with {server.process.returncode} before it was healthy:\n{server.log_path.read_text()}"
            )
        try:
            with urllib.request.urlopen(server.url("/healthz"), timeout=1) as response:
                if response.status == 200:
                    return
                last_problem = f"status {response.status}"
        except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
            last_problem = error
        # Polling interval: wait for the process to exit, at most briefly, then ask again.
        try:
            server.process.wait(timeout=0.05)
        except subprocess.TimeoutExpired:
            pass
    raise RuntimeError(f"server not healthy within {STARTUP_TIMEOUT}s ({last_problem}):\n{server.log_path.read_text()}")


def _stop(process):
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=SHUTDOWN_TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise RuntimeError("server ignored SIGTERM") from None


# The port this worker's servers listen on when no other of its servers holds it: one origin from test to
# test, so the browser keeps the app's immutable assets in its HTTP cache as a returning visitor would,
# instead of fetching and compiling every module again for each test. It lies below Linux's ephemeral range (32768 up), so no port the system hands out for the asking
# (`_free_port`, a stand-in site, a browser's connection) can be it while its server is stopped.
_WORKER_PORT = 21000 + int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
_PORTS_IN_USE = set()


def _port_for_a_new_server():
    if _WORKER_PORT not in _PORTS_IN_USE:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(("127.0.0.1", _WORKER_PORT))
                return _WORKER_PORT
            except OSError:
                pass
    return _free_port()


# The origins of the servers started since the browser was last reset, whose storage it must forget.
_SERVED_ORIGINS = set()


def _serve(tmp_path, *extra_args, data_dir=None, environment=None):
    """Starts `wishlist serve` on a fresh data directory (`tmp_path/data` unless given) and yields
    it running; stops it after. `environment` adds variables to the server's environment."""
    if _engine == "cluster":
        cluster = haproxy_cluster.Cluster(
            tmp_path, *extra_args, data_dir=data_dir, environment=environment, port=_port_for_a_new_server()
        )
        try:
            yield cluster.front
        finally:
            cluster.stop()
        return
    running = start_server(tmp_path, *extra_args, data_dir=data_dir, environment=environment)
    try:
        yield running
    finally:
        stop_server(running)


def stop_server(running):
    """Stops a server started by `start_server` (SIGTERM, as a person would)."""
    _stop(running.process)
    _PORTS_IN_USE.discard(urlparse(running.base_url).port)


def start_server(tmp_path, *extra_args, data_dir=None, environment=None, port=None):
    """Starts `wishlist serve` and returns it once healthy: on `data_dir` (made when missing;
    `tmp_path/data` unless given) and `port` (a free one unless given: the same one to start a
    stopped server again at the same origin). The caller stops it with `stop_server`."""
    binary = os.environ.get("WISHLIST_BIN")
    if not binary:
        pytest.fail("set WISHLIST_BIN to the wishlist executable, e.g. .build/debug/wishlist")
    data_dir = data_dir or tmp_path / "data"
    if _spots_source(extra_args) == "bundled" and not data_dir.exists():
        shutil.copytree(_data_with_bundled_spots(binary), data_dir)
    data_dir.mkdir(exist_ok=True)
    _seed_place_index(binary, data_dir)
    if _engine == "postgres" and "--database" not in extra_args:
        extra_args = (*extra_args, "--database", database_for(data_dir))
    log_path = tmp_path / "server.log"
    port = port or _port_for_a_new_server()
    with open(log_path, "ab") as log:
        process = subprocess.Popen(
            # No internet here: the maps draw their plain background instead of fetching tiles.
            [
                binary,
                "serve",
                "--data",
                str(data_dir),
                "--listen",
                f"127.0.0.1:{port}",
                "--tile-url",
                "none",
                *TEST_SERVER_ARGUMENTS,
                *([] if _spots_source(extra_args) else ["--spots", "none"]),
                *extra_args,
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env={**os.environ, **(environment or {})},
        )
    running = RunningServer(f"http://127.0.0.1:{port}", data_dir, log_path, process)
    _PORTS_IN_USE.add(port)
    _SERVED_ORIGINS.add(running.base_url)
    try:
        _wait_until_healthy(running)
    except BaseException:
        stop_server(running)
        raise
    return running


def database_for(data_dir):
    """The PostgreSQL database of the servers on `data_dir`: a new one of this worker's throwaway
    cluster at the first call, the same one after."""
    if data_dir not in _DATABASES:
        _DATABASES[data_dir] = postgres_cluster.new_database(partial(_migrate, os.environ["WISHLIST_BIN"]))
    return _DATABASES[data_dir]


def _migrate(binary, database_url):
    """Makes the schema in a PostgreSQL database, as a server's first start would."""
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(
            [binary, "user", "list", "--data", folder, "--database", database_url],
            check=True,
            capture_output=True,
            stdin=subprocess.DEVNULL,
        )


# A data directory with the bundled spots imported and nothing else, made once per worker: each
# test that asks for them starts from a copy instead of importing the release anew (several
# seconds of a debug build each). The server finds them imported and skips its own import, which
# e2e/spots/test_first_start.py covers. The copy's folder goes when the worker ends.
_BUNDLED_SPOTS_DATA = None


def _spots_source(arguments):
    """The value of `--spots` among a server's arguments, or None."""
    return arguments[arguments.index("--spots") + 1] if "--spots" in arguments else None


def _data_with_bundled_spots(binary):
    global _BUNDLED_SPOTS_DATA
    if _BUNDLED_SPOTS_DATA is None:
        folder = tempfile.mkdtemp(prefix="wishlist-spots-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        data_dir = Path(folder) / "data"
        subprocess.run(
            [binary, "spots", "import", "--data", str(data_dir)],
            check=True,
            capture_output=True,
            stdin=subprocess.DEVNULL,
        )
        _BUNDLED_SPOTS_DATA = data_dir
    return _BUNDLED_SPOTS_DATA


_PLACE_INDEX = None


def _seed_place_index(binary, data_dir):
    """Gives a new data directory the offline place index, built once per worker by `wishlist places
    index` as a server's first start would have it built: every test's server starts on a new
    directory, and building it each time took a tenth of a second of CPU per start. The index's
    own checks (its fingerprint of libgeonames and the catalogs) still decide whether a server uses
    it; the Swift tests cover a first start that builds it (LazyLibraryTests, CommandLineTests)."""
    global _PLACE_INDEX
    target = data_dir / "cache" / "places.index"
    if target.exists():
        return
    if _PLACE_INDEX is None:
        folder = tempfile.mkdtemp(prefix="wishlist-places-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        subprocess.run(
            [binary, "places", "index", "--data", folder], check=True, capture_output=True, stdin=subprocess.DEVNULL
        )
        _PLACE_INDEX = Path(folder) / "cache" / "places.index"
    target.parent.mkdir(exist_ok=True)
    shutil.copyfile(_PLACE_INDEX, target)


@pytest.fixture
def server_arguments():
    """More arguments for `wishlist serve`; a test module overrides this fixture to add its own
    (e.g. a Giphy stand-in's address)."""
    return []


@pytest.fixture
def server(tmp_path, server_arguments):
    """A fresh server (empty data directory, so setup is required) for each test."""
    yield from _serve(tmp_path, *server_arguments)


@pytest.fixture
def open_server(tmp_path):
    """A fresh server whose link previews may reach loopback, where the tests serve their pages."""
    yield from _serve(tmp_path, "--allow-private-addresses")


def set_viewport(driver, width, height, *, mobile=None):
    """Sizes the page's viewport exactly (window sizes include browser chrome)."""
    driver.set_viewport(width, height, mobile=mobile)


def set_color_scheme(driver, scheme, *, reduced_motion=False):
    """Emulates prefers-color-scheme ("light" or "dark") and, optionally, prefers-reduced-motion."""
    features = [
        {"name": "prefers-color-scheme", "value": scheme},
        {"name": "prefers-reduced-motion", "value": "reduce" if reduced_motion else "no-preference"},
    ]
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})


@pytest.fixture(scope="session")
def _worker_browser():
    """The Chromium of this test worker: {"driver": …}, renewed when a test left it unusable."""
    kept = {"driver": None}
    yield kept
    if kept["driver"] is not None:
        kept["driver"].quit()


def made_like_new(driver, origins, start=ReusableBrowser):
    """`driver` reset (`ReusableBrowser.reset`), or a new browser from `start` when there is none
    or it cannot be reset: it refused, or it stopped answering. (Once, a reset's `about:blank`
    never loaded; the command failed after the driver's 120 s, and every later command of that
    session waited as long.) The old one is discarded with its driver, not asked to quit, which a
    driver stuck on a command would not answer either."""
    if driver is not None:
        try:
            driver.reset(origins)
            return driver
        except (WebDriverException, urllib3.exceptions.HTTPError):
            driver.discard()
    return start()


@pytest.fixture
def browser(_worker_browser, request):
    """Headless Chromium at phone size (390×844), English, as new, failing the test on any script error.

    Only the tests marked `service_worker` (e2e/offline/) let the app install its worker: the others run
    it as a browser without service workers does, which spared each of them fetching and keeping the whole
    shell (half of a test's requests, a sixth of Chromium's time)."""
    driver = _worker_browser["driver"] = made_like_new(_worker_browser["driver"], _SERVED_ORIGINS)
    _SERVED_ORIGINS.clear()
    if request.node.get_closest_marker("service_worker") is None:
        driver.hide_service_workers()
    yield driver
    errors = driver.script_errors()
    assert not errors, f"script errors in the page: {errors}"


@pytest.fixture
def screenshot(browser):
    """`screenshot(name)` saves phone and desktop pictures, light and dark, of the
    current screen into e2e/screenshots/ when WISHLIST_SCREENSHOTS=1; otherwise nothing."""
    enabled = os.environ.get("WISHLIST_SCREENSHOTS") == "1"

    def capture(name):
        if not enabled:
            return
        SCREENSHOT_DIR.mkdir(exist_ok=True)
        size_before = browser.execute_script("return [window.innerWidth, window.innerHeight]")
        for scheme in ("light", "dark"):
            # Reduced motion so no entrance animation is caught half-way.
            set_color_scheme(browser, scheme, reduced_motion=True)
            for label, (width, height) in (("phone", PHONE), ("desktop", DESKTOP)):
                set_viewport(browser, width, height)
                browser.save_screenshot(str(SCREENSHOT_DIR / f"{name}-{label}-{scheme}.png"))
        set_color_scheme(browser, "light")
        set_viewport(browser, *size_before)

    return capture


@pytest.fixture
def catalogs():
    """The web app's message catalogs, {"en": {...}, "ko": {...}}."""
    return {code: json.loads((WEB_DIR / "i18n" / f"{code}.json").read_text()) for code in ("en", "ko")}


KINDS = ("browser", "api", "fuzz", "load")
# Browser tests that also run on the cluster (`[cluster]`): one journey each of signing in, adding a wish with a
# photo, search, the journal and sharing.
JOURNEY = "cluster_journey"
# Tests that run on SQLite only: the browser's (the engine is behind the API they drive), those bound by
# time or load (measured on the default engine), and those about the data directory's SQLite file; and
# those that start no server, once.
SQLITE_ONLY_MARKERS = {"browser", "timing", "load", "sqlite_only", "no_server"}


def pytest_generate_tests(metafunc):
    """Runs each API and fuzz test once per engine (`[sqlite]`, `[postgres]`, `[cluster]`), those marked
    `postgres_only` on PostgreSQL alone, those marked `no_cluster` on SQLite and PostgreSQL; and the
    browser journeys marked `cluster_journey` on SQLite and on the cluster."""
    markers = {marker.name for marker in metafunc.definition.iter_markers()}
    if JOURNEY in markers:
        metafunc.parametrize("engine", ("sqlite", "cluster"), indirect=True)
        return
    if "browser" in metafunc.fixturenames or markers & SQLITE_ONLY_MARKERS:
        return
    if "postgres_only" in markers:
        engines = ("postgres",)
    elif "no_cluster" in markers:
        engines = ("sqlite", "postgres")
    else:
        engines = ENGINES
    metafunc.parametrize("engine", engines, indirect=True)


@pytest.fixture(autouse=True)
def engine(request):
    """The database engine of the servers this test starts: "sqlite" unless parametrized."""
    global _engine
    _engine = getattr(request, "param", "sqlite")
    yield _engine
    _engine = "sqlite"


def pytest_collection_modifyitems(items):
    """Marks each test with its kind: as its module says, else by whether it drives the browser.
    And puts the long tests first, so that the workers share out the short ones after them."""
    for item in items:
        if not any(item.get_closest_marker(kind) for kind in KINDS):
            item.add_marker("browser" if "browser" in item.fixturenames else "api")
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


def pytest_terminal_summary(terminalreporter):
    """How many tests of each kind passed, after pytest's own summary."""
    passed = terminalreporter.stats.get("passed", [])
    counts = {kind: sum(1 for report in passed if report.when == "call" and kind in report.keywords) for kind in KINDS}
    terminalreporter.write_line(
        "passed by kind: " + ", ".join(f"{count} {kind}" for kind, count in counts.items() if count)
    )

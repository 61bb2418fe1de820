"""Fixtures for the browser tests: the real server binary on a fresh data
directory (WISHLIST_BIN), headless Chromium from Debian, and screenshots.

Run: WISHLIST_BIN=.build/debug/wishlist pytest e2e
     (WISHLIST_SCREENSHOTS=1 also saves screens into e2e/screenshots/)."""

import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PHONE = (390, 844)
DESKTOP = (1280, 800)
STARTUP_TIMEOUT = 30.0
SHUTDOWN_TIMEOUT = 10.0
WEB_DIR = Path(__file__).resolve().parent.parent / "Sources" / "WishlistServer" / "Web"
# Real camera photos (testdata/photos/README.md).
PHOTOS = Path(__file__).resolve().parent.parent / "testdata" / "photos"
SCREENSHOT_DIR = Path(__file__).resolve().parent / "screenshots"


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


    def token(self, username, password):
        """Signs in without a browser and makes an API token for that account."""
        request = urllib.request.Request(
            self.url("/api/v1/sessions"),
            data=json.dumps({"username": username, "password": password}).encode(),
            method="POST",
            headers={"Content-Type": "application/json", "X-Requested-With": "wishlist"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            cookie = response.headers["Set-Cookie"].split(";")[0]
        status, body = self.api("POST", "/tokens", {"name": "e2e"}, cookie=cookie)
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
        raise RuntimeError("server ignored SIGTERM")


def _serve(tmp_path, *extra_args, data_dir=None, environment=None):
    """Starts `wishlist serve` on a fresh data directory (`tmp_path/data` unless given) and yields
    it running; stops it after. `environment` adds variables to the server's environment."""
    binary = os.environ.get("WISHLIST_BIN")
    if not binary:
        pytest.fail("set WISHLIST_BIN to the wishlist executable, e.g. .build/debug/wishlist")
    data_dir = data_dir or tmp_path / "data"
    data_dir.mkdir()
    log_path = tmp_path / "server.log"
    port = _free_port()
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            # No internet here: the maps draw their plain background instead of fetching tiles.
            [binary, "serve", "--data", str(data_dir), "--listen", f"127.0.0.1:{port}", "--tile-url", "none", *extra_args],
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env={**os.environ, **(environment or {})},
        )
    running = RunningServer(f"http://127.0.0.1:{port}", data_dir, log_path, process)
    try:
        _wait_until_healthy(running)
        yield running
    finally:
        _stop(process)


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
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {
            "width": width,
            "height": height,
            "deviceScaleFactor": 1,
            "mobile": width < 600 if mobile is None else mobile,
        },
    )


def set_color_scheme(driver, scheme, *, reduced_motion=False):
    """Emulates prefers-color-scheme ("light" or "dark") and, optionally, prefers-reduced-motion."""
    features = [
        {"name": "prefers-color-scheme", "value": scheme},
        {"name": "prefers-reduced-motion", "value": "reduce" if reduced_motion else "no-preference"},
    ]
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})


def _page_errors(driver):
    # Failed requests (a 401 from /api/v1/me while signed out) are expected; script errors are not.
    return [
        entry["message"]
        for entry in driver.get_log("browser")
        if entry["level"] == "SEVERE" and "Failed to load resource" not in entry["message"]
    ]


@pytest.fixture
def browser():
    """Headless Chromium at phone size (390×844), English, failing the test on any script error."""
    options = Options()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--lang=en-US",
        f"--window-size={PHONE[0]},{PHONE[1]}",
    ):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": "en-US,en"})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # An explicit driver path keeps selenium-manager from trying to download one.
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        set_viewport(driver, *PHONE)
        yield driver
        errors = _page_errors(driver)
        assert not errors, f"script errors in the page: {errors}"
    finally:
        driver.quit()


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

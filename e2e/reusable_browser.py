"""One headless Chromium kept for a whole test worker, made like new before each test.

Starting Chromium and its driver cost about a second a test. Between tests it is reset instead:
back to a blank page with one window, every cookie and every visited origin's storage gone (the
servers' ports are reused, so an origin can come back), and each emulation a test may have set
(viewport, colour scheme, geolocation, permissions, blocked or throttled network, a bypassed CSP or service worker,
scripts added to new documents) returned to the default. Animations run ten times faster (`ANIMATION_SPEED`).

The HTTP cache is kept, as a returning visitor's is: the app's assets live at versioned, immutable
paths, and each worker's servers share one port (conftest), so a test does not fetch and compile
every module again (a tenth of Chromium's time).

The browser is Debian's chromium-headless-shell: the same Blink and V8 as Chromium, built without
the desktop browser around them (Chromium's own `--headless=new` runs the whole browser, windows
and all, unseen). The browser tests spent three quarters of their CPU time in Chromium; with the
shell, the whole e2e run took 626 CPU-seconds instead of 808. The benchmarks that measure a page
as a person would see it (bench/share_page.py) keep the full browser."""

import os
import signal

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

from processes import descendants

# The binary itself: /usr/bin/chromium-headless-shell is a script that runs it without `exec`, so
# the driver's quit ended the script and left the browser running.
CHROMIUM = "/usr/lib/chromium/chromium-headless-shell"
CHROMEDRIVER = "/usr/bin/chromedriver"
PHONE = (390, 844)

# Animations and transitions run this many times faster than on a phone, on every page until the
# next reset: each still runs and ends with its events, as the app's code expects, in a tenth of the
# frames. At their own speed the frames cost a fifth of the browser tests' CPU (48 tests: 104 CPU-s
# against 84-87). The rate needs no `Animation.enable`, which would send the driver an event for
# every animation. Which motion a person prefers is the tests' to choose (conftest.set_color_scheme).
ANIMATION_SPEED = 10

_NORMAL_NETWORK = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}


class ReusableBrowser(webdriver.Chrome):
    """Chromium at phone size (390×844), in English, that remembers what a test changed so `reset` can undo it."""

    def __init__(self):
        options = Options()
        options.binary_location = CHROMIUM
        for argument in (
            "--no-sandbox",
            "--disable-dev-shm-usage",
            "--disable-gpu",
            # One renderer process for every page: each test's first page is on a new origin (its
            # server's), and a renderer started for each cost a sixth of the browser tests' CPU.
            "--renderer-process-limit=1",
            "--lang=en-US",
            f"--window-size={PHONE[0]},{PHONE[1]}",
        ):
            options.add_argument(argument)
        options.add_experimental_option("prefs", {"intl.accept_languages": "en-US,en"})
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        # An explicit driver path keeps selenium-manager from trying to download one.
        super().__init__(service=Service(executable_path=CHROMEDRIVER), options=options)
        self._added_scripts = []
        # Headless Chromium keeps a window at least 500 px wide whatever --window-size says: the
        # phone's width comes from emulation, from the first test on (not only after a reset).
        self.set_viewport(*PHONE)

    def execute_cdp_cmd(self, cmd, cmd_args):
        answer = super().execute_cdp_cmd(cmd, cmd_args)
        if cmd == "Page.addScriptToEvaluateOnNewDocument":
            self._added_scripts.append(answer["identifier"])
        return answer

    def reset(self, origins):
        """Makes the browser as a new one would be, forgetting what `origins` stored: call it before each test."""
        home = self.window_handles[0]
        for handle in self.window_handles[1:]:
            self.switch_to.window(handle)
            self.close()
        self.switch_to.window(home)
        self.get("about:blank")
        for identifier in self._added_scripts:
            super().execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": identifier})
        self._added_scripts.clear()
        for origin in origins:
            super().execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        for command, arguments in (
            ("Network.enable", {}),
            ("Network.clearBrowserCookies", {}),
            ("Network.setBlockedURLs", {"urls": []}),
            ("Network.setBypassServiceWorker", {"bypass": False}),
            ("Network.emulateNetworkConditions", _NORMAL_NETWORK),
            # Off again once reset: while the domain is on, every request of the page is reported
            # to the driver as it starts, answers and ends, which made an app load cost the
            # browser 270 ms of CPU instead of 360-450. A test that emulates or blocks turns it on.
            ("Network.disable", {}),
            ("Page.setBypassCSP", {"enabled": False}),
            ("Emulation.clearGeolocationOverride", {}),
            ("Emulation.setEmulatedMedia", {"features": []}),
            ("Browser.resetPermissions", {}),
            ("Animation.setPlaybackRate", {"playbackRate": ANIMATION_SPEED}),
        ):
            super().execute_cdp_cmd(command, arguments)
        self.set_viewport(*PHONE)
        # What the page logged before this test is not this test's.
        self.get_log("browser")

    def discard(self):
        """Ends the browser and its driver at once, whatever state they are in: every process of the
        driver's tree is killed. Stopping the driver (`service.stop`) left Chromium running when the
        driver died or hung, and waited 70 s for a hung one before killing it."""
        driver = self.service.process
        for pid in [driver.pid, *descendants(driver.pid)]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        driver.wait()

    def hide_service_workers(self):
        """Makes the pages opened from now until the next reset see no `navigator.serviceWorker`."""
        self.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument",
            {"source": "Object.defineProperty(Navigator.prototype, 'serviceWorker', {get: () => undefined})"},
        )

    def set_viewport(self, width, height, *, mobile=None):
        """Sizes the page's viewport exactly (window sizes include browser chrome)."""
        super().execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {
                "width": width,
                "height": height,
                "deviceScaleFactor": 1,
                "mobile": width < 600 if mobile is None else mobile,
            },
        )

    def script_errors(self):
        """What the page logged as errors since the last call: failed requests (a 401 from /api/v1/me
        while signed out) are expected; script errors are not."""
        return [
            entry["message"]
            for entry in self.get_log("browser")
            if entry["level"] == "SEVERE" and "Failed to load resource" not in entry["message"]
        ]

"""The web app's start from its service worker with the server stopped (issue 30): the time from
navigation to the first wish card drawn, in headless Chromium at phone size, over several starts.

Usage: offline_start.py WISHLIST_BIN DATA_DIR PORT [RUNS]
DATA_DIR holds `wishlist-bench generate`'s account (bench / bench password) and its wishes."""

import json
import signal
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))
from reusable_browser import ReusableBrowser  # noqa: E402

# Records, from the start of the navigation, when a wish card first shows its name.
FIRST_CARD = """
new MutationObserver((changes, observer) => {
  if (document.querySelector("wl-wish-card")?.textContent.trim()) {
    window.firstCardAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true, characterData: true });
"""


def wait(condition, what, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        answer = condition()
        if answer:
            return answer
        time.sleep(0.02)
    raise RuntimeError(f"timed out waiting for {what}")


def healthy(base):
    try:
        with urllib.request.urlopen(base + "/healthz", timeout=1) as answer:
            return answer.status == 200
    except OSError:
        return False


def session_cookie(base):
    request = urllib.request.Request(
        base + "/api/v1/sessions",
        data=json.dumps({"username": "bench", "password": "bench password"}).encode(),
        method="POST",
        headers={"Content-Type": "application/json", "X-Requested-With": "wishlist"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.headers["Set-Cookie"].split(";")[0]


def start(browser, url):
    """Opens `url` as a new document (not a same-page move) and returns the ms to its first wish card."""
    browser.get("about:blank")
    browser.get(url)
    return wait(lambda: browser.execute_script("return window.firstCardAt"), "the first wish card")


def main(binary, data, port, runs=7):
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [binary, "serve", "--data", data, "--listen", f"127.0.0.1:{port}", "--spots", "none", "--tile-url", "none"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    browser = ReusableBrowser()
    try:
        wait(lambda: healthy(base), "the server")
        name, value = session_cookie(base).split("=", 1)
        browser.execute_cdp_cmd("Network.setCookie", {"url": base, "name": name, "value": value, "path": "/"})
        browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FIRST_CARD})
        start(browser, base + "/#/wishes")
        wait(lambda: browser.execute_script("return Boolean(navigator.serviceWorker.controller)"), "the worker")
        # Once more under the worker, which keeps the answers this start is given.
        online = start(browser, base + "/#/wishes")
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
        offline = []
        for _ in range(runs):
            offline.append(start(browser, base + "/#/wishes"))
        print(f"with the server up (network first): {online:.0f} ms")
        print(
            f"server stopped, from the service worker: median {statistics.median(offline):.0f} ms, "
            f"fastest {min(offline):.0f} ms, slowest {max(offline):.0f} ms over {runs} starts (target < 1000 ms)"
        )
    finally:
        browser.quit()
        if server.poll() is None:
            server.kill()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), *(int(runs) for runs in sys.argv[4:5]))

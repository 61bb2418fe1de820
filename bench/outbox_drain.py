"""The outbox's drain (issue 30): a page signed in to a running server goes offline, keeps 50
writes in its outbox (wishes made while offline, each under a local id, then the connection
returns); the time from the `online` event to the outbox's count reaching 0 is measured in the
page itself. Prints one line; checks the server got each write once.

Usage: outbox_drain.py BASE_URL [WRITES]"""

import json
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))
from reusable_browser import ReusableBrowser  # noqa: E402

BASE = sys.argv[1]
WRITES = int(sys.argv[2]) if len(sys.argv) > 2 else 50
HEADERS = {"Content-Type": "application/json", "X-Requested-With": "wishlist"}


def call(method, path, body=None, cookie=None):
    request = urllib.request.Request(
        f"{BASE}/api/v1{path}",
        data=None if body is None else json.dumps(body).encode(),
        method=method,
        headers={**HEADERS, **({"Cookie": cookie} if cookie else {})},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return answer, json.loads(answer.read() or b"null")


def network(browser, offline):
    browser.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )


# Keeps WRITES wishes in the outbox (offline, so each is kept), then notes when the count is 0 again.
KEEP = """
const [writes, done] = arguments;
const base = document.querySelector('script[type="module"]').src.replace(/js\\/shell\\/main\\.js$/, "");
const { wishService } = await import(base + "js/wishes/wish-service.js");
const { outbox } = await import(base + "js/offline/outbox.js");
await outbox.opened();
for (let n = 1; n <= writes; n += 1) await wishService.create({ name: `Kept offline ${n}`, tags: [] });
window.outboxDrained = new Promise((resolve) => {
  window.addEventListener("online", () => {
    const started = performance.now();
    window.addEventListener("wishlist:outbox", function onCount(event) {
      if (event.detail.count !== 0) return;
      window.removeEventListener("wishlist:outbox", onCount);
      resolve(performance.now() - started);
    });
  }, { once: true });
});
done(outbox.count);
"""

WAIT = """
const done = arguments[0];
window.outboxDrained.then(done);
"""


def main():
    call("POST", "/setup", {"username": "bench", "password": "correct horse battery"})
    answer, _ = call("POST", "/sessions", {"username": "bench", "password": "correct horse battery"})
    name, value = answer.headers["Set-Cookie"].split(";")[0].split("=", 1)
    browser = ReusableBrowser()
    try:
        browser.set_script_timeout(300)
        browser.execute_cdp_cmd("Network.enable", {})
        browser.execute_cdp_cmd(
            "Network.setCookie", {"url": BASE + "/", "name": name, "value": value, "path": "/", "httpOnly": True}
        )
        browser.get(BASE + "/#/wishes")
        deadline = time.monotonic() + 30
        while not browser.execute_script("return !!document.querySelector('wl-shell')"):
            if time.monotonic() > deadline:
                raise SystemExit("the app did not open")
            time.sleep(0.1)
        network(browser, True)
        kept = browser.execute_async_script(KEEP, WRITES)
        assert kept == WRITES, kept
        network(browser, False)
        milliseconds = browser.execute_async_script(WAIT)
    finally:
        browser.quit()
    _, wishes = call("GET", f"/wishes?limit={WRITES + 10}", cookie=f"{name}={value}")
    arrived = len(wishes["items"])
    print(
        f"{WRITES} kept writes sent in {milliseconds:.0f} ms ({milliseconds / WRITES:.1f} ms each); {arrived} arrived"
    )
    if arrived != WRITES:
        raise SystemExit(f"expected {WRITES} wishes, the server has {arrived}")


main()

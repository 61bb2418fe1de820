"""The friend's page of a shared list on a phone over a slow connection: its first paint under
Chromium's "Slow 3G" profile (DevTools' preset: 2 s latency a request, 50,000 bytes/s each way) and
everything it transfers for a list of 24 wishes with photos.

python3 bench/share_page.py BASE_URL TOKEN: fills the account of TOKEN (an API token on the server
at BASE_URL) with 24 wishes, each with a camera photo, shares them, opens the link in headless
Chromium at phone size (390x844, 3 device pixels a pixel) with the cache off and prints the figures.
Run by bench/run.d/80-share-page; needs Chromium, chromedriver and Selenium (`make test`'s)."""

import itertools
import json
import sys
import time
import urllib.request
import uuid
from pathlib import Path

from selenium import webdriver

# DevTools' (and Puppeteer's) "Slow 3G": 500 kbit/s at 80 %, 400 ms round trips times 5.
SLOW_3G = {"offline": False, "latency": 2000, "downloadThroughput": 50_000, "uploadThroughput": 50_000}
WISHES = 24
PHOTOS = sorted(Path("testdata/photos/gps").glob("*.jpg")) + sorted(Path("testdata/photos/camera").glob("*.jpg"))
QUIET_SECONDS = 3
TIMEOUT_SECONDS = 120


def call(base, token, method, path, body=None, content_type="application/json"):
    data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + "/api/v1" + path,
        data=data,
        method=method,
        headers={"Authorization": f"Bearer {token}", "Content-Type": content_type, "X-Requested-With": "wishlist"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read() or b"null")


def upload(base, token, path):
    boundary = uuid.uuid4().hex
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{path.name}"\r\n'
            "Content-Type: image/jpeg\r\n\r\n"
        ).encode()
        + path.read_bytes()
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return call(base, token, "POST", "/photos", body, f"multipart/form-data; boundary={boundary}")


def fill(base, token):
    """24 wishes with a photo each (the test photos in turn), a memo and tags; returns the share's URL."""
    # A photo belongs to one wish: each wish gets its own upload of the next file.
    for index, path in zip(range(WISHES), itertools.cycle(PHOTOS)):
        photo = upload(base, token, path)["items"][0]["id"]
        call(
            base,
            token,
            "POST",
            "/wishes",
            {
                "name": f"Gift idea {index + 1}: something lovely",
                "memo": "Size M, the blue one if they still have it.",
                "link": f"https://shop.example.com/items/{index}",
                "tags": ["birthday", "clothes" if index % 2 else "books"],
                "photoIds": [photo],
            },
        )
    share = call(base, token, "POST", "/shares", {"title": "My birthday"})
    return base + "/s/" + share["url"].rsplit("/s/", 1)[1]


def browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=390,844"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService("/usr/bin/chromedriver"))
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
    )
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", SLOW_3G)
    return driver


def transfers(driver, kinds):
    """Bytes on the wire per finished request since the last call (DevTools' encodedDataLength).
    `kinds` keeps each request's type across calls: its response and its end may come in different ones."""
    finished = {}
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        params = message.get("params", {})
        if message["method"] == "Network.responseReceived":
            kinds[params["requestId"]] = kind_of(params["response"])
        elif message["method"] == "Network.loadingFinished":
            finished[params["requestId"]] = params["encodedDataLength"]
    return {request: (kinds.get(request, "other"), size) for request, size in finished.items()}


def kind_of(response):
    """What a response is, by its type: html, script, css, json, image or other."""
    mime = response.get("mimeType", "")
    for kind, marker in (
        ("html", "html"),
        ("script", "javascript"),
        ("css", "css"),
        ("json", "json"),
        ("image", "image/"),
    ):
        if marker in mime:
            return kind
    return "other"


def measure(url):
    driver = browser()
    try:
        driver.get("about:blank")
        driver.get_log("performance")
        driver.execute_script("location.href = arguments[0]", url)
        deadline = time.monotonic() + TIMEOUT_SECONDS
        seen = {}
        kinds = {}
        quiet_since = time.monotonic()
        # Loaded when the page is complete and nothing more has finished for a few seconds.
        while time.monotonic() < deadline:
            time.sleep(0.5)
            new = transfers(driver, kinds)
            if new:
                seen.update(new)
                quiet_since = time.monotonic()
            complete = driver.execute_script(
                "return document.readyState === 'complete' && location.pathname.startsWith('/s/')"
            )
            if complete and time.monotonic() - quiet_since > QUIET_SECONDS:
                break
        paints = driver.execute_script(
            "return Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]))"
        )
        cards = driver.execute_script("return document.querySelectorAll('.shared-card').length")
        return paints, seen, cards
    finally:
        driver.quit()


def main():
    base, token = sys.argv[1], sys.argv[2]
    url = fill(base, token)
    paints, seen, cards = measure(url)
    by_type = {}
    for kind, size in seen.values():
        count, total = by_type.get(kind, (0, 0))
        by_type[kind] = (count + 1, total + size)
    total = sum(size for _, size in seen.values())
    first_paint = paints.get("first-paint", float("nan")) / 1000
    contentful = paints.get("first-contentful-paint", float("nan")) / 1000
    print(f"first paint {first_paint:.2f} s, first contentful paint {contentful:.2f} s (target < 3 s)")
    print(f"total transfer {total / 1024:.1f} KB in {len(seen)} requests, {cards} cards shown (target < 300 KB)")
    print("   " + ", ".join(f"{kind} {count}: {size / 1024:.1f} KB" for kind, (count, size) in sorted(by_type.items())))


if __name__ == "__main__":
    main()

"""Steps the photo, wish and journal tests share: real photos picked in the page's picker or
uploaded through the API, and the picker's tiles read back."""

import json
import urllib.request
import uuid

from accessibility import by_role, wait_until
from conftest import PHOTOS
from flows import say

LANDSCAPE = PHOTOS / "camera" / "iphone.jpg"  # 3264×2448, taken in Madrid
SMALL = PHOTOS / "gps" / "DSCN0010.jpg"  # 640×480
# Longer than the default: the server renders every upload before the page can show it.
TIMEOUT = 15


def wait(browser, condition, message):
    return wait_until(browser, condition, message, timeout=TIMEOUT)


def images(context, name):
    """Visible images whose accessible name is `name` (the alt text, as the browser computes it)."""
    return by_role(context, "img", name)


def pick(browser, *paths):
    """Chooses files in the photo picker, as the system picker would."""
    browser.find_element("css selector", 'input[type="file"]').send_keys("\n".join(str(path) for path in paths))


def tile_photo_ids(browser, en, count):
    """The server ids of the picker's photos, in order, once every one shows its server thumbnail."""

    def ids():
        found = []
        for number in range(1, count + 1):
            shown = images(browser, say(en["photos.photo"], number=number))
            assert len(shown) == 1
            source = shown[0].get_attribute("src")
            assert "/thumb" in source
            found.append(source.split("/media/")[1].split("/")[0])
        return found

    return wait(browser, ids, "the thumbnails did not come from the server")


def upload(server, token, *paths):
    """Uploads photos through the API (multipart/form-data) and returns their records."""
    boundary = uuid.uuid4().hex
    body = b""
    for path in paths:
        body += (
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{path.name}"\r\n'
                "Content-Type: image/jpeg\r\n\r\n"
            ).encode()
            + path.read_bytes()
            + b"\r\n"
        )
    body += f"--{boundary}--\r\n".encode()
    request = urllib.request.Request(
        server.url("/api/v1/photos"),
        data=body,
        method="POST",
        headers={"Content-Type": f"multipart/form-data; boundary={boundary}", "Authorization": f"Bearer {token}"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 201
        return json.loads(response.read())["items"]

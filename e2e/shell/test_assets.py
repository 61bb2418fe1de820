"""The web app's files as the server hands them out (X2 "installable"):
the asset base is filled in, every referenced file is served, and the manifest
and icons are what an install prompt needs."""

import json
import re
import struct
import urllib.request
from html.parser import HTMLParser


def fetch(server, path):
    with urllib.request.urlopen(server.url(path), timeout=10) as response:
        # Header names in any case: haproxy (the cluster engine) hands them on in lower case.
        return response.status, response.headers, response.read()


class _References(HTMLParser):
    """Collects <link>, <script> and <meta> tags of a page."""

    def __init__(self):
        super().__init__()
        self.links, self.scripts, self.metas = [], [], []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "link":
            self.links.append(attributes)
        elif tag == "script" and "src" in attributes:
            self.scripts.append(attributes["src"])
        elif tag == "meta":
            self.metas.append(attributes)


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def page_references(server):
    status, _, body = fetch(server, "/")
    assert status == 200
    html = body.decode()
    assert "__ASSET_BASE__" not in html
    parser = _References()
    parser.feed(html)
    return parser


def test_index_references_versioned_assets_that_are_served(server):
    page = page_references(server)
    urls = [link["href"] for link in page.links if link.get("rel") != "manifest"] + page.scripts
    assert urls
    for url in urls:
        assert re.match(r"^/static/[^/]+/", url), url
        status, headers, body = fetch(server, url)
        assert status == 200 and body, url
        assert "immutable" in headers.get("Cache-Control", ""), url


def test_index_declares_icons_and_theme_colours(server):
    page = page_references(server)
    rels = {link.get("rel") for link in page.links}
    assert {"icon", "apple-touch-icon", "manifest", "stylesheet"} <= rels
    theme = [meta for meta in page.metas if meta.get("name") == "theme-color"]
    assert theme and all(re.match(r"^#[0-9a-f]{6}$", meta["content"]) for meta in theme)
    touch = next(link["href"] for link in page.links if link.get("rel") == "apple-touch-icon")
    assert png_size(fetch(server, touch)[2]) == (180, 180)


def test_manifest_makes_the_app_installable(server):
    status, _, body = fetch(server, "/manifest.webmanifest")
    assert status == 200
    manifest = json.loads(body)
    assert manifest["name"] == "Wishlist"
    assert manifest["short_name"]
    assert manifest["start_url"] == "/#/wishes"
    assert manifest["display"] == "standalone"
    assert re.match(r"^#[0-9a-f]{6}$", manifest["theme_color"])
    assert re.match(r"^#[0-9a-f]{6}$", manifest["background_color"])

    icons = manifest["icons"]
    assert any(icon["sizes"] == "any" and icon["type"] == "image/svg+xml" for icon in icons)
    png_sizes = set()
    for icon in icons:
        assert "__ASSET_BASE__" not in icon["src"]
        status, _, data = fetch(server, icon["src"])
        assert status == 200, icon["src"]
        if icon["type"] == "image/png":
            width, height = png_size(data)
            assert icon["sizes"] == f"{width}x{height}"
            png_sizes.add((width, height))
        else:
            assert b"<svg" in data
    assert {(192, 192), (512, 512)} <= png_sizes

"""The QR encoder of the share links (js/sharing/qr-code.js), run in the browser and read back by a
real decoder: every mask, every version it makes (1 to 10 at level M), Korean text as UTF-8, and
the SVG the share screens draw."""

import json

import pytest
from qr_decoding import decode_qr_data_url

from module_harness import page  # noqa: F401 (a fixture)

# Draws each code as modules on a canvas, 6 pixels a module with the 4-module quiet zone, as a PNG.
DRAW_MODULES = """
const draw = ({ modules, size }) => {
  const scale = 6, quiet = 4, side = (size + quiet * 2) * scale;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = side;
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, side, side);
  context.fillStyle = "#000";
  modules.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) context.fillRect((x + quiet) * scale, (y + quiet) * scale, scale, scale);
  }));
  return canvas.toDataURL("image/png");
};
"""

# One text per version 1 to 10 at level M (the largest each holds in byte mode), then a share link.
TEXTS = [
    "w" * 14,
    "x" * 26,
    "y" * 42,
    "z" * 62,
    "a" * 84,
    "b" * 106,
    "c" * 122,
    "d" * 152,
    "e" * 180,
    "f" * 213,
    "https://wishes.example.org/s/Qm9vayBmb3IgbWUgYSBnaWZ0IHRoaXMgd2F5IQ-abcdefghijk",
    "생일 선물 목록 https://위시.example/s/토큰",
]


def test_every_version_and_mask_decodes_to_the_text(page):
    codes = page(
        "js/sharing/qr-code.js",
        DRAW_MODULES
        + """
        const texts = __TEXTS__;
        return texts.flatMap((text) => [0, 1, 2, 3, 4, 5, 6, 7].map((mask) => {
          const code = module.encodeQR(text, { mask });
          return { text, mask, version: code.version, size: code.size, png: draw(code) };
        }));
        """.replace("__TEXTS__", json.dumps(TEXTS)),
    )
    assert [code["version"] for code in codes if code["mask"] == 0][:10] == list(range(1, 11))
    for code in codes:
        assert code["size"] == code["version"] * 4 + 17
        assert decode_qr_data_url(code["png"]) == [code["text"]], (code["version"], code["mask"])


def test_the_chosen_mask_has_the_lowest_penalty_and_the_code_decodes(page):
    result = page(
        "js/sharing/qr-code.js",
        DRAW_MODULES
        + """
        const text = "https://wishes.example.org/s/abcdefghijklmnopqrstuvwxyz0123456789";
        const chosen = module.encodeQR(text);
        return { mask: chosen.mask, png: draw(chosen), text };
        """,
    )
    assert decode_qr_data_url(result["png"]) == [result["text"]]
    assert 0 <= result["mask"] <= 7


def test_the_svg_the_screens_draw_scans_as_the_link(page):
    link = "https://wishes.example.org/s/rT4v-9xQ_s2kLmN0pQrStUvWxYz012345"
    png = page(
        "js/sharing/qr-code.js",
        """
        const svg = module.qrSVG(__LINK__, { label: "QR code" });
        svg.setAttribute("width", "360");
        svg.setAttribute("height", "360");
        const xml = new XMLSerializer().serializeToString(svg);
        const image = new Image();
        image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(xml);
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = canvas.height = 360;
        canvas.getContext("2d").drawImage(image, 0, 0, 360, 360);
        return { png: canvas.toDataURL("image/png"), role: svg.getAttribute("role"), label: svg.getAttribute("aria-label") };
        """.replace("__LINK__", json.dumps(link)),
    )
    assert decode_qr_data_url(png["png"]) == [link]
    assert (png["role"], png["label"]) == ("img", "QR code")


@pytest.mark.parametrize("length", [214, 400])
def test_a_text_too_long_for_version_10_is_refused(page, length):
    error = page(
        "js/sharing/qr-code.js",
        f"""
        try {{ module.encodeQR("q".repeat({length})); return null; }}
        catch (error) {{ return error.name; }}
        """,
    )
    assert error == "RangeError"


def test_reed_solomon_matches_the_standards_worked_example(page):
    # ISO/IEC 18004's example: "01234567" in numeric mode at 1-M has these data codewords and
    # these 10 error correction codewords.
    codewords = page(
        "js/sharing/qr-code.js",
        "return module.reedSolomon([16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17], 10);",
    )
    assert codewords == [165, 36, 212, 193, 237, 54, 199, 135, 44, 85]

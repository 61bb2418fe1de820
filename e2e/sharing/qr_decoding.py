"""Reading a QR code back with a real decoder (zbar, through pyzbar): the sharing tests check that
what the app draws scans as the link, so a phone's camera would open it."""

import base64
import io

from PIL import Image
from pyzbar.pyzbar import ZBarSymbol, decode


def decode_qr_png(png_bytes):
    """The texts of the QR codes zbar finds in a PNG image, decoded as UTF-8."""
    image = Image.open(io.BytesIO(png_bytes)).convert("L")
    return [symbol.data.decode("utf-8") for symbol in decode(image, symbols=[ZBarSymbol.QRCODE])]


def decode_qr_data_url(data_url):
    """As `decode_qr_png`, for a `data:image/png;base64,…` address (a canvas's `toDataURL`)."""
    prefix = "data:image/png;base64,"
    assert data_url.startswith(prefix), data_url[:40]
    return decode_qr_png(base64.b64decode(data_url[len(prefix) :]))

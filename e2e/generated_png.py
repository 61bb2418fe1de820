"""Small PNG images made on the spot, for scripts that upload photos (crash safety, soak)."""

import struct
import zlib


def png(seed, width=72, height=48):
    """A small PNG whose pixels (and so digest) depend on `seed`."""
    red, green, blue = (seed * 67) % 256, (seed * 151) % 256, (seed * 199) % 256
    rows = b"".join(
        b"\x00" + bytes(value for x in range(width) for value in ((red + x * 3) % 256, (green + y * 5) % 256, blue))
        for y in range(height)
    )

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")

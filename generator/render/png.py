"""PNG files of rendered pages: 8-bit RGB rows, each with filter type 0 (none), deflated at level 1.

The print-shop PNGs are large flat-colour images (a card at 300 dpi is 2.7 MB of pixels): Pillow's encoder
picks a filter per row by trying all five, which costs twice the deflating itself, and its files come out
no smaller here. So the few chunks of a PNG are written directly (the format is the PNG specification's,
read back by Pillow and pdfium in the tests); the pixel size travels as pHYs, as Pillow writes it."""
from __future__ import annotations

import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def encode_rgb(pixels, width: int, height: int, stride: int, dpi: float | None = None, level: int = 1) -> bytes:
    """A PNG of ``height`` rows of ``width`` RGB pixels, each row starting ``stride`` bytes after the last
    in ``pixels`` (any buffer); ``dpi`` sets the physical size (pHYs)."""
    if width <= 0 or height <= 0 or stride < 3 * width:
        raise ValueError(f"not an RGB image of {width} × {height} with rows of {stride} bytes")
    view = memoryview(pixels).cast("B")
    if len(view) < stride * (height - 1) + 3 * width:
        raise ValueError("the pixel buffer is shorter than the image")
    row = 3 * width
    raw = bytearray((row + 1) * height)  # each row after its filter byte (0: none), copied once
    into = memoryview(raw)
    for y in range(height):
        at = y * (row + 1) + 1
        into[at:at + row] = view[y * stride:y * stride + row]
    chunks = [_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))]
    if dpi:
        per_metre = int(dpi / 0.0254 + 0.5)  # as Pillow writes it
        chunks.append(_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    chunks.append(_chunk(b"IDAT", zlib.compress(raw, level)))
    chunks.append(_chunk(b"IEND", b""))
    return SIGNATURE + b"".join(chunks)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

"""Makers of hostile files for the reliability tests: FIFOs, device links, symlink loops, bombs, corrupt PNGs."""
from __future__ import annotations

import io
import os
import socket
import struct
import zlib
from pathlib import Path

from tests.conftest import edit

IMAGE_LINE = "    stats: {defence: 4}\n"


def png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png(width: int, height: int, idat: bytes | None = None) -> bytes:
    """A PNG with the given header size; ``idat`` is the raw (compressed) stream, CRCs always valid."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    if idat is None:
        idat = zlib.compress(b"".join(b"\x00" + b"\x80" * (3 * width) for _ in range(height)))
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", idat)
            + png_chunk(b"IEND", b""))


def good_png() -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (60, 90), (200, 30, 30)).save(buffer, "PNG")
    return buffer.getvalue()


BOMB_PNG = png(40000, 40000, zlib.compress(b"\x00" * 1000))  # header claims 1.6 G pixels
CORRUPT_STREAM_PNG = png(64, 64, b"x\x9c" + b"\xff\x00garbage-not-deflate" * 8)  # CRCs fine, zlib broken
TRUNCATED_PNG = good_png()[:-40]
HUGE_MM_PNG = png(20000, 10, None)  # 200,000 pixels but 1693 mm long at 300 dpi


def use_image(game: Path, name: str = "art/knight.png") -> None:
    """Point the first card with stats at ``name``."""
    edit(game / "decks.yaml", IMAGE_LINE, f"{IMAGE_LINE}    image: {name}\n")


def image_file(data: bytes, name: str = "art/knight.png"):
    def apply(game: Path):
        (game / name).parent.mkdir(parents=True, exist_ok=True)
        (game / name).write_bytes(data)
        use_image(game, name)
    return apply


def image_special(maker, name: str = "art/knight.png"):
    def apply(game: Path):
        (game / name).parent.mkdir(parents=True, exist_ok=True)
        maker(game / name)
        use_image(game, name)
    return apply


def fifo(path: Path) -> None:
    os.mkfifo(path)


def dev_null_link(path: Path) -> None:
    os.symlink("/dev/null", path)


def char_device(path: Path) -> None:
    """A character device node inside the game folder (a copy of /dev/null's numbers); needs root."""
    import stat

    import pytest

    try:
        os.mknod(path, 0o644 | stat.S_IFCHR, os.makedev(1, 3))
    except OSError as exc:
        pytest.skip(f"cannot create a device node here: {exc}")


def unix_socket(path: Path) -> None:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(path))
    sock.close()  # the socket file stays


def loop_link(path: Path) -> None:
    os.symlink(path.name + ".other", path)
    os.symlink(path.name, path.parent / (path.name + ".other"))


def self_link(path: Path) -> None:
    os.symlink(path.name, path)


def broken_link(path: Path) -> None:
    os.symlink("nowhere.bin", path)


def outward_link(content: bytes):
    def make(path: Path) -> None:
        data = next(p for p in path.parents if p.name == "data")
        outside = data.parent / f"outside-{path.name}"  # beside the data folder
        outside.write_bytes(content)
        os.symlink(outside, path)
    return make


def special_yaml(maker, name: str = "extra.yaml"):
    return lambda game: maker(game / name)

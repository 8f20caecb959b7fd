"""Asset files named by the data (card art, backs, board images) stay inside their game folder, exist, and are sound images.

A path like ../../etc/passwd, an absolute path, a symlink pointing out of the folder or looping, a FIFO
or device behind the name is refused by the one safe-file rule (generator/load/safe_files.py): data is
written by many hands and a build must never read (and embed) files from elsewhere, nor hang on them.

Every image is also verified before any output uses it: its size is read from the header and capped
(pixels, and millimetres at 300 dpi) before a pixel is decoded, then Pillow's ``verify()`` and a full
decode (a fresh open + ``load()``) run, so a decompression bomb or a corrupt stream is a located data
error in validation, and ``resolve_asset`` (which the model's ``GameIndex.asset`` uses too) never hands
an unsound file to a renderer. SVG files (icons to come) are checked by
``inspect_svg``: a size limit, no DOCTYPE or entities, no external references."""
from __future__ import annotations

import io
import os
import re
import threading
import warnings
from contextlib import contextmanager
from pathlib import Path, PurePosixPath

from generator.load.safe_files import UnsafeFile, read_safe, safe_path

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg"}
MAX_IMAGE_BYTES = 50 * 1024 * 1024
MAX_PIXELS = 50_000_000  # ≈ 200 MB decoded as RGBA
DPI = 300
MAX_SIDE_MM = 1200  # longer than any board; 14,173 px at 300 dpi
MAX_SVG_BYTES = 1024 * 1024

_pillow_lock = threading.Lock()
_checked: dict[tuple, str] = {}  # (real path, size, mtime) → "" or the reason it is refused


def _pure(value: str) -> tuple[PurePosixPath | None, str]:
    pure = PurePosixPath(value.replace("\\", "/"))
    if pure.is_absolute() or (len(value) > 1 and value[1] == ":"):
        return None, "is an absolute path; asset paths are relative to the game folder"
    if ".." in pure.parts:
        return None, "climbs out of the game folder with '..'"
    return pure, ""


def resolve_asset(folder: Path, value: str) -> tuple[Path | None, str]:
    """The asset's real path, or None and the reason it is refused."""
    pure, reason = _pure(value)
    if pure is None:
        return None, reason
    if pure.suffix.lower() not in IMAGE_SUFFIXES:
        return None, f"has suffix '{pure.suffix}'; expected one of {', '.join(sorted(IMAGE_SUFFIXES))}"
    try:
        data, key = _read(folder, folder / pure)
    except UnsafeFile as exc:
        return None, exc.reason
    if key not in _checked:
        _checked[key] = inspect_image(data)
    if _checked[key]:
        return None, _checked[key]
    return key[0], ""


def _read(folder: Path, path: Path) -> tuple[bytes, tuple]:
    real = safe_path(folder, path, "an image file")
    info = os.stat(real)
    key = (real, info.st_size, info.st_mtime_ns)
    if key in _checked:
        return b"", key
    return read_safe(folder, path, MAX_IMAGE_BYTES, "an image file"), key


def inspect_image(data: bytes) -> str:
    """'' for a sound PNG/JPEG within the caps, else why it is refused (never raises)."""
    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with _header_only(Image):  # the size from the header, whatever it claims; nothing decoded yet
                img = Image.open(io.BytesIO(data))
            with img:
                if img.format not in ("PNG", "JPEG"):
                    return f"is a {img.format} image; expected PNG or JPEG"
                width, height = img.size
                reason = _size_reason(width, height)
                if reason:
                    return reason
                img.verify()  # chunk CRCs and structure
            with Image.open(io.BytesIO(data)) as img:
                img.load()  # the whole compressed stream, as the PDF backend will read it
    except Image.DecompressionBombError:
        return f"claims more than {MAX_PIXELS:,} pixels (a decompression bomb?)"
    except Image.DecompressionBombWarning:
        return f"claims more than {MAX_PIXELS:,} pixels (a decompression bomb?)"
    except MemoryError:
        return "is too large to decode"
    except Exception as exc:  # noqa: BLE001 - Pillow raises many types for corrupt files
        detail = str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
        return f"is not a readable PNG or JPEG image ({detail})"
    return ""


@contextmanager
def _header_only(image_module):
    """Lift Pillow's own bomb check while only the header is read, so our cap can name the size."""
    with _pillow_lock:
        saved = image_module.MAX_IMAGE_PIXELS
        image_module.MAX_IMAGE_PIXELS = None
        try:
            yield
        finally:
            image_module.MAX_IMAGE_PIXELS = saved


def _size_reason(width: int, height: int) -> str:
    if width <= 0 or height <= 0:
        return f"has an empty size ({width}×{height} px)"
    if width * height > MAX_PIXELS:
        return (f"is {width}×{height} px ({width * height:,} pixels); the limit is {MAX_PIXELS:,} "
                "(a decompression bomb?)")
    side_mm = max(width, height) / DPI * 25.4
    if side_mm > MAX_SIDE_MM:
        return (f"is {max(width, height)} px on a side, {side_mm:.0f} mm at {DPI} dpi; "
                f"the limit is {MAX_SIDE_MM} mm")
    return ""


_EXTERNAL = re.compile(r"""(?:href|src)\s*=\s*["']\s*(?!#|data:)[^"']+["']|url\(\s*["']?\s*(?!#|data:)""",
                       re.IGNORECASE)


def inspect_svg(data: bytes) -> str:
    """'' for an SVG safe to embed, else why it is refused: size, DOCTYPE/entities, scripts, external refs."""
    if len(data) > MAX_SVG_BYTES:
        return f"is {len(data)} bytes; the limit for an SVG is {MAX_SVG_BYTES}"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return "is not UTF-8 text"
    lowered = text.lower()
    if "<!doctype" in lowered or "<!entity" in lowered:
        return "declares a DOCTYPE or entities; an SVG icon may not"
    if "<script" in lowered or "<foreignobject" in lowered:
        return "holds a script or foreignObject; an SVG icon may not"
    if _EXTERNAL.search(text):
        return "refers to an outside file or address; an SVG icon must be self-contained"
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        return f"is not well-formed XML ({exc})"
    if not root.tag.endswith("svg"):
        return f"has root element <{root.tag}>, expected <svg>"
    return ""

"""A game's own font files (``theme.fonts`` in its data): read through the one safe-file rule and checked
with fontTools before anything measures or embeds them.

A font is refused — with a reason that reads well after "font 'x' …" — when its path leaves the game folder
(absolute, ``..``, an outward symlink), is not a regular file, is over the size cap, has a suffix other than
.ttf/.otf, does not parse, lacks the tables text needs (cmap, hmtx, head, hhea, name), has PostScript (CFF)
outlines (the PDF backend embeds TrueType outlines only), forbids embedding (OS/2 fsType 'restricted'), or
cannot draw the basic Latin letters, digits and the few signs every card prints (· × / : ?). Results are
memoized per (real path, size, mtime)."""
from __future__ import annotations

import hashlib
import io
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from generator.load.safe_files import UnsafeFile, read_safe, safe_path

FONT_SUFFIXES = (".ttf", ".otf")
MAX_FONT_BYTES = 20 * 1024 * 1024
REQUIRED_TABLES = ("cmap", "head", "hhea", "hmtx", "name", "maxp")
# what every card prints besides the designer's own text: letters, digits, the footer's '·' and '×', '/', ':'
BASIC_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:/?·×"


class FontRefused(Exception):
    """A game font that cannot be used; ``reason`` completes "font 'x' …"."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class GameFont:
    """A checked font file of a game: its bytes, their hash and the family its name table gives."""

    path: Path
    sha256: str
    family: str
    glyphs: int
    data: bytes = field(repr=False, compare=False)


_lock = threading.Lock()
_memo: dict[tuple, GameFont | str] = {}


def load_font(folder: Path, relative: str) -> GameFont:
    """The checked font ``relative`` (a path inside the game folder); FontRefused when it cannot be used."""
    pure = PurePosixPath(relative.replace("\\", "/"))
    if pure.is_absolute() or (len(relative) > 1 and relative[1] == ":"):
        raise FontRefused("is an absolute path; font paths are relative to the game folder")
    if ".." in pure.parts:
        raise FontRefused("climbs out of the game folder with '..'")
    if pure.suffix.lower() not in FONT_SUFFIXES:
        raise FontRefused(f"has suffix '{pure.suffix}'; expected one of {', '.join(FONT_SUFFIXES)}")
    try:
        real = safe_path(folder, folder / pure, "a font file")
        info = os.stat(real)
    except UnsafeFile as exc:
        raise FontRefused(exc.reason) from None
    except OSError as exc:
        raise FontRefused(f"cannot be read: {exc.strerror}") from None
    key = (real, info.st_size, info.st_mtime_ns)
    with _lock:
        found = _memo.get(key)
    if found is None:
        try:
            data = read_safe(folder, folder / pure, MAX_FONT_BYTES, "a font file")
            found = _inspect(real, data)
        except UnsafeFile as exc:
            found = exc.reason
        except FontRefused as exc:
            found = exc.reason
        with _lock:
            _memo[key] = found
    if isinstance(found, str):
        raise FontRefused(found)
    return found


def _inspect(path: Path, data: bytes) -> GameFont:
    from fontTools.ttLib import TTFont, TTLibError

    ft = None
    try:
        with TTFont(io.BytesIO(data), lazy=False, fontNumber=0) as ft:
            missing = [t for t in REQUIRED_TABLES if t not in ft]
            if missing:
                raise FontRefused(f"is not a usable font: it has no {', '.join(missing)} table")
            if "glyf" not in ft:
                kind = "PostScript (CFF) outlines" if ("CFF " in ft or "CFF2" in ft) else "no TrueType outlines"
                raise FontRefused(f"has {kind}; only TrueType-outline fonts (.ttf, or .otf with glyf) can "
                                  "be embedded in the PDFs")
            os2 = ft.get("OS/2")
            if os2 is not None and (os2.fsType & 0x000F) == 0x0002:
                raise FontRefused("forbids embedding (OS/2 fsType: restricted licence); the PDFs must embed it")
            cmap = ft.getBestCmap() or {}
            lacking = "".join(ch for ch in BASIC_CHARS if ord(ch) not in cmap)
            if lacking:
                raise FontRefused(f"cannot draw characters every card prints: {lacking.strip()[:20]!r}")
            name = ft["name"]
            family = (name.getBestFamilyName() or name.getDebugName(1) or path.stem).strip()
            glyphs = len(ft.getGlyphOrder())
            ft["hmtx"].metrics  # noqa: B018 - decoded now, so a broken table is refused here, not later
            ft["glyf"]  # noqa: B018
    except FontRefused:
        raise
    except TTLibError as exc:
        raise FontRefused(f"is not a readable TrueType/OpenType font ({str(exc)[:80] or 'broken data'})") from None
    except Exception as exc:  # noqa: BLE001 - fontTools raises many kinds on garbage; all mean "broken font"
        raise FontRefused(f"is not a readable TrueType/OpenType font ({type(exc).__name__})") from None
    finally:
        if ft is not None:  # its tables point back at it: let them go now (the collector may be paused)
            ft.tables.clear()
    return GameFont(path, hashlib.sha256(data).hexdigest(), family, glyphs, data)


__all__ = ["FONT_SUFFIXES", "FontRefused", "GameFont", "MAX_FONT_BYTES", "load_font"]

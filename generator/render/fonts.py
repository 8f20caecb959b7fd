"""The one font registry: shipped DejaVu TTFs, registered with reportlab once per process.

reportlab's standard 14 fonts have no ą ć ę ł ń ó ś ź ż, and a PDF that names a font without embedding
it fails print-shop preflight, so only the TTFs in generator/fonts/ are ever used (never a system font).
The same registry measures text for layout (FontMetrics) and names the SVG font families.
"""
from __future__ import annotations

import threading
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..layout.units import pt_to_mm

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
LINE_HEIGHT_EM = 1.2


@dataclass(frozen=True)
class FontFace:
    name: str  # the name Scenes use, also the reportlab registration name
    file: str
    family: str  # CSS font-family for SVG
    bold: bool = False
    condensed: bool = False

    @property
    def path(self) -> Path:
        return FONT_DIR / self.file

    @property
    def css_family(self) -> str:
        """font-family with fallbacks for viewers that lack DejaVu (SVGs do not embed fonts)."""
        names = [self.family] + [f for f in SVG_FALLBACK if f != self.family]
        return ", ".join(f"'{n}'" if " " in n else n for n in names) + ", sans-serif"


FACES: dict[str, FontFace] = {f.name: f for f in (
    FontFace("DejaVuSans", "DejaVuSans.ttf", "DejaVu Sans"),
    FontFace("DejaVuSans-Bold", "DejaVuSans-Bold.ttf", "DejaVu Sans", bold=True),
    FontFace("DejaVuSansCondensed", "DejaVuSansCondensed.ttf", "DejaVu Sans Condensed", condensed=True),
    FontFace("DejaVuSansCondensed-Bold", "DejaVuSansCondensed-Bold.ttf", "DejaVu Sans Condensed",
             bold=True, condensed=True),
)}
BOLD_OF: dict[str, str] = {"DejaVuSans": "DejaVuSans-Bold", "DejaVuSansCondensed": "DejaVuSansCondensed-Bold"}
SVG_FALLBACK = ("DejaVu Sans", "Verdana", "Noto Sans", "Arial")

_lock = threading.Lock()
_registered = False


def face(name: str) -> FontFace:
    try:
        return FACES[name]
    except KeyError:
        raise ValueError(f"unknown font {name!r}; shipped fonts: {', '.join(sorted(FACES))}") from None


def bold_variant(name: str) -> str:
    """The bold face of a font (a bold face is its own bold)."""
    if face(name).bold:
        return name
    return BOLD_OF[name]


def resolve(name: str, bold: bool = False) -> str:
    return bold_variant(name) if bold else face(name).name


def ensure_registered() -> None:
    """Register every shipped face with reportlab, once per process (safe from several threads)."""
    global _registered
    if _registered:
        return
    with _lock:
        if _registered:
            return
        known = set(pdfmetrics.getRegisteredFontNames())
        for f in FACES.values():
            if f.name not in known:
                pdfmetrics.registerFont(TTFont(f.name, str(f.path)))
        for regular, bold in BOLD_OF.items():
            pdfmetrics.registerFontFamily(regular, normal=regular, bold=bold, italic=regular,
                                          boldItalic=bold)
        _registered = True


class ReportlabMetrics:
    """FontMetrics for layout/textfit: widths from the same TTFs the PDF embeds, in mm."""

    def width(self, text: str, font: str, size_pt: float) -> float:
        ensure_registered()
        face(font)
        return pt_to_mm(pdfmetrics.stringWidth(text, font, size_pt))

    def line_height(self, font: str, size_pt: float) -> float:
        face(font)
        return pt_to_mm(LINE_HEIGHT_EM * size_pt)


METRICS = ReportlabMetrics()


def missing_glyphs(text: str, font: str) -> str:
    """Characters of `text` the font cannot draw (control characters ignored), sorted, once each."""
    cmap = _codepoints(font)
    chars = {ch for ch in text if unicodedata.category(ch) != "Cc"}
    return "".join(sorted(ch for ch in chars if ord(ch) not in cmap))


def has_glyphs(text: str, font: str) -> bool:
    return not missing_glyphs(text, font)


@cache
def _codepoints(font: str) -> frozenset[int]:
    path = face(font).path
    try:
        from fontTools.ttLib import TTFont as FtFont  # optional; exact cmap
    except ImportError:
        ensure_registered()
        return frozenset(pdfmetrics.getFont(font).face.charToGlyph)
    with FtFont(str(path), lazy=True) as ft:
        return frozenset(ft.getBestCmap())

"""Registers the face table (``generator.fonts``) with reportlab: the shipped fonts once per process, and
each game font as soon as it appears in the table (registered while its game was planned).

reportlab's standard 14 fonts have no ą ć ę ł ń ó ś ź ż, and a PDF that names a font without embedding
it fails print-shop preflight, so only the TTFs in generator/fonts/ and a game's own checked font files
are ever used (never a system font); reportlab embeds each as a subset (only the glyphs drawn).
Text is measured by the text engine (``generator.text.metrics``) from the same bytes, without reportlab.
"""
from __future__ import annotations

import io
import threading

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from generator.fonts import BOLD_OF, FACES, FONT_DIR, GAME_FACES, FontFace, bold_variant, face, resolve

__all__ = ["FACES", "FONT_DIR", "FontFace", "bold_variant", "ensure_registered", "face", "resolve"]

_lock = threading.Lock()
_registered = False
_game_registered: set[str] = set()
_used: set[str] = set()  # faces registered one by one (``ensure_font``)
_families = False


def _lean(font: TTFont) -> TTFont:
    """A registered face without its glyph → characters table (about a megabyte for a DejaVu face): only
    reportlab's HarfBuzz shaping reads it, which is never used here, and that code falls back to adding
    the entries it needs when one is missing."""
    font.face.glyphToChar = {}
    return font


def ensure_font(name: str) -> None:
    """Register one face with reportlab the first time a document uses it: a face's tables cost a few
    megabytes and a tenth of a second, and most documents use two of the four shipped faces."""
    global _families
    if name in _used:
        return
    with _lock:
        if name in _used:
            return
        if not _families:  # names only: which face is the bold of which (nothing is loaded)
            for regular, bold in BOLD_OF.items():
                pdfmetrics.registerFontFamily(regular, normal=regular, bold=bold, italic=regular, boldItalic=bold)
            _families = True
        if name not in pdfmetrics.getRegisteredFontNames():
            f = face(name)
            pdfmetrics.registerFont(_lean(TTFont(f.name, io.BytesIO(f.data) if f.data is not None else str(f.path))))
        _used.add(name)


def ensure_registered() -> None:
    """Register every shipped face with reportlab, once per process, and every game face not registered
    yet (safe from several threads)."""
    _register_shipped()
    if len(_game_registered) == len(GAME_FACES):
        return
    with _lock:
        known = set(pdfmetrics.getRegisteredFontNames())
        for f in list(GAME_FACES.values()):
            if f.name not in known:
                pdfmetrics.registerFont(_lean(TTFont(f.name, io.BytesIO(f.data))))
            _game_registered.add(f.name)


def _register_shipped() -> None:
    global _registered
    if _registered:
        return
    with _lock:
        if _registered:
            return
        known = set(pdfmetrics.getRegisteredFontNames())
        for f in FACES.values():
            if f.name not in known:
                pdfmetrics.registerFont(_lean(TTFont(f.name, str(f.path))))
        for regular, bold in BOLD_OF.items():
            pdfmetrics.registerFontFamily(regular, normal=regular, bold=bold, italic=regular,
                                          boldItalic=bold)
        _registered = True

"""Registers the shipped fonts (``generator.fonts``) with reportlab, once per process.

reportlab's standard 14 fonts have no ą ć ę ł ń ó ś ź ż, and a PDF that names a font without embedding
it fails print-shop preflight, so only the TTFs in generator/fonts/ are ever used (never a system font).
Text is measured by the text engine (``generator.text.metrics``) from the same files, without reportlab.
"""
from __future__ import annotations

import threading

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from generator.fonts import BOLD_OF, FACES, FONT_DIR, FontFace, bold_variant, face, resolve

__all__ = ["FACES", "FONT_DIR", "FontFace", "bold_variant", "ensure_registered", "face", "resolve"]

_lock = threading.Lock()
_registered = False


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

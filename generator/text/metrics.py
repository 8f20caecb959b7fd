"""Font metrics for the text engine, read with fontTools (no drawing library) from the shipped TTFs and
from a game's own fonts (the bytes its face holds, registered in generator/fonts by a stable name).

Widths are the fonts' advance widths, computed exactly as reportlab computes them (advance × 1000 /
unitsPerEm, the notdef width for a character the font lacks, summed left to right), so the text engine
measures precisely what the PDF backend will draw. Each font file is read once per process."""
from __future__ import annotations

import importlib.util
import io
import marshal
import unicodedata
from functools import cache, lru_cache

from generator.fonts import LINE_HEIGHT_EM, face
from generator.geom.units import pt_to_mm


@cache
def _table(font: str) -> tuple[dict[int, float], float, frozenset[int]]:
    """(advance width by code point, the notdef width, the code points it has) — read once per version of
    the font file (the table is kept in the user cache, ``write/usercache.py``)."""
    from generator.write import usercache

    found = face(font)
    raw = found.data if found.data is not None else found.path.read_bytes()
    name = f"widths-{usercache.key(raw)}.marshal"
    cached = usercache.load(name)
    if cached is not None:
        try:
            widths, default, codes = marshal.loads(cached)
            if isinstance(widths, dict) and isinstance(default, float) and isinstance(codes, tuple):
                return widths, default, frozenset(codes)
        except (ValueError, EOFError, TypeError):
            pass  # a damaged entry: read the font again
    table = _read_table(raw)
    usercache.store(name, marshal.dumps((table[0], table[1], tuple(sorted(table[2])))))
    return table


def _read_table(raw: bytes) -> tuple[dict[int, float], float, frozenset[int]]:
    from fontTools.ttLib import TTFont

    ft = TTFont(io.BytesIO(raw), lazy=True)
    try:
        scale = 1000 / ft["head"].unitsPerEm
        hmtx = ft["hmtx"].metrics
        cmap = ft.getBestCmap()
        order = ft.getGlyphOrder()
        widths = {code: hmtx[name][0] * scale for code, name in cmap.items()}
        default = hmtx[order[0]][0] * scale
    finally:
        ft.close()
        # fontTools' tables point back at their font (a cycle): let them go now, not at the next collection
        # (the collector is paused while a game is planned and printed, generator/memory.py)
        ft.tables.clear()
    if 0x20 in widths:
        widths[0xA0] = widths[0x20]
    return widths, default, frozenset(cmap)


# whether reportlab will measure with its C accelerator (found without importing reportlab)
_RL_ACCEL = importlib.util.find_spec("_rl_accel") is not None


@lru_cache(maxsize=1 << 12)  # the words that recur stay; a deck of unique names and numbers would fill any size
def _units(text: str, font: str) -> float:
    """Advance width of ``text`` in 1/1000 em, summed once per distinct (text, font): the fitter measures
    the same words at every size it tries, on every card."""
    widths, default, _ = _table(font)
    get = widths.get
    return sum(get(ord(ch), default) for ch in text)


class FontMetrics:
    """Widths and line heights in millimetres (the FontMetrics protocol of text/fit.py)."""

    def width(self, text: str, font: str, size_pt: float) -> float:
        if _RL_ACCEL:  # reportlab's C accelerator multiplies in this order; the same bits as what it draws
            return pt_to_mm(_units(text, font) * 0.001 * size_pt)
        return pt_to_mm(0.001 * size_pt * _units(text, font))

    def units(self, text: str, font: str) -> float:
        """Advance width in 1/1000 em (width at size s = units × s / 1000 pt)."""
        return _units(text, font)

    def line_height(self, font: str, size_pt: float) -> float:
        face(font)
        return pt_to_mm(LINE_HEIGHT_EM * size_pt)


METRICS = FontMetrics()


@lru_cache(maxsize=1 << 12)
def missing_glyphs(text: str, font: str) -> str:
    """Characters of `text` the font cannot draw (control characters ignored), sorted, once each."""
    cmap = _table(font)[2]
    chars = {ch for ch in text if unicodedata.category(ch) != "Cc"}
    return "".join(sorted(ch for ch in chars if ord(ch) not in cmap))


@cache
def _covered(font: str) -> frozenset[str]:
    return frozenset(map(chr, _table(font)[2]))


def covers(font: str, text: str) -> bool:
    """Whether the font draws every character of ``text`` (a quick yes; ``missing_glyphs`` words a no)."""
    return _covered(font).issuperset(text)


def has_glyphs(text: str, font: str) -> bool:
    return not missing_glyphs(text, font)

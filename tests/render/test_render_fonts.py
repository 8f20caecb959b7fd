from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics

from generator.layout.geometry import Size
from generator.layout.textfit import FontMetrics, fit_text
from generator.render import fonts

POLISH = "ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ"


def test_shipped_fonts_and_licence():
    for face in fonts.FACES.values():
        assert face.path.is_file()
        assert face.path.parent == fonts.FONT_DIR  # never a system font
    licence = (fonts.FONT_DIR / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream Vera" in licence and "Arev" in licence and "public domain" in licence


def test_registration_happens_once_and_uses_shipped_files():
    fonts.ensure_registered()
    fonts.ensure_registered()
    for name, face in fonts.FACES.items():
        font = pdfmetrics.getFont(name)
        assert Path(font.face.filename).resolve() == face.path.resolve()


def test_metrics_for_layout():
    m = fonts.METRICS
    assert isinstance(m, FontMetrics)
    w10 = m.width("Zagraj kartę", "DejaVuSans", 10)
    assert w10 > 0
    assert m.width("Zagraj kartę", "DejaVuSans", 20) == pytest.approx(2 * w10)
    assert m.width("Zagraj kartę", "DejaVuSans-Bold", 10) > w10
    assert m.width("Zagraj kartę", "DejaVuSansCondensed", 10) < w10
    assert m.line_height("DejaVuSans", 10) == pytest.approx(1.2 * 10 * 25.4 / 72)
    with pytest.raises(ValueError, match="unknown font 'Helvetica'"):
        m.width("x", "Helvetica", 10)


@pytest.mark.parametrize("name", sorted(fonts.FACES))
def test_every_face_covers_polish(name):
    assert fonts.has_glyphs(POLISH, name)


def test_missing_glyphs_are_reported():
    assert fonts.missing_glyphs("ok 漢字 ok\n", "DejaVuSans") == "字漢"
    assert not fonts.has_glyphs("漢", "DejaVuSans")


def test_bold_variants_and_families():
    assert fonts.bold_variant("DejaVuSans") == "DejaVuSans-Bold"
    assert fonts.bold_variant("DejaVuSans-Bold") == "DejaVuSans-Bold"
    assert fonts.resolve("DejaVuSansCondensed", bold=True) == "DejaVuSansCondensed-Bold"
    assert fonts.face("DejaVuSansCondensed").css_family.startswith("'DejaVu Sans Condensed', 'DejaVu Sans'")


def test_real_metrics_hyphenate_polish():
    out = fit_text("Konstantynopolitańczykowianeczka", Size(30, 40), fonts.METRICS, "DejaVuSans", 10, 10)
    assert len(out.lines) > 1 and out.lines[0].endswith("-")
    assert all(w <= 30 for w in out.widths)


def test_glyph_check_works_without_fonttools(monkeypatch):
    """fontTools is a dev extra; at run time reportlab's own cmap must answer the same."""
    import sys

    monkeypatch.setitem(sys.modules, "fontTools", None)
    monkeypatch.setitem(sys.modules, "fontTools.ttLib", None)
    fonts._codepoints.cache_clear()
    try:
        assert fonts.has_glyphs(POLISH, "DejaVuSans")
        assert fonts.missing_glyphs("a漢", "DejaVuSans-Bold") == "漢"
    finally:
        fonts._codepoints.cache_clear()

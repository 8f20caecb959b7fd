from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics

from generator.geom.shapes import Size
from generator.render import fonts
from generator.text import metrics
from generator.text.fit import FontMetrics, fit_text

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
    m = metrics.METRICS
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
    assert metrics.has_glyphs(POLISH, name)


def test_missing_glyphs_are_reported():
    assert metrics.missing_glyphs("ok 漢字 ok\n", "DejaVuSans") == "字漢"
    assert not metrics.has_glyphs("漢", "DejaVuSans")


def test_bold_variants_and_families():
    assert fonts.bold_variant("DejaVuSans") == "DejaVuSans-Bold"
    assert fonts.bold_variant("DejaVuSans-Bold") == "DejaVuSans-Bold"
    assert fonts.resolve("DejaVuSansCondensed", bold=True) == "DejaVuSansCondensed-Bold"
    assert fonts.face("DejaVuSansCondensed").css_family.startswith("'DejaVu Sans Condensed', 'DejaVu Sans'")


def test_real_metrics_hyphenate_polish():
    out = fit_text("Konstantynopolitańczykowianeczka", Size(30, 40), metrics.METRICS, "DejaVuSans", 10, 10)
    assert len(out.lines) > 1 and out.lines[0].endswith("-")
    assert all(w <= 30 for w in out.widths)


def test_text_engine_widths_equal_reportlab_widths():
    """The text engine measures without reportlab; what it measures must be exactly what the PDF draws."""
    from reportlab.pdfbase import pdfmetrics

    from generator.geom.units import pt_to_mm

    fonts.ensure_registered()
    samples = [POLISH, "Zażółć gęślą jaźń", "Konstantynopolitańczykowianeczka 123 — «»", "\u00a0x\u00a0", "漢 ok"]
    for name in fonts.FACES:
        for size in (5.5, 9, 11.3):
            for text in samples:
                assert metrics.METRICS.width(text, name, size) == pt_to_mm(pdfmetrics.stringWidth(text, name, size))


def test_validation_does_not_need_reportlab_for_glyphs():
    assert metrics.has_glyphs(POLISH, "DejaVuSans")
    assert metrics.missing_glyphs("a漢", "DejaVuSans-Bold") == "漢"


def test_reading_a_fonts_widths_leaves_no_cyclic_garbage():
    """fontTools' tables point back at their font; the collector is paused while a game is planned
    (generator/memory.py), so the width reader lets them go itself (a few megabytes per face)."""
    import gc

    raw = fonts.face("DejaVuSansCondensed").path.read_bytes()
    metrics._read_table(raw)  # imports done
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        metrics._read_table(raw)
        assert gc.collect() < 50
    finally:
        if was:
            gc.enable()


def test_registered_faces_drop_the_shaping_only_glyph_table():
    fonts.ensure_font("DejaVuSansCondensed")
    face = pdfmetrics.getFont("DejaVuSansCondensed").face
    assert face.glyphToChar == {}  # about a megabyte a face; only HarfBuzz shaping reads it
    assert face.charToGlyph[ord("ą")] and face.charWidths[ord("ą")] > 0  # what drawing and subsetting read

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from generator.geom.scene import FormDef, Group, Metadata, Page, RectItem, Scene, TextItem, UseForm
from generator.geom.shapes import Rect, Size, Transform
from generator.render.pdf import render_pdf

A4 = Size(210, 297)
PT = 72 / 25.4


def _doc(data: bytes) -> pdfium.PdfDocument:
    return pdfium.PdfDocument(data)


def test_nine_up_rects_read_back_at_63_by_88(sample_pdf, probe):
    boxes = [b for b in probe.pdf_paths(sample_pdf, 0) if b.segments == 5]  # `re` rectangles
    assert len(boxes) == 9
    for b in boxes:
        assert b.w == pytest.approx(63.0, abs=0.05) and b.h == pytest.approx(88.0, abs=0.05)
    # y is flipped correctly: the first slot is at the top-left of the sheet
    first = min(boxes, key=lambda b: (round(b.top, 3), b.left))
    assert (first.left, first.top) == (pytest.approx(10.5, abs=0.05), pytest.approx(16.5, abs=0.05))


def test_shared_back_is_one_xobject_used_nine_times(sample_pdf):
    assert len(re.findall(rb"/Subtype /Form", sample_pdf)) == 1
    page = _doc(sample_pdf)[1]
    forms = [o for o in page.get_objects(max_depth=0) if o.type == pdfium_c.FPDF_PAGEOBJ_FORM]
    assert len(forms) == 9
    for f in forms:
        left, bottom, right, top = f.get_bounds()
        assert (right - left) / PT == pytest.approx(63, abs=0.05)
        assert (top - bottom) / PT == pytest.approx(88, abs=0.05)


def test_polish_text_is_extractable(sample_pdf, probe):
    text = _doc(sample_pdf)[0].get_textpage().get_text_range()
    assert probe.POLISH in text
    assert "Zagraj" in text


def test_page_boxes_read_back(sample_pdf):
    pdf = _doc(sample_pdf)
    single = pdf[2]
    assert single.get_size() == pytest.approx((69 * PT, 94 * PT))
    assert single.get_trimbox() == pytest.approx((3 * PT, 3 * PT, 66 * PT, 91 * PT), abs=1e-3)
    assert single.get_bleedbox() == pytest.approx((0, 0, 69 * PT, 94 * PT), abs=1e-3)
    assert sample_pdf.count(b"/TrimBox") == 1  # pages without boxes do not inherit the last ones
    assert sample_pdf.count(b"/BleedBox") == 1


def test_metadata(sample_pdf):
    meta = _doc(sample_pdf).get_metadata_dict()
    assert (meta["Title"], meta["Author"], meta["Subject"]) == ("Próbka", "pnpforge", "karty pokerowe")


def test_same_scene_same_bytes(sample_scene, sample_pdf):
    assert render_pdf(sample_scene) == sample_pdf


def test_same_bytes_in_a_fresh_process(sample_pdf, tmp_path):
    conftest = Path(__file__).with_name("conftest.py")
    out = tmp_path / "fresh.pdf"
    code = ("import runpy, sys; from pathlib import Path; from generator.render.pdf import render_pdf; "
            f"ns = runpy.run_path({str(conftest)!r}); "
            f"Path({str(out)!r}).write_bytes(render_pdf(ns['build_sample_scene']()))")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[2])
    assert out.read_bytes() == sample_pdf


def test_every_font_is_embedded_and_subset(sample_pdf, tmp_path):
    assert b"Helvetica" not in sample_pdf  # reportlab's default font is never referenced
    base_fonts = re.findall(rb"/BaseFont /([A-Za-z0-9+\-]+)", sample_pdf)
    assert base_fonts and all(re.match(rb"[A-Z]{6}\+DejaVuSans", f) for f in base_fonts)
    assert sample_pdf.count(b"/FontFile2") == len(set(re.findall(rb"/FontDescriptor (\d+) 0 R", sample_pdf)))
    if shutil.which("pdffonts"):
        path = tmp_path / "s.pdf"
        path.write_bytes(sample_pdf)
        rows = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
        for row in rows.splitlines()[2:]:
            emb, sub = row.split()[-5:-3]
            assert (emb, sub) == ("yes", "yes"), row
    for page in _doc(sample_pdf):
        for obj in page.get_objects():
            if obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT:
                assert obj.get_font().is_embedded


def test_rendered_png_has_the_art_where_the_scene_says(tmp_path):
    scene = Scene([Page(A4, [RectItem(Rect(10, 10, 50, 50), fill="#ff0000", stroke=None),
                             Group([RectItem(Rect(0, 0, 40, 20), fill="#0000ff", stroke=None)],
                                   Transform.rotate(90).then(Transform.translate(150, 200)))])])
    image = _doc(render_pdf(scene))[0].render(scale=1).to_pil().convert("RGB")
    px = lambda x_mm, y_mm: image.getpixel((int(x_mm * PT), int(y_mm * PT)))
    assert px(35, 35) == (255, 0, 0)  # top-left square
    assert px(35, 260) == (255, 255, 255)  # nothing at the bottom-left
    assert px(140, 220) == (0, 0, 255)  # rotated clockwise about its origin: x 130..150, y 200..240
    assert px(160, 210) == (255, 255, 255)


def test_nested_forms_and_mirroring():
    icon = FormDef("icon:coin", Size(10, 10), [RectItem(Rect(0, 0, 10, 10), fill="#00ff00", stroke=None)])
    card = FormDef("card", Size(20, 10), [RectItem(Rect(0, 0, 5, 10), fill="#ff0000", stroke=None),
                                          UseForm("icon:coin", 10, 0)])
    scene = Scene([Page(A4, [UseForm("card", 10, 10), UseForm("card", 10, 30, mirror=True)])],
                  forms=[icon, card])
    data = render_pdf(scene)
    assert len(re.findall(rb"/Subtype /Form", data)) == 2
    image = _doc(data)[0].render(scale=2).to_pil().convert("RGB")
    px = lambda x_mm, y_mm: image.getpixel((int(x_mm * PT * 2), int(y_mm * PT * 2)))
    assert px(12, 15) == (255, 0, 0) and px(25, 15) == (0, 255, 0)
    assert px(28, 35) == (255, 0, 0) and px(15, 35) == (0, 255, 0)  # mirrored: red on the right


def test_refusals():
    with pytest.raises(ValueError, match="at least one page"):
        render_pdf(Scene([]))
    with pytest.raises(ValueError, match="no glyph"):
        render_pdf(Scene([Page(A4, [TextItem(10, 10, "漢字")])]))
    with pytest.raises(ValueError, match="unknown font"):
        render_pdf(Scene([Page(A4, [TextItem(10, 10, "x", font="Helvetica")])]))


def test_metadata_defaults_and_labels():
    data = render_pdf(Scene([Page(A4, [RectItem(Rect(1, 1, 2, 2))], label="Strona 1")],
                            metadata=Metadata()))
    assert _doc(data).get_metadata_dict()["Title"] == ""
    assert b"/Outlines" in data


def test_content_streams_are_deflated_binary_and_let_go_once_written(monkeypatch):
    """Binary deflate (no ASCII85: a quarter fewer bytes); each page's stream is dropped as the file is
    formatted, so a long document is not held twice while it is written."""
    from generator.render import pdf as backend

    made = []
    original = backend._PageStream.__init__

    def record(self, *a, **k):
        original(self, *a, **k)
        made.append(self)

    monkeypatch.setattr(backend._PageStream, "__init__", record)
    pages = [Page(Size(50, 50), (TextItem(5, 10, f"strona {n}", font="DejaVuSansCondensed"),)) for n in range(3)]
    data = backend.render_pages(pages)
    assert b"/ASCII85Decode" not in data and data.count(b"/FlateDecode") >= 3
    assert len(made) == 3 and all(stream.content is None for stream in made)
    assert [p.get_textpage().get_text_range().strip() for p in _doc(data)] == ["strona 0", "strona 1", "strona 2"]


def test_a_document_registers_only_the_faces_it_draws(monkeypatch):
    """The canvas names a face in every page's preamble: the first text's face, not a default one that
    nothing is set in (registering a face costs megabytes)."""
    from generator.render import fonts
    from generator.render import pdf as backend

    asked = []
    monkeypatch.setattr(fonts, "ensure_font", asked.append)
    inner = Group((TextItem(5, 10, "Zażółć", font="DejaVuSansCondensed", bold=True),), Transform.translate(1, 1))
    backend.render_pages([Page(Size(50, 50), (RectItem(Rect(0, 0, 5, 5), fill="#000000"), inner))])
    assert set(asked) == {"DejaVuSansCondensed-Bold"}
    asked.clear()
    backend.render_pages([Page(Size(50, 50), (RectItem(Rect(0, 0, 5, 5), fill="#000000"),))])
    assert asked == ["DejaVuSans"]  # no text at all: the default face is named (and never embedded)

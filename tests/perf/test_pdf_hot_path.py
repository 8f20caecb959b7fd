"""The PDF backend's fast paths write exactly what reportlab's own calls write: text operators written
directly (with per-document caches), shapes replayed, groups as q/cm/Q, and pages streamed one at a time.
Each test draws the same scene through the fast path and through reportlab's API and compares the bytes."""
from __future__ import annotations

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.geom.scene import (
    Circle,
    FittedText,
    FormDef,
    Group,
    Line,
    Page,
    Polygon,
    RectItem,
    Run,
    Scene,
    TextBlock,
    TextItem,
    UseForm,
)
from generator.geom.shapes import Point, Rect, Size, Transform
from generator.geom.units import pt_to_mm
from generator.render import fonts
from generator.render import pdf as backend
from generator.text import metrics


def _reference_texts(self, items: list[tuple]) -> None:
    """The text path as it was written with reportlab's text object (before the fast path)."""
    c = self.c
    t = c.beginText()
    font_now, fill_now = None, None
    for x, y, text, font_name, bold, size_pt, anchor, fill in items:
        font = fonts.resolve(font_name, bold)
        missing = metrics.missing_glyphs(text, font)
        if missing:
            raise ValueError(f"font {font} has no glyph for {missing!r} in {text!r}")
        size = pt_to_mm(size_pt)
        if (font, size) != font_now:
            t.setFont(font, size)
            font_now = (font, size)
        if fill != fill_now:
            t.setFillColor(backend._colour(fill, self.cmyk))
            fill_now = fill
        if anchor != "start":
            width = stringWidth(text, font, size)
            x -= width / 2 if anchor == "middle" else width
        t.setTextTransform(1, 0, 0, -1, x, y)
        t.textOut(text)
    c.drawText(t)


def _reference_group(self, item: Group) -> None:
    self.c.saveState()
    self.c.transform(*item.transform.as_tuple())
    self.draw_all(item.items)
    self.c.restoreState()


def _reference_use(self, item: UseForm) -> None:
    self.c.saveState()
    self.c.transform(*item.placement(self.forms[item.name]).as_tuple())
    self.c.doForm(self.names[item.name])
    self.c.restoreState()


def _block(text_runs, rect: Rect, align="left", fill="#222222") -> TextBlock:
    runs = tuple(tuple(Run(t, bold=b, icon=i, width=w) for t, b, i, w in line) for line in text_runs)
    widths = tuple(sum(r.width for r in line) for line in runs)
    fitted = FittedText(8.0, tuple("".join(r.text for r in line) for line in runs), runs, widths, 3.4,
                        "DejaVuSansCondensed", "DejaVuSansCondensed-Bold", 3.0)
    return TextBlock(rect, fitted, align=align, valign="middle", fill=fill)


def _scene() -> Scene:
    """Two pages of what cards are made of: repeated shapes, texts in two fonts and colours, anchors, a text
    block with bold runs and an icon without artwork, groups, a shared form; some strings repeat (cached)."""
    back = FormDef("back", Size(63, 88), (RectItem(Rect(0, 0, 63, 88), fill="#8A6D1D", stroke=None, stroke_pt=0),
                                         TextItem(31.5, 44, "Rewers ŻÓŁĆ", size_pt=12, anchor="middle",
                                                  fill="#FFFFFF", bold=True)))

    def card(k: int) -> tuple:
        return (RectItem(Rect(0, 0, 63, 88), fill="#6b5b3e", stroke=None, stroke_pt=0),
                RectItem(Rect(1.5, 1.5, 60, 85), fill="#ffffff", stroke=None, stroke_pt=0, radius=2.0),
                Circle(Point(7, 7), 4, fill="#6b5b3e", stroke="#ffffff", stroke_pt=0.6),
                _block([[("Zniszcz ", False, None, 9.0), ("2", True, None, 1.5), ("", False, "coin", 3.0),
                         (" karty ", False, None, 7.0)], [(f"numer {k} — źródło", False, None, 20.0)]],
                       Rect(4, 50, 55, 20), align="center"),
                TextItem(58.8, 40.3, "ZASTĘPNIK", size_pt=5, anchor="end", fill="#5a5a5a"),
                TextItem(31.5, 20, f"Karta {k % 2}", size_pt=9, anchor="middle", bold=True),
                Line(Point(3, 80), Point(60, 80), stroke="#7a7a7a", stroke_pt=0.3, dash=(0.8, 0.6)),
                Polygon((Point(10, 60), Point(20, 60), Point(15, 70)), fill="#abcdef", stroke="#000000"))

    pages = []
    for p in range(2):
        groups = tuple(Group(card(p * 3 + i), Transform.translate(10 + i * 63, 20)) for i in range(3))
        uses = tuple(UseForm("back", 10 + i * 63, 120, mirror=i == 1) for i in range(3))
        pages.append(Page(Size(210, 297), (*groups, *uses, TextItem(105, 7.6, "Gra — karty 1/2", size_pt=6,
                                                                   anchor="middle", fill="#555555")),
                          label=f"page {p}"))
    return Scene(tuple(pages), (back,))


@pytest.mark.parametrize("cmyk", [False, True])
def test_fast_paths_write_what_reportlab_writes(monkeypatch, cmyk):
    scene = _scene()
    fast = backend.render_pdf(scene, cmyk=cmyk)
    with monkeypatch.context() as m:
        m.setattr(backend._Painter, "_texts", _reference_texts)
        m.setattr(backend._Painter, "_group", _reference_group)
        m.setattr(backend._Painter, "_use", _reference_use)
        m.setitem(backend._Painter._handlers, Group, _reference_group)
        m.setitem(backend._Painter._handlers, UseForm, _reference_use)
        m.setattr(backend, "_REPLAYED", frozenset())  # every shape drawn through reportlab each time
        slow = backend.render_pdf(scene, cmyk=cmyk)
    assert fast == slow
    assert b"/PnpForm0 Do" in fast or b"PnpForm0" in fast  # the scene really used its form


@pytest.mark.parametrize("a85", [0, 1])
def test_pages_compressed_as_they_are_shown_are_the_bytes_reportlab_writes(monkeypatch, a85):
    """Each page's content stream is deflated when the page is shown (the document holds kilobytes, not
    its text): the file is the one reportlab writes when it compresses everything at the end."""
    from reportlab import rl_config

    monkeypatch.setattr(rl_config, "useA85", a85)
    scene = _scene()
    early = backend.render_pdf(scene)
    monkeypatch.setattr(backend, "_compress_now", lambda canvas: None)
    assert early == backend.render_pdf(scene)
    assert (b"/ASCII85Decode" in early) == bool(a85)


def test_pages_streamed_from_makers_equal_a_whole_scene():
    scene = _scene()
    made: list[int] = []

    def maker(k: int):
        def make() -> Page:
            made.append(k)
            return scene.pages[k]
        return make

    streamed = backend.render_pages((maker(k) for k in range(len(scene.pages))), scene.forms, scene.metadata)
    assert streamed == backend.render_pdf(scene) and made == [0, 1]


def test_a_streamed_page_with_an_undefined_form_is_refused():
    page = Page(Size(100, 100), (UseForm("missing", 0, 0),))
    with pytest.raises(ValueError, match="page 1 uses form 'missing'"):
        backend.render_pages([lambda: page])


def test_a_missing_glyph_is_still_refused_by_the_fast_path():
    page = Page(Size(100, 100), (TextItem(10, 10, "ok \u4e2d"),))
    with pytest.raises(ValueError, match="no glyph"):
        backend.render_pdf(Scene((page,)))


def test_the_document_is_the_bytes_canvas_save_writes(monkeypatch):
    """The finished document is taken with ``getpdfdata`` (no copy through a buffer): the same bytes as
    ``save()`` into that buffer."""
    from reportlab.pdfgen.canvas import Canvas

    scene = _scene()
    direct = backend.render_pdf(scene)

    def through_save(canvas):
        buffer = canvas._filename
        canvas.save()
        return buffer.getvalue()

    monkeypatch.setattr(Canvas, "getpdfdata", through_save)
    assert backend.render_pdf(scene) == direct

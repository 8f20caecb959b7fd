import io
import re

import pytest

from generator.geom.scene import (
    Circle,
    FormDef,
    Group,
    Line,
    Page,
    Polygon,
    RectItem,
    TextItem,
    UseForm,
)
from generator.geom.shapes import Point, Rect, Size, Transform
from generator.render.svg import render_svg, render_svg_pages

A4 = Size(210, 297)


def test_document_is_svg_1_1_in_millimetres(sample_scene, probe):
    svg = render_svg(sample_scene.pages[0], sample_scene.forms)
    root = probe.svg_tree(svg)
    assert root.tag == probe.SVG_NS + "svg"
    assert root.get("version") == "1.1"
    assert (root.get("width"), root.get("height")) == ("210.0mm", "297.0mm")
    assert root.get("viewBox") == "0 0 210.0 297.0"
    assert svg.startswith('<?xml version="1.0" encoding="utf-8"?>')


def test_polish_text_is_real_text(sample_scene, probe):
    svg = render_svg(sample_scene.pages[0], sample_scene.forms)
    texts = probe.svg_texts(svg)
    assert texts.count(probe.POLISH) == 9
    family = probe.svg_elements(svg, "text")[0].get("font-family")
    assert family.startswith("'DejaVu Sans'") and family.endswith("sans-serif")
    bold = [t for t in probe.svg_elements(svg, "text") if t.get("font-weight") == "bold"]
    assert {t.text for t in bold} >= {"Zagraj"}


def test_text_is_escaped(probe):
    svg = render_svg(Page(A4, [TextItem(10, 10, 'a < b & "c" > d')]))
    assert probe.svg_texts(svg) == ['a < b & "c" > d']
    assert "&lt;" in svg and "&amp;" in svg


def test_forms_are_defined_once_and_used(sample_scene, probe):
    svg = render_svg(sample_scene.pages[1], sample_scene.forms)
    uses = probe.svg_elements(svg, "use")
    assert len(uses) == 9
    defs = probe.svg_elements(svg, "defs")[0]
    assert len(list(defs)) == 1
    form_id = next(iter(defs)).get("id")
    assert all(u.get("{http://www.w3.org/1999/xlink}href") == f"#{form_id}" for u in uses)
    # the front page uses no form, so it defines none
    assert not list(probe.svg_elements(render_svg(sample_scene.pages[0], sample_scene.forms), "defs")[0])


def test_no_external_references(sample_scene):
    for svg in render_svg_pages(sample_scene):
        hrefs = re.findall(r'href="([^"]*)"', svg)
        assert all(h.startswith("#") for h in hrefs)
        assert "<image" not in svg and "url(" not in svg and "@import" not in svg


def test_primitives(probe):
    page = Page(A4, [
        RectItem(Rect(1, 2, 3, 4), fill="#112233", stroke=None, radius=0.5),
        Line(Point(0, 0), Point(5, 5), dash=(2, 1)),
        Polygon([Point(0, 0), Point(4, 0), Point(0, 4)], fill="#00ff00"),
        Polygon([Point(0, 0), Point(4, 0), Point(0, 4)], closed=False),
        Circle(Point(50, 50), 5),
        Group([RectItem(Rect(0, 0, 1, 1))], Transform.translate(10, 20)),
        TextItem(5, 5, "Koniec", anchor="end", font="DejaVuSansCondensed", bold=True),
    ])
    svg = render_svg(page)
    rect = probe.svg_elements(svg, "rect")[0]
    assert (rect.get("x"), rect.get("y"), rect.get("width"), rect.get("height"), rect.get("rx")) == (
        "1", "2", "3", "4", "0.5")
    assert rect.get("stroke") == "none" and rect.get("fill") == "#112233"
    assert probe.svg_elements(svg, "line")[0].get("stroke-dasharray") == "2,1"
    assert probe.svg_elements(svg, "line")[0].get("stroke-width") == "0.1764"  # 0.5 pt in mm
    assert len(probe.svg_elements(svg, "polygon")) == 1 and len(probe.svg_elements(svg, "polyline")) == 1
    assert probe.svg_elements(svg, "g")[-1].get("transform") == "matrix(1 0 0 1 10 20)"
    text = probe.svg_elements(svg, "text")[0]
    assert text.get("text-anchor") == "end" and text.get("font-stretch") == "condensed"
    assert text.get("font-family").startswith("'DejaVu Sans Condensed'")
    from generator.text.metrics import METRICS
    width = METRICS.width("Koniec", "DejaVuSansCondensed-Bold", 10)
    assert float(text.get("textLength")) == pytest.approx(width, abs=1e-4)  # viewers keep our measure
    assert text.get("lengthAdjust") == "spacingAndGlyphs"


def test_deterministic_and_no_float_noise(sample_scene):
    a = render_svg(sample_scene.pages[0], sample_scene.forms)
    assert a == render_svg(sample_scene.pages[0], sample_scene.forms)
    assert not re.search(r"\d\.\d{5,}", a)


def test_refuses_missing_glyphs():
    with pytest.raises(ValueError, match="no glyph"):
        render_svg(Page(A4, [TextItem(1, 1, "漢")]))


def test_svg_renders_with_the_art_in_place():
    cairosvg = pytest.importorskip("cairosvg")
    from PIL import Image

    back = FormDef("b", Size(20, 20), [RectItem(Rect(0, 0, 10, 20), fill="#ff0000", stroke=None)])
    page = Page(A4, [RectItem(Rect(10, 10, 50, 50), fill="#0000ff", stroke=None),
                     UseForm("b", 100, 100, mirror=True)])
    png = cairosvg.svg2png(bytestring=render_svg(page, [back]).encode(), dpi=25.4)  # 1 px per mm
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    assert image.size == (210, 297)
    assert image.getpixel((35, 35)) == (0, 0, 255, 255)
    # mirrored in place: the red half moves to the right of the 100..120 mm box
    assert image.getpixel((115, 110)) == (255, 0, 0, 255) and image.getpixel((105, 110))[3] == 0
    assert image.getpixel((35, 200))[3] == 0  # nothing drawn at the bottom-left

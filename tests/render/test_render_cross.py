"""One scene, two backends: both must draw the same texts and the same rectangles (habit 3)."""
import re

import pytest

from generator.geom.scene import Scene
from generator.render.pdf import render_pdf
from generator.render.svg import render_svg


def _words(texts):
    return sorted(w for t in texts for w in re.split(r"\s+", t) if w)


@pytest.mark.parametrize("page_no", [0, 1, 2])
def test_same_texts_in_pdf_and_svg(sample_scene, sample_pdf, probe, page_no):
    svg = render_svg(sample_scene.pages[page_no], sample_scene.forms)
    pdf_words = _words(probe.pdf_texts(sample_pdf, page_no))
    svg_words = _words(probe.svg_texts(svg))
    if page_no == 0:
        assert pdf_words and pdf_words == svg_words
    # texts inside forms: the PDF draws them once in the XObject, the SVG once in <defs>
    else:
        assert svg_words == ["Rewers"]


def test_same_rects_in_pdf_and_svg(sample_scene, sample_pdf, probe):
    page = sample_scene.pages[0]
    svg = render_svg(page, sample_scene.forms)
    svg_rects = [(float(r.get("x")), float(r.get("y")), float(r.get("width")), float(r.get("height")))
                 for r in probe.svg_elements(svg, "rect") if r.get("rx") is None]
    pdf_rects = [(b.left, b.top, b.w, b.h) for b in probe.pdf_paths(sample_pdf, 0) if b.segments == 5]
    assert len(svg_rects) == len(pdf_rects) == 9
    for a, b in zip(sorted(svg_rects), sorted(pdf_rects)):
        assert a == pytest.approx(b, abs=0.05)
    # the icon frames (rounded) and crop-mark lines also match in number
    svg_round = [r for r in probe.svg_elements(svg, "rect") if r.get("rx") is not None]
    pdf_round = [b for b in probe.pdf_paths(sample_pdf, 0) if b.segments > 5]
    assert len(svg_round) == len(pdf_round) == 9
    svg_lines = probe.svg_elements(svg, "line")
    pdf_lines = [b for b in probe.pdf_paths(sample_pdf, 0) if b.segments == 2]
    assert len(svg_lines) == len(pdf_lines) == 16


def test_empty_scene_is_refused_by_pdf_only():
    with pytest.raises(ValueError):
        render_pdf(Scene([]))

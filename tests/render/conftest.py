"""Sample scenes and read-back helpers for the render tests (meaning, not bytes: habit 10)."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from types import SimpleNamespace

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from generator.geom.paper import CARD_SIZES, PAPERS
from generator.geom.scene import (
    Circle,
    FormDef,
    Metadata,
    Page,
    RectItem,
    Scene,
    TextBlock,
    TextItem,
    UseForm,
)
from generator.geom.shapes import Point, Rect, Size
from generator.layout.imposition import plan_grid
from generator.layout.marks import grid_crop_marks
from generator.text.fit import fit_text
from generator.text.metrics import METRICS

POLISH = "ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ"
SVG_NS = "{http://www.w3.org/2000/svg}"
PT_PER_MM = 72 / 25.4


def build_sample_scene() -> Scene:
    """Page 1: 9-up A4 poker fronts (filled rects, text, marks); page 2: shared backs as one form;
    page 3: one card at trim + 3 mm bleed with page boxes. Also run in a fresh process by a test."""
    grid = plan_grid(PAPERS["a4"], CARD_SIZES["poker"])
    marks = grid_crop_marks(grid).to_items()
    fronts = []
    for i, slot in enumerate(grid.slots):
        fitted = fit_text(f"Karta {i + 1}: **Zagraj** i dobierz :coin: dwie karty.", Size(53, 20), METRICS,
                          "DejaVuSans", 9, 6, known_icons={"coin"})
        fronts += [RectItem(slot, fill="#f2efe6", stroke=None),
                   TextItem(slot.x + 5, slot.y + 10, POLISH, size_pt=8),
                   TextBlock(Rect(slot.x + 5, slot.y + 50, 53, 20), fitted)]
    back = FormDef("shared back", CARD_SIZES["poker"], (
        RectItem(Rect(0, 0, 63, 88), fill="#2f4f6f", stroke=None),
        Circle(Point(31.5, 44), 18, fill="#e0b000", stroke="#000000"),
        TextItem(31.5, 80, "Rewers", anchor="middle", fill="#ffffff", bold=True),
    ))
    backs = [UseForm("shared back", s.x, s.y) for s in grid.slots]
    single = Page(Size(69, 94), (UseForm("shared back", 3, 3),), trim_box=Rect(3, 3, 63, 88),
                  bleed_box=Rect(0, 0, 69, 94), label="one card")
    return Scene((Page(grid.page, tuple(fronts) + marks, label="fronts"),
                  Page(grid.page, tuple(backs) + marks, label="backs"), single),
                 forms=(back,), metadata=Metadata("Próbka", "pnpforge", "karty pokerowe"))


@dataclass(frozen=True)
class Box:
    """A PDF object's bounds converted to scene millimetres (top-left origin)."""

    left: float
    top: float
    w: float
    h: float
    segments: int


def pdf_paths(data: bytes, page_no: int = 0) -> list[Box]:
    """Path objects drawn directly on a page (not inside forms), in scene mm."""
    pdf = pdfium.PdfDocument(data)
    page = pdf[page_no]
    height = page.get_height()
    out = []
    for obj in page.get_objects(max_depth=0):
        if obj.type == pdfium_c.FPDF_PAGEOBJ_PATH:
            left, bottom, right, top = obj.get_bounds()
            out.append(Box(left / PT_PER_MM, (height - top) / PT_PER_MM, (right - left) / PT_PER_MM,
                           (top - bottom) / PT_PER_MM, pdfium_c.FPDFPath_CountSegments(obj.raw)))
    return out


def pdf_texts(data: bytes, page_no: int = 0) -> list[str]:
    pdf = pdfium.PdfDocument(data)
    page = pdf[page_no]
    textpage = page.get_textpage()
    return [obj.extract().strip() for obj in page.get_objects(textpage=textpage)
            if obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT]


def svg_tree(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def svg_texts(svg: str) -> list[str]:
    return [(t.text or "").strip() for t in svg_tree(svg).iter(SVG_NS + "text")]


def svg_elements(svg: str, tag: str) -> list[ET.Element]:
    return list(svg_tree(svg).iter(SVG_NS + tag))


@pytest.fixture(scope="session")
def sample_scene() -> Scene:
    return build_sample_scene()


@pytest.fixture(scope="session")
def sample_pdf(sample_scene) -> bytes:
    from generator.render.pdf import render_pdf

    return render_pdf(sample_scene)


@pytest.fixture(scope="session")
def probe() -> SimpleNamespace:
    """Read-back helpers as a fixture: test modules cannot import a conftest by name."""
    return SimpleNamespace(POLISH=POLISH, SVG_NS=SVG_NS, Box=Box, pdf_paths=pdf_paths, pdf_texts=pdf_texts,
                           svg_tree=svg_tree, svg_texts=svg_texts, svg_elements=svg_elements,
                           build_sample_scene=build_sample_scene)

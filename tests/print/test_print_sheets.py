"""Home sheets as a person prints them: duplex-safe page order for every sheet kind, mixed sizes sharing
sheets, nothing within 5 mm of the paper edge (words and drawn marks), the localized print-at-100 %
header, and no data ids or English enum words on Polish prints. Read back from the PDFs."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.geom.paper import paper_size
from generator.geom.scene import Scene
from generator.geom.shapes import Size
from generator.layout.sheets import SheetOptions, impose
from generator.plan import draw as F
from generator.plan.items import PrintItem
from generator.render.pdf import render_pdf
from generator.text.metrics import METRICS

PT = 72 / 25.4
EDGE = 5.0


def _item(k: int, size: Size, back: bool, kind: str = "tokens", cut=None) -> PrintItem:
    def front(bleed, k=k):
        return F.text_box(F.Box("name", 1, 1, size.w - 2, 6, 7, 5), f"F{k}x", METRICS)

    def back_face(bleed, k=k):
        return F.text_box(F.Box("name", 1, 1, size.w - 2, 6, 7, 5), f"B{k}x", METRICS)

    return PrintItem(f"c{k % 3}", kind, size, front, back_face if back else None, cut=cut, label=f"i{k}",
                     group=f"g{k % 3}")


def _words(pdf_bytes: bytes, page_no: int) -> dict[str, tuple[float, float, float, float]]:
    """Text objects of a page: content → (left, top, right, bottom) in mm from the top-left corner."""
    pdf = pdfium.PdfDocument(pdf_bytes)
    page = pdf[page_no]
    h = page.get_size()[1]
    textpage = page.get_textpage()
    out = {}
    for obj in page.get_objects(max_depth=5, textpage=textpage):
        if obj.type == pdfium.raw.FPDF_PAGEOBJ_TEXT:
            left, bottom, right, top = obj.get_bounds()
            out[obj.extract().strip()] = (left / PT, (h - top) / PT, right / PT, (h - bottom) / PT)
    pdf.close()
    return out


@pytest.mark.parametrize("flip", ["long", "short"])
def test_mixed_sizes_share_sheets_and_backs_follow_their_fronts(flip):
    """Three token sizes, some single-sided: they share sheets, and page k+1 is the back of page k —
    each back's text sits at its front's place mirrored about the flip edge."""
    paper = paper_size("a4")
    sizes = [Size(20, 20), Size(30, 30), Size(16, 16)]
    items = [_item(k, sizes[k % 3], back=k % 3 != 2) for k in range(120)]
    imposed = impose(items, SheetOptions(paper=paper, duplex=flip))
    data = render_pdf(Scene(tuple(imposed.pages), tuple(imposed.forms.values())))
    assert len(imposed.pages) % 2 == 0
    fronts_pages = len(imposed.pages) // 2
    assert fronts_pages <= 2  # 120 small tokens: one type per page would need 3+ sheets
    seen = 0
    for p in range(0, len(imposed.pages), 2):
        front, back = _words(data, p), _words(data, p + 1)
        for k in range(120):
            if f"F{k}x" not in front:
                continue
            seen += 1
            fl, ft, fr, fb = front[f"F{k}x"]
            if k % 3 == 2:
                assert f"B{k}x" not in back
                continue
            bl, bt, br, bb = back[f"B{k}x"]
            size = sizes[k % 3]
            if flip == "long":  # the item's box mirrored left-right: text starts at the box's left + same inset
                assert abs(bt - ft) < 0.3
            else:
                assert abs(bl - fl) < 0.3
            # both sides of one item lie within the item's mirrored trim box
            cx, cy = (fl + fr) / 2, (ft + fb) / 2
            mx, my = (paper.w - cx, cy) if flip == "long" else (cx, paper.h - cy)
            assert abs(mx - (bl + br) / 2) < size.w and abs(my - (bt + bb) / 2) < size.h
    assert seen == 120


def test_single_sided_sheets_get_empty_backs():
    """A file that has backs: every front page is followed by a back page, even when that sheet's items
    have no back, so later backs never land on the wrong sheet."""
    paper = paper_size("a4")
    items = [_item(k, Size(60, 60), back=False) for k in range(12)] + \
            [_item(100 + k, Size(60, 60), back=True) for k in range(12)]
    imposed = impose(items, SheetOptions(paper=paper, duplex="long"))
    assert len(imposed.pages) == 4
    assert imposed.pages[1].items == ()  # the empty back of the single-sided sheet
    assert imposed.pages[3].items


def _real_pdfs(out: Path) -> list[Path]:
    return sorted(p for p in out.glob("*/print/home-*/*.pdf"))


def _bbox_words(pdf: Path) -> list[tuple[int, float, float, float, float, float, float, str]]:
    """pdftotext -bbox: (page, page w, page h, xmin, ymin, xmax, ymax, word) in mm."""
    html = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    out, page, pw, ph = [], 0, 0.0, 0.0
    for line in html.splitlines():
        m = re.search(r'<page width="([\d.]+)" height="([\d.]+)"', line)
        if m:
            page += 1
            pw, ph = float(m.group(1)) / PT, float(m.group(2)) / PT
            continue
        m = re.search(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)</word>', line)
        if m:
            x0, y0, x1, y1 = (float(m.group(i)) / PT for i in range(1, 5))
            out.append((page, pw, ph, x0, y0, x1, y1, m.group(5)))
    return out


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed")
def test_no_word_within_5mm_of_the_edge_and_the_header_on_page_one(games_build):
    out, _ = games_build
    pdfs = _real_pdfs(out)
    assert pdfs
    for pdf in pdfs:
        words = _bbox_words(pdf)
        for page, pw, ph, x0, y0, x1, y1, word in words:
            assert x0 >= EDGE - 0.2 and y0 >= EDGE - 0.2 and x1 <= pw - EDGE + 0.2 and y1 <= ph - EDGE + 0.2, \
                f"{pdf.relative_to(out)} p{page}: '{word}' at {x0:.1f},{y0:.1f}–{x1:.1f},{y1:.1f} mm"
        first = " ".join(w[-1] for w in words if w[0] == 1)
        if pdf.name != "calibration.pdf":
            assert "100%" in first and ("Drukuj" in first or "Print" in first), pdf


def test_drawn_marks_stay_inside_the_printable_area(games_build):
    """Crop marks, cut guides and outlines: every path object lies at least 5 mm inside the sheet."""
    out, _ = games_build
    for pdf_path in _real_pdfs(out):
        if "letter" in pdf_path.parent.name and pdf_path.name not in ("cards.pdf", "tokens.pdf"):
            continue  # A4 covers every kind; Letter is checked for the two tightest layouts
        pdf = pdfium.PdfDocument(pdf_path)
        for n in range(min(len(pdf), 6)):
            page = pdf[n]
            w, h = (v / PT for v in page.get_size())
            for obj in page.get_objects(max_depth=1):
                if obj.type != pdfium.raw.FPDF_PAGEOBJ_PATH:
                    continue
                left, bottom, right, top = (v / PT for v in obj.get_bounds())
                assert left >= EDGE - 0.3 and bottom >= EDGE - 0.3 and right <= w - EDGE + 0.3 \
                    and top <= h - EDGE + 0.3, f"{pdf_path.relative_to(out)} p{n + 1}: path at " \
                                               f"{left:.1f},{bottom:.1f}–{right:.1f},{top:.1f}"
        pdf.close()


def test_every_home_pdf_with_backs_alternates_fronts_and_backs(games_build):
    """Duplex files: an even page count, and the page labels say front, back, front, back …"""
    out, manifest = games_build
    for art in manifest["artifacts"]:
        if art["profile"] != "home" or art["kind"] in ("calibration", "guide") or art["duplex"] != "long":
            continue
        pages = subprocess.run(["pdftotext", str(out / art["path"]), "-"], capture_output=True,
                               text=True).stdout.split("\f")[:-1]
        heads = ["100%" in page for page in pages]
        if all(heads):
            continue  # no backs in this file: fronts only
        assert len(pages) % 2 == 0, art["path"]
        assert heads == [True, False] * (len(pages) // 2), f"{art['path']}: fronts and backs out of step"


POLISH_FORBIDDEN = re.compile(r"\b(unknown|PROXY|back|front|enemy|influence|stronghold|race_unit|home_realm|"
                              r"[a-z]+_[a-z_]+)\b")


def test_polish_prints_show_no_ids_and_no_english(games_build):
    out, _ = games_build
    for pdf in _real_pdfs(out):
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
        found = sorted(set(POLISH_FORBIDDEN.findall(text)))
        assert not found, f"{pdf.relative_to(out)}: {found[:10]}"


def test_every_home_folder_has_a_guide_with_a_checklist(games_build):
    """guide.pdf, the first file to print: in the kit's language, naming the files, the flip and the
    checklist counts from the inventory."""
    out, manifest = games_build
    guides = [a for a in manifest["artifacts"] if a["kind"] == "guide"]
    folders = {a["path"].rsplit("/", 1)[0] for a in manifest["artifacts"] if a["profile"] == "home"}
    assert {g["path"].rsplit("/", 1)[0] for g in guides} == folders
    text = subprocess.run(["pdftotext", str(out / "battalia/print/home-a4/guide.pdf"), "-"], capture_output=True,
                          text=True).stdout
    assert "cards.pdf" in text and "dłuższej krawędzi" in text and "Lista kontrolna" in text
    assert "karty jednostek — 80" in text.lower() or "— 80" in text


def test_numeric_die_net_puts_opposite_faces_summing_to_seven():
    order = F.die_order(["1", "2", "3", "4", "5", "6"])
    top, left, centre, right, far, bottom = (int(v) for v in order)
    assert top + bottom == left + right == centre + far == 7
    drawn = F.die_net(["1", "2", "3", "4", "5", "6"], 16, "#444444", METRICS)(0.0)
    dashes = [i for i in drawn if getattr(i, "dash", None)]
    solids = [i for i in drawn if type(i).__name__ == "Line" and not i.dash]
    assert len(dashes) >= 5 and solids  # folds dashed, cuts solid


MARKUP = ("[[", "]]", "**")
ENGLISH_FRAGMENTS = re.compile(r"\b(derived|step|number is not stated|not stated|plastic figures?|shape unknown|"
                               r"content unknown|the rulebook|rulebook|assumption|players|cards|rounds|years|"
                               r"print at|actual size|long edge|short edge|calibration|checklist|cut here|"
                               r"fold|slot|proxy|unknown)\b", re.IGNORECASE)


def test_no_markup_in_any_print_and_no_english_in_polish_prints(games_build):
    """What a person reads on paper: never a markup bracket or asterisk, never English on a Polish sheet
    (the English fragments reviewers found on Polish pages and cards, and the print engine's own words)."""
    out, manifest = games_build
    for art in manifest["artifacts"]:
        if not art["path"].endswith(".pdf"):
            continue
        text = subprocess.run(["pdftotext", str(out / art["path"]), "-"], capture_output=True, text=True).stdout
        for mark in MARKUP:
            assert mark not in text, f"{art['path']}: markup {mark!r} printed"
        assert not re.search(r"§\s?\d+(\.\d+)*\]", text), art["path"]
        if "/home-" in art["path"] or "/printshop/" in art["path"]:
            prose = re.sub(r"[\w.-]+\.(pdf|png|csv)\b", " ", text)  # file names are names, not English
            found = sorted({m.group(0).lower() for m in ENGLISH_FRAGMENTS.finditer(prose)})
            assert not found, f"{art['path']}: English on a Polish print: {found[:10]}"

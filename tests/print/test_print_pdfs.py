"""Generated PDFs read back: page sizes, trim sizes from crop marks, page boxes, fonts, text positions of
fronts and backs, and hygiene (qpdf, determinism)."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.geom.paper import paper_size
from generator.geom.scene import Scene
from generator.geom.shapes import Size
from generator.geom.units import pt_to_mm
from generator.layout.sheets import SheetOptions, impose
from generator.plan import draw as F
from generator.plan.items import PrintItem
from generator.render.pdf import render_pdf
from generator.text.metrics import METRICS

PT = 72 / 25.4


def _segments(page) -> list[tuple[float, float, float, float]]:
    """Bounding boxes (mm, y up) of thin path objects: the crop marks."""
    out = []
    for obj in page.get_objects(max_depth=3):
        if obj.type != pdfium.raw.FPDF_PAGEOBJ_PATH:
            continue
        left, bottom, right, top = obj.get_bounds()
        w, h = right - left, top - bottom
        if (w < 1.5 and h > 5) or (h < 1.5 and w > 5):
            out.append((left / PT, bottom / PT, right / PT, top / PT))
    return out


def _cut_lines(values: list[float]) -> list[float]:
    values = sorted(values)
    lines: list[float] = []
    for v in values:
        if not lines or v - lines[-1] > 0.5:
            lines.append(v)
    return lines


def test_nine_up_a4_trims_poker_cards_exactly(demo_build):
    out, _ = demo_build
    pdf = pdfium.PdfDocument(out / "demo/print/home-a4/cards.pdf")
    page = pdf[0]
    assert page.get_size() == pytest.approx((210 * PT, 297 * PT), abs=0.01)
    segs = _segments(page)
    xs = _cut_lines([(s[0] + s[2]) / 2 for s in segs if s[2] - s[0] < 1.5])
    ys = _cut_lines([(s[1] + s[3]) / 2 for s in segs if s[3] - s[1] < 1.5])
    assert len(xs) == 4 and len(ys) == 4  # 3 × 3 cards: 4 cut lines each way
    for a, b in zip(xs, xs[1:]):
        assert b - a == pytest.approx(63.0, abs=0.05)
    for a, b in zip(ys, ys[1:]):
        assert b - a == pytest.approx(88.0, abs=0.05)
    pdf.close()


def _text_anchors(pdf_bytes: bytes, page_no: int) -> dict[str, tuple[float, float]]:
    pdf = pdfium.PdfDocument(pdf_bytes)
    page = pdf[page_no]
    text = page.get_textpage()
    out = {}
    for obj in page.get_objects(max_depth=4, textpage=text):
        if obj.type != pdfium.raw.FPDF_PAGEOBJ_TEXT:
            continue
        left, bottom, right, top = obj.get_bounds()
        content = obj.extract()
        out[content.strip()] = (left / PT, top / PT)  # left-aligned text: its left edge and its top
    pdf.close()
    return out


def _labelled_items(n: int) -> list[PrintItem]:
    size = Size(63, 88)
    items = []
    for k in range(1, n + 1):
        def front(bleed, k=k):
            return F.text_box(F.Box("name", 5, 5, 30, 8, 9, 6), f"Przód{k}", METRICS)

        def back(bleed, k=k):
            return F.text_box(F.Box("name", 5, 5, 30, 8, 9, 6), f"Tył{k}", METRICS)
        items.append(PrintItem("c", "cards", size, front, back, label=f"c{k}", group="g"))
    return items


@pytest.mark.parametrize("flip", ["long", "short"])
def test_backs_sit_behind_their_fronts(flip):
    paper = paper_size("a4")
    imposed = impose(_labelled_items(9), SheetOptions(paper=paper, duplex=flip))
    data = render_pdf(Scene(tuple(imposed.pages), tuple(imposed.forms.values())))
    fronts, backs = _text_anchors(data, 0), _text_anchors(data, 1)
    for k in range(1, 10):
        fx, fy = fronts[f"Przód{k}"]
        bx, by = backs[f"Tył{k}"]
        # the text box sits at the same place on every card, so card k's back text is its front text's
        # slot mirrored: about the vertical centre (long edge) or the horizontal centre (short edge)
        slot = imposed.pages[0].items[k - 1].transform
        back_slot = imposed.pages[1].items[k - 1].transform
        if flip == "long":
            assert back_slot.e == pytest.approx(paper.w - slot.e - 63, abs=0.01)
            assert back_slot.f == pytest.approx(slot.f, abs=0.01)
        else:
            assert back_slot.f == pytest.approx(paper.h - slot.f - 88, abs=0.01)
        assert bx - back_slot.e == pytest.approx(fx - slot.e, abs=0.5)  # glyph side bearings differ
        assert (paper.h - by) - back_slot.f == pytest.approx((paper.h - fy) - slot.f, abs=0.2)


def test_duplex_offset_moves_backs():
    paper = paper_size("a4")
    plain = impose(_labelled_items(2), SheetOptions(paper=paper))
    moved = impose(_labelled_items(2), SheetOptions(paper=paper, offset=(1.5, -0.5)))
    a, b = plain.pages[1].items[0].transform, moved.pages[1].items[0].transform
    assert (b.e - a.e, b.f - a.f) == pytest.approx((1.5, -0.5))
    assert moved.pages[0].items[0].transform == plain.pages[0].items[0].transform  # fronts stay


def test_printshop_boxes(demo_build):
    out, _ = demo_build
    pdf = pdfium.PdfDocument(out / "demo/print/printshop/cards-gold.pdf")
    page = pdf[0]
    assert page.get_size() == pytest.approx((69 * PT, 94 * PT), abs=0.01)
    assert page.get_trimbox() == pytest.approx((3 * PT, 3 * PT, 66 * PT, 91 * PT), abs=0.01)
    assert page.get_bleedbox() == pytest.approx((0, 0, 69 * PT, 94 * PT), abs=0.01)
    assert len(pdf) == 2 * 20  # every copy: a front and its back
    pdf.close()


def test_polish_text_extracts(demo_build):
    out, _ = demo_build
    pdf = pdfium.PdfDocument(out / "demo/print/home-a4/cards.pdf")
    text = "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    assert "Złoto „1”" in text and "Zamek Południa" in text and "Gra Pokazowa" in text
    pdf.close()


def _pdfs(root: Path) -> list[Path]:
    return sorted(root.rglob("*.pdf"))


@pytest.mark.skipif(not shutil.which("pdffonts"), reason="poppler-utils (pdffonts) not installed")
def test_every_font_embedded_in_every_pdf(games_build):
    out, _ = games_build
    for path in _pdfs(out):
        report = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
        rows = report.splitlines()[2:]
        if path.name.endswith("-dielines.pdf"):
            assert not rows, f"{path}: a die line file holds cut paths only"
            continue
        assert rows, f"{path} has no fonts listed"
        for row in rows:
            cols = row.split()
            assert cols[-5] == "yes" and cols[-4] == "yes", f"{path}: font not embedded/subset: {row}"
            assert "Helvetica" not in row and "Times" not in row


@pytest.mark.skipif(not shutil.which("qpdf"), reason="qpdf not installed")
def test_qpdf_check_clean(demo_build):
    out, _ = demo_build
    for path in _pdfs(out):
        result = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert result.returncode == 0, f"{path}: {result.stdout}{result.stderr}"


def test_pdf_metadata(demo_build):
    out, _ = demo_build
    pdf = pdfium.PdfDocument(out / "demo/print/home-a4/cards.pdf")
    meta = pdf.get_metadata_dict()
    assert meta["Title"] == "Gra Pokazowa — cards" and meta["Author"] == "pnpforge"
    pdf.close()


def test_shared_back_is_one_form(demo_build):
    out, _ = demo_build
    raw = (out / "demo/print/home-a4/cards.pdf").read_bytes()
    assert raw.count(b"/Subtype /Form") == 2  # the gold and the castle backs, each drawn once


def test_unknown_values_print_as_visible_blanks():
    view = F.CardView(name="X", deck="D", text=F.UNKNOWN, cost=F.UNKNOWN, stats=(("siła", F.UNKNOWN),))
    items = F.card_front(view, Size(63, 88), METRICS)(0.0)
    blanks = [i for i in items if getattr(i, "stroke", None) == F.BLANK_INK and hasattr(i, "radius")]
    assert len(blanks) == 3  # text, cost and the stat value
    known = F.card_front(F.CardView(name="X", deck="D", text="abc", cost="2"), Size(63, 88), METRICS)(0.0)
    assert not [i for i in known if getattr(i, "stroke", None) == F.BLANK_INK]


def test_text_too_long_raises_naming_the_box():
    view = F.CardView(name="X", deck="D", text="słowo " * 600)
    with pytest.raises(F.FaceTextError) as exc:
        F.card_front(view, Size(63, 88), METRICS)(0.0)
    assert exc.value.box == "text" and "does not fit" in str(exc.value)


def test_min_text_size_is_readable():
    view = F.CardView(name="X", deck="D", text="słowo " * 60)
    items = F.card_front(view, Size(63, 88), METRICS)(0.0)
    sizes = [i.fitted.size_pt for i in items if hasattr(i, "fitted")]
    assert sizes and min(sizes) >= 5.0
    assert pt_to_mm(min(sizes)) > 1.7


def test_deck_layout_from_data_overrides_the_standard_boxes(tmp_path):
    import shutil

    from generator.geom.scene import TextBlock
    from generator.model.index import GameIndex
    from generator.plan import plan_game
    from generator.validate.run import validate_folder
    from tests.conftest import FIXTURES, edit

    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "demo", data / "demo")
    edit(data / "demo" / "decks.yaml", "    cost_range: [0, 3]\n", "    cost_range: [0, 3]\n    layout: big_text\n")
    with (data / "demo" / "decks.yaml").open("a", encoding="utf-8") as handle:
        handle.write("\nlayouts:\n  - id: big_text\n    extends: standard\n    boxes:\n"
                     "      art: null\n"
                     "      text: {field: text, x: 5, y: 20, w: 53, h: 58, size_pt: 11, min_pt: 6}\n")
    result = validate_folder(data / "demo")
    assert result.ok, [i.format() for i in result.issues]
    item = next(i for i in plan_game(GameIndex(result.data)).items["cards"] if i.label.startswith("gold_1"))
    blocks = [b for b in item.front(0.0) if isinstance(b, TextBlock)]
    text_block = next(b for b in blocks if "fazie" in " ".join(b.fitted.lines))
    assert (text_block.rect.x, text_block.rect.y, text_block.rect.w, text_block.rect.h) == (5, 20, 53, 58)
    assert text_block.fitted.size_pt == 11  # room to spare: the largest size
    initials = [i for i in item.front(0.0) if getattr(i, "size_pt", 0) > 20]  # the art panel's big letter
    assert initials == []
    standard = next(i for i in plan_game(GameIndex(validate_folder(FIXTURES / "demo").data)).items["cards"])
    assert [i for i in standard.front(0.0) if getattr(i, "size_pt", 0) > 20]


def test_card_art_and_back_images_print(tmp_path):
    import shutil

    from PIL import Image

    from generator.model.index import GameIndex
    from generator.plan import plan_game
    from generator.render.previews import card_svgs
    from generator.validate.run import validate_folder
    from tests.conftest import FIXTURES, edit

    game = tmp_path / "data" / "demo"
    shutil.copytree(FIXTURES / "demo", game)
    (game / "art").mkdir()
    Image.new("RGB", (120, 80), "#cc3322").save(game / "art" / "knight.png")
    Image.new("RGB", (63, 88), "#224488").save(game / "art" / "back.jpg", format="JPEG")
    edit(game / "decks.yaml", "    stats: {defence: 4}\n", "    stats: {defence: 4}\n    image: art/knight.png\n")
    edit(game / "decks.yaml", "    size: {w: 63, h: 88}\n", "    size: {w: 63, h: 88}\n    back: {image: art/back.jpg}\n")
    result = validate_folder(game)
    assert result.ok, [i.format() for i in result.issues]
    index = GameIndex(result.data, result.folder)
    items = [i for i in plan_game(index).items["cards"] if i.group == "castles"]
    imposed = impose(items, SheetOptions(paper=paper_size("a4")))
    data = render_pdf(Scene(tuple(imposed.pages), tuple(imposed.forms.values())))
    pdf = pdfium.PdfDocument(data)

    def images(page) -> int:
        return sum(1 for o in page.get_objects(max_depth=4) if o.type == pdfium.raw.FPDF_PAGEOBJ_IMAGE)

    assert images(pdf[0]) == 3  # the three northern castles carry the art; the others are proxies
    assert images(pdf[1]) >= 1  # the deck back (one form, placed ten times)
    pdf.close()
    svg = card_svgs(index)["castle_north"]
    assert 'xlink:href="data:image/png;base64,' in svg or 'href="data:image/png;base64,' in svg
    assert "art/knight.png" not in svg and "file:" not in svg


def test_broken_image_is_a_validation_error(tmp_path, run_cli):
    import shutil

    from tests.conftest import FIXTURES, edit

    game = tmp_path / "data" / "demo"
    shutil.copytree(FIXTURES / "demo", game)
    (game / "art").mkdir()
    (game / "art" / "knight.png").write_bytes(b"not a png at all")
    edit(game / "decks.yaml", "    stats: {defence: 4}\n", "    stats: {defence: 4}\n    image: art/knight.png\n")
    result = run_cli("validate", "--data", tmp_path / "data")
    assert result.code == 1 and "asset 'art/knight.png' is not a readable PNG or JPEG image" in result.err

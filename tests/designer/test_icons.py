"""Icons with images (issue #14): starfall's storm and moon SVGs are drawn as vector paths and its credit PNG as an
image — in card text, on die faces, hex tiles (name and symbol) and the board — with a legend of labels on the
guide and the board; hostile or broken icon files and unknown icons are located errors (exit 1)."""
from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.geom.scene import IconArt, Page
from generator.geom.scene import Path as VectorPath
from generator.geom.shapes import Rect, Size
from generator.load.svg_icons import SvgIconError, arc_segments, parse_svg_icon, path_segments
from tests.conftest import edit

STORM_CLOUD = (0x5B, 0x6B, 0x8C)  # the storm icon's cloud fill (#5b6b8c), drawn nowhere else


# --- the safe SVG subset ----------------------------------------------------------------------------

def test_path_data_reduces_to_absolute_moves_lines_and_cubics():
    segs = path_segments("M10 10 h5 v5 l-1 1 s1 1 2 2 q1 1 2 2 t3 3 a2 2 0 011 1 z m1 1 2 2")
    assert {op for op, _ in segs} == {"M", "L", "C", "Z"}
    assert segs[1] == ("L", (15.0, 10.0)) and segs[2] == ("L", (15.0, 15.0)) and segs[3] == ("L", (14.0, 16.0))
    # a relative move after Z starts from the closed subpath's start; the pair after it is a line-to
    assert segs[-2] == ("M", (11.0, 11.0)) and segs[-1] == ("L", (13.0, 13.0))


def test_a_half_circle_arc_ends_where_asked_and_bulges_the_right_way():
    segs = arc_segments(0, 0, 5, 5, 0, False, True, 10, 0)  # sweep: clockwise on screen (y down) → above
    assert segs[-1][1][-2:] == (10, 0)
    ys = [v for _, a in segs for v in a[1::2]]
    assert min(ys) < -4  # the control points reach up to the circle's top (y = -5)


def test_shapes_transforms_and_inherited_paint_are_baked_into_paths():
    art = parse_svg_icon(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10" fill="#123">'
                         b'<g transform="translate(10 0) scale(2)"><rect width="2" height="1"/></g>'
                         b'<circle cx="5" cy="5" r="2" fill="none" stroke="currentColor" stroke-width="0.5"/></svg>',
                         "x", current="#c9a227")
    rect, circle = art.paths
    assert rect.fill == "#112233" and rect.segments[0] == ("M", (10.0, 0.0)) and rect.segments[2] == ("L", (14.0, 2.0))
    assert circle.fill is None and circle.stroke == "#c9a227" and any(op == "C" for op, _ in circle.segments)
    assert art.view == Rect(0, 0, 20, 10)


@pytest.mark.parametrize("svg, reason", [
    (b'<svg viewBox="0 0 1 1">\n<text>hi</text></svg>', r"unsupported element <text>.*line 2"),
    (b'<svg viewBox="0 0 1 1"><linearGradient id="g"/></svg>', r"unsupported element <linearGradient>"),
    (b'<svg viewBox="0 0 1 1"><path d="M0 0 L1 1" fill="url(#g)"/></svg>', r"fill 'url\(#g\)'"),
    (b'<svg viewBox="0 0 1 1"><path d="M0 0 L1" /></svg>', r"too few numbers"),
    (b'<svg viewBox="0 0 1 1"><path d="M0 0 L1 1" opacity="0.5"/></svg>', r"opacity"),
    (b'<svg viewBox="0 0 1 1"><path d="M0 0 L1 1" onload="x()"/></svg>', r"event attribute"),
    (b'<svg><path d="M0 0 L1 1"/></svg>', r"no viewBox"),
    (b'<svg viewBox="0 0 1 1"><use href="#a"/></svg>', r"link \(href\)"),
])
def test_outside_the_subset_is_refused_with_the_reason(svg, reason):
    with pytest.raises(SvgIconError, match=reason):
        parse_svg_icon(svg)


def test_icon_art_draws_centred_and_scaled_into_its_box():
    art = IconArt("sq", Rect(0, 0, 10, 20), (VectorPath((("M", (0, 0)), ("L", (10, 20)), ("Z", ()))),))
    (path,) = art.draw(Rect(0, 0, 10, 10))  # half size, centred horizontally
    assert path.segments[0] == ("M", (2.5, 0.0)) and path.segments[1] == ("L", (7.5, 10.0))


def test_both_backends_draw_a_path_as_curves():
    from generator.geom.scene import Scene
    from generator.render.pdf import render_pdf
    from generator.render.svg import render_svg

    path = VectorPath((("M", (1, 1)), ("C", (2, 0, 3, 0, 4, 1)), ("Z", ())), fill="#5b6b8c", even_odd=True)
    page = Page(Size(10, 10), (path,))
    svg = render_svg(page)
    assert re.search(r'<path d="M 1 1 C 2 0 3 0 4 1 Z" fill="#5b6b8c" fill-rule="evenodd"', svg), svg
    content = _pdf_streams(render_pdf(Scene((page,))))
    assert re.search(rb"[\d.]+ [\d.]+ [\d.]+ [\d.]+ 4 1 c", content) and b"f*" in content


# --- starfall: validates, builds, draws the icons ---------------------------------------------------------------

@pytest.fixture
def starfall_build(starfall_data, tmp_path, run_cli) -> Path:
    out = tmp_path / "out"
    result = run_cli("print", "starfall", "--data", starfall_data, "--out", out, "--paper", "a4")
    assert result.code == 0, result.err
    boards = run_cli("boards", "starfall", "--data", starfall_data, "--out", out, "--paper", "a4")
    assert boards.code == 0, boards.err
    return out / "starfall"


def test_starfall_validates_clean(starfall_data, run_cli):
    result = run_cli("validate", "starfall", "--data", starfall_data, "--strict")
    assert result.code == 0, result.out + result.err


def _pdf_streams(data: bytes) -> bytes:
    """Every stream of a PDF, inflated where it is deflated."""
    out = []
    for m in re.finditer(rb"stream\r?\n(.*?)endstream", data, re.S):
        chunk = m.group(1).strip()
        try:
            if chunk.endswith(b"~>"):  # reportlab: ASCII85 over Flate
                chunk = base64.a85decode(b"<~" + chunk, adobe=True)
            out.append(zlib.decompress(chunk))
        except (ValueError, zlib.error):
            out.append(chunk)
    return b"\n".join(out)


def _rgb_op(rgb: tuple[int, int, int]) -> bytes:
    """The fill-colour operator as reportlab writes it (6 digits, no leading zero: '.356863')."""
    return " ".join(re.sub(r"^0\.", ".", f"{c / 255:.6g}") for c in rgb).encode() + b" rg"


def _pixels_near(path: Path, page: int, rgb, dpi: int = 100, tol: int = 12) -> int:
    pdf = pdfium.PdfDocument(str(path))
    try:
        image = pdf[page].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        pdf.close()
    data = image.get_flattened_data() if hasattr(image, "get_flattened_data") else image.getdata()
    return sum(1 for px in data if all(abs(a - b) <= tol for a, b in zip(px, rgb)))


def test_dice_draw_the_storm_as_vector_curves_and_the_credit_as_an_image(starfall_build):
    dice = starfall_build / "print" / "home-a4" / "dice.pdf"
    raw = dice.read_bytes()
    content = _pdf_streams(raw)
    assert _rgb_op(STORM_CLOUD) in content  # the cloud's own fill colour …
    assert re.search(rb"(?:-?[\d.]+ ){6}c\s", content)  # … filled along cubic curves
    assert b"/Subtype /Image" in raw  # the PNG credit
    assert _pixels_near(dice, 0, STORM_CLOUD) > 20  # and it shows when rendered


def test_cards_and_hex_tiles_draw_the_icons(starfall_build):
    home = starfall_build / "print" / "home-a4"
    assert _pixels_near(home / "cards.pdf", 2, STORM_CLOUD) > 3  # the cruisers' text: "ignore :storm: …"
    tiles = home / "tiles.pdf"
    assert _rgb_op(STORM_CLOUD) in _pdf_streams(tiles.read_bytes())
    assert _pixels_near(tiles, 0, STORM_CLOUD) > 40  # the symbol and the name of both Ion Nebula tiles
    text = pdfium.PdfDocument(str(tiles))[0].get_textpage().get_text_range()
    assert "Ion" in text and "Nebula" in text and ":storm:" not in text and "0,0" not in text


def test_board_svg_holds_the_icon_paths_and_a_legend_with_labels(starfall_build):
    svg = starfall_build / "boards" / "star_map.svg"
    root = ET.parse(svg).getroot()
    paths = [el for el in root.iter() if el.tag.endswith("path")]
    clouds = [p for p in paths if p.get("fill") == "#5b6b8c"]
    assert len(clouds) >= 2  # in "Storm front :storm:" and in the legend
    assert all(re.fullmatch(r"M [-\d. ]+(?: [LCZ][-\d. ]*)+", p.get("d")) for p in clouds)
    texts = [("".join(el.itertext())) for el in root.iter() if el.tag.endswith("text")]
    assert "ion storm" in texts  # the legend line: the icon's label
    assert not any(":storm:" in t for t in texts)


def test_guide_lists_every_icon_with_its_label(starfall_build):
    guide = starfall_build / "print" / "home-a4" / "guide.pdf"
    text = pdfium.PdfDocument(str(guide))[0].get_textpage().get_text_range()
    block = text.split("Icons on the components", 1)[1]
    assert [label in block for label in ("credit", "ion storm", "moon landing")] == [True] * 3
    assert _pixels_near(guide, 0, STORM_CLOUD) > 5


# --- located errors ---------------------------------------------------------------------------------------------

HOSTILE = {
    "external href": ('<path d="M0 0 L1 1"/>', '<image href="http://example.com/x.png" width="1" height="1"/>'),
    "entity": ('<svg xmlns', '<!DOCTYPE svg [<!ENTITY boom "x">]>\n<svg xmlns'),
    "script": ('<title>storm</title>', '<title>storm</title><script>alert(1)</script>'),
    "unsupported": ('<title>storm</title>', '<title>storm</title><text x="1" y="1">S</text>'),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_svg_icon_is_a_located_error(starfall_data, run_cli, case):
    old, new = HOSTILE[case]
    svg = starfall_data / "starfall" / "icons" / "storm.svg"
    if old not in svg.read_text():
        old = "</svg>"
        new = new + "</svg>"
    edit(svg, old, new)
    result = run_cli("validate", "starfall", "--data", starfall_data)
    assert result.code == 1 and "Traceback" not in result.err
    assert re.search(r"game\.yaml:\d+:\d+: icons\[1\]\.image: icon image 'icons/storm\.svg' ", result.err), result.err


def test_a_huge_svg_icon_is_refused_before_it_is_read(starfall_data, run_cli):
    svg = starfall_data / "starfall" / "icons" / "storm.svg"
    svg.write_text(svg.read_text().replace("<title>", "<!--" + "x" * (1024 * 1024 + 10) + "--><title>"))
    result = run_cli("validate", "starfall", "--data", starfall_data)
    assert result.code == 1
    assert re.search(r"icons\[1\]\.image: icon image 'icons/storm\.svg' is \d+ bytes; the limit is 1048576",
                     result.err), result.err


def test_an_icon_file_outside_the_game_folder_is_refused(starfall_data, run_cli):
    (starfall_data / "outside.svg").write_text('<svg viewBox="0 0 1 1"/>')
    (starfall_data / "starfall" / "icons" / "link.svg").symlink_to(starfall_data / "outside.svg")
    edit(starfall_data / "starfall" / "game.yaml", "image: icons/storm.svg", "image: icons/link.svg")
    result = run_cli("validate", "starfall", "--data", starfall_data)
    assert result.code == 1 and "leads outside its folder" in result.err, result.err


def test_an_unknown_icon_on_a_die_face_is_one_located_error_with_did_you_mean(starfall_data, run_cli):
    edit(starfall_data / "starfall" / "components.yaml", '":moon:", ":credit:"', '":mon:", ":credit:"')
    result = run_cli("validate", "starfall", "--data", starfall_data)
    assert result.code == 1 and "Traceback" not in result.err
    errors = [line for line in result.err.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, errors
    assert re.search(r"components\.yaml:\d+:\d+: components\[2\]\.print\.faces\[3\]: unknown icon 'mon' "
                     r"\(did you mean 'moon'\?\)", errors[0]), errors


def test_an_unknown_icon_on_a_tile_symbol_is_located(starfall_data, run_cli):
    edit(starfall_data / "starfall" / "components.yaml", 'symbol: ":storm:"', 'symbol: ":strom:"')
    result = run_cli("validate", "starfall", "--data", starfall_data)
    assert result.code == 1
    assert re.search(r"tiles\[0\]\.symbol: unknown icon 'strom' \(did you mean 'storm'\?\)", result.err), result.err


def test_an_icon_needs_a_glyph_or_an_image(starfall_data, run_cli):
    edit(starfall_data / "starfall" / "game.yaml", "{id: storm, label: {en: ion storm}, image: icons/storm.svg}",
         "{id: storm, label: {en: ion storm}}")
    result = run_cli("validate", "starfall", "--data", starfall_data)
    assert result.code == 1 and "an icon needs a 'glyph'" in result.err, result.err

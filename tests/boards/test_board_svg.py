"""Board SVGs: valid SVG 1.1 in millimetres, real text, nothing external — and two renderers agree."""
from __future__ import annotations

import io
import os
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.layout.boards import BoardVariant, board_variants, layout_board
from generator.render.svg import render_svg
from generator.schema.components import Board
from generator.text.metrics import METRICS

SVG_NS = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
SVG11_ELEMENTS = {"svg", "g", "defs", "desc", "title", "use", "rect", "line", "polyline", "polygon", "circle",
                  "ellipse", "path", "text", "tspan"}
CHROMIUM = Path("/usr/bin/chromium")
PX_PER_MM = 96 / 25.4


def _svg(index, players=None, side=None, board_no=0) -> str:
    board = index.data.boards[board_no]
    variant = next(v for v in board_variants(board, index.player_counts)
                   if v.players == players and (side is None or v.side_id == side))
    drawing = layout_board(board, variant, tiles=index.data.tiles, icons=index.data.icons, metrics=METRICS)
    return render_svg(drawing.page())


def _check_svg(text: str) -> ET.Element:
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == SVG_NS + "svg" and root.get("version") == "1.1"
    w, h = root.get("width"), root.get("height")
    assert w.endswith("mm") and h.endswith("mm")
    vb = [float(v) for v in root.get("viewBox").split()]
    assert vb[:2] == [0, 0] and vb[2] == pytest.approx(float(w[:-2])) and vb[3] == pytest.approx(float(h[:-2]))
    for el in root.iter():
        assert el.tag.startswith(SVG_NS), el.tag
        assert el.tag[len(SVG_NS):] in SVG11_ELEMENTS, el.tag
        for key in (XLINK_HREF, "href"):
            ref = el.get(key)
            assert ref is None or ref.startswith("#"), f"external reference {ref!r}"
        for value in el.attrib.values():
            assert "url(" not in value or "url(#" in value
    return root


def test_svg_is_valid_mm_with_real_polish_text(demo):
    root = _check_svg(_svg(demo, players=2, side="day"))
    texts = [t.text for t in root.iter(SVG_NS + "text")]
    for expected in ("Równina", "Wyrocznia", "Tor punktów", "Wzgórze", "nieprzejezdne / impassable"):
        assert expected in texts
    assert any("Źródło" in t for t in texts)


def test_svg_escapes_data():
    name = 'A <b>&amp; "quoted" ł'
    board = Board.model_validate({
        "id": "esc", "name": {"pl": name, "en": "x"}, "source": {"section": "<script>alert(1)</script>"},
        "spaces": [{"id": "s", "name": {"pl": "1 < 2 & 3 > 2", "en": "s"}}]})
    text = render_svg(layout_board(board, BoardVariant("esc"), metrics=METRICS).page())
    assert "<script>" not in text and "<b>" not in text
    root = _check_svg(text)
    texts = [t.text for t in root.iter(SVG_NS + "text")]
    assert name in texts
    assert any("<script>alert(1)</script>" in t for t in texts)  # kept as text, not markup


def _grey64(png: bytes):
    from PIL import Image

    img = Image.open(io.BytesIO(png)).convert("RGB")
    return img.convert("L").resize((64, 64), Image.BOX)


def _mean_abs_diff(a, b) -> float:
    pa, pb = a.tobytes(), b.tobytes()
    return sum(abs(x - y) for x, y in zip(pa, pb)) / len(pa)


def _cairo_png(svg: str, width_px: int) -> bytes:
    import cairosvg

    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width_px)


def _chromium_png(svg: str, width_px: int, height_px: int) -> bytes:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "board.svg"
        path.write_text(svg, encoding="utf-8")
        out = Path(tmp) / "shot.png"
        profile = Path(tmp) / "profile"
        cmd = [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--hide-scrollbars", f"--user-data-dir={profile}", f"--screenshot={out}",
               f"--window-size={width_px},{height_px}", path.as_uri()]
        subprocess.run(cmd, check=True, capture_output=True, timeout=60, env={**os.environ, "LANG": "C.UTF-8"})
        return out.read_bytes()


@pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is not installed (apt-get install chromium)")
@pytest.mark.parametrize("which", ["demo", "hexmap"])
def test_chromium_and_cairosvg_render_the_same_board(request, which):
    pytest.importorskip("cairosvg")
    index = request.getfixturevalue(which)
    svg = _svg(index, players=2, side="day" if which == "demo" else None)
    root = ET.fromstring(svg.encode("utf-8"))
    w_mm, h_mm = (float(root.get(k)[:-2]) for k in ("width", "height"))
    w_px, h_px = round(w_mm * PX_PER_MM), round(h_mm * PX_PER_MM)
    chrome = _grey64(_chromium_png(svg, w_px, h_px))
    cairo = _grey64(_cairo_png(svg, w_px))
    diff = _mean_abs_diff(chrome, cairo)
    print(f"{which}: mean |Δ| = {diff:.2f}")
    assert diff < 3.0, f"renderers disagree: mean |Δ| = {diff:.2f} / 255"
    # the measure can tell boards apart: an unrelated drawing is far away
    other = _grey64(_cairo_png(_svg(index, players=3, side="night" if which == "demo" else None), w_px))
    assert _mean_abs_diff(cairo, other) > diff + 2
    assert max(chrome.tobytes()) - min(chrome.tobytes()) > 100  # not a blank page


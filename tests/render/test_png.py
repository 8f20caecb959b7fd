"""The print-shop PNGs are written by ``render/png.py`` (rows unfiltered, deflated): Pillow must read back
exactly the pixels given (rows padded in the buffer included) and the physical size, and a card's PNG must
hold the pixels pdfium renders for its page."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from generator.render.png import encode_rgb


def test_pixels_and_dpi_read_back():
    width, height, stride = 7, 5, 7 * 3 + 3  # rows padded, as a renderer's bitmap may pad them
    buffer = bytearray(stride * height)
    for y in range(height):
        for x in range(width):
            buffer[y * stride + 3 * x:y * stride + 3 * x + 3] = bytes(((x * 37) % 256, (y * 51) % 256, (x * y) % 256))
    image = Image.open(io.BytesIO(encode_rgb(bytes(buffer), width, height, stride, dpi=300)))
    image.load()
    assert image.mode == "RGB" and image.size == (width, height)
    assert image.getpixel((3, 2)) == ((3 * 37) % 256, (2 * 51) % 256, 6)
    assert [round(d) for d in image.info["dpi"]] == [300, 300]
    assert image.tobytes() == b"".join(bytes(buffer[y * stride:y * stride + 3 * width]) for y in range(height))


def test_a_short_or_odd_buffer_is_refused():
    with pytest.raises(ValueError):
        encode_rgb(b"\x00" * 10, 4, 4, 12)
    with pytest.raises(ValueError):
        encode_rgb(b"\x00" * 100, 4, 4, 8)


def test_a_card_png_holds_the_pixels_pdfium_renders(tmp_path, run_cli):
    import pypdfium2 as pdfium

    out = tmp_path / "out"
    assert run_cli("print", "rune_age", "--profile", "printshop", "--out", out).code == 0
    folder = next((out / "rune_age" / "print" / "printshop" / "png").iterdir())
    png = next(p for p in sorted(folder.glob("*.png")) if p.name != "back.png")
    deck = folder.name
    pdf = pdfium.PdfDocument(out / "rune_age" / "print" / "printshop" / f"cards-{deck}.pdf")
    design = png.stem
    with Image.open(png) as image:
        image.load()
        # the deck's PDF holds every copy of each design; find a page whose render is this PNG
        rendered = [pdf[n].render(scale=300 / 72, rev_byteorder=True).to_pil().convert("RGB").tobytes()
                    for n in range(0, len(pdf), 2)]
        assert image.tobytes() in rendered, design
        assert [round(d) for d in image.info["dpi"]] == [300, 300]

"""The floor: raw reportlab drawing what a card uses, with no engine — rounded frame, title, cost circle,
four lines of text, crop marks, the shared back drawn once as a form, A4 9-up fronts and mirrored backs.

Run by bench/run.py as its own process right before the engine; prints a JSON line {seconds, bytes}."""
from __future__ import annotations

import json
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))


def main(n: int, out: Path) -> None:
    start = time.perf_counter()
    from reportlab.lib.colors import HexColor
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas
    from synth import cards

    fonts = ROOT / "generator" / "fonts"
    pdfmetrics.registerFont(TTFont("F", str(fonts / "DejaVuSansCondensed.ttf")))
    pdfmetrics.registerFont(TTFont("FB", str(fonts / "DejaVuSansCondensed-Bold.ttf")))
    data = cards(n)
    W, H = 63 * mm, 88 * mm
    pw, ph = A4
    x0, y0 = (pw - 3 * W) / 2, (ph - 3 * H) / 2
    deck, white, ink = HexColor("#8a6d1d"), HexColor("#ffffff"), HexColor("#222222")
    c = Canvas(str(out), pagesize=A4, invariant=1, pageCompression=1)
    c.beginForm("back", 0, 0, W, H)
    c.setFillColor(deck)
    c.rect(0, 0, W, H, stroke=0, fill=1)
    c.setFillColor(white)
    c.setFont("FB", 14)
    c.drawCentredString(W / 2, H / 2, "Gra Testowa")
    c.endForm()

    def marks():
        c.setStrokeColor(ink)
        c.setLineWidth(0.3)
        for k in range(4):
            x, y = x0 + k * W, y0 + k * H
            c.line(x, y0 - 10 * mm, x, y0 - 3 * mm)
            c.line(x, y0 + 3 * H + 3 * mm, x, y0 + 3 * H + 10 * mm)
            c.line(x0 - 10 * mm, y, x0 - 3 * mm, y)
            c.line(x0 + 3 * W + 3 * mm, y, x0 + 3 * W + 10 * mm, y)

    for p in range(0, n, 9):
        chunk = data[p:p + 9]
        for i, card in enumerate(chunk):
            x, y = x0 + (i % 3) * W, y0 + (2 - i // 3) * H
            c.setFillColor(deck)
            c.rect(x, y, W, H, stroke=0, fill=1)
            c.setFillColor(white)
            c.roundRect(x + 3 * mm, y + 3 * mm, W - 6 * mm, H - 6 * mm, 2 * mm, stroke=0, fill=1)
            c.setFillColor(ink)
            c.setFont("FB", 9)
            c.drawCentredString(x + W / 2, y + H - 10 * mm, card["name"])
            c.setFillColor(deck)
            c.circle(x + 8 * mm, y + H - 9 * mm, 3 * mm, stroke=0, fill=1)
            c.setFillColor(white)
            c.drawCentredString(x + 8 * mm, y + H - 10 * mm, str(card["cost"]))
            c.setFillColor(ink)
            c.setFont("F", 7)
            for k, line in enumerate(textwrap.wrap(card["text"], 48)[:4]):
                c.drawString(x + 5 * mm, y + 30 * mm - k * 3.2 * mm, line)
        marks()
        c.showPage()
        for i, _ in enumerate(chunk):  # backs mirrored for long-edge duplex
            x, y = x0 + (2 - i % 3) * W, y0 + (2 - i // 3) * H
            c.saveState()
            c.translate(x, y)
            c.doForm("back")
            c.restoreState()
        marks()
        c.showPage()
    c.save()
    print(json.dumps({"seconds": time.perf_counter() - start, "bytes": out.stat().st_size}))


if __name__ == "__main__":
    main(int(sys.argv[1]), Path(sys.argv[2]))

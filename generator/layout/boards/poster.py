"""Poster printing: a board larger than the paper, split over A4/Letter pages that overlap (pure maths).

Each page shows one window of the board. Neighbouring windows share an overlap strip (10 mm by
default, measured on paper), so the pages can be trimmed, laid over each other and taped without a gap.
What makes assembly reliable:

- the overlap is exact: consecutive windows start ``window - overlap`` apart, so every board point is on
  at least one page and each shared strip is exactly ``overlap`` wide;
- registration marks (⊕) sit at the same *board* points on both pages of each strip, so the two copies
  line up when one page lies on the other;
- crop ticks show where to trim (the left edge of every page but the first column, the top edge of every
  page but the first row); a dashed line shows where the next page's edge goes;
- every page is labelled with its row letter and column number ("B2") and its neighbours, and an
  assembly page shows a thumbnail of the board with the page grid.

Everything stays inside the printable area (paper minus the home-printer margin): a 5 mm mark band on
three sides and a label band at the bottom surround the window. Content outside a page's window is
culled, and what remains is masked with white so nothing spills into the margins (the scene has no
clipping primitive).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from generator.geom.paper import HOME_MARGIN, POSTER_OVERLAP, printable_area
from generator.geom.scene import Circle, Group, Line, Metadata, Page, RectItem, Scene, TextItem
from generator.geom.shapes import EPS, Point, Rect, Size, Transform
from generator.geom.units import pt_to_mm
from generator.layout.boards.common import col_label, item_bounds, words, wrap_lines
from generator.text.metrics import METRICS

DEFAULT_LANGS = ("pl", "en")  # the five rulebook games; callers pass the game's languages

MARK_BAND = 5.0  # mm between the printable edge and the window (crop ticks live here)
LABEL_BAND = 10.0  # mm at the bottom of the printable area for the page label
DEFAULT_OVERLAP = POSTER_OVERLAP
INK = "#000000"
GUIDE = "#1f5fbf"


def row_label(index: int) -> str:
    """Rows are letters (A, B, … Z, AA …); columns are numbers from 1: page "B2" is row 2, column 2."""
    return col_label(index)


def page_label(row: int, col: int) -> str:
    return f"{row_label(row)}{col + 1}"


@dataclass(frozen=True)
class PosterTile:
    row: int
    col: int
    source: Rect  # the part of the board (board mm) this page shows
    window: Rect  # where that part is drawn on the page (page mm)

    @property
    def label(self) -> str:
        return page_label(self.row, self.col)


@dataclass(frozen=True)
class PosterPlan:
    board: Size
    page: Size  # the paper, turned as chosen
    margin: float
    overlap: float  # on paper, mm
    scale: float  # paper mm per board mm
    frame: Rect  # the largest window on the page
    col_starts: tuple[float, ...]  # board mm
    row_starts: tuple[float, ...]
    tiles: tuple[PosterTile, ...]  # row-major

    @property
    def cols(self) -> int:
        return len(self.col_starts)

    @property
    def rows(self) -> int:
        return len(self.row_starts)

    @property
    def pages(self) -> int:
        return len(self.tiles)

    @property
    def printable(self) -> Rect:
        return printable_area(self.page, self.margin)

    @property
    def source_size(self) -> Size:
        """How much board one full window shows (board mm)."""
        return Size(self.frame.w / self.scale, self.frame.h / self.scale)

    def tile(self, row: int, col: int) -> PosterTile:
        return self.tiles[row * self.cols + col]

    def neighbours(self, tile: PosterTile) -> dict[str, PosterTile]:
        out = {}
        for key, dr, dc in (("up", -1, 0), ("left", 0, -1), ("right", 0, 1), ("down", 1, 0)):
            r, c = tile.row + dr, tile.col + dc
            if 0 <= r < self.rows and 0 <= c < self.cols:
                out[key] = self.tile(r, c)
        return out

    def to_page(self, tile: PosterTile, p: Point) -> Point:
        """A board point on this tile's page."""
        return Point(tile.window.x + (p.x - tile.source.x) * self.scale,
                     tile.window.y + (p.y - tile.source.y) * self.scale)


def window_frame(page: Size, margin: float = HOME_MARGIN) -> Rect:
    """Where board content may go on a poster page: the printable area minus the mark and label bands."""
    printable = printable_area(page, margin)
    return Rect(printable.x + MARK_BAND, printable.y + MARK_BAND, printable.w - 2 * MARK_BAND,
                printable.h - MARK_BAND - LABEL_BAND)


def _starts(length: float, window: float, step: float) -> tuple[float, ...]:
    if length <= window + EPS:
        return (0.0,)
    n = 1 + math.ceil((length - window) / step - 1e-9)
    return tuple(i * step for i in range(n))


def plan_poster(board: Size, paper: Size, *, margin: float = HOME_MARGIN, overlap: float = DEFAULT_OVERLAP,
                scale: float = 1.0, orientation: str = "auto") -> PosterPlan:
    """Split a board over pages: the orientation needing fewer pages wins (portrait on a tie)."""
    if scale <= 0:
        raise ValueError(f"poster scale must be positive, got {scale}")
    if overlap < 0:
        raise ValueError(f"overlap cannot be negative, got {overlap} mm")
    if orientation not in ("auto", "portrait", "landscape"):
        raise ValueError(f"orientation must be auto, portrait or landscape, got {orientation!r}")
    pages = {"portrait": [paper.portrait()], "landscape": [paper.landscape()]}.get(
        orientation, [paper.portrait(), paper.landscape()])
    best: PosterPlan | None = None
    for page in pages:
        frame = window_frame(page, margin)
        if overlap * 2 >= min(frame.w, frame.h):
            raise ValueError(f"an overlap of {overlap:g} mm leaves no room on a {frame.w:.0f} × {frame.h:.0f} mm "
                             "window; use a smaller overlap")
        ww, wh = frame.w / scale, frame.h / scale
        cols = _starts(board.w, ww, (frame.w - overlap) / scale)
        rows = _starts(board.h, wh, (frame.h - overlap) / scale)
        tiles = []
        for r, y0 in enumerate(rows):
            for c, x0 in enumerate(cols):
                src = Rect(x0, y0, min(ww, board.w - x0), min(wh, board.h - y0))
                tiles.append(PosterTile(r, c, src, Rect(frame.x, frame.y, src.w * scale, src.h * scale)))
        plan = PosterPlan(board, page, margin, overlap, scale, frame, cols, rows, tuple(tiles))
        if best is None or plan.pages < best.pages:
            best = plan
    assert best is not None
    return best


# --- marks ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class RegMark:
    at: Point  # board mm
    tiles: tuple[tuple[int, int], ...]  # (row, col) of the pages that print it


def mark_radius(plan: PosterPlan) -> float:
    """Paper mm; the cross reaches 1.4 r, which stays inside a strip of width `overlap`."""
    return max(0.8, min(3.0, plan.overlap * 0.3))


def registration_marks(plan: PosterPlan) -> list[RegMark]:
    """⊕ marks centred in every overlap strip, twice per page edge, at shared board points."""
    out: list[RegMark] = []
    for c in range(plan.cols - 1):
        a, b = plan.col_starts[c + 1], plan.col_starts[c] + plan.source_size.w
        cx = (a + b) / 2
        for r in range(plan.rows):
            src = plan.tile(r, c).source
            for f in _fractions(src.h * plan.scale):
                out.append(RegMark(Point(cx, src.y + f * src.h), ((r, c), (r, c + 1))))
    for r in range(plan.rows - 1):
        a, b = plan.row_starts[r + 1], plan.row_starts[r] + plan.source_size.h
        cy = (a + b) / 2
        for c in range(plan.cols):
            src = plan.tile(r, c).source
            for f in _fractions(src.w * plan.scale):
                out.append(RegMark(Point(src.x + f * src.w, cy), ((r, c), (r + 1, c))))
    return out


def _fractions(length_on_paper: float) -> tuple[float, ...]:
    return (0.25, 0.75) if length_on_paper >= 40 else (0.5,)


def _reg_items(at: Point, r: float) -> list:
    arm = r * 1.4
    return [Circle(at, r, fill="#ffffff", stroke=INK, stroke_pt=0.5),
            Line(Point(at.x - arm, at.y), Point(at.x + arm, at.y), stroke=INK, stroke_pt=0.5),
            Line(Point(at.x, at.y - arm), Point(at.x, at.y + arm), stroke=INK, stroke_pt=0.5)]


def crop_ticks(plan: PosterPlan, tile: PosterTile) -> list[tuple[Point, Point]]:
    """Trim lines, as ticks in the mark band: the window's left edge (not on column 1) and top edge
    (not on row A). Each tick stays inside the printable area and outside the window."""
    w, pr = tile.window, plan.printable
    ticks = []
    gap = 0.8
    if tile.col > 0:
        ticks.append((Point(w.left, pr.top), Point(w.left, w.top - gap)))
        ticks.append((Point(w.left, w.bottom + gap), Point(w.left, w.bottom + 3.0)))
    if tile.row > 0:
        ticks.append((Point(pr.left, w.top), Point(w.left - gap, w.top)))
        ticks.append((Point(w.right + gap, w.top), Point(min(pr.right, w.right + MARK_BAND), w.top)))
    return ticks


# --- scenes ---------------------------------------------------------------------------------------

def cull(items: Sequence, area: Rect, pad: float = 2.0) -> list:
    """Items whose bounds touch the area (grown by pad); the rest cannot show on the page."""
    grown = area.outset(pad)
    return [i for i in items if _touches(item_bounds(i), grown)]


def _touches(a: Rect, b: Rect) -> bool:
    return a.left <= b.right and a.right >= b.left and a.top <= b.bottom and a.bottom >= b.top


def _mask(page: Size, window: Rect) -> list:
    """White over everything outside the window (the scene has no clip path)."""
    rects = [Rect(0, 0, page.w, window.top), Rect(0, window.bottom, page.w, page.h - window.bottom),
             Rect(0, window.top, window.left, window.h), Rect(window.right, window.top, page.w - window.right,
                                                                window.h)]
    return [RectItem(r, fill="#ffffff", stroke=None, stroke_pt=0) for r in rects if r.w > 0 and r.h > 0]


def _scale_text(scale: float, langs: Sequence[str] = DEFAULT_LANGS) -> str:
    if abs(scale - 1) < 1e-6:
        return words(langs, "poster.scale_full")
    return words(langs, "poster.scale", percent=f"{scale * 100:.0f}", ratio=f"{1 / scale:.2f}")


def poster_page(plan: PosterPlan, tile: PosterTile, items: Sequence, title: str,
                langs: Sequence[str] = DEFAULT_LANGS) -> Page:
    """One poster page: the tile's part of the board, masks, guides, marks and the page label."""
    s = plan.scale
    placement = Transform(a=s, d=s, e=tile.window.x - tile.source.x * s, f=tile.window.y - tile.source.y * s)
    content = Group(tuple(cull(items, tile.source)), placement)
    out: list = [content, *_mask(plan.page, tile.window)]
    w = tile.window
    out.append(RectItem(w, fill=None, stroke="#9a9a9a", stroke_pt=0.3))
    nb = plan.neighbours(tile)
    if "right" in nb:
        x = w.left + (nb["right"].source.x - tile.source.x) * s
        out.append(Line(Point(x, w.top), Point(x, w.bottom), stroke=GUIDE, stroke_pt=0.6, dash=(3.0, 2.0)))
    if "down" in nb:
        y = w.top + (nb["down"].source.y - tile.source.y) * s
        out.append(Line(Point(w.left, y), Point(w.right, y), stroke=GUIDE, stroke_pt=0.6, dash=(3.0, 2.0)))
    r = mark_radius(plan)
    for mark in registration_marks(plan):
        if (tile.row, tile.col) in mark.tiles:
            out.extend(_reg_items(plan.to_page(tile, mark.at), r))
    for a, b in crop_ticks(plan, tile):
        out.append(Line(a, b, stroke=INK, stroke_pt=0.5))
    pr = plan.printable
    base = pr.bottom - 2.2
    out.append(TextItem(pr.left, base, tile.label, font="DejaVuSans-Bold", size_pt=16))
    arrows = "  ".join(f"{sym}{nb[k].label}" for k, sym in (("up", "↑"), ("left", "←"), ("right", "→"),
                                                              ("down", "↓")) if k in nb)
    arrows_w = METRICS.width(arrows, "DejaVuSans-Bold", 7.0)
    info = (f"{title} · {words(langs, 'poster.page_info', row=row_label(tile.row), col=tile.col + 1)} "
            f"({plan.rows} × {plan.cols} = {plan.pages}) · {_scale_text(s, langs)} · "
            f"{words(langs, 'poster.overlap', mm=f'{plan.overlap:g}')}")
    out.append(TextItem(pr.left + 16, base - 3.6, _clip_text(info, pr.w - 18 - arrows_w, 6.0), size_pt=6.0))
    guide = words(langs, "poster.guide")
    out.append(TextItem(pr.left + 16, base, _clip_text(guide, pr.w - 18, 5.0), size_pt=5.0, fill="#444444"))
    if arrows:
        out.append(TextItem(pr.right, base - 3.6, arrows, font="DejaVuSans-Bold", size_pt=7.0, anchor="end"))
    out.append(TextItem(pr.right, pr.top + 3.6, tile.label, font="DejaVuSans-Bold", size_pt=7.0, anchor="end",
                        fill="#444444"))
    return Page(plan.page, tuple(out), label=f"{tile.label} — {title}")


def _clip_text(text: str, max_w: float, size_pt: float, font: str = "DejaVuSans") -> str:
    """Keep a label line inside max_w, measured with the shipped font; cut with an ellipsis."""
    if METRICS.width(text, font, size_pt) <= max_w:
        return text
    while len(text) > 1 and METRICS.width(text + "…", font, size_pt) > max_w:
        text = text[:-1]
    return text.rstrip() + "…"


def assembly_page(plan: PosterPlan, items: Sequence, title: str, notes: Sequence[str] = (),
                  langs: Sequence[str] = DEFAULT_LANGS) -> Page:
    """A thumbnail of the board with the page grid, sizes and how to assemble the poster."""
    pr = plan.printable
    info = " · ".join((
        words(langs, "poster.assembly", rows=plan.rows, cols=plan.cols, pages=plan.pages),
        words(langs, "poster.board_size", w=f"{plan.board.w:g}", h=f"{plan.board.h:g}"),
        _scale_text(plan.scale, langs), words(langs, "poster.overlap", mm=f"{plan.overlap:g}"),
        words(langs, "poster.paper", w=f"{plan.page.w:g}", h=f"{plan.page.h:g}")))
    head = [TextItem(pr.left, pr.top + 6, _clip_text(title, pr.w, 14, "DejaVuSans-Bold"), font="DejaVuSans-Bold",
                     size_pt=14)]
    for i, line in enumerate(_wrap(info, pr.w, 7.5, langs[0])[:2]):
        head.append(TextItem(pr.left, pr.top + 11.5 + i * 3.6, line, size_pt=7.5))
    steps = [words(langs, f"poster.step{k}") for k in (1, 2, 3, 4)]
    steps += list(notes)
    line_h = pt_to_mm(6.5) * 1.4
    wrapped = [ln for s in steps for ln in _wrap(s, pr.w, 6.5, langs[0])]
    foot_h = line_h * len(wrapped) + 2
    area = Rect(pr.left, pr.top + 20, pr.w, pr.h - 20 - foot_h - 2)
    k = min(area.w / plan.board.w, area.h / plan.board.h)
    origin = Point(area.left + (area.w - plan.board.w * k) / 2, area.top + (area.h - plan.board.h * k) / 2)
    thumb = Group(tuple(items), Transform(a=k, d=k, e=origin.x, f=origin.y))
    out: list = [*head, thumb]
    for tile in plan.tiles:
        src = tile.source
        rect = Rect(origin.x + src.x * k, origin.y + src.y * k, src.w * k, src.h * k)
        out.append(RectItem(rect, fill=None, stroke=GUIDE, stroke_pt=1.0))
    label_pt = max(6.0, min(18.0, min(plan.source_size.w, plan.source_size.h) * k / pt_to_mm(1) * 0.25))
    for tile in plan.tiles:
        src = tile.source
        c = Point(origin.x + (src.x + src.w / 2) * k, origin.y + (src.y + src.h / 2) * k)
        bw = pt_to_mm(label_pt) * (0.75 * len(tile.label) + 0.8)
        bh = pt_to_mm(label_pt) * 1.4
        out.append(RectItem(Rect(c.x - bw / 2, c.y - bh / 2, bw, bh), fill="#ffffff", stroke=GUIDE,
                            stroke_pt=0.8, radius=1.0))
        out.append(TextItem(c.x, c.y + 0.36 * pt_to_mm(label_pt), tile.label, font="DejaVuSans-Bold",
                            size_pt=label_pt, anchor="middle", fill=GUIDE))
    y = pr.bottom - line_h * (len(wrapped) - 1)
    for i, ln in enumerate(wrapped):
        out.append(TextItem(pr.left, y + i * line_h, ln, size_pt=6.5))
    return Page(plan.page, tuple(out), label=f"{words(langs, 'poster.assembly_label')} — {title}")


def _wrap(text: str, max_w: float, size_pt: float, lang: str) -> list[str]:
    """Lines of a note, broken by the one text engine with the shipped font's real widths."""
    return wrap_lines(text, max_w, METRICS, "DejaVuSans", size_pt, lang)


def poster_scene(plan: PosterPlan, items: Sequence, title: str, notes: Sequence[str] = (),
                 langs: Sequence[str] = DEFAULT_LANGS) -> Scene:
    """Assembly page first, then the pages row by row."""
    pages = [assembly_page(plan, items, title, notes, langs)]
    pages += [poster_page(plan, tile, items, title, langs) for tile in plan.tiles]
    return Scene(tuple(pages), metadata=Metadata(title=f"{title} — poster", subject="pnpforge board poster"))


# --- whole board on one page ------------------------------------------------------------------------

@dataclass(frozen=True)
class OnePagePlan:
    board: Size
    page: Size
    margin: float
    scale: float
    placed: Rect  # where the board lands on the page

    @property
    def printable(self) -> Rect:
        return printable_area(self.page, self.margin)


def fit_scale(board: Size, page: Size, margin: float = HOME_MARGIN) -> float:
    pr = printable_area(page, margin)
    return min(pr.w / board.w, (pr.h - LABEL_BAND) / board.h)


def plan_onepage(board: Size, paper: Size, *, margin: float = HOME_MARGIN, scale: float | None = None
                 ) -> OnePagePlan:
    """The whole board on one sheet: `scale` as asked (error when it does not fit), else the largest
    scale that fits, never above 100% (a small board prints at real size). The orientation allowing the
    larger scale wins."""
    options = [(fit_scale(board, p, margin), p) for p in (paper.portrait(), paper.landscape())]
    fit, page = max(options, key=lambda o: (o[0] + 1e-9 * (o[1] == paper.portrait()), o[0]))
    if scale is None:
        scale = min(1.0, fit)
    elif scale <= 0:
        raise ValueError(f"scale must be positive, got {scale}")
    elif scale > fit + 1e-9:
        raise ValueError(f"a {board.w:g} × {board.h:g} mm board at {scale * 100:g}% does not fit one "
                         f"{paper.w:g} × {paper.h:g} mm page; the largest scale is {fit * 100:.1f}%")
    pr = printable_area(page, margin)
    w, h = board.w * scale, board.h * scale
    placed = Rect(pr.left + (pr.w - w) / 2, pr.top + (pr.h - LABEL_BAND - h) / 2, w, h)
    return OnePagePlan(board, page, margin, scale, placed)


def onepage_scene(plan: OnePagePlan, items: Sequence, title: str, notes: Sequence[str] = (),
                  langs: Sequence[str] = DEFAULT_LANGS) -> Scene:
    s = plan.scale
    content = Group(tuple(items), Transform(a=s, d=s, e=plan.placed.x, f=plan.placed.y))
    pr = plan.printable
    text = f"{title} · {words(langs, 'poster.onepage')} · {_scale_text(s, langs)}"
    if abs(s - 1) > 1e-6:
        text += f" · {plan.board.w:g} × {plan.board.h:g} mm"
    below = plan.placed.bottom + 4.0
    out = [content, TextItem(plan.placed.left, below, _clip_text(text, pr.right - plan.placed.left, 7.0), size_pt=7.0)]
    if notes:
        out.append(TextItem(plan.placed.left, below + 3.2, _clip_text(" · ".join(notes), pr.right - plan.placed.left, 5.5), size_pt=5.5,
                            fill="#444444"))
    page = Page(plan.page, tuple(out), label=title)
    return Scene((page,), metadata=Metadata(title=title, subject="pnpforge board, one page"))


__all__ = [
    "OnePagePlan",
    "PosterPlan",
    "PosterTile",
    "RegMark",
    "assembly_page",
    "crop_ticks",
    "cull",
    "fit_scale",
    "onepage_scene",
    "page_label",
    "plan_onepage",
    "plan_poster",
    "poster_page",
    "poster_scene",
    "registration_marks",
    "window_frame",
]

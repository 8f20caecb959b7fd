"""Placing many same-size items on sheets: n-up grids, duplex backs and fold-over pairs.

Pure index and rectangle maths (cardimpose's lesson): the grid is computed from paper, margin, item
size, bleed and gutter, never hard-coded, so "9 poker cards on A4" is a consequence, not a constant.
Slot order is row-major, left to right, top to bottom, as people read a sheet.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, TypeVar

from generator.geom.paper import printable_area
from generator.geom.shapes import EPS, Point, Rect, Segment, Size

Orientation = Literal["auto", "portrait", "landscape"]
Flip = Literal["long", "short"]
T = TypeVar("T")


@dataclass(frozen=True)
class Grid:
    """One sheet's n-up layout: `slots` are trim (cut) rects, `bleed_slots` the same grown by bleed."""

    page: Size
    item: Size
    cols: int
    rows: int
    margin: float
    bleed: float
    gutter: float
    slots: tuple[Rect, ...]
    bleed_slots: tuple[Rect, ...]

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def orientation(self) -> str:
        return "landscape" if self.page.is_landscape else "portrait"

    @property
    def printable(self) -> Rect:
        return printable_area(self.page, self.margin)

    @property
    def block(self) -> Rect:
        """Bounding box of everything printed in the grid (bleeds included)."""
        return _bounds(self.bleed_slots)

    def position(self, i: int) -> tuple[int, int]:
        """(row, col) of slot i."""
        _check_index(i, self.per_page)
        return divmod(i, self.cols)


@dataclass(frozen=True)
class FoldGrid:
    """Fold-over sheet: fronts left of a vertical fold line, their backs mirrored on the right.

    Folding the right half behind the left brings each back onto its front, so no duplex printer is
    needed. No bleed is added on the fold side: that edge is folded, not cut.
    """

    page: Size
    item: Size
    cols: int  # fronts per row (the same number of backs sits right of the fold)
    rows: int
    margin: float
    bleed: float
    gutter: float
    fold_x: float
    fronts: tuple[Rect, ...]
    backs: tuple[Rect, ...]
    front_bleeds: tuple[Rect, ...]
    back_bleeds: tuple[Rect, ...]

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def pairs(self) -> tuple[Rect, ...]:
        """Front and back together: the outline that is cut before folding."""
        return tuple(f.union(b) for f, b in zip(self.fronts, self.backs))

    @property
    def fold_line(self) -> Segment:
        return Segment(Point(self.fold_x, self.margin), Point(self.fold_x, self.page.h - self.margin))

    @property
    def block(self) -> Rect:
        return _bounds(self.front_bleeds + self.back_bleeds)


def plan_grid(paper: Size, item: Size, *, margin: float = 5.0, bleed: float = 0.0, gutter: float = 0.0,
              orientation: Orientation = "auto", header: float = 0.0) -> Grid:
    """Fit as many items as possible, centred on the sheet below a ``header`` band (mm, inside the
    top margin's line); 'auto' takes the better orientation (portrait on a tie, since printers and
    readers default to it)."""
    _check_spacing(margin, bleed, gutter)
    pages = _candidate_pages(paper, orientation)
    counts = [_grid_counts(page, item, margin, bleed, gutter, header) for page in pages]
    best = max(range(len(pages)), key=lambda k: (counts[k][0] * counts[k][1], -k))
    cols, rows = counts[best]
    if cols * rows == 0:
        raise ValueError(_no_fit_message(paper, item, margin, bleed))
    return _build_grid(pages[best], item, cols, rows, margin, bleed, gutter, header)


def pack_shelves(area: Rect, sizes: Sequence[Size], gutter: float = 2.0) -> list[list[tuple[int, Rect]]]:
    """Mixed sizes on as few sheets as possible: tallest first, first-fit onto shelves (rows) of the
    page, a new page when no shelf has room. Returns per page (item index, trim rect); each page's
    content is centred across the area so long-edge backs (mirrored) land on the same area.

    Items of one size keep their order, so a type's pieces stay together on the sheet."""
    _check_spacing(0.0, 0.0, gutter)
    for size in sizes:
        if size.w > area.w + EPS or size.h > area.h + EPS:
            raise ValueError(f"a {size.w:g} x {size.h:g} mm item does not fit the {area.w:g} x {area.h:g} mm "
                             f"printable area")
    order = sorted(range(len(sizes)), key=lambda i: -sizes[i].h)
    pages: list[list[tuple[int, Rect]]] = []
    shelves: list[list[float]] = []  # per shelf of the current page: [y, height, next x]
    for i in order:
        size = sizes[i]
        spot = None
        for shelf in shelves:
            if size.h <= shelf[1] + EPS and shelf[2] + size.w <= area.right + EPS:
                spot = shelf
                break
        if spot is None:
            y = shelves[-1][0] + shelves[-1][1] + gutter if shelves else area.top
            if not pages or y + size.h > area.bottom + EPS:
                pages.append([])
                shelves = []
                y = area.top
            spot = [y, size.h, area.left]
            shelves.append(spot)
        pages[-1].append((i, Rect(spot[2], spot[0], size.w, size.h)))
        spot[2] += size.w + gutter
    out = []
    for page in pages:
        right = max(r.right for _, r in page)
        dx = (area.right - right) / 2
        out.append(sorted(((i, r.translate(dx, 0)) for i, r in page), key=lambda p: p[0]))
    return out


@lru_cache(maxsize=1024)  # the same few slots on every sheet: one Rect each, not one per card
def mirror_rect(rect: Rect, page: Size, flip: Flip = "long", offset: tuple[float, float] = (0.0, 0.0)) -> Rect:
    """Where the back of ``rect`` goes on the back page: long-edge flips mirror left-right, short-edge
    flips top-bottom; the duplex correction is added."""
    if flip == "long":
        out = Rect(page.w - rect.right, rect.y, rect.w, rect.h)
    elif flip == "short":
        out = Rect(rect.x, page.h - rect.bottom, rect.w, rect.h)
    else:
        raise ValueError(f"flip must be 'long' or 'short', got {flip!r}")
    return out.translate(offset[0], offset[1])


def back_slot_index(i: int, grid: Grid | FoldGrid, flip: Flip = "long") -> int:
    """Slot on the back page that lands behind slot i after a duplex flip.

    Long-edge flip mirrors the column order (A B C -> C B A), short-edge flip mirrors the row order.
    """
    _check_index(i, grid.per_page)
    row, col = divmod(i, grid.cols)
    if flip == "long":
        col = grid.cols - 1 - col
    elif flip == "short":
        row = grid.rows - 1 - row
    else:
        raise ValueError(f"flip must be 'long' or 'short', got {flip!r}")
    return row * grid.cols + col


def back_rect(i: int, grid: Grid, flip: Flip = "long", offset: tuple[float, float] = (0.0, 0.0), *,
              with_bleed: bool = False) -> Rect:
    """Where the back of slot i is drawn on the back page, shifted by the duplex correction `offset`.

    `offset` is added to the back page's coordinates; the calibration sheet (marks.duplex_calibration)
    reads it off directly.
    """
    j = back_slot_index(i, grid, flip)
    rect = grid.bleed_slots[j] if with_bleed else grid.slots[j]
    return rect.translate(offset[0], offset[1])


def plan_fold_over(paper: Size, item: Size, *, margin: float = 5.0, bleed: float = 0.0,
                   gutter: float = 0.0, orientation: Orientation = "auto") -> FoldGrid:
    """Fronts and backs side by side about a vertical fold at the sheet's centre."""
    _check_spacing(margin, bleed, gutter)
    pages = _candidate_pages(paper, orientation)
    counts = [_fold_counts(page, item, margin, bleed, gutter) for page in pages]
    best = max(range(len(pages)), key=lambda k: (counts[k][0] * counts[k][1], -k))
    cols, rows = counts[best]
    if cols * rows == 0:
        raise ValueError(_no_fit_message(paper, item, margin, bleed, fold=True))
    return _build_fold(pages[best], item, cols, rows, margin, bleed, gutter)


def paginate(items: Sequence[T], per_page: int) -> list[tuple[T, ...]]:
    """Split items into sheets of at most per_page, keeping order."""
    if per_page < 1:
        raise ValueError(f"per_page must be at least 1, got {per_page}")
    return [tuple(items[k:k + per_page]) for k in range(0, len(items), per_page)]


def page_count(n: int, per_page: int) -> int:
    if per_page < 1:
        raise ValueError(f"per_page must be at least 1, got {per_page}")
    return -(-n // per_page)


# --- helpers --------------------------------------------------------------------------------------

def _check_spacing(margin: float, bleed: float, gutter: float) -> None:
    for name, value in (("margin", margin), ("bleed", bleed), ("gutter", gutter)):
        if value < 0:
            raise ValueError(f"{name} cannot be negative, got {value} mm")


def _check_index(i: int, per_page: int) -> None:
    if not 0 <= i < per_page:
        raise IndexError(f"slot {i} is not on a page of {per_page} slots")


def _candidate_pages(paper: Size, orientation: str) -> list[Size]:
    if orientation == "auto":
        return [paper.portrait(), paper.landscape()]
    if orientation == "portrait":
        return [paper.portrait()]
    if orientation == "landscape":
        return [paper.landscape()]
    raise ValueError(f"orientation must be 'auto', 'portrait' or 'landscape', got {orientation!r}")


def _fit(avail: float, size: float, bleed: float, gutter: float) -> int:
    """How many items of `size` (each with its own bleed, gutters between) fit in `avail`."""
    pitch = size + 2 * bleed + gutter
    if avail <= 0 or pitch <= 0:
        return 0
    return max(0, math.floor((avail + gutter + EPS) / pitch))


def _grid_counts(page: Size, item: Size, margin: float, bleed: float, gutter: float,
                 header: float = 0.0) -> tuple[int, int]:
    return (_fit(page.w - 2 * margin, item.w, bleed, gutter),
            _fit(page.h - 2 * margin - header, item.h, bleed, gutter))


def _build_grid(page: Size, item: Size, cols: int, rows: int, margin: float, bleed: float,
                gutter: float, header: float = 0.0) -> Grid:
    pitch_x = item.w + 2 * bleed + gutter
    pitch_y = item.h + 2 * bleed + gutter
    x0 = (page.w - (cols * pitch_x - gutter)) / 2 + bleed
    y0 = header + (page.h - header - (rows * pitch_y - gutter)) / 2 + bleed
    slots = tuple(Rect(x0 + c * pitch_x, y0 + r * pitch_y, item.w, item.h)
                  for r in range(rows) for c in range(cols))
    return Grid(page, item, cols, rows, margin, bleed, gutter, slots,
                tuple(s.outset(bleed) for s in slots))


def _fold_counts(page: Size, item: Size, margin: float, bleed: float, gutter: float) -> tuple[int, int]:
    # one side holds n fronts: n*w + (2n-1)*bleed + (n-1)*gutter <= half the width minus the margin
    half = page.w / 2 - margin
    cols = _fit(half + bleed, item.w, bleed, gutter)
    return cols, _fit(page.h - 2 * margin, item.h, bleed, gutter)


def _build_fold(page: Size, item: Size, cols: int, rows: int, margin: float, bleed: float,
                gutter: float) -> FoldGrid:
    fold = page.w / 2
    pitch_x = item.w + 2 * bleed + gutter
    pitch_y = item.h + 2 * bleed + gutter
    y0 = (page.h - (rows * pitch_y - gutter)) / 2 + bleed
    fronts, backs = [], []
    for r in range(rows):
        for c in range(cols):
            k = cols - 1 - c  # distance from the fold, counted in items
            y = y0 + r * pitch_y
            fronts.append(Rect(fold - k * pitch_x - item.w, y, item.w, item.h))
            backs.append(Rect(fold + k * pitch_x, y, item.w, item.h))
    front_bleeds = tuple(Rect.from_edges(f.left - bleed, f.top - bleed, f.right, f.bottom + bleed)
                         for f in fronts)
    back_bleeds = tuple(Rect.from_edges(b.left, b.top - bleed, b.right + bleed, b.bottom + bleed)
                        for b in backs)
    return FoldGrid(page, item, cols, rows, margin, bleed, gutter, fold, tuple(fronts), tuple(backs),
                    front_bleeds, back_bleeds)


def _bounds(rects: Sequence[Rect]) -> Rect:
    out = rects[0]
    for r in rects[1:]:
        out = out.union(r)
    return out


def _no_fit_message(paper: Size, item: Size, margin: float, bleed: float, fold: bool = False) -> str:
    what = "a fold-over pair of" if fold else "one"
    return (f"{what} {item.w:g} x {item.h:g} mm item (bleed {bleed:g} mm) does not fit on "
            f"{paper.w:g} x {paper.h:g} mm paper with {margin:g} mm margins")

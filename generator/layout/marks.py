"""Crop marks, fold marks and the duplex calibration sheet, as plain segments and labels.

Marks sit outside everything printed (trim and bleed), one pair per distinct cut line, at least 3 mm
long and 0.25 pt thick so they survive printing and the first cut. The "full" style runs each cut line
through every free gap on the sheet, because the first cut removes margin-only marks for the next one
(asked for by Squib users).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from generator.geom.scene import DEFAULT_FONT, Line, TextItem
from generator.geom.shapes import EPS, Point, Rect, Segment, Size
from generator.layout.imposition import FoldGrid, Grid

MarkStyle = Literal["margin", "full"]
MIN_MARK_LENGTH = 3.0  # mm
MIN_STROKE_PT = 0.25  # hairlines vanish on paper


@dataclass(frozen=True)
class Label:
    at: Point  # baseline anchor
    text: str
    size_pt: float = 6.0
    anchor: str = "middle"


@dataclass(frozen=True)
class MarkSet:
    segments: tuple[Segment, ...]
    labels: tuple[Label, ...] = ()
    stroke_pt: float = 0.5
    dash: tuple[float, ...] | None = None

    def __post_init__(self) -> None:
        if self.stroke_pt < MIN_STROKE_PT:
            raise ValueError(f"marks thinner than {MIN_STROKE_PT} pt vanish on paper, got {self.stroke_pt}")

    def to_items(self, colour: str = "#000000", font: str = DEFAULT_FONT) -> tuple:
        """Scene items for a page (lines, then labels)."""
        lines = tuple(Line(s.p1, s.p2, stroke=colour, stroke_pt=self.stroke_pt, dash=self.dash)
                      for s in self.segments)
        labels = tuple(TextItem(lb.at.x, lb.at.y, lb.text, font=font, size_pt=lb.size_pt,
                                anchor=lb.anchor, fill=colour) for lb in self.labels)
        return lines + labels


@dataclass(frozen=True)
class Calibration:
    """Front: a cross at the sheet centre. Back: millimetre scales read through the paper."""

    front: MarkSet
    back: MarkSet


def crop_marks(page: Size, cuts: Sequence[Rect], *, keep_clear: Sequence[Rect] = (),
               style: MarkStyle = "margin", length: float = 5.0, gap: float = 1.0, edge: float = 1.0,
               stroke_pt: float = 0.5) -> MarkSet:
    """Marks for every distinct vertical and horizontal cut line of `cuts` (trim rects).

    Nothing is drawn within `gap` of a cut rect or of a `keep_clear` rect (bleed areas), nor within
    `edge` of the paper edge. 'margin' draws one mark of `length` at each end of each cut line;
    'full' fills every free stretch of the line.
    """
    if style not in ("margin", "full"):
        raise ValueError(f"crop mark style must be 'margin' or 'full', got {style!r}")
    if length < MIN_MARK_LENGTH:
        raise ValueError(f"crop marks shorter than {MIN_MARK_LENGTH} mm do not survive the cut, got {length}")
    blockers = tuple(r.outset(gap) for r in (*cuts, *keep_clear))
    segments: list[Segment] = []
    for x in _distinct(v for r in cuts for v in (r.left, r.right)):
        segments += _marks_on_line(x, True, page, blockers, style, length, edge)
    for y in _distinct(v for r in cuts for v in (r.top, r.bottom)):
        segments += _marks_on_line(y, False, page, blockers, style, length, edge)
    return MarkSet(tuple(segments), stroke_pt=stroke_pt)


def band_marks(cuts: Sequence[Rect], limit: Rect, *, gap: float = 1.0, length: float = 5.0,
               stroke_pt: float = 0.5) -> tuple[MarkSet, MarkSet]:
    """Crop marks that stay inside ``limit`` (the part of the sheet a home printer reaches): one mark
    at each end of each cut line in the band between the limit and the block of items. Where that band
    is narrower than a mark can be, the cut line itself runs through the block as a thin guide line.

    Returns (marks, guide lines)."""
    block = cuts[0]
    for r in cuts[1:]:
        block = block.union(r)
    marks: list[Segment] = []
    guides: list[Segment] = []
    for vertical, values in ((True, (v for r in cuts for v in (r.left, r.right))),
                             (False, (v for r in cuts for v in (r.top, r.bottom)))):
        lo_limit, hi_limit = (limit.top, limit.bottom) if vertical else (limit.left, limit.right)
        lo_block, hi_block = (block.top, block.bottom) if vertical else (block.left, block.right)
        for c in _distinct(values):
            before = (max(lo_limit, lo_block - gap - length), lo_block - gap)
            after = (hi_block + gap, min(hi_limit, hi_block + gap + length))
            drawn = [(a, b) for a, b in (before, after) if b - a >= MIN_MARK_LENGTH - EPS]
            if len(drawn) == 2:
                marks.extend(_segment(c, a, b, vertical) for a, b in drawn)
            else:
                guides.append(_segment(c, lo_block, hi_block, vertical))
                marks.extend(_segment(c, a, b, vertical) for a, b in drawn)
    return MarkSet(tuple(marks), stroke_pt=stroke_pt), MarkSet(tuple(guides), stroke_pt=MIN_STROKE_PT)


def grid_crop_marks(grid: Grid, **options) -> MarkSet:
    """Crop marks for an n-up grid (cut at trim, keep clear of bleed)."""
    return crop_marks(grid.page, grid.slots, keep_clear=grid.bleed_slots, **options)


def fold_crop_marks(fold: FoldGrid, **options) -> MarkSet:
    """Crop marks around each front+back pair; the fold itself is not a cut."""
    return crop_marks(fold.page, fold.pairs, keep_clear=fold.front_bleeds + fold.back_bleeds, **options)


def fold_marks(fold: FoldGrid, *, gap: float = 1.0, edge: float = 1.0, stroke_pt: float = 0.5,
               dash: tuple[float, ...] = (2.0, 1.0)) -> MarkSet:
    """Dashed fold line on the free stretches of the fold (never over the art)."""
    blockers = tuple(r.outset(gap) for r in fold.front_bleeds + fold.back_bleeds)
    free = _free_intervals(fold.fold_x, True, fold.page, blockers, edge)
    segs = tuple(Segment(Point(fold.fold_x, a), Point(fold.fold_x, b)) for a, b in free if b - a > EPS)
    return MarkSet(segs, stroke_pt=stroke_pt, dash=dash)


def duplex_calibration(page: Size, *, span: int = 10, center: Point | None = None,
                       stroke_pt: float = 0.3, label_pt: float = 5.0) -> Calibration:
    """A calibration sheet: print it duplex, hold it to the light, read where the front's cross meets
    the back's scales. The numbers read are the `offset` (dx, dy) for imposition.back_rect.

    The back scales are numbered in back-page millimetres from the centre, so a back that lands 2 mm
    to the right shows the cross at -2: the correction, not the error.
    """
    c = center or Point(page.w / 2, page.h / 2)
    arm = 2 * span + 12.0  # reaches past both scales, which sit span + 4 mm from the centre
    front = (Segment(Point(c.x - arm, c.y), Point(c.x + arm, c.y)),
             Segment(Point(c.x, c.y - arm), Point(c.x, c.y + arm)))
    back_segments, labels = _scale(c, span, horizontal=True, label_pt=label_pt)
    more_segments, more_labels = _scale(c, span, horizontal=False, label_pt=label_pt)
    return Calibration(
        front=MarkSet(front, stroke_pt=stroke_pt),
        back=MarkSet(back_segments + more_segments, labels + more_labels, stroke_pt=stroke_pt))


# --- helpers --------------------------------------------------------------------------------------

def _distinct(values: Iterable[float]) -> list[float]:
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > EPS:
            out.append(v)
    return out


def _free_intervals(c: float, vertical: bool, page: Size, blockers: Sequence[Rect],
                    edge: float) -> list[tuple[float, float]]:
    """Stretches of the line (x = c if vertical, else y = c) inside the page and clear of blockers."""
    lo, hi = edge, (page.h if vertical else page.w) - edge
    blocked = sorted(
        (r.top, r.bottom) if vertical else (r.left, r.right)
        for r in blockers
        if ((r.left <= c <= r.right) if vertical else (r.top <= c <= r.bottom)))
    free, cursor = [], lo
    for start, end in blocked:
        if start > cursor:
            free.append((cursor, min(start, hi)))
        cursor = max(cursor, end)
    if cursor < hi:
        free.append((cursor, hi))
    return [(a, b) for a, b in free if b > a]


def _marks_on_line(c: float, vertical: bool, page: Size, blockers: Sequence[Rect], style: str,
                   length: float, edge: float) -> list[Segment]:
    free = _free_intervals(c, vertical, page, blockers, edge)
    if style == "full":
        spans = [(a, b) for a, b in free if b - a >= 1.0]
    else:
        spans = _end_marks(c, vertical, free, length, page, edge)
    return [_segment(c, a, b, vertical) for a, b in spans]


def _end_marks(c: float, vertical: bool, free: list[tuple[float, float]], length: float, page: Size,
               edge: float) -> list[tuple[float, float]]:
    """The free stretches touching each paper edge, cut to `length` on the side nearest the art."""
    far = (page.h if vertical else page.w) - edge
    first = free[0] if free and free[0][0] <= edge + EPS else (edge, edge)
    last = free[-1] if free and free[-1][1] >= far - EPS else (far, far)
    for a, b in (first, last):
        if b - a < MIN_MARK_LENGTH - EPS:
            raise ValueError(
                f"no room for the crop mark at {'x' if vertical else 'y'} = {c:.2f} mm: {b - a:.1f} mm "
                f"free by the paper edge, need {MIN_MARK_LENGTH:g} mm; use a smaller card or margin")
    return [(max(first[0], first[1] - length), first[1]), (last[0], min(last[1], last[0] + length))]


def _segment(c: float, a: float, b: float, vertical: bool) -> Segment:
    if vertical:
        return Segment(Point(c, a), Point(c, b))
    return Segment(Point(a, c), Point(b, c))


def _scale(c: Point, span: int, *, horizontal: bool, label_pt: float) -> tuple[tuple, tuple]:
    """Ticks every mm (longer every 5) from -span to +span, numbered every 5, set span + 4 mm away
    from the centre so the two scales neither touch each other nor lie on the front's cross lines."""
    base = span + 4.0
    segments = [_tick(c, 0, base, span, horizontal, along=True)]
    labels = []
    for k in range(-span, span + 1):
        tick_len = 3.0 if k % 5 == 0 else 1.5
        segments.append(_tick(c, k, base, tick_len, horizontal, along=False))
        if k % 5 == 0:
            text = f"{k:+d}" if k else "0"
            if horizontal:
                labels.append(Label(Point(c.x + k, c.y + base + 3.0 + 2.5), text, label_pt, "middle"))
            else:
                labels.append(Label(Point(c.x + base + 3.5, c.y + k + 0.6), text, label_pt, "start"))
    return tuple(segments), tuple(labels)


def _tick(c: Point, k: int, base: float, size: float, horizontal: bool, *, along: bool) -> Segment:
    if along:  # the scale's baseline
        if horizontal:
            return Segment(Point(c.x - size, c.y + base), Point(c.x + size, c.y + base))
        return Segment(Point(c.x + base, c.y - size), Point(c.x + base, c.y + size))
    if horizontal:
        return Segment(Point(c.x + k, c.y + base), Point(c.x + k, c.y + base + size))
    return Segment(Point(c.x + base, c.y + k), Point(c.x + base + size, c.y + k))

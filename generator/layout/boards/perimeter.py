"""A track whose spaces run around the board's edge (``tracks[].path: perimeter``), e.g. a 0–50 score track.

The spaces go clockwise from the top-left corner. Their size is the largest (up to 12 mm) at which the
ring holds every space; the ring's cells are stretched to close it exactly, and cells beyond the track's
last space are left blank."""
from __future__ import annotations

from dataclasses import dataclass

from generator.geom.scene import RectItem, TextItem
from generator.geom.shapes import Rect
from generator.geom.units import pt_to_mm
from generator.layout.boards.common import (
    FONT_BOLD,
    GREY,
    INK,
    TRACK_SPACE_MM,
    LegendEntry,
    baseline_for_centre,
)

EDGE = 3.0  # mm from the board's edge to the ring
MIN_CELL = 7.0  # mm; smaller spaces cannot take a pawn
MAX_STATED_CELL = 30.0  # mm; on a board of stated size the spaces grow up to this to close the ring


@dataclass(frozen=True)
class Ring:
    cells: tuple[Rect, ...]  # clockwise from the top-left corner
    thickness: float  # mm the ring takes from each side

    @property
    def capacity(self) -> int:
        return len(self.cells)


def ring(outer: Rect, spaces: int, max_cell: float = TRACK_SPACE_MM, min_cell: float = MIN_CELL) -> Ring | None:
    """The ring of cells along ``outer``'s edge holding ``spaces`` spaces; None when even min_cell fails.

    Of the cell sizes from max_cell down to min_cell, the one leaving the fewest blank cells wins (the
    larger on a tie)."""
    best: tuple[int, float, int, int] | None = None
    s = max_cell
    while s >= min_cell - 1e-9:
        cols, rows = int(outer.w // s), int(outer.h // s)
        capacity = 2 * cols + 2 * (rows - 2)
        if cols >= 2 and rows >= 2 and capacity >= spaces and (best is None or capacity < best[0]):
            best = (capacity, s, cols, rows)
        s -= 0.25
    if best is None:
        return None
    _, _, cols, rows = best
    cw, ch = outer.w / cols, outer.h / rows
    cells = [Rect(outer.x + c * cw, outer.y, cw, ch) for c in range(cols)]
    cells += [Rect(outer.right - cw, outer.y + r * ch, cw, ch) for r in range(1, rows - 1)]
    cells += [Rect(outer.x + c * cw, outer.bottom - ch, cw, ch) for c in range(cols - 1, -1, -1)]
    cells += [Rect(outer.x, outer.y + r * ch, cw, ch) for r in range(rows - 2, 0, -1)]
    return Ring(tuple(cells), max(cw, ch))


def min_outer_for(spaces: int, cell: float = TRACK_SPACE_MM) -> float:
    """The smallest side of a square ring that holds ``spaces`` cells of ``cell`` mm."""
    per_side = max(2, -(-(spaces + 4) // 4))
    return per_side * cell


def ring_items(cells: tuple[Rect, ...], start: int, spaces: int) -> list:
    """The drawn ring: numbered spaces (the first one marked), then blank cells after the last."""
    items: list = []
    for k, rect in enumerate(cells):
        if k >= spaces:
            items.append(RectItem(rect, fill="#f2f2f2", stroke=GREY, stroke_pt=0.4))
            continue
        first = k == 0
        items.append(RectItem(rect, fill="#fbf3dc" if first else "#ffffff", stroke=INK,
                              stroke_pt=1.2 if first else 0.6))
        number = str(start + k)
        size = min(12.0, 0.42 * min(rect.w, rect.h) / pt_to_mm(1)) * (1.0 if len(number) < 3 else 0.8)
        items.append(TextItem(rect.center.x, baseline_for_centre(rect.center.y, size), number, font=FONT_BOLD,
                              size_pt=size, anchor="middle"))
    return items


def legend_entry(track_id: str, name: str, start: int, spaces: int) -> LegendEntry:
    swatch = (RectItem(Rect(0, 0, 6, 6), fill="#fbf3dc", stroke=INK, stroke_pt=1.0),
              TextItem(3, baseline_for_centre(3, 5.0), str(start), font=FONT_BOLD, size_pt=5.0, anchor="middle"))
    return LegendEntry(f"track:{track_id}", f"{name} ({start}–{start + spaces - 1})", swatch)

"""Shelf packing of panels onto the board."""
from __future__ import annotations

from collections.abc import Sequence

from generator.geom.shapes import Point, Size

GAP = 8.0  # mm between panels


def pack(sizes: Sequence[Size], max_w: float, gap: float = GAP) -> tuple[list[Point], Size]:
    """Shelf packing in order: left to right, a new shelf when the next panel would pass max_w.
    Shelves are centred on the widest one. Returns top-left corners and the packed size."""
    shelves: list[list[int]] = [[]]
    x = 0.0
    for i, s in enumerate(sizes):
        if shelves[-1] and x + s.w > max_w + 1e-9:
            shelves.append([])
            x = 0.0
        shelves[-1].append(i)
        x += s.w + gap
    widths = [sum(sizes[i].w for i in shelf) + gap * (len(shelf) - 1) for shelf in shelves if shelf]
    total_w = max(widths) if widths else 0.0
    pos: list[Point] = [Point(0, 0)] * len(sizes)
    y = 0.0
    for shelf, width in zip([s for s in shelves if s], widths):
        x = (total_w - width) / 2
        height = max(sizes[i].h for i in shelf)
        for i in shelf:
            pos[i] = Point(x, y)
            x += sizes[i].w + gap
        y += height + gap
    return pos, Size(total_w, max(0.0, y - gap))

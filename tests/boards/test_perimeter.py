"""Perimeter tracks: spaces run clockwise around the board's edge, inside it, without overlapping."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.geom.scene import RectItem, TextItem
from generator.geom.shapes import Rect
from generator.layout.boards import board_variants, layout_board
from generator.layout.boards.perimeter import ring
from generator.schema.components import Board
from generator.text.metrics import METRICS

CTX = {"languages": ("en",), "origin": "original"}


def _board(size: dict | None, spaces: int = 51) -> Board:
    data = {"id": "b", "name": {"en": "Map"},
            "tracks": [{"id": "score", "name": {"en": "Score"}, "spaces": spaces, "path": "perimeter"}],
            "spaces": [{"id": "a", "name": {"en": "Alpha"}}]}
    if size:
        data["size"] = size
    return Board.model_validate(data, context=CTX)


def _overlap(a: Rect, b: Rect) -> bool:
    return a.left < b.right - 1e-6 and b.left < a.right - 1e-6 and a.top < b.bottom - 1e-6 and b.top < a.bottom - 1e-6


@settings(max_examples=60, deadline=None)
@given(st.floats(60, 900), st.floats(60, 900), st.integers(4, 120))
def test_ring_cells_hug_the_edge_clockwise_without_overlap(w, h, n):
    outer = Rect(3, 3, w, h)
    cells = ring(outer, n, max_cell=30)
    if cells is None:
        return
    assert cells.capacity >= n
    for c in cells.cells:
        assert outer.left - 1e-6 <= c.left and c.right <= outer.right + 1e-6
        assert outer.top - 1e-6 <= c.top and c.bottom <= outer.bottom + 1e-6
        assert (abs(c.left - outer.left) < 1e-6 or abs(c.right - outer.right) < 1e-6
                or abs(c.top - outer.top) < 1e-6 or abs(c.bottom - outer.bottom) < 1e-6)
    assert not any(_overlap(a, b) for a, b in itertools.combinations(cells.cells, 2))
    first, second = cells.cells[0], cells.cells[1]
    assert first.left == outer.left and first.top == outer.top and second.left > first.left  # starts top-left, clockwise


def test_stated_size_is_kept_and_every_space_is_numbered_on_the_edge():
    board = _board({"w": 300, "h": 300})
    drawing = layout_board(board, board_variants(board, [2])[0], metrics=METRICS, lang="en", langs=("en",),
                           original=True)
    assert (drawing.size.w, drawing.size.h) == (300, 300) and not drawing.size_assumed
    on_edge = {i.text for i in drawing.items if isinstance(i, TextItem) and i.text.isdigit()
               and min(i.x, i.y, 300 - i.x, 300 - i.y) < 30}  # near the edge, not in a panel
    assert set(map(str, range(51))) <= on_edge
    assert "tracks" not in drawing.panels  # not drawn twice


def test_unsized_board_grows_to_hold_the_ring():
    board = _board(None, spaces=101)
    drawing = layout_board(board, board_variants(board, [2])[0], metrics=METRICS, lang="en", langs=("en",),
                           original=True)
    cells = [i for i in drawing.items if isinstance(i, RectItem) and i.rect.w < 20 and i.rect.h < 20]
    assert len(cells) >= 101
    assert all(c.rect.left >= 0 and c.rect.right <= drawing.size.w + 1e-6 for c in cells)

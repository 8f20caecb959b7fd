"""Boards and assembled maps -> a flat drawing in board millimetres (pure: no drawing library, no files).

A board in the data is a bag of parts — a grid with marks, numbered tracks (in a panel or around the
board's edge), regions with adjacency, named spaces, wheels (dials) and hex maps assembled from tiles —
and hardly ever real artwork. So a board is drawn as a clean, honest schematic: every part becomes a
titled panel, the panels are packed onto the board, and the board says in print what is schematic and
which numbers are assumptions (for a rulebook game) — in the game's own languages, from the catalogs.

The package, one concern a module:

- ``common``    sizes, colours, measuring with the one text engine, the titled ``Panel``, board wording;
- ``variants``  one drawing per side and per player count when marks or maps vary with it;
- ``grid``, ``hexmap``, ``panels`` the parts (grid; hex maps and tile trays; tracks, regions, spaces,
  wheels, legend); ``perimeter`` a track drawn around the board's edge;
- ``graph``     region adjacency drawn as a graph (deterministic forces); ``packing`` shelf packing;
- ``sizing``    the board's size: a stated size is kept (content that cannot fit is a located error),
  an absent one is chosen from the content and said so;
- ``board``     one finished variant (``layout_board``); ``poster`` tiling a board over sheets of paper.

Everything is returned as plain scene primitives in board coordinates (no groups), which the poster
planner can cull per page and the backends draw unchanged.
"""
from __future__ import annotations

from generator.geom.hexgrid import Hex
from generator.layout.boards.board import BoardDrawing, layout_board
from generator.layout.boards.common import APPROX, ApproxMetrics, Panel, col_label, item_bounds, place
from generator.layout.boards.graph import components, force_layout, graph_positions, spread
from generator.layout.boards.grid import grid_panel, marks_for
from generator.layout.boards.hexmap import maps_for, place_tiles, rotate_axial
from generator.layout.boards.packing import pack
from generator.layout.boards.variants import BoardVariant, board_sides, board_variants, on_side

__all__ = [
    "APPROX", "ApproxMetrics", "BoardDrawing", "BoardVariant", "Hex", "Panel", "board_sides", "board_variants",
    "col_label", "components", "force_layout", "graph_positions", "grid_panel", "item_bounds", "layout_board",
    "maps_for", "marks_for", "on_side", "pack", "place", "place_tiles", "rotate_axial", "spread",
]

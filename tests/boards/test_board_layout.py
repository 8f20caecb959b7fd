"""Board drawings without a renderer: variants, grid and hex geometry, regions, sizes and assumptions."""
from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.geom.hexgrid import hex_to_point
from generator.geom.scene import Circle, Line, Polygon, RectItem, TextItem
from generator.geom.shapes import Point, Rect, Size
from generator.layout.boards import (
    APPROX,
    BoardVariant,
    Hex,
    board_variants,
    force_layout,
    layout_board,
    marks_for,
    pack,
    place_tiles,
    rotate_axial,
    spread,
)
from generator.schema.components import Board
from generator.text.metrics import METRICS


def _text_box(item: TextItem) -> Rect:
    """Exact extent from the shipped font's metrics (what the PDF draws)."""
    from generator.fonts import resolve

    w = METRICS.width(item.text, resolve(item.font, item.bold), item.size_pt)
    left = {"start": item.x, "middle": item.x - w / 2, "end": item.x - w}[item.anchor]
    size = item.size_pt * 25.4 / 72
    return Rect(left, item.y - 0.8 * size, w, size)


def _bounds(item) -> Rect:
    if isinstance(item, TextItem):
        return _text_box(item)
    if isinstance(item, RectItem):
        return item.rect
    if isinstance(item, Line):
        return Rect.from_edges(min(item.p1.x, item.p2.x), min(item.p1.y, item.p2.y),
                               max(item.p1.x, item.p2.x), max(item.p1.y, item.p2.y))
    if isinstance(item, Polygon):
        xs, ys = [p.x for p in item.points], [p.y for p in item.points]
        return Rect.from_edges(min(xs), min(ys), max(xs), max(ys))
    if isinstance(item, Circle):
        return Rect(item.center.x - item.r, item.center.y - item.r, 2 * item.r, 2 * item.r)
    raise AssertionError(type(item))


def _draw(index, board_no=0, players=None, side=None):
    board = index.data.boards[board_no]
    variants = board_variants(board, index.player_counts)
    variant = next(v for v in variants if v.players == players and (side is None or v.side_id == side))
    return board, layout_board(board, variant, tiles=index.data.tiles, icons=index.data.icons, metrics=METRICS)


# --- variants ---------------------------------------------------------------------------------------

def test_variants_per_side_and_player_count(demo, grid7, hexmap):
    slugs = [v.slug for v in board_variants(demo.data.boards[0], demo.player_counts)]
    assert slugs == ["main-day-2p", "main-day-3p", "main-day-4p", "main-night-2p", "main-night-3p", "main-night-4p"]
    assert [v.slug for v in board_variants(grid7.data.boards[0], grid7.player_counts)] == \
        ["main-2p", "main-3p", "main-4p"]
    assert [v.slug for v in board_variants(hexmap.data.boards[0], hexmap.player_counts)] == \
        ["map-2p", "map-3p", "map-4p"]


def test_board_without_varying_parts_has_one_variant():
    board = Board.model_validate({"id": "aid", "name": {"pl": "Pomoc", "en": "Aid"},
                                  "tracks": [{"id": "t", "name": {"pl": "Tor", "en": "Track"}, "spaces": 5,
                                              "source": {"section": "X"}}],
                                  "source": {"section": "X"}})
    assert board_variants(board, [2, 3, 4]) == [BoardVariant("aid", None, None, None)]


def test_marks_per_player_count(grid7):
    marks = grid7.data.boards[0].grid.marks
    impassable = {n: {tuple(m.cell) for m in marks_for(marks, n) if m.mark == "impassable"} for n in (2, 3, 4)}
    assert len(impassable[2]) == 13 and (6, 6) in impassable[2] and (0, 6) in impassable[2]
    assert impassable[3] == {(0, 0), (6, 0), (6, 6)}
    assert impassable[4] == set()
    assert len([m for m in marks_for(marks, 4) if m.mark == "start_city"]) == 4


# --- grid geometry ----------------------------------------------------------------------------------

def test_grid_cells_are_cell_size_squares_and_marks_sit_in_their_cells(grid7):
    _, drawing = _draw(grid7, players=2)
    cells = [i.rect for i in drawing.items if isinstance(i, RectItem)
             and math.isclose(i.rect.w, 40) and math.isclose(i.rect.h, 40)]
    assert len(cells) == 49  # 7 × 7 at the assumed 40 mm
    xs = sorted({round(r.x, 6) for r in cells})
    ys = sorted({round(r.y, 6) for r in cells})
    assert all(math.isclose(b - a, 40) for a, b in itertools.pairwise(xs))
    assert all(math.isclose(b - a, 40) for a, b in itertools.pairwise(ys))
    origin = Point(xs[0], ys[0])
    grey = {(round((r.x - origin.x) / 40), round((r.y - origin.y) / 40)) for r in cells
            if any(isinstance(i, RectItem) and i.rect == r and i.fill == "#9a9a9a" for i in drawing.items)}
    assert grey == {tuple(m.cell) for m in marks_for(grid7.data.boards[0].grid.marks, 2) if m.mark == "impassable"}
    starts = [i for i in drawing.items if isinstance(i, Circle) and i.fill == "#8b5a2b" and i.r > 5]
    assert {(int((c.center.x - origin.x) // 40), int((c.center.y - origin.y) // 40)) for c in starts} == \
        {(1, 1), (4, 4)}
    assert any("grid cell 40 mm assumed" in n for n in drawing.notes)
    texts = [i.text for i in drawing.items if isinstance(i, TextItem)]
    assert "".join(t for t in texts if len(t) == 1 and t.isalpha() and t.isupper())[:7] == "ABCDEFG"
    assert "Miasto początkowe" in texts


# --- hex geometry -----------------------------------------------------------------------------------

def test_rotate_axial_follows_red_blob():
    assert rotate_axial(1, 0, 1) == (0, 1)  # east turns to south-east (clockwise on screen)
    assert rotate_axial(1, 0, 2) == (-1, 1)
    assert rotate_axial(1, 0, 3) == (-1, 0)
    assert rotate_axial(2, -1, 6) == (2, -1)


@given(st.integers(-20, 20), st.integers(-20, 20), st.integers(0, 5))
def test_rotation_keeps_distance_and_angle(q, r, steps):
    rq, rr = rotate_axial(q, r, steps)
    assert Hex(rq, rr).distance(Hex(0, 0)) == Hex(q, r).distance(Hex(0, 0))
    p, rp = hex_to_point((q, r), 1.0), hex_to_point((rq, rr), 1.0)
    if (q, r) != (0, 0):
        turn = math.degrees(math.atan2(rp.y, rp.x) - math.atan2(p.y, p.x)) % 360
        assert math.isclose(turn, 60 * steps % 360, abs_tol=1e-6) or math.isclose(turn, 360, abs_tol=1e-6)


def test_map_placement_rotates_then_moves_and_keeps_placeholders(hexmap):
    tiles = {t.id: t for t in hexmap.data.tiles}
    placed = {p.tile_id: p for p in place_tiles(hexmap.data.boards[0].maps[1], tiles)}
    assert set(placed["t2"].hexes) == {Hex(2, -1), Hex(2, 0), Hex(2, 1)}
    assert set(placed["t3"].hexes) == {Hex(-2, 1), Hex(-3, 1), Hex(-3, 2), Hex(-2, 0)}
    assert placed["t5"].placeholder and placed["t5"].hexes == (Hex(3, 1),)
    assert placed["t1"].areas == (("north_wood", (Hex(1, 0),)),)


def test_hex_map_draws_every_hex_at_its_axial_position_with_tile_ids(hexmap):
    _, drawing = _draw(hexmap, players=3)
    size = 22.0
    hexes = [i for i in drawing.items if isinstance(i, Polygon) and len(i.points) == 6 and i.fill]
    centres = [Point(sum(p.x for p in h.points) / 6, sum(p.y for p in h.points) / 6) for h in hexes]
    for h, c in zip(hexes, centres):  # regular: every corner one circumradius from the centre
        assert all(math.isclose(p.distance(c), size, rel_tol=1e-6) for p in h.points)
    assert len(hexes) == 3 + 3 + 4 + 2 + 1
    # neighbouring hexes are √3·size apart, the pointy-top spacing
    close = sorted(a.distance(b) for i, a in enumerate(centres) for b in centres[i + 1:])
    assert math.isclose(close[0], math.sqrt(3) * size, rel_tol=1e-6)
    texts = " ".join(i.text for i in drawing.items if isinstance(i, TextItem))
    for label in ("1 · Puszcza", "2 · Góry", "3 · Jezioro", "4 · Równiny", "Nieznany", "? heks / ? hex", "-3,2"):
        assert label in texts
    assert not any(t in texts for t in ("t1", "1 · t1", "t5"))  # names, not data ids
    assert any("placeholder" in n and "Nieznany" in n for n in drawing.notes)
    dashed = [i for i in drawing.items if isinstance(i, Line) and i.dash]
    assert len(dashed) == 6  # the placeholder's outline


def test_overlapping_tiles_are_flagged():
    board = Board.model_validate({
        "id": "m", "name": {"pl": "M", "en": "M"}, "source": {"section": "X"},
        "maps": [{"players": [2], "source": {"section": "X"},
                  "placements": [{"tile": "a", "q": 0, "r": 0}, {"tile": "a", "q": 0, "r": 0}]}]})
    from generator.schema.components import Tile

    tile = Tile.model_validate({"id": "a", "name": {"pl": "A", "en": "A"}, "component": "c", "shape": "hex",
                                "hexes": [[0, 0]], "hex_size_mm": 20, "source": {"section": "X"}})
    drawing = layout_board(board, board_variants(board, [2])[0], tiles=[tile])
    assert any("overlap at (0,0)" in n for n in drawing.notes)


# --- regions ----------------------------------------------------------------------------------------

def test_force_layout_is_deterministic_and_spread_keeps_boxes_apart():
    edges = [(0, 1), (1, 2), (2, 3), (3, 0), (0, 4), (4, 5)]
    a, b = force_layout(6, edges), force_layout(6, edges)
    assert a == b
    boxes = [Size(30, 11)] * 6
    pts = spread(a, boxes, 5.0)
    for i in range(6):
        for j in range(i + 1, 6):
            dx, dy = abs(pts[i].x - pts[j].x), abs(pts[i].y - pts[j].y)
            assert dx >= 30 + 5 - 1e-6 or dy >= 11 + 5 - 1e-6


def test_regions_are_a_labelled_schematic_graph(demo):
    _, drawing = _draw(demo, players=2, side="day")
    texts = [i.text for i in drawing.items if isinstance(i, TextItem)]
    assert "Równina" in texts and "Las" in texts
    assert "plains" not in texts and "forest" not in texts  # data ids are not printed
    assert any("SCHEMAT / SCHEMATIC" in t for t in texts)
    assert any("region adjacency graph" in t for t in texts)
    _, night = _draw(demo, players=2, side="night")
    texts = [i.text for i in night.items if isinstance(i, TextItem)]
    assert "Równina" not in texts  # a day-side region
    assert "Wyrocznia" in texts  # the wheel names no side: it is on both
    assert any("drawn on every side" in n for n in night.notes)


# --- size, scale, containment -----------------------------------------------------------------------

def test_board_without_size_gets_an_assumed_size_from_its_geometry(grid7):
    _, drawing = _draw(grid7, players=3)
    assert drawing.size_assumed
    assert drawing.size.w % 5 == 0 and drawing.size.h % 5 == 0
    assert drawing.size.w >= 7 * 40 and drawing.size.h >= 7 * 40
    note = next(n for n in drawing.notes if "size assumed" in n)
    assert f"{drawing.size.w:g} × {drawing.size.h:g} mm" in note and "7 × 40 mm grid cells" in note
    texts = [i.text for i in drawing.items if isinstance(i, TextItem)]
    assert any("size assumed" in t for t in texts)  # printed on the board, not only returned


def test_size_stated_by_the_rulebook_is_kept_and_content_scaled_when_too_small(demo):
    board = demo.data.boards[0]
    small = board.model_copy(update={"size": board.size.model_copy(update={"w": 250.0, "h": 200.0}),
                                     "size_source": board.source})
    variant = board_variants(small, demo.player_counts)[0]
    drawing = layout_board(small, variant, tiles=demo.data.tiles, metrics=METRICS)
    assert drawing.size == Size(250, 200) and not drawing.size_assumed
    assert 0 < drawing.content_scale < 1
    assert any("content scaled to" in n for n in drawing.notes)
    _assert_inside(drawing)


def test_assumed_size_too_small_grows_and_keeps_true_geometry(demo):
    board = demo.data.boards[0]  # size 400 × 400 is an assumption in the data
    small = board.model_copy(update={"size": board.size.model_copy(update={"w": 250.0, "h": 200.0})})
    variant = board_variants(small, demo.player_counts)[0]
    drawing = layout_board(small, variant, tiles=demo.data.tiles, metrics=METRICS)
    assert drawing.size_assumed and drawing.content_scale == 1
    assert drawing.size.w >= 250 and drawing.size.h > 200
    assert any("cannot hold the parts at true scale" in n for n in drawing.notes)
    cells = [i for i in drawing.items if isinstance(i, RectItem) and i.rect.w == 60 and i.rect.h == 60]
    assert len(cells) == 9
    _assert_inside(drawing)


@pytest.mark.parametrize("fixture,players", [("demo", 2), ("grid7", 2), ("hexmap", 3), ("hexmap", 2)])
def test_everything_drawn_lies_on_the_board(request, fixture, players):
    _, drawing = _draw(request.getfixturevalue(fixture), players=players)
    _assert_inside(drawing)


def _assert_inside(drawing):
    board = Rect.from_size(drawing.size)
    for item in drawing.items:
        assert board.contains(_bounds(item), tol=0.01), (item, drawing.size)


def test_pack_never_exceeds_width_unless_one_panel_is_wider():
    sizes = [Size(50, 20), Size(60, 30), Size(70, 10), Size(200, 40)]
    pos, total = pack(sizes, 150, gap=5)
    for p, s in zip(pos, sizes):
        assert p.x >= 0 and p.y >= 0 and p.x + s.w <= total.w + 1e-9 and p.y + s.h <= total.h + 1e-9
    rects = [Rect(p.x, p.y, s.w, s.h) for p, s in zip(pos, sizes)]
    assert not any(a.overlaps(b) for i, a in enumerate(rects) for b in rects[i + 1:])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.floats(5, 120), st.floats(5, 80)), min_size=1, max_size=8), st.floats(60, 400))
def test_pack_property_no_overlap(dims, width):
    sizes = [Size(w, h) for w, h in dims]
    pos, total = pack(sizes, width)
    rects = [Rect(p.x, p.y, s.w, s.h) for p, s in zip(pos, sizes)]
    assert not any(a.overlaps(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert total.w <= max(width, max(s.w for s in sizes)) + 1e-6


def test_approx_metrics_are_a_font_metrics():
    from generator.text.fit import FontMetrics

    assert isinstance(APPROX, FontMetrics)
    board_no_metrics = layout_board(
        Board.model_validate({"id": "b", "name": {"pl": "Ż", "en": "Z"}, "source": {"assumption": "test"}}),
        BoardVariant("b"))
    assert board_no_metrics.panels == ("empty",)


def test_marks_named_like_icons_use_the_icon_and_english_names_on_request(demo):
    board = demo.data.boards[0]
    grid = board.grid.model_copy(update={"marks": [*board.grid.marks, board.grid.marks[1].model_copy(
        update={"cell": (2, 2), "mark": "gold", "label": None})]})
    board = board.model_copy(update={"grid": grid})
    variant = board_variants(board, demo.player_counts)[0]
    drawing = layout_board(board, variant, tiles=demo.data.tiles, icons=demo.data.icons, metrics=METRICS,
                           lang="en")
    texts = [i.text for i in drawing.items if isinstance(i, TextItem)]
    assert "Board" in texts and "Plains" in texts  # English names first
    gold = [i for i in drawing.items if isinstance(i, Circle) and i.fill == "#c9a227"]
    assert gold and "Z" in texts and "gold / złoto" in texts  # the icon's colour and glyph, named in the legend

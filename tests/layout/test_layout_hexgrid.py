import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.geom.hexgrid import (
    Hex,
    HexTileError,
    as_hex,
    bleed_outline,
    from_cube,
    hex_corners,
    hex_height,
    hex_to_point,
    hex_width,
    outline,
    outline_bbox,
    to_cube,
)
from generator.geom.shapes import (
    Point,
    offset_polygon,
    point_in_polygon,
    polygon_area,
    polygon_contains_polygon,
    polygon_perimeter,
    signed_area,
)

HEX_AREA = 3 * math.sqrt(3) / 2  # area of a hex of size 1
TRIANGLE = [(0, 0), (1, 0), (0, 1)]
DOMINO = [(0, 0), (1, 0)]


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_single_hex(orientation):
    pts = outline([(0, 0)], 10, orientation)
    assert len(pts) == 6
    assert all(p.distance(Point(0, 0)) == pytest.approx(10) for p in pts)
    assert polygon_area(pts) == pytest.approx(HEX_AREA * 100)
    bbox = outline_bbox([(0, 0)], 10, orientation)
    assert (bbox.w, bbox.h) == pytest.approx((hex_width(10, orientation), hex_height(10, orientation)))


def test_pointy_and_flat_sizes_follow_red_blob():
    assert hex_width(10, "pointy") == pytest.approx(10 * math.sqrt(3))
    assert hex_height(10, "pointy") == 20
    assert hex_width(10, "flat") == 20
    assert any(p.isclose(Point(0, -10)) for p in hex_corners((0, 0), 10, "pointy"))  # a corner on top
    assert any(p.isclose(Point(10, 0)) for p in hex_corners((0, 0), 10, "flat"))  # a corner at the side


def test_hex_to_point_formulas():
    s3 = math.sqrt(3)
    assert hex_to_point((1, 2), 10, "pointy").isclose(Point(10 * s3 * 2, 30))
    assert hex_to_point((2, 1), 10, "flat").isclose(Point(30, 10 * s3 * 2))
    assert hex_to_point((0, 0), 5, origin=Point(7, 8)) == Point(7, 8)


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_neighbours_are_one_step_and_one_width_away(orientation):
    h = Hex(2, -1)
    for n in h.neighbours():
        assert h.distance(n) == 1
        d = hex_to_point(n, 1, orientation).distance(hex_to_point(h, 1, orientation))
        assert d == pytest.approx(math.sqrt(3))


def test_cube_coordinates():
    assert to_cube(Hex(1, -3)) == (1, -3, 2)
    assert from_cube(1, -3, 2) == Hex(1, -3)
    with pytest.raises(ValueError, match="sum to 0"):
        from_cube(1, 1, 1)
    assert Hex(0, 0).distance(Hex(3, -1)) == 3


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@pytest.mark.parametrize(("hexes", "corners"), [(DOMINO, 10), (TRIANGLE, 12), ([(0, 0), (1, 0), (2, 0)], 14)])
def test_multi_hex_outlines(orientation, hexes, corners):
    pts = outline(hexes, 10, orientation)
    assert len(pts) == corners
    n_edges = 6 * len(hexes) - 2 * _shared_edges(hexes)
    assert len(pts) == n_edges  # every boundary edge turns, so corners = edges
    assert polygon_perimeter(pts) == pytest.approx(n_edges * 10)
    assert polygon_area(pts) == pytest.approx(len(hexes) * HEX_AREA * 100)
    assert signed_area(pts) > 0  # clockwise on screen
    for h in hexes:
        assert point_in_polygon(hex_to_point(h, 10, orientation), pts, boundary=False)


def test_outline_is_deterministic_and_order_independent():
    assert outline(TRIANGLE, 10) == outline(list(reversed(TRIANGLE)) + [(0, 0)], 10)


def test_bad_tiles():
    with pytest.raises(HexTileError, match="at least one"):
        outline([], 10)
    with pytest.raises(HexTileError, match="not one connected piece"):
        outline([(0, 0), (2, 0)], 10)
    ring = Hex(0, 0).neighbours()
    with pytest.raises(HexTileError, match="has a hole"):
        outline(ring, 10)
    with pytest.raises(ValueError, match="orientation"):
        outline([(0, 0)], 10, "round")


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_bleed_outline_contains_the_cut(orientation):
    cut = outline(TRIANGLE, 10, orientation)
    bleed = bleed_outline(TRIANGLE, 10, 3, orientation)
    assert len(bleed) == len(cut)
    assert polygon_contains_polygon(bleed, cut)
    for i in range(len(cut)):  # every edge moved out by exactly 3 mm
        a, b = cut[i], cut[(i + 1) % len(cut)]
        assert abs((b - a).cross(bleed[i] - a)) / (b - a).length() == pytest.approx(3)


def _shared_edges(hexes):
    tile = {as_hex(h) for h in hexes}
    return sum(1 for h in tile for n in h.neighbours() if n in tile) // 2


def _blob(seed: int, n: int) -> set[Hex]:
    rnd = random.Random(seed)
    tile = {Hex(0, 0)}
    while len(tile) < n:
        tile.add(rnd.choice(rnd.choice(sorted(tile)).neighbours()))
    return tile


@settings(deadline=None, max_examples=60)
@given(st.integers(0, 10_000), st.integers(1, 14), st.sampled_from(["pointy", "flat"]))
def test_random_blobs(seed, n, orientation):
    tile = _blob(seed, n)
    try:
        pts = outline(tile, 7, orientation)
    except HexTileError as err:
        assert "hole" in str(err)
        return
    edges = 6 * len(tile) - 2 * _shared_edges(tile)
    assert polygon_perimeter(pts) == pytest.approx(edges * 7)
    assert polygon_area(pts) == pytest.approx(len(tile) * HEX_AREA * 49)
    assert polygon_contains_polygon(offset_polygon(pts, 2), pts)

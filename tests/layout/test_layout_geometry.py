import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.geom.shapes import (
    Point,
    Rect,
    Size,
    Transform,
    clean_polygon,
    offset_polygon,
    point_in_polygon,
    polygon_area,
    polygon_bbox,
    polygon_contains_polygon,
    polygon_perimeter,
    signed_area,
)

SQUARE = (Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10))  # clockwise on screen
L_SHAPE = (Point(0, 0), Point(20, 0), Point(20, 10), Point(10, 10), Point(10, 30), Point(0, 30))


def test_rect_edges_and_relations():
    r = Rect(10, 20, 30, 40)
    assert (r.left, r.top, r.right, r.bottom) == (10, 20, 40, 60)
    assert r.center == Point(25, 40)
    assert r.contains(Rect(10, 20, 30, 40))
    assert not r.overlaps(Rect(40, 20, 5, 5))  # touching is not overlapping
    assert r.overlaps(Rect(39, 59, 5, 5))
    assert r.mirrored_x(100) == Rect(60, 20, 30, 40)
    assert r.mirrored_y(100) == Rect(10, 40, 30, 40)
    assert r.outset(2) == Rect(8, 18, 34, 44)
    assert Rect.from_edges(1, 2, 4, 6) == Rect(1, 2, 3, 4)
    with pytest.raises(ValueError):
        Rect(0, 0, -1, 1)
    with pytest.raises(ValueError):
        r.inset(16)


def test_size_orientation():
    a4 = Size(210, 297)
    assert a4.landscape() == Size(297, 210)
    assert a4.landscape().portrait() == a4
    assert a4.outset(3) == Size(216, 303)
    with pytest.raises(ValueError):
        Size(-1, 2)


def test_transforms_compose_like_svg():
    p = Point(1, 0)
    assert Transform.rotate(90).apply(p).isclose(Point(0, 1))  # clockwise on screen (y down)
    assert Transform.rotate(90, about=Point(1, 1)).apply(Point(2, 1)).isclose(Point(1, 2))
    t = Transform.scale(2).then(Transform.translate(5, 0))
    assert t.apply(Point(1, 1)) == Point(7, 2)
    assert Transform.mirror_x(10).apply(Point(3, 4)) == Point(17, 4)
    assert Transform().is_identity


def test_polygon_basics():
    assert signed_area(SQUARE) == 100  # clockwise on screen is positive
    assert signed_area(SQUARE[::-1]) == -100
    assert polygon_area(L_SHAPE) == 20 * 10 + 10 * 20
    assert polygon_perimeter(SQUARE) == 40
    assert polygon_bbox(L_SHAPE) == Rect(0, 0, 20, 30)
    assert point_in_polygon(Point(5, 20), L_SHAPE)
    assert not point_in_polygon(Point(15, 20), L_SHAPE)
    assert point_in_polygon(Point(10, 5), L_SHAPE)  # on an edge
    assert not point_in_polygon(Point(10, 20), L_SHAPE, boundary=False)


def test_clean_polygon_drops_repeats_and_collinear_points():
    pts = (Point(0, 0), Point(5, 0), Point(10, 0), Point(10, 0), Point(10, 10), Point(0, 10), Point(0, 0))
    assert clean_polygon(pts) == SQUARE


@pytest.mark.parametrize("poly", [SQUARE, SQUARE[::-1]])
def test_offset_square_either_winding(poly):
    out = offset_polygon(poly, 2)
    assert polygon_bbox(out).isclose(Rect(-2, -2, 14, 14))
    assert polygon_area(out) == pytest.approx(196)
    inset = offset_polygon(poly, -2)
    assert polygon_bbox(inset).isclose(Rect(2, 2, 6, 6))


@pytest.mark.parametrize("poly", [L_SHAPE, L_SHAPE[::-1]])
def test_offset_concave_polygon_moves_every_edge_by_d(poly):
    d = 1.5
    out = offset_polygon(poly, d)
    assert polygon_contains_polygon(out, poly)
    n = len(poly)
    for i in range(n):  # each new edge is parallel to its old edge, d away
        a, b = poly[i], poly[(i + 1) % n]
        c = out[i]
        edge = b - a
        dist = abs(edge.cross(c - a)) / edge.length()
        assert dist == pytest.approx(d)
    # the re-entrant corner (10, 10) moves into the notch, diagonally by d*sqrt(2)
    k = poly.index(Point(10, 10))
    assert out[k].isclose(Point(11.5, 11.5))
    # area of an offset rectilinear polygon = A + P*d + (convex - concave corners)*d^2
    assert polygon_area(out) == pytest.approx(polygon_area(poly) + polygon_perimeter(poly) * d + 4 * d * d)


def test_offset_refuses_degenerate_polygons():
    with pytest.raises(ValueError):
        offset_polygon((Point(0, 0), Point(1, 0), Point(2, 0)), 1)


@given(st.integers(3, 12), st.floats(1, 100), st.floats(0, 360), st.floats(0.1, 5), st.booleans())
def test_offset_of_regular_polygon_contains_it(n, radius, turn, d, reverse):
    pts = [Point(radius * math.cos(math.radians(turn + 360 * k / n)),
                 radius * math.sin(math.radians(turn + 360 * k / n))) for k in range(n)]
    if reverse:
        pts.reverse()
    out = offset_polygon(pts, d)
    assert polygon_contains_polygon(out, pts)
    assert polygon_area(out) > polygon_area(pts)
    # for a convex polygon: A' = A + P*d + n*tan(pi/n)*d^2 (mitred corners)
    expected = polygon_area(pts) + polygon_perimeter(pts) * d + n * math.tan(math.pi / n) * d * d
    assert polygon_area(out) == pytest.approx(expected, rel=1e-6)

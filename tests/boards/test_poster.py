"""Poster tiling and the one-page plan: pure geometry, checked with properties."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.geom.paper import PAPERS
from generator.geom.scene import Circle, Group, Line, RectItem, TextItem
from generator.geom.shapes import Point, Rect, Size
from generator.layout.boards.poster import (
    LABEL_BAND,
    crop_ticks,
    cull,
    mark_radius,
    page_label,
    plan_onepage,
    plan_poster,
    poster_scene,
    registration_marks,
    window_frame,
)

boards = st.builds(Size, st.floats(50, 1500), st.floats(50, 1500))
papers = st.sampled_from(sorted(PAPERS))
overlaps = st.floats(0, 25)
scales = st.floats(0.25, 2.0)


def _plan(board, paper, overlap, scale):
    return plan_poster(board, PAPERS[paper], overlap=overlap, scale=scale)


@settings(max_examples=150, deadline=None)
@given(boards, papers, overlaps, scales, st.floats(0, 1), st.floats(0, 1))
def test_every_board_point_lands_inside_a_window_on_some_page(board, paper, overlap, scale, fx, fy):
    plan = _plan(board, paper, overlap, scale)
    p = Point(fx * board.w, fy * board.h)
    hits = [t for t in plan.tiles if t.source.contains_point(p, tol=1e-6)]
    assert hits
    for t in hits:
        on_page = plan.to_page(t, p)
        assert t.window.contains_point(on_page, tol=1e-6)
        assert plan.printable.contains_point(on_page, tol=1e-6)


@settings(max_examples=150, deadline=None)
@given(boards, papers, overlaps, scales)
def test_tiles_cover_the_board_with_exact_overlaps_inside_the_printable_area(board, paper, overlap, scale):
    plan = _plan(board, paper, overlap, scale)
    assert plan.pages == plan.rows * plan.cols
    assert math.isclose(plan.tiles[-1].source.right, board.w, abs_tol=1e-6)
    assert math.isclose(plan.tiles[-1].source.bottom, board.h, abs_tol=1e-6)
    assert plan.tiles[0].source.x == 0 and plan.tiles[0].source.y == 0
    for tile in plan.tiles:
        assert plan.printable.contains(tile.window)
        assert math.isclose(tile.window.w, tile.source.w * scale, rel_tol=1e-9)
        assert Rect.from_size(board).contains(tile.source, tol=1e-6)
        nb = plan.neighbours(tile)
        if "right" in nb:  # the shared strip, measured on paper, is exactly the overlap
            strip = (tile.source.right - nb["right"].source.left) * scale
            assert math.isclose(strip, overlap, abs_tol=1e-6)
        if "down" in nb:
            strip = (tile.source.bottom - nb["down"].source.top) * scale
            assert math.isclose(strip, overlap, abs_tol=1e-6)


@settings(max_examples=100, deadline=None)
@given(boards, papers, st.floats(3, 25), scales)
def test_marks_stay_inside_the_printable_area_and_on_both_pages(board, paper, overlap, scale):
    plan = _plan(board, paper, overlap, scale)
    r = mark_radius(plan)
    for mark in registration_marks(plan):
        assert len(mark.tiles) == 2
        for row, col in mark.tiles:
            tile = plan.tile(row, col)
            c = plan.to_page(tile, mark.at)
            reach = Rect(c.x - 1.4 * r, c.y - 1.4 * r, 2.8 * r, 2.8 * r)
            assert tile.window.contains(reach, tol=1e-6), (mark, tile)
            assert plan.printable.contains(reach)
    for tile in plan.tiles:
        for a, b in crop_ticks(plan, tile):
            seg = Rect.from_edges(min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y))
            assert plan.printable.contains(seg, tol=1e-6)
            assert not tile.window.overlaps(seg)  # ticks never cross the picture


def test_marks_coincide_when_pages_are_laid_over_each_other():
    plan = plan_poster(Size(500, 400), PAPERS["a4"], overlap=10)
    for mark in registration_marks(plan):
        (r1, c1), (r2, c2) = mark.tiles
        t1, t2 = plan.tile(r1, c1), plan.tile(r2, c2)
        # page 2 moved so its window starts where its source starts on page 1: the mark lands on itself
        p1 = plan.to_page(t1, mark.at)
        p2 = plan.to_page(t2, mark.at)
        shift = Point((t2.source.x - t1.source.x) * plan.scale, (t2.source.y - t1.source.y) * plan.scale)
        assert p1.isclose(Point(p2.x + shift.x, p2.y + shift.y), tol=1e-9)


def test_labels_rows_letters_columns_numbers():
    assert page_label(0, 0) == "A1" and page_label(1, 1) == "B2" and page_label(26, 9) == "AA10"
    plan = plan_poster(Size(600, 800), PAPERS["a4"])
    assert [t.label for t in plan.tiles[:plan.cols + 1]][-1] == "B1"


def test_orientation_with_fewer_pages_wins():
    wide = plan_poster(Size(560, 180), PAPERS["a4"])
    assert wide.page.is_landscape and wide.pages == 3
    tall = plan_poster(Size(180, 560), PAPERS["a4"])
    assert not tall.page.is_landscape and tall.pages == 3


def test_small_board_is_one_page_and_bad_overlaps_are_refused():
    assert plan_poster(Size(150, 200), PAPERS["letter"]).pages == 1
    with pytest.raises(ValueError, match="overlap"):
        plan_poster(Size(900, 900), PAPERS["a4"], overlap=120)
    with pytest.raises(ValueError):
        plan_poster(Size(900, 900), PAPERS["a4"], overlap=-1)


def test_window_leaves_bands_for_marks_and_label():
    frame = window_frame(PAPERS["a4"])
    assert frame == Rect(10, 10, 190, 297 - 2 * 5 - 5 - LABEL_BAND)


def test_cull_keeps_only_what_touches():
    items = [RectItem(Rect(0, 0, 10, 10)), RectItem(Rect(100, 100, 10, 10)), TextItem(50, 50, "x")]
    kept = cull(items, Rect(0, 0, 40, 40))
    assert kept == items[:1]


def test_poster_scene_pages_masks_and_labels():
    board = Size(450, 380)
    plan = plan_poster(board, PAPERS["a4"])
    items = [RectItem(Rect(0, 0, board.w, board.h), fill="#eeeeee"), TextItem(20, 20, "Zażółć")]
    scene = poster_scene(plan, items, "Plansza — test")
    assert len(scene.pages) == plan.pages + 1
    assert "assembly" in scene.pages[0].label
    for page, tile in zip(scene.pages[1:], plan.tiles):
        assert page.label.startswith(tile.label)
        texts = [i.text for i in page.items if isinstance(i, TextItem)]
        assert tile.label in texts
        content = [i for i in page.items if isinstance(i, Group)]
        assert len(content) == 1
        masks = [i for i in page.items if isinstance(i, RectItem) and i.fill == "#ffffff" and i.stroke is None]
        assert masks  # nothing outside the window shows
        for m in masks:
            assert not m.rect.overlaps(tile.window)
        circles = [i for i in page.items if isinstance(i, Circle)]
        assert len(circles) == sum((tile.row, tile.col) in m.tiles for m in registration_marks(plan))
        lines = [i for i in page.items if isinstance(i, Line)]
        for line in lines:
            assert plan.printable.contains_point(line.p1) and plan.printable.contains_point(line.p2)


@given(boards, papers)
@settings(max_examples=60, deadline=None)
def test_onepage_fits_never_enlarges_and_stays_printable(board, paper):
    plan = plan_onepage(board, PAPERS[paper])
    assert 0 < plan.scale <= 1
    assert plan.printable.contains(plan.placed, tol=1e-6)
    assert math.isclose(plan.placed.w, board.w * plan.scale) and math.isclose(plan.placed.h, board.h * plan.scale)
    assert plan.placed.bottom <= plan.printable.bottom - LABEL_BAND + 1e-6


def test_onepage_explicit_scale():
    plan = plan_onepage(Size(400, 400), PAPERS["a4"], scale=0.25)
    assert plan.scale == 0.25
    with pytest.raises(ValueError, match="largest scale"):
        plan_onepage(Size(400, 400), PAPERS["a4"], scale=0.9)

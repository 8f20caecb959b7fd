import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from generator.geom.paper import CARD_SIZES, PAPERS
from generator.geom.scene import Line, TextItem
from generator.geom.shapes import Point, Rect, Size
from generator.layout.imposition import plan_fold_over, plan_grid
from generator.layout.marks import (
    MIN_MARK_LENGTH,
    MarkSet,
    duplex_calibration,
    fold_crop_marks,
    fold_marks,
    grid_crop_marks,
)


def _touches_interior(seg, rect: Rect) -> bool:
    """Does a horizontal or vertical segment pass through the rect's interior (or along its edge)?"""
    return seg.bbox().overlaps(rect.outset(1e-3))


def _assert_clear(marks: MarkSet, page: Size, rects):
    sheet = Rect.from_size(page)
    for seg in marks.segments:
        assert sheet.contains(seg.bbox())
        for r in rects:
            assert not _touches_interior(seg, r), (seg, r)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_up_marks_one_pair_per_cut_line(paper):
    grid = plan_grid(PAPERS[paper], CARD_SIZES["poker"])
    marks = grid_crop_marks(grid)
    assert len(marks.segments) == 2 * (4 + 4)  # 4 vertical and 4 horizontal cut lines, a mark at each end
    assert marks.stroke_pt >= 0.25
    assert all(seg.length >= MIN_MARK_LENGTH for seg in marks.segments)
    _assert_clear(marks, grid.page, grid.bleed_slots)
    xs = {round(s.p1.x, 6) for s in marks.segments if s.p1.x == s.p2.x}
    assert xs == {10.5, 73.5, 136.5, 199.5} if paper == "a4" else len(xs) == 4


def test_marks_with_bleed_cut_each_card_separately():
    grid = plan_grid(PAPERS["a4"], CARD_SIZES["mini-euro"], bleed=3, gutter=2)
    marks = grid_crop_marks(grid)
    assert len(marks.segments) == 2 * (2 * grid.cols + 2 * grid.rows)
    _assert_clear(marks, grid.page, grid.bleed_slots)


def test_full_marks_run_through_the_gutters():
    grid = plan_grid(PAPERS["a4"], CARD_SIZES["mini-euro"], bleed=1, gutter=6)
    full = grid_crop_marks(grid, style="full")
    margin = grid_crop_marks(grid)
    assert len(full.segments) > len(margin.segments)
    _assert_clear(full, grid.page, grid.bleed_slots)
    x = grid.slots[0].left  # the first cut line reaches the gaps between rows
    assert sum(1 for s in full.segments if s.p1.x == s.p2.x == x) == grid.rows + 1


def test_mark_options_are_checked():
    grid = plan_grid(PAPERS["a4"], CARD_SIZES["poker"])
    with pytest.raises(ValueError, match="shorter than 3"):
        grid_crop_marks(grid, length=2)
    with pytest.raises(ValueError, match="vanish"):
        grid_crop_marks(grid, stroke_pt=0.1)
    with pytest.raises(ValueError, match="style"):
        grid_crop_marks(grid, style="fancy")


def test_no_room_for_marks_is_an_error():
    grid = plan_grid(Size(63, 88), Size(60, 85), margin=0)
    with pytest.raises(ValueError, match="no room for the crop mark at x = 1.50 mm: 0.0 mm free"):
        grid_crop_marks(grid)


def test_marks_become_scene_lines():
    marks = grid_crop_marks(plan_grid(PAPERS["a4"], CARD_SIZES["poker"]))
    items = marks.to_items(colour="#222222")
    assert all(isinstance(i, Line) and i.stroke == "#222222" and i.stroke_pt == 0.5 for i in items)


def test_fold_over_marks():
    fold = plan_fold_over(PAPERS["a4"], CARD_SIZES["poker"], bleed=2)
    cuts = fold_crop_marks(fold)
    _assert_clear(cuts, fold.page, fold.front_bleeds + fold.back_bleeds)
    assert not any(s.p1.x == s.p2.x == fold.fold_x for s in cuts.segments)  # the fold is not cut
    folds = fold_marks(fold)
    assert folds.dash and all(s.p1.x == s.p2.x == fold.fold_x for s in folds.segments)
    _assert_clear(folds, fold.page, fold.front_bleeds + fold.back_bleeds)


def test_duplex_calibration_sheet():
    page = PAPERS["a4"]
    cal = duplex_calibration(page, span=10)
    centre = Point(105, 148.5)
    assert len(cal.front.segments) == 2
    assert all(s.midpoint.isclose(centre) for s in cal.front.segments)
    labels = [lb.text for lb in cal.back.labels]
    assert labels == ["-10", "-5", "0", "+5", "+10"] * 2
    ticks = [s for s in cal.back.segments if s.length in (1.5, 3.0)]
    assert len(ticks) == 2 * 21  # every mm from -10 to +10 on both scales
    long_ticks = [s for s in ticks if s.length == 3.0]
    assert len(long_ticks) == 2 * 5
    # the front's vertical line crosses the horizontal scale's 0 tick
    zero = next(s for s in ticks if s.p1.x == s.p2.x == centre.x)
    vertical = next(s for s in cal.front.segments if s.p1.x == s.p2.x)
    assert vertical.p1.y < zero.p1.y < zero.p2.y < vertical.p2.y
    items = cal.back.to_items()
    assert sum(isinstance(i, TextItem) for i in items) == 10


grids = st.tuples(st.sampled_from(["a4", "letter"]), st.sampled_from(sorted(CARD_SIZES)),
                  st.floats(0, 3), st.floats(0, 5), st.sampled_from(["margin", "full"]))


@settings(deadline=None, max_examples=40)
@given(grids)
def test_marks_are_always_outside_the_cut_and_on_the_page(args):
    paper, card, bleed, gutter, style = args
    grid = plan_grid(PAPERS[paper], CARD_SIZES[card], bleed=bleed, gutter=gutter)
    try:
        marks = grid_crop_marks(grid, style=style)
    except ValueError:
        assume(False)
    _assert_clear(marks, grid.page, grid.bleed_slots)
    xs = {r.left for r in grid.slots} | {r.right for r in grid.slots}
    marked = {s.p1.x for s in marks.segments if s.p1.x == s.p2.x}
    assert all(any(abs(x - m) < 1e-6 for m in marked) for x in xs)  # cuts closer than 1e-6 mm are one

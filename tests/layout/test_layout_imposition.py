import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from generator.geom.paper import CARD_SIZES, PAPERS
from generator.geom.shapes import Rect, Size
from generator.layout.imposition import (
    back_rect,
    back_slot_index,
    page_count,
    paginate,
    plan_fold_over,
    plan_grid,
)

POKER = CARD_SIZES["poker"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_poker_cards_fit(paper):
    grid = plan_grid(PAPERS[paper], POKER, margin=5, bleed=0, gutter=0)
    assert (grid.cols, grid.rows, grid.per_page) == (3, 3, 9)
    assert grid.orientation == "portrait"
    assert all(s.size == POKER for s in grid.slots)
    assert grid.printable.contains(grid.block)


def test_a4_grid_is_centred_and_butted():
    grid = plan_grid(PAPERS["a4"], POKER)
    assert grid.slots[0] == Rect(10.5, 16.5, 63, 88)
    assert grid.slots[1].left == grid.slots[0].right  # no gutter
    assert grid.block.center.isclose(Rect(0, 0, 210, 297).center)


def test_bleed_and_gutter_reduce_the_count():
    grid = plan_grid(PAPERS["a4"], POKER, bleed=3, orientation="portrait")
    assert grid.per_page == 6  # 3 x 69 = 207 mm > 200 mm: two columns
    assert grid.bleed_slots[0] == grid.slots[0].outset(3)
    assert plan_grid(PAPERS["a4"], POKER, bleed=3).per_page == 8  # landscape: 4 x 2
    assert plan_grid(PAPERS["a4"], POKER, gutter=6, orientation="portrait").per_page == 6


def test_auto_picks_landscape_when_it_holds_more():
    grid = plan_grid(PAPERS["a4"], Size(130, 90))
    assert grid.orientation == "landscape" and grid.per_page == 4
    assert plan_grid(PAPERS["a4"], Size(130, 90), orientation="portrait").per_page == 3


def test_auto_prefers_portrait_on_a_tie():
    assert plan_grid(PAPERS["a4"], CARD_SIZES["tarot"]).orientation == "portrait"


def test_item_too_big_is_a_clear_error():
    with pytest.raises(ValueError, match="300 x 400 mm item .* does not fit on 210 x 297 mm paper"):
        plan_grid(PAPERS["a4"], Size(300, 400))
    with pytest.raises(ValueError, match="negative"):
        plan_grid(PAPERS["a4"], POKER, gutter=-1)
    with pytest.raises(ValueError, match="orientation"):
        plan_grid(PAPERS["a4"], POKER, orientation="diagonal")


def test_back_indices_long_and_short_edge():
    grid = plan_grid(PAPERS["a4"], POKER)
    assert [back_slot_index(i, grid, "long") for i in range(9)] == [2, 1, 0, 5, 4, 3, 8, 7, 6]
    assert [back_slot_index(i, grid, "short") for i in range(9)] == [6, 7, 8, 3, 4, 5, 0, 1, 2]
    with pytest.raises(IndexError):
        back_slot_index(9, grid)
    with pytest.raises(ValueError):
        back_slot_index(0, grid, "sideways")


def test_back_rect_applies_duplex_offset():
    grid = plan_grid(PAPERS["a4"], POKER, bleed=1)
    assert back_rect(0, grid, "long", (1.5, -2)) == grid.slots[2].translate(1.5, -2)
    assert back_rect(0, grid, "long", with_bleed=True) == grid.bleed_slots[2]


def test_fold_over_poker_on_a4():
    fold = plan_fold_over(PAPERS["a4"], POKER)
    assert fold.page == Size(297, 210)  # landscape holds 2 pairs per row
    assert (fold.cols, fold.rows, fold.per_page) == (2, 2, 4)
    assert fold.fold_x == pytest.approx(148.5)
    for f, b in zip(fold.fronts, fold.backs):
        assert b.isclose(f.mirrored_x(fold.page.w))  # folding brings the back onto the front
    assert fold.fronts[1].right == pytest.approx(fold.fold_x)
    assert fold.backs[1].left == pytest.approx(fold.fold_x)
    assert fold.fold_line.p1.x == fold.fold_x
    printable = Rect(5, 5, 287, 200)
    assert all(printable.contains(r) for r in fold.front_bleeds + fold.back_bleeds)


def test_fold_over_bleed_is_not_on_the_fold_side():
    fold = plan_fold_over(PAPERS["a4"], POKER, bleed=3, gutter=2)
    for f, fb, b, bb in zip(fold.fronts, fold.front_bleeds, fold.backs, fold.back_bleeds):
        assert fb.right == f.right and fb.left == f.left - 3
        assert bb.left == b.left and bb.right == b.right + 3
    rects = fold.front_bleeds + fold.back_bleeds
    assert not any(a.overlaps(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    with pytest.raises(ValueError, match="fold-over pair"):
        plan_fold_over(PAPERS["a4"], Size(150, 100))


def test_paginate():
    assert paginate(list(range(20)), 9) == [tuple(range(9)), tuple(range(9, 18)), (18, 19)]
    assert paginate([], 9) == []
    assert page_count(20, 9) == 3 and page_count(0, 9) == 0 and page_count(9, 9) == 1
    with pytest.raises(ValueError):
        paginate([1], 0)


grids = st.builds(
    lambda pw, ph, iw, ih, margin, bleed, gutter, orient: (Size(pw, ph), Size(iw, ih), margin, bleed, gutter, orient),
    st.floats(100, 420), st.floats(100, 600), st.floats(20, 200), st.floats(20, 200),
    st.floats(0, 15), st.floats(0, 5), st.floats(0, 10), st.sampled_from(["auto", "portrait", "landscape"]))


def _plan(args):
    paper, item, margin, bleed, gutter, orient = args
    try:
        return plan_grid(paper, item, margin=margin, bleed=bleed, gutter=gutter, orientation=orient)
    except ValueError:
        assume(False)


@settings(deadline=None, max_examples=60)
@given(grids)
def test_slots_never_overlap_and_stay_printable(args):
    grid = _plan(args)
    assert len(grid.slots) == grid.per_page > 0
    for i, a in enumerate(grid.bleed_slots):
        assert grid.printable.contains(a)
        assert a.contains(grid.slots[i])
        for b in grid.bleed_slots[i + 1:]:
            assert not a.overlaps(b)


@settings(deadline=None, max_examples=60)
@given(grids)
def test_grid_is_maximal_and_centred(args):
    grid = _plan(args)
    item, margin, bleed, gutter = grid.item, grid.margin, grid.bleed, grid.gutter
    assert grid.block.center.isclose(Rect.from_size(grid.page).center, 1e-6)
    # one more column or row would not fit
    assert (grid.cols + 1) * (item.w + 2 * bleed) + grid.cols * gutter > grid.page.w - 2 * margin - 1e-6
    assert (grid.rows + 1) * (item.h + 2 * bleed) + grid.rows * gutter > grid.page.h - 2 * margin - 1e-6


@settings(deadline=None, max_examples=60)
@given(grids)
def test_mirrored_back_is_the_reflection_of_its_front(args):
    grid = _plan(args)
    for i in range(grid.per_page):
        assert back_rect(i, grid, "long").isclose(grid.slots[i].mirrored_x(grid.page.w), 1e-6)
        assert back_rect(i, grid, "short").isclose(grid.slots[i].mirrored_y(grid.page.h), 1e-6)
        for flip in ("long", "short"):
            assert back_slot_index(back_slot_index(i, grid, flip), grid, flip) == i


@settings(deadline=None, max_examples=60)
@given(grids)
def test_fold_over_properties(args):
    paper, item, margin, bleed, gutter, orient = args
    try:
        fold = plan_fold_over(paper, item, margin=margin, bleed=bleed, gutter=gutter, orientation=orient)
    except ValueError:
        assume(False)
    printable = Rect(margin, margin, fold.page.w - 2 * margin, fold.page.h - 2 * margin)
    rects = fold.front_bleeds + fold.back_bleeds
    for i, a in enumerate(rects):
        assert printable.contains(a)
        assert not any(a.overlaps(b) for b in rects[i + 1:])
    for f, b in zip(fold.fronts, fold.backs):
        assert b.isclose(f.mirrored_x(fold.page.w), 1e-6)

import pytest

from generator.geom.scene import (
    CAP_CENTRE_EM,
    Circle,
    FormDef,
    Group,
    Line,
    Metadata,
    Page,
    Polygon,
    RectItem,
    Scene,
    TextBlock,
    TextItem,
    UseForm,
    expand_text_block,
    flatten,
)
from generator.geom.shapes import Point, Rect, Size, Transform
from generator.geom.units import pt_to_mm
from generator.text.fit import fit_text


class Mono:
    def width(self, text, font, size_pt):
        return len(text) * 0.6 * pt_to_mm(size_pt)

    def line_height(self, font, size_pt):
        return 1.2 * pt_to_mm(size_pt)


def test_colours_are_checked_and_normalised():
    assert RectItem(Rect(0, 0, 1, 1), fill="#AABBCC").fill == "#aabbcc"
    for bad in ("red", "#abc", "#12345g", 123):
        with pytest.raises(ValueError, match="colour"):
            RectItem(Rect(0, 0, 1, 1), fill=bad)
    with pytest.raises(ValueError):
        Line(Point(0, 0), Point(1, 1), stroke_pt=-1)
    with pytest.raises(ValueError):
        Circle(Point(0, 0), 0)
    with pytest.raises(ValueError, match="anchor"):
        TextItem(0, 0, "x", anchor="left")


def test_items_are_frozen_and_hashable():
    poly = Polygon([Point(0, 0), Point(1, 0), Point(0, 1)])
    assert isinstance(poly.points, tuple)
    assert hash(poly) == hash(Polygon((Point(0, 0), Point(1, 0), Point(0, 1))))
    with pytest.raises(AttributeError):
        poly.fill = "#000000"


def test_page_boxes_must_nest():
    Page(Size(69, 94), (), trim_box=Rect(3, 3, 63, 88), bleed_box=Rect(0, 0, 69, 94))
    with pytest.raises(ValueError, match="trim box"):
        Page(Size(69, 94), (), trim_box=Rect(0, 0, 70, 88), bleed_box=Rect(0, 0, 69, 94))
    with pytest.raises(ValueError, match="bleed box"):
        Page(Size(69, 94), (), bleed_box=Rect(-1, 0, 69, 94))


def test_forms_must_exist_be_unique_and_not_loop():
    form = FormDef("back", Size(63, 88), (RectItem(Rect(0, 0, 63, 88)),))
    Scene([Page(Size(210, 297), [UseForm("back", 0, 0)])], forms=[form], metadata=Metadata("T"))
    with pytest.raises(ValueError, match="uses form 'front'"):
        Scene([Page(Size(210, 297), [Group([UseForm("front", 0, 0)])])], forms=[form])
    with pytest.raises(ValueError, match="unique"):
        Scene([], forms=[form, form])
    a = FormDef("a", Size(1, 1), (UseForm("b", 0, 0),))
    b = FormDef("b", Size(1, 1), (UseForm("a", 0, 0),))
    with pytest.raises(ValueError, match="loop: a -> b -> a"):
        Scene([], forms=[a, b])


def test_use_form_placement_and_mirror():
    form = FormDef("f", Size(10, 20), ())
    assert UseForm("f", 5, 6).placement(form).apply(Point(0, 0)) == Point(5, 6)
    mirrored = UseForm("f", 5, 6, mirror=True).placement(form)
    assert mirrored.apply(Point(0, 0)) == Point(15, 6)
    assert mirrored.apply(Point(10, 0)) == Point(5, 6)


def test_flatten_applies_nested_transforms():
    form = FormDef("f", Size(10, 10), (RectItem(Rect(1, 1, 2, 2)),))
    items = [Group([UseForm("f", 10, 0)], Transform.translate(100, 0))]
    ((_rect, t),) = list(flatten(items, {"f": form}))
    assert t.apply(Point(1, 1)) == Point(111, 1)


def test_text_block_expands_to_positioned_runs():
    fitted = fit_text("Zagraj **dwie** karty :coin:", Size(40, 20), Mono(), "DejaVuSans", 10, 10,
                      known_icons={"coin"})
    block = TextBlock(Rect(10, 10, 40, 20), fitted, align="center", valign="middle")
    items = expand_text_block(block)
    texts = [i for i in items if isinstance(i, TextItem)]
    assert [t.text for t in texts][:3] == ["Zagraj", "dwie", "karty"]
    assert texts[1].font == "DejaVuSans-Bold"
    top = 10 + (20 - fitted.height) / 2
    baseline = top + fitted.line_height / 2 + CAP_CENTRE_EM * pt_to_mm(10)
    assert texts[0].y == pytest.approx(baseline)
    assert texts[0].x == pytest.approx(10 + (40 - fitted.widths[0]) / 2)
    assert any(isinstance(i, RectItem) for i in items)  # the icon placeholder frame
    with_art = expand_text_block(block, {"icon:coin": FormDef("icon:coin", Size(5, 5), ())})
    (use,) = [i for i in with_art if isinstance(i, UseForm)]
    assert use.name == "icon:coin" and use.scale > 0

import pytest

from generator.geom.paper import (
    CARD_SIZES,
    PAPERS,
    POD_TEMPLATES,
    card_size,
    paper_size,
    printable_area,
)
from generator.geom.shapes import Rect, Size


def test_paper_sizes():
    assert PAPERS["a4"] == Size(210, 297)
    assert PAPERS["letter"] == Size(215.9, 279.4)
    assert paper_size("A4", "landscape") == Size(297, 210)
    with pytest.raises(ValueError, match="unknown paper 'a5'; expected one of a4, letter"):
        paper_size("a5")
    with pytest.raises(ValueError, match="orientation"):
        paper_size("a4", "sideways")


def test_card_presets():
    assert card_size("poker") == Size(63, 88)
    assert CARD_SIZES["tarot"] == Size(70, 120)
    assert set(CARD_SIZES) == {"poker", "bridge", "euro", "usa", "mini-euro", "mini-usa", "tarot", "square"}
    with pytest.raises(ValueError, match="unknown card size"):
        card_size("jumbo")


def test_printable_area():
    assert printable_area(Size(210, 297), 5) == Rect(5, 5, 200, 287)
    with pytest.raises(ValueError):
        printable_area(Size(210, 297), 120)


@pytest.mark.parametrize("key", ["thegamecrafter/poker", "makeplayingcards/poker"])
def test_pod_poker_templates_cut_to_us_poker(key):
    """825x1125 px less 2x37.5 px bleed (and 822x1122 less 2x36) are both 2.5 x 3.5 in at 300 dpi."""
    t = POD_TEMPLATES[key]
    assert t.trim_size.w == pytest.approx(63.5)
    assert t.trim_size.h == pytest.approx(88.9)


def test_pod_template_details():
    tgc = POD_TEMPLATES["thegamecrafter/poker"]
    assert tgc.bleed == pytest.approx(3.175)
    assert tgc.full_size.w == pytest.approx(69.85)
    assert tgc.safe_rect.isclose(Rect(6.35, 6.35, 57.15, 82.55))
    assert tgc.trim_rect.isclose(Rect(3.175, 3.175, 63.5, 88.9))
    mpc = POD_TEMPLATES["makeplayingcards/poker"]
    assert mpc.bleed == pytest.approx(36 / 300 * 25.4)
    assert mpc.safe_rect is None
    assert (POD_TEMPLATES["thegamecrafter/tarot"].width_px, POD_TEMPLATES["thegamecrafter/tarot"].height_px) == (900, 1500)

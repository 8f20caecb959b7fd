import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.geom.units import Length, mm_to_pt, mm_to_px, pt_to_mm, px_to_mm


@pytest.mark.parametrize(("text", "mm"), [
    ("63mm", 63.0), ("2.5in", 63.5), ("72pt", 25.4), ("1cm", 10.0), ("300px@300dpi", 25.4),
    (" 3.175 mm ", 3.175), ("-1mm", -1.0), (".5in", 12.7), ("10PT", 25.4 * 10 / 72),
])
def test_parse_units(text, mm):
    assert Length.parse(text).mm == pytest.approx(mm)


@pytest.mark.parametrize("bad", ["63", 63, 63.0, "12.5", True])
def test_bare_numbers_are_refused(bad):
    with pytest.raises(ValueError, match="no unit"):
        Length.parse(bad)


@pytest.mark.parametrize(("bad", "message"), [
    ("63 furlongs", "unknown unit 'furlongs'"),
    ("300px", "needs a resolution"),
    ("3mm@300dpi", "only pixel lengths"),
    ("", "cannot read"),
    ("mm", "cannot read"),
    ("1e3mm", "cannot read"),
])
def test_bad_lengths_say_what_is_wrong(bad, message):
    with pytest.raises(ValueError, match=message):
        Length.parse(bad)


def test_non_string_is_refused():
    with pytest.raises(ValueError, match="expected a length"):
        Length.parse(["63mm"])


def test_conversions():
    assert mm_to_pt(25.4) == pytest.approx(72.0)
    assert pt_to_mm(72.0) == pytest.approx(25.4)
    assert mm_to_px(25.4, 300) == pytest.approx(300.0)
    assert px_to_mm(37.5, 300) == pytest.approx(3.175)
    assert Length.parse("210mm").pt == pytest.approx(595.2756, abs=1e-4)
    assert Length.parse("1in").px(300) == pytest.approx(300)
    with pytest.raises(ValueError):
        px_to_mm(1, 0)


def test_arithmetic_and_equality():
    a = Length.parse("1in")
    assert a == Length.parse("25.4mm")
    assert a + Length.parse("0.6mm") == Length(26.0)
    assert (a * 2).mm == pytest.approx(50.8)
    assert (2 * a).mm == pytest.approx(50.8)
    assert (a - a).mm == 0
    assert (-a).mm == -25.4
    assert str(Length(63.0)) == "63mm"
    assert Length.of(2.5, "in") == Length.parse("2.5in")
    with pytest.raises(TypeError):
        a + 1
    with pytest.raises(ValueError):
        Length.of(1, "px")


@given(st.floats(min_value=-1e4, max_value=1e4, allow_nan=False))
def test_pt_round_trip(mm):
    assert pt_to_mm(mm_to_pt(mm)) == pytest.approx(mm, abs=1e-9)


@given(st.floats(min_value=0, max_value=1000, allow_nan=False), st.sampled_from(["mm", "in", "pt", "cm"]))
def test_parse_of_formatted_value(value, unit):
    text = f"{value:.6f}{unit}"
    assert math.isclose(Length.parse(text).mm, Length.of(float(f"{value:.6f}"), unit).mm, abs_tol=1e-9)

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.geom.shapes import Size
from generator.geom.units import pt_to_mm
from generator.text.fit import (
    FittedText,
    FontMetrics,
    MarkupError,
    TextDoesNotFit,
    UnknownIcon,
    break_points,
    fit_text,
    parse_markup,
)

LONG_WORD = "Konstantynopolitańczykowianeczka"


class Mono:
    """Every character is 0.6 em wide, bold 0.7 em; lines are 1.2 em: easy sums."""

    def width(self, text, font, size_pt):
        per = 0.7 if font.endswith("-Bold") else 0.6
        return len(text) * per * pt_to_mm(size_pt)

    def line_height(self, font, size_pt):
        return 1.2 * pt_to_mm(size_pt)


M = Mono()


def fit(text, w, h, max_pt=10, min_pt=6, **kw):
    return fit_text(text, Size(w, h), M, "DejaVuSans", max_pt, min_pt, **kw)


def test_fake_metrics_satisfy_the_protocol():
    assert isinstance(M, FontMetrics)


def test_short_text_is_one_line_at_max_size():
    out = fit("Dobierz kartę.", 60, 10)
    assert out.size_pt == 10 and out.lines == ("Dobierz kartę.",)
    assert out.widths[0] == pytest.approx(M.width("Dobierz kartę.", "DejaVuSans", 10))


def test_wraps_at_spaces():
    text = "Zagraj tę kartę aby dobrać dwie karty z talii"
    out = fit(text, 30, 100, max_pt=10, min_pt=10)
    assert len(out.lines) > 1
    assert " ".join(out.lines) == text
    assert all(w <= 30 + 1e-9 for w in out.widths)


def test_hyphenates_a_long_polish_word():
    out = fit(LONG_WORD, 25, 100, max_pt=10, min_pt=10)
    assert len(out.lines) > 1
    assert all(line.endswith("-") for line in out.lines[:-1])
    assert "".join(line.removesuffix("-") for line in out.lines) == LONG_WORD
    assert all(w <= 25 + 1e-9 for w in out.widths)
    cuts = {len(line) - 1 for line in out.lines[:1]}
    assert cuts <= {p for p in range(len(LONG_WORD)) if any(h.removesuffix("-") == LONG_WORD[:p]
                                                            for h, _ in break_points(LONG_WORD, "pl"))}


def test_break_points_use_pyphen_and_existing_hyphens():
    heads = [h for h, _ in break_points("niewyobrażalnie", "pl")]
    assert heads[0] == "niewyobrażal-" and "nie-" in heads
    assert ("biało-", "czerwony") in break_points("biało-czerwony", "pl")


def test_shrinks_until_it_fits():
    text = "Każdy gracz dobiera trzy karty i odrzuca jedną kartę z ręki."
    out = fit(text, 40, 12, max_pt=10, min_pt=5)
    assert out.size_pt < 10
    assert out.height <= 12 + 1e-9
    assert (out.size_pt * 2) == int(out.size_pt * 2)  # steps of 0.5 pt
    bigger = out.size_pt + 0.5
    with pytest.raises(TextDoesNotFit):
        fit(text, 40, 12, max_pt=bigger, min_pt=bigger)


def test_raises_when_impossible():
    with pytest.raises(TextDoesNotFit) as err:
        fit("Bardzo długi tekst " * 20, 20, 5, max_pt=10, min_pt=8)
    assert err.value.box == Size(20, 5)
    assert err.value.text.startswith("Bardzo")
    assert "does not fit in 20 x 5 mm even at 8 pt" in str(err.value)


def test_unhyphenatable_word_raises():
    with pytest.raises(TextDoesNotFit, match="cannot be hyphenated|even when hyphenated"):
        fit("XXXXXXXXXXXXXXXXXXXXXXXXXX", 10, 50, max_pt=10, min_pt=10)


def test_bold_and_icon_runs():
    out = fit("**Atak**: zadaj :sword: 2 rany", 80, 20, known_icons={"sword"})
    (runs,) = out.runs
    assert runs[0].text == "Atak" and runs[0].bold
    assert any(r.icon == "sword" for r in runs)
    icon = next(r for r in runs if r.icon)
    assert icon.width == pytest.approx(1.2 * pt_to_mm(out.size_pt)) == pytest.approx(out.icon_width)
    assert out.lines == ("Atak: zadaj :sword: 2 rany",)
    assert sum(r.width for r in runs) == pytest.approx(out.widths[0])
    assert not any(r.text.startswith(" ") for r in runs if r.text.strip())


def test_bold_phrase_keeps_bold_spaces():
    out = fit("**dwie karty** teraz", 80, 20)
    first, space, rest = out.runs[0]
    assert (first.text, first.bold) == ("dwie karty", True)  # one run: the inner space is bold
    assert first.width == pytest.approx(M.width("dwie karty", "DejaVuSans-Bold", 10))
    assert (space.text, space.bold, rest.text, rest.bold) == (" ", False, "teraz", False)


def test_unknown_icon_and_bad_markup():
    with pytest.raises(UnknownIcon, match=r"unknown icon :shield: .* known icons: sword"):
        fit("a :shield: b", 50, 50, known_icons={"sword"})
    with pytest.raises(MarkupError, match="unclosed"):
        fit("**bold", 50, 50)
    assert parse_markup("godz. 10:30:00") == [(parse_markup("godz.")[0][0],), parse_markup("10:30:00")[0]]


def test_newline_forces_a_break_and_empty_text_is_empty():
    out = fit("Raz\n\nDwa\n", 50, 50)
    assert out.lines == ("Raz", "", "Dwa")
    empty = fit("", 10, 10)
    assert isinstance(empty, FittedText) and empty.lines == () and empty.height == 0


def test_argument_checks():
    with pytest.raises(ValueError):
        fit("a", 10, 10, max_pt=5, min_pt=6)
    with pytest.raises(ValueError):
        fit("a", 10, 10, step=0)


words = st.lists(st.text(alphabet="aąbcćdeęfłnńoóśzźż", min_size=1, max_size=12), min_size=1, max_size=25)


@settings(deadline=None, max_examples=80)
@given(words, st.floats(15, 80), st.floats(5, 60))
def test_fitted_text_always_fits_and_keeps_every_letter(ws, w, h):
    text = " ".join(ws)
    try:
        out = fit(text, w, h, max_pt=12, min_pt=6)
    except TextDoesNotFit:
        return
    assert all(width <= w + 1e-9 for width in out.widths)
    assert out.height <= h + 1e-9
    assert 6 <= out.size_pt <= 12
    rebuilt = "".join(line.removesuffix("-") if line.endswith("-") else line + " " for line in out.lines)
    assert rebuilt.replace(" ", "") == text.replace(" ", "")

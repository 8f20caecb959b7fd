"""Polish typesetting: no line ends with a one-letter word (a, i, o, u, w, z) — it goes to the next line
with the word after it, in both setters, and the quick check bounds the same units."""
from __future__ import annotations

import pytest

from generator.geom.shapes import Size
from generator.text import fit
from generator.text.metrics import METRICS

FONT, BOLD = "DejaVuSansCondensed", "DejaVuSansCondensed-Bold"


def _lines(text: str, width: float, lang: str) -> tuple[str, ...]:
    fit._FITTED.clear()
    return fit.fit_text(text, Size(width, 30), METRICS, FONT, 8.0, 8.0, lang=lang, bold_font=BOLD).lines


def _width_of(text: str) -> float:
    return METRICS.width(text, FONT, 8.0)


@pytest.mark.parametrize("text", ["Karta trafia w ręce gracza", "Karta trafia **w** ręce gracza",
                                  "Karta trafia i w ręce gracza"])
def test_a_one_letter_word_moves_to_the_next_line_with_its_word(text):
    head = "Karta trafia i w" if " i w " in text else "Karta trafia w"
    width = _width_of(head) + 0.5  # room for the one-letter word on the first line, not for the next word
    polish = _lines(text, width, "pl")
    assert polish[0] == "Karta trafia" and polish[1].startswith(head.split("trafia ")[1] + " ręce")
    english = _lines(text, width, "en")  # other languages keep the ordinary breaking
    assert english[0].replace("**", "") == head


def test_a_unit_wider_than_the_box_is_set_as_its_words_again():
    """(The long word is hyphenated, its first part on the one-letter word's line.)"""
    lines = _lines("w Konstantynopolitańczykowianeczka", _width_of("Konstantynopolitańczyko") + 0.5, "pl")
    assert len(lines) > 1 and lines[0].startswith("w Kon") and lines[0].endswith("-")
    assert "".join(lines)[2:].replace("-", "") == "Konstantynopolitańczykowianeczka"


def test_the_plain_path_glues_as_the_general_setter_does(monkeypatch):
    text, width = "Dobierz kartę i z talii weź złoto", _width_of("Dobierz kartę i z") + 0.3
    fast = _lines(text, width, "pl")
    monkeypatch.setattr(fit, "_MARKUP_CHARS", __import__("re").compile(""))  # the general setter alone
    assert _lines(text, width, "pl") == fast and fast[:2] == ("Dobierz kartę", "i z talii weź złoto")


def test_the_quick_check_measures_glued_units():
    # one glued unit is wider than the box: the bound cannot prove it, the setter decides
    box = Size(_width_of("w") + _width_of("domu") + 0.2, 30)
    assert fit.quick_fits("w domu", box, METRICS, FONT, 8.0, bold_font=BOLD, lang="pl") is None
    assert fit.quick_fits("w domu", box, METRICS, FONT, 8.0, bold_font=BOLD, lang="en") is not None

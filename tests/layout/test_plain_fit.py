"""Plain texts (no markup, no line breaks) are set by a fast path (``text.fit._fit_plain``) that works on
strings and floats instead of runs. It must give the general setter's FittedText bit for bit — the same
size, lines, runs and widths — and hand anything it cannot do (hyphenation, a text too long even at the
smallest size) to the general setter, which words the error."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.geom.shapes import Size
from generator.text import fit
from generator.text.metrics import METRICS

FONT, BOLD = "DejaVuSansCondensed", "DejaVuSansCondensed-Bold"
WORDS = ["a", "i", "karta", "złota", "Wojownik", "—", "3", "fazie", "zakupu.", "wsparcie", "Żółć", "x" * 12,
         "Konstantynopolitańczykowianeczka", "(2)", "gracz,", "\u00a0", "  "]


def _both(text: str, w: float, h: float, max_pt: float, min_pt: float, font: str):
    def run():
        fit._FITTED.clear()
        try:
            return fit.fit_text(text, Size(w, h), METRICS, font, max_pt, min_pt, bold_font=BOLD)
        except fit.TextDoesNotFit as exc:
            return ("does not fit", str(exc))

    fast = run()
    general_only = fit._MARKUP_CHARS
    fit._MARKUP_CHARS = re.compile(r"")  # every text "has markup": the general setter alone
    try:
        general = run()
    finally:
        fit._MARKUP_CHARS = general_only
        fit._FITTED.clear()
    return fast, general


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(WORDS), min_size=0, max_size=60), st.floats(6, 70), st.floats(2, 40),
       st.sampled_from([(7.0, 5.0), (9.0, 6.0), (12.0, 6.0), (8.0, 8.0), (7.5, 4.5)]), st.booleans())
def test_the_plain_path_sets_exactly_what_the_general_setter_sets(words, w, h, sizes, bold):
    fast, general = _both(" ".join(words), w, h, sizes[0], sizes[1], BOLD if bold else FONT)
    assert fast == general


@pytest.mark.parametrize("text", ["", "   ", "jedno", "Dobierz 2 karty złota. Każdy gracz traci 1 smok i wilk."])
def test_plain_texts_take_the_fast_path(text, monkeypatch):
    monkeypatch.setattr(fit, "_Setter", None)  # the general setter would fail if it were used
    fit._FITTED.clear()
    fitted = fit.fit_text(text, Size(40, 20), METRICS, FONT, 8.0, 5.0, bold_font=BOLD)
    assert " ".join(fitted.lines) == " ".join(text.split())
    fit._FITTED.clear()

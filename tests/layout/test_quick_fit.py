"""The quick text-fit check (``text.fit.quick_fits``, ``plan.draw.quick_check``) may say "fits" only when
the real line breaker agrees; and the texts a card face declares (``Face.needs``) are exactly the texts it
draws — so skipping the drawing in ``pnp validate`` can never hide an error."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.geom.scene import Group, TextBlock, TextItem
from generator.geom.shapes import Size
from generator.plan import plan_game
from generator.plan.draw import BOLD, FONT, quick_check
from generator.text.fit import TextDoesNotFit, fit_text, quick_fits
from generator.text.metrics import METRICS
from generator.validate.run import validate_folder

ROOT = Path(__file__).resolve().parents[2]
WORDS = ["a", "i", "karta", "złota", "Wojownik", "**Siła**", ":gold:", "§4.2", "[[coin|monety]]", "—",
         "Konstantynopolitańczykowianeczka", "\n", "wsparcie", "3", "fazie", "zakupu."]


PLAIN = [w for w in WORDS if not any(c in w for c in "[]*§:\n")] + ["żółw", "(3)", "x" * 14]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.one_of(st.lists(st.sampled_from(WORDS), min_size=0, max_size=40),
                 st.lists(st.sampled_from(PLAIN), min_size=0, max_size=60)),  # the plain path of its own
       st.floats(8, 70), st.floats(3, 40), st.sampled_from([4.0, 5.0, 6.5, 8.0]), st.booleans())
def test_quick_yes_means_the_line_breaker_fits_it(words, w, h, min_pt, bold):
    text = " ".join(words)
    font = BOLD if bold else FONT
    box = Size(w, h)
    quick = quick_fits(text, box, METRICS, font, min_pt, bold_font=BOLD, known_icons=frozenset({"gold"}))
    if quick is None:
        return
    try:
        fitted = fit_text(text, box, METRICS, font, min_pt + 2, min_pt, bold_font=BOLD,
                          known_icons=frozenset({"gold"}))
    except TextDoesNotFit as exc:  # pragma: no cover - the failure this test exists to catch
        pytest.fail(f"quick check said {text!r} fits {w:.1f}×{h:.1f} mm at {min_pt} pt, the breaker: {exc}")
    assert fitted.height <= h + 1e-6


def test_quick_check_is_not_vacuous():
    """Most ordinary card texts are proved by the bound (else the check saves nothing)."""
    yes = quick_fits("Daje 3 :gold: w fazie zakupu.", Size(55, 29), METRICS, FONT, 5.0, bold_font=BOLD,
                     known_icons=frozenset({"gold"}))
    assert yes is not None and any(font == FONT and "Daje" in text for text, font in yes)
    assert quick_fits("słowo " * 400, Size(55, 29), METRICS, FONT, 5.0, bold_font=BOLD) is None


def _drawn_boxes(items) -> list[tuple]:
    out = []
    for item in items:
        if isinstance(item, Group):
            out.extend(_drawn_boxes(item.items))
        elif isinstance(item, TextBlock):
            r = item.rect
            out.append((round(r.x, 3), round(r.y, 3), round(r.w, 3), round(r.h, 3)))
    return out


def _key(box) -> tuple:
    return (round(box.x, 3), round(box.y, 3), round(box.w, 3), round(box.h, 3))


@pytest.mark.parametrize("game", ["runewars", "battalia", "rune_age"])
def test_card_needs_are_the_texts_the_face_draws(game):
    """Every text box a card face draws is one it declared; when the quick check proves the face, the
    face draws every requirement that has no alternative (the stats grid may fall back to one line)."""
    result = validate_folder(ROOT / "cards_data" / game)
    plan = plan_game(result.index, result.data.game.languages[0])
    ctx = plan.context
    proved = 0
    for item in plan.items["cards"]:
        face = item.front
        assert face.needs is not None, item.label
        needs = face.needs()
        drawn = _drawn_boxes(face(0.0))
        declared = {_key(n.box) for alternatives in needs for alternative in alternatives for n in alternative}
        assert set(drawn) <= declared, (item.label, set(drawn) - declared)
        if quick_check(needs, ctx.metrics, ctx.icons, ctx.term_name):
            proved += 1
            single = [_key(n.box) for alternatives in needs if len(alternatives) == 1
                      for n in alternatives[0] if n.box.field != "art"]
            assert set(single) <= set(drawn), item.label
    assert proved > 0.8 * len(plan.items["cards"])


def _drawn_texts(items) -> tuple[set, set]:
    """((w, h) of every fitted block, texts of every plain text item) a face draws, groups included."""
    blocks, texts = set(), set()
    for item in items:
        if isinstance(item, Group):
            b, t = _drawn_texts(item.items)
            blocks |= b
            texts |= t
        elif isinstance(item, TextBlock):
            blocks.add((round(item.rect.w, 3), round(item.rect.h, 3)))
        elif isinstance(item, TextItem):
            texts.add(item.text)
    return blocks, texts


@pytest.mark.parametrize("game", ["runewars", "battalia", "lords_of_ragnarok", "korona_starego_krola", "rune_age"])
def test_other_faces_needs_are_the_texts_they_draw(game):
    """Standees, tokens, tiles and card backs declare their texts too (validation proves them without
    drawing): every block a face draws has a declared box of that size, every plain text it draws is
    declared, and most faces are proved by the bound (a long name that needs hyphenation is set for real)."""
    result = validate_folder(ROOT / "cards_data" / game)
    plan = plan_game(result.index, result.data.game.languages[0])
    ctx = plan.context
    faces = {id(face): face for kind, items in plan.items.items() for item in items
             for face in ((item.back,) if kind == "cards" else (item.front, item.back))
             if face is not None and face.needs is not None}
    assert faces, game
    proved = 0
    for face in faces.values():
        needs = face.needs()
        declared = [n for alternatives in needs for alternative in alternatives for n in alternative]
        blocks, texts = _drawn_texts(face(0.0))
        assert blocks <= {(round(n.box.w, 3), round(n.box.h, 3)) for n in declared}, (blocks, declared)
        assert texts <= {n.text for n in declared if not n.fit}, (texts, declared)
        proved += quick_check(needs, ctx.metrics, ctx.icons, ctx.term_name)
    assert proved > 0.5 * len(faces), (proved, len(faces))


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(PLAIN), min_size=1, max_size=30), st.floats(10, 40), st.floats(2, 12),
       st.sampled_from([4.0, 5.0, 6.5, 8.0]))
def test_quick_yes_on_plain_words_in_small_boxes(words, w, h, min_pt):
    """Plain words take a path of their own (``_quick_plain``); boxes a line or two high are where an
    off-by-one in its line count would show."""
    text = " ".join(words)
    if quick_fits(text, Size(w, h), METRICS, FONT, min_pt, bold_font=BOLD) is None:
        return
    try:
        fit_text(text, Size(w, h), METRICS, FONT, min_pt, min_pt, bold_font=BOLD)
    except TextDoesNotFit as exc:  # pragma: no cover - the failure this test exists to catch
        pytest.fail(f"quick check said {text!r} fits {w:.1f}×{h:.1f} mm at {min_pt} pt, the breaker: {exc}")


def test_quick_plain_counts_the_last_line():
    """Short words just over one line: the bound must count two lines (one does not fit a 1-line box)."""
    text = " ".join(["a", "i"] * 12)
    one_line = METRICS.width(text, FONT, 8.0)
    for slack in (0.3, 0.8, 1.5):
        box = Size(one_line - slack, 4.0)  # one line of 8 pt high
        assert quick_fits(text, box, METRICS, FONT, 8.0, bold_font=BOLD) is None
        with pytest.raises(TextDoesNotFit):
            fit_text(text, box, METRICS, FONT, 8.0, 8.0, bold_font=BOLD)

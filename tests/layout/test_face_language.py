"""Faces are set by the rules of the kit's language: an English kit hyphenates English words by English
patterns, a Polish kit by Polish ones (the plan hands every face its language)."""
from __future__ import annotations

from pathlib import Path

from generator.plan import draw as F
from generator.text.fit import break_points
from generator.text.metrics import METRICS

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "data"


def _first_line(lang: str) -> str:
    # a box narrower than the word at its smallest size: the word must be hyphenated
    box = F.Box("text", 0, 0, 12, 20, 8, 8)
    (block,) = F.text_box(box, "Knowledge", METRICS, lang=lang)
    return block.fitted.lines[0]


def test_a_word_is_hyphenated_by_the_rules_of_the_kits_language():
    english, polish = _first_line("en"), _first_line("pl")
    assert english != polish
    assert english in {head for head, _ in break_points("Knowledge", "en")}
    assert polish in {head for head, _ in break_points("Knowledge", "pl")}


def test_every_card_face_of_an_english_plan_is_set_in_english():
    from generator.plan import plan_game
    from generator.plan.check import validated_games

    index = validated_games(FIXTURES, ["demo"])[0].index
    for lang in index.data.game.languages:
        views = [item.front.view for item in plan_game(index, lang).items["cards"]]
        assert views and {view.lang for view in views} == {lang}

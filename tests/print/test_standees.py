"""Paper standees: every figure of every game prints as a fold-over standee with a slotted base."""
from __future__ import annotations

import pytest

from generator.geom.scene import Group, Line, TextItem, flatten
from generator.load.discover import game_folders
from generator.plan import plan_game
from generator.validate.run import validate_folder
from tests.conftest import CARDS_DATA

GAMES = [p.name for p in game_folders(CARDS_DATA)]


@pytest.fixture(scope="module")
def results():
    return {g: validate_folder(CARDS_DATA / g) for g in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_every_figure_prints_as_a_standee_or_says_why_not(results, game):
    index = results[game].index
    for comp in index.data.components:
        if comp.kind != "figure" or not index.is_leaf(comp):
            continue
        assert comp.print is not None, f"{game}: {comp.id} says nothing about printing"
        assert comp.print.method == "standee" or comp.print.reason, f"{game}: {comp.id}"


@pytest.mark.parametrize("game", GAMES)
def test_standee_count_equals_the_inventory(results, game):
    index = results[game].index
    expected = {c.id: c.count for c in index.data.components
                if c.print and c.print.method == "standee" and index.is_leaf(c)}
    printed: dict[str, int] = {}
    for item in plan_game(index, "pl").items["standees"]:
        printed[item.component] = printed.get(item.component, 0) + 1
    assert printed == expected


def test_runewars_standees_carry_their_faction_and_fold_lines(results):
    index = results["runewars"].index
    items = [i for i in plan_game(index, "pl").items["standees"] if i.component == "daqan_knights"]
    assert len(items) == 8
    drawn = items[0].front(0.0)
    texts = [p.text for p, _ in flatten(drawn) if isinstance(p, TextItem)]
    assert "Rycerze" in texts
    assert any("Daqan" in t for t in texts), texts
    dashed = [p for p in drawn if isinstance(p, Line) and p.dash]
    assert len(dashed) == 3  # two tab folds and the middle fold
    turned = [p for p in drawn if isinstance(p, Group) and p.transform.a == -1.0 and p.transform.d == -1.0]
    assert turned, "the back panel is the front turned 180°"


def test_standee_text_is_the_plan_language(results):
    index = results["runewars"].index
    item = next(i for i in plan_game(index, "en").items["standees"] if i.component == "daqan_knights")
    texts = [p.text for p, _ in flatten(item.front(0.0)) if isinstance(p, TextItem)]
    assert "Knights" in texts and "Rycerze" not in texts

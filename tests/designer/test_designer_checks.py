"""Designer mistakes are located errors: per-faction counts vs the cards, a setup taking a part twice."""
from __future__ import annotations

from generator.validate.run import validate_folder
from tests.conftest import edit


def messages(folder) -> list[str]:
    return [i.format() for i in validate_folder(folder).issues if i.severity.value == "error"]


def test_a_card_moved_to_another_faction_breaks_the_per_faction_counts(starfall_data):
    csv = starfall_data / "starfall" / "ships.csv"
    edit(csv, "raider,Raider,2,1,Steal 1 :credit: from a captain on your moon.,3,1,small;fast,rebels",
         "raider,Raider,2,1,Steal 1 :credit: from a captain on your moon.,3,1,small;fast,guild")
    found = [m for m in messages(starfall_data / "starfall") if "per-faction counts of 'ship_cards'" in m]
    assert found, messages(starfall_data / "starfall")
    assert "components.yaml:6:" in found[0]
    assert "guild 6 stated / 8 on cards" in found[0] and "rebels 6 stated / 4 on cards" in found[0]


def test_matching_per_faction_counts_pass(starfall_data):
    assert not messages(starfall_data / "starfall")


def test_setup_taking_a_component_and_its_part_beyond_the_total(starfall_data):
    game = starfall_data / "starfall"
    (game / "coins.yaml").write_text(
        "components:\n"
        "  - id: coin_1\n    name: {en: one-credit coins}\n    kind: token\n    count: 40\n    parent: coins\n"
        "    print: {method: token, shape: circle, size: {w: 18, h: 18}, label: {en: '1'}}\n", encoding="utf-8")
    edit(game / "components.yaml", '    count: 40\n    print: {method: token, shape: circle, size: {w: 18, h: 18}, '
                                   'label: {en: "1"}}\n', "    count: 40\n")
    edit(game / "setup.yaml", "  per_player:", "    - {component: coin_1, action: place, values: {2: 30, 3: 30, "
                                               "4: 30, 5: 30}}\n  per_player:")
    found = [m for m in messages(game) if "setup takes" in m]
    assert len(found) == 1, messages(game)
    assert "setup.yaml:4:7" in found[0]
    assert "20 × 'coins' + 30 × 'coin_1' — 50 in all, but 'coins' and its parts are 40" in found[0]

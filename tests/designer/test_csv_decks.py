"""Spreadsheet decks: rows become cards; every problem points at file.csv:row:column."""
from __future__ import annotations

from generator.validate.run import validate_folder
from tests.conftest import edit


def issues(folder) -> list[str]:
    return [i.format() for i in validate_folder(folder).issues]


def test_csv_rows_become_cards_with_stats_traits_and_factions(starfall_data):
    result = validate_folder(starfall_data / "starfall")
    assert result.ok, [i.format() for i in result.issues]
    cards = {c.id: c for c in result.data.cards}
    assert list(cards) == ["scout", "hauler", "trader", "raider", "smuggler", "cruiser"]
    scout = cards["scout"]
    assert scout.deck == "ships" and scout.copies == 2 and scout.cost == 1 and scout.faction == "guild"
    assert scout.stats == {"speed": 3, "hold": 1} and list(scout.traits) == ["small", "fast"]
    assert scout.text.en == "Move one extra moon this turn." and scout.name.en == "Scout"


def test_a_bad_cell_is_located_at_row_and_column(starfall_data):
    edit(starfall_data / "starfall" / "ships.csv", "hauler,Hauler,2,", "hauler,Hauler,two,")
    found = [m for m in issues(starfall_data / "starfall") if "copies" in m]
    assert found and "ships.csv:3:3: cards[1].copies: " in found[0]
    assert "expected an integer" in found[0] and "'two'" in found[0]


def test_unknown_column_gets_a_did_you_mean(starfall_data):
    edit(starfall_data / "starfall" / "ships.csv", "stats.speed", "stat.speed")
    found = issues(starfall_data / "starfall")
    assert any("ships.csv:1:6: " in m and "unknown column 'stat.speed'" in m and "did you mean 'stats.speed'?" in m
               for m in found), found


def test_ragged_row_and_missing_file(starfall_data):
    edit(starfall_data / "starfall" / "ships.csv", "Carry two more cargo.", "Carry two, more cargo.")
    found = issues(starfall_data / "starfall")
    assert any("ships.csv:3:" in m and "row has 10 cells but the header has 9 columns" in m for m in found), found
    edit(starfall_data / "starfall" / "components.yaml", "cards_csv: ships.csv", "cards_csv: ship.csv")
    found = issues(starfall_data / "starfall")
    assert any("components.yaml:" in m and "decks[0].cards_csv" in m and "did you mean 'ships.csv'?" in m
               for m in found), found


def test_a_csv_outside_the_game_folder_is_refused(starfall_data):
    edit(starfall_data / "starfall" / "components.yaml", "cards_csv: ships.csv", "cards_csv: ../ships.csv")
    found = issues(starfall_data / "starfall")
    assert any("must be a .csv file inside the game's folder" in m for m in found), found

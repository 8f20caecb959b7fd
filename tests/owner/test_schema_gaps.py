"""The schema gaps of issue #15: each new form is accepted, checked, and used by the data it was made for."""
from __future__ import annotations

from pathlib import Path

from generator.model.setup import row_value
from generator.model.values import local
from generator.schema.base import L10n
from generator.validate.run import validate_folder
from tests.conftest import CARDS_DATA, edit


def _validate(data: Path, game: str = "demo"):
    result = validate_folder(data / game)
    return result, [i.format() for i in result.issues]


def test_region_adjacency_may_be_unknown(demo_data):
    edit(demo_data / "demo" / "board.yaml", "side: day, adjacent: [plains]}", "side: day, adjacent: unknown}")
    result, messages = _validate(demo_data)
    assert result.ok, messages
    assert result.data.boards[0].regions[0].adjacent == "unknown"
    assert "boards[0].regions[0].adjacent" in {u["path"] for u in result.unknowns}


def test_region_adjacency_refuses_other_words(demo_data):
    edit(demo_data / "demo" / "board.yaml", "side: day, adjacent: [plains]}", "side: day, adjacent: none}")
    result, messages = _validate(demo_data)
    assert not result.ok and any("board.yaml" in m and "adjacent" in m for m in messages), messages


def test_card_module_may_be_unknown(demo_data):
    edit(demo_data / "demo" / "decks.yaml", "  - id: gold_2\n", "  - id: gold_2\n    module: unknown\n")
    result, messages = _validate(demo_data)
    assert result.ok, messages
    assert any(u["path"].endswith(".module") for u in result.unknowns)


def test_conflicts_on_players_factions_and_scenarios_are_findings(demo_data):
    game = demo_data / "demo" / "game.yaml"
    edit(game, 'players: {min: 2, max: 4, source: {section: "OPIS GRY", page: 1}}',
         'players: {min: 2, max: 4, source: {section: "OPIS GRY", page: 1},\n'
         '            conflicts: [{field: max, value: 5, source: {section: "PUDEŁKO"}}]}')
    edit(game, '{id: north, name: {pl: Północ, en: North}, color: "#3366aa"}',
         '{id: north, name: {pl: Północ, en: North}, color: "#3366aa", '
         'conflicts: [{field: color, value: "#000000", source: {section: "KARTY"}}]}')
    edit(game, "    players: {min: 3, max: 4}\n",
         "    players: {min: 3, max: 4}\n    conflicts: [{field: players, value: '2-4', source: {section: X}}]\n")
    result, _ = _validate(demo_data)
    paths = {i.path for i in result.issues if i.severity.value == "finding"}
    assert {"game.players.conflicts[0]", "factions[0].conflicts[0]"} <= paths
    assert any(p.startswith("scenarios[") and p.endswith("conflicts[0]") for p in paths)
    finding = next(i for i in result.issues if i.path == "game.players.conflicts[0]")
    assert "'players'.max: 4" in finding.message and "5 per PUDEŁKO" in finding.message


def test_setup_value_per_module(demo_data):
    setup = demo_data / "demo" / "setup.yaml"
    edit(setup, "      values: {2: 12, 3: 12, 4: 12}\n",
         "      values: {2: 12, 3: 12, 4: 12}\n      value_modules: {2: kickstarter}\n")
    result, messages = _validate(demo_data)
    assert result.ok, messages
    row = result.data.setup.rows[1]
    assert row_value(row, 2) == 12 and row_value(row, 2, ["base", "kickstarter"]) == 12
    assert row_value(row, 2, ["base"]) is None and row_value(row, 3, ["base"]) == 12


def test_setup_value_module_is_checked(demo_data):
    setup = demo_data / "demo" / "setup.yaml"
    edit(setup, "      values: {2: 12, 3: 12, 4: 12}\n",
         "      values: {2: 12, 3: 12, 4: 12}\n      value_modules: {2: kikstarter, 5: kickstarter}\n")
    result, messages = _validate(demo_data)
    assert any("setup.yaml:" in m and "value_modules[2]: unknown module 'kikstarter' (did you mean 'kickstarter'?)"
               in m for m in messages), messages
    assert any("value_modules names 5 players, but values has no entry for 5" in m for m in messages), messages


def test_unplaced_marks(demo_data):
    edit(demo_data / "demo" / "board.yaml", "      marks:\n",
         "      unplaced:\n"
         "        - {mark: neutral_city, count: 2, players: [3], label: {pl: Miasto, en: City},"
         " source: {section: X}}\n"
         "        - {mark: start, count: 1, players: [7], source: {section: X}}\n"
         "      marks:\n")
    result, messages = _validate(demo_data)
    assert any("boards[0].grid.unplaced[1].players[0]: 7 players is not a player count" in m for m in messages)
    assert any("boards[0].grid.unplaced[1].mark" in m and "both placed" in m for m in messages), messages
    assert result.data.boards[0].grid.unplaced[0].count == 2


def test_unplaced_marks_are_listed_beside_the_grid():
    from generator.layout.boards import variants as B

    result = validate_folder(CARDS_DATA / "battalia")
    board = next(b for b in result.data.boards if b.grid)
    assert B.varying_player_counts(board, [2, 3, 4]) == [2, 3, 4]
    by_players = {n: [u for u in board.grid.unplaced if n in u.players] for n in (2, 3, 4)}
    assert [u.count for u in by_players[4]] == [4]
    assert sorted(u.count for u in by_players[3]) == [3, 3, 3]
    assert sorted(u.count for u in by_players[2]) == [2, 2]


def test_localized_values():
    assert local(L10n(pl="karty", en="cards"), "pl") == "karty"
    assert local(L10n(pl="karty", en="cards"), "en") == "cards"
    assert local(3, "pl") == "3" and local("X", "en") == "X"


def test_data_uses_the_new_forms():
    korona = validate_folder(CARDS_DATA / "korona_starego_krola")
    regions = next(b for b in korona.data.boards if b.regions).regions
    assert {r.id for r in regions if r.adjacent == "unknown"} >= {"wyzyny", "plaskowyz", "niziny"}
    battalia = validate_folder(CARDS_DATA / "battalia")
    units = [c.unit for c in battalia.data.constants if c.unit is not None]
    assert units and all(isinstance(u, L10n) for u in units)  # no English unit on a Polish page
    great = [c for c in battalia.data.cards if c.deck.startswith("great_artifacts")]
    assert len(great) == 10 and all(c.module == "unknown" for c in great)  # the 5 + 5 split is not stated
    table = next(t for t in battalia.data.tables if t.id == "unit_cost_by_rank")
    assert all(isinstance(r.values["unit"], L10n) for r in table.rows)
    rune_age = validate_folder(CARDS_DATA / "rune_age")
    assert rune_age.data.game.players.conflicts[0].value == 2
    assert "game.players.conflicts[0]" in {i.path for i in rune_age.issues}


def _drawings(game: str, board_id: str | None = None):
    from generator.layout.boards import board_variants, layout_board
    from generator.text.metrics import METRICS

    result = validate_folder(CARDS_DATA / game)
    board = next(b for b in result.data.boards if board_id is None or b.id == board_id)
    for variant in board_variants(board, result.index.player_counts):
        yield variant, layout_board(board, variant, tiles=result.data.tiles, icons=result.data.icons,
                                    metrics=METRICS)


def _texts(drawing) -> list[str]:
    from generator.geom.scene import TextItem, flatten

    return [p.text for p, _ in flatten(drawing.items) if isinstance(p, TextItem)]


def test_board_drawing_lists_unplaced_marks_per_player_count():
    listed = {}
    for variant, drawing in _drawings("battalia"):
        if variant.slug.startswith("main"):
            listed[variant.players] = [t for t in _texts(drawing) if "positions not stated" in t]
    assert listed[4] == ["4 × miasto neutralne (biały kwadrat) — położenie pól nie jest podane / positions not stated"]
    assert len(listed[3]) == 3 and all(t.startswith("3 × ") for t in listed[3])
    assert len(listed[2]) == 2 and all(t.startswith("2 × ") for t in listed[2])


def test_board_drawing_says_adjacency_is_unknown():
    texts = [t for _, drawing in _drawings("korona_starego_krola", "kingdom_board") for t in _texts(drawing)]
    assert any("adjacency unknown" in t and "Wyżyny" in t and "wyzyny" not in t for t in texts), texts


def test_localized_stat_prints_in_each_language():
    from generator.plan.context import PlanContext
    from generator.plan.kinds.card import card_view
    from generator.rules_site.views.common import value

    result = validate_folder(CARDS_DATA / "korona_starego_krola")
    card = next(c for c in result.data.cards if c.id == "kapitan")
    deck = result.index.decks[card.deck]
    views = {lang: card_view(PlanContext(result.index, lang), card, deck) for lang in ("pl", "en")}
    assert ("Archetyp", "Kapitan") in views["pl"].stats and views["pl"].values["stats.archetype"] == "Kapitan"
    assert ("Archetype", "Captain") in views["en"].stats
    assert not any("pl=" in v or "en=" in v for view in views.values() for _, v in view.stats)
    assert str(value(L10n(pl="karty", en="cards"), "pl")) == "karty"

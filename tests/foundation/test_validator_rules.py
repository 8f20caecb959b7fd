"""Every validator rule: the demo data passes it, and a one-line change breaks it with a located message."""
from __future__ import annotations

import pytest

from tests.conftest import edit


def test_demo_passes_every_rule(run_cli, demo_data):
    result = run_cli("validate", "--data", demo_data, "--json")
    assert result.code == 0, result.err
    report = result.json()
    game = report["games"][0]
    assert game["errors"] == 0 and game["warnings"] == 0
    assert game["findings"] == 1  # the recorded castle-count contradiction
    assert {u["path"] for u in game["unknowns"]} == {
        "components[12].count", "cards[1].text", "cards[3].stats.defence"}


CASES = [
    # (id, file, old, new, severity, expected message part)
    ("duplicate-id", "decks.yaml", "  - id: gold_2\n", "  - id: gold_1\n", "error",
     "decks.yaml:24:9: cards[1].id: duplicate id 'gold_1' (first at cards[0])"),
    ("rule-parent", "rules.yaml", 'number: "1.1"', 'number: "2.1"', "error", "rule 2.1 has no parent section 2"),
    ("unknown-deck", "decks.yaml", "    deck: castles\n", "    deck: castle\n", "error",
     "cards[2].deck: unknown deck 'castle' (did you mean 'castles'?)"),
    ("unknown-faction", "decks.yaml", "faction: north", "faction: nort", "error",
     "unknown faction 'nort' (did you mean 'north'?)"),
    ("unknown-parent", "components.yaml", "    parent: cards\n", "    parent: card\n", "error",
     "components[1].parent: unknown component 'card' (did you mean 'cards'?)"),
    ("unknown-module", "components.yaml", "module: kickstarter", "module: kikstarter", "error",
     "unknown module 'kikstarter' (did you mean 'kickstarter'?)"),
    ("unknown-scenario", "setup.yaml", "scenario: siege", "scenario: sege", "error",
     "unknown scenario 'sege' (did you mean 'siege'?)"),
    ("unknown-region", "board.yaml", "adjacent: [plains]", "adjacent: [plain]", "error",
     "unknown region 'plain' (did you mean 'plains'?)"),
    ("unknown-tile", "board.yaml", "{tile: land_lake,", "{tile: land_lak,", "error", "unknown tile 'land_lak'"),
    ("unknown-table", "decks.yaml", "    table: gold_cost\n", "    table: gold_costs\n", "error",
     "unknown table 'gold_costs' (did you mean 'gold_cost'?)"),
    ("rule-ref-in-text", "rules.yaml", "kolejno wykonują tury (§1.1)", "kolejno wykonują tury (§1.2)", "error",
     "rules[0].text.pl: unknown rule number '1.2'"),
    ("term-link", "rules.yaml", "[[gold|Złota]]", "[[gald|Złota]]", "error",
     "unknown glossary term 'gald' (did you mean 'gold'?)"),
    ("see-also", "rules.yaml", "see_also: [castle]", "see_also: [castel]", "error", "unknown glossary term 'castel'"),
    ("icon", "decks.yaml", "Daje 1 :gold: w", "Daje 1 :goldd: w", "error", "unknown inline icon 'goldd'"),
    ("parts-sum", "components.yaml", "    count: 30\n", "    count: 31\n", "error",
     "'cards' counts 31 but its parts sum to 30 (gold_cards 20 + castle_cards 10)"),
    ("per-faction", "components.yaml", "{north: 3, south: 3, east: 2, west: 2}",
     "{north: 3, south: 3, east: 3, west: 2}", "error", "per-faction counts of 'castle_cards' sum to 11"),
    ("deck-size", "decks.yaml", "    copies: 12\n", "    copies: 11\n", "error",
     "deck 'gold' holds 19 cards (sum of copies) but component 'gold_cards' counts 20"),
    ("deck-missing", "decks.yaml", "    component: castle_cards\n", "    component: damage_tokens\n", "error",
     "'castle_cards' prints as a deck but no deck names it"),
    ("tile-copies", "board.yaml", "    copies: 2\n    shape: hex\n", "    copies: 3\n    shape: hex\n", "error",
     "tiles of 'land_tiles' have 4 copies but the component counts 3"),
    ("board-missing", "board.yaml", "    component: main_board\n", "    component: score_dial\n", "error",
     "'main_board' prints as a board but no board names it"),
    ("cycle", "components.yaml", "  - id: cards\n", "  - id: cards\n    parent: gold_cards\n", "error",
     "loops back on itself"),
    ("cost-range", "decks.yaml", "    cost: 2\n", "    cost: 4\n", "error",
     "cost 4 of 'gold_2' is outside deck 'gold' range 0–3"),
    ("cost-rule", "decks.yaml", "      - {key: 2, values: {cost: 2}}", "      - {key: 2, values: {cost: 3}}", "error",
     "'gold_2' costs 2, but cost rule 'gold_by_value' gives 3 for value 2"),
    ("formula", "setup.yaml", 'formula: "2*N + 4"', 'formula: "2*N + 5"', "error",
     "formula '2*N + 5' gives 9 for 2 players, but the table says 8"),
    ("bad-formula", "setup.yaml", 'formula: "2*N + 4"', 'formula: "__import__(1)"', "error", "bad formula"),
    ("setup-exceeds", "setup.yaml", "values: {2: 12, 3: 12, 4: 12}", "values: {2: 12, 3: 12, 4: 13}", "error",
     "with 4 players, setup needs 13 × 'damage_tokens' but the inventory has 12"),
    ("faction-share", "setup.yaml", "      count: 2\n      from_faction: true\n", "      count: 3\n      from_faction: true\n",
     "error", "each player takes 3 × 'castle_cards' from their faction, but faction 'east' has 2"),
    ("player-count-range", "setup.yaml", "player_counts: [2, 3, 4]", "player_counts: [2, 3, 4, 5]", "error",
     "5 players is outside the game's 2–4"),
    ("source-required", "components.yaml", '    source: {section: "DODATKI", page: 12, note: "the number is not printed"}',
     '    source: {note: "somewhere"}', "error", "a source needs 'section'"),
    ("game-id", "game.yaml", "  id: demo\n", "  id: demo2\n", "error", "game id 'demo2' differs from its folder"),
    ("needs-module", "setup.yaml", "      module: kickstarter\n", "", "warning",
     "the base game has only 0; it works only with module kickstarter"),
    ("deck-prints-non-deck", "components.yaml", "    print: {method: deck}\n    source: {section: \"ZAWARTOŚĆ PUDEŁKA\", page: 2}\n  - id: castle_cards",
     "    print: {method: aid}\n    source: {section: \"ZAWARTOŚĆ PUDEŁKA\", page: 2}\n  - id: castle_cards", "error",
     "deck 'gold' prints 'gold_cards', which is not marked print.method: deck"),
    ("tile-non-tile", "components.yaml", "    count: 3\n    print: {method: tile}\n",
     "    count: 3\n    print: {method: aid}\n", "error", "which is not marked print.method: tile"),
    ("group-prints", "components.yaml", "    count: 30\n    source:", "    count: 30\n    print: {method: deck}\n    source:",
     "error", "'cards' has parts; print its parts, not the group"),
    ("too-many-players", "game.yaml", '  - {id: west, name: {pl: Zachód, en: West}, color: "#aaaa33"}\n', "", "error",
     "4 players need 4 factions but the game defines 3"),
    ("cost-range-reversed", "decks.yaml", "cost_range: [0, 3]", "cost_range: [3, 0]", "error",
     "cost range 3–0 is reversed"),
    ("recipe-ref", "decks.yaml", "inputs: [{item: gold_cards, count: 3}]", "inputs: [{item: gold_card, count: 3}]",
     "error", "unknown component or card 'gold_card'"),
    ("table-column", "decks.yaml", "      - {key: 1, values: {cost: 0}}", "      - {key: 1, values: {cots: 0}}", "error",
     "unknown column 'cots' (did you mean 'cost'?)"),
    ("layout-ref", "decks.yaml", "    size: poker\n", "    size: poker\n    layout: fancy\n", "error",
     "unknown card layout 'fancy'"),
    ("per-faction-partial", "components.yaml", "{north: 3, south: 3, east: 2, west: 2}", "{north: 5, south: 5}",
     "warning", "per-faction counts of 'castle_cards' leave out east, west"),
    ("deck-empty", "decks.yaml", "  - id: castle_west\n    deck: castles", "  - id: castle_west\n    deck: gold", "error",
     "deck 'gold' holds 22 cards (sum of copies) but component 'gold_cards' counts 20"),
    ("contradiction-list", "rules.yaml", "glossary:\n", "contradictions:\n  - id: page_ref\n    summary: {pl: Zły numer strony, en: Wrong page number}\n    readings: [{field: page, value: 3, source: {section: A}}]\n    source: {section: B, page: 7}\nglossary:\n",
     "finding", "rulebook contradiction 'page_ref': Wrong page number (3 per A) [B, p. 7]"),
    ("missing-player-value", "setup.yaml", "values: {2: 12, 3: 12, 4: 12}", "values: {2: 12, 3: 12}", "warning",
     "no value for 4 players and no formula"),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_rule_breaks(run_cli, demo_data, case):
    _, file, old, new, severity, expected = case
    edit(demo_data / "demo" / file, old, new)
    result = run_cli("validate", "--data", demo_data)
    assert "Traceback" not in result.err
    matching = [line for line in result.err.splitlines() if expected in line]
    assert matching, result.err
    assert matching[0].startswith(f"{severity}:"), matching[0]
    assert ".yaml:" in matching[0]  # every message is located
    assert result.code == (1 if severity == "error" else 0)


def test_strict_turns_warnings_into_failure(run_cli, demo_data):
    edit(demo_data / "demo" / "setup.yaml", "values: {2: 12, 3: 12, 4: 12}", "values: {2: 12, 3: 12}")
    assert run_cli("validate", "--data", demo_data).code == 0
    assert run_cli("validate", "--data", demo_data, "--strict").code == 1


def test_finding_for_recorded_contradiction(run_cli, demo_data):
    result = run_cli("validate", "--data", demo_data)
    assert ("finding: " in result.err and "rulebook contradiction for 'castle_cards'.count: 10 per ZAWARTOŚĆ "
            "PUDEŁKA, p. 2, but 12 per PRZYGOTOWANIE GRY, p. 4" in result.err)


def test_json_report_contract(run_cli, demo_data):
    edit(demo_data / "demo" / "decks.yaml", "    deck: castles\n", "    deck: castle\n")
    report = run_cli("validate", "--data", demo_data, "--json").json()
    assert report["ok"] is False and report["version"] == 1
    issue = next(i for i in report["games"][0]["issues"] if i["code"] == "reference")
    assert set(issue) == {"severity", "code", "game", "file", "line", "column", "path", "message", "hint"}
    assert issue["code"] == "reference" and issue["line"] > 0 and issue["path"] == "cards[2].deck"

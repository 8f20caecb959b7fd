"""Independent checks of cards_data/battalia against the Polish rulebook
(/work/shared/seeds/004_48a417c52bd00fb5.txt, "Battalia. Początek").

Every expected number below was read from the rulebook and is written as a literal; the comment names the
rulebook section it comes from. Components, tables, constants and recipes are found by their ids in
cards_data/battalia (checked by hand against their names).
"""
from __future__ import annotations

import re

import pytest

from tests.conftest import CARDS_DATA
from tests.games._support import (
    inventory,
    normalize,
    one_row,
    recorded_conflicts,
    setup,
    uncited_sections,
    validation,
    values_by_players,
)

GAME = "battalia"
PLAYER_COUNTS = (2, 3, 4)

# ---- "Elementy gry" (the base box), every number it prints -------------------------------------------
BASE_COUNTS = {
    "unit_cards": 80,            # "80 kart jednostek (4 talie ...)"
    "resource_cards": 80,        # "80 kart zasobów (1 talia ...)"
    "artifact_cards": 84,        # "84 karty artefaktów (7 talii ...)"
    "great_artifacts_base": 5,   # "5 kart wielkich artefaktów"
    "city_cards": 28,            # "28 kart miast (5 talii ...)"
    "road_cards": 48,            # "48 kart dróg (4 talie ...)"
    "ruins_base": 1,             # "1 karta ruin"
    "main_board": 1,             # "Plansza"
    "oracle": 1,                 # "Wyrocznia Słońca"
    "hero_figures": 8,           # "8 figurek bohaterów (po 2 na gracza/frakcję ...)"
    "city_level_markers": 79,    # "79 znaczników Poziomu miasta (16 w każdym kolorze ..., 8 neutralnych i 7 uniwersalnych)"
    "player_aids": 4,            # "4 karty Pomocy (po 1 dla każdego gracza)"
    "die": 1,                    # "1 kość (sześciościenna)"
}
# ---- "Dodatkowe elementy znajdujące się w edycji crowdfundingowej" -------------------------------------
CROWDFUNDING_COUNTS = {
    "unbound_cards": 8,          # "8 dodatkowych kart jednostek (niezwiązanych ...)"
    "volcano_cards": 9,          # "9 kart wulkanu"
    "great_artifacts_cf": 5,     # "5 dodatkowych kart wielkich artefaktów"
    "ruins_cf": 1,               # "1 dodatkowa karta ruin"
    "player_boards": 4,          # "4 Plansze graczy + karty znaczników zwycięstwa (po 1 dla każdego gracza)"
    "vp_cards": 4,               #   ... the victory point cards of the same line
    "bonus_battle_cards": 4,     # "4 bonusowe karty bitew"
    "ring_markers": 12,          # "12 znaczników pierścieni (po 3 dla każdego gracza ...)"
    "time_markers": 4,           # "4 znaczniki czasu (po 1 dla gracza)"
    "special_cards": 3,          # "3 karty specjalne (1 ... władcy wulkanu, 1 ... mistrza niezwiązanych, 1 ... Przewodników po ruinach)"
}
BASE_PIECES = sum(BASE_COUNTS.values())                  # 420
CROWDFUNDING_PIECES = sum(CROWDFUNDING_COUNTS.values())  # 54
# Elementy gry: all the "karty" lines (units, resources, artifacts, great artifacts, cities, roads, ruins, aids)
BASE_CARDS = 80 + 80 + 84 + 5 + 28 + 48 + 1 + 4
# crowdfunding "karty": unbound, volcano, great artifacts, ruins, VP cards, bonus battle cards, special cards
CROWDFUNDING_CARDS = 8 + 9 + 5 + 1 + 4 + 4 + 3

FACTIONS = 4  # Świat Battalii: "cztery frakcje"

# "Użycie wielkich artefaktów": "w cedition znajduje się 10 kart wielkich artefaktów" — names as the
# illustration labels print them
GREAT_ARTIFACTS = {"Młot Starto", "Miecz Elemaga", "Tarcza Britosa", "Skrzydła Avieny", "Róg Baldura",
                   "Korona Titusa", "Rękawica Luuta", "Namiot Eyla", "Laska Terry", "Księga Crea"}





# ======================================================================================== inventory ====

@pytest.mark.parametrize("component_id, count", sorted(BASE_COUNTS.items()))
def test_base_component_count(comps, component_id, count):
    assert component_id in comps
    assert comps[component_id]["count"] == count
    assert comps[component_id]["module"] == "base"


@pytest.mark.parametrize("component_id, count", sorted(CROWDFUNDING_COUNTS.items()))
def test_crowdfunding_component_count(comps, component_id, count):
    assert component_id in comps
    assert comps[component_id]["count"] == count
    assert comps[component_id]["module"] == "crowdfunding"


def test_modules_are_base_and_crowdfunding():
    report = inventory(GAME)
    assert {(m["id"], m["kind"]) for m in report["modules"]} == {("base", "base"), ("crowdfunding", "crowdfunding")}


def test_module_separation_in_the_inventory():
    base = inventory(GAME, "--module", "base")
    extras = inventory(GAME, "--module", "crowdfunding")
    base_ids = {c["id"] for c in base["components"]}
    extra_ids = {c["id"] for c in extras["components"]}
    assert set(BASE_COUNTS) <= base_ids and not set(CROWDFUNDING_COUNTS) & base_ids
    assert set(CROWDFUNDING_COUNTS) <= extra_ids and not set(BASE_COUNTS) & extra_ids
    # totals per box: every piece of each list once
    assert sum(base["totals"].values()) == BASE_PIECES
    assert sum(extras["totals"].values()) == CROWDFUNDING_PIECES
    assert base["totals"].get("card", 0) + base["totals"].get("tile", 0) == BASE_CARDS
    assert extras["totals"].get("card", 0) + extras["totals"].get("tile", 0) == CROWDFUNDING_CARDS
    assert (base["totals"]["figure"], base["totals"]["marker"], base["totals"]["die"]) == (8, 79, 1)
    assert extras["totals"]["token"] == 12 + 4
    assert sum(inventory(GAME)["totals"].values()) == BASE_PIECES + CROWDFUNDING_PIECES


def test_city_level_markers_split(comps, data):
    # Elementy gry: "16 w każdym kolorze dla każdego gracza, 8 neutralnych i 7 uniwersalnych"
    parts = {c["id"]: c["count"] for c in comps.values() if c["parent"] == "city_level_markers"}
    assert parts == {"player_level_markers": 16 * FACTIONS, "neutral_markers": 8, "universal_markers": 7}
    assert comps["player_level_markers"]["per_faction"] == {f.id: 16 for f in data.factions}
    colours = [c for c in comps.values() if c["parent"] == "player_level_markers"]
    assert len(colours) == FACTIONS and all(c["count"] == 16 for c in colours)


def test_heroes_two_per_faction(comps, data):
    # Elementy gry: "po 2 na gracza/frakcję"; Świat Battalii: four factions
    assert len(data.factions) == FACTIONS
    assert comps["hero_figures"]["per_faction"] == {f.id: 2 for f in data.factions}


def test_units_are_20_per_faction(comps, data):
    # Dwuosobowa rozgrywka: removing one faction removes "20 jednostek" (and 20 resources to match)
    assert comps["unit_cards"]["per_faction"] == {f.id: 20 for f in data.factions}


@pytest.mark.parametrize("whole, decks", [
    ("unit_cards", 4),       # "4 talie, podzielone ze względu na typ"
    ("artifact_cards", 7),   # "7 talii"; Artefakty: "jest 7 typów artefaktów"
    ("city_cards", 5),       # "5 talii, podzielonych według połączeń drogowych"
    ("road_cards", 4),       # "4 talie"
])
def test_deck_split_of_each_card_type(comps, whole, decks):
    assert len([c for c in comps.values() if c["parent"] == whole]) == decks


def test_great_artifacts_ten_in_all(comps, data):
    # Elementy gry 5 + crowdfunding 5; "Użycie wielkich artefaktów": 10 cards with the names above
    parts = {c["id"]: c["count"] for c in comps.values() if c["parent"] == "great_artifact_cards"}
    assert sum(parts.values()) == 10
    assert parts == {"great_artifacts_base": 5, "great_artifacts_cf": 5}
    decks = {d.id for d in data.decks if d.component in parts}
    names = [c.name.pl for c in data.cards if c.deck in decks]
    assert sorted(names) == sorted(GREAT_ARTIFACTS)


def test_unbound_two_of_each_rank(data):
    # Niezwiązani: "dwie karty z każdego rodzaju jednostek – wolnych, dowódców, kapłanów i lordów"
    deck = next(d.id for d in data.decks if d.component == "unbound_cards")
    ranks = {c.stats["rank"]: c.copies for c in data.cards if c.deck == deck}
    assert ranks == {1: 2, 2: 2, 3: 2, 4: 2}


def test_volcano_cards(comps):
    # Krwawy Róg Przeznaczenia: "1 karty centralnej (szczyt), 4 świątyń w rogach (po 1 dla każdej frakcji) i 4 skrzyżowań"
    parts = {c["id"]: c["count"] for c in comps.values() if c["parent"] == "volcano_cards"}
    assert sorted(parts.values()) == [1, 4, 4]
    assert set(comps["volcano_temples"]["per_faction"].values()) == {1}


# =============================================================================== tables and costs ====

def table(data, table_id):
    return next(t for t in data.tables if t.id == table_id)


def rows_by_key(data, table_id) -> dict:
    return {str(r.key): r.values for r in table(data, table_id).rows}


def recipe_inputs(data, recipe_id) -> dict[str, int]:
    recipe = next(r for r in data.recipes if r.id == recipe_id)
    return {i.item: i.count for i in recipe.inputs}


# Zatrudnianie jednostek: "wolny człowiek 2 karty zasobów, dowódca 3, kapłan 4, lord 5"
# ("liczba kart zasobów ... = ranga jednostki +1"); Siła w bitwie: strength = rank
UNIT_COST = {1: 2, 2: 3, 3: 4, 4: 5}
UNIT_DECKS = {1: "unit_free_men", 2: "unit_commanders", 3: "unit_priests", 4: "unit_lords"}


def test_unit_cost_by_rank_table(data):
    rows = rows_by_key(data, "unit_cost_by_rank")
    assert {int(k): v["resources"] for k, v in rows.items()} == UNIT_COST
    assert {int(k): v["strength"] for k, v in rows.items()} == {1: 1, 2: 2, 3: 3, 4: 4}


def test_hiring_recipes_and_unit_cards(data):
    for rank, deck in UNIT_DECKS.items():
        hire = next(r for r in data.recipes if r.output == deck)
        assert {i.item: i.count for i in hire.inputs} == {"resource_cards": UNIT_COST[rank]}, deck
    unit_cards = [c for c in data.cards if c.deck in UNIT_DECKS.values() or c.deck == "unbound"]
    assert unit_cards
    for card in unit_cards:
        assert card.cost == UNIT_COST[card.stats["rank"]], card.id
        assert card.stats["strength"] == card.stats["rank"], card.id


# Tworzenie artefaktów (free men, commanders, priests, lords, resources)
ARTIFACT_RECIPES = {
    "artifact_tools": {"unit_free_men": 3},                                           # "3 wolnych ludzi"
    "artifact_weapons": {"unit_commanders": 1, "unit_free_men": 2},                   # "1 dowódca + 2 wolnych ludzi"
    "artifact_amulets": {"unit_priests": 1, "unit_free_men": 2},                      # "1 kapłan + 2 wolnych ludzi"
    "artifact_titles": {"unit_lords": 1, "unit_free_men": 2},                         # "1 lord + 2 wolnych ludzi"
    "artifact_scrolls": {"unit_free_men": 1, "unit_commanders": 1, "unit_priests": 1},  # "1 wolny + 1 dowódca + 1 kapłan"
    "artifact_tents": {"unit_commanders": 1, "unit_free_men": 1, "resource_cards": 1},  # "1 dowódca + 1 wolny + 1 zasób"
    "artifact_horses": {"unit_commanders": 1, "resource_cards": 2},                   # "1 dowódca + 2 karty zasobów"
}
ARTIFACT_TABLE_KEYS = {"artifact_tools": "narzedzia", "artifact_weapons": "bron", "artifact_amulets": "amulet",
                       "artifact_titles": "tytul", "artifact_scrolls": "magiczny_zwoj", "artifact_tents": "namiot",
                       "artifact_horses": "kon"}
TABLE_COLUMN = {"unit_free_men": "free_men", "unit_commanders": "commanders", "unit_priests": "priests",
                "unit_lords": "lords", "resource_cards": "resources"}


@pytest.mark.parametrize("artifact", sorted(ARTIFACT_RECIPES))
def test_artifact_recipe(data, artifact):
    recipe = next(r for r in data.recipes if r.output == artifact)
    assert {i.item: i.count for i in recipe.inputs} == ARTIFACT_RECIPES[artifact]
    row = rows_by_key(data, "artifact_recipes")[ARTIFACT_TABLE_KEYS[artifact]]
    expected = {col: ARTIFACT_RECIPES[artifact].get(item, 0) for item, col in TABLE_COLUMN.items()}
    assert row == expected


def test_city_build_and_upgrade_costs(data):
    # Budowa i ulepszanie miast: build level L with 3 units of rank L; upgrade to L (2–4) with 2 units of rank L
    rows = {int(k): v for k, v in rows_by_key(data, "city_costs").items()}
    assert {lvl: (v["unit_rank"], v["build"]) for lvl, v in rows.items()} == {1: (1, 3), 2: (2, 3), 3: (3, 3), 4: (4, 3)}
    assert {lvl: v["upgrade"] for lvl, v in rows.items() if lvl > 1} == {2: 2, 3: 2, 4: 2}
    for level in (1, 2, 3, 4):
        assert recipe_inputs(data, f"build_city_level_{level}") == {UNIT_DECKS[level]: 3}
    for level in (2, 3, 4):
        assert recipe_inputs(data, f"upgrade_city_to_{level}") == {UNIT_DECKS[level]: 2}
    assert not any(r.id == "upgrade_city_to_1" for r in data.recipes)


def test_road_costs(data):
    # Budowa dróg: "proste drogi (proste i zakręty) 1 wolny człowiek i 1 karta zasobów";
    # "skrzyżowania (proste i typu t) 2 wolnych ludzi i 1 karta zasobów"
    rows = rows_by_key(data, "road_costs")
    assert rows == {"proste_drogi": {"free_men": 1, "resources": 1}, "skrzyzowania": {"free_men": 2, "resources": 1}}
    simple = {"unit_free_men": 1, "resource_cards": 1}
    junction = {"unit_free_men": 2, "resource_cards": 1}
    for output, cost in (("road_straight", simple), ("road_curve", simple),
                         ("road_t_junction", junction), ("road_crossroads", junction)):
        recipe = next(r for r in data.recipes if r.output == output)
        assert {i.item: i.count for i in recipe.inputs} == cost, output


def test_hero_cost(data):
    # Zatrudnianie bohaterów: "jedną kartę broni i dwie karty zasobów"
    assert recipe_inputs(data, "hire_hero") == {"artifact_weapons": 1, "resource_cards": 2}
    assert next(c for c in data.constants if c.id == "hero_cost_resources").value == 2


def test_movement_cost(data):
    # Ruch bohaterów: each resource card = one square; a horse moves one hero up to three squares
    constants = {c.id: c.value for c in data.constants}
    assert constants["move_per_resource"] == 1 and constants["horse_move"] == 3
    assert recipe_inputs(data, "move_hero") == {"resource_cards": 1}
    assert recipe_inputs(data, "move_hero_horse") == {"artifact_horses": 1}
    # Bohaterowie zaangażowani w bitwę: retreat 2 or 3 squares
    assert re.fullmatch(r"2\s*[–-]\s*3", str(constants["retreat_distance"]))


def test_cohort_draws_by_size(data):
    # 1. Ogłoszenie kohorty: small 3 → +1, medium 4 → +2, large 5 → +3, great 6 → +4; two small cohorts → 2
    rows = rows_by_key(data, "cohort_draws")
    assert {k: v["extra_cards"] for k, v in rows.items()} == {"3": 1, "4": 2, "5": 3, "6": 4, "3+3": 2}


def test_great_artifact_display_per_player_count(data):
    # Przygotowanie step 6: "liczba graczy + 1, 4 graczy – 5 kart, 3 graczy – 4 karty, 2 graczy – 3 karty"
    rows = rows_by_key(data, "great_artifact_display_by_players")
    assert {int(k): v["displayed"] for k, v in rows.items()} == {2: 3, 3: 4, 4: 5}
    # Dwuosobowa rozgrywka: "usuwa się siedem"; Trzyosobowa rozgrywka: "pozostałe sześć odrzuca się"
    assert rows["2"]["boxed"] == 7 and rows["3"]["boxed"] == 6
    assert re.fullmatch(r"N\s*\+\s*1", str(next(c for c in data.constants if c.id == "great_artifact_display").value))


RULE_CONSTANTS = {
    "hand_size": 6,                   # Przebieg gry / 5. Dobieranie nowej ręki: "dobiera 6 kart"
    "starting_deck": 10,              # Przygotowanie step 5 (3 + 1 + 1 + 5); Świat Battalii: "zestawem 10 kart"
    "deck_minimum": 10,               # Rozmieszczenie kart w zasadzkach: "nie mogą posiadać mniej niż 10 kart"
    "ambush_limit": 3,                # ibid.: "nie może mieć więcej niż 3 karty w zasadzce"
    "second_chance_draw": 5,          # 1. Ogłoszenie kohorty lub drugiej szansy: "dobiera 5 kart"
    "cohort_minimum": 3,              # ibid.: "minimum 3 karty tej samej frakcji"
    "heroes_per_player": 2,           # Elementy gry / Zatrudnianie bohaterów: two figures each
    "weapon_strength": 1,             # Siła w bitwie: broń +1
    "horse_strength": 1,              # Siła w bitwie: konie +1
    "hero_bonus": 1,                  # Siła w bitwie: "bonus +1 do siły"
    "attack_margin": 1,               # Zasady bitwy: "przewyższać co najmniej o 1"
    "ruins_strength": 8,              # Atak na strażników ruin: "siła ruin – 8"
    "neutral_city_level": 4,          # Atak na neutralne miasto: "poziom neutralnych miast to 4"
    "neutral_city_level_extra": 6,    # Znaczniki poziomu miast: "poziom 6 w dodatkowych scenariuszach"
    "city_level_max": 4,              # Znaczniki poziomu miast: "od 1 do 4"
    "end_cities_level4": 5,           # Koniec gry: "piąte miasto do poziomu 4"
    "vp_track_flip": 20,              # Osobisty obszar gry: "przekroczy 20 punktów"
    "oracle_paddles": 7,              # Wyrocznia Słońca: "dwóch kamiennych kół mających po 7 łopatek"
    "great_artifact_limit": 1,        # Atak na strażników ruin: "tylko jeden wielki artefakt"
    "great_artifact_limit_volcano": 2,  # Krwawy Róg Przeznaczenia: "do dwóch wielkich artefaktów"
    "tent_cost": 1,                   # Namioty: one resource card to pitch the tent
    "temple_strength": 6,             # Krwawy Róg Przeznaczenia: "siła obrony wynosi 6"
    "seal_vp": 2,                     # ibid.: "każda pieczęć daje 2 punkty zwycięstwa"
    "ancient_warrior_strength": 20,   # ibid.: "20 punktów obrony – 12 ... i po 2 punkty za każdy żywioł"
    "volcano_ruler_vp": 8,            # ibid.: "otrzymuje 8 punktów zwycięstwa"
    "volcano_vp_goal": 40,            # ibid.: "40 punktów zwycięstwa"
    "volcano_vp_goal_2p": 30,         # ibid.: "(30 punktów w grze dwuosobowej)"
    "advanced_terrain_bonus": 1,      # Gra zaawansowana: "+1 do siły"
    "unbound_bribe": 1,               # Niezwiązani: "+1 do siły za każdą kartę zasobów"
}


@pytest.mark.parametrize("constant_id, value", sorted(RULE_CONSTANTS.items()))
def test_rule_constant(data, constant_id, value):
    constants = {c.id: c.value for c in data.constants}
    assert constant_id in constants
    assert constants[constant_id] == value


def test_ancient_warrior_arithmetic_and_fixed_defences(data):
    # Krwawy Róg Przeznaczenia: 12 base + 2 per element (4 elements) = 20; the table keeps the same numbers
    assert next(c.value for c in data.constants if c.id == "ancient_warrior_strength") == 12 + 2 * 4
    rows = rows_by_key(data, "fixed_defences")
    assert rows["miasto_neutralne"]["defence"] == 4 and rows["ruiny"]["defence"] == 8
    assert rows["swiatynia"]["defence"] == 6


# ============================================================================================ setup ====

def test_setup_player_counts(general_setup):
    # info block: "liczba graczy: 2-4"
    assert general_setup["player_counts"] == list(PLAYER_COUNTS)


def test_setup_json_contract(run_cli):
    result = run_cli("setup", GAME, "--data", CARDS_DATA, "--json")
    assert result.code == 0, result.err
    report = result.json()
    assert set(report) == {"game", "player_counts", "scenario", "rows", "per_player"}
    assert all(set(r) == {"component", "values", "formula", "action", "scenario", "module", "source"}
               for r in report["rows"])


def test_setup_board_ruins_and_neutral_markers(general_setup):
    # Przygotowanie step 1: the board, the ruins card on the middle square
    for component in ("main_board", "oracle", "ruins_base"):
        assert values_by_players(one_row(general_setup, component, "place")) == {2: 1, 3: 1, 4: 1}, component
    # neutral markers: the neutral cities (4 / 3 / 2) with a "4", plus the ruins with an "8"
    # (step 1; Trzyosobowa rozgrywka: "trzech polach z białymi trójkątami"; Dwuosobowa: 3 drawn, 1 boxed)
    row = one_row(general_setup, "neutral_markers", "place")
    assert values_by_players(row) == {2: 2 + 1, 3: 3 + 1, 4: 4 + 1}


def test_setup_start_and_neutral_cities(general_setup):
    # step 1: 4 start + 4 neutral crossroads cities; 3p: 4 drawn twice, 3 placed each time;
    # 2p: 3 drawn twice, 2 placed each time
    placed = values_by_players(one_row(general_setup, "city_4_exits", "place"))
    boxed = values_by_players(one_row(general_setup, "city_4_exits", "box"))
    assert placed == {2: 2 + 2, 3: 3 + 3, 4: 4 + 4}
    assert boxed == {2: 1 + 1, 3: 1 + 1, 4: 0}


def test_setup_great_artifacts(general_setup):
    shown = values_by_players(one_row(general_setup, "great_artifact_cards", "reveal"))
    assert shown == {2: 3, 3: 4, 4: 5}  # Przygotowanie step 6
    boxed = values_by_players(one_row(general_setup, "great_artifact_cards", "box"))
    assert boxed[2] == 7 and boxed[3] == 6  # Dwuosobowa: "usuwa się siedem"; Trzyosobowa: "pozostałe sześć"
    # 2p: 3 + 7 and 3p: 4 + 6 both need all ten great artifacts
    assert shown[2] + boxed[2] == shown[3] + boxed[3] == 10


def test_setup_removed_faction_and_unused_sets(general_setup):
    # Dwuosobowa rozgrywka: one faction's cards leave the game, "20 kart zasobów (jako że usunęli 20 jednostek)"
    assert values_by_players(one_row(general_setup, "unit_cards", "remove")) == {2: 20, 3: 0, 4: 0}
    assert values_by_players(one_row(general_setup, "resource_cards", "remove")) == {2: 20, 3: 0, 4: 0}
    # 2p: heroes of the removed and of the unchosen faction; 3p: "pozostały komplet odkłada się do pudełka"
    assert values_by_players(one_row(general_setup, "hero_figures", "box")) == {2: 4, 3: 2, 4: 0}
    assert values_by_players(one_row(general_setup, "player_level_markers", "box")) == {2: 32, 3: 16, 4: 0}


def test_per_player_allotments(general_setup):
    base = {(i["component"], i["action"]): i["count"] for i in general_setup["per_player"] if i["module"] is None}
    # Przygotowanie step 5: "3 wolnych ludzi, 1 dowódcę, 1 kapłana i 5 kart zasobów"
    assert base[("unit_free_men", "deal")] == 3
    assert base[("unit_commanders", "deal")] == 1
    assert base[("unit_priests", "deal")] == 1
    assert base[("resource_cards", "deal")] == 5
    assert sum(n for (c, a), n in base.items() if a == "deal" and c != "player_aids") == 10  # the 10-card deck
    assert not any(c == "unit_lords" for c, _ in base)
    # step 7: two hero figures and the city markers of one's faction; Elementy gry: 1 aid card each
    heroes = next(i for i in general_setup["per_player"] if i["component"] == "hero_figures")
    assert heroes["count"] == 2 and heroes["from_faction"]
    markers = next(i for i in general_setup["per_player"] if i["component"] == "player_level_markers")
    assert markers["count"] == 16 and markers["from_faction"]
    assert base[("player_aids", "deal")] == 1
    # crowdfunding, "po 1 dla każdego gracza" / "po 3 dla każdego gracza"
    extras = {i["component"]: i["count"] for i in general_setup["per_player"] if i["module"] == "crowdfunding"}
    assert extras == {"player_boards": 1, "vp_cards": 1, "ring_markers": 3, "time_markers": 1}


def test_scenarios_needing_the_crowdfunding_extras(data):
    # Elementy gry footnote: the Unbound and the volcano belong to the crowdfunding edition
    by_name = {s.name.pl: s for s in data.scenarios}
    assert by_name["Krwawy Róg Przeznaczenia"].modules == ["crowdfunding"]
    assert by_name["Niezwiązani"].modules == ["crowdfunding"]


def test_volcano_setup(data):
    sid = next(s.id for s in data.scenarios if s.name.pl == "Krwawy Róg Przeznaczenia")
    report = setup(GAME, "--scenario", sid)
    # "wulkan jest umieszczany na 9 środkowych polach planszy"; "nie wykorzystuje się kart ruin"
    assert values_by_players(one_row(report, "volcano_cards", "place", sid)) == {2: 9, 3: 9, 4: 9}
    assert values_by_players(one_row(report, "ruins_base", "box", sid)) == {2: 1, 3: 1, 4: 1}
    # "Pod każdą świątynią umieszcza się 2 losowe zakryte karty" — 4 temples
    assert values_by_players(one_row(report, "great_artifact_cards", "place", sid)) == {n: 4 * 2 for n in PLAYER_COUNTS}
    # "na szczycie uniwersalny znacznik z 20"
    assert values_by_players(one_row(report, "universal_markers", "place", sid)) == {2: 1, 3: 1, 4: 1}
    # the 4 temples each take a neutral "6" marker; there are only 8 neutral markers in the box
    markers = values_by_players(one_row(report, "neutral_markers", "place", sid))
    assert all(4 <= markers[n] <= 8 for n in PLAYER_COUNTS)


# =========================================================================================== boards ====

def test_main_board_grid(data):
    board = next(b for b in data.boards if b.component == "main_board")
    assert (board.grid.cols, board.grid.rows) == (7, 7)  # Plansza: "sieć kwadratów 7x7"
    marks: dict[str, list] = {}
    for mark in board.grid.marks:
        marks.setdefault(mark.mark, []).append(mark)
    # Przygotowanie step 1: ruins on the middle square; 4 start cities in the four corners (4 players)
    assert [tuple(m.cell) for m in marks["ruins"]] == [(3, 3)]
    assert {tuple(m.cell) for m in marks["start"] if 4 in (m.players or [])} == {(0, 0), (6, 0), (0, 6), (6, 6)}
    # Dwuosobowa rozgrywka: the last row and the last column are impassable — 7 + 7 − 1 squares
    cells = {tuple(m.cell) for m in marks["impassable"] if m.players == [2]}
    assert len(cells) == 13
    assert any(all(c == col or r == row for c, r in cells) for col in (0, 6) for row in (0, 6))


def test_oracle_wheels(data):
    # Wyrocznia Słońca: "dwóch kamiennych kół mających po 7 łopatek"
    oracle = next(b for b in data.boards if b.component == "oracle")
    assert [w.segments for w in oracle.wheels] == [7, 7]


EXIT_PATTERNS = {  # Przygotowanie steps 3–4: exits by deck type
    "city_1_exit": "one", "city_2_opposite": "opposite", "city_2_perpendicular": "perpendicular",
    "city_3_exits": "three", "city_4_exits": "four",
    "road_straight": "opposite", "road_curve": "perpendicular", "road_t_junction": "three", "road_crossroads": "four",
}


def _pattern(exits) -> str:
    sides = set(exits)
    if len(sides) == 2:
        return "opposite" if sides in ({"n", "s"}, {"e", "w"}) else "perpendicular"
    return {1: "one", 3: "three", 4: "four"}.get(len(sides), f"{len(sides)} exits")


@pytest.mark.parametrize("component", sorted(EXIT_PATTERNS))
def test_terrain_card_exits_and_terrains(data, component):
    tiles = [t for t in data.tiles if t.component == component]
    assert tiles
    assert {_pattern(t.exits) for t in tiles} == {EXIT_PATTERNS[component]}
    # Miasta / Drogi: every city and road stands on one of the 4 terrain types
    assert len({t.terrain for t in tiles}) == 4


# ======================================================================================= validation ====

def test_validates_with_no_errors(run_cli):
    result = run_cli("validate", GAME, "--data", CARDS_DATA, "--json")
    assert result.code == 0, result.err
    game = result.json()["games"][0]
    assert game["ok"] is True and game["errors"] == 0


def _players_in(message: str) -> int:
    found = re.search(r"with (\d) players", message)
    assert found, message
    return int(found.group(1))


def test_base_only_player_count_rules_need_the_crowdfunding_module(data):
    # 2p (3 shown + 7 boxed) and 3p (4 shown + 6 boxed) need 10 great artifacts; the base box has 5. The box row
    # says so per value (value_modules), so base-only play does not count the 7 / 6 and nothing over-draws
    row = next(r for r in data.setup.rows if r.component == "great_artifact_cards" and r.action == "box"
               and r.scenario is None)
    assert row.value_modules == {2: "crowdfunding", 3: "crowdfunding"}
    warnings = [i for i in validation(GAME)["issues"] if i["code"] == "needs-module"]
    assert not [i for i in warnings if "great_artifact_cards" in i["message"]]


def test_every_recorded_conflict_is_a_finding(data):
    recorded = recorded_conflicts(data)
    findings = {i["path"] for i in validation(GAME)["issues"] if i["severity"] == "finding"}
    assert recorded and set(recorded) <= findings


RULEBOOK_CONTRADICTIONS = [
    ("damski i żeński",),                                  # Elementy gry vs Bohaterowie ("Żeńskie i męskie")
    ("poziomem 8",),                                       # Przygotowanie step 1 vs Znaczniki poziomu miast (4 / 6)
    ("jednego lub dwóch wolnych ludzi", "standardowo do 3 wolnych"),  # Narzędzia vs Wyrocznia Słońca
    ("nie podlegają przemianie", "amulet"),                # Użycie wielkich artefaktów vs Amulety
    ("planszę gracza",),                                   # step 7 takes a player board; boards are crowdfunding-only
    # second pass (line numbers of the rulebook text file):
    ("wraz z dwiema kartami zasobów", "z dwoma wolnymi"),   # Broń L783 / Zatrudnianie bohaterów L961 vs Młot Starto L912
    ("Laska Terry", "Laska terra"),                        # illustration label L240–241 vs power list L947
    ("to jedyna droga", "wraz z kartą zasobów"),           # Zatrudnianie jednostek L550–553 vs Atak na neutralne miasto L1250
    ("posiada państwo z 5 miastami", "podnieść piąte miasto", "wybuduje 5 miast"),  # L100–101, L1294, L1450
    ("Pozostałe zasady nie zmieniają się", "usuwa się siedem"),  # volcano L1416–1417, L1453 vs L358–360, L904, L1537
    ("jednej z czterech frakcji", "neutralne terytorium", "piąta uniwersalna frakcja"),  # L73–75 vs L27, L40
    ("zawsze jest tyle samo ile kart jednostek", "nie otrzymuje wraz z nią karty zasobów"),  # L22 vs L1466–1470
    ("Opis karty", "Zagrywanie artefaktów podczas bitwy"),  # L113–114 vs L1229–1234
    ("od 1 do 4", "poziom 6 w dodatkowych scenariuszach"),  # L293 vs L295–296
    ("jeden dzień", "w tej turze"),                        # L200–201, L1317–1319 vs L1333–1335
    ("po 4 stronach ruin", "9 środkowych polach"),         # L330–331 vs L1412–1413
]

# The second-pass contradictions: each top-level entry keeps at least two different readings with their sources
NEW_CONTRADICTIONS = {
    "resource_card_sources": {"only with a hired unit", "also with the lord gained for a neutral city"},
    "five_level_4_cities": {"a player owns 5 cities of level 4", "the first player to raise a fifth city to level 4",
                            "a player builds 5 cities at level 4"},
    "volcano_great_artifacts": {13, 10, 3},   # 8 under the temples + 5 displayed; 10 cards; 3 left with 2 players
    "card_factions": set(),
    "resources_match_units": set(),
    "zero_strength_cards_in_battle": set(),
    "city_level_range": {"1–4", 6},
    "sun_ray_duration": {"the whole day (one round)", "this turn"},
    "neutral_city_squares": set(),
}


@pytest.mark.parametrize("cid", sorted(NEW_CONTRADICTIONS))
def test_contradiction_has_both_readings(data, cid):
    entry = next(c for c in data.contradictions if c.id == cid)
    values = [r.value for r in entry.readings]
    assert len(values) >= 2 and len(set(map(str, values))) == len(values), values
    assert NEW_CONTRADICTIONS[cid] <= set(values)
    assert all(r.source.section for r in entry.readings)


def test_hero_cost_records_the_hammer_reading(data):
    # Zatrudnianie bohaterów: "jedną kartę broni i dwie karty zasobów"; Młot Starto: "z dwoma wolnymi"
    constant = next(c for c in data.constants if c.id == "hero_cost_resources")
    assert constant.value == 2
    assert [(r.field, "free men" in str(r.value)) for r in constant.conflicts] == [("value", True)]


def test_laska_terry_spellings(data):
    card = next(c for c in data.cards if c.name.pl == "Laska Terry")
    assert [r.value for r in card.conflicts if r.field == "name"] == ["Laska terra"]


def test_age_and_card_anatomy(data):
    # Opis karty info block: "wiek: 12+"
    assert data.game.age.min == 12
    # Opis karty (L109–118): A symbol, B battle strength (= rank for units), C cost; ranks 1–4
    rule = next(r for r in data.rules if normalize(r.title.pl) == "budowa karty")
    assert rule.source.section == "Opis karty"
    for word in ("A —", "B —", "C —", "wolni ludzie 1", "dowódcy 2", "kapłani 3", "lordowie 4"):
        assert word in rule.text.pl, word


def test_inferences_are_assumptions(data):
    board = next(b for b in data.boards if b.component == "main_board")
    # Dwuosobowa rozgrywka names only "the last row and column": which ones is our choice
    assert all(m.source.assumption for m in board.grid.marks if m.mark == "impassable")
    # "po 4 stronach ruin" gives no distance, so no neutral-city square is marked
    assert not [m for m in board.grid.marks if m.mark == "neutral_city"]
    # which five great artifacts are base is not stated
    great = {d.id for d in data.decks if d.component in ("great_artifacts_base", "great_artifacts_cf")}
    assert all(c.source.assumption for c in data.cards if c.deck in great)
    assert not [c for c in data.cards if c.source.note and "assumption" in c.source.note]


@pytest.mark.parametrize("words", RULEBOOK_CONTRADICTIONS, ids=lambda w: "/".join(w))
def test_rulebook_contradiction_is_reported(words):
    findings = [i["message"] for i in validation(GAME)["issues"] if i["severity"] == "finding"]
    assert any(all(w in message for w in words) for message in findings), words


def test_every_cited_section_is_printed_in_the_rulebook(data):
    assert uncited_sections(GAME, data) == []


def test_polish_slips_fixed(data):
    # "Karta z ranga" → "z rangą" (instrumental after "z"); no data ids inside Polish setup notes
    unit = next(t for t in data.glossary if t.id == "jednostka")
    assert "z rangą 1–4" in unit.definition.pl
    notes = [r.note.pl for r in data.setup.rows if r.note]
    assert not [n for n in notes if re.search(r"\b[a-z]+_[a-z_]+\b", n)]


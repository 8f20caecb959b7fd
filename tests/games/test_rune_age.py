"""Independent checks of cards_data/rune_age against the Polish rulebook
(/work/shared/seeds/003_86af7c72d325078f.txt, "Rune Age — instrukcja", Galakta 2011).

Every expected number below was read from the rulebook and is written as a literal; the comment names the
rulebook section it comes from. Nothing is copied from the data. Components are found by their ids in
cards_data/rune_age/components.yaml (checked by hand against the names: e.g. `units_cost_5` is
"Jednostki o koszcie pięć", `gold_2` is "karty Złota o nominale „2”").
"""
from __future__ import annotations

import pytest

from tests.conftest import CARDS_DATA
from tests.games._support import (
    components_by_id,
    inventory,
    normalize,
    one_row,
    recorded_conflicts,
    setup,
    uncited_sections,
    unquote,
    validation,
    values_by_players,
)

GAME = "rune_age"
# OPIS GRY: "2–4 graczy"; the setup table's "1 gracz" row and "Gra jednoosobowa" (two scenarios) add solo play
PLAYER_COUNTS = (1, 2, 3, 4)
SOLO_SCENARIOS = {"Odrodzenie Władców Smoków", "Kataklizm"}  # the scenarios with a "Gra jednoosobowa" paragraph

# ---- ZAWARTOŚĆ PUDEŁKA (the component list), every number it prints ---------------------------------
BOX_COUNTS = {
    "cards": 252,                  # "252 karty"
    "race_cards": 92,              # "92 karty Ras (23 na każdą z 4 ras)"
    "home_realms": 4,              # "4 Ojczyste Królestwa"
    "strongholds": 12,             # "12 Twierdz"
    "units_cost_1": 32,            # "32 Jednostki o koszcie jeden"
    "units_cost_2": 16,            # "16 Jednostek o koszcie dwa"
    "units_cost_3": 16,            # "16 Jednostek o koszcie trzy"
    "units_cost_5": 12,            # "12 Jednostek o koszcie pięć"
    "scenario_cards": 104,         # "104 karty Scenariuszy"
    "neutral_cards": 50,           # "50 kart Neutralnych (po 5 kart w każdym z 10 typów)"
    "objective_cards": 4,          # "4 karty Celów"
    "event_cards": 40,             # "40 kart Wydarzeń (po 10 na scenariusz)"
    "dragon_rune_cards": 6,        # "6 kart Smoczyc Runów"
    "monument_cards": 4,           # "4 karty Monumentów"
    "gold_cards": 48,              # "48 kart Złota"
    "gold_1": 24,                  # "24 karty o nominale „1”"
    "gold_2": 14,                  # "14 kart o nominale „2”"
    "gold_3": 10,                  # "10 kart o nominale „3”"
    "city_cards": 8,               # "8 kart Miast"
    "damage_tokens": 38,           # "38 znaczników Obrażeń"
    "attrition_die": 1,            # "1 sześciocienna kość Wyniszczenia"
}

# The list's nesting (ZAWARTOŚĆ PUDEŁKA): which lines are parts of which whole.
BOX_PARTS = {
    "cards": {"race_cards", "scenario_cards", "gold_cards", "city_cards"},
    "race_cards": {"home_realms", "strongholds", "units_cost_1", "units_cost_2", "units_cost_3", "units_cost_5"},
    "scenario_cards": {"neutral_cards", "objective_cards", "event_cards", "dragon_rune_cards", "monument_cards"},
    "gold_cards": {"gold_1", "gold_2", "gold_3"},
}

RACES = 4                 # ZAWARTOŚĆ PUDEŁKA: "23 na każdą z 4 ras"; OPIS GRY: ludzie, elfy, uthukowie, nieumarli
CARDS_PER_RACE = 23       # ZAWARTOŚĆ PUDEŁKA
NEUTRAL_TYPES = 10        # ZAWARTOŚĆ PUDEŁKA: "po 5 kart w każdym z 10 typów"
CARDS_PER_NEUTRAL_TYPE = 5
EVENTS_PER_SCENARIO = 10  # ZAWARTOŚĆ PUDEŁKA "po 10 na scenariusz"; KARTY WYDARZEŃ "używa się 10 kart Wydarzeń"

# ---- "Zmienne przygotowanie do gry" (setup table), exactly as printed ---------------------------------
# columns: Stos kart o koszcie 1 | o koszcie 2 | o koszcie 3 | Każdy stos neutralny | Miasta neutralne
# (the three "koszt" columns are the Gold piles by value: step 7 lays "jeden stos dla każdego nominału").
VARIABLE_SETUP = {
    4: (24, 14, 10, 5, 5),
    3: (19, 12, 8, 4, 4),
    2: (14, 10, 6, 3, 3),
    1: (9, 8, 4, 2, 2),
}

# ---- SCENARIUSZE: the four scenarios and their "Karty Neutralne" ---------------------------------------
SCENARIO_NEUTRALS = {
    "Odrodzenie Władców Smoków": {"Okrzyk wojenny", "Forsowny marsz", "Demon"},  # ODRODZENIE WŁADCÓW SMOKÓW
    "Wojny runów": {"Przywołanie błyskawicy", "Mantikora", "Smok"},              # WOJNY RUNÓW
    "Kataklizm": {"Grabież", "Naga", "Demon"},                                   # KATAKLIZM (heading)
    "Monument": {"Czarnoksiężnik", "Naga", "Kontrola umysłu"},                   # MONUMENT
}


@pytest.fixture(scope="module")
def inv() -> dict:
    return inventory(GAME)


@pytest.fixture(scope="module")
def comps(inv) -> dict[str, dict]:
    return components_by_id(inv)



def scenario_id(data, name_pl: str) -> str:
    matches = [s.id for s in data.scenarios if s.name.pl == name_pl]
    assert len(matches) == 1, f"scenario named {name_pl!r}: {matches}"
    return matches[0]


# ======================================================================================== inventory ====

@pytest.mark.parametrize("component_id, count", sorted(BOX_COUNTS.items()))
def test_component_count_matches_the_box_list(comps, component_id, count):
    assert component_id in comps, f"no component '{component_id}' in the inventory"
    assert comps[component_id]["count"] == count


def test_component_kinds(comps):
    # ZAWARTOŚĆ PUDEŁKA: cards, "znaczników Obrażeń" (tokens) and one six-sided "kość" (a die)
    assert all(comps[c]["kind"] == "card" for c in BOX_COUNTS if c not in ("damage_tokens", "attrition_die"))
    assert comps["damage_tokens"]["kind"] == "token"
    assert comps["attrition_die"]["kind"] == "die"


@pytest.mark.parametrize("whole", sorted(BOX_PARTS))
def test_box_list_nesting_and_parts_sum_to_whole(comps, whole):
    children = {c["id"] for c in comps.values() if c["parent"] == whole}
    assert children == BOX_PARTS[whole]
    assert sum(comps[c]["count"] for c in children) == BOX_COUNTS[whole]


def test_race_cards_are_23_for_each_of_4_races(comps, data):
    # ZAWARTOŚĆ PUDEŁKA: "92 karty Ras (23 na każdą z 4 ras)"
    assert len(data.factions) == RACES
    assert comps["race_cards"]["per_faction"] == {f.id: CARDS_PER_RACE for f in data.factions}
    # each race's parts add up to its 23 cards
    for faction in data.factions:
        parts = [comps[c]["per_faction"][faction.id] for c in BOX_PARTS["race_cards"]]
        assert sum(parts) == CARDS_PER_RACE, faction.id
    # KARTY OJCZYSTYCH KRÓLESTW: "Każda rasa posiada jedną kartę"; KARTY TWIERDZ: "trzy karty Twierdz"
    assert set(comps["home_realms"]["per_faction"].values()) == {1}
    assert set(comps["strongholds"]["per_faction"].values()) == {3}


def test_neutral_cards_are_10_types_of_5(comps):
    # ZAWARTOŚĆ PUDEŁKA: "50 kart Neutralnych (po 5 kart w każdym z 10 typów)"
    types = [c for c in comps.values() if c["parent"] == "neutral_cards"]
    assert len(types) == NEUTRAL_TYPES
    assert all(t["count"] == CARDS_PER_NEUTRAL_TYPE for t in types)
    # the 10 type names are exactly the union of the scenario pages' "Karty Neutralne"
    assert {unquote(t["name"]["pl"]) for t in types} == set().union(*SCENARIO_NEUTRALS.values())


def test_event_cards_are_10_per_scenario(comps, data):
    # ZAWARTOŚĆ PUDEŁKA: "40 kart Wydarzeń (po 10 na scenariusz)"
    decks = [c for c in comps.values() if c["parent"] == "event_cards"]
    assert len(decks) == len(data.scenarios) == 4
    assert all(d["count"] == EVENTS_PER_SCENARIO for d in decks)


def test_gold_cards_by_value(comps):
    # ZAWARTOŚĆ PUDEŁKA: 24 × „1”, 14 × „2”, 10 × „3” — and the value is in each part's name
    for comp_id, value, count in (("gold_1", "1", 24), ("gold_2", "2", 14), ("gold_3", "3", 10)):
        assert comps[comp_id]["count"] == count
        assert f"„{value}”" in comps[comp_id]["name"]["pl"]


def test_inventory_totals(inv):
    # ZAWARTOŚĆ PUDEŁKA: 252 cards, 38 tokens, 1 die, and the rulebook itself ("Niniejsza instrukcja")
    assert inv["totals"] == {"card": 252, "token": 38, "die": 1, "sheet": 1}
    assert inv["game"] == GAME and inv["module"] is None
    # OPIS GRY: "Każdy z 2–4 graczy", but "Zmienne przygotowanie do gry" has a "1 gracz" row and two scenarios
    # have "Gra jednoosobowa" — the range includes 1 and the clash is a conflict on game.players
    assert inv["players"] == {"min": 1, "max": 4}


def test_inventory_json_contract(run_cli):
    result = run_cli("inventory", GAME, "--data", CARDS_DATA, "--json")
    assert result.code == 0, result.err
    report = result.json()
    assert set(report) == {"game", "players", "module", "modules", "components", "totals"}
    for comp in report["components"]:
        assert set(comp) == {"id", "name", "kind", "count", "parent", "module", "per_faction", "printable",
                             "source"}, comp["id"]
        assert set(comp["name"]) == {"pl", "en"}
        assert set(comp["source"]) == {"section", "page", "assumption", "designer", "note", "cite"}
    assert all(set(m) == {"id", "name", "kind"} for m in report["modules"])


# ============================================================================================ setup ====


def test_setup_json_contract(run_cli):
    result = run_cli("setup", GAME, "--data", CARDS_DATA, "--json")
    assert result.code == 0, result.err
    report = result.json()
    assert set(report) == {"game", "player_counts", "scenario", "rows", "per_player"}
    for row in report["rows"]:
        assert set(row) == {"component", "values", "formula", "action", "scenario", "module", "source"}
    for item in report["per_player"]:
        assert set(item) == {"component", "count", "from_faction", "action", "scenario", "module", "source"}


def test_setup_player_counts(general_setup):
    # OPIS GRY: 2–4 players, plus the table's "1 gracz" column for the solo variants
    assert general_setup["player_counts"] == [1, 2, 3, 4]


def counts_of(name_pl: str) -> tuple[int, ...]:
    return PLAYER_COUNTS if name_pl in SOLO_SCENARIOS else (2, 3, 4)


def played(row: dict, counts: tuple[int, ...]) -> dict:
    return {n: v for n, v in values_by_players(row).items() if n in counts}


def test_solo_setup_column(run_cli):
    # Zmienne przygotowanie do gry, row "1 gracz": 9 | 8 | 4 | 2 | 2; `pnp setup rune_age --players 1` works
    result = run_cli("setup", GAME, "--data", CARDS_DATA, "--json", "--players", "1")
    assert result.code == 0, result.err
    report = result.json()
    assert report["player_counts"] == [1]
    for component, expected in (("gold_1", 9), ("gold_2", 8), ("gold_3", 4), ("city_cards", 2)):
        assert values_by_players(one_row(report, component)) == {1: expected}, component
    # step 3: the three unused races go back to the box (3 × 23)
    assert values_by_players(one_row(report, "race_cards", "box")) == {1: 69}
    solo = setup(GAME, "--players", "1", "--scenario", "rise_of_the_dragonlords")
    neutral = [r for r in solo["rows"] if r["scenario"] == "rise_of_the_dragonlords" and r["component"].startswith("neutral_")]
    assert len(neutral) == 3 and all(values_by_players(r) == {1: 2} for r in neutral)


def test_solo_scenarios(data):
    # ODRODZENIE WŁADCÓW SMOKÓW / KATAKLIZM "Gra jednoosobowa"; WOJNY RUNÓW and MONUMENT have none
    ranges = {s.name.pl: (s.players.min, s.players.max) for s in data.scenarios}
    assert ranges == {"Odrodzenie Władców Smoków": (1, 4), "Kataklizm": (1, 4), "Wojny runów": (2, 4), "Monument": (2, 4)}
    solo_steps = {s.scenario: s.text.pl for s in data.setup.steps if s.players == [1]}
    assert "Obfite plony" in solo_steps["rise_of_the_dragonlords"]
    assert "Obelisk strażnika" in solo_steps["cataclysm"] and "Brat przeciwko bratu" in solo_steps["cataclysm"]


@pytest.mark.parametrize("column, component", [(0, "gold_1"), (1, "gold_2"), (2, "gold_3"), (4, "city_cards")])
def test_setup_table_gold_piles_and_cities(general_setup, column, component):
    # Zmienne przygotowanie do gry: gold piles by value and "Miasta neutralne"
    row = one_row(general_setup, component)
    assert values_by_players(row) == {n: VARIABLE_SETUP[n][column] for n in PLAYER_COUNTS}


@pytest.mark.parametrize("name_pl", sorted(SCENARIO_NEUTRALS))
def test_setup_table_neutral_piles_per_scenario(data, name_pl):
    # Zmienne przygotowanie do gry: "Każdy stos neutralny"; step 7: three Neutral piles, named per scenario
    sid = scenario_id(data, name_pl)
    report = setup(GAME, "--scenario", sid)
    comps = components_by_id(inventory(GAME))
    piles = [r for r in report["rows"] if r["scenario"] == sid and comps[r["component"]]["parent"] == "neutral_cards"]
    assert {unquote(comps[r["component"]]["name"]["pl"]) for r in piles} == SCENARIO_NEUTRALS[name_pl]
    counts = counts_of(name_pl)
    for row in piles:
        assert played(row, counts) == {n: VARIABLE_SETUP[n][3] for n in counts}, row["component"]


@pytest.mark.parametrize("name_pl", sorted(SCENARIO_NEUTRALS))
def test_setup_event_deck_per_scenario(data, name_pl):
    # PRZYGOTOWANIE DO GRY step 10 + ZAWARTOŚĆ PUDEŁKA: the scenario's own 10 Event cards
    sid = scenario_id(data, name_pl)
    report = setup(GAME, "--scenario", sid)
    comps = components_by_id(inventory(GAME))
    events = [r for r in report["rows"] if r["scenario"] == sid and comps[r["component"]]["parent"] == "event_cards"]
    assert len(events) == 1
    counts = counts_of(name_pl)
    assert played(events[0], counts) == {n: EVENTS_PER_SCENARIO for n in counts}


def test_setup_table_is_recorded_whole(data):
    # Zmienne przygotowanie do gry, all four printed rows including "1 gracz"
    table = next(t for t in data.tables if normalize(t.name.pl) == normalize("Zmienne przygotowanie do gry"))
    assert len(table.columns) == 5
    columns = [c.id for c in table.columns]
    printed = {int(r.key): tuple(r.values[c] for c in columns) for r in table.rows}
    assert printed == VARIABLE_SETUP


def test_setup_center_and_unused_races(general_setup):
    # PRZYGOTOWANIE DO GRY step 7: all Damage tokens and the Attrition die in the centre; step 11: one Objective
    assert values_by_players(one_row(general_setup, "damage_tokens")) == {n: 38 for n in PLAYER_COUNTS}
    assert values_by_players(one_row(general_setup, "attrition_die")) == {n: 1 for n in PLAYER_COUNTS}
    assert values_by_players(one_row(general_setup, "objective_cards")) == {n: 1 for n in PLAYER_COUNTS}
    # step 3: the cards of the races nobody plays go back to the box — 23 per unused race
    boxed = values_by_players(one_row(general_setup, "race_cards", "box"))
    assert boxed == {n: CARDS_PER_RACE * (RACES - n) for n in PLAYER_COUNTS}


def test_per_player_allotments(general_setup, comps):
    per = general_setup["per_player"]
    by_comp: dict[str, list[dict]] = {}
    for item in per:
        by_comp.setdefault(item["component"], []).append(item)
    # step 5: each player's own Home Realm
    assert [i["count"] for i in by_comp["home_realms"]] == [1]
    # step 6 + KARTY TWIERDZ: the race's three Strongholds into the Barracks
    assert [i["count"] for i in by_comp["strongholds"]] == [3]
    # step 8: three cost-1 units from the Barracks go into the starting deck
    dealt = [i for i in by_comp["units_cost_1"] if i["action"] == "deal"]
    assert [i["count"] for i in dealt] == [3]
    # steps 3, 5, 6, 8: each player ends up with their whole race — 23 cards, all of their own race
    race_items = [i for i in per if comps[i["component"]]["parent"] == "race_cards"]
    assert all(i["from_faction"] for i in race_items)
    assert sum(i["count"] for i in race_items) == CARDS_PER_RACE


def test_starting_deck_and_hand(data):
    # step 8: five Gold "1" and three cost-1 units make the 8-card starting deck; step 9: draw five
    constants = {c.id: c.value for c in data.constants}
    assert constants["starting_gold_cards"] == 5
    assert constants["starting_units"] == 3
    assert constants["starting_deck_size"] == 8
    assert constants["starting_hand"] == 5
    assert constants["barracks_piles"] == 5  # step 6: "pięć stosów kart"
    recipe = next(r for r in data.recipes if r.id == "starting_deck")
    deck_of = {card.id: next(d.component for d in data.decks if d.id == card.deck) for card in data.cards}
    inputs = {deck_of.get(i.item, i.item): i.count for i in recipe.inputs}
    assert inputs == {"gold_1": 5, "units_cost_1": 3}


def test_scenario_specific_allotments(data):
    # WOJNY RUNÓW: "Każdy gracz otrzymuje jedną losową kartę Smoczej Runy"
    rune_wars = setup(GAME, "--scenario", scenario_id(data, "Wojny runów"))
    assert [(i["component"], i["count"]) for i in rune_wars["per_player"] if i["scenario"]] == [("dragon_rune_cards", 1)]
    # MONUMENT: "W Koszarach każdego gracza należy umieścić jego Monument"
    monument = setup(GAME, "--scenario", scenario_id(data, "Monument"))
    items = [i for i in monument["per_player"] if i["scenario"]]
    assert [(i["component"], i["count"], i["from_faction"]) for i in items] == [("monument_cards", 1, True)]


# ======================================================================================== scenarios ====

def test_the_four_scenarios_and_their_polish_names(data):
    # CEL GRY: "cztery unikalne scenariusze"; names as the SCENARIUSZE headings print them
    assert {s.name.pl for s in data.scenarios} == set(SCENARIO_NEUTRALS)
    # CEL GRY / step 2: the rulebook assumes "Odrodzenie Władców Smoków", recommended for new players
    defaults = [s.name.pl for s in data.scenarios if s.default]
    assert defaults == ["Odrodzenie Władców Smoków"]


def test_rule_constants(data):
    constants = {c.id: c.value for c in data.constants}
    assert constants["hand_size"] == 5                # TURA GRACZA step 4 / DOBIERANIE KART: "do pięciu"
    assert constants["elimination_damage"] == 20      # ELIMINACJA GRACZA: "20 punktów obrażeń"
    assert constants["keep_card_cost"] == 1           # TURA GRACZA step 3: "jeden punkt wpływu za każdą kartę"
    assert constants["stronghold_gold_cost"] == 4     # ZASOBY, Uwaga: "4 złota"
    assert constants["stronghold_strength_cost"] == 2  # ZASOBY, Uwaga: "2 siły"
    assert constants["events_per_scenario"] == 10     # KARTY WYDARZEŃ
    cards = {c.id: c for c in data.cards}
    # WYDAWANIE PUNKTÓW WPLYWU: "kartę Złota o wartości „3”, która kosztuje 5 punktów wpływu"; Riverwatch 3
    assert next(c for c in data.cards if c.deck == "gold_3").cost == 5
    assert cards["riverwatch"].stats["influence"] == 3


# ======================================================================================= validation ====

def test_validates_with_no_errors(run_cli):
    result = run_cli("validate", GAME, "--data", CARDS_DATA, "--json")
    assert result.code == 0, result.err
    game = result.json()["games"][0]
    assert game["game"] == GAME and game["ok"] is True and game["errors"] == 0


def test_every_recorded_conflict_is_a_finding(data):
    recorded = recorded_conflicts(data)
    assert recorded, "the rulebook contradicts itself; the data should record it"
    findings = {i["path"] for i in validation(GAME)["issues"] if i["severity"] == "finding"}
    assert set(recorded) <= findings


# Contradictions inside the rulebook itself; each must surface as a finding. The words are the rulebook's.
RULEBOOK_CONTRADICTIONS = [
    # KARTY WYDARZEŃ I FAZA WYDARZEŃ and ZWYCIĘSTWO spell "Kataklyzm", the scenario heading "KATAKLIZM"
    ("Kataklyzm", "Kataklizm"),
    # KARTY MONUMENTÓW says the scenario "Monumenty"; the heading and ZWYCIĘSTWO say "Monument"
    ("Monumenty", "MONUMENT"),
    # NAGRODY: a reward goes "obok" the Home Realm; OBSZAR GRY / PRZYKŁAD BITWY: "nad" it
    ("NAGRODY", "OBSZAR GRY"),
    # ZWYCIĘSTWO: the first to build wins; MONUMENT: decided at the end of the round, ties by strength
    ("ZWYCIĘSTWO", "MONUMENT"),
    # PRZEPROWADZANIE BITWY: "od siły swojej armii odejmuje wartość siły wydarzenia" (reads backwards)
    ("PRZEPROWADZANIE BITWY",),
    # PRZYKŁAD OBLĘŻENIA: the card is "Okrzyk wojenny" in step 5 and "Okrzyk bojowy" in step 7
    ("Okrzyk wojenny", "Okrzyk bojowy"),
    # PRZYKŁAD BITWY: "Smoczego Władcę Kalladrę" vs "Władca Smoków Kalladra"
    ("Smoczy Władca Kalladra", "Władca Smoków Kalladra"),
    # OPIS GRY (L15) "Każdy z 2–4 graczy" vs the table row "1 gracz" (L149) and "Gra jednoosobowa" (L607, L659)
    ("OPIS GRY", "Zmienne przygotowanie do gry", "ODRODZENIE WŁADCÓW SMOKÓW"),
    # MONUMENT: "Opis scenariusza" (L669, most gold at the end) vs "Warunki zwycięstwa" (L677)
    ("Opis scenariusza", "Warunki zwycięstwa"),
    # WAIQAR NIEUMARŁY / PRZYKŁAD BITWY (L405, L615, L779) vs the captions "Armia Waiquara Nieumarłego" (L420–444)
    ("Waiqar Nieumarły", "Waiquar Nieumarły"),
    # KOŚĆ WYNISZCZENIA (L369) / battle step 3 (L379): any Event with the symbol; SKRÓT ZASAD (L852): only enemies
    ("KOŚĆ WYNISZCZENIA", "SKRÓT ZASAD"),
    # Zmienne przygotowanie do gry (L145) "Stos kart o koszcie 1/2/3" vs Gold by value (L38, L73; value 3 costs 5, L331)
    ("Zmienne przygotowanie do gry", "ZAWARTOŚĆ PUDEŁKA", "costs 5 influence"),
    # "Smoczyc Runów" (L15, L36, L619, L629) vs "SMOCZYCH RUNÓW" / "Smoczej Runy" (L95, L623)
    ("Smoczyc Runów", "Smoczych Runów"),
    # "Przeprowadzanie oblężenia" (L298, L702) vs heading "PRZEPROWADZANIE OBŁĘŻENIA" (L448), "PRZYKŁAD OBLEŻENIA" (L492)
    ("Przeprowadzanie oblężenia", "PRZEPROWADZANIE OBŁĘŻENIA", "PRZYKŁAD OBLEŻENIA"),
]

# The top-level contradictions added in the second data pass: each has at least two readings that differ
NEW_CONTRADICTIONS = {
    "monument_goal": {"most gold at the end of the game"},
    "waiqar_spelling": {"Waiqar Nieumarły", "Waiquar Nieumarły"},
    "attrition_targets": {"enemies with the die symbol only"},
    "gold_piles_named_by_cost": {"piles of cards costing 1, 2 and 3"},
    "dragon_rune_spelling": {"karty Smoczych Runów", "karty Smoczyc Runów"},
    "siege_heading_spelling": {"PRZEPROWADZANIE OBŁĘŻENIA", "PRZYKŁAD OBLEŻENIA"},
}


@pytest.mark.parametrize("cid", sorted(NEW_CONTRADICTIONS))
def test_contradiction_has_both_readings(data, cid):
    entry = next(c for c in data.contradictions if c.id == cid)
    assert len(entry.readings) >= 2
    values = [r.value for r in entry.readings]
    assert len(set(map(str, values))) >= 2, values
    assert NEW_CONTRADICTIONS[cid] <= set(values)
    assert all(r.source.section for r in entry.readings)


def test_age_from_the_copyright_block(data):
    # TWÓRCY GRY (L744): "NIEODPOWIEDNI DLA OSÓB W WIEKU 12 LAT LUB MNIEJ"
    assert data.game.age.min == 13


@pytest.mark.parametrize("words", RULEBOOK_CONTRADICTIONS, ids=lambda w: "/".join(w))
def test_rulebook_contradiction_is_reported(words):
    findings = [i["message"] for i in validation(GAME)["issues"] if i["severity"] == "finding"]
    assert any(all(w in message for w in words) for message in findings), words


# ================================================================================= rules & glossary ====

def test_every_rule_section_has_polish_and_english_text(data):
    assert data.rules
    for rule in data.rules:
        for text in (rule.title, rule.text):
            assert text.pl.strip() and text.en.strip(), rule.number
        assert normalize(rule.text.pl) != normalize(rule.text.en), f"rule {rule.number} is not translated"


def test_every_glossary_term_has_polish_and_english_text(data):
    for term in data.glossary:
        for text in (term.term, term.definition):
            assert text.pl.strip() and text.en.strip(), term.id
        assert normalize(term.definition.pl) != normalize(term.definition.en), f"term {term.id} is not translated"


def test_glossary_has_at_least_40_terms(data):
    assert len(data.glossary) >= 40
    assert len({t.id for t in data.glossary}) == len(data.glossary)


def test_every_glossary_term_has_at_least_two_polish_forms(data):
    short = [t.id for t in data.glossary if len({f.strip().casefold() for f in t.forms if f.strip()}) < 2]
    assert short == []


def test_every_cited_section_is_printed_in_the_rulebook(data):
    assert uncited_sections(GAME, data) == []


def test_polish_slips_fixed(data):
    # reviewers' find: "koszcie w wpływach" → "we wpływach" (before a consonant cluster "w" becomes "we")
    texts = [r.text.pl for r in data.rules] + [t.definition.pl for t in data.glossary]
    assert not [t for t in texts if " w wpływ" in t]
    assert any("koszcie we wpływach" in t for t in texts)


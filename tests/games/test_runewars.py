"""Independent checks of cards_data/runewars against the Polish rulebook
(/work/shared/seeds/000_31b4711e26bff4b0.txt, "Runewars").

Every expected number below was read from the rulebook and is written as a literal; the comment names the
rulebook section (and the line of the text file) it comes from. Components, constants, tables and rules are
found by their ids in cards_data/runewars.
"""
from __future__ import annotations

import re

import pytest

from tests.games._support import (
    one_row,
    recorded_conflicts,
    setup,
    sources_in,
    uncited_sections,
    validation,
    values_by_players,
    walk,
)

GAME = "runewars"

# ---- "Elementy gry" (L262-327), every number it prints ------------------------------------------------
BOX_COUNTS = {
    "neutral_units": 40,         # "40 beżowych, plastikowych Jednostek Neutralnych"
    "daqan_units": 36, "elf_units": 36, "waiqar_units": 36, "uthuk_units": 36,
    "hero_figures": 12,          # "12 szarych plastikowych Bohaterów"
    "token_sheets": 8,           # "8 arkuszy żetonów"
    "activation_tokens": 16,     # "16 Żetonów Aktywacji (4 na frakcję)"
    "battle_marker": 1,
    "city_tokens": 7,
    "damage_tokens": 26,
    "defeated_hero_markers": 8,
    "upgrade_tokens": 20,        # "(5 na frakcję)"
    "discovery_tokens": 35,
    "realm_setup_markers": 4,
    "influence_tokens": 40,
    "map_tiles": 13,
    "resource_dials": 12, "dial_bases": 12,
    "rune_tokens": 38, "dragon_rune_tokens": 21, "false_rune_tokens": 17,
    "stronghold_tokens": 16,
    "training_tokens": 24,
    "faction_sheets": 4, "reference_sheets": 4,
    "large_cards": 56, "order_cards": 32, "quest_cards": 24,
    "small_cards": 172, "fate_cards": 30, "hero_cards": 12, "evil_objective_cards": 8,
    "good_objective_cards": 8, "reward_cards": 25, "spring_cards": 8, "summer_cards": 8,
    "autumn_cards": 8, "winter_cards": 8, "tactics_cards": 50, "title_cards": 3, "victory_cards": 4,
    "dial_connectors": 12,       # "12 zestawów plastikowych łączników do liczników"
}

# ---- contradictions recorded in contradictions.yaml: id → words each reading's value must contain -------
CONTRADICTIONS = {
    "early_victory_runes_or_areas": ("areas", "dragon runes controlled"),   # L397-399, L872 vs L481, L492, L2506-2510
    "secondary_effect_order": ("lowest order card", "most influence"),       # L914-919 vs L3187-3206
    "rune_placement_areas": ("uncontrolled", "empty"),                       # L2580-2583 vs L2629-2632
    "setup_rune_stacking": ("dragon rune token", "any rune token"),          # L655-658 vs L2595-2597
    "defence_bonus_timing": ("Rozstrzygnięcie", "Umocnienia"),               # L2863-2866 vs L1712-1716
    "battle_start_order": ("step 4", "battle marker"),                       # L1677-1705 vs L1927-1934
    "victory_card_year_seven": (False, True),                                # L2533-2534 vs L2518-2519, L2535-2547
    "neutral_alliance_condition": ("same area", "any friendly area"),        # L1532-1535 vs L1544-1549
    "hero_affiliations": (["good", "evil"], ["good", "neutral", "evil"]),    # L563-568 vs L2053-2056
    "duel_reward_recipient": ("winning hero", "same area"),                  # L2382-2384 vs L2412-2416
    "defeated_hero_marker_pickup": ("whenever", "turn"),                     # L330-336 vs L2424-2428
    "routed_unit_forced_retreat": ("destroyed", "retreats"),                 # L1688-1690 vs L1484-1487
}

# ---- "Zasada opcjonalna: Żetony odkryć" (L3114-3184): token → the numbers it prints --------------------
DISCOVERY_NUMBERS = {
    "dragon_throne": {"rune_bonus": 1},                          # "jeden dodatkowy smoczy run"
    "village": {"resource_bonus": 1},                            # "+1 wskazanego surowca"
    "magic_portal": {"influence_cost": 1},                       # "może wydać 1 żeton wpływów"
    "underground": {},                                           # stops the hero's move; no number
    "temple": {"influence_gain": 2},                             # "otrzymuje dwa żetony wpływów"
    "hall_of_kellos": {"tactics_cards": 1},                      # "dobiera jedną kartę taktyki"
    "wandering_merchant": {"influence_cost": 3, "reward_cards": 1},  # "wydać trzy żetony wpływów ... 1 kartę nagrody"
    "enemy_raid": {"hero_damage": "1–2", "reward_cards": "0 / −1"},  # "1 obrażenie ... 1 kartę nagrody lub 1 dodatkowe"
    "scroll_of_sight": {},                                       # looks at rune and discovery token
    "training": {"trait_bonus": 1},                              # "zwiększyć jedną z cech o 1"
}
DISCOVERY_NAMES_PL = ["Smoczy Tron", "Wioska", "Magiczny portal", "Podziemia", "Świątynia", "Sala Kellosa",
                      "Wędrowny kupiec", "Wrogi podjazd", "Zwój widzenia", "Szkolenie"]




def _findings() -> list[dict]:
    return [i for i in validation(GAME)["issues"] if i["severity"] == "finding"]


def _polish_texts(data):
    """Every Polish string a reader sees: rules, terms, cards, notes, scenarios, setup, names."""
    for path, value in walk(data):
        if path and path[-1] == "pl" and isinstance(value, str):
            yield ".".join(str(p) for p in path), value


# ======================================================================================== inventory ====

@pytest.mark.parametrize("component_id, count", sorted(BOX_COUNTS.items()))
def test_box_list_count(comps, component_id, count):
    assert comps[component_id]["count"] == count


def test_faction_kits_four_of_each(comps):
    # Elementy gry: activation 4, upgrades 5, dials 3, strongholds 4, victory cards 1, orders 8 "na frakcję"
    per = {"activation_tokens": 4, "upgrade_tokens": 5, "resource_dials": 3, "stronghold_tokens": 4,
           "victory_cards": 1, "order_cards": 8}
    for component_id, n in per.items():
        assert comps[component_id]["per_faction"] == {"daqan": n, "elves": n, "waiqar": n, "uthuk": n}


# ============================================================================= rule numbers & setup ====

@pytest.mark.parametrize("constant_id, value", [
    ("game_years", 7),                # Rok gry: "siedem lat gry"
    ("unit_limit_per_area", 8),       # Ograniczenia ruchu: "więcej niż osiem jednostek"
    ("hero_limit", 3),                # Pozyskiwanie bohaterów: "maksymalnie trzech bohaterów"
    ("quest_hand_limit", 3),
    ("tactics_hand_limit", 10),
    ("combat_rounds", 5), ("duel_rounds", 4),
    ("diplomacy_max_influence", 6),   # Pertraktacje: "od jednego do sześciu żetonów wpływów"
    ("early_victory_runes", 6),
    ("discovery_removal_units", 6),   # Żetony odkryć: "co najmniej sześcioma jednostkami"
])
def test_rule_constant(data, constant_id, value):
    constants = {c.id: c for c in data.constants}
    assert constants[constant_id].value == value


def test_setup_rows_per_player_count():
    report = setup(GAME)
    assert values_by_players(one_row(report, "fate_cards", "deal")) == {2: 2, 3: 3, 4: 4}        # krok 1
    assert values_by_players(one_row(report, "quest_cards", "deal")) == {2: 4, 3: 6, 4: 8}       # 2 Początkowe misje
    assert values_by_players(one_row(report, "realm_setup_markers")) == {2: 2, 3: 3, 4: 4}       # krok 4


def test_land_tiles_per_player_cite_both_tiles_each():
    # Przygotowanie planszy krok 3 (L628): "dopóki wszyscy nie ułożą obu posiadanych płytek mapy"
    row = one_row(setup(GAME), "land_tiles")
    assert values_by_players(row) == {2: 4, 3: 6, 4: 8}
    assert "obu posiadanych płytek" in (row["source"].get("note") or "")


# ================================================================================== contradictions ====

def test_every_recorded_conflict_is_a_finding(data):
    recorded = recorded_conflicts(data)
    findings = {i["path"] for i in _findings()}
    assert recorded and set(recorded) <= findings


@pytest.mark.parametrize("cid", sorted(CONTRADICTIONS))
def test_contradiction_has_both_readings(data, cid):
    by_id = {c.id: c for c in data.contradictions}
    assert cid in by_id
    item = by_id[cid]
    assert item.summary.pl and item.summary.en
    first, second = CONTRADICTIONS[cid]
    values = [r.value for r in item.readings]
    assert len(item.readings) >= 2 and values[0] != values[1]

    def holds(expected, value):
        return expected == value if not isinstance(expected, str) else expected in str(value)
    assert any(holds(first, v) for v in values), (cid, first, values)
    assert any(holds(second, v) for v in values), (cid, second, values)
    # each reading cites a rulebook section (not an assumption) and the line of the text file
    for reading in item.readings:
        assert reading.source.section and re.search(r"L\d{3,4}", reading.source.note or ""), (cid, reading)


@pytest.mark.parametrize("cid", sorted(CONTRADICTIONS))
def test_contradiction_is_reported_by_validate(cid):
    assert any(f"'{cid}'" in i["message"] for i in _findings()), cid


@pytest.mark.parametrize("path_end, value", [
    ("order_daqan_1_rozstawienie", "Planowanie"),       # Karty taktyki L2691 vs "Rozstawienie" everywhere
    ("training_tokens", "żetony cech"),                 # Faza misji vs Elementy gry
    ("faction_sheets", "karta frakcji"),                # Przygotowanie do gry kroki 5, 10
    ("quest_phase_actions_per_hero", "3 (heal, train and move)"),  # Lato "i" vs Faza misji "jedną"
])
def test_field_conflicts_kept(path_end, value):
    messages = [i["message"] for i in _findings()]
    assert any(path_end in m and value in m for m in messages), (path_end, value)


def test_victory_text_mentions_the_two_readings(data):
    rules = {r.number: r for r in data.rules}
    assert "sześciu obszarów" in rules["19"].text.pl and "Smocz" in rules["19"].text.pl


# ======================================================================================= omissions ====

def test_discovery_effects_table(data):
    table = next(t for t in data.tables if t.id == "discovery_effects")
    rows = {str(r.key): r for r in table.rows}
    assert set(rows) == set(DISCOVERY_NUMBERS)
    for key, numbers in DISCOVERY_NUMBERS.items():
        stated = {c: v for c, v in rows[key].values.items() if v != "—"}
        assert stated == numbers, key
    assert [r.label.pl.split(" (")[0] for r in table.rows] == DISCOVERY_NAMES_PL


def test_discovery_rules_describe_all_ten_tokens(data):
    rules = {r.number: r for r in data.rules}
    text = rules["21.1"].text.pl + " " + rules["21.2"].text.pl
    for name in DISCOVERY_NAMES_PL:
        assert f"**{name}:**" in text, name
    assert "zapłacić 3" in rules["21.1"].text.pl                       # Wędrowny kupiec: trzy żetony wpływów
    assert "bierze 2" in rules["21.2"].text.pl                          # Świątynia: dwa żetony wpływów
    assert "co najmniej 6 jednostkami" in rules["21.2"].text.pl         # usuwalne miejsca
    assert "+2" in rules["21.1"].text.pl                                # Szkolenie: maksymalna premia +2


def test_fate_deck_rules(data):
    rule = {r.number: r for r in data.rules}["20.1"]
    text = rule.text.pl
    assert "pełną wymaganą liczbę" in text            # L2118-2122: draw all the cards even after a √
    assert "jawny" in text and "przejrzeć" in text    # L2125-2128: the discard pile may be looked through
    assert "potasuj odrzucone" in text                # L2130-2133: reshuffle when the deck runs out
    assert "od 1 do 30" in text                       # Opis karty losu: "numerem od 1 do 30"
    assert rule.source.section == "Rozgrywanie kart losu"


def test_reward_trading_between_heroes(data):
    rule = {r.number: r for r in data.rules}["14.1"]
    assert "**Wymiana:**" in rule.text.pl and "przejdzie przez obszar" in rule.text.pl   # L2242-2246
    assert "Trading" in rule.text.en
    assert (rule.source.section, rule.source.page) == ("Karty nagród", 27)


# ===================================================================================== assumptions ====

def test_inferences_are_assumptions(data):
    comps = {c.id: c for c in data.components}
    assert comps["land_tiles"].source.is_assumption                # 13 − 4 kingdom tiles is our reading
    unit_rows = {str(r.key): r for r in next(t for t in data.tables if t.id == "unit_stats").rows}
    assert unit_rows["zwierzoludzie"].source.is_assumption         # initiative 2 read from the example
    for path, source in sources_in(data):
        note = (source.note or "").lower()
        assert not re.search(r"apparently|inferen|derived from the example|wniosek", note), (path, note)


# ======================================================================================== language ====

def test_no_english_words_or_ids_in_table_values(data):
    for table in data.tables:
        for row in table.rows:
            for column, value in row.values.items():
                if isinstance(value, str) and value != "unknown":
                    assert not re.search(r"[A-Za-z]{2,}", value), (table.id, row.key, column, value)


def test_polish_prepositions_take_their_long_form(data):
    # "z" before s/z/ś/ź/ż + consonant is "ze" (ze Zgromadzenia, ze stosu); "w" before w/f + consonant is "we"
    bad_z = re.compile(r"(?<![\w-])[zZ] [„\"]?[szśźżSZŚŹŻ][^aeiouyąęóAEIOUYĄĘÓ\s]")
    bad_w = re.compile(r"(?<![\w-])[wW] [„\"]?[wfWF][^aeiouyąęóAEIOUYĄĘÓ\s]")
    slips = [(where, m.group(0)) for where, text in _polish_texts(data)
             for m in list(bad_z.finditer(text)) + list(bad_w.finditer(text))]
    assert slips == []


def test_the_preposition_check_catches_a_slip():
    bad_z = re.compile(r"(?<![\w-])[zZ] [„\"]?[szśźżSZŚŹŻ][^aeiouyąęóAEIOUYĄĘÓ\s]")
    assert bad_z.search("korzyści z „Zgromadzenia poparcia”")
    assert not bad_z.search("korzyści ze „Zgromadzenia poparcia”")


def test_every_cited_section_is_printed_in_the_rulebook(data):
    assert uncited_sections(GAME, data) == []

"""Independent checks of cards_data/lords_of_ragnarok against the Polish rulebook
(/work/shared/seeds/002_a602a384f9cdc40e.txt, "Lords of Ragnarok"; card texts first, the rulebook after).

Every expected number below was read from the rulebook text and is written as a literal; the comment names
the section (and, for the extraction, the line numbers) it comes from.
"""
from __future__ import annotations

import re

import pytest

from generator.schema.base import L10n
from tests.games._support import (
    normalize,
    one_row,
    recorded_conflicts,
    rulebook_text,
    sources_in,
    uncited_sections,
    validation,
    values_by_players,
    walk,
)

GAME = "lords_of_ragnarok"





def card(data, card_id):
    return next(c for c in data.cards if c.id == card_id)


def constant(data, constant_id):
    return next(c for c in data.constants if c.id == constant_id)


def contradiction(data, contradiction_id):
    return next(c for c in data.contradictions if c.id == contradiction_id)


def findings() -> list[dict]:
    return [i for i in validation(GAME)["issues"] if i["severity"] == "finding"]


# ======================================================================================== inventory ====

# "Elementy gry" (Żetony / Inne / Karty / Figurki)
BOX_COUNTS = {
    "action_wheel": 1, "temples": 7, "hero_cards": 5, "forge_tokens": 6, "rune_tokens": 36, "main_board": 1,
    "monster_die": 1, "domain_tokens": 6, "hero_rings": 4, "army_shields": 24, "trait_tokens": 12,
    "control_markers": 80, "slayer_tokens": 6, "large_rings": 8, "domain_tokens_2p": 2, "player_boards": 4,
    "event_cards": 21, "combat_cards": 35, "gift_cards": 36, "monster_cards": 6, "loki_card": 1, "god_cards": 3,
    "divine_artefact_cards": 3, "monster_artefact_cards": 6, "help_cards_1": 4, "help_cards_2": 4,
    "help_cards_3": 4, "history_cards": 6, "monster_attack_cards": 14, "temple_tracks": 2, "ragnarok_cards": 10,
    "army_figures": 24, "priest_figures": 16, "loki_figure": 1, "hero_figures": 5, "drakkar_figures": 4,
    "monster_figures": 6,
}


@pytest.mark.parametrize("component_id, count", sorted(BOX_COUNTS.items()))
def test_box_count(comps, component_id, count):
    assert comps[component_id]["count"] == count


def test_per_player_kit(general_setup):
    # Przygotowanie do gry, step 12: 6 Armies, 4 Priests, 1 Drakkar, 20 Control markers, 2 large rings,
    # 1 player ring, 3 reference cards, 3 Attribute tokens; army shields one per figure (assumption)
    per = {p["component"]: p["count"] for p in general_setup["per_player"]}
    assert per["army_figures"] == 6 and per["priest_figures"] == 4 and per["drakkar_figures"] == 1
    assert per["control_markers"] == 20 and per["large_rings"] == 2 and per["hero_rings"] == 1
    assert per["trait_tokens"] == 3
    assert per["help_cards_1"] + per["help_cards_2"] + per["help_cards_3"] == 3
    assert per["army_shields"] * 4 == 24


# =================================================================================== contradictions ====

# id → the field both readings are about (contradictions.yaml); rulebook lines of the two readings in the
# comment
NEW_CONTRADICTIONS = {
    "history_hero_card_order": "top_card",                 # Wybór Bohaterów step 7 (L2580) vs step 8 (L2583)
    "shield_against_special_attack": "shield_blocks_special_attack",  # Tarcza card (L729, L1817) vs Runda Potwora (L3113)
    "slayer_token_recipients": "recipients",               # L2621 "każdy gracz" vs L3065 "każdy z pozostałych", L357
    "action_wheel_fields_face": "fields_point_to",         # setup step 3 "Krain" (L2371) vs 5. Akcje specjalne (L2739)
    "rune_supply_all_tokens": "runes_in_supply_at_start",  # step 10 (L2356) vs step 5 (L2381), Kuźnia (L2114)
    "brisingamen_round_or_turn": "timing",                 # Brisingamen (L965) vs Mjölnir/Gungnir (L896, L937)
    "hunt_monster_side_player": "monster_side",            # L3191 vs L3202 and L2936
    "battle_retreat_destination": "retreat_to",            # Bitwy step 4 (L3338) vs Wycofanie (L2183)
    "priests_and_divine_gifts": "gifts_come_from",         # Posąg symbol (L2093) vs BOSKIE DARY (L2695)
    "muspelheim_recruit_strength": "recruited_strength",   # Werbunek (L2484) vs Muspelheim token (L158)
}


@pytest.mark.parametrize("contradiction_id, field", sorted(NEW_CONTRADICTIONS.items()))
def test_contradiction_has_both_readings(data, contradiction_id, field):
    item = contradiction(data, contradiction_id)
    assert [r.field for r in item.readings] == [field, field]
    first, second = item.readings
    assert first.value != second.value
    assert first.source.section and second.source.section
    assert item.summary.pl and item.summary.en


def test_contradiction_values_from_the_book(data):
    assert contradiction(data, "muspelheim_recruit_strength").readings[1].value == 1      # "Armię o Sile 1"
    shield = contradiction(data, "shield_against_special_attack").readings
    assert (shield[0].value, shield[1].value) == (False, True)
    assert "36" in contradiction(data, "rune_supply_all_tokens").readings[0].value           # "36 Żetonów Run"


# component / constant → (field, the other reading's value)
FIELD_CONFLICTS = {
    ("components", "hero_rings"): ("name", "pierścień gracza"),        # "4 Pierścienie bohatera" vs step 12
    ("components", "domain_tokens_2p"): ("name", "krainy dla 2 graczy"),  # "2 krainy dla 2 graczy" vs step 2
    ("components", "temple_tracks"): ("name", "karta Świątyń"),
    ("components", "domain_tokens"): ("name", "żetony Krain"),
    ("components", "event_cards"): ("name", "karty Zdarzeń"),
    ("constants", "godi_temples"): ("name", "WIELKI GOTHI"),
    ("constants", "monster_action_activations"): ("value", 2),
    ("constants", "hunt_rules_page"): ("value", 11),
}


@pytest.mark.parametrize("where, expected", sorted(FIELD_CONFLICTS.items()), ids=lambda v: str(v))
def test_field_conflict_recorded(data, where, expected):
    group, item_id = where
    item = next(i for i in getattr(data, group) if i.id == item_id)
    assert (item.conflicts[0].field, item.conflicts[0].value) == expected
    assert item.source.section and item.conflicts[0].source.section


def test_every_recorded_conflict_is_a_finding(data):
    recorded = recorded_conflicts(data)
    paths = {i["path"] for i in findings()}
    assert len(recorded) >= 23 and set(recorded) <= paths


@pytest.mark.parametrize("contradiction_id", sorted(NEW_CONTRADICTIONS))
def test_contradiction_is_reported_by_validate(contradiction_id):
    assert any(f"'{contradiction_id}'" in i["message"] for i in findings())


# ======================================================================================== omissions ====

def test_furious_attack_draws_four(data):
    # KARTY ATAKU POTWORÓW sample card "WŚCIEKŁY ATAK": "Potwór dobiera 4 karty" (L2838, L2842)
    furious = card(data, "attack_furious")
    assert furious.stats["draw"] == 4
    assert re.search(r"\b4\b", furious.text.pl) and re.search(r"\b2\b", furious.text.pl)  # "niższa niż 4", "2 dodatkowe"
    assert card(data, "attack_destruction").stats["draw"] == 2                              # "Potwór dobiera 2 karty"
    assert card(data, "attack_special").stats["weak_spot"] == 7                             # Runda Potwora example


def test_fafnir_wound_space_rewards(data):
    # card block L996 and the rulebook's sample card L2859: "ARMIA +1 ARMIA +1 RUNA KAPŁAN"
    fafnir = card(data, "monster_fafnir")
    assert fafnir.stats["reward_spaces"] == 4
    rewards = fafnir.text.pl.split("**Nagrody na polach Ran:**")[1]
    assert rewards.count("Armia +1") == 2 and "Runa" in rewards and "Kapłan" in rewards
    rewards_en = fafnir.text.en.split("**Wound-space rewards:**")[1]
    assert rewards_en.count("Army +1") == 2 and "Rune" in rewards_en and "Priest" in rewards_en


# reference-card texts (L250–605): a literal of the book that each card must carry
REFERENCE_FACTS = {
    "help_card_1": [r"3 Krainach", r"5 Regionów", r"przy 2 graczach 4", r"2 Potwory", r"trzecia karta",
                    r"Posłuch", r"Siła", r"Mądrość"],
    "help_card_2": [r"1–2 Regiony", r"1–2 Morza", r"aktywacja 1 Armii", r"2 razy", r"Mobilizacja",
                    r"Uzurpacja", r"Posiłki", r"aktywacja 2 ", r"6\. Dobierz"],
    "help_card_3": [r"2 karty Ataku", r"1 kartę Walki", r"1 Ranę", r"1 właściwa Runa", r"2 różne Runy",
                    r"3 różne Runy", r"2 karty Walki"],
}


@pytest.mark.parametrize("card_id, facts", sorted(REFERENCE_FACTS.items()))
def test_reference_card_text(data, card_id, facts):
    ref = card(data, card_id)
    assert isinstance(ref.text, L10n)
    for fact in facts:
        assert re.search(fact, ref.text.pl), fact
    assert ref.copies == 4                                          # "4 Karty Pomocy #1/#2/#3"
    assert ref.source.section and ref.source.assumption             # which card carries which text: assumed


def test_event_cards_numbered_by_region(data, general_setup):
    events = [c for c in data.cards if c.deck == "events"]
    assert sorted(c.stats["region"] for c in events) == list(range(1, 22))   # 21 cards, Regions 1–21
    assert all(c.copies == 1 and c.text == "unknown" and c.source.assumption for c in events)
    assert {c.name.pl for c in events} >= {"Zdarzenie 1", "Zdarzenie 21"}
    removed = one_row(general_setup, "event_cards", "remove")
    assert values_by_players(removed) == {2: 21 - 16, 3: 0, 4: 0}          # step 9: "numerach wyższych niż 16"
    assert removed["source"]


def test_named_cards_print_no_blank_title(data, comps):
    # blank proxies remain only where the book gives neither names nor texts
    listed: dict[str, int] = {}
    for c in data.cards:
        deck = next(d for d in data.decks if d.id == c.deck)
        listed[deck.component] = listed.get(deck.component, 0) + (1 if c.copies == "unknown" else c.copies)
    blanks = {comp: comps[comp]["count"] - n for comp, n in listed.items() if comps[comp]["count"] - n > 0}
    assert "event_cards" not in blanks and "help_cards_1" not in blanks
    assert sum(blanks.values()) == (35 - 5) + (36 - 2) + (14 - 4) + (10 - 2)


# ====================================================================================== assumptions ====

INFERENCE = re.compile(r"\b(derived: the|inferred|inference|wniosek|read as|attribution|descriptive)\b", re.I)


def test_inferences_are_assumption_sources_not_notes(data):
    offenders = [path for path, src in sources_in(data) if src.note and INFERENCE.search(src.note)]
    for path, value in walk(data):
        if path and path[-1] == "notes" and isinstance(value, L10n) and INFERENCE.search(value.en + value.pl):
            offenders.append(path)
    assert offenders == []


def test_player_range_is_an_assumption(data):
    assert (data.game.players.min, data.game.players.max) == (2, 4)
    assert data.game.players.source.assumption


# ========================================================================================= language ====

def _polish_texts(data):
    for path, value in walk(data):
        if isinstance(value, L10n):
            yield path, value.pl


# "z"/"w" before a word opening with the same sound and a consonant ("z Zdarzeń", "w wpływach") must be
# "ze"/"we"; English words that slipped into Polish
POLISH_SLIPS = re.compile(r"\bz [ZzSsŚśŹźŻż][^\WaeiouyąęóAEIOUYĄĘÓ]\w*|\bw [WwFf][^\WaeiouyąęóAEIOUYĄĘÓ]\w*"
                          r"|\b(?:Rulebook|the|and|card|Event)\b")


def test_polish_texts_have_no_slips(data):
    slips = [(path, m.group(0)) for path, text in _polish_texts(data) for m in POLISH_SLIPS.finditer(text)]
    assert slips == []


def test_site_values_carry_no_words(data):
    # constants and table cells print as written on both language pages: numbers and symbols only
    for c in data.constants:
        assert c.unit is None, c.id
        assert not re.search(r"[A-Za-zĄĆĘŁŃÓŚŹŻąćęłńóśźż]{2,}", str(c.value)), c.id
    for table in data.tables:
        for row in table.rows:
            for v in row.values.values():
                assert not re.search(r"[A-Za-zĄĆĘŁŃÓŚŹŻąćęłńóśźż]{3,}", str(v)) or v == "unknown", (table.id, v)


# ===================================================================================== rulebook text ====

def test_every_cited_section_is_printed_in_the_rulebook(data):
    assert uncited_sections(GAME, data) == []


@pytest.mark.parametrize("literal, times", [
    ("Potwór dobiera 4 karty.", 2),            # Wściekły Atak, L2838 and L2842
    ("ARMIA +1ARMIA +1RUNAKAPŁAN", 3),         # Fafnir's rewards line (card block twice, sample card once)
    ("Umieszcza kartę Bohatera na karcie Historii", 1),  # Wybór Bohaterów step 8
    ("Każdy z pozostałych graczy", 1),         # Pokonanie Potwora
    ("Zwerbuj Armię o Sile 1", 1),             # Muspelheim
])
def test_quoted_rulebook_literals(literal, times):
    text = rulebook_text(GAME)
    if text is None:
        pytest.skip("rulebook text not available")
    assert normalize(text).count(normalize(literal)) >= times   # the extraction breaks lines and uses NBSPs

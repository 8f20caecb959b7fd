"""Independent checks of cards_data/korona_starego_krola against the Polish rulebook
(/work/shared/seeds/001_df1dc65659d42c4f.txt, "Korona Starego Króla").

The rulebook prints no component list; the numbers below were read from its running text and examples and
are written as literals, each with the rulebook section (and the line of the text file, L…) it comes from.
Cards, tiles, constants and terms are found by their ids in cards_data/korona_starego_krola (checked by hand
against their names).
"""
from __future__ import annotations

import re

import pytest

from tests.conftest import CARDS_DATA
from tests.games._support import (
    components_by_id,
    inventory,
    normalize,
    recorded_conflicts,
    rulebook_text,
    sources_in,
    validation,
    walk,
)

GAME = "korona_starego_krola"
FACTIONS = ("klany", "arystokracja", "zgromadzenie", "buntownicy")  # "jednej z czterech wpływowych frakcji"



def card(data, card_id):
    return next(c for c in data.cards if c.id == card_id)


def tile(data, tile_id):
    return next(t for t in data.tiles if t.id == tile_id)


def constant(data, constant_id):
    return next(c for c in data.constants if c.id == constant_id)


def term(data, term_id):
    return next(t for t in data.glossary if t.id == term_id)


def findings() -> list[str]:
    return [i["message"] for i in validation(GAME)["issues"] if i["severity"] == "finding"]


# ======================================================================================= validation ====

def test_validates_with_no_errors(run_cli):
    result = run_cli("validate", GAME, "--data", CARDS_DATA, "--json")
    assert result.code == 0, result.err
    game = result.json()["games"][0]
    assert game["ok"] is True and game["errors"] == 0


def test_every_recorded_conflict_is_a_finding(data):
    recorded = recorded_conflicts(data)
    found = {i["path"] for i in validation(GAME)["issues"] if i["severity"] == "finding"}
    assert recorded and set(recorded) <= found
    assert len(recorded) >= 10


# =================================================================================== contradictions ====

def test_captain_strength_6_and_8(data):
    # Rozpatrywanie remisów w konfliktach (L1629): the Congregation's Captain (c) has Strength 6;
    # Zasadzka (L1999-2003): the Aristocracy's Captain 6, the Rebels' Captain 8; basic decks are identical
    captain = card(data, "kapitan")
    assert captain.name.pl.startswith("Kapitan") and captain.name.en.startswith("Captain")
    assert captain.stats["strength"] == 6
    assert captain.source.page == 29
    [reading] = [r for r in captain.conflicts if r.field == "stats.strength"]
    assert reading.value == 8 and reading.source.page == 37
    assert any("'kapitan'.stats.strength" in m and "but 8 per Zasadzka" in m for m in findings())


def test_knowledge_to_influence_rate_both_readings(data):
    # Miejsca mocy (L2393-2394) and hasła „Miejsca mocy”, „Zapasy”: 1 influence per 2 knowledge;
    # the same section's opening (L2292-2294) and hasło „Wiedza” (L3129-3130): all knowledge becomes influence
    rate = constant(data, "knowledge_per_influence_end")
    assert rate.value == 2
    assert [r.value for r in rate.conflicts] == [1]
    assert rate.conflicts[0].source.page == 44


def test_round_and_step_counts_keep_both_readings(data):
    # Regulowanie długości gry: 5 rounds vs Zima: the game ends on the last (6th) space of the round track
    assert constant(data, "rounds_normal_game").value == 5
    assert [r.value for r in constant(data, "rounds_normal_game").conflicts] == [6]
    # "W rundzie są trzy kroki akcji" / "dwa kroki efektów" vs one Day and one Night step per conflict
    assert constant(data, "action_steps_per_round").value == 3
    assert constant(data, "effect_steps_per_round").value == 2
    assert constant(data, "action_steps_per_round").conflicts and constant(data, "effect_steps_per_round").conflicts


CONTRADICTIONS = {
    # id: (reading words that must appear, sections of the two sides)
    "spalone_elementy": (("box", "set aside"), ("Palenie / spalona", "hasło „Palenie”")),
    "strona_objasnien_rozkazow": (("s. 3 ", "s. 37"), ("hasło „Rozkazy”", "Rozkazy")),
    "strony_slowniczka": (("s. 51", "s. 50"), ("hasło „Rządzenie”", "Zajmowanie kart Królestwa")),
    "znacznik_limitu_reki": (("number of cards in hand", "hand limit"), ("Obszar gry i planszetka gracza", "Wyniszczenie")),
    "karty_akcji": (("karty akcji", "aktywne karty", "kartę akcji", "kartę frakcji"), ("Zima", "hasło „Zima”")),
}


@pytest.mark.parametrize("contradiction_id", sorted(CONTRADICTIONS))
def test_contradiction_recorded_with_both_readings(data, contradiction_id):
    words, sections = CONTRADICTIONS[contradiction_id]
    entry = next(c for c in data.contradictions if c.id == contradiction_id)
    assert len(entry.readings) >= 2
    values = " ".join(str(r.value) for r in entry.readings)
    for word in words:
        assert word in values, word
    cited = [r.source.section for r in entry.readings]
    assert list(sections) == cited[:2]
    assert entry.summary.pl and entry.summary.en
    assert any(f"rulebook contradiction '{contradiction_id}'" in m for m in findings())


# ========================================================================================= omissions ====

@pytest.mark.parametrize("faction", FACTIONS)
def test_every_heir_has_mobilizacja_wlasna(data, faction):
    # Przykład kroku akcji Jesieni (L1805) and Mobilizacja example A (L2113-2116): the Heir's order
    heir = card(data, f"heir_{faction}")
    assert heir.faction == faction and heir.copies == 1
    assert "Mobilizacja (własna)" in heir.text.pl and "Mobilizacja (własna)" in heir.text.en
    assert "s. 39" in heir.notes.pl and "p. 39" in heir.notes.en


def test_cavalry_strength_5_with_oskrzydlenie(data):
    # Oskrzydlenie example (L2057-2064): the Aristocracy's Cavalry (m) flanks and adds "kolejne 5 Siły"
    cavalry = card(data, "kawaleria")
    assert cavalry.name.pl.startswith("Kawaleria") and cavalry.stats["strength"] == 5
    assert "Oskrzydlenie" in cavalry.text.pl
    assert re.search(r"\b5 Siły\b", cavalry.notes.pl) and "5 Strength" in cavalry.notes.en
    assert cavalry.source.section == "Oskrzydlenie" and cavalry.source.page == 38


def test_trickster_strength_0_with_zasadzka_and_odwrot(data):
    # Zasadzka example (L1996-1997): the Rebels' "kartę r o Sile 0" uses Zasadzka;
    # Odwrót example (L2048-2053): the Congregation's r picks Odwrót "zamiast na Zasadzkę"
    trickster = card(data, "oszust")
    assert trickster.name.pl.startswith("Oszust") and trickster.stats["strength"] == 0
    assert "Zasadzka" in trickster.text.pl and "Odwrót" in trickster.text.pl
    assert "Siłę 0" in trickster.notes.pl and "Strength 0" in trickster.notes.en
    assert trickster.source.section == "Zasadzka" and trickster.source.page == 37


def test_archetype_cards_say_their_deck_is_an_assumption(data):
    for card_id in ("kapitan", "kawaleria", "oszust", "zguba"):
        c = card(data, card_id)
        assert c.deck == "basic_faction" and "basic or" in c.source.assumption, card_id
        assert c.copies == "unknown"


def test_tactic_tiles_carry_their_faction(data):
    # Kafelki taktyk: "unikatowego zestawu czterech kafelków taktyk" per faction
    tiles = [t for t in data.tiles if t.component == "tactic_tiles"]
    assert len(tiles) == 16
    per_faction = {f: sum(1 for t in tiles if t.faction == f) for f in FACTIONS}
    assert per_faction == {f: 4 for f in FACTIONS}
    assert components_by_id(inventory(GAME))["tactic_tiles"]["count"] == 16
    # the named ones, as the examples say: Szkoła sztormów and Szlaki morskie (Clans), Kryjówki (Rebels)
    assert tile(data, "szkola_sztormow").faction == "klany"
    assert tile(data, "szlaki_morskie").faction == "klany"
    assert tile(data, "kryjowki").faction == "buntownicy"


def test_tactic_effects_live_in_the_tile_text(data):
    # Przykład kroku akcji Dnia: Szlaki morskie (L1511-1517) gives an active card Oskrzydlenie "do końca rundy";
    # Kryjówki (L1499-1504) lets a card gain Odwrót
    sea_lanes = tile(data, "szlaki_morskie")
    assert "Oskrzydlenie" in sea_lanes.text.pl and "do końca rundy" in sea_lanes.text.pl
    assert "Oskrzydlenie" in sea_lanes.text.en and "end of the round" in sea_lanes.text.en
    hideouts = tile(data, "kryjowki")
    assert "Odwrót" in hideouts.text.pl and "Odwrót" in hideouts.text.en
    assert tile(data, "szkola_sztormow").text == "unknown"
    unnamed = [t for t in data.tiles if "nazwa nieznana" in t.name.pl]
    assert len(unnamed) == 13 and all(t.text == "unknown" for t in unnamed)


PLAY_STYLES = {  # Frakcje Rozbitego Królestwa, "Wybierzcie …, jeśli preferujecie styl gry oparty na …"
    "klany": ("ruchliwość", "impet", "Siły"),                   # L1896-1897: mobilności, impecie, przytłaczającej sile
    "arystokracja": ("obrona", "kontroli"),                     # L1912-1914: potężnej obronie … kontroli
    "zgromadzenie": ("kartami", "władzy"),                      # L1934-1936: manipulacji kartami … władzy
    "buntownicy": ("spiski", "podstępy", "eliminowanie kart"),  # L1951-1953: spiskach, fortelach, eliminacji kart
}


@pytest.mark.parametrize("faction", FACTIONS)
def test_faction_play_style_term(data, faction):
    entry = term(data, faction)
    assert entry.term.pl == next(f.name.pl for f in data.factions if f.id == faction)
    for word in PLAY_STYLES[faction]:
        assert word in entry.definition.pl, word
    assert "Play style" in entry.definition.en and "Styl gry" in entry.definition.pl
    assert entry.source.section == "Frakcje Rozbitego Królestwa"


def test_location_extras_are_a_rule_not_bilingual_table_cells(data):
    rule = next(r for r in data.rules if r.number == "10.4")
    for place in ("Zamek", "Dzicz", "Pola Uprawne", "Nekropolia"):
        assert place in rule.text.pl
    rewards = next(t for t in data.tables if t.id == "location_rewards")
    assert [c.id for c in rewards.columns] == ["influence"]
    # Zdobycie nagród (L1666): the Farmlands give 1 influence; the other printed amounts are not given
    values = {r.key: r.values["influence"] for r in rewards.rows}
    assert values.pop("pola_uprawne") == 1 and set(values.values()) == {"unknown"}


def test_herald_reward_numbers(data):
    # Zdobycie nagród (L1685-1687): "gracz zyskuje 1i … kradnie 1i każdemu przeciwnikowi"
    assert constant(data, "herald_reward_gain").value == 1
    assert constant(data, "herald_reward_steal").value == 1


# ====================================================================================== assumptions ====

def test_player_range_is_an_assumption(data):
    # the rulebook never prints "2–4 graczy"; it is inferred from four factions and 2-/4-player examples
    players = data.game.players
    assert (players.min, players.max) == (2, 4)
    assert players.source.is_assumption


def test_inferences_are_assumption_sources(data):
    board = next(b for b in data.boards if b.id == "kingdom_board")
    order_track = next(t for t in board.tracks if t.id == "order_track")
    assert order_track.spaces == 4 and order_track.source.assumption
    assert all(r.adjacent == "unknown" for r in board.regions)  # adjacency is never stated (rows only)
    player_board = next(b for b in data.boards if b.id == "player_board")
    dial = next(w for w in player_board.wheels if w.id == "hand_limit")
    assert dial.labels == ["3", "4", "5", "6", "7", "8"] and dial.source.assumption  # Limit ręki: 3..8
    start = constant(data, "starting_hand_limit")
    assert start.value == 6 and start.source.assumption
    assert all(f.source.assumption for f in data.factions)  # colours are ours


def test_no_source_note_calls_an_inference_derived(data):
    # a note may show arithmetic on stated facts ("1 per faction × 4"); guesses belong in `assumption:`
    for path, source in sources_in(data):
        note = (source.note or "").lower()
        assert "must show" not in note and "derived from setup" not in note, path


# ========================================================================================= language ====

ENGLISH = re.compile(r"\b(the|and|of|with|unknown|card|cards|mulligan|derived)\b", re.IGNORECASE)


def test_polish_texts_have_no_english_words(data):
    slips = []
    for path, value in walk(data):
        if path and path[-1] == "pl" and isinstance(value, str):
            plain = re.sub(r":[a-z_]+:|\*\*|\[\[[^|\]]*\|", " ", value)
            if ENGLISH.search(plain):
                slips.append((path, value))
    assert slips == []


def test_polish_slips_fixed(data):
    texts = " ".join(v for p, v in walk(data) if p and p[-1] == "pl" and isinstance(v, str))
    assert "Jedno z trzech ośrodków" not in texts and "Jeden z trzech ośrodków" in texts
    assert "skąd by nie był" not in texts
    assert "Wygrywa najwięcej" not in texts


def test_no_untranslatable_text_stats(data):
    # a plain text stat would print the same on both languages' cards: numbers, unknown or {pl, en} only
    for c in data.cards:
        for key, value in c.stats.items():
            assert isinstance(value, int) or value == "unknown" or hasattr(value, "en"), (c.id, key, value)
    assert next(s for s in data.stats if s.id == "aspect").name.pl == "Atut"  # Karty Królestwa: "Atut karty Królestwa"


def test_no_table_column_carries_one_language(data):
    for table in data.tables:
        for column in table.columns:
            assert "(en)" not in column.name.pl and "(pl)" not in column.name.en, (table.id, column.id)


# ============================================================================ citations in the book ====

def _book_heading(section: str) -> str:
    """'hasło „Wielki Trakt”' (a glossary entry) is cited by its entry word."""
    found = re.fullmatch(r"hasło „(.+)”", section)
    return found.group(1) if found else section


def test_every_cited_section_is_printed_in_the_rulebook(data):
    text = rulebook_text(GAME)
    if text is None:
        pytest.skip("rulebook text not available")
    # the extraction mangles the "fl"/"fi" ligatures: kon¬ikt, kon«ikt, kon¢ikt = konflikt; tra©ają = trafiają
    text = normalize(re.sub("[¬«¢]", "fl", text).replace("©", "fi"))
    missing = sorted({s.section for _, s in sources_in(data)
                      if s.section and normalize(_book_heading(s.section)) not in text})
    assert missing == []


ARCHETYPE_FACTS = {  # card id: (stat, value, book words) — Lista archetypów maps the glyphs a/t/x/f
    "szpieg": ("votes", 2, "Zabójstwo"),         # Rządzenie example L1727-1728 "swoje dwa v"; Zabójstwo L2133-2135
    "handlarz": ("strength", "unknown", "Mobilizacja (dowolne 2)"),  # Mobilizacja example B, L2081-2083
    "czempion": ("knowledge", 2, "Przewodnik"),   # Przewodnik example L2189-2194: "zyskuje 2p"
    "poplecznik": ("knowledge", 1, None),         # Przykład kroku akcji Jesieni L1803-1804: "zyskuje 1p"
}


@pytest.mark.parametrize("card_id", sorted(ARCHETYPE_FACTS))
def test_more_archetype_facts_from_examples(data, card_id):
    stat, value, words = ARCHETYPE_FACTS[card_id]
    c = card(data, card_id)
    assert c.stats[stat] == value
    if words:
        assert words in c.text.pl and words in c.text.en
    assert c.notes.pl and c.notes.en and c.source.assumption

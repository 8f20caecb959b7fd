"""Checks every game in cards_data/ must pass: it validates, every fact carries a source, every term is
bilingual, every recorded contradiction is reported, and every printable component with a known count
has something that prints it."""
from __future__ import annotations

import pytest

from tests.conftest import CARDS_DATA
from tests.games._support import (
    game_data,
    inventory,
    normalize,
    recorded_conflicts,
    setup,
    sources_in,
    validation,
)

# /work/shared/seeds/README.md: the five rulebooks and the game id each one serves
RULEBOOKS = {
    "runewars": "000_31b4711e26bff4b0.txt",
    "korona_starego_krola": "001_df1dc65659d42c4f.txt",
    "lords_of_ragnarok": "002_a602a384f9cdc40e.txt",
    "rune_age": "003_86af7c72d325078f.txt",
    "battalia": "004_48a417c52bd00fb5.txt",
}
GAMES = sorted(p.name for p in CARDS_DATA.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))


def _cited(source: dict | None) -> bool:
    return bool(source) and bool((source.get("section") or "").strip() or (source.get("assumption") or "").strip())


def test_the_five_games_are_there():
    assert sorted(RULEBOOKS) == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_game_names_its_rulebook(game):
    assert game_data(game).game.rulebook.file == RULEBOOKS[game]


@pytest.mark.parametrize("game", GAMES)
def test_validates_with_no_errors(game, run_cli):
    result = run_cli("validate", game, "--data", CARDS_DATA, "--json")
    assert result.code == 0, result.err
    report = result.json()
    errors = [i for g in report["games"] for i in g["issues"] if i["severity"] == "error"]
    assert report["ok"] is True and errors == []
    assert [g["errors"] for g in report["games"]] == [0]


@pytest.mark.parametrize("game", GAMES)
def test_every_component_has_a_source(game):
    report = inventory(game)
    assert report["components"]
    uncited = [c["id"] for c in report["components"] if not _cited(c["source"])]
    assert uncited == []


@pytest.mark.parametrize("game", GAMES)
def test_every_setup_row_has_a_source(game):
    reports = [setup(game)] + [setup(game, "--scenario", s.id) for s in game_data(game).scenarios]
    seen = 0
    for report in reports:
        for item in report["rows"] + report["per_player"]:
            seen += 1
            assert _cited(item["source"]), (report["scenario"], item["component"])
    assert seen


@pytest.mark.parametrize("game", GAMES)
def test_every_card_and_constant_has_a_source(game):
    data = game_data(game)
    for kind, items in (("card", data.cards), ("constant", data.constants), ("table", data.tables),
                        ("recipe", data.recipes), ("tile", data.tiles), ("board", data.boards)):
        for item in items:
            assert item.source is not None, (kind, item.id)
            assert (item.source.section or "").strip() or (item.source.assumption or "").strip(), (kind, item.id)


@pytest.mark.parametrize("game", GAMES)
def test_no_blank_source_anywhere(game):
    blank = [path for path, s in sources_in(game_data(game))
             if not (s.section or "").strip() and not (s.assumption or "").strip()]
    assert blank == []


@pytest.mark.parametrize("game", GAMES)
def test_every_glossary_term_has_polish_and_english(game):
    for term in game_data(game).glossary:
        for text in (term.term, term.definition):
            assert text.pl.strip() and text.en.strip(), term.id
        assert normalize(term.definition.pl) != normalize(term.definition.en), f"{term.id}: definition not translated"
        assert any(f.strip() for f in term.forms), f"{term.id}: no Polish form"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_has_polish_and_english(game):
    for rule in game_data(game).rules:
        assert rule.title.pl.strip() and rule.title.en.strip() and rule.text.pl.strip() and rule.text.en.strip()


@pytest.mark.parametrize("game", GAMES)
def test_every_recorded_contradiction_is_a_finding(game):
    findings = {i["path"] for i in validation(game)["issues"] if i["severity"] == "finding"}
    assert set(recorded_conflicts(game_data(game))) <= findings


@pytest.mark.parametrize("game", GAMES)
def test_printable_components_with_a_known_count_are_covered(game):
    data = game_data(game)
    parents = {c.parent for c in data.components if c.parent}
    decks = {d.component for d in data.decks}
    boards = {b.component for b in data.boards if b.component}
    tiles: dict[str, list] = {}
    for tile in data.tiles:
        tiles.setdefault(tile.component, []).append(tile)
    checked = 0
    for comp in data.components:
        method = comp.print.method if comp.print else None
        if method in (None, "none") or comp.count == "unknown" or comp.count == 0:
            continue
        assert comp.id not in parents, f"{comp.id}: a group prints, not its parts"
        checked += 1
        if method == "deck":
            assert comp.id in decks, f"{comp.id}: no deck prints it"
        elif method == "board":
            assert comp.id in boards, f"{comp.id}: no board draws it"
        elif method == "tile":
            assert tiles.get(comp.id), f"{comp.id}: no tile defines it"
            copies = [t.copies for t in tiles[comp.id]]
            if "unknown" not in copies:
                assert sum(copies) == comp.count, comp.id
    assert checked
    # and the validator agrees: no printing problem reported for a component whose count is known
    known = {c.id for c in data.components if c.count != "unknown"}
    problems = [i["message"] for i in validation(game)["issues"]
                if i["code"] in ("print", "deck-size", "count-sum") and any(f"'{cid}'" in i["message"] for cid in known)]
    assert problems == []

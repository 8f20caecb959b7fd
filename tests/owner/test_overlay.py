"""Owner overlays: fill unknowns, refuse to replace stated values or add what does not fit, locate every
error in the overlay file, and carry through to the printed cards."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from generator.validate.run import validate_folder
from tests.conftest import CARDS_DATA, ROOT, edit

FIXTURE = ROOT / "tests" / "fixtures" / "overlay"
ZJAWA_PL = "Zjawa przenika mury twierdz bez walki."


@pytest.fixture
def overlay(tmp_path) -> Path:
    """A writable copy of the fixture overlay."""
    out = tmp_path / "overlay"
    shutil.copytree(FIXTURE, out)
    return out


def _card(result, card_id):
    index = next(i for i, c in enumerate(result.data.cards) if c.id == card_id)
    return index, result.data.cards[index]


def test_overlay_fills_unknowns_with_owner_provenance():
    plain = validate_folder(CARDS_DATA / "runewars")
    merged = validate_folder(CARDS_DATA / "runewars", overlay=FIXTURE)
    assert merged.ok, [i.format() for i in merged.issues if i.severity.value == "error"]
    i, card = _card(merged, "hero_zjawa")
    assert _card(plain, "hero_zjawa")[1].text == "unknown"
    assert card.text.pl == ZJAWA_PL and card.stats["strength"] == 3
    assert card.stats["agility"] == "unknown"  # only the named stat is filled
    assert card.source.section == "Przykład pojedynku"  # the book's source stays …
    assert card.source.owner == "tests/fixtures/overlay/runewars/cards.yaml:3"  # … and the owner's is added
    where = merged.index.owner_filled("cards", i, "text")
    assert where == "tests/fixtures/overlay/runewars/cards.yaml:5"
    assert merged.index.owner_filled("cards", i, "text", "pl") == where
    assert merged.index.owner_filled("cards", i, "stats", "strength")
    assert merged.index.owner_filled("cards", i, "stats", "agility") is None
    assert merged.index.owner_filled("cards", i, "name") is None
    assert merged.index.owner_field("cards", "hero_zjawa", "text") == where
    assert merged.index.owner_field("cards", "hero_zjawa", "name") is None
    assert merged.index.owner_field("cards", "hero_unnamed", "text") is None
    assert plain.index.owner_field("cards", "hero_zjawa", "text") is None
    assert len(merged.unknowns) == len(plain.unknowns) - 2
    assert merged.completion["owner"] == 2 and plain.completion["owner"] == 0
    assert merged.completion["unknown"] == plain.completion["unknown"] - 2


def test_overlay_fills_an_event_and_adds_a_card_where_the_count_leaves_room():
    merged = validate_folder(CARDS_DATA / "lords_of_ragnarok", overlay=FIXTURE)
    assert merged.ok, [i.format() for i in merged.issues if i.severity.value == "error"]
    i, event = _card(merged, "event_07")
    assert event.text.en.startswith("Every Drakkar") and event.name.pl == "Zdarzenie 7"
    assert merged.index.owner_filled("cards", i, "text") == "tests/fixtures/overlay/lords_of_ragnarok/cards.yaml:6"
    j, card = _card(merged, "owner_gift_horn")
    assert card.deck == "gifts" and card.text.en == "Draw 1 Combat card."
    assert card.source.owner == "tests/fixtures/overlay/lords_of_ragnarok/cards.yaml:8"
    assert card.source.is_owner and card.source.cite().startswith("owner: ")
    assert merged.index.owner_filled("cards", j, "text") and "owner_gift_horn" in merged.index.owner_added("cards")


def _errors(run_cli, overlay, game="runewars", *extra):
    result = run_cli("validate", game, "--data", CARDS_DATA, "--overlay", overlay, *extra)
    assert result.code == 1, result.out + result.err
    assert "Traceback" not in result.err
    return result.err


def test_replacing_a_stated_value_is_an_error_unless_override(run_cli, overlay):
    edit(overlay / "runewars" / "cards.yaml", "  - id: hero_zjawa\n",
         "  - id: hero_zjawa\n    copies: 2\n")
    err = _errors(run_cli, overlay)
    assert "overlay/runewars/cards.yaml:4:13: overlay cards[0].copies: 'copies' is stated in the data (1 at " \
           "cards_data/runewars/cards_other.yaml:18)" in err
    assert "override: true" in err
    edit(overlay / "runewars" / "cards.yaml", "    copies: 2\n", "    copies: 1\n    override: true\n")
    # with override the stated value may be restated (or replaced: see the next test)
    result = run_cli("validate", "runewars", "--data", CARDS_DATA, "--overlay", overlay)
    assert result.code == 0, result.err


def test_override_replaces_and_the_merged_data_is_checked(run_cli, overlay):
    edit(overlay / "runewars" / "cards.yaml", "  - id: hero_zjawa\n",
         "  - id: hero_zjawa\n    override: true\n    copies: 3\n")
    err = _errors(run_cli, overlay)
    assert "deck 'heroes' holds 14 cards (sum of copies) but component 'hero_cards' counts 12" in err


def test_bad_values_are_located_in_the_overlay(run_cli, overlay):
    edit(overlay / "runewars" / "cards.yaml", "    stats: {strength: 3}\n",
         "    stats: {strength: 3}\n    cost: -2\n    colour: red\n")
    err = _errors(run_cli, overlay)
    assert "overlay/runewars/cards.yaml:8:11: cards[" in err and "].cost: expected an integer from 0" in err
    assert "overlay/runewars/cards.yaml:9:5: cards[" in err and "unknown field 'colour'" in err


def test_new_ids_need_room_and_get_a_did_you_mean(run_cli, overlay):
    edit(overlay / "runewars" / "cards.yaml", "  - id: hero_zjawa\n", "  - id: hero_zjava\n")
    err = _errors(run_cli, overlay)
    assert "overlay/runewars/cards.yaml:3:9: overlay cards[0].id: new card 'hero_zjava': a new card needs " \
           "'deck' (is the id misspelt?) (did you mean 'hero_zjawa'?)" in err
    (overlay / "runewars" / "more.yaml").write_text(
        "cards:\n  - id: extra_hero\n    deck: heroes\n    name: {pl: Nowy, en: New}\n    copies: 1\n"
        "components:\n  - id: hero_card\n    count: 13\n", encoding="utf-8")
    err = _errors(run_cli, overlay)
    assert "overlay/runewars/more.yaml:2:9: overlay cards[1].id: new card 'extra_hero': component " \
           "'hero_cards' counts 12 and the data already lists 12; 1 more do not fit" in err
    assert "overlay/runewars/more.yaml:7:9: overlay components[0].id: no component 'hero_card' in the data " \
           "(did you mean 'hero_cards'?)" in err


def test_structural_mistakes_are_located(run_cli, overlay):
    path = overlay / "runewars" / "cards.yaml"
    path.write_text("game:\n  id: runewars\ncards:\n  - text: unknown\n  - id: hero_zjawa\n"
                    "    source: {section: X}\n  - id: hero_unnamed\n    override: yes please\n", encoding="utf-8")
    err = _errors(run_cli, overlay)
    assert "cards.yaml:1:1: overlay game: an overlay cannot change 'game'" in err
    assert "cards.yaml:4:5: overlay cards[0]: expected a mapping with the 'id'" in err
    assert "cards.yaml:6:5: overlay cards[1].source: an overlay value's source is the overlay itself" in err
    assert "cards.yaml:8:15: overlay cards[2].override: expected true or false" in err
    path.write_text("tiles: {id: x}\n", encoding="utf-8")
    err = _errors(run_cli, overlay)
    assert "cards.yaml:1:8: overlay tiles: expected a list of entries under 'tiles', got dict" in err


def test_yaml_errors_and_unknown_games_in_the_overlay(run_cli, overlay):
    (overlay / "runewars" / "cards.yaml").write_text("cards:\n  - id: [\n", encoding="utf-8")
    err = _errors(run_cli, overlay)
    assert "overlay/runewars/cards.yaml:" in err and "YAML" in err
    (overlay / "runwars").mkdir()
    result = run_cli("validate", "--data", CARDS_DATA, "--overlay", overlay)
    assert result.code == 2 and "names no game; did you mean 'runewars'?" in result.err
    result = run_cli("validate", "--data", CARDS_DATA, "--overlay", overlay / "missing")
    assert result.code == 2 and "overlay folder not found" in result.err


def test_overlay_never_writes_into_the_data(run_cli, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(CARDS_DATA / "runewars", data / "runewars")
    before = {p.name: p.read_bytes() for p in (data / "runewars").iterdir()}
    overlay = tmp_path / "overlay"
    shutil.copytree(FIXTURE / "runewars", overlay / "runewars")
    result = run_cli("validate", "runewars", "--data", data, "--overlay", overlay)
    assert result.code == 0, result.err
    assert {p.name: p.read_bytes() for p in (data / "runewars").iterdir()} == before


def test_validate_shows_completion(run_cli):
    result = run_cli("validate", "runewars", "lords_of_ragnarok", "--data", CARDS_DATA, "--overlay", FIXTURE,
                     "--json")
    assert result.code == 0, result.err
    games = {g["game"]: g for g in result.json()["games"]}
    assert games["runewars"]["completion"]["owner"] == 2
    assert games["lords_of_ragnarok"]["completion"]["owner"] == 3  # the event text, the new card's copies and text
    for game in games.values():
        done = game["completion"]
        assert done["unknown"] == len(game["unknowns"])
        assert 0 < done["percent"] < 100
    text = run_cli("validate", "runewars", "--data", CARDS_DATA, "--overlay", FIXTURE)
    assert "stated" in text.out and "owner" in text.out


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed")
def test_printed_cards_carry_the_filled_text(run_cli, tmp_path):
    out = tmp_path / "out"
    result = run_cli("print", "runewars", "--data", CARDS_DATA, "--overlay", FIXTURE, "--out", out, "--no-png")
    assert result.code == 0, result.err
    pdf = next(out.glob("runewars/print/*/cards.pdf"))
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert ZJAWA_PL in " ".join(text.split())
    assert "uzupełnił właściciel" in text  # the owner's values are marked, never passed off as the rulebook's
    plain = tmp_path / "plain"
    assert run_cli("print", "runewars", "--data", CARDS_DATA, "--out", plain, "--no-png").code == 0
    text = subprocess.run(["pdftotext", str(next(plain.glob("runewars/print/*/cards.pdf"))), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert ZJAWA_PL not in " ".join(text.split()) and "uzupełnił właściciel" not in text


def test_nested_entries_are_matched_by_id_or_key(tmp_path):
    overlay = tmp_path / "overlay"
    (overlay / "rune_age").mkdir(parents=True)
    (overlay / "rune_age" / "tables.yaml").write_text(
        "tables:\n  - id: named_race_units\n    rows:\n      - key: Ożywiony\n        values: {strength: 2}\n",
        encoding="utf-8")
    merged = validate_folder(CARDS_DATA / "rune_age", overlay=overlay)
    assert merged.ok, [i.format() for i in merged.issues if i.severity.value == "error"]
    t = next(n for n, tb in enumerate(merged.data.tables) if tb.id == "named_race_units")
    r = next(n for n, row in enumerate(merged.data.tables[t].rows) if row.key == "Ożywiony")
    assert merged.data.tables[t].rows[r].values["strength"] == 2
    assert merged.index.owner_filled("tables", t, "rows", r, "values", "strength").endswith("tables.yaml:5")
    (overlay / "rune_age" / "tables.yaml").write_text(
        "tables:\n  - id: named_race_units\n    rows:\n      - key: Ozywiony\n        values: {strength: 2}\n",
        encoding="utf-8")
    merged = validate_folder(CARDS_DATA / "rune_age", overlay=overlay)
    assert [i.format() for i in merged.issues if i.code == "overlay"] == [
        f"{overlay}/rune_age/tables.yaml:4:14: overlay tables[0].rows[0].key: no key 'Ozywiony' in 'rows' of this "
        "entry (did you mean 'Ożywiony'?)"]


def test_setup_rows_are_filled_by_component(run_cli, tmp_path):
    overlay = tmp_path / "overlay"
    (overlay / "runewars").mkdir(parents=True)
    setup = overlay / "runewars" / "setup.yaml"
    setup.write_text("setup:\n  rows:\n    - component: city_tokens\n      values: {2: 5, 3: 6}\n", encoding="utf-8")
    merged = validate_folder(CARDS_DATA / "runewars", overlay=overlay)
    assert merged.ok, [i.format() for i in merged.issues if i.severity.value == "error"]
    i, row = next((i, r) for i, r in enumerate(merged.data.setup.rows) if r.component == "city_tokens")
    assert row.values == {2: 5, 3: 6, 4: "unknown"} and row.source.owner.endswith("setup.yaml:3")
    assert merged.index.owner_filled("setup", "rows", i, "values", 2).endswith("setup.yaml:4")
    assert merged.index.owner_filled("setup", "rows", i, "values", 4) is None
    setup.write_text("setup:\n  rows:\n    - component: city_token\n      values: {2: 5}\n"
                     "  steps:\n    - {number: 1}\n", encoding="utf-8")
    err = _errors(run_cli, overlay)
    assert "setup.yaml:3:18: overlay setup.rows[0].component: 0 setup rows of 'city_token' match this row " \
           "(did you mean 'city_tokens'?)" in err
    assert "setup.yaml:5:3: overlay setup.steps: an overlay fills setup 'rows' or 'per_player'" in err


BAD_OVERLAYS = [
    "cards:\n  - id: hero_zjawa\n    stats: 5\n",
    "cards:\n  - id: hero_zjawa\n    stats: {strength: {pl: a}}\n",
    "cards:\n  - id: hero_zjawa\n    text: {pl: x}\n",
    "cards:\n  - id: 5\n",
    "cards:\n  - id: new1\n    deck: heroes\n    copies: many\n",
    "cards:\n  - id: new1\n    deck: [1]\n",
    "boards:\n  - id: main\n    tracks: 5\n",
    "tiles:\n  - id: t1\n",
    "cards:\n- null\n",
    "- a\n",
    "setup: {rows: [{component: 3}]}\n",
    "cards:\n  - id: hero_zjawa\n    text: {pl: 'x [[nope]]', en: y}\n",
]


@pytest.mark.parametrize("text", BAD_OVERLAYS)
def test_every_overlay_error_is_located_in_the_overlay(run_cli, tmp_path, text):
    overlay = tmp_path / "overlay"
    (overlay / "runewars").mkdir(parents=True)
    (overlay / "runewars" / "bad.yaml").write_text(text, encoding="utf-8")
    err = _errors(run_cli, overlay)
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    assert errors
    for line in errors:
        assert line.startswith(f"error: {overlay}/runewars/bad.yaml:"), line
        assert line.split("bad.yaml:")[1].split(":")[0].isdigit(), line


EVENT_PL = "Każdy Drakkar na morzu cofa się o jedno Morze."


def test_filled_event_prints_and_both_fills_show_on_the_site(run_cli, tmp_path):
    """The issue's fixture: one Runewars card text and one Lords of Ragnarok event, on paper and on the site."""
    out = tmp_path / "out"
    assert run_cli("print", "lords_of_ragnarok", "--data", CARDS_DATA, "--overlay", FIXTURE, "--out", out,
                   "--no-png").code == 0
    pdf = next(out.glob("lords_of_ragnarok/print/*/cards.pdf"))
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert EVENT_PL in " ".join(text.split())
    site = tmp_path / "site-out"
    result = run_cli("site", "runewars", "lords_of_ragnarok", "--data", CARDS_DATA, "--overlay", FIXTURE,
                     "--out", site, "--lang", "pl")
    assert result.code == 0, result.err
    pages = {game: (site / "site" / "pl" / game / "cards" / "index.html").read_text(encoding="utf-8")
             for game in ("runewars", "lords_of_ragnarok")}
    assert ZJAWA_PL in " ".join(pages["runewars"].split())
    assert EVENT_PL in " ".join(pages["lords_of_ragnarok"].split())
    assert all("uzupełnił właściciel" in page for page in pages.values())  # marked as the owner's

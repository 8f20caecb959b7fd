"""Languages are data (game.languages) and a designer's own game needs no rulebook provenance."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from generator.schema.base import L10n, Source
from generator.validate.run import validate_folder
from tests.conftest import FIXTURES, edit


def errors(folder):
    result = validate_folder(folder)
    return result, [i for i in result.issues if i.severity.value == "error"]


def test_english_only_original_game_validates(starfall_data):
    result, errs = errors(starfall_data / "starfall")
    assert not errs, [e.format() for e in errs]
    game = result.data.game
    assert game.languages == ["en"] and game.is_original and game.rulebook is None
    assert result.data.game.title.en == "Starfall Traders" and result.data.game.title.pl is None
    assert result.data.game.title.get("en") == "Starfall Traders"


def test_values_without_source_carry_designer_provenance(starfall_data):
    result, _ = errors(starfall_data / "starfall")
    comp = result.data.components[0]
    assert comp.source.is_designer and not comp.source.is_assumption
    assert result.data.decks[0].size_source.is_designer


def test_missing_language_names_the_games_languages_and_is_located(starfall_data):
    edit(starfall_data / "starfall" / "game.yaml", "languages: [en]", "languages: [en, de]")
    _, errs = errors(starfall_data / "starfall")
    title = [e for e in errs if e.path == "game.title"]
    assert title, [e.format() for e in errs]
    assert "the text in 'de' is missing (this game's languages: en, de)" in title[0].message
    assert title[0].span.file.endswith("game.yaml") and title[0].span.line == 4


def test_text_in_a_language_the_game_does_not_use_is_an_error(starfall_data):
    edit(starfall_data / "starfall" / "game.yaml", "title: {en: Starfall Traders}",
         "title: {en: Starfall Traders, pl: Kupcy}")
    _, errs = errors(starfall_data / "starfall")
    assert any(e.path == "game.title" and "'pl', which is not one of this game's languages (en)" in e.message
               for e in errs), [e.format() for e in errs]


def test_a_card_text_missing_its_language_says_so_not_expected_one_of(starfall_data):
    edit(starfall_data / "starfall" / "rules.yaml", "text: {en: ", "text: {fr: ")
    _, errs = errors(starfall_data / "starfall")
    messages = [e.message for e in errs if e.path == "rules[0].text"]
    assert messages and "not one of this game's languages (en)" in messages[0]


def test_rulebook_games_still_need_both_languages_sources_and_a_rulebook(demo_data):
    edit(demo_data / "demo" / "game.yaml", "title: {pl: Gra Pokazowa, en: Demo Game}", "title: {en: Demo Game}")
    edit(demo_data / "demo" / "game.yaml", '  rulebook: {file: "none", title: "Instrukcja gry pokazowej"}\n', "")
    edit(demo_data / "demo" / "rules.yaml", '    source: {section: "PRZEBIEG GRY", page: 5}\n', "")
    _, errs = errors(demo_data / "demo")
    text = "\n".join(e.format() for e in errs)
    assert "game.title: the text in 'pl' is missing (this game's languages: pl, en)" in text
    assert "required field 'rulebook' is missing" in text and "origin: original" in text
    assert "rules[0].source: required field 'source' is missing" in text


def test_l10n_outside_a_game_needs_polish_and_english_and_any_codes_inside_one():
    assert L10n(pl="a", en="b").get("pl") == "a"
    with pytest.raises(ValidationError):
        L10n.model_validate({"en": "b"})
    text = L10n.model_validate({"de": "Hallo", "en": "Hi"}, context={"languages": ("de", "en")})
    assert text.get("de") == "Hallo" and text.languages == ("en", "de")
    with pytest.raises(ValidationError):
        L10n.model_validate({"EN": "x"}, context={"languages": ("en",)})


def test_source_needs_a_section_an_assumption_or_the_designer():
    assert Source(designer=True).cite() == "designer"
    with pytest.raises(ValidationError):
        Source()


def test_the_five_rulebook_games_default_to_polish_and_english():
    result, errs = errors(FIXTURES / "demo")
    assert not errs and result.data.game.languages == ["pl", "en"] and result.data.game.origin == "rulebook"


def test_a_broken_language_list_is_one_error_not_one_per_text(starfall_data):
    edit(starfall_data / "starfall" / "game.yaml", "languages: [en]", "languages: [english]")
    _, errs = errors(starfall_data / "starfall")
    assert [e.path for e in errs] == ["game.languages[0]"], [e.format() for e in errs]
    assert "expected a two-letter ISO 639-1 language code such as 'en' or 'pl', got 'english'" in errs[0].message

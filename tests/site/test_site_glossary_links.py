"""Glossary links land on the right term: explicit [[term]] references, and automatic links only for a
term's own name and its inflections that no other term lists. The false links players met (issue #13)
stay gone."""
from __future__ import annotations

import re

import pytest

from generator.model.index import GameIndex
from generator.rules_site.glossary import is_inflection, link_forms, text_links
from generator.validate.run import validate_folder
from tests.conftest import CARDS_DATA


@pytest.fixture(scope="module")
def games():
    out = {}
    for game in ("runewars", "battalia"):
        result = validate_folder(CARDS_DATA / game)
        out[game] = GameIndex(result.data, result.folder)
    return out


def term_id(index: GameIndex, en_name: str) -> str:
    return next(t.id for t in index.data.glossary if t.term.en == en_name)


def rendered(index: GameIndex, lang: str, containing: str) -> str:
    links = text_links(index, lang, "rules")
    for rule in index.data.rules:
        body = getattr(rule.text, lang)
        if containing in body:
            return str(links.block(body))
    raise AssertionError(f"no rule text contains {containing!r}")


def linked_terms(markdown: str) -> dict[str, str]:
    """link label → term id of every glossary link in rendered Markdown."""
    return {label: term for label, term in re.findall(r"\[([^\]]+)\]\([^)]*#g-([\w-]+)", markdown)}


def test_generic_words_do_not_link_to_narrower_terms(games):
    runewars, battalia = games["runewars"], games["battalia"]
    # Runewars §9 "(6) strength": 'strength' is listed for search under 'Attribute test', not its name
    links = linked_terms(rendered(runewars, "en", "(6) strength"))
    assert term_id(runewars, "Attribute test") not in links.values(), links
    # "Obszar to jeden sześciokąt": 'sześciokąt' is a shape listed under 'Kategoria jednostki'
    links = linked_terms(rendered(runewars, "pl", "to jeden sześciokąt planszy"))
    assert term_id(runewars, "Unit category") not in links.values(), links
    # Battalia "neutral 8 marker": 'marker' alone is not 'City level marker'
    links = linked_terms(rendered(battalia, "en", "neutral 8 marker"))
    assert not any(label.lower() == "marker" for label in links), links
    assert term_id(battalia, "City level marker") not in links.values(), links


def test_explicit_references_and_inflections_still_link(games):
    runewars = games["runewars"]
    links = linked_terms(rendered(runewars, "en", "(6) strength"))
    assert links.get("combat rounds") == "combat_round"  # an explicit [[combat_round|combat rounds]]
    forms = link_forms(runewars.data.glossary, "pl")
    stronghold = term_id(runewars, "Stronghold")
    assert forms.get("twierdzy") == stronghold and forms.get("twierdze") == stronghold


def test_only_inflections_of_the_name_and_only_unambiguous_forms():
    assert is_inflection("znacznika poziomu miasta", "Znacznik poziomu miasta")
    assert is_inflection("zamków", "Zamek") and is_inflection("złotem", "Złoto")
    assert not is_inflection("znacznik", "Znacznik poziomu miasta")   # fewer words than the name
    assert not is_inflection("sześciokąt", "Kategoria jednostki")     # another word altogether
    assert not is_inflection("marker", "City level marker")

    class T:  # two terms listing the same form: it links to neither
        def __init__(self, id, pl, forms):
            self.id, self.forms, self.forms_en = id, forms, []
            self.term = type("L", (), {"pl": pl, "en": pl})()
    forms = link_forms([T("a", "Pole", ["pola"]), T("b", "Pole bitwy", ["pola", "pole bitwy"])], "pl")
    assert "pola" not in forms and forms["pole"] == "a" and forms["pole bitwy"] == "b"

"""Facts carry over, sentences don't: no rule, definition, card text, scenario or setup step shares a run
of WINDOW consecutive words with its rulebook. Lists of names and numbers are fine below that length;
a copied or word-for-word sentence is not."""
from __future__ import annotations

import re

import pytest

from generator.load.discover import game_folders
from tests.conftest import CARDS_DATA
from tests.games._support import game_data, rulebook_text

WINDOW = 10


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def _our_texts(game: str):
    data = game_data(game)
    for rule in data.rules:
        yield f"rule {rule.number}", rule.text.pl
    for term in data.glossary:
        yield f"term {term.id}", term.definition.pl
    for card in data.cards:
        if card.text not in (None, "unknown"):
            yield f"card {card.id}", card.text.pl
    for scen in data.scenarios:
        for part in (scen.summary, scen.setup_changes, scen.victory):
            if part:
                yield f"scenario {scen.id}", part.pl
    for step in data.setup.steps if data.setup else []:
        yield f"setup step {step.number}", step.text.pl


@pytest.mark.parametrize("game", [p.name for p in game_folders(CARDS_DATA)])
def test_rules_are_written_in_our_own_words(game):
    book = rulebook_text(game)
    if book is None:
        pytest.skip("the rulebook seeds (../shared/seeds) are not beside this checkout")
    words = _words(book)
    runs = {tuple(words[i:i + WINDOW]) for i in range(len(words) - WINDOW + 1)}
    copied = []
    for label, text in _our_texts(game):
        ours = _words(text)
        for i in range(len(ours) - WINDOW + 1):
            if tuple(ours[i:i + WINDOW]) in runs:
                copied.append(f"{label}: {' '.join(ours[i:i + WINDOW])}")
                break
    assert copied == []


def test_the_check_catches_a_copied_sentence(tmp_path):
    book = "Gracz, który jako pierwszy zdobędzie trzy zamki, natychmiast wygrywa grę i kończy rozgrywkę."
    words = _words(book)
    runs = {tuple(words[i:i + WINDOW]) for i in range(len(words) - WINDOW + 1)}
    copied = _words("Uwaga: gracz, który jako pierwszy zdobędzie trzy zamki, natychmiast wygrywa grę.")
    assert any(tuple(copied[i:i + WINDOW]) in runs for i in range(len(copied) - WINDOW + 1))

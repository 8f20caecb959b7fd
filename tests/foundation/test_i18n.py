"""The message catalogs: every language has every key, plural forms follow the language's rules."""
from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from generator import i18n


def _keys(lang: str) -> set[str]:
    from importlib import resources

    with (resources.files("generator.i18n") / "locales" / f"{lang}.po").open("rb") as fh:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(fh) if m.id}


def test_every_catalog_has_the_same_keys():
    langs = i18n.available()
    assert {"pl", "en"} <= set(langs)
    reference = _keys("en")
    for lang in langs:
        assert _keys(lang) == reference, f"{lang}: {sorted(_keys(lang) ^ reference)[:10]}"


@pytest.mark.parametrize(("n", "expected"), [(1, "1 karta"), (2, "2 karty"), (4, "4 karty"), (5, "5 kart"),
                                               (12, "12 kart"), (14, "14 kart"), (22, "22 karty"), (25, "25 kart")])
def test_polish_plural_forms(n, expected):
    assert i18n.tn("pl", "count.cards", n) == expected


def test_english_plural_and_fallback_language():
    assert i18n.tn("en", "count.cards", 1) == "1 card"
    assert i18n.tn("en", "count.cards", 7) == "7 cards"
    assert i18n.t("xx", "kind.token") == i18n.t("en", "kind.token")


def test_missing_key_fails_loudly():
    with pytest.raises(KeyError):
        i18n.t("pl", "no.such.key")


def test_no_empty_translation():
    from importlib import resources

    for lang in i18n.available():
        with (resources.files("generator.i18n") / "locales" / f"{lang}.po").open("rb") as fh:
            for m in read_po(fh):
                if m.id:
                    strings = m.string if isinstance(m.string, tuple) else (m.string,)
                    assert all(s.strip() for s in strings), f"{lang}: {m.id} is empty"

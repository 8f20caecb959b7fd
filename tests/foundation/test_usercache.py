"""The user cache of compiled catalogs and font width tables: the same answers with it, without it and
from a damaged entry (which is made again), and nothing fails when the folder cannot be written."""
from __future__ import annotations

import pytest

from generator import i18n
from generator.text import metrics
from generator.write import usercache


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    """An empty cache folder and cold in-process memos."""
    monkeypatch.setenv("PNPFORGE_CACHE_DIR", str(tmp_path / "cache"))
    i18n._translations.cache_clear()
    metrics._table.cache_clear()
    yield tmp_path / "cache"
    i18n._translations.cache_clear()
    metrics._table.cache_clear()


def _answers():
    return (i18n.t("pl", "print.proxy"), i18n.tn("pl", "count.cards", 5), i18n.tn("pl", "count.cards", 22),
            sorted(i18n._translations("pl")[1]), metrics._table("DejaVuSansCondensed"))


def test_cached_uncached_and_damaged_entries_agree(fresh, monkeypatch):
    first = _answers()  # compiled and stored
    stored = sorted(p.name for p in fresh.iterdir())
    assert any(n.startswith("catalog-pl-") for n in stored) and any(n.startswith("widths-") for n in stored)
    i18n._translations.cache_clear()
    metrics._table.cache_clear()
    assert _answers() == first  # read back from the cache
    for path in fresh.iterdir():
        path.write_bytes(b"\x00garbage")
    i18n._translations.cache_clear()
    metrics._table.cache_clear()
    assert _answers() == first  # a damaged entry is made again
    monkeypatch.setenv("PNPFORGE_CACHE_DIR", "")
    i18n._translations.cache_clear()
    metrics._table.cache_clear()
    assert _answers() == first  # caching off


def test_an_unwritable_cache_folder_is_no_error(fresh, monkeypatch, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PNPFORGE_CACHE_DIR", str(blocker / "cache"))
    assert i18n.t("en", "print.proxy") == "PROXY"
    usercache.store("x", b"y")  # silently nothing
    assert usercache.load("x") is None

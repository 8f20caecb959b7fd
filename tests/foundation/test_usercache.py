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


def test_parsed_yaml_from_the_cache_is_the_parse(fresh, monkeypatch, tmp_path):
    """A data file read before (the same bytes) comes back from the cache with the same data and positions;
    a damaged entry is parsed again; a big file's positions stay lazy and still answer."""
    from pathlib import Path

    from generator.load import yaml_source

    files = sorted((Path(__file__).resolve().parents[2] / "cards_data" / "runewars").glob("*.yaml"))
    assert files

    def read_all():
        return [(data, tree.root) for data, tree in
                (yaml_source.read_yaml_file(f, f.name) for f in files)]

    monkeypatch.setenv("PNPFORGE_CACHE_DIR", "")
    plain = read_all()
    monkeypatch.setenv("PNPFORGE_CACHE_DIR", str(fresh))
    assert read_all() == plain  # parsed and stored
    assert len(list(fresh.glob(f"{yaml_source.PARSED_PREFIX}*"))) == len({f.read_bytes() for f in files})
    calls = []
    monkeypatch.setattr(yaml_source, "_parse", lambda *a: calls.append(a) or (_ for _ in ()).throw(AssertionError))
    assert read_all() == plain and not calls  # every file from the cache: nothing parsed
    monkeypatch.undo()
    monkeypatch.setenv("PNPFORGE_CACHE_DIR", str(fresh))
    for entry in fresh.glob(f"{yaml_source.PARSED_PREFIX}*"):
        entry.write_bytes(b"\x00garbage")
    assert read_all() == plain  # damaged: parsed again

    big = tmp_path / "big.yaml"
    big.write_text("cards:\n" + "".join(f"  - id: c{i}\n    text: {'x' * 40}\n" for i in range(6000)) +
                   "  - id: last\n", encoding="utf-8")
    first_data, first_tree = yaml_source.read_yaml_file(big, "big.yaml")
    data, tree = yaml_source.read_yaml_file(big, "big.yaml")  # from the cache
    assert data == first_data and tree._loader is not None  # positions not read yet
    assert tree.span(("cards", 6000, "id")).line == first_tree.span(("cards", 6000, "id")).line == 12002


def test_the_parse_cache_keeps_the_newest_entries(fresh):
    fresh.mkdir(parents=True)
    import os

    for k in range(12):
        path = fresh / f"yaml-{k:02d}.marshal"
        path.write_bytes(b"x")
        os.utime(path, ns=(k * 10**9, k * 10**9))
    (fresh / "widths-a.marshal").write_bytes(b"x")
    usercache._PRUNED.clear()
    usercache.prune("yaml-", 5)
    assert sorted(p.name for p in fresh.iterdir()) == ["widths-a.marshal"] + [f"yaml-{k:02d}.marshal"
                                                                              for k in range(7, 12)]

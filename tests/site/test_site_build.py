"""`pnp site`, `pnp serve` and the site target of `pnp build`: what they write and how they fail."""
from __future__ import annotations

import json
import os
import shutil
import threading
import time
import urllib.request

import pytest

from generator.commands import COMMANDS
from generator.rules_site.build import SiteBuildError, run_mkdocs
from tests.conftest import FIXTURES, edit
from tests.site.conftest import site_args, write_fake_artifacts


def test_output_tree(built_site):
    site = built_site / "site"
    index = (site / "index.html").read_text(encoding="utf-8")
    assert 'url=pl/' in index and 'href="en/"' in index
    for lang in ("pl", "en"):
        home = (site / lang / "index.html").read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in home
        assert (site / lang / "search" / "demo.js").is_file()  # the game's own search index
        assert not (site / lang / "search" / "search_index.json").exists()  # no whole-site lunr index
        for page in ("", "quick/", "components/", "setup/", "rules/", "glossary/", "az/", "cards/", "print/",
                     "findings/"):
            assert (site / lang / "demo" / page / "index.html").is_file(), page
        assert (site / lang / "data-format" / "index.html").is_file() == (lang == "en")  # DATA.md is English
        assert (built_site / "site-src" / lang / "mkdocs.yml").is_file()
    # the generated Markdown is kept beside the site, never in the repository
    assert (built_site / "site-src" / "pl" / "docs" / "demo" / "rules.md").is_file()


def search_docs(built_site, lang="pl") -> dict[str, list]:
    text = (built_site / "site" / lang / "search" / "demo.js").read_text(encoding="utf-8")
    assert text.startswith('pnpSearch.add("demo",') and text.rstrip().endswith(");")
    docs = json.loads(text[len('pnpSearch.add("demo",'):text.rstrip().rindex(")")])
    return {d[0]: d for d in docs}


def test_search_index_is_folded_stemmed_and_clean(built_site):
    from generator.rules_site.search import stem

    docs = search_docs(built_site)
    gold = docs["demo/glossary/#g-gold"]
    assert gold[1] == "Złoto"                       # a clean title, no hidden forms
    assert "zlot" in gold[4].split()                # folded + stemmed: złoto, złota, złotem, zlotami …
    assert all(stem(w, "pl") == w or w[0].isdigit() for w in gold[4].split()[:20])
    assert docs["demo/rules/#r-1-1"][1].startswith("1.1 ")
    assert "1.1" in docs["demo/rules/#r-1-1"][4].split()
    assert not any("/findings/" in url for url in docs)  # findings pages are not search hits
    assert "demo/setup/#gracze-2" in docs and docs["demo/setup/#gracze-2"][1].endswith("2 graczy")
    assert search_docs(built_site, "en")["demo/setup/#players-2"]


def test_stemmer_maps_forms_people_type():
    from generator.rules_site.search import fold, stems

    assert stems("złoto złota złotem ZLOTAMI", "pl") == ["zlot"] * 4
    assert stems("zamek zamki zamków", "pl") == ["zamk"] * 3
    assert stems("wieża wieży wieżami", "pl") == ["wiez"] * 3
    assert fold("Łódź") == "lodz"


def test_downloads_are_copied_once_per_language_and_shared(built_site):
    site = built_site / "site"
    pl = site / "pl" / "demo" / "files" / "home-a4-cards.pdf"
    en = site / "en" / "demo" / "files" / "home-a4-cards.pdf"
    assert pl.read_bytes().startswith(b"%PDF") and os.path.samefile(pl, en)
    components = (site / "pl" / "demo" / "components" / "index.html").read_text(encoding="utf-8")
    assert "home-a4-cards.pdf" in components  # which print file holds each component (manifest contents)
    printing = (site / "pl" / "demo" / "print" / "index.html").read_text(encoding="utf-8")
    assert 'href="../files/home-a4-cards.pdf"' in printing and "dwustronnie, długa krawędź" in printing


def test_data_format_page(built_site):
    page = (built_site / "site" / "en" / "data-format" / "index.html").read_text(encoding="utf-8")
    assert "The game data format" in page and "per_faction" in page
    assert "../tests/fixtures" not in page


def test_strict_mode_turns_warnings_into_errors(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n\n[gone](missing.md)\n", encoding="utf-8")
    cfg = tmp_path / "mkdocs.yml"
    cfg.write_text(f"site_name: t\ndocs_dir: {docs}\nsite_dir: {tmp_path / 'out'}\n", encoding="utf-8")
    with pytest.raises(SiteBuildError, match="missing.md"):
        run_mkdocs(cfg)


def test_commands_are_registered():
    for name in ("site", "serve"):
        module = COMMANDS[name]
        assert module.HELP and module.__doc__ and callable(module.add_arguments) and callable(module.run)


def test_site_cli_skips_broken_games_unless_named(run_cli, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "demo", data / "demo")
    shutil.copytree(FIXTURES / "demo", data / "broken")
    edit(data / "broken" / "game.yaml", "id: demo", "id: broken")
    edit(data / "broken" / "components.yaml", "count: 30", "count: lots")
    out = tmp_path / "out"
    result = run_cli("site", "--data", data, "--out", out, "--lang", "en")
    assert result.code == 0, result.err
    assert "skipping broken" in result.err
    assert (out / "site" / "en" / "demo" / "index.html").is_file() and not (out / "site" / "pl").exists()
    assert not (out / "site" / "en" / "broken").exists()
    named = run_cli("site", "broken", "--data", data, "--out", out)
    assert named.code == 1 and "count" in named.err
    assert (out / "site" / "en" / "demo" / "index.html").is_file()  # a failed build keeps the last site
    assert run_cli("site", "nope", "--data", data, "--out", out).code == 2


def test_build_runs_the_site_target(run_cli, tmp_path):
    out = tmp_path / "out"
    result = run_cli("build", "--data", FIXTURES, "--out", out, "--skip", "print", "--skip", "boards")
    assert result.code == 0, result.err
    assert (out / "site" / "pl" / "demo" / "rules" / "index.html").is_file()
    assert (out / "site" / "index.html").is_file() and not list(out.glob(".staging*"))


def test_serve_rebuilds_on_data_change(tmp_path):
    from generator.commands.serve import serve

    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "demo", data / "demo")
    out = tmp_path / "out"
    write_fake_artifacts(out)
    args = site_args(data, out, lang=["pl"])
    args.port, args.interval, args.no_watch = 0, 0.2, False
    stop, ready = threading.Event(), []
    thread = threading.Thread(target=serve, args=(args, stop, ready.append), daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 60
        while not ready and time.monotonic() < deadline:
            time.sleep(0.05)
        url = ready[0]
        assert url.startswith("http://127.0.0.1:")
        page = urllib.request.urlopen(url + "pl/demo/rules/").read().decode()
        assert "Przebieg gry" in page
        guide = out / "demo" / "print" / "home-a4" / "guide.pdf"
        assert guide.is_file()  # serve builds the prints too: the site's downloads are never stale
        edit(data / "demo" / "rules.yaml", "title: {pl: Przebieg gry,", "title: {pl: Przebieg rozgrywki,")
        while time.monotonic() < deadline:
            page = urllib.request.urlopen(url + "pl/demo/rules/").read().decode()
            if "Przebieg rozgrywki" in page:
                break
            time.sleep(0.2)
        assert "Przebieg rozgrywki" in page
    finally:
        stop.set()
        thread.join(10)
    assert not thread.is_alive()


def test_one_language_rebuild_keeps_the_other(tmp_path, run_cli):
    import shutil

    from tests.conftest import FIXTURES

    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "demo", data / "demo")
    out = tmp_path / "out"
    assert run_cli("site", "--data", data, "--out", out).code == 0
    en_page = out / "site" / "en" / "demo" / "rules" / "index.html"
    before = en_page.read_bytes()
    assert run_cli("site", "--data", data, "--out", out, "--lang", "pl").code == 0
    assert en_page.read_bytes() == before
    assert (out / "site" / "pl" / "demo" / "rules" / "index.html").is_file()


def test_a_game_is_built_in_its_own_languages_only(tmp_path):
    """An English-only game (`game.languages: [en]`) is on the English site only (and so is its search index)."""
    import shutil

    from generator.commands.site import build
    from tests.conftest import ROOT
    from tests.site.conftest import site_args

    data = tmp_path / "data"
    shutil.copytree(ROOT / "tests" / "designer" / "data" / "starfall", data / "starfall")
    assert "languages: [en]" in (data / "starfall" / "game.yaml").read_text(encoding="utf-8")
    build(site_args(data, tmp_path / "out"))
    site = tmp_path / "out" / "site"
    assert (site / "en" / "starfall" / "rules" / "index.html").is_file()
    assert (site / "en" / "search" / "starfall.js").is_file()
    assert not (site / "pl" / "starfall").exists() and not (site / "pl" / "search" / "starfall.js").exists()

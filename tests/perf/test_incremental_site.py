"""Incremental builds, game by game: after a one-card change only that game is validated, printed and its
pages rendered; the other game's report, print files, pages, search sections and offline-zip members are
carried over without being made again — and the result equals a fresh build of the same data byte for byte."""
from __future__ import annotations

import shutil

import pytest

from tests.conftest import edit

STAMPED = {"sitemap.xml", "sitemap.xml.gz"}


def _files(root) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and p.name not in STAMPED}


@pytest.fixture
def two_games(demo_data):
    shutil.copytree(demo_data / "demo", demo_data / "other")
    edit(demo_data / "other" / "game.yaml", "id: demo", "id: other")
    return demo_data


@pytest.fixture
def spies(monkeypatch):
    """What the build makes anew: games printed, games whose pages are rendered (per language), pages read
    for the search index, HTML files rewritten for the offline zip."""
    from generator.rules_site import offline, search
    from generator.targets import card_sheets, site
    from generator.validate import run

    made = {"validated": [], "printed": [], "rendered": {}, "searched": [], "zipped": 0}
    validate_folder = run.validate_folder
    print_game, build_site = card_sheets.print_game, site.build_site
    page_documents, offline_html = search.page_documents, offline.offline_html

    def spy_validate(folder, *args, **kwargs):
        made["validated"].append(folder.name)
        return validate_folder(folder, *args, **kwargs)

    def spy_print(index, job, out, manifest):
        made["printed"].append(index.game_id)
        return print_game(index, job, out, manifest)

    def spy_site(*args, **kwargs):
        report = build_site(*args, **kwargs)
        made["rendered"] = report.rendered
        return report

    def spy_search(html_text, url, lang, weight):
        made["searched"].append(url)
        return page_documents(html_text, url, lang, weight)

    def spy_zip(text):
        made["zipped"] += 1
        return offline_html(text)

    monkeypatch.setattr(run, "validate_folder", spy_validate)
    monkeypatch.setattr(card_sheets, "print_game", spy_print)
    monkeypatch.setattr(site, "build_site", spy_site)
    monkeypatch.setattr(search, "page_documents", spy_search)
    monkeypatch.setattr(offline, "offline_html", spy_zip)

    def reset():
        made.update(validated=[], printed=[], rendered={}, searched=[], zipped=0)
        return made

    return reset


def test_one_card_change_remakes_only_its_game_and_equals_a_fresh_build(tmp_path, two_games, run_cli, spies):
    out = tmp_path / "out"
    made = spies()
    assert run_cli("build", "--data", two_games, "--out", out, "--jobs", "1").code == 0
    assert made["validated"] == ["demo", "other"] and set(made["printed"]) == {"demo", "other"}
    assert made["rendered"] == {"pl": ["demo", "other"],
                                                                             "en": ["demo", "other"]}
    html_members = made["zipped"]

    made = spies()
    edit(two_games / "demo" / "decks.yaml", "name: {pl: Złoto „1”", "name: {pl: Złoto „1” Nowe")
    result = run_cli("build", "--data", two_games, "--out", out, "--jobs", "1")
    assert result.code == 0 and "incremental: pl, en" in result.out
    assert made["validated"] == ["demo"]  # the other game is loaded, its report read back from validation.json
    assert set(made["printed"]) == {"demo"}  # the other game is not even planned: its print unit is kept whole
    assert made["rendered"] == {"pl": ["demo"], "en": ["demo"]}  # the other game's pages are read back
    # the search index reads only the pages that came out different (all of them the changed game's)
    assert made["searched"] and all(url.startswith("demo/") for url in made["searched"])
    assert "demo/cards/" in made["searched"] and len(made["searched"]) < 10
    # the offline zip rewrites only those pages; every other member is carried over still compressed
    assert 0 < made["zipped"] < html_members // 4

    made = spies()
    full = tmp_path / "full"
    assert run_cli("build", "--data", two_games, "--out", full, "--jobs", "1").code == 0  # a fresh folder
    ours, theirs = _files(out), _files(full)
    assert sorted(ours) == sorted(theirs)
    assert [p for p in ours if ours[p] != theirs[p]] == []  # the manifest too: kept entries are the same


def test_a_game_whose_pages_cannot_be_read_back_is_rendered(tmp_path, two_games, run_cli, spies):
    out = tmp_path / "out"
    assert run_cli("build", "--data", two_games, "--out", out, "--jobs", "1").code == 0
    (out / "site-src" / "en" / "docs" / "other" / "rules.md").unlink()
    made = spies()
    edit(two_games / "demo" / "decks.yaml", "name: {pl: Złoto „1”", "name: {pl: Złoto „1” Nowe")
    assert run_cli("build", "--data", two_games, "--out", out, "--jobs", "1").code == 0
    assert made["rendered"] == {"pl": ["demo"], "en": ["demo", "other"]}
    assert (out / "site-src" / "en" / "docs" / "other" / "rules.md").is_file()


def test_a_lost_print_file_reprints_its_game_only(tmp_path, two_games, run_cli, spies):
    out = tmp_path / "out"
    assert run_cli("build", "--data", two_games, "--out", out, "--skip", "site", "--jobs", "1").code == 0
    (out / "other" / "print" / "home-a4" / "tokens.pdf").unlink()
    made = spies()
    assert run_cli("build", "--data", two_games, "--out", out, "--skip", "site", "--jobs", "1").code == 0
    assert made["printed"] and set(made["printed"]) == {"other"}
    assert (out / "other" / "print" / "home-a4" / "tokens.pdf").is_file()
    full = tmp_path / "full"
    assert run_cli("build", "--data", two_games, "--out", full, "--skip", "site", "--jobs", "1").code == 0
    ours, theirs = _files(out), _files(full)
    assert sorted(ours) == sorted(theirs) and [p for p in ours if ours[p] != theirs[p]] == []


def test_compiled_templates_are_shared_only_by_environments_that_compile_alike(tmp_path, monkeypatch):
    """The compiled-template cache (write/cache.template_cache) keys entries by the environment's options
    too: the same template file read by an environment that trims blocks and by one that does not never
    gets the other's code; a second environment like the first reads the first one's entry."""
    from jinja2 import Environment, FileSystemLoader

    from generator.write.cache import template_cache

    monkeypatch.setenv("PNPFORGE_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "page.j2").write_text("{% if x %}\nyes\n{% endif %}\n", encoding="utf-8")

    def render(**options) -> str:
        env = Environment(loader=FileSystemLoader(str(tmp_path / "t")), **options)
        env.bytecode_cache = template_cache(env)
        return env.get_template("page.j2").render(x=True)

    assert render(trim_blocks=True) == "yes\n"
    assert render() == "\nyes\n"  # compiled for itself, not read from the trimming environment's entry
    compiled = tmp_path / "cache" / "templates"
    assert len(list(compiled.iterdir())) == 2
    assert render(trim_blocks=True) == "yes\n" and len(list(compiled.iterdir())) == 2
    monkeypatch.setenv("PNPFORGE_CACHE_DIR", "")
    assert template_cache(Environment()) is None


def test_a_failed_incremental_site_build_leaves_every_file_in_place_untouched(tmp_path, two_games, run_cli,
                                                                              monkeypatch):
    """The staged site and projects share files with the ones in place (hard links); nothing writes through
    them: a build that fails after mkdocs and the search index ran leaves every file as it was (bytes and
    times)."""
    from generator.rules_site import build, offline

    out = tmp_path / "out"
    assert run_cli("build", "--data", two_games, "--out", out, "--jobs", "1").code == 0

    def state():
        return {p.relative_to(out).as_posix(): (p.stat().st_mtime_ns, p.read_bytes()) for p in out.rglob("*")
                if p.is_file() and p.name != ".pnp.lock"}

    before = state()
    reached = []

    def fail(site_dir, target, previous=None):
        reached.append(sorted(build._tree(site_dir)))
        raise RuntimeError("the disk is gone")

    monkeypatch.setattr(offline, "write_offline_zip", fail)
    edit(two_games / "demo" / "decks.yaml", "name: {pl: Złoto „1”", "name: {pl: Złoto „1” Nowe")
    try:
        code = run_cli("build", "--data", two_games, "--out", out, "--jobs", "1").code
    except RuntimeError:
        code = 1
    assert code != 0 and reached and any(rel.endswith("demo/cards/index.html") for rel in reached[0])
    after = state()
    assert sorted(after) == sorted(before)
    assert [rel for rel in after if after[rel] != before[rel]] == []


def test_a_game_is_validated_again_when_its_report_or_data_changed(tmp_path, two_games, run_cli, spies):
    out = tmp_path / "out"
    assert run_cli("build", "--data", two_games, "--out", out, "--skip", "site", "--jobs", "1").code == 0
    report = (out / "validation.json").read_text(encoding="utf-8")
    # a comment in the other game: its files changed (every file counts), so it is checked again
    (two_games / "other" / "decks.yaml").write_text(
        (two_games / "other" / "decks.yaml").read_text(encoding="utf-8") + "# a comment\n", encoding="utf-8")
    made = spies()
    assert run_cli("build", "--data", two_games, "--out", out, "--skip", "site", "--jobs", "1").code == 0
    assert made["validated"] == ["other"]
    assert (out / "validation.json").read_text(encoding="utf-8") == report
    # a report that is not the last build's own is never trusted: both games are checked again
    (out / "validation.json").write_text(report.replace('"ok": true', '"ok":  true'), encoding="utf-8")
    edit(two_games / "demo" / "decks.yaml", "name: {pl: Złoto „1”", "name: {pl: Złoto „1” Nowe")
    made = spies()
    assert run_cli("build", "--data", two_games, "--out", out, "--skip", "site", "--jobs", "1").code == 0
    assert made["validated"] == ["demo", "other"]
    # and --force checks everything
    made = spies()
    assert run_cli("build", "--data", two_games, "--out", out, "--skip", "site", "--force").code == 0
    assert made["validated"] == ["demo", "other"]


@pytest.mark.parametrize("step", ["cold", "incremental"])
def test_languages_built_side_by_side_equal_one_after_another(tmp_path, two_games, run_cli, monkeypatch, step):
    """The second language is built in a forked process while this one builds the first (when nothing
    else runs threads here: forced on for the test); the files are the same as a one-by-one build's."""
    import threading

    from generator.rules_site import build

    outs = {}
    for forked in (True, False):
        monkeypatch.setattr(build, "FORK_LANGUAGES", forked)
        monkeypatch.setattr(threading, "active_count", lambda: 1)
        out = outs[forked] = tmp_path / f"out-{forked}"
        data = tmp_path / "same"  # one place: the report names the data files by path
        shutil.rmtree(data, ignore_errors=True)
        shutil.copytree(two_games, data)
        assert run_cli("build", "--data", data, "--out", out, "--jobs", "1").code == 0
        if step == "incremental":
            edit(data / "demo" / "decks.yaml", "name: {pl: Złoto „1”", "name: {pl: Złoto „1” Nowe")
            result = run_cli("build", "--data", data, "--out", out, "--jobs", "1")
            assert result.code == 0 and "incremental: pl, en" in result.out
    ours, theirs = _files(outs[True]), _files(outs[False])
    assert sorted(ours) == sorted(theirs)
    assert [p for p in ours if ours[p] != theirs[p]] == []


def test_a_failure_while_building_the_other_language_fails_the_build(tmp_path, two_games, run_cli, monkeypatch):
    import threading

    from generator.rules_site import build

    monkeypatch.setattr(threading, "active_count", lambda: 1)
    real = build.run_mkdocs

    def refuse_english(config_file, dirty=False, listed=None):
        if config_file.parent.name == "en":
            raise build.SiteBuildError(f"mkdocs build --strict failed for {config_file}:\n  a dead link")
        return real(config_file, dirty=dirty, listed=listed)

    monkeypatch.setattr(build, "run_mkdocs", refuse_english)
    out = tmp_path / "out"
    result = run_cli("build", "--data", two_games, "--out", out, "--jobs", "1")
    assert result.code == 1 and "a dead link" in result.err
    assert not (out / "site").exists()  # nothing half-built was put in place

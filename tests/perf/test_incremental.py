"""Incremental and parallel builds: what is unchanged is kept as it is (same inode, same mtime), a one-card
change rewrites only the artifacts that hold that card, and parallel builds equal serial ones byte for byte."""
from __future__ import annotations

import json

from tests.conftest import edit

STAMPED = {"sitemap.xml", "sitemap.xml.gz"}


def snapshot(root) -> dict[str, tuple[int, int]]:
    return {p.relative_to(root).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in root.rglob("*") if p.is_file()}


def rewritten(before: dict, after: dict) -> set[str]:
    return {path for path, stamp in after.items() if before.get(path) != stamp}


def test_unchanged_inputs_rewrite_nothing_and_one_card_rewrites_only_its_artifacts(tmp_path, demo_data, run_cli):
    out = tmp_path / "out"
    assert run_cli("build", "--data", demo_data, "--out", out).code == 0
    first = snapshot(out)
    assert any(p.startswith("site/") for p in first) and "demo/print/home-a4/cards.pdf" in first

    # the same inputs again: nothing at all is rewritten, not even the manifest
    result = run_cli("build", "--data", demo_data, "--out", out)
    assert result.code == 0 and "Nothing changed" in result.out
    assert rewritten(first, snapshot(out)) == set()

    # a comment changes the data files but no output: every artifact and the site are kept; only the
    # manifest (which records the new build key) is rewritten
    (demo_data / "demo" / "decks.yaml").write_text(
        (demo_data / "demo" / "decks.yaml").read_text(encoding="utf-8") + "# a comment\n", encoding="utf-8")
    assert run_cli("build", "--data", demo_data, "--out", out).code == 0
    second = snapshot(out)
    assert rewritten(first, second) == {"manifest.json"}

    # one card renamed: its deck's sheets and PNGs (and the site, which shows it) are rewritten, nothing else
    edit(demo_data / "demo" / "decks.yaml", "name: {pl: Złoto „1”", "name: {pl: Złoto „1” Nowe")
    assert run_cli("build", "--data", demo_data, "--out", out).code == 0
    changed = rewritten(second, snapshot(out))
    outside_site = {p for p in changed if not p.startswith(("site/", "site-src/"))}
    assert outside_site == {
        "manifest.json",
        "demo/print/home-a4/cards.pdf", "demo/print/home-letter/cards.pdf", "demo/print/printshop/cards-gold.pdf",
        "demo/print/printshop/png/gold/back.png", "demo/print/printshop/png/gold/gold_1.png",
        "demo/print/printshop/png/gold/gold_2.png", "demo/print/printshop/png/gold/quantities.csv",
    }
    # the site is rebuilt, but only its pages that came out different are replaced
    site = {p for p in changed if p.startswith(("site/", "site-src/"))}
    assert "site/pl/demo/cards/index.html" in site and "site-src/pl/docs/demo/cards.md" in site
    # its downloads, its deck's page, its image, the A–Z and search indexes (all list its name), and the
    # offline bundle of the whole site
    shows_the_card = ("/files/", "/demo/cards", "/img/cards/gold_1.", "/demo/az", "/search/",
                      "site/offline.zip")
    assert [p for p in site if not any(part in p for part in shows_the_card)] == []
    assert not any(p.startswith("site/en/demo/cards/") for p in site)  # the English name did not change
    # kept artifacts still have manifest entries with their keys, matching the files on disk
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    by_path = {a["path"]: a for a in manifest["artifacts"]}
    castles = by_path["demo/print/printshop/cards-castles.pdf"]
    assert castles["input_hash"] and castles["bytes"] == (out / castles["path"]).stat().st_size
    assert by_path["demo/print/home-a4/cards.pdf"]["input_hash"] != json.loads(
        json.dumps(castles))["input_hash"]


def test_a_changed_option_or_lost_file_is_rebuilt(tmp_path, demo_data, run_cli):
    out = tmp_path / "out"
    assert run_cli("build", "--data", demo_data, "--out", out, "--skip", "site").code == 0
    (out / "demo" / "print" / "home-a4" / "tokens.pdf").unlink()
    result = run_cli("build", "--data", demo_data, "--out", out, "--skip", "site")
    assert result.code == 0 and "Nothing changed" not in result.out
    assert (out / "demo" / "print" / "home-a4" / "tokens.pdf").is_file()
    before = snapshot(out)
    assert run_cli("build", "--data", demo_data, "--out", out, "--skip", "site", "--paper", "a4").code == 0
    after = snapshot(out)
    assert not any(p.startswith("demo/print/home-letter/") for p in after)  # a build replaces its folders
    # the A4 sheets were made from the same inputs and are kept; boards depend on the paper list: redrawn
    assert {p for p in rewritten(before, after) if not p.startswith("demo/boards/")} == {"manifest.json"}
    assert not any(p.startswith("demo/boards/") and "letter" in p for p in after)
    # --force rebuilds everything
    assert run_cli("build", "--data", demo_data, "--out", out, "--skip", "site", "--paper", "a4", "--force").code == 0
    forced = snapshot(out)
    artifacts = {p for p in after if p.startswith("demo/")}
    assert set(forced) == set(after) and rewritten(after, forced) >= artifacts and len(artifacts) > 20


def test_parallel_and_serial_builds_are_byte_identical(tmp_path, demo_data, run_cli):
    serial, parallel = tmp_path / "serial", tmp_path / "parallel"
    assert run_cli("build", "--data", demo_data, "--out", serial, "--skip", "site", "--jobs", "1").code == 0
    assert run_cli("build", "--data", demo_data, "--out", parallel, "--skip", "site", "--jobs", "3").code == 0
    files = sorted(snapshot(serial))
    assert files == sorted(snapshot(parallel)) and len(files) > 20
    assert [p for p in files if (serial / p).read_bytes() != (parallel / p).read_bytes()] == []


def test_jobs_must_be_a_positive_number(tmp_path, demo_data, run_cli):
    result = run_cli("build", "--data", demo_data, "--out", tmp_path / "out", "--jobs", "zero")
    assert result.code == 2 and "whole number" in result.err


def _files(root) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and p.name not in STAMPED}


def test_the_site_is_rebuilt_incrementally_and_comes_out_as_a_full_build_does(tmp_path, demo_data, run_cli):
    out = tmp_path / "out"
    assert run_cli("build", "--data", demo_data, "--out", out).code == 0

    # a card renamed: the page shell (navigation, files, headings, anchors) is unchanged, so both languages are
    # rebuilt with mkdocs' dirty build; the result is byte for byte what a full build of the same data writes
    edit(demo_data / "demo" / "decks.yaml", "name: {pl: Złoto „1”", "name: {pl: Złoto „1” Nowe")
    result = run_cli("build", "--data", demo_data, "--out", out)
    assert result.code == 0 and "incremental: pl, en" in result.out
    full = tmp_path / "full"
    assert run_cli("build", "--data", demo_data, "--out", full, "--force").code == 0
    ours, theirs = _files(out), _files(full)
    assert sorted(ours) == sorted(theirs)
    assert [p for p in ours if ours[p] != theirs[p] and p != "manifest.json"] == []
    # the search index still holds every game page, the changed card's new name included
    index = (out / "site" / "pl" / "search" / "demo.js").read_text(encoding="utf-8")
    assert "Nowe" in index and index == (full / "site" / "pl" / "search" / "demo.js").read_text(encoding="utf-8")

    # a glossary term renamed changes headings other pages link to: a full build, the same as ever
    edit(demo_data / "demo" / "rules.yaml", "term: {pl: Złoto, en: Gold}", "term: {pl: Złoto Stare, en: Old Gold}")
    result = run_cli("build", "--data", demo_data, "--out", out)
    assert result.code == 0 and "incremental" not in result.out
    assert run_cli("build", "--data", demo_data, "--out", full, "--force").code == 0
    ours, theirs = _files(out), _files(full)
    assert sorted(ours) == sorted(theirs)
    assert [p for p in ours if ours[p] != theirs[p] and p != "manifest.json"] == []


def test_pnp_print_does_not_keep_drawn_faces(tmp_path, demo_data, run_cli, monkeypatch):
    """Print sheets draw each page's faces when the page is written and let them go: after `pnp print` no
    face of the printed plan holds its drawn items (a 9,000-card deck is never held whole)."""
    from generator.plan import plan_game
    from generator.plan.check import validated_games
    from generator.targets import card_sheets

    fresh = []  # faces nobody had drawn before printing (the validator draws a few, e.g. token faces)
    original = card_sheets.print_game

    def spy(index, job, out, manifest):
        fresh.extend(item.front for item in plan_game(index, job.lang).all() if not item.front._drawn)
        return original(index, job, out, manifest)

    monkeypatch.setattr(card_sheets, "print_game", spy)
    assert run_cli("print", "demo", "--data", demo_data, "--out", tmp_path / "out").code == 0
    assert len(fresh) > 10 and all(not face._drawn for face in fresh)
    # the memo still serves callers that ask for it (the site's previews, the build cache's digests)
    index = validated_games(demo_data, ["demo"])[0].index
    face = plan_game(index, "pl").all()[0].front
    assert face(0.0) is face(0.0) and face.once(0.0) is face(0.0)


def test_card_pictures_of_an_unchanged_game_are_kept_not_drawn_again(tmp_path, demo_data, run_cli, monkeypatch):
    import shutil

    from generator.rules_site import build, media

    monkeypatch.setattr(build, "FORK_LANGUAGES", False)  # every language drawn here, where the spy sees it
    shutil.copytree(demo_data / "demo", demo_data / "other")
    edit(demo_data / "other" / "game.yaml", "id: demo", "id: other")
    out = tmp_path / "out"
    assert run_cli("build", "--data", demo_data, "--out", out).code == 0

    drawn: list[tuple[str, str]] = []
    original = media.card_previews

    def spy(index, lang):
        drawn.append((index.game_id, lang))
        return original(index, lang)

    monkeypatch.setattr(media, "card_previews", spy)
    edit(demo_data / "demo" / "decks.yaml", "name: {pl: Złoto „1”", "name: {pl: Złoto „1” Nowe")
    assert run_cli("build", "--data", demo_data, "--out", out).code == 0
    assert sorted(drawn) == [("demo", "en"), ("demo", "pl")]  # the other game's pictures were read back

    monkeypatch.setattr(media, "card_previews", original)
    full = tmp_path / "full"
    assert run_cli("build", "--data", demo_data, "--out", full).code == 0  # a fresh folder: a full build
    ours, theirs = _files(out), _files(full)
    assert sorted(ours) == sorted(theirs)
    assert [p for p in ours if ours[p] != theirs[p] and p != "manifest.json"] == []
    assert any(p.startswith("site-src/pl/docs/other/img/cards/") for p in ours)

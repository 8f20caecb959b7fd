"""Counts are exact: for every game, every profile and paper, the manifest says each printable component
was printed exactly as many times as the inventory counts it. Plus the manifest contract and the CLI."""
from __future__ import annotations

import json

import pytest

from generator.load.discover import game_folders
from generator.plan.kinds import BY_METHOD
from generator.validate.run import validate_folder
from tests.conftest import CARDS_DATA, FIXTURES

PRINTED_HERE = set(BY_METHOD)  # every registered kind; boards are the boards target's
ARTIFACT_KEYS = {"game", "kind", "profile", "paper", "path", "pages", "items", "item_size_mm", "bleed_mm",
                 "duplex", "contents"}


def _expected(folder) -> dict[str, int | None]:
    data = validate_folder(folder).data
    parents = {c.parent for c in data.components if c.parent}
    return {c.id: (None if c.count == "unknown" else c.count) for c in data.components
            if c.print and c.print.method in PRINTED_HERE and c.id not in parents}


def _printed(manifest: dict, game: str, profile: str, paper: str | None) -> dict[str, int]:
    totals: dict[str, int] = {}
    for art in manifest["artifacts"]:
        if art["game"] == game and art["profile"] == profile and art.get("paper") == paper:
            for comp, n in art["contents"].items():
                totals[comp] = totals.get(comp, 0) + n
    return totals


@pytest.mark.parametrize("game", [p.name for p in game_folders(CARDS_DATA)])
def test_manifest_contents_equal_inventory(games_build, game):
    _, manifest = games_build
    expected = _expected(CARDS_DATA / game)
    assert expected, f"{game} has nothing printable"
    for profile, paper in (("home", "a4"), ("home", "letter"), ("printshop", None)):
        printed = _printed(manifest, game, profile, paper)
        for comp, count in expected.items():
            if count is None:
                # unknown count: what the data lists (or one blank proxy) prints, never a guessed number
                assert printed.get(comp, 0) >= 1, f"{game}/{profile}: unknown count of {comp} printed nothing"
            else:
                assert printed.get(comp, 0) == count, f"{game}/{profile}/{paper}: {comp}"
        assert set(printed) <= set(expected), f"{game}: printed something not in the inventory"


def test_manifest_contract(demo_build):
    out, manifest = demo_build
    assert manifest["version"] == 1
    kinds = set()
    for art in manifest["artifacts"]:
        if art["kind"] in ("validation",):
            continue
        assert set(art) >= ARTIFACT_KEYS, art
        assert (out / art["path"]).is_file()
        kinds.add(art["kind"])
        if art["contents"]:  # where each component's fronts are, for the site's "which page" column
            located = {c["component"]: c["pages"] for c in art["components"]}
            assert set(located) == set(art["contents"])
            assert all(1 <= p <= art["pages"] for pages in located.values() for p in pages), art["path"]
    assert {"cards", "tokens", "dice", "tiles", "aids", "calibration", "png"} <= kinds


def test_rune_age_prints_completely(games_build):
    out, manifest = games_build
    arts = [a for a in manifest["artifacts"] if a["game"] == "rune_age"]
    for profile, paper in (("home", "a4"), ("home", "letter"), ("printshop", None)):
        kinds = {a["kind"] for a in arts if a["profile"] == profile and a.get("paper") == paper}
        assert {"cards", "tokens", "dice"} <= kinds, (profile, paper, kinds)
    home = next(a for a in arts if a["kind"] == "cards" and a["paper"] == "a4")
    assert home["items"] == 252 and home["pages"] == 2 * 28  # 9-up: 28 sheets, fronts and backs
    pngs = [a for a in arts if a["kind"] == "png"]
    assert pngs and all((out / a["path"]).is_file() for a in pngs)


def test_print_command_modes(tmp_path, run_cli):
    base = ("print", "demo", "--data", FIXTURES, "--out", tmp_path)
    assert run_cli(*base).code == 0
    long_pages = _entry(tmp_path, "demo/print/home-a4/cards.pdf")["pages"]
    assert run_cli(*base, "--duplex", "none").code == 0
    fronts_only = _entry(tmp_path, "demo/print/home-a4-none/cards.pdf")
    assert fronts_only["pages"] * 2 == long_pages and fronts_only["items"] == 30
    assert run_cli(*base, "--duplex", "fold", "--paper", "letter").code == 0
    fold = _entry(tmp_path, "demo/print/home-letter-fold/cards.pdf")
    assert fold["items"] == 30 and fold["paper"] == "letter"
    assert run_cli(*base, "--profile", "printshop", "--bleed", "3.175", "--no-png").code == 0
    shop = _entry(tmp_path, "demo/print/printshop/cards-gold.pdf")
    assert shop["bleed_mm"] == 3.175 and shop["pages"] == 40
    # the earlier home-a4 files are still there and still in the manifest
    assert _entry(tmp_path, "demo/print/home-a4/cards.pdf")["pages"] == long_pages


def test_print_command_usage_errors(tmp_path, run_cli):
    base = ("print", "demo", "--data", FIXTURES, "--out", tmp_path)
    assert run_cli(*base, "--duplex-offset", "abc").code == 2
    assert run_cli(*base, "--duplex-offset", "50,0").code == 2
    assert run_cli(*base, "--bleed", "-1").code == 2
    assert run_cli(*base, "--paper", "a5").code == 2
    assert not (tmp_path / "manifest.json").exists()


def _entry(out, path: str) -> dict:
    manifest = json.loads((out / "manifest.json").read_text())
    return next(a for a in manifest["artifacts"] if a["path"] == path)


def test_printshop_pod_templates_and_cmyk(tmp_path, run_cli):
    from PIL import Image

    base = ("print", "demo", "--data", FIXTURES, "--out", tmp_path, "--profile", "printshop")
    assert run_cli(*base, "--pod", "makeplayingcards", "--cmyk").code == 0
    with Image.open(tmp_path / "demo/print/printshop/png/gold/gold_1.png") as image:
        assert image.size == (822, 1122)  # MakePlayingCards' poker template, bleed included
    png = _entry(tmp_path, "demo/print/printshop/png/gold/quantities.csv")
    assert png["pod"] == "makeplayingcards/poker" and png["pixels"] == [822, 1122]
    assert (tmp_path / "demo/print/printshop/png/gold/quantities.csv").read_text().splitlines()[1:] == [
        "gold_1.png,12", "gold_2.png,8"]
    cards = _entry(tmp_path, "demo/print/printshop/cards-gold.pdf")
    assert cards["color"] == "cmyk"
    assert run_cli(*base, "--pod", "thegamecrafter").code == 0
    with Image.open(tmp_path / "demo/print/printshop/png/gold/gold_1.png") as image:
        assert image.size == (825, 1125)
    assert run_cli("print", "demo", "--data", FIXTURES, "--out", tmp_path, "--pod", "thegamecrafter").code == 2


def test_skipping_a_target_keeps_its_outputs_in_the_manifest(tmp_path, run_cli):
    base = ("build", "--data", FIXTURES, "--out", tmp_path, "--skip", "site")
    assert run_cli(*base).code == 0
    before = json.loads((tmp_path / "manifest.json").read_text())["artifacts"]
    assert run_cli(*base, "--skip", "print").code == 0
    after = json.loads((tmp_path / "manifest.json").read_text())["artifacts"]
    assert {a["path"] for a in after} == {a["path"] for a in before}
    assert all((tmp_path / a["path"]).is_file() for a in after)

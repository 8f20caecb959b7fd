"""The printable rules reference: one PDF per game and language through the scene + PDF backend,
listed in the manifest, offered on the print page; its text is the data's, in the page's language."""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from generator.model.index import GameIndex
from generator.render.pdf import render_pdf
from generator.rules_site import SiteGame
from generator.rules_site.views import GameView
from generator.targets.rules_pdf import rules_scene
from generator.targets.site import write_rules_pdfs
from generator.text import metrics as fonts
from generator.validate.run import validate_folder
from generator.write.atomic import OutputDir
from generator.write.manifest import Manifest
from tests.conftest import CARDS_DATA, FIXTURES
from tests.site.test_site_language import english_in


def pdf_text(pdf: bytes, tmp_path) -> str:
    if not shutil.which("pdftotext"):
        pytest.skip("needs pdftotext (poppler-utils)")
    path = tmp_path / "r.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


@pytest.fixture(scope="module")
def demo():
    result = validate_folder(FIXTURES / "demo")
    return SiteGame(GameIndex(result.data, result.folder), result)


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_reference_has_rules_setup_glossary_and_index(demo, lang, tmp_path):
    view = GameView(demo, lang)
    scene = rules_scene(view, fonts.METRICS)
    text = pdf_text(render_pdf(scene), tmp_path)
    flat = " ".join(text.split())
    for rule in view.rules.rules:  # every numbered rule, with its number and title
        assert f"{rule['number']} {rule['title']}" in flat, rule["number"]
    for entry in view.glossary.glossary:
        assert entry["name"] in flat
    for n in view.index.player_counts:  # a setup column per player count
        assert ("graczy" if lang == "pl" else "players") in flat and str(n) in flat
    index_part = flat.split("Indeks A–Z" if lang == "pl" else "A–Z index")[-1]
    assert re.search(r"\S \d+\b", index_part)  # entries with page numbers
    assert f"{len(scene.pages)}" in flat.split()[-1]  # "Strona N z N" footer on the last page
    assert "**" not in text and "[[" not in text


def test_polish_reference_of_a_real_game_reads_in_polish(tmp_path):
    result = validate_folder(CARDS_DATA / "runewars")
    view = GameView(SiteGame(GameIndex(result.data, result.folder), result), "pl")
    text = pdf_text(render_pdf(rules_scene(view, fonts.METRICS)), tmp_path)
    words = english_in(text.replace("Runewars", ""))
    assert not words, sorted(set(words))[:20]


def test_build_writes_one_per_language_into_the_manifest(demo, tmp_path):
    out = OutputDir(tmp_path / "out")
    manifest = Manifest()
    with out.transaction():
        entries = write_rules_pdfs([demo.index], out, manifest)
    assert sorted(e.path for e in entries) == ["demo/rules/rules-en.pdf", "demo/rules/rules-pl.pdf"]
    assert all(e.kind == "rules" and e.pages >= 2 for e in entries)
    assert (tmp_path / "out" / "demo" / "rules" / "rules-pl.pdf").read_bytes().startswith(b"%PDF")
    # the print page offers the reference in its own language only
    demo.artifacts = entries
    demo.downloads = {e.path: e.path.replace("/", "-") for e in entries}
    rows = GameView(demo, "pl").print.downloads
    assert [r["name"] for r in rows if r["kind"] == "rules"] == ["demo-rules-rules-pl.pdf"]

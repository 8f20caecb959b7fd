"""A designer's game builds at once: `pnp new`, then validate, print and boards — English only, no rulebook."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.i18n import t
from tests.conftest import edit
from tests.designer._support import pdf_text

RULEBOOK_WORDS = ("rulebook", "schematic", "SCHEMATIC", "assumed", "Source:", "instrukcj")
POLISH_LETTERS = re.compile("[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]")


def _polish_phrases() -> set[str]:
    """Every board wording of the Polish catalog that differs from the English one (the words to never see)."""
    from babel.messages.pofile import read_po

    path = Path(__file__).resolve().parents[2] / "generator" / "i18n" / "locales" / "pl.po"
    with path.open("rb") as fh:
        catalog = read_po(fh, locale="pl")
    out = set()
    for message in catalog:
        key = message.id if isinstance(message.id, str) else message.id[0]
        if not key or not key.startswith(("board.", "new.")) or isinstance(message.id, tuple):
            continue
        pl = message.string
        if pl and pl != t("en", key) and "{" not in pl and len(pl) >= 4:
            out.add(pl)
    return out




def _svg_text(path: Path) -> str:
    root = ET.parse(path).getroot()
    return "\n".join("".join(el.itertext()) for el in root.iter() if el.tag.endswith(("text", "title")))


def _assert_english_designer_text(text: str) -> None:
    assert not POLISH_LETTERS.search(text), POLISH_LETTERS.findall(text)[:5]
    for phrase in _polish_phrases():
        assert phrase not in text, phrase
    for word in RULEBOOK_WORDS:
        assert word not in text, word


@pytest.fixture
def starfall_boards(starfall_data, tmp_path, run_cli) -> Path:
    out = tmp_path / "out"
    result = run_cli("boards", "starfall", "--data", starfall_data, "--out", out, "--paper", "a4")
    assert result.code == 0, result.err
    return out / "starfall" / "boards"


def test_fixture_board_keeps_its_size_and_draws_the_score_track_around_the_edge(starfall_boards):
    svg = starfall_boards / "star_map.svg"
    root = ET.parse(svg).getroot()
    assert root.get("width") == "300.0mm" and root.get("height") == "300.0mm"
    texts = _svg_text(svg).split("\n")
    assert all(str(n) in texts for n in range(51))  # every space 0..50 is numbered
    assert "Score (0–50)" in texts and "Moon Alpha" in texts


def test_fixture_board_outputs_have_no_polish_and_no_rulebook_wording(starfall_boards):
    files = sorted(starfall_boards.iterdir())
    assert {f.suffix for f in files} == {".svg", ".pdf"}
    for path in files:
        text = _svg_text(path) if path.suffix == ".svg" else pdf_text(path)
        assert "Star map" in text
        _assert_english_designer_text(text)


def test_a_board_too_small_for_its_parts_is_a_located_error(starfall_data, tmp_path, run_cli):
    edit(starfall_data / "starfall" / "components.yaml", "size: {w: 300, h: 300}", "size: {w: 60, h: 60}")
    result = run_cli("boards", "starfall", "--data", starfall_data, "--out", tmp_path / "out")
    assert result.code == 1 and "Traceback" not in result.err
    assert re.search(r"components\.yaml:\d+:\d+: boards\[0\]\.size: board 'star_map' is 60 × 60 mm", result.err), \
        result.err
    assert not (tmp_path / "out" / "starfall").exists()  # nothing written


def test_pnp_new_validates_prints_and_draws_at_once(tmp_path, run_cli, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run_cli("new", "demo2", "--data", "tmp").code == 0
    assert sorted(p.name for p in (tmp_path / "tmp" / "demo2").iterdir()) == \
        ["cards.csv", "components.yaml", "game.yaml", "rules.yaml", "setup.yaml"]
    checked = run_cli("validate", "demo2", "--data", "tmp")
    assert checked.code == 0, checked.out + checked.err
    assert run_cli("print", "demo2", "--data", "tmp", "--out", "out").code == 0
    assert (tmp_path / "out" / "demo2" / "print" / "home-a4" / "cards.pdf").exists()
    assert run_cli("boards", "demo2", "--data", "tmp", "--out", "out", "--paper", "a4").code == 0
    _assert_english_designer_text(_svg_text(tmp_path / "out" / "demo2" / "boards" / "board.svg"))
    again = run_cli("new", "demo2", "--data", "tmp")
    assert again.code == 2 and "already exists" in again.err


def test_pnp_new_in_polish_and_english_and_bad_ids(tmp_path, run_cli):
    assert run_cli("new", "duo", "--data", tmp_path, "--lang", "pl", "--lang", "en").code == 0
    assert "languages: [pl, en]" in (tmp_path / "duo" / "game.yaml").read_text(encoding="utf-8")
    assert run_cli("validate", "duo", "--data", tmp_path).code == 0
    assert run_cli("new", "Bad Name", "--data", tmp_path).code == 2
    assert run_cli("new", "x", "--data", tmp_path, "--lang", "english").code == 2


KIT_RULEBOOK_WORDS = ("rulebook", "Rulebook", "PROXY", "Assumption", "assumption", "schematic", "instrukcj")


def _html_text(path: Path) -> str:
    html = path.read_text(encoding="utf-8")
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.slow
def test_the_whole_kit_and_site_of_an_english_original_game_have_no_polish_and_no_rulebook_wording(
        starfall_data, tmp_path, run_cli):
    """Every PDF of `pnp build` (cards, dice, tiles, tokens, guide, boards, rules) and every page of its site."""
    out = tmp_path / "out"
    result = run_cli("build", "starfall", "--data", starfall_data, "--out", out, "--jobs", "1")
    assert result.code == 0, result.err
    pdfs = sorted((out / "starfall").rglob("*.pdf"))
    pages = sorted((out / "site" / "en" / "starfall").rglob("*.html"))
    assert len(pdfs) >= 10 and len(pages) >= 5
    assert not (out / "site" / "pl").exists() or not any((out / "site" / "pl").rglob("starfall*"))
    for path in pdfs + pages:
        text = pdf_text(path) if path.suffix == ".pdf" else _html_text(path)
        assert not POLISH_LETTERS.search(text), (str(path.relative_to(out)), POLISH_LETTERS.findall(text)[:5])
        for word in KIT_RULEBOOK_WORDS:
            assert word not in text, (str(path.relative_to(out)), word)

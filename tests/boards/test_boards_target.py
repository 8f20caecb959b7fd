"""`pnp boards` and the boards target: files written, manifest entries, PDFs with embedded fonts."""
from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.errors import Severity
from generator.geom.shapes import Rect
from generator.layout.boards import board_variants, layout_board
from generator.model.index import GameIndex
from generator.render.svg import render_svg
from generator.text.metrics import METRICS
from generator.validate.run import validate_folder

TESTS = Path(__file__).resolve().parents[1]
BOARD_DATA = TESTS / "boards" / "data"
DEMO_DATA = TESTS / "fixtures" / "data"
CARDS_DATA = TESTS.parent / "cards_data"
DEMO_FILES = {f"main-{v}{suffix}" for v in ("day-2p", "day-3p", "day-4p", "night-2p", "night-3p", "night-4p")
              for suffix in (".svg", "-poster-a4.pdf", "-poster-letter.pdf", "-onepage-a4.pdf",
                             "-onepage-letter.pdf")}


def _manifest(out: Path) -> list[dict]:
    return json.loads((out / "manifest.json").read_text(encoding="utf-8"))["artifacts"]


def _pdf_text(path: Path, page: int = 0) -> str:
    doc = pdfium.PdfDocument(str(path))
    try:
        tp = doc[page].get_textpage()
        return tp.get_text_range()
    finally:
        doc.close()


def _pages(path: Path) -> int:
    doc = pdfium.PdfDocument(str(path))
    try:
        return len(doc)
    finally:
        doc.close()


@pytest.fixture(scope="module")
def demo_out(tmp_path_factory):
    """One `pnp boards demo` run shared by the checks below (keeps the suite fast)."""
    from generator.cli import main

    out = tmp_path_factory.mktemp("out")
    (out / "demo" / "print").mkdir(parents=True)
    (out / "demo" / "print" / "cards-a4.pdf").write_bytes(b"%PDF-1.4 earlier print output")
    (out / "demo" / "boards").mkdir(parents=True)
    (out / "demo" / "boards" / "renamed-board.svg").write_text("<svg/>", encoding="utf-8")  # stale
    code = main(["boards", "demo", "--data", str(DEMO_DATA), "--out", str(out)])
    assert code == 0
    return out


def test_writes_every_variant_for_both_papers(demo_out):
    written = {p.name for p in (demo_out / "demo" / "boards").iterdir()}
    assert written == DEMO_FILES  # the stale board file is gone: the folder is replaced whole
    assert not list(demo_out.glob(".staging*"))


def test_manifest_records_each_artifact(demo_out):
    entries = {e["path"]: e for e in _manifest(demo_out) if e.get("kind") == "board"}
    assert set(entries) == {f"demo/boards/{name}" for name in DEMO_FILES}
    for path, e in entries.items():
        assert e["game"] == "demo" and e["items"] == 1 and e["bleed_mm"] == 0 and e["duplex"] == "none"
        assert e["item_size_mm"] == [400.0, 400.0]
        assert e["contents"] == {"main_board": 1}
        assert e["profile"] in ("svg", "poster", "onepage")
        assert e["paper"] == (None if e["profile"] == "svg" else path.rsplit("-", 1)[1][:-4])
        if path.endswith(".pdf"):
            assert e["pages"] == _pages(demo_out / path)
    poster = entries["demo/boards/main-day-2p-poster-a4.pdf"]
    assert poster["pages"] == 7 and poster["grid"] == [2, 3] and poster["overlap_mm"] == 10
    assert entries["demo/boards/main-day-2p-onepage-a4.pdf"]["scale"] == 0.5
    assert entries["demo/boards/main-day-2p.svg"]["players"] == 2
    assert entries["demo/boards/main-night-3p.svg"]["side"] == "night"


def test_other_outputs_of_the_game_are_kept(demo_out):
    assert (demo_out / "demo" / "print" / "cards-a4.pdf").read_bytes().startswith(b"%PDF-1.4 earlier")


def test_pdfs_embed_fonts_and_keep_polish_text(demo_out):
    one = demo_out / "demo" / "boards" / "main-day-2p-onepage-a4.pdf"
    data = one.read_bytes()
    assert b"FontFile2" in data and b"/Helvetica" not in data
    text = _pdf_text(one)
    for word in ("Równina", "Wyrocznia", "Tor punktów", "pole startowe"):
        assert word in text
    poster = demo_out / "demo" / "boards" / "main-day-2p-poster-a4.pdf"
    assert "assembly" in _pdf_text(poster, 0)
    first = _pdf_text(poster, 1)
    assert "A1" in first and "overlap 10 mm" in first
    assert "B3" in _pdf_text(poster, 6)


def test_players_option_keeps_only_that_count(tmp_path, run_cli):
    res = run_cli("boards", "demo", "--data", DEMO_DATA, "--out", tmp_path, "--players", "3", "--paper", "a4")
    assert res.code == 0, res.err
    names = sorted(p.name for p in (tmp_path / "demo" / "boards").iterdir())
    assert names == sorted(["main-day-3p.svg", "main-day-3p-poster-a4.pdf", "main-day-3p-onepage-a4.pdf",
                            "main-night-3p.svg", "main-night-3p-poster-a4.pdf", "main-night-3p-onepage-a4.pdf"])


@pytest.mark.parametrize("args,message", [
    (["--players", "9"], "not 9"),
    (["--onepage-scale", "3"], "largest scale"),
    (["--overlap", "150"], "overlap"),
])
def test_usage_errors(tmp_path, run_cli, args, message):
    res = run_cli("boards", "demo", "--data", DEMO_DATA, "--out", tmp_path, "--paper", "a4", *args)
    assert res.code == 2 and message in res.err
    assert not (tmp_path / "demo").exists()


def test_grid_game_without_size_writes_per_player_outputs(tmp_path, run_cli):
    res = run_cli("boards", "grid7", "--data", BOARD_DATA, "--out", tmp_path, "--paper", "letter")
    assert res.code == 0, res.err
    names = {p.name for p in (tmp_path / "grid7" / "boards").iterdir()}
    assert {"main-2p.svg", "main-3p.svg", "main-4p.svg", "main-2p-poster-letter.pdf",
            "main-2p-onepage-letter.pdf"} <= names
    entry = next(e for e in _manifest(tmp_path) if e["path"] == "grid7/boards/main-2p.svg")
    assert entry["size_assumed"] is True and entry["contents"] == {"map_board": 1}
    assert "size assumed" in (tmp_path / "grid7" / "boards" / "main-2p.svg").read_text(encoding="utf-8")


def test_build_runs_the_boards_target(tmp_path, run_cli):
    res = run_cli("build", "hexmap", "--data", BOARD_DATA, "--out", tmp_path, "--skip", "print", "--skip", "site",
                  "--paper", "a4")
    assert res.code == 0, res.err
    boards = [e for e in _manifest(tmp_path) if e.get("kind") == "board"]
    assert {e["path"] for e in boards} >= {"hexmap/boards/map-2p.svg", "hexmap/boards/map-4p-onepage-a4.pdf"}


CARD_ONLY_GAMES = {"rune_age"}  # a deck-building card game: its rulebook has no board


def _real_games():
    if not CARDS_DATA.is_dir():
        return []
    return sorted(p.name for p in CARDS_DATA.iterdir() if p.is_dir() and any(p.glob("*.yaml"))
                  and p.name not in CARD_ONLY_GAMES)


def test_card_only_games_have_no_boards():
    for game in CARD_ONLY_GAMES:
        assert not validate_folder(CARDS_DATA / game).data.boards


@pytest.mark.parametrize("game", _real_games())
def test_every_board_of_every_valid_game_draws(game):
    result = validate_folder(CARDS_DATA / game)
    assert result.data is not None and not any(i.severity == Severity.ERROR for i in result.issues), game
    index = GameIndex(result.data)
    assert index.data.boards, f"{game} has no boards"
    for board in index.data.boards:
        for variant in board_variants(board, index.player_counts):
            drawing = layout_board(board, variant, tiles=index.data.tiles, icons=index.data.icons,
                                   metrics=METRICS)
            area = Rect.from_size(drawing.size).outset(0.01)
            for item in drawing.items:
                assert not hasattr(item, "rect") or area.contains(item.rect)
            assert "<svg" in render_svg(drawing.page())


def test_outputs_are_deterministic(tmp_path, run_cli):
    for name in ("a", "b"):
        res = run_cli("boards", "hexmap", "--data", BOARD_DATA, "--out", tmp_path / name, "--paper", "a4",
                      "--players", "3")
        assert res.code == 0, res.err
    digests = [{e["path"]: e["sha256"] for e in _manifest(tmp_path / name)} for name in ("a", "b")]
    assert digests[0] == digests[1] and "hexmap/boards/map-3p.svg" in digests[0]

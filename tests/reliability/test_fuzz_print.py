"""Fuzzing the print path: small valid-looking games (the demo with its sizes, copies and texts drawn by
hypothesis) go through validate → print → boards in-process. Never an exception (exit 3), every PDF
passes `qpdf --check`, and the manifest's printed counts equal the inventory.

Budget: PNP_FUZZ_EXAMPLES examples (default 8, about 2 s on the 2-core CI: 8 generated games); raise it locally."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import FIXTURES, edit
from tests.print.test_print_counts import _expected, _printed

EXAMPLES = int(os.environ.get("PNP_FUZZ_EXAMPLES", "8"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
QPDF = shutil.which("qpdf")

WORDS = st.sampled_from(["Daje", "złoto", "ŻÓŁW", "gęśl", "jaźń", ":gold:", "**mocny**", "1", "42", "—", "zamku,",
                         "Konstantynopolitańczykowianeczka", "a", "i", "w", "fazie", "zakupu.", "(x)", "„cytat”"])
TEXT = st.lists(WORDS, min_size=1, max_size=40).map(" ".join)
DECK_SIZE = st.one_of(st.sampled_from(["poker", "tarot", "mini-euro", "square"]),
                      st.tuples(st.integers(20, 200), st.integers(20, 285)).map(lambda s: f"{{w: {s[0]}, h: {s[1]}}}"))


@st.composite
def games(draw):
    return dict(
        deck_size=draw(DECK_SIZE), copies=(draw(st.integers(4, 15)), draw(st.integers(8, 15))),
        text=draw(TEXT), token=draw(st.integers(6, 120)), token_shape=draw(st.sampled_from(["circle", "square"])),
        die=draw(st.integers(6, 60)), hex_mm=draw(st.integers(6, 140)), tile=draw(st.integers(15, 260)),
        paper=draw(st.sampled_from(["a4", "letter"])), duplex=draw(st.sampled_from(["long", "short", "none", "fold"])),
        profile=draw(st.sampled_from(["home", "home", "printshop"])),
    )


def _make(game: Path, p: dict) -> None:
    a, b = p["copies"]
    edit(game / "components.yaml", "    count: 30\n", f"    count: {a + b + 10}\n")
    edit(game / "components.yaml", "    count: 20\n", f"    count: {a + b}\n")
    edit(game / "decks.yaml", "    copies: 12\n", f"    copies: {a}\n")
    edit(game / "decks.yaml", "    copies: 8\n", f"    copies: {b}\n")
    edit(game / "decks.yaml", "    size: poker\n", f"    size: {p['deck_size']}\n")
    edit(game / "decks.yaml", "Daje 1 :gold: w fazie zakupu.", p["text"].replace('"', "'"))
    edit(game / "components.yaml", "shape: circle, size: {w: 16, h: 16}, label",
         f"shape: {p['token_shape']}, size: {{w: {p['token']}, h: {p['token']}}}, label")
    edit(game / "components.yaml", "print: {method: die, size: {w: 16, h: 16}",
         f"print: {{method: die, size: {{w: {p['die']}, h: {p['die']}}}")
    edit(game / "board.yaml", "    hex_size_mm: 20\n    source: {section: \"KAFELKI\", page: 4}\n  - id: road",
         f"    hex_size_mm: {p['hex_mm']}\n    source: {{section: \"KAFELKI\", page: 4}}\n  - id: road")
    edit(game / "board.yaml", "size: {w: 50, h: 50}", f"size: {{w: {p['tile']}, h: {p['tile']}}}")


def _ok(result, what: str) -> None:
    text = result.out + result.err
    assert result.code in (0, 1), f"{what}: exit {result.code}\n{result.err[-2000:]}"
    assert "Traceback" not in text and "internal error" not in text, f"{what}:\n{text[-2000:]}"


PLAIN = dict(deck_size="poker", copies=(12, 8), text="Daje 1 :gold: w fazie zakupu.", token=16,
             token_shape="circle", die=16, hex_mm=20, tile=50, paper="a4", duplex="long", profile="home")


def test_the_template_itself_prints(run_cli):
    """The fuzzed edits on plain values give a game that validates and prints: the fuzz is not vacuous."""
    codes = _print_path(PLAIN, run_cli)
    assert codes == (0, 0, 0), codes


@pytest.mark.skipif(QPDF is None, reason="qpdf is not installed (scripts/system-deps.sh)")
@FUZZ
@given(params=games())
def test_print_path_never_breaks(params, run_cli):
    _print_path(params, run_cli)


def _print_path(params: dict, run_cli) -> tuple[int, int, int]:
    with tempfile.TemporaryDirectory() as tmp:
        data, out = Path(tmp) / "data", Path(tmp) / "out"
        shutil.copytree(FIXTURES / "demo", data / "demo")
        _make(data / "demo", params)
        checked = run_cli("validate", "--data", data)
        _ok(checked, "validate")
        printed = run_cli("print", "demo", "--data", data, "--out", out, "--paper", params["paper"],
                          "--duplex", params["duplex"], "--profile", params["profile"], "--no-png")
        _ok(printed, "print")
        boards = run_cli("boards", "demo", "--data", data, "--out", out, "--paper", params["paper"])
        _ok(boards, "boards")
        if checked.code == 0:
            assert boards.code == 0, boards.err
            if params["duplex"] != "fold" or printed.code == 0:
                assert printed.code == 0, printed.err
        for pdf in sorted(out.rglob("*.pdf")):
            check = subprocess.run([QPDF, "--check", str(pdf)], capture_output=True, text=True)
            assert check.returncode == 0, f"{pdf.name}: {check.stdout[-500:]}{check.stderr[-500:]}"
        if printed.code == 0:
            manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
            paper = params["paper"] if params["profile"] == "home" else None
            got = _printed(manifest, "demo", params["profile"], paper)
            for comp, count in _expected(data / "demo").items():
                if count is None:
                    assert got.get(comp, 0) >= 1, comp
                else:
                    assert got.get(comp, 0) == count, (comp, params)
        return checked.code, printed.code, boards.code

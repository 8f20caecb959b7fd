"""Items too large for a home sheet are located data errors in `pnp validate`, never imposition crashes."""
from __future__ import annotations

import pytest

from tests.conftest import edit

CASES = {
    "card-300x400": ("decks.yaml", "    size: poker\n", "    size: {w: 300, h: 400}\n",
                     "decks.yaml:", "cards of deck 'gold' are 300 × 400 mm; it does not fit the printable area of A4"),
    "hex-500mm": ("board.yaml", "    hex_size_mm: 20\n    source: {section: \"KAFELKI\", page: 4}\n  - id: road",
                  "    hex_size_mm: 500\n    source: {section: \"KAFELKI\", page: 4}\n  - id: road",
                  "board.yaml:", "tile 'land_lake' is"),
    "square-tile": ("board.yaml", "size: {w: 50, h: 50}", "size: {w: 250, h: 250}", "board.yaml:",
                    "tile 'road_straight' is 250 × 250 mm"),
    "token": ("components.yaml", "size: {w: 16, h: 16}, label", "size: {w: 300, h: 16}, label",
              "components.yaml:", "token 'damage_tokens' is 300 × 16 mm"),
    "die": ("components.yaml", "print: {method: die, size: {w: 16, h: 16}", "print: {method: die, size: {w: 90, h: 90}",
            "components.yaml:", "die net 'fate_die' is"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_oversize_item_is_a_located_error(case, demo_data, run_cli):
    name, old, new, where, message = CASES[case]
    edit(demo_data / "demo" / name, old, new)
    result = run_cli("validate", "--data", demo_data)
    assert result.code == 1, result.err
    hit = [line for line in result.err.splitlines() if line.startswith("error:") and where in line
           and message in line]
    assert hit, result.err
    assert ":0:0" not in hit[0]
    printed = run_cli("print", "demo", "--data", demo_data, "--out", demo_data.parent / "out")
    assert printed.code == 1 and "Traceback" not in printed.err


def test_letter_only_misfit_is_reported(demo_data, run_cli):
    """274 mm fits A4's 287 mm printable height but not Letter's 269.4 mm."""
    edit(demo_data / "demo" / "decks.yaml", "    size: poker\n", "    size: {w: 100, h: 274}\n")
    result = run_cli("validate", "--data", demo_data)
    assert result.code == 1
    assert "does not fit the printable area of Letter (205.9 × 269.4 mm)" in result.err, result.err


def test_fold_over_misfit_is_a_warning(demo_data, run_cli):
    edit(demo_data / "demo" / "decks.yaml", "    size: poker\n", "    size: {w: 150, h: 200}\n")
    result = run_cli("validate", "--data", demo_data)
    assert "a fold-over pair (--duplex fold) does not fit" in result.err, result.err
    folded = run_cli("print", "demo", "--data", demo_data, "--out", demo_data.parent / "out", "--duplex", "fold")
    assert folded.code == 1 and "does not fit" in folded.err and "Traceback" not in folded.err

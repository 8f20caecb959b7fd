"""Whatever the data holds, the terminal gets text: control characters are escaped (ESC → \\x1b) in tables
and messages, and a huge value is quoted by its first characters only."""
from __future__ import annotations

import pytest

from generator.console import escape_controls, safe_text
from tests.conftest import edit

ESC_NAME = 'name: {pl: "karty \\e[2J\\e]0;pwned\\a Złota \\x9b31m \\u202Eevil", en: Gold cards}'
HOSTILE = ("\x1b", "\x07", "\x9b", "\u202e")


def _clean(text: str) -> None:
    for ch in HOSTILE:
        assert ch not in text, f"raw {ch!r} reached the terminal"


@pytest.mark.parametrize("command", [("inventory", "demo"), ("inventory", "demo", "--json"),
                                     ("setup", "demo"), ("validate",), ("print", "demo")])
def test_control_characters_are_escaped(command, demo_data, run_cli, tmp_path):
    edit(demo_data / "demo" / "components.yaml", "name: {pl: karty Złota, en: Gold cards}", ESC_NAME)
    result = run_cli(*command, "--data", demo_data, "--out", tmp_path / "out")
    assert result.code == 0, result.err
    _clean(result.out + result.err)
    if command == ("inventory", "demo"):
        assert "\\x1b[2J" in result.out and "\\u202e" in result.out


def test_error_message_with_escapes(demo_data, run_cli):
    edit(demo_data / "demo" / "decks.yaml", "    deck: castles\n", '    deck: "cas\\etles\\x9b"\n')
    result = run_cli("validate", "--data", demo_data)
    assert result.code == 1
    _clean(result.err)
    assert "cas\\x1btles" in result.err


def test_unknown_game_name_with_escapes(demo_data, run_cli):
    result = run_cli("inventory", "de\x1b[2Jmo", "--data", demo_data)
    assert result.code == 2
    _clean(result.err)


def test_huge_value_is_quoted_short(demo_data, run_cli):
    text = (demo_data / "demo" / "decks.yaml").read_text(encoding="utf-8")
    assert "Daje 1 :gold: w fazie zakupu." in text
    edit(demo_data / "demo" / "decks.yaml", "Daje 1 :gold: w fazie zakupu.", "Daje złoto. " * 25000)
    edit(demo_data / "demo" / "decks.yaml", "    deck: castles\n", f"    deck: {'x' * 300000}\n")
    for command in (("validate",), ("inventory", "demo"), ("build", "--skip", "site")):
        result = run_cli(*command, "--data", demo_data, "--out", demo_data.parent / "out")
        assert result.code == 1, result.err[:2000]
        assert len(result.err) < 8000, f"{len(result.err)} characters of stderr"
        assert "more characters" in result.err


def test_helpers():
    assert escape_controls("a\x1b[31mb\tc\nd\x7f") == "a\\x1b[31mb\tc\nd\\x7f"
    assert escape_controls("ż\u202eź") == "ż\\u202eź"
    assert safe_text("x" * 1000).endswith("… (800 more characters)")

"""The bad-input catalogue: each case breaks a good game in one way and runs `pnp build`.

Every case must give exit code 1, a clear message naming the file and line (and the path in the
document where there is one), no traceback — and leave the previous build's outputs untouched."""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, ROOT, edit

DEMO = "demo"


def _append(name: str, text: str):
    def apply(game: Path):
        with (game / name).open("a", encoding="utf-8") as handle:
            handle.write(text)
    return apply


def _replace(name: str, old: str, new: str):
    return lambda game: edit(game / name, old, new)


def _write(name: str, data: bytes):
    return lambda game: (game / name).write_bytes(data)


def _symlink_out(game: Path):
    outside = game.parent.parent / "outside.png"
    outside.write_bytes(b"\x89PNG\r\n\x1a\n")
    (game / "art").mkdir()
    os.symlink(outside, game / "art" / "knight.png")
    edit(game / "decks.yaml", "    stats: {defence: 4}\n", "    stats: {defence: 4}\n    image: art/knight.png\n")


def _mkdir(name: str):
    return lambda game: (game / name).mkdir()


BILLION_LAUGHS = "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n" \
                 "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"

CASES = {
    "yaml-unclosed-flow": (_replace("components.yaml", "    count: 30\n", "    count: [30\n"),
                           "components.yaml:6:11", "YAML syntax error"),
    "yaml-bad-indent": (_replace("components.yaml", "    kind: card\n    count: 30\n", "    kind: card\n  count: 30\n"),
                        "components.yaml:5:", "YAML syntax error"),
    "yaml-unclosed-quote": (_replace("game.yaml", 'title: "Instrukcja gry pokazowej"}', 'title: "Instrukcja}'),
                            "game.yaml:", "YAML syntax error"),
    "duplicate-key": (_replace("components.yaml", "    count: 30\n", "    count: 30\n    count: 31\n"),
                      "components.yaml:6:5", "duplicate key 'count'"),
    "tab-indent": (_replace("components.yaml", "    count: 30\n", "\tcount: 30\n"), "components.yaml:5:1",
                   "indent with spaces, not tabs"),
    "wrong-type-name": (_replace("components.yaml", "    name: {pl: karty, en: cards}\n", "    name: [karty]\n"),
                        "components.yaml:3:11", "components[0].name: expected a mapping, got a list"),
    "wrong-type-count": (_replace("components.yaml", "    count: 30\n", "    count: thirty\n"),
                         "components.yaml:5:12", "components[0].count: expected an integer from 0 to 10000"),
    "unknown-field": (_replace("components.yaml", "    parent: cards\n", "    parnet: cards\n"),
                      "components.yaml:11:5", "unknown field 'parnet' (did you mean 'parent'?)"),
    "unknown-deck": (_replace("decks.yaml", "    deck: castles\n", "    deck: castel\n"), "decks.yaml:",
                     "cards[2].deck: unknown deck 'castel' (did you mean 'castles'?)"),
    "unknown-faction": (_replace("decks.yaml", "faction: south", "faction: sout"), "decks.yaml:",
                        "unknown faction 'sout' (did you mean 'south'?)"),
    "negative-count": (_replace("components.yaml", "    count: 12\n", "    count: -12\n"), "components.yaml:",
                       "components[3].count: expected an integer from 0 to 10000 or 'unknown', got -12"),
    "non-integer-count": (_replace("components.yaml", "    count: 12\n", "    count: 12.5\n"), "components.yaml:",
                          "got 12.5"),
    "huge-count": (_replace("components.yaml", "    count: 12\n", "    count: 1000000000\n"), "components.yaml:",
                   "got 1000000000"),
    "parts-not-summing": (_replace("components.yaml", "    count: 30\n", "    count: 29\n"), "components.yaml:5:12",
                          "'cards' counts 29 but its parts sum to 30"),
    "per-faction-not-summing": (_replace("components.yaml", "east: 2, west: 2}", "east: 2, west: 1}"),
                                "components.yaml:", "per-faction counts of 'castle_cards' sum to 9"),
    "setup-exceeds-inventory": (_replace("setup.yaml", "values: {2: 12, 3: 12, 4: 12}", "values: {2: 12, 3: 12, 4: 20}"),
                                "setup.yaml:", "setup needs 20 × 'damage_tokens' but the inventory has 12"),
    "empty-file": (_write("extra.yaml", b""), "extra.yaml:1:1", "file is empty"),
    "directory-for-file": (_mkdir("more.yaml"), "more.yaml", "is a directory, expected a YAML file"),
    "non-utf8": (_write("extra.yaml", b"cards: []\n# caf\xe9\n"), "extra.yaml:2:6", "not valid UTF-8"),
    "bom": (_write("extra.yaml", b"\xef\xbb\xbfcards: []\n"), "extra.yaml:1:1", "byte-order mark"),
    "python-tag": (_write("extra.yaml", b"cards: !!python/object/apply:os.system ['echo hi']\n"), "extra.yaml:1:8",
                   "tag 'tag:yaml.org,2002:python/object/apply:os.system' is not allowed"),
    "billion-laughs": (_write("extra.yaml", BILLION_LAUGHS.encode()), "extra.yaml:1:4", "anchor '&a' is not allowed"),
    "ten-megabyte-string": (_write("extra.yaml", b"notes: '" + b"x" * (10 * 1024 * 1024) + b"'\n"), "extra.yaml:1:1",
                            "the limit is 2097152"),
    "deep-nesting": (_write("extra.yaml", b"x: " + b"[" * 5000 + b"]" * 5000 + b"\n"), "extra.yaml:1:",
                     "nested deeper than 64 levels"),
    "asset-escape": (_replace("decks.yaml", "    stats: {defence: 4}\n",
                              "    stats: {defence: 4}\n    image: ../../etc/passwd.png\n"),
                     "decks.yaml:", "asset '../../etc/passwd.png' climbs out of the game folder"),
    "asset-absolute": (_replace("decks.yaml", "    stats: {defence: 4}\n",
                                "    stats: {defence: 4}\n    image: /etc/passwd.png\n"),
                       "decks.yaml:", "is an absolute path"),
    "asset-symlink-out": (_symlink_out, "decks.yaml:", "leads outside its folder"),
    "text-too-long": (_replace("decks.yaml", "Daje 1 :gold: w fazie zakupu.", "Daje złoto. " * 200),
                      "decks.yaml:", "box 'text': text does not fit"),
    "glyph-missing": (_replace("decks.yaml", "Daje 1 :gold: w fazie zakupu.", "Daje 1 złoto 金貨."),
                      "decks.yaml:", "characters the font lacks: '貨' U+8CA8, '金' U+91D1"),
    "unknown-icon": (_replace("decks.yaml", "Daje 1 :gold: w", "Daje 1 :silver: w"), "decks.yaml:",
                     "unknown inline icon 'silver'"),
    "bad-formula": (_replace("setup.yaml", 'formula: "2*N + 4"', 'formula: "open(N)"'), "setup.yaml:",
                    "bad formula 'open(N)'"),
    "two-documents": (_append("rules.yaml", "---\nrules: []\n"), "rules.yaml:", "more than one YAML document"),
    "missing-required": (_replace("game.yaml", "  title: {pl: Gra Pokazowa, en: Demo Game}\n", ""), "game.yaml:",
                         "game.title: required field 'title' is missing"),
    "game-id-mismatch": (_replace("game.yaml", "  id: demo\n", "  id: demo_game\n"), "game.yaml:3:7",
                         "differs from its folder"),
    "bad-rule-number": (_replace("rules.yaml", 'number: "1.1"', 'number: "1.a"'), "rules.yaml:",
                        "expected a rule number like '4.2.1'"),
    "bad-colour": (_replace("game.yaml", 'color: "#3366aa"', 'color: "blue"'), "game.yaml:",
                   "expected a colour like '#1a2b3c'"),
    "unknown-top-level-key": (_write("extra.yaml", b"card: []\n"), "extra.yaml:1:1",
                              "unknown field 'card' (did you mean 'cards'?)"),
    "nul-byte": (_write("extra.yaml", b"cards: []\x00\n"), "extra.yaml:1:1", "NUL characters"),
}


def _snapshot(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def good_build(tmp_path_factory):
    """A finished build of the good demo: the outputs every bad case must leave alone."""
    data = tmp_path_factory.mktemp("good") / "data"
    shutil.copytree(FIXTURES / DEMO, data / DEMO)
    out = data.parent / "out"
    from generator.cli import main
    assert main(["build", "--data", str(data), "--out", str(out), "--skip", "site", "--skip", "boards"]) == 0
    return out, _snapshot(out)


def test_catalogue_is_large_enough():
    assert len(CASES) >= 30


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_input(case, tmp_path, run_cli, good_build):
    out_src, before = good_build
    out = tmp_path / "out"
    shutil.copytree(out_src, out)
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / DEMO, data / DEMO)
    mutate, where, message = CASES[case]
    mutate(data / DEMO)
    result = run_cli("build", "--data", data, "--out", out, "--skip", "site", "--skip", "boards")
    assert result.code == 1, result.out + result.err
    assert "Traceback" not in result.out + result.err
    lines = [line for line in result.err.splitlines() if line.startswith("error:")]
    assert lines, result.err
    hit = [line for line in lines if where in line and message in line]
    assert hit, f"expected '{where}' and '{message}' in:\n{result.err}"
    assert _snapshot(out) == before  # earlier outputs untouched, nothing staged left behind


@pytest.mark.parametrize("case", ["yaml-unclosed-flow", "python-tag", "deep-nesting", "glyph-missing"])
def test_real_cli_process_prints_no_traceback(case, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / DEMO, data / DEMO)
    CASES[case][0](data / DEMO)
    proc = subprocess.run([sys.executable, "-m", "generator", "validate", "--data", str(data)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr + proc.stdout
    assert CASES[case][2] in proc.stderr

"""Typed artifacts and typed options (issue #10).

- Nothing below the command layer reads the parsed arguments: no ``argparse``/``Namespace``, no
  ``getattr(args, …)``/``vars(args)``, no ``args.<name>`` — each target gets its own frozen options object
  that ``generator/commands/`` builds once.
- The manifest is read into ``Artifact``s and written back byte for byte (fields a target never set stay
  absent, ``null`` stays ``null``); entries this program does not write are dropped."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from generator.write.atomic import OutputDir
from generator.write.manifest import MANIFEST, Artifact, Manifest
from tests.architecture.test_import_order import PHASES, _files, _module_name, phase_of
from tests.conftest import FIXTURES

PACKAGE = Path(__file__).resolve().parents[2] / "generator"
BELOW_COMMANDS = set(PHASES[:PHASES.index("commands")])


def namespace_reads(source: str) -> list[tuple[int, str]]:
    """Lines where a module reads parsed command-line arguments."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "argparse" for a in node.names):
            found.append((node.lineno, "imports argparse"))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "argparse":
            found.append((node.lineno, "imports from argparse"))
        elif isinstance(node, (ast.Name, ast.Attribute)) and (getattr(node, "id", None) == "Namespace"
                                                               or getattr(node, "attr", None) == "Namespace"):
            found.append((node.lineno, "uses a Namespace"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "vars") \
                and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id == "args":
            found.append((node.lineno, f"{node.func.id}(args, …)"))
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "args":
            found.append((node.lineno, f"args.{node.attr}"))
    return found


def test_the_check_finds_each_way_of_reading_arguments():
    source = ("import argparse\nfrom argparse import Namespace\n"
              "def f(args):\n    a = getattr(args, 'paper', None)\n    b = vars(args)\n"
              "    c = argparse.Namespace()\n    return args.games\n")
    assert sorted(line for line, _ in namespace_reads(source)) == [1, 2, 4, 5, 6, 7]
    # other things called args are fine: a call's arguments, *args, an exception's args
    assert namespace_reads("def g(node, *args):\n    args = node.args\n    exc.args = args\n") == []


@pytest.mark.parametrize("path", [p for p in _files() if phase_of(_module_name(p)) in BELOW_COMMANDS],
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_nothing_below_the_commands_reads_the_arguments(path):
    found = namespace_reads(path.read_text(encoding="utf-8"))
    assert not found, "; ".join(f"{path.relative_to(PACKAGE.parent)}:{line}: {what}" for line, what in found)


# ---- the manifest ---------------------------------------------------------------------------------------

ENTRIES = [  # one entry of each shape the targets write (docs/REPORTS.md), values as they write them
    {"game": "demo", "kind": "cards", "profile": "home", "paper": "a4", "path": "demo/print/home-a4/cards.pdf",
     "pages": 4, "items": 30, "item_size_mm": [63.5, 88.0], "bleed_mm": 0.0, "duplex": "long", "color": "rgb",
     "contents": {"castle_cards": 10, "gold_cards": 20},
     "components": [{"component": "castle_cards", "pages": [1, 3]}, {"component": "gold_cards", "pages": [1]}],
     "bytes": 1234, "sha256": "ab" * 32, "input_hash": "cd" * 32},
    {"game": "demo", "kind": "guide", "profile": "home", "paper": "a4", "path": "demo/print/home-a4/guide.pdf",
     "pages": 2, "items": 0, "item_size_mm": None, "bleed_mm": 0, "duplex": "none", "contents": {}, "lang": "pl",
     "bytes": 99, "sha256": "ef" * 32},
    {"game": "demo", "kind": "png", "profile": "printshop", "paper": None, "path": "demo/print/printshop/png/gold/quantities.csv",
     "pages": 3, "items": 2, "item_size_mm": [63.5, 88], "bleed_mm": 3.0, "duplex": "none", "contents": {},
     "dpi": 300, "pod": None, "pixels": None, "bytes": 40, "sha256": "01" * 32},
    {"game": "demo", "kind": "board", "board": "main", "side": "day", "players": 2, "variant": "main-day-2p",
     "items": 1, "item_size_mm": [400.0, 400.0], "bleed_mm": 0, "duplex": "none", "contents": {"main_board": 1},
     "size_assumed": False, "profile": "poster", "paper": "a4", "pages": 5, "scale": 1.0, "overlap_mm": 10.0,
     "grid": [2, 2], "path": "demo/boards/main-day-2p-poster-a4.pdf", "bytes": 5, "sha256": "02" * 32,
     "input_hash": "03" * 32, "unit_order": 1},
    {"game": "demo", "kind": "rules", "lang": "en", "profile": "reference", "paper": "a4", "pages": 6,
     "duplex": "none", "path": "demo/rules/rules-en.pdf", "bytes": 7, "sha256": "04" * 32},
]


def _write(root: Path, doc: dict) -> str:
    doc = {**doc, "artifacts": sorted(doc["artifacts"], key=lambda a: str(a.get("path")) if isinstance(a, dict) else "")}
    text = json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    root.mkdir(parents=True, exist_ok=True)
    (root / MANIFEST).write_text(text, encoding="utf-8")
    return text


def test_every_shape_of_entry_round_trips(tmp_path):
    text = _write(tmp_path, {"version": 1, "artifacts": ENTRIES, "inputs": {"build": "k1", "site": "k2"}})
    manifest = Manifest.load(OutputDir(tmp_path), set(), keep_inputs=True)
    assert all(isinstance(a, Artifact) for a in manifest.artifacts) and len(manifest.artifacts) == len(ENTRIES)
    assert manifest.text() == text
    guide = next(a for a in manifest.artifacts if a.kind == "guide")
    assert guide.item_size_mm is None and "item_size_mm" in guide.to_json()  # null stays null …
    assert "color" not in guide.to_json()  # … and a field never written stays absent
    board = next(a for a in manifest.artifacts if a.kind == "board")
    assert (board.board, board.side, board.players, board.grid) == ("main", "day", 2, (2, 2))  # ids are fields


def test_entries_this_program_does_not_write_are_dropped(tmp_path):
    good = ENTRIES[4]
    _write(tmp_path, {"version": 1, "artifacts": [good, "not an entry", {"kind": "cards"},  # no path
                                                  {"path": "x.pdf", "pages": "many"},  # wrong type
                                                  {"path": "y.pdf", "surprise": 1}]})  # unknown field
    manifest = Manifest.load(OutputDir(tmp_path), set())
    assert [a.path for a in manifest.artifacts] == [good["path"]]
    assert Manifest.read(tmp_path)[2] is False  # the pipeline's up-to-date check does not trust it


def test_a_real_manifest_round_trips(tmp_path, run_cli):
    """`pnp print` and `pnp boards` of the demo write a manifest that loads and saves byte for byte."""
    out = tmp_path / "out"
    assert run_cli("print", "demo", "--data", FIXTURES, "--out", out).code == 0
    assert run_cli("print", "demo", "--data", FIXTURES, "--out", out, "--profile", "printshop").code == 0
    assert run_cli("boards", "demo", "--data", FIXTURES, "--out", out, "--paper", "a4").code == 0
    text = (out / MANIFEST).read_text(encoding="utf-8")
    kinds = {a["kind"] for a in json.loads(text)["artifacts"]}
    assert {"cards", "guide", "calibration", "png", "board"} <= kinds
    target = OutputDir(out)
    manifest = Manifest.load(target, set(), keep_inputs=True)
    assert manifest.text() == text
    with target.transaction():  # saving what was loaded leaves the file as it was
        manifest.save(target)
    assert (out / MANIFEST).read_text(encoding="utf-8") == text

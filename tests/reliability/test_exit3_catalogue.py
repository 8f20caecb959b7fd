"""Exit 3 is a bug: every `pnp` command against every broken input of the catalogue, never exit 3 and
never a traceback.

The catalogue grows from the bad-input classes the reviewers found: YAML and schema errors (the build
catalogue), hostile files for YAML and images (FIFOs, sockets, devices, symlink loops, outward links),
decompression bombs and corrupt images, items larger than the paper, control characters and huge values
in the data. Each case is set up once and every command runs on it in-process. `site` runs mkdocs when
the data is good enough to publish, so its runs are marked slow."""
from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, edit
from tests.reliability import _bad_files as bad
from tests.reliability.test_bad_input_catalogue import CASES as BUILD_CASES
from tests.reliability.test_oversize_items import CASES as OVERSIZE_CASES
from tests.reliability.test_safe_files import IMAGE_CASES, YAML_CASES

COMMANDS = {
    "validate": ("validate",),
    "validate-json": ("validate", "--json"),
    "inventory": ("inventory", "demo"),
    "inventory-json": ("inventory", "demo", "--json"),
    "setup": ("setup", "demo"),
    "print": ("print", "demo", "--no-png"),
    "boards": ("boards", "demo", "--paper", "a4"),
    "build": ("build", "--skip", "site", "--profile", "home", "--paper", "a4"),
}
SLOW_COMMANDS = {"site": ("site", "--lang", "pl")}


def _oversize(name, old, new):
    return lambda game: edit(game / name, old, new)


def _escapes(game: Path) -> None:
    edit(game / "components.yaml", "name: {pl: karty Złota, en: Gold cards}",
         'name: {pl: "karty \\e[2J\\x9b Złota \\u202E", en: "Gold \\e]0;x\\a"}')


def _huge(game: Path) -> None:
    edit(game / "decks.yaml", "Daje 1 :gold: w fazie zakupu.", "Daje złoto. " * 25000)


def _huge_id(game: Path) -> None:
    edit(game / "decks.yaml", "    deck: castles\n", f"    deck: {'x' * 300000}\n")


def _nested_game_yaml_fifo(game: Path) -> None:
    (game / "game.yaml").unlink()
    bad.fifo(game / "game.yaml")


def _empty_game(game: Path) -> None:
    for path in game.iterdir():
        path.unlink()
    (game / "game.yaml").write_text("", encoding="utf-8")


CATALOGUE: dict = {}
CATALOGUE.update({f"build/{k}": v[0] for k, v in BUILD_CASES.items()})
CATALOGUE.update({f"yaml/{k}": bad.special_yaml(v[0]) for k, v in YAML_CASES.items()})
CATALOGUE.update({f"image/{k}": v[0] for k, v in IMAGE_CASES.items()})
CATALOGUE.update({f"oversize/{k}": _oversize(*v[:3]) for k, v in OVERSIZE_CASES.items()})
CATALOGUE.update({
    "text/escapes": _escapes,
    "text/huge-card-text": _huge,
    "text/huge-reference": _huge_id,
    "yaml/game-yaml-fifo": _nested_game_yaml_fifo,
    "yaml/empty-game": _empty_game,
})


def _run(run_cli, args, timeout=120):
    """Run in a thread, so a blocking read fails the test instead of hanging the suite."""
    box = {}
    thread = threading.Thread(target=lambda: box.setdefault("r", run_cli(*args)), daemon=True)
    thread.start()
    thread.join(timeout)
    assert "r" in box, f"`pnp {' '.join(map(str, args))}` did not finish in {timeout} s"
    return box["r"]


def _check(result, label: str) -> None:
    text = result.out + result.err
    assert result.code != 3, f"{label}: exit 3 (a bug):\n{result.err[-3000:]}"
    assert "Traceback" not in text and "internal error" not in text, f"{label}:\n{text[-3000:]}"
    assert result.code in (0, 1, 2), f"{label}: exit {result.code}"


@pytest.fixture
def broken(request, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "demo", data / "demo")
    CATALOGUE[request.param](data / "demo")
    return data


def test_catalogue_is_large_enough():
    assert len(CATALOGUE) >= 40


@pytest.mark.parametrize("broken", sorted(CATALOGUE), indirect=True)
def test_no_command_exits_3(broken, run_cli, tmp_path):
    out = tmp_path / "out"
    for name, args in COMMANDS.items():
        _check(_run(run_cli, (*args, "--data", broken, "--out", out)), name)


@pytest.mark.slow
@pytest.mark.parametrize("broken", sorted(CATALOGUE), indirect=True)
def test_site_never_exits_3(broken, run_cli, tmp_path):
    for name, args in SLOW_COMMANDS.items():
        _check(_run(run_cli, (*args, "--data", broken, "--out", tmp_path / "out"), timeout=300), name)


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("where", ["a-file", "below-a-file"])
def test_unusable_out_folder(command, where, demo_data, run_cli, tmp_path):
    (tmp_path / "taken").write_text("keep")
    out = tmp_path / "taken" if where == "a-file" else tmp_path / "taken" / "out"
    result = _run(run_cli, (*COMMANDS[command], "--data", demo_data, "--out", out))
    _check(result, command)
    assert (tmp_path / "taken").read_text() == "keep"

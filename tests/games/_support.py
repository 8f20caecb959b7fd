"""Helpers for the per-game data tests in tests/games (not a test module).

The reports come from the CLI's JSON contracts (`pnp inventory/setup/validate --json`), run in-process
once per argument list and cached: the data does not change during a test run, and the parsed JSON is
rebuilt for every caller so no test can see another test's mutations. Things the JSON reports do not carry
(scenarios, cards, constants, tables, recipes, rules, glossary) are read from the validated model.
"""
from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from contextlib import redirect_stdout
from functools import cache
from pathlib import Path
from typing import Any

from generator.cli import main
from generator.schema.base import Source
from generator.validate.run import GameResult, validate_folder
from tests.conftest import CARDS_DATA

# The source rulebooks (plain-text extractions). Only used by tests that compare citations with the text;
# those tests skip when the folder is not there.
# CI clones the project into another folder with a copy of shared/ beside it; a developer has /work/shared
_ROOT = Path(__file__).resolve().parents[2]
SEEDS = next((p for p in (_ROOT.parent / "shared" / "seeds", Path("/work/shared/seeds")) if p.is_dir()),
             _ROOT.parent / "shared" / "seeds")


@cache
def _cli_stdout(args: tuple[str, ...]) -> str:
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        code = main(list(args))
    assert code == 0, f"`pnp {' '.join(args)}` exited with {code}"
    return buffer.getvalue()


def cli_json(*args: Any) -> Any:
    """Run `pnp ARGS` in-process (cached) and parse its stdout as JSON; the exit code must be 0."""
    return json.loads(_cli_stdout(tuple(str(a) for a in args)))


def inventory(game: str, *extra: str) -> dict:
    return cli_json("inventory", game, "--data", CARDS_DATA, "--json", *extra)


def setup(game: str, *extra: str) -> dict:
    return cli_json("setup", game, "--data", CARDS_DATA, "--json", *extra)


def validation(game: str) -> dict:
    report = cli_json("validate", game, "--data", CARDS_DATA, "--json")
    games = [g for g in report["games"] if g["game"] == game]
    assert len(games) == 1, report
    return games[0]


@cache
def game_result(game: str) -> GameResult:
    return validate_folder(CARDS_DATA / game)


def game_data(game: str):
    result = game_result(game)
    assert result.data is not None, [i.format() for i in result.issues]
    return result.data


def components_by_id(report: dict) -> dict[str, dict]:
    return {c["id"]: c for c in report["components"]}


def rows_of(report: dict, component: str, action: str | None = None, scenario: str | None = None) -> list[dict]:
    return [r for r in report["rows"] if r["component"] == component
            and (action is None or r["action"] == action) and r["scenario"] == scenario]


def one_row(report: dict, component: str, action: str | None = None, scenario: str | None = None) -> dict:
    rows = rows_of(report, component, action, scenario)
    assert len(rows) == 1, f"expected one setup row for {component} ({action}, {scenario}), got {rows}"
    return rows[0]


def values_by_players(row: dict) -> dict[int, Any]:
    return {int(n): v for n, v in row["values"].items()}


def format_path(path: tuple) -> str:
    """('cards', 24, 'conflicts', 0) → 'cards[24].conflicts[0]' (the validator's issue path format)."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def walk(node: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """Every value inside a validated model, with its path (pydantic models, lists and dicts)."""
    yield path, node
    fields = getattr(type(node), "model_fields", None)
    if fields is not None:
        for name in fields:
            yield from walk(getattr(node, name), path + (name,))
    elif isinstance(node, (list, tuple)):
        for i, item in enumerate(node):
            yield from walk(item, path + (i,))
    elif isinstance(node, dict):
        for key, item in node.items():
            yield from walk(item, path + (key,))


def sources_in(node: Any) -> Iterator[tuple[tuple, Source]]:
    for path, value in walk(node):
        if isinstance(value, Source):
            yield path, value


def recorded_conflicts(data) -> list[str]:
    """Validator-style paths of every contradiction the data records (`conflicts:` readings and the
    top-level `contradictions:` list)."""
    paths = []
    for path, value in walk(data):
        if path and path[-1] == "conflicts" and isinstance(value, list):
            paths += [format_path(path + (i,)) for i in range(len(value))]
    paths += [format_path(("contradictions", i)) for i in range(len(data.contradictions))]
    return paths


def normalize(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def rulebook_text(game: str) -> str | None:
    path = SEEDS / game_data(game).game.rulebook.file
    return path.read_text(encoding="utf-8") if path.exists() else None


def unquote(name: str) -> str:
    """'„Okrzyk wojenny”' → 'Okrzyk wojenny'."""
    return name.strip().strip("„”\"")


def uncited_sections(game: str, data) -> list[str]:
    """Section headings the data cites that its rulebook text does not print (skips without the text)."""
    import pytest

    text = rulebook_text(game)
    if text is None:
        pytest.skip("rulebook text not available")
    text = normalize(text)
    return sorted({s.section for _, s in sources_in(data) if s.section and normalize(s.section) not in text})

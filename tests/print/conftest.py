"""Print builds shared by the print tests: the demo fixture and every real game, built once per session."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.cli import main
from tests.conftest import CARDS_DATA, FIXTURES


def _build(data: Path, out: Path, *extra: str) -> dict:
    code = main(["build", "--data", str(data), "--out", str(out), "--skip", "boards", "--skip", "site", *extra])
    assert code == 0
    return json.loads((out / "manifest.json").read_text())


@pytest.fixture(scope="session")
def demo_build(tmp_path_factory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("demo_out")
    return out, _build(FIXTURES, out)


@pytest.fixture(scope="session")
def games_build(tmp_path_factory) -> tuple[Path, dict]:
    """Every game in cards_data, home sheets on A4 and Letter plus the print-shop set."""
    out = tmp_path_factory.mktemp("games_out")
    return out, _build(CARDS_DATA, out)

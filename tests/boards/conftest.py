"""Board fixtures: the demo game plus two small games of our own (tests/boards/data)."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import Severity
from generator.model.index import GameIndex
from generator.validate.run import validate_folder

HERE = Path(__file__).resolve().parent
BOARD_DATA = HERE / "data"
DEMO_DATA = HERE.parents[0] / "fixtures" / "data"


def load(folder: Path) -> GameIndex:
    result = validate_folder(folder)
    errors = [i for i in result.issues if i.severity == Severity.ERROR]
    assert not errors and result.data is not None, [i.format() for i in errors]
    return GameIndex(result.data)


@pytest.fixture(scope="session")
def demo() -> GameIndex:
    return load(DEMO_DATA / "demo")


@pytest.fixture(scope="session")
def grid7() -> GameIndex:
    return load(BOARD_DATA / "grid7")


@pytest.fixture(scope="session")
def hexmap() -> GameIndex:
    return load(BOARD_DATA / "hexmap")

"""Designer fixtures: a writable copy of 'starfall', an original English-only game with a CSV deck."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
DESIGNER_DATA = HERE / "data"


@pytest.fixture
def starfall_data(tmp_path) -> Path:
    """A writable copy of the starfall game; returns the data folder (holding starfall/)."""
    data = tmp_path / "data"
    shutil.copytree(DESIGNER_DATA / "starfall", data / "starfall")
    return data

"""Fixtures every dataset test module shares; each module names its game in ``GAME``."""
from __future__ import annotations

import pytest

from tests.games._support import components_by_id, game_data, inventory, setup


@pytest.fixture(scope="module")
def data(request):
    return game_data(request.module.GAME)


@pytest.fixture(scope="module")
def comps(request) -> dict[str, dict]:
    return components_by_id(inventory(request.module.GAME))


@pytest.fixture(scope="module")
def general_setup(request) -> dict:
    return setup(request.module.GAME)

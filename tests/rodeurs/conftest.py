"""The Rôdeurs board the reader tests photograph, and its photos made once each."""

from __future__ import annotations

import pytest

from generator.rodeurs.layouts import random_layout
from patrolkit.games.rodeurs import Layout
from tests.rodeurs.reader_photos import LAYOUT_SEED, Shoot, shooter


@pytest.fixture(scope="module")
def layout() -> Layout:
    return random_layout(LAYOUT_SEED)


@pytest.fixture(scope="module")
def shoot(layout: Layout, tmp_path_factory: pytest.TempPathFactory) -> Shoot:
    return shooter(layout, tmp_path_factory)

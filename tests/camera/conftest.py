"""The Rôdeurs kit the camera tests photograph, and its photos made once each."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from companion.camera.photo import Photo
from companion.camera.rodeurs.position import random_position
from companion.camera.rodeurs.scene import photograph
from generator.rodeurs.kit import write_kit
from generator.rodeurs.layouts import random_layout
from patrolkit.games.rodeurs import Layout

LAYOUT_SEED = 3
Shoot = Callable[..., Photo]
"""``shoot(preset, seed, turns=6)``: the kit photographed after ``turns`` random turns."""


@pytest.fixture(scope="module")
def layout() -> Layout:
    return random_layout(LAYOUT_SEED)


@pytest.fixture(scope="module")
def kit(layout: Layout, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    write_kit(layout, out)
    return out


@pytest.fixture(scope="module")
def shoot(kit: Path, layout: Layout) -> Shoot:
    """Photos of the kit, made once per (preset, seed, turns)."""

    @cache
    def take(preset: str, seed: int, turns: int = 6) -> Photo:
        return photograph(kit, random_position(layout, seed, turns=turns), preset=preset, seed=seed)

    return take

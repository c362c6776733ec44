"""A hard shadow across the grand jeu's board (an arm, the phone): every scout and prisoner is
read, and no bare cell or empty slot across the shadow's edge is taken for one."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.camera.grand_jeu.scene import photograph
from companion.grand_jeu.reader import read_photo
from tests.grand_jeu.photos import assert_read_as, before_state, folder, kit_dir

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("seed", [8, 13])
def test_a_hard_shadow_leaves_every_scout_read_and_makes_none_up(seed: int) -> None:
    # Each was once read with places reported: seed 8's shadow edge crosses three cells and
    # two of South's prison slots, seed 13's two bare cells and a slot of North's prison.
    state = before_state()
    photo = Path(folder(), f"shadow-{seed}.jpg")
    photo.write_bytes(photograph(kit_dir(), state, preset="shadow", seed=seed).jpeg)
    reading = read_photo(photo)
    assert_read_as(reading, state)

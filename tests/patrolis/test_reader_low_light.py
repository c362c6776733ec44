"""A dim room's sensor noise does not hide a Patrolis step tile: the second look smooths the noise
away before it gives up on a cell (``cells-10-denoised``), and the table reads exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.camera.patrolis.kit import patrolis_kit_raster
from companion.camera.patrolis.midgame import mid_game
from companion.camera.patrolis.scene import photograph
from companion.patrolis.reader import read_photo
from generator.patrolis.kit import write_kit

KIT_SEED, PLAYERS = 9301, 2
PHOTO_SEED = 70029
"""A ``low-light`` table where, without the denoised step, one tile (A11) stays unread."""


@pytest.mark.slow
def test_a_noisy_dim_table_reads_every_tile(tmp_path: Path) -> None:
    write_kit(KIT_SEED, tmp_path, players=PLAYERS, force=True)
    state = mid_game(patrolis_kit_raster(tmp_path), PHOTO_SEED)
    reading = read_photo(photograph(tmp_path, state, preset="low-light", seed=PHOTO_SEED).jpeg)
    assert reading.unreadable == ()
    want = state.view.tiles
    assert {c: p.tile for c, p in reading.tiles.items()} == {
        c: t for c, t in enumerate(want) if t is not None
    }
    assert any(p.stage == "second look" for p in reading.tiles.values())

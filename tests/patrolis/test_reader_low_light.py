"""A dim room's sensor noise does not hide a Patrolis step tile: the second look smooths the noise
away before it gives up on a cell (``cells-10-denoised``), and the table reads exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.patrolis.reader_checks import read_table

KIT_SEED, PLAYERS = 9301, 2
PHOTO_SEED = 70029
"""A ``low-light`` table where, without the denoised step, one tile (A11) stays unread."""


@pytest.mark.slow
def test_a_noisy_dim_table_reads_every_tile(tmp_path: Path) -> None:
    state, reading = read_table(tmp_path, KIT_SEED, PLAYERS, PHOTO_SEED, "low-light")
    assert reading.unreadable == ()
    want = state.view.tiles
    assert {c: p.tile for c, p in reading.tiles.items()} == {
        c: t for c, t in enumerate(want) if t is not None
    }
    assert any(p.stage == "second look" for p in reading.tiles.values())

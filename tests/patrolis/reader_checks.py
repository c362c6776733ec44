"""What the Patrolis reader tests check over and over: a board seen square-on at a given
resolution, and a reading that never guesses."""

from __future__ import annotations

import numpy as np

from companion.patrolis.reading import PatrolisReading
from companion.pose import BoardPose
from patrolkit.games.patrolis import State


def square_on(px_per_mm: float) -> BoardPose:
    """A sheet seen square-on at ``px_per_mm``, its top-left corner at the photo's."""
    to_photo = np.diag([px_per_mm, px_per_mm, 1.0])
    return BoardPose("", to_photo, np.linalg.inv(to_photo), (), (), 0.0)


def reported_cells(reading: PatrolisReading) -> set[int]:
    """The cells the reading reports unreadable."""
    return {u.cell for u in reading.unreadable if u.cell is not None}


def assert_never_guessed(state: State, reading: PatrolisReading) -> None:
    """Every tile of ``state`` is read as it lies (shape, rotation and owner) or its cell is
    reported; no tile is read on a bare cell."""
    reported = reported_cells(reading)
    for cell in state.map.cells:
        tile = state.view.tiles[cell]
        got = reading.tiles.get(cell)
        if tile is not None and got is None:
            assert cell in reported, f"{state.map.name(cell)} was called empty"
        if got is not None and got.tile is not None:
            assert tile is not None, f"a tile was read on bare {state.map.name(cell)}"
            read = (got.tile.shape, got.tile.rotation, got.tile.owner)
            assert read == (tile.shape, tile.rotation, tile.owner), state.map.name(cell)

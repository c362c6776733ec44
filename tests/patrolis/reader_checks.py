"""What the Patrolis reader tests do over and over: a table printed, laid and photographed, then
read; a board seen square-on at a given resolution; a reading that never guesses, or that is
exact."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from companion.camera.patrolis.kit import patrolis_kit_raster
from companion.camera.patrolis.midgame import mid_game
from companion.camera.patrolis.scene import photograph
from companion.patrolis.reader import read_photo
from companion.patrolis.reading import PatrolisReading
from companion.pose import BoardPose
from generator.patrolis.kit import write_kit
from patrolkit.games.patrolis import State


def read_table(
    folder: Path, kit: int, players: int, seed: int, preset: str
) -> tuple[State, PatrolisReading]:
    """The kit of seed ``kit`` for ``players`` written in ``folder``, the mid-game table of
    ``seed`` laid with it and photographed with ``preset``; the table and what was read."""
    write_kit(kit, folder, players=players, force=True)
    state = mid_game(patrolis_kit_raster(folder), seed)
    return state, read_photo(photograph(folder, state, preset=preset, seed=seed).jpeg)


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


def assert_read_exactly(state: State, reading: PatrolisReading) -> None:
    """Nothing is reported unreadable and every tile of ``state`` is read, on its own cell."""
    assert reading.unreadable == ()
    want = state.view.tiles
    assert {c: p.tile for c, p in reading.tiles.items()} == {
        c: t for c, t in enumerate(want) if t is not None
    }


def unread_tiles(state: State, reading: PatrolisReading) -> set[int]:
    """The cells of ``state`` holding a tile the reading did not read."""
    return {c for c, t in enumerate(state.view.tiles) if t is not None} - set(reading.tiles)

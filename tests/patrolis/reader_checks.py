"""What the Patrolis reader tests do over and over: a table printed, laid and photographed (once
a session), then read; a board seen square-on at a given resolution; a reading that never
guesses, or that is exact."""

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
from tests import shared


def read_table(kit: int, players: int, seed: int, preset: str) -> tuple[State, PatrolisReading]:
    """The mid-game table of ``seed`` laid with the kit of seed ``kit`` for ``players`` and
    photographed with ``preset`` (:func:`table_photo`); the table and what was read."""
    state, jpeg = table_photo(kit, players, seed, preset)
    return state, read_photo(jpeg)


def table_photo(kit: int, players: int, seed: int, preset: str) -> tuple[State, bytes]:
    """The mid-game table of ``seed`` laid with the kit of seed ``kit`` for ``players`` and its
    photo with ``preset``, made once for the session's workers."""

    def make(_place: Path) -> tuple[State, bytes]:
        folder = shared_kit(kit, players)
        state = mid_game(patrolis_kit_raster(folder), seed)
        return state, photograph(folder, state, preset=preset, seed=seed).jpeg

    return shared.made_once(f"patrolis-{kit}-{players}p-{seed}-{preset}", make)


def shared_kit(kit: int, players: int) -> Path:
    """The kit of seed ``kit`` for ``players``, written once for the session's workers."""
    with shared.folder(f"patrolis-kit-{kit}-{players}p") as place:
        folder = place / "kit"
        if not (folder / "kit.json").exists():
            write_kit(kit, folder, players=players, force=True)
        return folder


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

"""A bare town is shown bare by its houses, drawn where the map's drawing puts them on its cell;
a tile is never taken for one, on a town or anywhere else."""

from __future__ import annotations

import pytest

from companion.load import load_picture
from companion.patrolis.towns import drawn_as_towns
from patrolkit.games.patrolis import Kind
from patrolkit.games.patrolis.towns import HOUSE_JITTER, HOUSE_SIDE, HOUSE_SPOTS, houses
from tests.patrolis.reader_checks import assert_read_exactly, read_table, table_photo


def test_a_towns_houses_stand_round_its_spots_moved_as_the_maps_code_and_the_cell_say() -> None:
    code = "G0000000ABFFD00ES5PP"
    for cell in range(64):
        town = houses(code, cell)
        assert town == houses(code, cell)
        for house, (u, v) in zip(town, HOUSE_SPOTS, strict=True):
            assert abs(house.x + HOUSE_SIDE / 2 - u) <= HOUSE_JITTER
            assert abs(house.y + HOUSE_SIDE / 2 - v) <= HOUSE_JITTER
    assert houses(code, 8) != houses(code, 9) != houses("G0DL03RITX5CUPX3PAZK", 9)


@pytest.mark.slow
def test_bare_towns_are_shown_bare_by_their_houses() -> None:
    # C8, a bare town under a hard shadow's light: its roofs and outlined walls look like a
    # code's modules to every other test, and it was reported unreadable.
    state, reading = read_table(9303, 4, 71012, "shadow")
    assert_read_exactly(state, reading)


@pytest.mark.slow
def test_a_tile_on_a_town_or_anywhere_is_never_a_towns_picture() -> None:
    # Every cell of a table judged by the town test alone, codes read or not: only the bare
    # towns pass (M14, a town, holds a tile).
    state, jpeg = table_photo(9301, 2, 71001, "shadow")
    reading = read_table(9301, 2, 71001, "shadow")[1]
    game_map = state.map
    towns = {c for c in game_map.cells if game_map.kind_of(c) is Kind.TOWN}
    tiles = {c for c in game_map.cells if state.view.tiles[c] is not None}
    assert towns & tiles
    found = drawn_as_towns(
        load_picture(jpeg).gray, list(reading.sheets), reading.game_map, list(game_map.cells)
    )
    assert found == towns - tiles

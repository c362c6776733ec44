"""A dim room's grain defeats the decoder on a Patrolis tile whose code still shows: the tile is
read by matching its code against every code a kit can print, never as another piece, never a
code read elsewhere on the table, never on a bare cell."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pytest

from companion.load import load_picture
from companion.patrolis.reader import read_photo
from companion.patrolis.reading import PatrolisReading
from companion.patrolis.tilematch import match_cell
from patrolkit.games.patrolis import State
from tests.patrolis.reader_checks import assert_never_guessed, table_photo, unread_tiles

BOTH = frozenset({"step", "objective"})


class Table(NamedTuple):
    state: State
    reading: PatrolisReading
    gray: np.ndarray
    """The photo as taken, in grey."""


@pytest.fixture(scope="module")
def dim_table() -> Table:
    """A ``low-light`` table on which the decoder leaves about thirty tiles unread."""
    state, jpeg = table_photo(9301, 2, 70017, "low-light")
    return Table(state, read_photo(jpeg), load_picture(jpeg).gray)


@pytest.mark.slow
def test_tiles_the_decoder_leaves_unread_are_read_by_their_codes(dim_table: Table) -> None:
    state, reading, _ = dim_table
    assert_never_guessed(state, reading)  # every matched tile as it lies: shape, turn, owner
    assert unread_tiles(state, reading) == set()
    pieces = [*reading.tiles.values(), *reading.objectives.values()]
    matched = [p for p in pieces if p.stage == "matched"]
    assert len(matched) >= 20
    assert reading.passes["matched"] == len(matched)


@pytest.mark.slow
def test_a_code_read_elsewhere_is_never_matched_again(dim_table: Table) -> None:
    _, reading, gray = dim_table
    sheets = list(reading.sheets)
    cell, piece = next((c, p) for c, p in reading.tiles.items() if p.stage == "matched")
    found = match_cell(gray, sheets, reading.game_map, cell, BOTH, set())
    assert found is not None and found.detection.text == piece.payload
    assert match_cell(gray, sheets, reading.game_map, cell, BOTH, {piece.payload}) is None
    assert match_cell(gray, sheets, reading.game_map, cell, frozenset({"objective"}), set()) is None


@pytest.mark.slow
def test_bare_cells_match_no_code(dim_table: Table) -> None:
    state, reading, gray = dim_table
    bare = [c for c in state.map.cells if state.view.tiles[c] is None][::4]
    bare = [c for c in bare if c not in state.view.objectives]
    assert len(bare) >= 30
    for cell in bare:
        assert match_cell(gray, list(reading.sheets), reading.game_map, cell, BOTH, set()) is None

"""A dim room's sensor noise does not hide a Patrolis step tile: where the decoder gives up on a
cell, the tile's code is matched among the kit's, and the table reads exactly. A sheet
whose own corner codes the grain drowns is found where the sheets beside put it, and a tile the
grain leaves unread is reported, never taken for bare ground, on the mountains too."""

from __future__ import annotations

import pytest

from companion.patrolis import reader
from tests.patrolis.reader_checks import (
    assert_never_guessed,
    assert_read_exactly,
    read_table,
    reported_cells,
    unread_tiles,
)

KIT_SEED, PLAYERS = 9301, 2
PHOTO_SEED = 70029
"""A ``low-light`` table where no decoder step reads one tile (A11)."""


@pytest.mark.slow
def test_a_noisy_dim_table_reads_every_tile() -> None:
    state, reading = read_table(KIT_SEED, PLAYERS, PHOTO_SEED, "low-light")
    assert_read_exactly(state, reading)
    assert any(p.stage == "matched" for p in reading.tiles.values())


@pytest.mark.slow
def test_a_sheet_whose_own_codes_the_grain_drowns_is_found_beside_the_others() -> None:
    # Sheet NW's corner codes do not read on this table: it was refused as not whole.
    state, reading = read_table(9303, 4, 70004, "low-light")
    assert_read_exactly(state, reading)


@pytest.mark.slow
def test_tiles_the_grain_leaves_unread_are_reported_not_taken_for_bare_cells(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # So many water tiles stay undecoded that the median of the water cells without a code is a
    # tile's picture: three tiles were once found bare by likeness to it. Matching reads them
    # all (test_reader_matched.py); without it, they are reported.
    monkeypatch.setattr(reader, "match_cell", lambda *_args: None)
    state, reading = read_table(9301, 2, 70017, "low-light")
    assert_never_guessed(state, reading)
    unread = unread_tiles(state, reading)
    assert unread and unread <= reported_cells(reading)


@pytest.mark.slow
def test_mountain_tiles_the_grain_leaves_unread_are_never_taken_for_bare_mountains() -> None:
    # Mountains' drawn peaks leave few of their bare cells shown bare by their own looks, so
    # their typical bare cell was the median of all the mountain cells without a code, unread
    # tiles among them: on this dim table D9, E9 and E12 correlated with it at 0.50 to 0.55 and
    # were called empty. Their typical is now made of the cells shown bare, as for the other
    # classes, then, once the mountain tiles are matched, of the mountain cells still without a
    # code: the three are matched or reported.
    state, reading = read_table(9301, 2, 71010, "low-light")
    assert_never_guessed(state, reading)

"""An out-of-focus Patrolis table: its blur is divided out to read the codes, and a tile left
unread in the sharpened photo is reported, never taken for bare ground because it looks like its
terrain's bare cells (that likeness is measured on sharp photos only); nor said to be hidden by
glare when the sharpening, not the light, turned it white."""

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


@pytest.mark.slow
def test_a_sharpened_photo_reports_the_tiles_it_cannot_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Three tiles were once found bare here by their likeness to their class's bare cells.
    # Matching now reads every tile of this table; without it, those it cannot read are
    # reported.
    monkeypatch.setattr(reader, "match_cell", lambda *_args: None)
    state, reading = read_table(9302, 3, 70027, "defocus")
    assert_never_guessed(state, reading)
    unread = unread_tiles(state, reading)
    assert unread and unread <= reported_cells(reading)


@pytest.mark.slow
def test_a_sharpened_photo_reads_by_matching_the_tiles_the_decoder_cannot() -> None:
    state, reading = read_table(9302, 3, 70027, "defocus")
    assert_never_guessed(state, reading)
    assert unread_tiles(state, reading) == set()
    assert any(p.stage == "matched" for p in reading.tiles.values())


@pytest.mark.slow
def test_a_shaken_photo_never_blames_glare_for_what_the_sharpening_whitened() -> None:
    # Seven cells were once reported "Glare hides ...": the blur divided out overshoots white
    # paper and a code's light modules to the top grey level, as a glare spot does. Since bare
    # cells are shown bare evened either way, the table reads exactly.
    state, reading = read_table(9302, 3, 70015, "motion")
    assert_read_exactly(state, reading)


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "seed"), [("motion", 70014), ("defocus", 70008)])
def test_a_sheet_with_one_corner_code_read_is_found_round_it(preset: str, seed: int) -> None:
    # A sheet shows one corner code. Shaken (70014): as a free homography its four corners put
    # the sheet's other codes out of reach, and the board was refused as not whole; seen through
    # a phone's camera, they place the sheet. Out of focus (70008): neither of the camera's two
    # poses finds a second code, and the free homography still does, as it did before.
    state, reading = read_table(9301, 2, seed, preset)
    assert len(reading.sheets) == 4
    assert_never_guessed(state, reading)


@pytest.mark.slow
def test_a_loop_whose_start_a_crossing_cut_away_is_never_called_empty() -> None:
    # Seven tiles round a crossing laid over its own track, none pointed at by a tile read:
    # once every tile round them was matched, the rules were taken to rule steps out there and
    # the seven cells were called empty. They are read now, or reported.
    state, reading = read_table(9303, 4, 70011, "defocus")
    assert_never_guessed(state, reading)

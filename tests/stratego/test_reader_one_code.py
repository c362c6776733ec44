"""A shaken Stratego board two of whose sheets show one corner code each after sharpening: each
sheet is placed round its one code as a phone's camera sees it, and a corner code matched off
round that first pose is looked for again round the pose the sheet's other codes agree on, so
every piece is read where it stands (the referee holding both armies' secrets, as it does)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.camera.stratego.kit import read_secrets, stratego_kit_raster
from companion.camera.stratego.positions import mid_game
from companion.camera.stratego.scene import photograph
from companion.stratego.piecematch import printed_kit
from companion.stratego.reader import read_photo
from tests.stratego.kits import seeded_kit

pytestmark = pytest.mark.slow


def test_sheets_found_from_one_code_each_are_read_whole(tmp_path: Path) -> None:
    seeded_kit(tmp_path, 7102, kit_seed=7102)  # the benchmark's second kit
    state = mid_game(stratego_kit_raster(tmp_path).secrets, 70039)
    photo = photograph(tmp_path, state, preset="motion", seed=70039).jpeg
    reading = read_photo(photo, printed=printed_kit(read_secrets(tmp_path)))
    assert reading.unreadable == ()
    for sheet in reading.sheets:
        assert len(sheet.pose.seen) == 3 and sheet.pose.set_aside == ()
    for sq, piece in enumerate(state.cells):
        got = reading.pieces.get(sq)
        assert (got is None) == (piece is None)
        if got is not None and piece is not None:
            assert (got.army, got.id) == (piece.army, piece.id)

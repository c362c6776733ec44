"""A shaken photo in which the decoder reads one corner code, even with the blur read on the
paper's edges divided out: the referee, who knows the kit from both armies' secrets, finds the
board by its paper's outline and matches the corner codes and the pieces where it puts them —
and without the secrets the photo is refused.

The photo's spectrum names this streak well enough for the codes to read (and the board to be
found without the secrets); here it is left out, as it is when it names no streak that lets a
code read (a streak bent along its path). The one corner code read also places its sheet as a
phone's camera sees it, and the other sheets round it, without the secrets; that is left out too
(as when the paper's curl keeps the camera's poses from finding a second code), so that the
outline is what finds the board. Each is then put back, and finds the board on its own."""

from __future__ import annotations

from pathlib import Path

import pytest

import companion.deblur as deblur
import companion.sheets as sheets
from companion.camera.stratego.kit import read_secrets, stratego_kit_raster
from companion.camera.stratego.positions import setup_position
from companion.camera.stratego.scene import photograph
from companion.pose import seen_flat
from companion.stratego.piecematch import printed_kit
from companion.stratego.reader import read_photo
from patrolkit.errors import PhotoError
from patrolkit.games.stratego import State
from tests.stratego.kits import seeded_kit

pytestmark = pytest.mark.slow

SEED = 2
"""A setup whose ``motion`` photo leaves all corner codes but one unread."""


@pytest.fixture(scope="module")
def kit_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return seeded_kit(tmp_path_factory.mktemp("stratego-kit"), 23)


@pytest.fixture(autouse=True)
def no_spectrum_nor_camera_poses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deblur, "blurs_from_spectrum", lambda _gray: [])
    monkeypatch.setattr(sheets, "seen_flat", lambda _plane, _photo, _size: [])


@pytest.fixture(scope="module")
def table(kit_dir: Path) -> tuple[State, bytes]:
    state = setup_position(stratego_kit_raster(kit_dir).secrets, SEED)
    return state, photograph(kit_dir, state, preset="motion", seed=SEED).jpeg


def test_without_the_secrets_the_shaken_photo_is_refused(
    table: tuple[State, bytes],
) -> None:
    with pytest.raises(PhotoError, match="fewer than two of its corner codes could be read"):
        read_photo(table[1])


def test_the_secrets_find_the_board_by_its_outline_and_read_every_piece(
    kit_dir: Path, table: tuple[State, bytes]
) -> None:
    state, jpeg = table
    reading = read_photo(jpeg, printed=printed_kit(read_secrets(kit_dir)))

    assert reading.unreadable == ()
    standing = {sq: piece for sq, piece in enumerate(state.cells) if piece is not None}
    assert {sq: (p.army, p.id) for sq, p in reading.pieces.items()} == {
        sq: (p.army, p.id) for sq, p in standing.items()
    }


def test_with_one_codes_camera_poses_the_board_is_found_without_the_secrets(
    table: tuple[State, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sheets, "seen_flat", seen_flat)  # the camera's poses back
    state, jpeg = table
    reading = read_photo(jpeg)
    assert len(reading.sheets) == 4
    reported = {sq for u in reading.unreadable for sq in u.cells}
    for sq, piece in enumerate(state.cells):
        got = reading.pieces.get(sq)
        if got is not None:
            assert piece is not None and (got.army, got.id) == (piece.army, piece.id)
        elif piece is not None:
            assert sq in reported  # a piece whose code does not read without the secrets


def test_with_its_spectrum_read_the_shaken_photo_needs_no_secrets(
    table: tuple[State, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.undo()  # the spectrum and the camera's poses back
    state, jpeg = table
    reading = read_photo(jpeg)
    assert reading.unreadable == ()
    standing = {sq: piece for sq, piece in enumerate(state.cells) if piece is not None}
    assert {sq: (p.army, p.id) for sq, p in reading.pieces.items()} == {
        sq: (p.army, p.id) for sq, p in standing.items()
    }

"""Stratego photos degraded as real phones degrade them: a piece whose code a glare spot hides,
or which missed focus blurs past reading, is reported where it stands — never called an empty
cell; a photo out of focus or shaken is read whole once its blur is divided out, and its
sharpened white is never taken for glare; under a hard shadow every piece reads and no bare cell
is taken for one."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

import companion.stratego.reader as stratego_reader
from companion.camera.photo import write_photo
from companion.camera.stratego.kit import stratego_kit_raster
from companion.camera.stratego.positions import mid_game
from companion.camera.stratego.scene import photograph
from companion.deblur import FirstPass
from companion.stratego.reader import read_photo
from patrolkit.games.stratego import SQUARES, State, square_name
from tests.photo_damage import glare_over, save
from tests.stratego.kits import seeded_kit

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def kit_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return seeded_kit(tmp_path_factory.mktemp("stratego-kit"), 23)


@pytest.fixture(scope="module")
def later(kit_dir: Path) -> State:
    return mid_game(stratego_kit_raster(kit_dir).secrets, 5, moves=40)


def _never_empty_where_a_piece_stands(state: State, photo: Path) -> tuple[int, int]:
    """Every piece of ``state`` read as itself or reported where it stands; (read, reported)."""
    reading = read_photo(photo)
    reported = {u.sq for u in reading.unreadable if u.sq is not None}
    read = 0
    for sq in range(SQUARES):
        piece, got = state.cells[sq], reading.pieces.get(sq)
        if got is not None:
            assert piece is not None, f"{square_name(sq)} is empty but read as a piece"
            assert (got.army, got.id) == (piece.army, piece.id)
            read += 1
        elif piece is not None:
            assert sq in reported, f"the piece on {square_name(sq)} was called empty"
    return read, len(reported)


def test_a_piece_under_a_glare_spot_is_reported_glare_hides_it(
    kit_dir: Path, later: State, tmp_path: Path
) -> None:
    photo = photograph(kit_dir, later, preset="phone", seed=5)
    write_photo(photo, tmp_path / "phone.jpg")
    hidden = photo.truth["pieces"][4]
    image = glare_over(cv2.imread(str(tmp_path / "phone.jpg")), hidden["code_corners_px"])
    glared = save(image, tmp_path / "glare.jpg")
    _never_empty_where_a_piece_stands(later, glared)
    reading = read_photo(glared)
    why = [
        u.reason
        for u in reading.unreadable
        if u.sq is not None and square_name(u.sq) == hidden["cell"]
    ]
    assert why and why[0].startswith(f"Glare hides {hidden['cell']}")


@pytest.mark.parametrize("seed", [70018, 71003])
def test_a_photo_out_of_focus_reports_the_pieces_it_cannot_read(
    kit_dir: Path, later: State, tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Missed focus (a blur disc of 3 to 6 px at 12 MP), read as it is (the blur not divided
    # out): the board's corner codes still read, a fifth of the pieces' codes do not; their
    # cells show no sharp edge, only darkness.
    monkeypatch.setattr(
        stratego_reader,
        "first_pass",
        lambda gray, reader, _image: FirstPass(gray, reader.read(gray)),
    )
    write_photo(photograph(kit_dir, later, preset="defocus", seed=seed), tmp_path / "blur.jpg")
    read, reported = _never_empty_where_a_piece_stands(later, tmp_path / "blur.jpg")
    assert read > 40 and reported > 5


@pytest.mark.parametrize(("preset", "seed"), [("defocus", 70018), ("motion", 70006)])
def test_a_blurred_photo_is_sharpened_and_every_piece_read(
    kit_dir: Path, later: State, tmp_path: Path, preset: str, seed: int
) -> None:
    # The out-of-focus photo above with its blur divided out before the codes are read: every
    # piece reads. The shaken one (a 9.6 px streak) shows one code read and 36 located, yet no
    # blur of the bank lets one of them read; the photo's spectrum names the streak.
    write_photo(photograph(kit_dir, later, preset=preset, seed=seed), tmp_path / "blur.jpg")
    read, reported = _never_empty_where_a_piece_stands(later, tmp_path / "blur.jpg")
    assert reported == 0
    assert read == sum(piece is not None for piece in later.cells)


def test_a_sharpened_photo_never_says_glare_where_there_is_none(
    kit_dir: Path, later: State, tmp_path: Path
) -> None:
    # Out of focus, no glare spot: divided out, the blur overshoots a piece's white top to 255,
    # as glare would blow it out; the photo as taken does not.
    write_photo(photograph(kit_dir, later, preset="defocus", seed=70001), tmp_path / "blur.jpg")
    reading = read_photo(tmp_path / "blur.jpg")
    assert reading.unreadable  # the pieces it cannot read are reported ...
    assert not [u for u in reading.unreadable if u.reason.startswith("Glare")]  # ... not as glare


@pytest.mark.parametrize("seed", [1, 3, 8])
def test_a_hard_shadow_hides_no_piece_and_makes_none_up(
    kit_dir: Path, later: State, tmp_path: Path, seed: int
) -> None:
    # Seed 8's shadow crosses eight pieces' codes, read once their light is evened out; seed 1's
    # crosses the middle of a bare cell, once reported as holding a piece; seed 3's darkens a4,
    # bare, as dark as a code until its light is evened out.
    write_photo(photograph(kit_dir, later, preset="shadow", seed=seed), tmp_path / "shadow.jpg")
    read, reported = _never_empty_where_a_piece_stands(later, tmp_path / "shadow.jpg")
    assert reported == 0
    assert read == sum(piece is not None for piece in later.cells)


def test_a_dim_noisy_photo_reads_every_piece(kit_dir: Path, later: State, tmp_path: Path) -> None:
    # Seed 3's low light leaves three far pieces' codes to the noise, read once enlarged and
    # smoothed.
    write_photo(photograph(kit_dir, later, preset="low-light", seed=3), tmp_path / "dim.jpg")
    read, reported = _never_empty_where_a_piece_stands(later, tmp_path / "dim.jpg")
    assert reported == 0
    assert read == sum(piece is not None for piece in later.cells)

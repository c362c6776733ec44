"""A shaken or out-of-focus grand jeu photo: no corner code reads as it is, its blur is read on
the photo's spectrum and divided out, its codes read (at twice the size, they are small) and
every scout is read, even with one corner code read; a sharpened photo's overshoot is never taken
for glare."""

from __future__ import annotations

import pytest

from companion.camera.grand_jeu.scene import photograph
from companion.grand_jeu.reader import read_photo
from tests.grand_jeu.photos import assert_read_as, before_state, kit_dir

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(("preset", "seed"), [("motion", 2), ("motion", 7), ("defocus", 8)])
def test_a_blurred_photo_is_sharpened_by_its_spectrum_and_every_scout_read(
    preset: str, seed: int
) -> None:
    # Each was refused before the spectrum: no corner code read, and the paper's rim named no
    # blur that let one read.
    state = before_state()
    reading = read_photo(photograph(kit_dir(), state, preset=preset, seed=seed).jpeg)
    assert_read_as(reading, state)


@pytest.mark.parametrize(("preset", "seed"), [("motion", 13), ("defocus", 13)])
def test_a_sharpened_photo_is_not_said_to_be_under_glare(preset: str, seed: int) -> None:
    # No glare spot: divided out, the blur overshoots the white paper of three and seven cells
    # to 255, once reported as hidden by glare; the photo as taken shows what lies there.
    state = before_state()
    reading = read_photo(photograph(kit_dir(), state, preset=preset, seed=seed).jpeg)
    assert not [u for u in reading.unreadable if u.reason.startswith("Glare")]
    assert_read_as(reading, state)


@pytest.mark.parametrize("seed", [16, 20])
def test_a_board_with_one_corner_code_read_is_found_round_it(seed: int) -> None:
    # One corner code read after sharpening: its four corners as a free homography put the
    # sheet's other corner codes out of reach, and the board was refused as not whole. Seen
    # through a phone's camera, they place the sheet, and every scout is read.
    state = before_state()
    reading = read_photo(photograph(kit_dir(), state, preset="motion", seed=seed).jpeg)
    assert_read_as(reading, state)

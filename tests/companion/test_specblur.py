"""A photo's blur read on its spectrum, with no code nor edge to read it on: a shaken hand's
streak by its length and direction (not its mirror image), a missed focus's disc by its radius;
and a first pass that reads, after dividing that blur out, codes it could not even locate."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.camera.blur import disc_kernel, motion_kernel
from companion.deblur import first_pass
from companion.decode import decoder_named
from companion.specblur import blurs_from_spectrum
from tests.companion.drawn import qr_code, texts_read

TEXTS = tuple(f"PK1:RD:P:{colour}{n:02d}" for colour in "RGBY" for n in range(1, 5))


def _page(module_px: int = 4) -> np.ndarray:
    """Sixteen codes on a printed board in a 4 x 4 grid, filling a 12 MP photo's middle: the
    board's print a grain of grey blots a few pixels across, as wood, card and ink show."""
    grain = np.random.default_rng(7).normal(0, 1, (3000, 4000)).astype(np.float32)
    page = np.clip(170 + 40 * cv2.GaussianBlur(grain, (0, 0), 1.5) / 0.19, 0, 255)
    page = page.astype(np.uint8)
    for k, text in enumerate(TEXTS):
        code = np.minimum(qr_code(text, module_px), 235) + 10
        y, x = 500 + (k // 4) * 520, 800 + (k % 4) * 640
        page[y : y + code.shape[0], x : x + code.shape[1]] = code
    return page


def _shot(page: np.ndarray, kernel: np.ndarray, seed: int = 0) -> np.ndarray:
    """``page`` smeared by ``kernel`` (the virtual camera's own), with a little sensor noise."""
    smeared = cv2.filter2D(page.astype(np.float32), -1, kernel)
    noise = np.random.default_rng(seed).normal(0, 1.5, page.shape)
    return np.clip(smeared + noise, 0, 255).astype(np.uint8)


@pytest.mark.parametrize(("length", "angle", "bend"), [(9.0, 30.0, 0.05), (13.0, 160.0, -0.1)])
def test_a_shaken_hand_is_read_as_its_streak_not_its_mirror(
    length: float, angle: float, bend: float
) -> None:
    streak, _disc = blurs_from_spectrum(_shot(_page(), motion_kernel(length, angle, bend)))
    assert streak.kind == "motion"
    assert abs(streak.size_px - length) <= 1.0
    turn = abs(streak.angle_deg - angle) % 180
    assert min(turn, 180 - turn) <= 6.0


@pytest.mark.parametrize("radius", [3.5, 5.5])
def test_a_missed_focus_is_read_as_a_disc_of_its_radius(radius: float) -> None:
    found = blurs_from_spectrum(_shot(_page(), disc_kernel(radius)))
    assert found[0].kind == "defocus"
    assert abs(found[0].size_px - radius) <= 0.5


def test_a_patch_too_small_for_the_spectrum_says_nothing() -> None:
    assert blurs_from_spectrum(np.full((300, 400), 200, np.uint8)) == []


def test_codes_too_smeared_to_be_located_are_read_once_the_streak_is_divided_out() -> None:
    photo = _shot(_page(module_px=6), motion_kernel(14.0, 125.0, 0.08))
    scan = decoder_named("zxing").scan(photo)
    assert not scan.codes and not scan.located
    scanned = first_pass(photo, decoder_named("zxing"))
    assert scanned.blur is not None and scanned.blur.kind == "motion"
    read = [d.text for d in scanned.codes]
    assert len(read) >= 12 and set(read) <= set(TEXTS)  # most read, none taken for another
    assert texts_read(scanned.gray) == set(read)


def test_small_codes_are_read_at_twice_the_size_once_the_streak_is_divided_out() -> None:
    # Three pixels a module: sharpened, the codes are still too small for the decoder's grid.
    photo = _shot(_page(module_px=3), motion_kernel(10.0, 60.0, 0.05))
    scanned = first_pass(photo, decoder_named("zxing"))
    assert scanned.blur is not None and texts_read(scanned.gray) == set()
    assert sorted(d.text for d in scanned.codes) == sorted(TEXTS)


def test_a_larger_photo_is_looked_at_for_a_streak_as_long_as_its_side_makes_it() -> None:
    # 48 MP: a 12 MP photo's 13 px streak is 26 px long, past the 22 px looked for at 12 MP.
    page = cv2.resize(_page(), None, fx=2.0, fy=2.0, interpolation=cv2.INTER_NEAREST)
    streak = blurs_from_spectrum(_shot(page, motion_kernel(26.0, 70.0, 0.05)))[0]
    assert streak.kind == "motion" and abs(streak.size_px - 26.0) <= 2.0
    turn = abs(streak.angle_deg - 70.0) % 180
    assert min(turn, 180 - turn) <= 6.0

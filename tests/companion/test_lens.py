"""A wide-angle lens found from codes lying flat, and taken out of the photo."""

from __future__ import annotations

import cv2
import numpy as np

from companion.lens import Lens, lens_of
from companion.twelve_patrols.geometry import apply, card_code_corners, fit_table

WIDTH, HEIGHT = 4000, 3000


def _error(codes: list[np.ndarray]) -> float:
    return fit_table(codes).error_px


def _cards(lens: Lens | None, count: int = 9) -> list[np.ndarray]:
    """The codes of ``count`` cards of a 3 x 3 kingdom (95 x 120 mm apart), seen at an angle
    and through ``lens``."""
    to_photo = np.array([[7.0, 0.8, 1000.0], [-0.4, 6.6, 350.0], [0.00005, 0.0001, 1.0]])
    codes = []
    for k in range(count):
        r, c = divmod(k, 3)
        turn = np.radians(3.0 * (k % 4) - 4.0)
        pose = np.array(
            [
                [np.cos(turn), -np.sin(turn), c * 95.0],
                [np.sin(turn), np.cos(turn), r * 120.0],
                [0, 0, 1.0],
            ]
        )
        seen = apply(to_photo @ pose, card_code_corners())
        codes.append(seen if lens is None else lens.bend(seen))
    return codes


def test_straightening_undoes_the_lens_everywhere_in_the_photo() -> None:
    lens = Lens.of(-0.15, WIDTH, HEIGHT)
    points = np.array([[0.0, 0.0], [WIDTH - 1, HEIGHT - 1], [2000.0, 1500.0], [3100.0, 400.0]])
    assert np.abs(lens.bend(lens.straighten(points)) - points).max() < 1e-6
    # a barrel lens shows the corners nearer the middle than a perfect lens would
    corner = lens.straighten(points[:1])[0]
    assert corner[0] < 0 and corner[1] < 0


def test_a_straightened_image_is_what_a_perfect_lens_shows() -> None:
    width, height = 400, 300
    lens = Lens.of(-0.15, width, height)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float64)
    straight = (127 + 100 * np.sin(xs / 9.0) * np.cos(ys / 13.0)).astype(np.float32)
    bent_from = lens.straighten(np.c_[xs.ravel(), ys.ravel()]).reshape(height, width, 2)
    bent = cv2.remap(
        straight, bent_from[..., 0].astype(np.float32), bent_from[..., 1].astype(np.float32), 1
    )
    inner = (slice(20, -20), slice(20, -20))
    back = lens.straighten_image(bent)
    assert np.abs(back - straight)[inner].mean() < 1.0
    assert np.abs(bent - straight)[inner].mean() > 10.0


def test_the_lens_is_found_from_flat_codes_of_one_size() -> None:
    for k in (-0.08, -0.11, -0.15):
        found = lens_of(_cards(Lens.of(k, WIDTH, HEIGHT)), WIDTH, HEIGHT, _error)
        assert found is not None and abs(found.k - k) <= 0.02, k


def test_a_perfect_lens_or_too_few_codes_leave_the_photo_as_it_is() -> None:
    assert lens_of(_cards(None), WIDTH, HEIGHT, _error) is None
    bent = _cards(Lens.of(-0.12, WIDTH, HEIGHT), count=2)
    assert lens_of(bent, WIDTH, HEIGHT, _error) is None

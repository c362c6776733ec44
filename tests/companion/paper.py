"""A board's paper drawn as a phone sees it, for the outline and edge-blur tests."""

from __future__ import annotations

import cv2
import numpy as np

from companion.pose import FOCAL_OVER_WIDTH

SIZE = (1600, 1200)
RIM = np.array([[0.0, 0.0], [356.0, 0.0], [356.0, 356.0], [0.0, 356.0]])
"""A Stratego board's paper (mm)."""


def seen(tilt_deg: float, turn_deg: float) -> np.ndarray:
    """Where a phone camera 700 mm away, tilted ``tilt_deg`` and turned ``turn_deg``, sees
    ``RIM``'s corners (px)."""
    width, height = SIZE
    focal = FOCAL_OVER_WIDTH * width
    camera = np.array([[focal, 0, width / 2], [0, focal, height / 2], [0, 0, 1.0]])
    tilt, turn = np.radians(tilt_deg), np.radians(turn_deg)
    spin = np.array([[np.cos(turn), -np.sin(turn), 0], [np.sin(turn), np.cos(turn), 0], [0, 0, 1]])
    lean = np.array([[1, 0, 0], [0, np.cos(tilt), -np.sin(tilt)], [0, np.sin(tilt), np.cos(tilt)]])
    rotation = lean @ spin
    centred = np.c_[RIM - 178.0, np.zeros(4)]
    points = centred @ rotation.T + [0.0, 0.0, 700.0]
    pixels = points @ camera.T
    return pixels[:, :2] / pixels[:, 2:]


def photo(corners: np.ndarray, streak_px: int = 15) -> np.ndarray:
    """White paper with dark squares (pieces) on a brown, unevenly lit table, shaken by a
    horizontal streak of ``streak_px`` (none: 0)."""
    width, height = SIZE
    rng = np.random.default_rng(3)
    light = np.linspace(0.7, 1.1, width)[None, :, None]
    table = np.clip(
        (np.array([60, 90, 140]) + rng.normal(0, 12, (height, width, 3))) * light, 0, 255
    )
    image = table.astype(np.uint8)
    cv2.fillConvexPoly(image, corners.astype(np.int32), (235, 238, 236))
    to_photo = cv2.getPerspectiveTransform(RIM.astype(np.float32), corners.astype(np.float32))
    for x in range(60, 300, 45):
        for y in range(60, 140, 45):
            square = np.array([[x, y], [x + 30, y], [x + 30, y + 30], [x, y + 30]], np.float32)
            seen = cv2.perspectiveTransform(square[None], to_photo)[0]
            cv2.fillConvexPoly(image, seen.astype(np.int32), (40, 40, 160))
    if not streak_px:
        return image
    streak = np.zeros((streak_px, streak_px), np.float32)
    streak[streak_px // 2, :] = 1 / streak_px
    return np.asarray(cv2.filter2D(image, -1, streak))

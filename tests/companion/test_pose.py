"""One code's four corners place the whole sheet round it when the plane is seen through a
phone's camera: the far corners of the sheet land within the window where the second look
searches for the other corner codes, where a free homography of the same corners misses them."""

from __future__ import annotations

import cv2
import numpy as np

from companion.pose import apply, phone_camera, seen_flat
from companion.sheets import LOOK_MM

SIZE = (4000, 3000)
CODE = np.array([[0.0, 0.0], [17.5, 0.0], [17.5, 17.5], [0.0, 17.5]])
"""A grand jeu corner code (25 modules of 0.7 mm), at the sheet's top-left."""
FAR = np.array([[190.0, 0.0], [190.0, 260.0], [0.0, 260.0]])
"""Where the sheet's other corner codes lie (mm)."""


def _table(tilt_deg: float, turn_deg: float) -> np.ndarray:
    """The homography of a sheet 50 cm from the phone, tilted and turned, at about 6 px/mm."""
    tilt, _ = cv2.Rodrigues(np.array([np.radians(tilt_deg), 0.0, 0.0]))
    turn, _ = cv2.Rodrigues(np.array([0.0, 0.0, np.radians(turn_deg)]))
    rotation = tilt @ turn
    transform = phone_camera(*SIZE) @ np.column_stack(
        [rotation[:, 0], rotation[:, 1], [-100.0, -130.0, 500.0]]
    )
    return transform / transform[2, 2]


def _miss_mm(truth: np.ndarray, pose: np.ndarray) -> float:
    """How far (mm on the sheet) ``pose`` puts the far codes from where they lie."""
    back = apply(np.linalg.inv(truth), apply(pose, FAR))
    return float(np.linalg.norm(back - FAR, axis=1).max())


def test_a_code_seen_exactly_gives_its_sheets_pose_exactly() -> None:
    truth = _table(30.0, 20.0)
    poses = seen_flat(CODE, apply(truth, CODE), SIZE)
    assert poses and _miss_mm(truth, poses[0]) < 1e-6


def test_one_codes_corners_put_the_far_codes_where_the_second_look_searches() -> None:
    rng = np.random.default_rng(7)
    found_flat = found_free = tries = 0
    for tilt in (5.0, 25.0, 40.0):
        truth = _table(tilt, 20.0)
        for _ in range(100):  # corners read to 0.4 px, as on a noisy photo
            seen = apply(truth, CODE) + rng.normal(0.0, 0.4, (4, 2))
            poses = seen_flat(CODE, seen, SIZE)
            free = cv2.getPerspectiveTransform(CODE.astype(np.float32), seen.astype(np.float32))
            found_flat += min(_miss_mm(truth, p) for p in poses) < LOOK_MM
            found_free += _miss_mm(truth, free) < LOOK_MM
            tries += 1
    assert found_flat >= 0.95 * tries
    assert found_free <= 0.2 * tries
